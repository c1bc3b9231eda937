/**
 * The snapshot metadata the cluster holds, as plain data: repositories, snapshots and SLM policies (ES
 * `RepositoriesMetadata`, `SnapshotInfo`, `SnapshotLifecycleMetadata`), and the empty store a new
 * cluster starts with. Shapes only: the rules and operations on them live in `snapshots.ts`, and this
 * module imports nothing (so `cluster.ts` can hold a store without importing those operations).
 */
export interface SnapshotRepository {
  readonly name: string;
  readonly type: string;
  /** The settings as given (leaf values printed as strings, as ES `Settings` stores them). */
  readonly settings: Readonly<Record<string, unknown>>;
}

export interface Snapshot {
  readonly name: string;
  readonly uuid: string;
  readonly repository: string;
  readonly indices: readonly string[];
  readonly includeGlobalState: boolean;
  readonly state: 'SUCCESS';
  readonly startMillis: number;
  readonly endMillis: number;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/**
 * ES `SnapshotInvocationRecord`: the last success or failure of an SLM policy. A failure has no start
 * time and carries `details`, the exception as the JSON text ES writes there.
 */
export interface SlmInvocation {
  readonly snapshotName: string;
  readonly startMillis?: number;
  readonly timeMillis: number;
  readonly details?: string;
}

export interface SlmPolicy {
  readonly id: string;
  /** The snapshot name, possibly with date math (`<nightly-snap-{now/d}>`). */
  readonly name: string;
  readonly schedule: string;
  readonly repository: string;
  readonly config?: Readonly<Record<string, unknown>>;
  readonly retention?: Readonly<Record<string, unknown>>;
  readonly version: number;
  readonly modifiedDate: number;
  readonly lastSuccess?: SlmInvocation;
  readonly lastFailure?: SlmInvocation;
}

/** ES `SnapshotLifecycleStats.SnapshotPolicyStats`: one policy's counters. */
export interface SlmPolicyStats {
  snapshotsTaken: number;
  snapshotsFailed: number;
  snapshotsDeleted: number;
  snapshotDeletionFailures: number;
}

/** ES `SnapshotLifecycleStats`: retention counters and each policy's (dropped with the policy). */
export interface SlmStats {
  retentionRuns: number;
  retentionFailed: number;
  retentionTimedOut: number;
  retentionTimeMillis: number;
  readonly policies: Map<string, SlmPolicyStats>;
}

/** Everything snapshot-related the cluster holds (a field of `Cluster`). */
export interface SnapshotStore {
  readonly repositories: Map<string, SnapshotRepository>;
  /** Repository name -> snapshot name -> snapshot, in creation order. */
  readonly snapshots: Map<string, Map<string, Snapshot>>;
  readonly slmPolicies: Map<string, SlmPolicy>;
  /** SLM's operation mode (`POST /_slm/stop` and `/_slm/start`). */
  slmOperationMode: 'RUNNING' | 'STOPPING' | 'STOPPED';
  /** What SLM ran: snapshots taken and failed, retention runs and deletions (`GET /_slm/stats`). */
  readonly slmStats: SlmStats;
}

export function createSnapshotStore(): SnapshotStore {
  return {
    repositories: new Map(),
    snapshots: new Map(),
    slmPolicies: new Map(),
    slmOperationMode: 'RUNNING',
    slmStats: { retentionRuns: 0, retentionFailed: 0, retentionTimedOut: 0, retentionTimeMillis: 0, policies: new Map() },
  };
}
