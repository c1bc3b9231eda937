/**
 * The allocation waits over the allocation model: instant by default, a delay after changes that move
 * shards when a rule applies, ES's step_info shapes per release, and the pending starts the simulator
 * wakes indices at.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, createCluster } from '../cluster/cluster';
import { allocationModel } from '../cluster/allocation';
import { allocationRoutedWait, migrationRoutedWait, shrunkShardsAllocatedWait } from './allocation-waits';
import { PROFILE_7_10, PROFILE_8_19, type Profile } from '../profile';
import type { StepContext } from './steps';

const T0 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

function setup(profile: Profile = PROFILE_7_10) {
  let n = 0;
  const cluster = createCluster(() => `uuid-${n++}`);
  const index = addIndex(
    cluster,
    'logs',
    T0,
    new Map([
      ['index.number_of_shards', '2'],
      ['index.number_of_replicas', '1'],
    ]),
  );
  const ctx = (now: number): StepContext => ({ cluster, index, now, policyName: 'p', profile });
  return { cluster, index, ctx };
}

describe('allocation model', () => {
  it('is instant without a rule', () => {
    const { index, ctx } = setup();
    index.settings.set('index.routing.allocation.require.box', 'warm');
    expect(allocationRoutedWait(ctx(T0 + HOUR))).to.deep.equal({ complete: true });
  });

  it('holds new filters for the delay, with every copy relocating (7.10 actual_replicas)', () => {
    const { cluster, index, ctx } = setup();
    allocationModel(cluster).setRule(null, 2 * HOUR, '2h');
    allocationModel(cluster).observe(index, T0 + 3 * HOUR);
    index.settings.set('index.routing.allocation.require.box', 'warm');
    const waiting = allocationRoutedWait(ctx(T0 + 4 * HOUR));
    expect(waiting).to.deep.equal({
      complete: false,
      info: {
        message: 'Waiting for [4] shards to be allocated to nodes matching the given filters',
        shards_left_to_allocate: 4,
        all_shards_active: true,
        actual_replicas: 1,
      },
    });
    expect(allocationModel(cluster).nextStart()).to.equal(T0 + 6 * HOUR);
    expect(allocationRoutedWait(ctx(T0 + 6 * HOUR - 1)).complete).to.equal(false);
    expect(allocationRoutedWait(ctx(T0 + 6 * HOUR))).to.deep.equal({ complete: true });
    expect(allocationModel(cluster).takeStartsDueBy(T0 + 6 * HOUR)).to.deep.equal([{ name: 'logs', uuid: index.uuid }]);
    expect(allocationModel(cluster).nextStart()).to.equal(null);
  });

  it('shows more replicas as copies not yet active (8.19 number_of_replicas)', () => {
    const { cluster, index, ctx } = setup(PROFILE_8_19);
    allocationModel(cluster).setRule('logs*', HOUR, '1h');
    allocationModel(cluster).observe(index, T0 + 2 * HOUR);
    index.settings.set('index.number_of_replicas', '2');
    expect(allocationRoutedWait(ctx(T0 + 2 * HOUR))).to.deep.equal({
      complete: false,
      info: { message: 'Waiting for all shard copies to be active', shards_left_to_allocate: -1, all_shards_active: false, number_of_replicas: 2 },
    });
  });

  it('does not delay fewer replicas, and a rule for another pattern does not apply', () => {
    const { cluster, index, ctx } = setup();
    allocationModel(cluster).setRule('other-*', HOUR, '1h');
    expect(allocationModel(cluster).delayFor('logs')).to.equal(0);
    allocationModel(cluster).setRule(null, HOUR, '1h');
    allocationModel(cluster).observe(index, T0 + 2 * HOUR);
    index.settings.set('index.number_of_replicas', '0');
    expect(allocationRoutedWait(ctx(T0 + 2 * HOUR))).to.deep.equal({ complete: true });
  });

  it('prints the tier preference as 7.x and 8.x did in check-migration', () => {
    for (const [profile, configuration] of [
      [PROFILE_7_10, '[data_warm,data_hot]'],
      [PROFILE_8_19, '[data_warm, data_hot]'],
    ] as const) {
      const { cluster, index, ctx } = setup(profile);
      allocationModel(cluster).setRule(null, HOUR, '1h');
      allocationModel(cluster).observe(index, T0 + 2 * HOUR);
      index.settings.set('index.routing.allocation.include._tier_preference', 'data_warm,data_hot');
      const result = migrationRoutedWait(ctx(T0 + 2 * HOUR), 'data_warm,data_hot') as { info: { message: string } };
      expect(result.info.message).to.equal(
        `[logs] lifecycle action [migrate] waiting for [4] shards to be moved to the [data_warm] tier (tier migration preference configuration is ${configuration})`,
      );
    }
  });

  it('waits for a shrunken index to exist and then for its copies', () => {
    const { cluster, ctx } = setup();
    expect(shrunkShardsAllocatedWait(ctx(T0), 'shrink-logs')).to.deep.equal({
      complete: false,
      info: { message: 'Waiting for shrunk index to be created', shrunk_index_exists: false, actual_shards: -1, all_shards_active: false },
    });
    allocationModel(cluster).setRule(null, HOUR, '1h');
    addIndex(cluster, 'shrink-logs', T0, new Map([['index.number_of_shards', '1']]));
    expect(shrunkShardsAllocatedWait(ctx(T0), 'shrink-logs')).to.deep.equal({
      complete: false,
      info: { message: 'Waiting for all shard copies to be active', shrunk_index_exists: true, actual_shards: 1, all_shards_active: false },
    });
    expect(shrunkShardsAllocatedWait(ctx(T0 + HOUR), 'shrink-logs')).to.deep.equal({ complete: true });
  });
});
