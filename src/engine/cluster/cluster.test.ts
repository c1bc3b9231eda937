/**
 * Tests for the cluster record's cached fields: `lifecyclePolicyName`, `originationDate` and the skip
 * flag read values the settings map keeps in step with every write; new records start with empty
 * scheduling state; the change log gives each changed record once, in the order of its first change.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import {
  addIndex,
  ChangeLog,
  createCluster,
  deleteIndex,
  lifecyclePolicyName,
  originationDate,
  recordRollover,
  removeAlias,
  setAlias,
  SETTING_LIFECYCLE_NAME,
  SETTING_LIFECYCLE_SKIP,
  SETTING_ORIGINATION_DATE,
  touch,
} from './cluster';

function cluster() {
  let n = 0;
  return createCluster(() => `uuid-${n++}`);
}

describe('lifecyclePolicyName follows the settings map', () => {
  it('is read from the settings the index was created with, in their order', () => {
    const c = cluster();
    const index = addIndex(
      c,
      'a',
      0,
      new Map([
        ['index.number_of_shards', '2'],
        [SETTING_LIFECYCLE_NAME, 'p'],
      ]),
    );
    expect(lifecyclePolicyName(index)).to.equal('p');
    expect([...index.settings.keys()]).to.deep.equal(['index.number_of_shards', SETTING_LIFECYCLE_NAME]);
  });

  it('changes with set, delete and clear, and treats "" as unset', () => {
    const index = addIndex(cluster(), 'a', 0, new Map());
    expect(lifecyclePolicyName(index)).to.equal(null);
    index.settings.set(SETTING_LIFECYCLE_NAME, 'q');
    expect(lifecyclePolicyName(index)).to.equal('q');
    index.settings.set(SETTING_LIFECYCLE_NAME, '');
    expect(lifecyclePolicyName(index)).to.equal(null);
    index.settings.set(SETTING_LIFECYCLE_NAME, 'r');
    index.settings.delete(SETTING_LIFECYCLE_NAME);
    expect(lifecyclePolicyName(index)).to.equal(null);
    index.settings.set(SETTING_LIFECYCLE_NAME, 's');
    index.settings.set('index.other', 'x');
    expect(lifecyclePolicyName(index)).to.equal('s');
    index.settings.clear();
    expect(lifecyclePolicyName(index)).to.equal(null);
  });

  it('keeps the origination date and the skip flag in step too', () => {
    const index = addIndex(cluster(), 'a', 0, new Map([[SETTING_ORIGINATION_DATE, '1700000000000']]));
    expect(originationDate(index)).to.equal(1700000000000);
    index.settings.set(SETTING_ORIGINATION_DATE, '-1');
    expect(originationDate(index)).to.equal(null);
    index.settings.set(SETTING_ORIGINATION_DATE, '5');
    index.settings.delete(SETTING_ORIGINATION_DATE);
    expect(originationDate(index)).to.equal(null);
    expect(index.settings.lifecycleSkip).to.equal(false);
    index.settings.set(SETTING_LIFECYCLE_SKIP, 'true');
    expect(index.settings.lifecycleSkip).to.equal(true);
    index.settings.set(SETTING_LIFECYCLE_SKIP, 'false');
    expect(index.settings.lifecycleSkip).to.equal(false);
    index.settings.set(SETTING_LIFECYCLE_SKIP, 'true');
    index.settings.set(SETTING_ORIGINATION_DATE, '7');
    index.settings.clear();
    expect([index.settings.lifecycleSkip, originationDate(index)]).to.deep.equal([false, null]);
  });

  it('is still a Map: copies made from it are plain maps with the same entries', () => {
    const index = addIndex(cluster(), 'a', 0, new Map([[SETTING_LIFECYCLE_NAME, 'p']]));
    expect(index.settings).to.be.instanceOf(Map);
    expect(new Map(index.settings)).to.deep.equal(new Map([[SETTING_LIFECYCLE_NAME, 'p']]));
  });

  it('bumps its routing version only on writes of what shard placement reads', () => {
    const { settings } = addIndex(cluster(), 'a', 0, new Map([[SETTING_LIFECYCLE_NAME, 'p']]));
    const routing = () => settings.routingVersion;
    const before = routing();
    settings.set('index.priority', '50');
    settings.set(SETTING_LIFECYCLE_NAME, 'q');
    settings.delete('index.priority');
    expect(routing()).to.equal(before);
    for (const key of [
      'index.routing.allocation.include._tier_preference',
      'index.routing.allocation.require.box_type',
      'index.routing.allocation.total_shards_per_node',
      'index.number_of_shards',
      'index.number_of_replicas',
      'index.store.snapshot.partial',
    ]) {
      const was = routing();
      settings.set(key, '1');
      expect(routing(), `set ${key}`).to.be.above(was);
      const set = routing();
      settings.delete(key);
      expect(routing(), `delete ${key}`).to.be.above(set);
    }
    const was = routing();
    settings.clear();
    expect(routing()).to.be.above(was);
  });
});

describe('scheduling state on a new index record', () => {
  it('starts unplanned with nothing pending, and in the change log (its creation is a change)', () => {
    const index = addIndex(cluster(), 'a', 0, new Map());
    const { pending, planned, inPoll, inClusterChange, watching, changed } = index;
    expect({ pending, planned, inPoll, inClusterChange, watching, changed }).to.deep.equal({
      pending: null,
      planned: false,
      inPoll: false,
      inClusterChange: false,
      watching: false,
      changed: true,
    });
    expect(index.removed).to.equal(false);
  });
});

/** Takes every record left in the log, then every record-less name, as `take`/`takeName` give them. */
function drain(log: ChangeLog): string[] {
  const out: string[] = [];
  for (let index = log.take(); index !== undefined; index = log.take()) out.push(`${index.name}${index.removed ? ' (deleted)' : ''}`);
  for (let name = log.takeName(); name !== undefined; name = log.takeName()) out.push(`name ${name}`);
  return out;
}

describe('the change log', () => {
  it('gives each changed record once, in the order of its first change, and is empty after', () => {
    const c = cluster();
    const a = addIndex(c, 'a', 0, new Map());
    const b = addIndex(c, 'b', 0, new Map());
    touch(a);
    touch(b);
    touch(a);
    expect(c.changed.size).to.be.greaterThan(0);
    expect(drain(c.changed)).to.deep.equal(['a', 'b']);
    expect(c.changed.size).to.equal(0);
    expect([a.changed, b.changed]).to.deep.equal([false, false]);
    touch(b);
    touch(a);
    expect(drain(c.changed)).to.deep.equal(['b', 'a']);
  });

  it('keeps a deleted record (flagged as removed) and a deleted name that had no record', () => {
    const c = cluster();
    const a = addIndex(c, 'a', 0, new Map());
    drain(c.changed);
    deleteIndex(c, 'a');
    deleteIndex(c, 'never-existed');
    expect(a.removed).to.equal(true);
    expect(c.indices.has('a')).to.equal(false);
    expect(drain(c.changed)).to.deep.equal(['a (deleted)', 'name never-existed']);
  });

  it('a record cleared through another entry of its name is not given again', () => {
    const c = cluster();
    const old = addIndex(c, 'a', 0, new Map());
    drain(c.changed);
    deleteIndex(c, 'a');
    const again = addIndex(c, 'a', 0, new Map());
    expect(c.changed.take()).to.equal(old);
    // The simulator re-plans the name once, with the record that holds it now.
    c.changed.clear(again);
    expect(c.changed.take()).to.equal(undefined);
    expect(c.changed.size).to.equal(0);
  });
});

describe('aliases and rollover infos start empty and are written per index', () => {
  it('an alias or a rollover recorded on one index leaves every other index without', () => {
    const c = cluster();
    const a = addIndex(c, 'a', 0, new Map());
    const b = addIndex(c, 'b', 0, new Map());
    setAlias(c, a, 'logs', { isWriteIndex: true });
    recordRollover(a, 'logs', { timeMillis: 5, metConditions: ['[max_docs: 1]'] });
    expect([...a.aliases.entries()]).to.deep.equal([['logs', { isWriteIndex: true }]]);
    expect(a.rolloverInfos.get('logs')).to.deep.equal({ timeMillis: 5, metConditions: ['[max_docs: 1]'] });
    expect([b.aliases.size, b.rolloverInfos.size]).to.deep.equal([0, 0]);
    expect(addIndex(c, 'c', 0, new Map()).aliases.size).to.equal(0);
    removeAlias(c, b, 'logs');
    removeAlias(c, a, 'logs');
    expect([a.aliases.size, b.aliases.size]).to.deep.equal([0, 0]);
    expect(c.aliasHolders.has('logs')).to.equal(false);
  });
});
