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

/** ES `SnapshotInvocationRecord`: the last success or failure of an SLM policy. */
export interface SlmInvocation {
  readonly snapshotName: string;
  readonly startMillis: number;
  readonly timeMillis: number;
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
  readonly snapshotsTaken: number;
}

/** Everything snapshot-related the cluster holds (a field of `Cluster`). */
export interface SnapshotStore {
  readonly repositories: Map<string, SnapshotRepository>;
  /** Repository name -> snapshot name -> snapshot, in creation order. */
  readonly snapshots: Map<string, Map<string, Snapshot>>;
  readonly slmPolicies: Map<string, SlmPolicy>;
  /** SLM's operation mode (`POST /_slm/stop` and `/_slm/start`). */
  slmOperationMode: 'RUNNING' | 'STOPPING' | 'STOPPED';
  /** Retention runs asked for with `POST /_slm/_execute_retention`. */
  slmRetentionRuns: number;
}

export function createSnapshotStore(): SnapshotStore {
  return { repositories: new Map(), snapshots: new Map(), slmPolicies: new Map(), slmOperationMode: 'RUNNING', slmRetentionRuns: 0 };
}
