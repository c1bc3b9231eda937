import { describe, it } from 'node:test';
import { expect } from 'chai';
import { retentionConfig, snapshotsToDelete } from './slm-retention';
import type { SlmPolicy, Snapshot } from './snapshot-store';

const DAY = 86_400_000;
const snap = (name: string, day: number): Snapshot => ({
  name,
  uuid: name,
  repository: 'r',
  indices: [],
  includeGlobalState: true,
  state: 'SUCCESS',
  startMillis: day * DAY,
  endMillis: day * DAY,
  metadata: { policy: 'p' },
});
const policy = (retention: Record<string, unknown> | undefined): SlmPolicy => ({
  id: 'p',
  name: 'n',
  schedule: '0 30 1 * * ?',
  repository: 'r',
  version: 1,
  modifiedDate: 0,
  ...(retention ? { retention } : {}),
});
const doomed = (retention: Record<string, unknown>, snapshots: Snapshot[], nowDay: number): string[] =>
  snapshotsToDelete(retentionConfig(policy(retention))!, snapshots, nowDay * DAY).map((s) => s.name);

describe('SLM retention (ES getSnapshotDeletionPredicate)', () => {
  const ten = Array.from({ length: 10 }, (_, i) => snap(`s${i}`, i));

  it('no retention, or an empty one, is no retention', () => {
    expect(retentionConfig(policy(undefined))).to.equal(null);
    expect(retentionConfig(policy({}))).to.equal(null);
  });

  it('expire_after deletes what is strictly older', () => {
    expect(doomed({ expire_after: '7d' }, ten, 14)).to.deep.equal(['s0', 's1', 's2', 's3', 's4', 's5', 's6']);
    expect(doomed({ expire_after: '7d' }, ten, 10)).to.deep.equal(['s0', 's1', 's2']);
  });

  it('min_count keeps the newest regardless of age; at or below it nothing goes', () => {
    expect(doomed({ expire_after: '1d', min_count: 8 }, ten, 100)).to.deep.equal(['s0', 's1']);
    expect(doomed({ expire_after: '1d', min_count: 10 }, ten, 100)).to.deep.equal([]);
  });

  it('max_count deletes the oldest beyond it, whatever their age and min_count', () => {
    expect(doomed({ max_count: 7 }, ten, 0)).to.deep.equal(['s0', 's1', 's2']);
    expect(doomed({ expire_after: '30d', min_count: 3, max_count: 7 }, ten, 12)).to.deep.equal(['s0', 's1', 's2']);
    expect(doomed({ expire_after: '5d', min_count: 3, max_count: 7 }, ten, 12)).to.deep.equal(['s0', 's1', 's2', 's3', 's4', 's5', 's6']);
  });

  it('judges by start time, not by the repository order', () => {
    expect(doomed({ max_count: 1 }, [snap('new', 5), snap('old', 1)], 6)).to.deep.equal(['old']);
  });
});
