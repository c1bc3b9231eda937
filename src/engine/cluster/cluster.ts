/**
 * The simulated cluster: indices with their settings, aliases and ILM execution state, the stored
 * policies, and ILM's operation mode. Steps and request handlers mutate it through the functions
 * here; it does no I/O and never reads the clock (creation dates and times are passed in). UUIDs come
 * from a generator the simulator seeds, so runs are reproducible. It sits at the bottom of `cluster/`:
 * it imports only the plain data it is made of (execution state, step keys, policy model, history,
 * snapshot store), never the operations built on it (data streams, snapshots, index creation) and
 * never `lifecycle/` (the runner keeps its own memos).
 */
import type { DataStreamLifecycle, LifecycleTemplate } from './data-stream-lifecycle-config';
import type { ExecutionState } from './execution-state';
import { HistoryLog } from './history';
import type { PolicyMetadata } from './policy-model';
import { createSnapshotStore, type SnapshotStore } from './snapshot-store';
import type { StepKey } from './step-key';

/** ES `AliasMetadata`: the optional parts of an alias, as given (the filter is kept, never applied). */
export interface AliasMetadata {
  readonly filter?: Readonly<Record<string, unknown>>;
  readonly indexRouting?: string;
  readonly searchRouting?: string;
  readonly isWriteIndex?: boolean;
  readonly isHidden?: boolean;
}

export interface IndexMetadata extends IndexSched {
  readonly name: string;
  readonly uuid: string;
  readonly creationDate: number;
  /** ES `index.provided_name`: the name as requested, date math unresolved (`<logs-{now/d}-000001>`). */
  readonly providedName: string;
  /** Flat setting keys (`index.number_of_shards`) with ES's string values. */
  readonly settings: IndexSettings;
  /** Written only through `setAlias`/`removeAlias` (an index without aliases shares one empty map). */
  aliases: ReadonlyMap<string, AliasMetadata>;
  /** ES custom `ilm` metadata; null until ILM first runs for the index. */
  lifecycle: ExecutionState | null;
  /**
   * ES `IndexMetadata.State`: `open` or `close` (`POST /<index>/_close`, `_open`). Written only by
   * `setIndexState`. ILM's poll reaches closed indices too (ES `IndexLifecycleService#triggerPolicies`
   * loops over every index with a `index.lifecycle.name`, whatever its state, and the runner does not
   * look at it), and ILM's delete step deletes a closed index as an open one.
   * Divergence: a step that reads or writes shards (forcemerge, segment counts, shrink's resize, the
   * searchable snapshot's mount, readonly's block on 6.x) would fail in ES with the index's
   * `index_closed_exception` and go to ERROR; the simulator runs each step on a closed index as on an
   * open one, since which steps fail and with which `step_info` is not settled from the source.
   */
  state: IndexState;
  /** Simulated storage facts the steps consult. */
  segmentsPerShard: number;
  /** Primary documents and their store size; documents are counted, never stored. */
  docsCount: number;
  storeBytes: number;
  /** ES `RolloverInfo` per alias this index was rolled over from: when, and the conditions met. */
  /** Written only through `recordRollover` (an index never rolled over shares one empty map). */
  rolloverInfos: ReadonlyMap<string, RolloverInfo>;
  /** Bumped on every change, so scheduler entries made for an older state can be recognised. */
  generation: number;
  /** This index's name as a history id (see `HistoryLog.nameId`); -1 until its first record. */
  historyNameId: number;
  /** The history's step-key id of `lifecycle`'s position, or -1 when it has none (kept by `setLifecycle`). */
  historyPositionId: number;
  /** The cluster's log of changed indices (shared), so the simulator re-plans only those. */
  readonly changeLog: ChangeLog;
  /** Set when the index is deleted (a scheduler entry holding this record then looks its name up). */
  removed: boolean;
  /** The cluster's lifecycle history (shared). */
  readonly historyLog: HistoryLog;
}

/**
 * Per-index scheduling bookkeeping the simulator keeps on the record itself (`IndexMetadata` has these
 * fields) instead of in maps keyed by name or a separate object: a simulated year of a large cluster
 * makes millions of transitions. Not part of ES's state.
 */
export interface IndexSched {
  /** Async actions scheduled and not yet run: one key, several in scheduling order, or null. */
  pending: StepKey | StepKey[] | null;
  /**
   * Whether the simulator has planned this record at least once. Until then its name may still sit in
   * the simulator's name-keyed sets for an earlier index of the same name, so the flags below say
   * nothing; afterwards they mirror exactly whether the name is in each set.
   */
  planned: boolean;
  /** In the poll set (looked at by the next poll tick). */
  inPoll: boolean;
  /** In the cluster-change set. */
  inClusterChange: boolean;
  /** Watching other indices (a cluster-state wait woken by their changes). */
  watching: boolean;
  /** In the cluster's change log, waiting to be re-planned (see `ChangeLog`). */
  changed: boolean;
  /** In the change log's `copiesChanged` (see `RecordSet`). */
  inCopiesChanged: boolean;
  /**
   * The ILM runner's last step resolution for this record (its own memo, opaque here: the cluster
   * never refers to steps); null until the runner first resolves a step for it. Kept on the record
   * rather than in a map keyed by it: the runner asks several times per transition.
   */
  runnerMemo: object | null;
  /** Shard placement's entry for this record (`shard-placement.ts`, opaque here); null until placed. */
  placementMemo: object | null;
}

/**
 * A set of index records in the order first added, each once, kept as a list and a flag on each
 * record (`IndexSched.inCopiesChanged`) rather than a hashed set: a record is added on every change.
 * Only `ChangeLog.copiesChanged` uses it (one per cluster, so one flag per record suffices).
 */
class RecordSet implements Iterable<IndexMetadata> {
  private records: IndexMetadata[] = [];

  get size(): number {
    return this.records.length;
  }

  add(index: IndexMetadata): void {
    if (index.inCopiesChanged) return;
    index.inCopiesChanged = true;
    this.records.push(index);
  }

  [Symbol.iterator](): Iterator<IndexMetadata> {
    return this.records[Symbol.iterator]();
  }

  clear(): void {
    for (const index of this.records) index.inCopiesChanged = false;
    this.records = [];
  }
}

/**
 * The indices created, changed or deleted since the simulator last looked, in the order they first
 * changed. The simulator re-plans by index name, once per name; the log keeps records in a queue and a
 * flag on each record (`IndexSched.changed`) instead of a set of names, so a change costs no hashing.
 * A deleted record stays in the queue (its name is looked up when it is taken); a name changed with
 * no record at all is kept by name.
 */
export class ChangeLog {
  private queue: Array<IndexMetadata | undefined> = [];
  private head = 0;
  /** Flagged records (each counted once). */
  private flagged = 0;
  private readonly names = new Set<string>();

  /** Whether anything is waiting (zero exactly when nothing is). */
  get size(): number {
    return this.flagged + this.names.size;
  }

  /**
   * Every record added since `shard-limit.ts` last counted copies (created, changed or deleted): it
   * adjusts its running totals from these instead of walking every index on each create.
   */
  readonly copiesChanged = new RecordSet();

  add(index: IndexMetadata): void {
    this.copiesChanged.add(index);
    if (index.changed) return;
    index.changed = true;
    this.flagged++;
    this.queue.push(index);
  }

  /**
   * Calls `visit` with each flagged record waiting to be taken, in order, without taking them (a plain
   * loop: shard placement asks after every cluster change, most often with one or two records waiting).
   */
  forEachWaiting(visit: (index: IndexMetadata) => void): void {
    for (let i = this.head; i < this.queue.length; i++) {
      const index = this.queue[i];
      if (index?.changed) visit(index);
    }
  }

  /** A change to a name no record carries (an index that does not exist). */
  addName(name: string): void {
    this.names.add(name);
  }

  /** Clears a record's flag (it was re-planned under its name through another entry). */
  clear(index: IndexMetadata): void {
    if (!index.changed) return;
    index.changed = false;
    this.flagged--;
  }

  /** The next flagged record, its flag cleared, in the order of first change; undefined when none is left. */
  take(): IndexMetadata | undefined {
    const queue = this.queue;
    while (this.head < queue.length) {
      const index = queue[this.head]!;
      queue[this.head++] = undefined;
      if (index.changed) {
        index.changed = false;
        this.flagged--;
        return index;
      }
    }
    this.queue = [];
    this.head = 0;
    return undefined;
  }

  /** The next name changed with no record, or undefined. */
  takeName(): string | undefined {
    for (const name of this.names) {
      this.names.delete(name);
      return name;
    }
    return undefined;
  }
}

/**
 * An index's settings: a plain map that also remembers the values ILM reads on every look at the
 * index (`index.lifecycle.name`, `index.lifecycle.origination_date`, `index.lifecycle.skip`), so that
 * reading them costs no lookup (every write goes through `set`/`delete`/`clear`).
 */
export class IndexSettings extends Map<string, string> {
  /** `index.lifecycle.name`, null when unset or `""`. */
  lifecycleName: string | null;
  /** `index.lifecycle.origination_date` as a number, null when unset or -1 (see `originationDate`). */
  originationDate: number | null;
  /** `index.lifecycle.skip` is `"true"`. */
  lifecycleSkip: boolean;
  /** Bumped on every write, so what is derived from the settings can be cached. */
  version = 0;
  /**
   * Bumped on every write of a setting shard placement reads (`placementReads`: the shard and replica
   * counts, `index.routing.allocation.*`, `index.store.snapshot.partial`), so that placements are
   * cached across writes of other settings (`index.priority`, `index.lifecycle.*`, blocks...).
   */
  routingVersion = 0;
  /**
   * `index.number_of_shards` and `index.number_of_replicas` as `numberOfShards`/`numberOfReplicas`
   * read them (`Number` of the value, 1 when unset): shard placement and the allocation waits read
   * them at every look at an index.
   */
  shardCount: number;
  replicaCount: number;
  /** The keys set under `index.routing.allocation.`, in no particular order (null: none yet), for `routingKey`. */
  routingKeys: string[] | null;

  constructor(entries?: Iterable<readonly [string, string]>) {
    super();
    this.lifecycleName = null;
    this.originationDate = null;
    this.lifecycleSkip = false;
    this.shardCount = 1;
    this.replicaCount = 1;
    this.routingKeys = null;
    if (entries) for (const [key, value] of entries) this.set(key, value);
  }

  override set(key: string, value: string): this {
    if (placementReads(key)) {
      if (key.startsWith(ROUTING_PREFIX) && !super.has(key)) (this.routingKeys ??= []).push(key);
      this.routingVersion++;
      this.rememberCount(key, value);
    }
    super.set(key, value);
    this.version++;
    this.remember(key, value);
    return this;
  }

  override delete(key: string): boolean {
    this.version++;
    if (placementReads(key)) {
      const at = this.routingKeys === null ? -1 : this.routingKeys.indexOf(key);
      if (at >= 0) this.routingKeys!.splice(at, 1);
      this.routingVersion++;
      this.rememberCount(key, undefined);
    }
    this.remember(key, undefined);
    return super.delete(key);
  }

  override clear(): void {
    this.version++;
    this.routingVersion++;
    this.lifecycleName = null;
    this.originationDate = null;
    this.lifecycleSkip = false;
    this.shardCount = 1;
    this.replicaCount = 1;
    this.routingKeys = null;
    super.clear();
  }

  private rememberCount(key: string, value: string | undefined): void {
    if (key === SETTING_NUMBER_OF_SHARDS) this.shardCount = Number(value ?? '1');
    else if (key === SETTING_NUMBER_OF_REPLICAS) this.replicaCount = Number(value ?? '1');
  }

  private remember(key: string, value: string | undefined): void {
    if (!key.startsWith(LIFECYCLE_PREFIX)) return;
    if (key === SETTING_LIFECYCLE_NAME) this.lifecycleName = value === undefined || value === '' ? null : value;
    else if (key === SETTING_ORIGINATION_DATE) this.originationDate = originationDateOf(value);
    else if (key === SETTING_LIFECYCLE_SKIP) this.lifecycleSkip = value === 'true';
  }
}

const LIFECYCLE_PREFIX = 'index.lifecycle.';
const ROUTING_PREFIX = 'index.routing.allocation.';

/**
 * Whether shard placement reads the setting (`shard-placement.ts`: the shard and replica counts, the
 * allocation filters, tier preference and shards-per-node limit under `index.routing.allocation.`,
 * and `index.store.snapshot.partial` for the frozen-node decider).
 */
export function placementReads(key: string): boolean {
  return key.startsWith(ROUTING_PREFIX) || key === SETTING_NUMBER_OF_SHARDS || key === SETTING_NUMBER_OF_REPLICAS || key === 'index.store.snapshot.partial';
}

/** The origination date a setting value stands for (ES default -1 means unset). */
function originationDateOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  const millis = Number(value);
  return millis === -1 ? null : millis;
}

export type OperationMode = 'RUNNING' | 'STOPPING' | 'STOPPED';

export interface Cluster {
  readonly indices: Map<string, IndexMetadata>;
  readonly policies: Map<string, PolicyMetadata>;
  operationMode: OperationMode;
  /** The one simulated node's id (shrink pins shards to it). */
  readonly nodeId: string;
  /** Seeded source of ES-style base64 UUIDs. */
  readonly newUuid: () => string;
  /** Indices created, changed or deleted since the simulator last looked (see `touch`). */
  readonly changed: ChangeLog;
  /** Every step change of every index, in order (ES's ILM history). */
  readonly history: HistoryLog;
  /** Whether any policy was ever stored (ES then has ILM metadata, which changes some errors). */
  ilmMetadataExists: boolean;
  /** Composable index templates (`PUT /_index_template/<name>`). */
  readonly indexTemplates: Map<string, IndexTemplate>;
  /** Persistent and transient cluster settings (`PUT /_cluster/settings`). */
  readonly clusterSettings: ClusterSettings;
  /** Component templates (`PUT /_component_template/<name>`), composed into index templates. */
  readonly componentTemplates: Map<string, ComponentTemplate>;
  /** Legacy index templates (`PUT /_template/<name>`), used when no composable template matches. */
  readonly legacyTemplates: Map<string, LegacyTemplate>;
  /** Data streams by name (see `data-streams.ts`). */
  readonly dataStreams: Map<string, DataStream>;
  /** Backing index name -> its data stream; kept by the functions in `data-streams.ts`. */
  readonly backingIndexOwner: Map<string, DataStream>;
  /** Alias -> names of the indices holding it; kept by `setAlias`, `removeAlias`, `addIndex`, `deleteIndex`. */
  readonly aliasHolders: Map<string, Set<string>>;
  /** Snapshot repositories, snapshots and SLM policies (see `snapshot-store.ts` and `snapshots.ts`). */
  readonly snapshots: SnapshotStore;
}

/**
 * A data stream (ES `DataStream`): its name and backing indices. Created, rolled over and deleted by the
 * functions in `data-streams.ts`.
 */
export interface DataStream {
  readonly name: string;
  /** Backing index names, oldest first; the last one is the write index. */
  readonly indices: string[];
  generation: number;
  /** `data_stream.hidden` of its template (7.11+). */
  readonly hidden: boolean;
  /**
   * Its data stream lifecycle (8.11+): from the templates at creation, then `PUT|DELETE
   * /_data_stream/<name>/_lifecycle`; null when it has none (absent: none, as before 8.11).
   */
  lifecycle?: DataStreamLifecycle | null;
}

/** A composable index template: what new indices matching its patterns start with. */
export interface IndexTemplate {
  readonly name: string;
  readonly indexPatterns: readonly string[];
  readonly priority: number;
  readonly settings: ReadonlyMap<string, string>;
  readonly aliases: ReadonlyMap<string, AliasMetadata>;
  /** Component templates composed in, in order (their settings and aliases under the template's own). */
  readonly composedOf: readonly string[];
  /** Its `template.lifecycle` (8.11+), absent when it has none. */
  readonly lifecycle?: LifecycleTemplate;
  /** The request body as given (kept for GET). */
  readonly source: Readonly<Record<string, unknown>>;
}

/** A component template (ES `ComponentTemplate`): settings and aliases for index templates to compose. */
export interface ComponentTemplate {
  readonly name: string;
  readonly settings: ReadonlyMap<string, string>;
  readonly aliases: ReadonlyMap<string, AliasMetadata>;
  /** Its `template.lifecycle` (8.11+), absent when it has none. */
  readonly lifecycle?: LifecycleTemplate;
  /** The request body as given (kept for GET). */
  readonly source: Readonly<Record<string, unknown>>;
}

/** Persistent and transient cluster settings: flat keys, ES's string values (see `cluster-settings.ts`). */
export interface ClusterSettings {
  readonly persistent: Map<string, string>;
  readonly transient: Map<string, string>;
}

/** A legacy index template (ES `IndexTemplateMetadata`): patterns, `order`, settings, aliases. */
export interface LegacyTemplate {
  readonly name: string;
  readonly order: number;
  readonly version: number | null;
  readonly indexPatterns: readonly string[];
  /** Flat `index.*` settings with ES's string values. */
  readonly settings: ReadonlyMap<string, string>;
  readonly mappings: Readonly<Record<string, unknown>>;
  readonly aliases: ReadonlyMap<string, AliasMetadata>;
}

export const SETTING_NUMBER_OF_SHARDS = 'index.number_of_shards';
export const SETTING_NUMBER_OF_REPLICAS = 'index.number_of_replicas';
export const SETTING_LIFECYCLE_NAME = 'index.lifecycle.name';
/** `index.lifecycle.skip` (8.19/9.1+): the poll passes the index over. */
export const SETTING_LIFECYCLE_SKIP = 'index.lifecycle.skip';
export const SETTING_ORIGINATION_DATE = 'index.lifecycle.origination_date';
export const SETTING_BLOCKS_WRITE = 'index.blocks.write';
export const SETTING_RESIZE_SOURCE_NAME = 'index.resize.source.name';
export const SETTING_RESIZE_SOURCE_UUID = 'index.resize.source.uuid';
/** The data tier preference (7.10+): the tiers an index's shards go to, first available first. */
export const SETTING_TIER_PREFERENCE = 'index.routing.allocation.include._tier_preference';

/**
 * An empty cluster; `ilmMetadataExists` says whether ILM's metadata is there from the start (see
 * `Profile#ilmMetadataAtStartup`), `historyLimit` bounds the lifecycle history (see `HistoryLog`).
 */
export function createCluster(newUuid: () => string, ilmMetadataExists = false, historyLimit?: number): Cluster {
  return {
    indices: new Map(),
    policies: new Map(),
    operationMode: 'RUNNING',
    nodeId: newUuid(),
    newUuid,
    changed: new ChangeLog(),
    history: new HistoryLog(historyLimit),
    ilmMetadataExists,
    indexTemplates: new Map(),
    legacyTemplates: new Map(),
    componentTemplates: new Map(),
    clusterSettings: { persistent: new Map(), transient: new Map() },
    aliasHolders: new Map(),
    dataStreams: new Map(),
    backingIndexOwner: new Map(),
    snapshots: createSnapshotStore(),
  };
}

export function numberOfShards(index: IndexMetadata): number {
  return index.settings.shardCount;
}

export function numberOfReplicas(index: IndexMetadata): number {
  return index.settings.replicaCount;
}

/** `index.lifecycle.name`, or null when the index is not managed (ES treats `""` as unset). */
export function lifecyclePolicyName(index: IndexMetadata): string | null {
  return index.settings.lifecycleName;
}

/** `index.lifecycle.origination_date` when set (ES default -1 means unset). */
export function originationDate(index: IndexMetadata): number | null {
  return index.settings.originationDate;
}

export function addIndex(
  cluster: Cluster,
  name: string,
  creationDate: number,
  settings: ReadonlyMap<string, string>,
  aliases: ReadonlyMap<string, AliasMetadata> = new Map(),
  providedName: string = name,
  uuid?: string,
): IndexMetadata {
  return addIndexWithSettings(cluster, name, creationDate, new IndexSettings(settings), aliases, providedName, uuid);
}

/**
 * `addIndex` with `settings` taken as the index's own, not copied: for a caller handing over a map
 * nothing else reads or changes afterwards (a twin restored from a model it consumes).
 */
export function addIndexWithSettings(
  cluster: Cluster,
  name: string,
  creationDate: number,
  settings: IndexSettings,
  aliases: ReadonlyMap<string, AliasMetadata> = new Map(),
  providedName: string = name,
  uuid?: string,
): IndexMetadata {
  const index: IndexMetadata = {
    name,
    uuid: uuid ?? cluster.newUuid(),
    creationDate,
    providedName,
    settings,
    aliases: aliases.size === 0 ? NO_ALIASES : new Map(aliases),
    lifecycle: null,
    state: 'open',
    segmentsPerShard: 1,
    docsCount: 0,
    storeBytes: 0,
    rolloverInfos: NO_ROLLOVERS,
    generation: 0,
    historyNameId: -1,
    historyPositionId: -1,
    changeLog: cluster.changed,
    removed: false,
    historyLog: cluster.history,
    // Scheduling state (see `IndexSched`): nothing pending, not planned yet.
    pending: null,
    planned: false,
    inPoll: false,
    inClusterChange: false,
    watching: false,
    changed: false,
    inCopiesChanged: false,
    runnerMemo: null,
    placementMemo: null,
  };
  cluster.indices.set(name, index);
  for (const alias of index.aliases.keys()) holdersOf(cluster, alias).add(name);
  cluster.changed.add(index);
  return index;
}

/** ES `IndexMetadata.State#toString` as the APIs print it (`_cat/indices`' `status`, the cluster state's `state`). */
export type IndexState = 'open' | 'close';

/** Opens or closes an index (ES `MetadataIndexStateService`), noted as a change so waits re-check it. */
export function setIndexState(index: IndexMetadata, state: IndexState): void {
  index.state = state;
  touch(index);
}

export function deleteIndex(cluster: Cluster, name: string): void {
  const index = cluster.indices.get(name);
  for (const alias of index?.aliases.keys() ?? []) removeHolder(cluster, alias, name);
  cluster.indices.delete(name);
  if (index === undefined) {
    cluster.changed.addName(name);
    return;
  }
  index.removed = true;
  // The history keeps the name only while a record names it (issue 14, item 3).
  if (index.historyNameId >= 0) index.historyLog.releaseName(index.historyNameId);
  cluster.changed.add(index);
}

function holdersOf(cluster: Cluster, alias: string): Set<string> {
  let holders = cluster.aliasHolders.get(alias);
  if (!holders) cluster.aliasHolders.set(alias, (holders = new Set()));
  return holders;
}

function removeHolder(cluster: Cluster, alias: string, index: string): void {
  const holders = cluster.aliasHolders.get(alias);
  holders?.delete(index);
  if (holders?.size === 0) cluster.aliasHolders.delete(alias);
}

/**
 * The empty alias and rollover-info maps every index starts with: most indices never get either, and
 * a simulated year of a large cluster makes hundreds of thousands of indices. Never written: the
 * functions below give an index its own map on its first write.
 */
const NO_ALIASES: ReadonlyMap<string, AliasMetadata> = new Map();
const NO_ROLLOVERS: ReadonlyMap<string, RolloverInfo> = new Map();

/** ES `RolloverInfo`: when the index was rolled over from an alias or data stream, and the conditions met. */
export interface RolloverInfo {
  readonly timeMillis: number;
  readonly metConditions: readonly string[];
}

function ownAliases(index: IndexMetadata): Map<string, AliasMetadata> {
  if (index.aliases === NO_ALIASES) index.aliases = new Map();
  return index.aliases as Map<string, AliasMetadata>;
}

/** Records that the index was rolled over from `alias` (an alias or a data stream's name). */
export function recordRollover(index: IndexMetadata, alias: string, info: RolloverInfo): void {
  if (index.rolloverInfos === NO_ROLLOVERS) index.rolloverInfos = new Map();
  (index.rolloverInfos as Map<string, RolloverInfo>).set(alias, info);
}

/** Adds or updates an alias on an index. */
export function setAlias(cluster: Cluster, index: IndexMetadata, alias: string, meta: AliasMetadata): void {
  ownAliases(index).set(alias, meta);
  holdersOf(cluster, alias).add(index.name);
  touch(index);
}

export function removeAlias(cluster: Cluster, index: IndexMetadata, alias: string): void {
  if (index.aliases.has(alias)) ownAliases(index).delete(alias);
  removeHolder(cluster, alias, index.name);
  touch(index);
}

/** Records that an index changed, so the simulator re-plans when it next needs attention. */
export function touch(index: IndexMetadata): void {
  index.generation++;
  index.changeLog.add(index);
}

/**
 * Replaces an index's execution state. A change of step is recorded in the history at the new step
 * time (or `now` when the state carries none), with the error for a move into ERROR.
 */
export function setLifecycle(index: IndexMetadata, state: ExecutionState | null, now?: number): void {
  const fromId = index.historyPositionId;
  index.lifecycle = state;
  touch(index);
  // A change of step: the new state has a position and it differs from the old one (if any).
  if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) {
    index.historyPositionId = -1;
    return;
  }
  const log = index.historyLog;
  const toId = log.keyId(state.phase, state.action, state.step);
  index.historyPositionId = toId;
  if (fromId === toId) return;
  const timeMillis = state.stepTime ?? now;
  if (timeMillis === undefined) return;
  const failed = state.step === 'ERROR';
  log.append(nameIdOf(index), lifecyclePolicyName(index), timeMillis, fromId, toId, !failed, failed && state.stepInfo ? state.stepInfo : undefined);
}

/**
 * Puts back an execution state an index already had (a twin restoring a cluster): the index is on
 * that step from now on, and its next step change is recorded as leaving it, but restoring it is not
 * itself a step change, so nothing is written to the history.
 */
export function restoreLifecycle(index: IndexMetadata, state: ExecutionState | null): void {
  index.lifecycle = state;
  touch(index);
  index.historyPositionId =
    state && state.phase !== undefined && state.action !== undefined && state.step !== undefined
      ? index.historyLog.keyId(state.phase, state.action, state.step)
      : -1;
}

/** The index's name id in its history, made on its first record. */
function nameIdOf(index: IndexMetadata): number {
  if (index.historyNameId < 0 || !index.historyLog.holdsName(index.historyNameId)) index.historyNameId = index.historyLog.nameId(index.name);
  return index.historyNameId;
}

/** Records that an action removed the index (ES writes a `complete` history item for it). */
export function recordRemoval(index: IndexMetadata, key: { phase: string; action: string }, now: number): void {
  const log = index.historyLog;
  const fromId = index.historyPositionId;
  const nameId = nameIdOf(index);
  log.append(nameId, lifecyclePolicyName(index), now, fromId, log.keyId(key.phase, key.action, 'complete'), true);
  // The index is gone (the action deleted it before this record): its name goes with its records.
  if (index.removed) log.releaseName(nameId);
}

/** The indices an alias points at, in cluster order. */
export function indicesForAlias(cluster: Cluster, alias: string): IndexMetadata[] {
  const holders = cluster.aliasHolders.get(alias);
  if (!holders) return [];
  return [...cluster.indices.values()].filter((index) => holders.has(index.name));
}

export function aliasExists(cluster: Cluster, alias: string): boolean {
  return cluster.aliasHolders.has(alias);
}

/** Indices whose `index.lifecycle.name` is the policy, in cluster order. */
export function indicesUsingPolicy(cluster: Cluster, policy: string): IndexMetadata[] {
  const out: IndexMetadata[] = [];
  for (const index of cluster.indices.values()) if (lifecyclePolicyName(index) === policy) out.push(index);
  return out;
}
