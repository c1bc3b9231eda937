import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createCluster } from '../cluster/cluster';
import { EsException } from '../errors';
import type { Phase, Policy } from '../cluster/policy-model';
import { PROFILE_7_10, PROFILE_8_19, PROFILE_9_1 } from '../profile';
import { putRepository } from '../cluster/snapshots';
import { validateReplicateFor, validateSearchableSnapshotRules, validateSnapshotPrerequisites } from './snapshot-validation';

function phase(name: string, actions: Record<string, Record<string, unknown>>, minAgeMillis = 0): Phase {
  return {
    name,
    minAge: minAgeMillis === 0 ? null : { millis: minAgeMillis, duration: minAgeMillis, unit: 'ms' },
    actions: new Map(Object.entries(actions).map(([a, settings]) => [a, { action: a, settings }])),
  };
}

function phases(...list: Phase[]): Map<string, Phase> {
  return new Map(list.map((p) => [p.name, p]));
}

function reason(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof EsException) return e.error.reason;
    throw e;
  }
}

const ss = (repository: string, extra: Record<string, unknown> = {}) => ({ searchable_snapshot: { snapshot_repository: repository, ...extra } });

describe('searchable_snapshot policy rules (8.x)', () => {
  it('names the phases after a hot-phase mount that force merge, joined without spaces', () => {
    const p = phases(phase('hot', { rollover: {}, ...ss('r') }), phase('warm', { forcemerge: {} }), phase('cold', { shrink: {} }));
    expect(reason(() => validateSearchableSnapshotRules(p, PROFILE_8_19))).to.equal(
      'phases [warm,cold] define one or more of [forcemerge, freeze, shrink, downsample] actions which are not allowed after a managed index is mounted as a searchable snapshot',
    );
  });

  it('after a cold-phase mount only the frozen phase counts', () => {
    expect(
      reason(() => validateSearchableSnapshotRules(phases(phase('cold', ss('r')), phase('frozen', { ...ss('r'), forcemerge: {} })), PROFILE_8_19)),
    ).to.match(/^phases \[frozen\]/);
  });

  it('refuses differing repositories and a frozen phase without a mount', () => {
    expect(reason(() => validateSearchableSnapshotRules(phases(phase('cold', ss('a')), phase('frozen', ss('b'))), PROFILE_8_19))).to.contain(
      'differing repositories [a, b]',
    );
    expect(reason(() => validateSearchableSnapshotRules(phases(phase('frozen', {})), PROFILE_8_19))).to.contain('[frozen] phase without a corresponding');
  });

  it('7.10 checks none of this', () => {
    expect(reason(() => validateSearchableSnapshotRules(phases(phase('cold', ss('a')), phase('frozen', ss('b'))), PROFILE_7_10))).to.equal(null);
  });
});

describe('replicate_for (9.1)', () => {
  it('only on the first mount, and not beyond the next explicit min_age', () => {
    expect(
      reason(() => validateReplicateFor(phases(phase('cold', ss('r')), phase('frozen', ss('r', { replicate_for: { millis: 1 } }))), PROFILE_9_1)),
    ).to.equal("only the first searchable_snapshot action in a policy may specify 'replicate_for', but it was specified in the [frozen] phase");
    const day = 86_400_000;
    const tooLong = phases(phase('cold', ss('r', { replicate_for: { millis: 10 * day } }), day), phase('delete', { delete: {} }, 5 * day));
    expect(reason(() => validateReplicateFor(tooLong, PROFILE_9_1))).to.contain('the maximum time the snapshot can be replicated is [4d].');
    expect(reason(() => validateReplicateFor(tooLong, PROFILE_8_19))).to.equal(null);
  });
});

describe('PUT-time prerequisites (8.x)', () => {
  const policy = (p: Map<string, Phase>): Policy => ({ name: 'x', phases: p });
  it('repositories first, then SLM policies', () => {
    const cluster = createCluster(() => 'id');
    const both = policy(phases(phase('cold', ss('r')), phase('delete', { wait_for_snapshot: { policy: 'nightly' } })));
    expect(reason(() => validateSnapshotPrerequisites(both, cluster, PROFILE_8_19))).to.match(/^no such repository \[r\]/);
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    expect(reason(() => validateSnapshotPrerequisites(both, cluster, PROFILE_8_19))).to.match(/^no such snapshot lifecycle policy \[nightly\]/);
    expect(reason(() => validateSnapshotPrerequisites(both, cluster, PROFILE_7_10))).to.equal(null);
  });
});
