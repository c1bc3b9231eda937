/**
 * Tests for alias changes: actions apply all or nothing, one write index per alias, an alias named
 * like an index is refused, remove_index deletes, and `findAliases` selects with ES's patterns.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { aliasNameError, applyAliasActions, findAliases } from './aliases';
import { addIndex, createCluster } from './cluster';
import { errorOf } from '../../testing/error-of';
import { PROFILE_7_10 } from '../profile';

function setup() {
  let n = 0;
  const cluster = createCluster(() => `uuid-${n++}`);
  const a = addIndex(cluster, 'logs-1', 0, new Map(), new Map([['logs', { isWriteIndex: true }]]));
  const b = addIndex(cluster, 'logs-2', 0, new Map());
  return { cluster, a, b };
}

describe('applyAliasActions (ES MetadataIndexAliasesService)', () => {
  it('moves the write flag in one atomic list', () => {
    const { cluster, a, b } = setup();
    applyAliasActions(cluster, PROFILE_7_10, [
      { type: 'add', indices: [a], alias: 'logs', metadata: { isWriteIndex: false } },
      { type: 'add', indices: [b], alias: 'logs', metadata: { isWriteIndex: true } },
    ]);
    expect(a.aliases.get('logs')).to.deep.equal({ isWriteIndex: false });
    expect(b.aliases.get('logs')).to.deep.equal({ isWriteIndex: true });
    expect([...cluster.aliasHolders.get('logs')!].sort()).to.deep.equal(['logs-1', 'logs-2']);
  });

  it('refuses a second write index and changes nothing', () => {
    const { cluster, a, b } = setup();
    const error = errorOf(() =>
      applyAliasActions(cluster, PROFILE_7_10, [
        { type: 'add', indices: [b], alias: 'other', metadata: {} },
        { type: 'add', indices: [b], alias: 'logs', metadata: { isWriteIndex: true } },
      ]),
    );
    expect(error).to.deep.include({ type: 'illegal_state_exception', reason: 'alias [logs] has more than one write index [logs-1,logs-2]', status: 500 });
    expect(b.aliases.size).to.equal(0);
    expect(a.aliases.get('logs')).to.deep.equal({ isWriteIndex: true });
  });

  it('refuses an alias named like an index, and bad alias names', () => {
    const { cluster, a } = setup();
    expect(errorOf(() => applyAliasActions(cluster, PROFILE_7_10, [{ type: 'add', indices: [a], alias: 'logs-2', metadata: {} }])).reason).to.equal(
      'Invalid alias name [logs-2], an index exists with the same name as the alias',
    );
    expect(aliasNameError('_x')?.reason).to.equal("Invalid alias name [_x]: must not start with '_', '-', or '+'");
    expect(aliasNameError('a*b')?.type).to.equal('invalid_alias_name_exception');
    expect(aliasNameError('Upper')).to.equal(null);
  });

  it('removes by pattern, fails a must_exist remove that finds nothing, deletes with remove_index', () => {
    const { cluster, a, b } = setup();
    expect(applyAliasActions(cluster, PROFILE_7_10, [{ type: 'remove', indices: [a], aliases: ['lo*'], mustExist: false }])).to.equal(true);
    expect(a.aliases.size).to.equal(0);
    expect(errorOf(() => applyAliasActions(cluster, PROFILE_7_10, [{ type: 'remove', indices: [a], aliases: ['logs'], mustExist: true }])).reason).to.equal(
      'aliases [logs] missing',
    );
    applyAliasActions(cluster, PROFILE_7_10, [{ type: 'remove_index', indices: [b] }]);
    expect(cluster.indices.has('logs-2')).to.equal(false);
  });
});

describe('findAliases', () => {
  it('selects with patterns and exclusions, sorted by alias name', () => {
    const { cluster, a } = setup();
    applyAliasActions(cluster, PROFILE_7_10, [
      { type: 'add', indices: [a], alias: 'app', metadata: {} },
      { type: 'add', indices: [a], alias: 'logs-old', metadata: {} },
    ]);
    const names = (patterns: string[]) =>
      findAliases([a], patterns)
        .get('logs-1')!
        .map(([n]) => n);
    expect(names([])).to.deep.equal(['app', 'logs', 'logs-old']);
    expect(names(['logs*', '-logs-old'])).to.deep.equal(['logs']);
    expect(names(['app'])).to.deep.equal(['app']);
  });
});
