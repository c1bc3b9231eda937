/**
 * Faults as data: "step S (or every step of action A) on indices matching P fails N times with this
 * ES error", or "holds this wait step as if shards were not allocated / the index were not green".
 * The runner asks the table right before it runs a step; an injected failure then takes the same path
 * into ERROR as a real one. Probabilities draw from the simulator's seeded PRNG, passed in.
 */
import { targetNameOf } from './actions/shrink';
import { shrinkReadyInfo, shrunkShardsInfo, waitingForActiveShardsInfo } from './allocation-waits';
import { numberOfReplicas, numberOfShards, type Cluster, type IndexMetadata } from '../cluster/cluster';
import type { EsError } from '../errors';
import { simpleMatch } from '../cluster/index-resolver';
import type { Profile } from '../profile';
import type { StepKey } from '../cluster/step-key';

export type WaitCondition = 'shards_not_allocated' | 'cluster_not_green' | 'snapshot_in_progress';
export const WAIT_CONDITIONS: readonly WaitCondition[] = ['shards_not_allocated', 'cluster_not_green', 'snapshot_in_progress'];

/**
 * The async actions ES runs through `AsyncRetryDuringSnapshotActionStep` (7.x): while a snapshot of
 * the index is in progress they neither fail nor move on; they run again once it is over, and
 * explain shows the index on the step with no `step_info`.
 */
const SNAPSHOT_SENSITIVE_STEPS: ReadonlySet<string> = new Set([
  'aliases',
  // ES runs `freeze` (7.x, 8.x) through `AsyncRetryDuringSnapshotActionStep` too.
  'freeze',
  'delete',
  'cleanup-snapshot',
  'pause-follower-index',
  'close-follower-index',
  'unfollow-follower-index',
  'open-follower-index',
]);

export interface FaultSpec {
  /** Index name pattern (`*` wildcards). */
  readonly index: string;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  /** How many times the fault fires before it is spent; absent: until cleared. */
  readonly times?: number;
  /** Chance in [0, 1] that each matching run fires; absent: always. */
  readonly probability?: number;
  /** The error a failing step raises. */
  readonly error?: { readonly type: string; readonly reason: string };
  /** Instead of failing, hold wait steps with ES's step_info for this condition. */
  readonly condition?: WaitCondition;
}

export interface Fault extends FaultSpec {
  readonly id: string;
  fired: number;
}

/** Wait steps each condition holds, and the step_info ES shows while they wait. */
const CONDITION_STEPS: Readonly<Record<WaitCondition, ReadonlyMap<string, (cluster: Cluster, index: IndexMetadata, profile: Profile) => object>>> = {
  shards_not_allocated: new Map<string, (cluster: Cluster, index: IndexMetadata, profile: Profile) => object>([
    ['check-shrink-allocation', (cluster, index) => shrinkReadyInfo(cluster.nodeId, numberOfShards(index))],
    ['shrunk-shards-allocated', (cluster, index, profile) => shrunkShardsInfo(cluster.indices.get(targetNameOf(index, profile)))],
    ['check-migration', (_c, index, profile) => waitingForActiveShardsInfo(profile, numberOfReplicas(index))],
    ['check-allocation', (_c, index, profile) => waitingForActiveShardsInfo(profile, numberOfReplicas(index))],
    [
      'wait-for-active-shards',
      () => ({
        message: 'waiting for [1] shards to become active, but only [0] are active',
        current_active_shards_count: 0,
        target_active_shards_count: '1',
        enough_shards_active: false,
      }),
    ],
  ]),
  cluster_not_green: new Map<string, (cluster: Cluster, index: IndexMetadata, profile: Profile) => object>([
    ['wait-for-index-color', () => ({ message: 'index is not green; not all shards are active' })],
    ['wait-for-yellow-step', () => ({ message: 'index is red; not all primary shards are active' })],
  ]),
  snapshot_in_progress: new Map(),
};

export class FaultTable {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault-${this.nextId++}`, fired: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length !== before;
  }

  clear(): void {
    this.faults = [];
  }

  /** Whether any fault holds waits (then every wait is checked on every cluster change). */
  hasConditions(): boolean {
    return this.faults.some((f) => f.condition !== undefined);
  }

  /** The error to raise instead of running this step, if a failure fault fires. */
  failureFor(index: string, key: StepKey, random: () => number): EsError | null {
    // No faults (the usual case): every step of every index asks, so answer without a closure.
    if (this.faults.length === 0) return null;
    const fault = this.firing(index, key, random, (f) => f.error !== undefined && f.condition === undefined);
    if (!fault?.error) return null;
    return { type: fault.error.type, reason: fault.error.reason, status: 500 };
  }

  /** The step_info to wait with instead of checking this wait step, if a condition fault fires. */
  waitInfoFor(cluster: Cluster, index: IndexMetadata, key: StepKey, random: () => number, profile: Profile): object | null {
    if (this.faults.length === 0) return null;
    const fault = this.firing(index.name, key, random, (f) => f.condition !== undefined && CONDITION_STEPS[f.condition].has(key.name));
    if (!fault?.condition) return null;
    return CONDITION_STEPS[fault.condition].get(key.name)!(cluster, index, profile);
  }

  /** Whether a snapshot-in-progress fault holds this async action (it then stays on the step). */
  holdsAsyncAction(index: string, key: StepKey, random: () => number): boolean {
    if (this.faults.length === 0 || !SNAPSHOT_SENSITIVE_STEPS.has(key.name)) return false;
    return this.firing(index, key, random, (f) => f.condition === 'snapshot_in_progress') !== null;
  }

  private firing(index: string, key: StepKey, random: () => number, kind: (f: Fault) => boolean): Fault | null {
    for (const fault of this.faults) {
      if (!kind(fault) || !matches(fault, index, key)) continue;
      if (fault.times !== undefined && fault.fired >= fault.times) continue;
      if (fault.probability !== undefined && random() >= fault.probability) continue;
      fault.fired++;
      return fault;
    }
    return null;
  }
}

function matches(fault: FaultSpec, index: string, key: StepKey): boolean {
  return (
    simpleMatch(fault.index, index) &&
    (fault.phase === undefined || fault.phase === key.phase) &&
    (fault.action === undefined || fault.action === key.action) &&
    (fault.step === undefined || fault.step === key.name)
  );
}
