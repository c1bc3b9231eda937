import { describe, it } from 'node:test';
import { expect } from 'chai';
import { JsonTokenizer } from '../../xcontent/json-tokens';
import { PROFILE_7_10, PROFILE_8_19, PROFILE_9_1, type Profile } from '../../profile';
import { stepKey } from '../../cluster/step-key';
import type { Step } from '../steps';
import { searchableSnapshotAction } from './searchable-snapshot';
import { waitForSnapshotAction } from './wait-for-snapshot';

const NEXT = stepKey('cold', 'complete', 'complete');
const names = (steps: readonly Step[]) => steps.map((s) => `${s.key.name} ${s.kind}`);

function steps(json: string, profile: Profile, phase = 'cold'): Step[] {
  const config = searchableSnapshotAction.parse(new JsonTokenizer(json, profile.parseErrorStyle), profile);
  return searchableSnapshotAction.toSteps(phase, NEXT, config, profile);
}

describe('searchable_snapshot step chains', () => {
  it('7.10: starts at check-not-write-index and mounts right after create-snapshot', () => {
    expect(names(steps('{"snapshot_repository":"r"}', PROFILE_7_10))).to.deep.equal([
      'check-not-write-index cluster-state-wait',
      'wait-for-shard-history-leases async-wait',
      'forcemerge async-action',
      'segment-count async-wait',
      'generate-snapshot-name cluster-state-action',
      'cleanup-snapshot async-action',
      'create-snapshot async-action',
      'mount-snapshot async-action',
      'wait-for-index-color cluster-state-wait',
      'copy-execution-state cluster-state-action',
      'copy-settings cluster-state-action',
      'branch-on-datastream-check cluster-state-action',
      'replace-datastream-backing-index cluster-state-action',
      'delete async-action',
      'swap-aliases async-action',
    ]);
  });

  it('8.19 without force merge: the prerequisite and existing-snapshot branches, and the data tier wait', () => {
    expect(names(steps('{"snapshot_repository":"r","force_merge_index":false}', PROFILE_8_19)).slice(0, 10)).to.deep.equal([
      'branch-check-prerequisites cluster-state-action',
      'check-not-write-index cluster-state-wait',
      'wait-for-shard-history-leases async-wait',
      'check-ts-end-time-passed async-wait',
      'branch-check-existing-snapshot cluster-state-action',
      'generate-snapshot-name cluster-state-action',
      'cleanup-snapshot async-action',
      'create-snapshot async-action',
      'wait-for-data-tier cluster-state-wait',
      'mount-snapshot async-action',
    ]);
  });

  it('9.1 with replicate_for: the mounted index lands on check-replicate-for-time-passed', () => {
    const chain = steps('{"snapshot_repository":"r","replicate_for":"1d"}', PROFILE_9_1);
    const copySettings = chain.findIndex((s) => s.key.name === 'copy-settings');
    expect(names(chain.slice(copySettings + 1, copySettings + 3))).to.deep.equal([
      'check-replicate-for-time-passed async-wait',
      'update-settings async-action',
    ]);
  });

  it('prints its settings in ES order, defaulting force_merge_index to true', () => {
    const config = searchableSnapshotAction.parse(new JsonTokenizer('{"snapshot_repository":"r"}'), PROFILE_8_19);
    expect(searchableSnapshotAction.toXContent(config, PROFILE_8_19)).to.deep.equal({ snapshot_repository: 'r', force_merge_index: true });
  });

  it('accepts total_shards_per_node from 8.16 and replicate_for in 9.1 only', () => {
    expect(() => steps('{"snapshot_repository":"r","total_shards_per_node":1}', PROFILE_7_10)).to.throw();
    expect(() => steps('{"snapshot_repository":"r","replicate_for":"1d"}', PROFILE_8_19)).to.throw();
    expect(() => steps('{"snapshot_repository":"r","replicate_for":"1d"}', PROFILE_9_1)).to.not.throw();
  });
});

describe('wait_for_snapshot', () => {
  const chain = (profile: Profile) =>
    waitForSnapshotAction.toSteps('delete', NEXT, waitForSnapshotAction.parse(new JsonTokenizer('{"policy":"p"}'), profile), profile);
  it('is a cluster-state wait in 7.10 and an async wait in 8.x, retryable in both', () => {
    expect(chain(PROFILE_7_10).map((s) => [s.key.name, s.kind, s.retryable])).to.deep.equal([['wait-for-snapshot', 'cluster-state-wait', true]]);
    expect(chain(PROFILE_8_19).map((s) => [s.key.name, s.kind, s.retryable])).to.deep.equal([['wait-for-snapshot', 'async-wait', true]]);
  });
});
