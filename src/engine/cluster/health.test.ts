/**
 * Tests for one-node shard health: replicas are unassigned (yellow), no replicas is green, a new index
 * under slow allocation has its primaries initializing (yellow, as ES reports empty-store primaries).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { allocationModel } from './allocation';
import { addIndex, createCluster } from './cluster';
import { indexHealth, worstStatus } from './health';

function setup() {
  let n = 0;
  return createCluster(() => `uuid-${n++}`);
}

describe('indexHealth on one node', () => {
  it('counts unassigned replicas', () => {
    const cluster = setup();
    const index = addIndex(
      cluster,
      'a',
      0,
      new Map([
        ['index.number_of_shards', '3'],
        ['index.number_of_replicas', '2'],
      ]),
    );
    expect(indexHealth(index, allocationModel(cluster), 0)).to.deep.include({ status: 'yellow', activePrimaryShards: 3, activeShards: 3, unassignedShards: 6 });
  });

  it('is green without replicas', () => {
    const cluster = setup();
    const index = addIndex(cluster, 'a', 0, new Map([['index.number_of_replicas', '0']]));
    expect(indexHealth(index, allocationModel(cluster), 0).status).to.equal('green');
  });

  it('shows a new index initializing while allocation is slow, then active', () => {
    const cluster = setup();
    const model = allocationModel(cluster);
    model.setRule(null, 60_000, '1m');
    const index = addIndex(cluster, 'a', 0, new Map([['index.number_of_replicas', '0']]));
    expect(indexHealth(index, model, 0)).to.deep.include({ status: 'yellow', activePrimaryShards: 0, initializingShards: 1 });
    expect(indexHealth(index, model, 60_000)).to.deep.include({ status: 'green', activePrimaryShards: 1, initializingShards: 0 });
  });

  it('takes the worst status, green for none', () => {
    expect(worstStatus([])).to.equal('green');
    expect(worstStatus(['green', 'yellow'])).to.equal('yellow');
  });
});
