/**
 * Tests for the cluster record's cached fields: `lifecyclePolicyName` reads a name the settings map
 * keeps in step with every write, and new records start with empty scheduling state.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, createCluster, lifecyclePolicyName, SETTING_LIFECYCLE_NAME } from './cluster';

function cluster() {
  let n = 0;
  return createCluster(() => `uuid-${n++}`);
}

describe('lifecyclePolicyName follows the settings map', () => {
  it('is read from the settings the index was created with, in their order', () => {
    const c = cluster();
    const index = addIndex(c, 'a', 0, new Map([['index.number_of_shards', '2'], [SETTING_LIFECYCLE_NAME, 'p']]));
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

  it('is still a Map: copies made from it are plain maps with the same entries', () => {
    const index = addIndex(cluster(), 'a', 0, new Map([[SETTING_LIFECYCLE_NAME, 'p']]));
    expect(index.settings).to.be.instanceOf(Map);
    expect(new Map(index.settings)).to.deep.equal(new Map([[SETTING_LIFECYCLE_NAME, 'p']]));
  });
});

describe('scheduling state on a new index record', () => {
  it('starts unplanned with nothing pending', () => {
    const index = addIndex(cluster(), 'a', 0, new Map());
    expect(index.sched).to.deep.equal({ pending: null, planned: false, inPoll: false, inClusterChange: false, watching: false });
  });
});
