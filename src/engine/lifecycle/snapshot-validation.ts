/**
 * The policy checks ES makes about snapshot actions: the 8.x `TimeseriesLifecycleType#validate` rules
 * (no forcemerge/freeze/shrink/downsample after a mount, one repository for every searchable_snapshot,
 * a frozen phase needs searchable_snapshot, and 9.1's `replicate_for` rules) and the PUT-time
 * prerequisites of 8.x `TransportPutLifecycleAction#validatePrerequisites` (the repository and the SLM
 * policy referenced must exist). Each throws ES's IllegalArgumentException; none changes anything.
 * 7.10 had none of these (its only searchable_snapshot phase, cold, had nothing after it that could
 * break a rule), so each function does nothing unless the profile says the release checks it.
 */
import type { Cluster } from '../cluster/cluster';
import { EsException, illegalArgument } from '../errors';
import { javaHashMapOrder } from '../xcontent/java-order';
import type { Phase, Policy } from '../cluster/policy-model';
import type { Profile } from '../profile';
import { formatTimeValueToString, type TimeValue } from '../xcontent/time';
import { NAME as SEARCHABLE_SNAPSHOT } from './actions/searchable-snapshot';
import { NAME as WAIT_FOR_SNAPSHOT } from './actions/wait-for-snapshot';

/** ES `ACTIONS_CANNOT_FOLLOW_SEARCHABLE_SNAPSHOT`, a LinkedHashSet: always printed in this order. */
const ACTIONS_CANNOT_FOLLOW_SEARCHABLE_SNAPSHOT = ['forcemerge', 'freeze', 'shrink', 'downsample'];

/** Phases as ES iterates `policy.getPhases().values()` (HashMap order). */
export function phasesInMapOrder(phases: ReadonlyMap<string, Phase>): Phase[] {
  return javaHashMapOrder([...phases.keys()]).map((name) => phases.get(name)!);
}

/** Phases in execution order (ES `getOrderedPhases`). */
function phasesInOrder(phases: ReadonlyMap<string, Phase>, profile: Profile): Phase[] {
  return profile.phases.filter((name) => phases.has(name)).map((name) => phases.get(name)!);
}

/**
 * Rules 5, 6 and 7 of ES 8.x `TimeseriesLifecycleType#validate`, in that order. The caller runs them
 * after the migrate/allocate rule and before the downsample interval rule.
 */
export function validateSearchableSnapshotRules(phases: ReadonlyMap<string, Phase>, profile: Profile): void {
  if (!profile.snapshots.searchableSnapshotPolicyRules) return;
  validateActionsFollowingSearchableSnapshot(phases);
  validateAllSearchableSnapshotActionsUseSameRepository(phases);
  validateFrozenPhaseHasSearchableSnapshotAction(phases);
}

/** ES `validateActionsFollowingSearchableSnapshot`. */
export function validateActionsFollowingSearchableSnapshot(phases: ReadonlyMap<string, Phase>): void {
  const ordered = phasesInMapOrder(phases);
  let following: Phase[] = [];
  if (phases.get('hot')?.actions.has(SEARCHABLE_SNAPSHOT)) {
    following = ordered.filter((p) => p.name !== 'hot');
  } else if (phases.get('cold')?.actions.has(SEARCHABLE_SNAPSHOT)) {
    following = ordered.filter((p) => p.name === 'frozen').slice(0, 1);
  }
  const offending = following.filter((p) => ACTIONS_CANNOT_FOLLOW_SEARCHABLE_SNAPSHOT.some((a) => p.actions.has(a))).map((p) => p.name);
  if (offending.length > 0) {
    throw new EsException(
      illegalArgument(
        `phases [${offending.join(',')}] define one or more of [${ACTIONS_CANNOT_FOLLOW_SEARCHABLE_SNAPSHOT.join(', ')}] actions which are not allowed after a managed index is mounted as a searchable snapshot`,
      ),
    );
  }
}

/** ES `validateAllSearchableSnapshotActionsUseSameRepository` (the set prints in HashSet order). */
export function validateAllSearchableSnapshotActionsUseSameRepository(phases: ReadonlyMap<string, Phase>): void {
  const repositories: string[] = [];
  for (const phase of phasesInMapOrder(phases)) {
    const action = phase.actions.get(SEARCHABLE_SNAPSHOT);
    if (!action) continue;
    const repository = action.settings['snapshot_repository'] as string;
    if (!repositories.includes(repository)) repositories.push(repository);
  }
  if (repositories.length > 1) {
    throw new EsException(
      illegalArgument(
        `policy specifies [${SEARCHABLE_SNAPSHOT}] action multiple times with differing repositories [${javaHashMapOrder(repositories).join(', ')}], the same repository must be used for all searchable snapshot actions`,
      ),
    );
  }
}

/** ES `validateFrozenPhaseHasSearchableSnapshotAction`. */
export function validateFrozenPhaseHasSearchableSnapshotAction(phases: ReadonlyMap<string, Phase>): void {
  const frozen = phases.get('frozen');
  if (frozen && !frozen.actions.has(SEARCHABLE_SNAPSHOT)) {
    throw new EsException(
      illegalArgument(
        `policy specifies the [frozen] phase without a corresponding [${SEARCHABLE_SNAPSHOT}] action, but a searchable snapshot action is required in the frozen phase`,
      ),
    );
  }
}

/**
 * ES 9.1 `validateReplicateFor` (rule 9, the last of `validate`): only the first searchable_snapshot
 * may have `replicate_for`, and it may not outlast the time until a later phase's explicit `min_age`.
 */
export function validateReplicateFor(phases: ReadonlyMap<string, Phase>, profile: Profile): void {
  if (!profile.snapshots.replicateFor) return;
  const ordered = phasesInOrder(phases, profile);
  const withAction = ordered.filter((p) => p.actions.has(SEARCHABLE_SNAPSHOT));
  if (withAction.length === 0) return;
  const replicateForOf = (p: Phase) => p.actions.get(SEARCHABLE_SNAPSHOT)!.settings['replicate_for'] as TimeValue | undefined;
  for (const phase of withAction.slice(1)) {
    if (replicateForOf(phase) !== undefined) {
      throw new EsException(
        illegalArgument(`only the first searchable_snapshot action in a policy may specify 'replicate_for', but it was specified in the [${phase.name}] phase`),
      );
    }
  }
  const first = withAction[0]!;
  const replicateFor = replicateForOf(first);
  if (replicateFor === undefined) return;
  // The implied min_age of the phase holding it: the latest non-zero min_age up to it (a rollover
  // in hot counts as zero, later phases being timed from the rollover).
  let impliedMillis = 0;
  for (const phase of ordered) {
    const minAge = phase.actions.has('rollover') ? 0 : (phase.minAge?.millis ?? 0);
    if (minAge !== 0) impliedMillis = minAge;
    if (phase.name === first.name) break;
  }
  let after = false;
  for (const phase of ordered) {
    if (phase.name === first.name) {
      after = true;
      continue;
    }
    if (!after || !phase.minAge || phase.minAge.millis === 0) continue;
    const deltaMillis = phase.minAge.millis - impliedMillis;
    if (deltaMillis < replicateFor.millis) {
      throw new EsException(
        illegalArgument(
          `The time a searchable snapshot is replicated in replicate_for [${formatTimeValueToString(replicateFor.millis)}] may not exceed the time until the next phase is configured to begin. Based on the min_age [${formatTimeValueToString(phase.minAge.millis)}] of the [${phase.name}] phase, the maximum time the snapshot can be replicated is [${formatTimeValueToString(deltaMillis)}].`,
        ),
      );
    }
  }
}

/**
 * ES 8.x `TransportPutLifecycleAction#validatePrerequisites` (run after the no-op check, before the
 * policy is stored): every searchable_snapshot repository, then every wait_for_snapshot SLM policy,
 * must exist. Phases in HashMap order. Divergence: the license check always passes.
 */
export function validateSnapshotPrerequisites(policy: Policy, cluster: Cluster, profile: Profile): void {
  if (!profile.snapshots.prerequisites) return;
  const phases = phasesInMapOrder(policy.phases);
  for (const phase of phases) {
    const action = phase.actions.get(SEARCHABLE_SNAPSHOT);
    if (!action) continue;
    const repository = action.settings['snapshot_repository'] as string;
    if (!cluster.snapshots.repositories.has(repository)) {
      throw new EsException(
        illegalArgument(
          `no such repository [${repository}], the snapshot repository referenced by the [${SEARCHABLE_SNAPSHOT}] action in the [${phase.name}] phase must exist before it can be referenced by an ILM policy`,
        ),
      );
    }
  }
  for (const phase of phases) {
    const action = phase.actions.get(WAIT_FOR_SNAPSHOT);
    if (!action) continue;
    const slmPolicy = action.settings['policy'] as string;
    if (!cluster.snapshots.slmPolicies.has(slmPolicy)) {
      throw new EsException(
        illegalArgument(
          `no such snapshot lifecycle policy [${slmPolicy}], the snapshot lifecycle policy referenced by the [${WAIT_FOR_SNAPSHOT}] action in the [${phase.name}] phase must exist before it can be referenced by an ILM policy`,
        ),
      );
    }
  }
}
