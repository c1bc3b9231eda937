/**
 * One run of the data stream lifecycle (8.11+), as ES's `DataStreamLifecycleService#run` does it on
 * each of its polls: for every stream with an enabled lifecycle, in name order, roll the write index
 * over when the default rollover conditions hold, delete the backing indices past the effective
 * retention (never the write index), set the merge policy and force merge what rolled over, and run the
 * downsampling rounds of time series streams; failures go to the error store (ES
 * `DataStreamLifecycleErrorStore`) and are retried on the next run. Pure over the cluster: time is an
 * argument, randomness comes from the caller; it never schedules anything (the simulator does).
 */
import { Cluster, DataStream, IndexMetadata, SETTING_BLOCKS_WRITE, touch } from '../../cluster/cluster';
import {
  DataStreamLifecycle,
  DEFAULT_ROLLOVER,
  effectiveRetention,
  GlobalRetention,
  globalRetentionFrom,
  parseRolloverSetting,
  resolveRolloverConditions,
  RolloverConfiguration,
  SETTING_DEFAULT_RETENTION,
  SETTING_DEFAULT_ROLLOVER,
  SETTING_FLOOR_SEGMENT,
  SETTING_MAX_RETENTION,
  SETTING_MERGE_FACTOR,
} from '../../cluster/data-stream-lifecycle-config';
import { effectiveClusterSetting } from '../../cluster/cluster-settings';
import { deleteBackingIndex, isManagedByDataStreamLifecycle, replaceBackingIndex, rolloverDataStream, writeIndexName } from '../../cluster/data-streams';
import { isTimeSeries } from '../../cluster/time-series';
import { EsError, EsException, throwableXContent } from '../../errors';
import type { Profile } from '../../profile';
import type { StepKey } from '../../cluster/step-key';
import { ConditionValue, conditionResults, conditionsMet, earliestMet } from '../rollover-conditions';
import { createDownsampledIndex, downsampleIndexName, SETTING_DOWNSAMPLE_STATUS } from '../actions/downsample';
import type { FaultTable } from '../faults';

/** How many deleted generations the state remembers for the timeline (memory stays bounded over long runs). */
const DELETED_GENERATIONS_KEPT = 10_000;
/** ES `DataStreamLifecycleErrorStore.MAX_ERROR_MESSAGE_LENGTH`. */
const MAX_ERROR_MESSAGE_LENGTH = 1000;
/** ES `MergePolicyConfig` settings the lifecycle sets before it force merges. */
export const SETTING_INDEX_MERGE_FACTOR = 'index.merge.policy.merge_factor';
export const SETTING_INDEX_FLOOR_SEGMENT = 'index.merge.policy.floor_segment';

/** A force merge or a downsampling the lifecycle did to a generation: the index it made or merged, and when. */
export interface GenerationEvent {
  readonly action: 'forcemerge' | 'downsample';
  readonly index: string;
  readonly atMillis: number;
  /** The downsampling round's `fixed_interval`. */
  readonly fixedInterval?: string;
}

/**
 * A generation the lifecycle changed besides its rollover: its first index's name and instants (a
 * downsampled index replaces its source, and has neither its creation date nor its rollover), and
 * what was done to it, in order.
 */
export interface GenerationRecord {
  readonly index: string;
  readonly createdMillis: number;
  readonly rolledOverMillis: number | null;
  readonly events: GenerationEvent[];
}

/** ES `ErrorEntry`: when the error was first and last recorded, its message and the retries since. */
export interface ErrorEntry {
  readonly firstOccurrenceMillis: number;
  readonly message: string;
  readonly lastRecordedMillis: number;
  readonly retryCount: number;
}

/**
 * What the data stream lifecycle keeps in memory on the master (not in the cluster state): the error
 * store, the indices it force merged, and when its job runs (its own schedule, separate from ILM's).
 */
export class DataStreamLifecycleState {
  readonly errors = new Map<string, ErrorEntry>();
  /**
   * Divergence: ES marks a force merged index in its custom metadata (`data_stream_lifecycle`,
   * `force_merge_completed_timestamp`); the simulator keeps the indices' UUIDs here.
   */
  readonly merged = new Set<string>();
  /**
   * The generations retention deleted, oldest first (for the timeline), the newest
   * `DELETED_GENERATIONS_KEPT` only.
   */
  readonly deleted: Array<{
    index: string;
    dataStream: string;
    createdMillis: number;
    rolledOverMillis: number | null;
    deletedMillis: number;
    events: readonly GenerationEvent[];
  }> = [];
  /**
   * The generations force merged or downsampled, by their current index's name (for the timeline and
   * `ilm-sim plan`); a record goes with its index. Divergence: ES keeps no such record (a merge leaves
   * a timestamp in the index's custom metadata, a downsampled index names its source in its settings).
   */
  readonly generations = new Map<string, GenerationRecord>();
  /** The record of `index`'s generation in `ds`, made on its first event. */
  generationOf(ds: DataStream, index: IndexMetadata): GenerationRecord {
    let record = this.generations.get(index.name);
    if (record === undefined) {
      record = { index: index.name, createdMillis: index.creationDate, rolledOverMillis: index.rolloverInfos.get(ds.name)?.timeMillis ?? null, events: [] };
      this.generations.set(index.name, record);
    }
    return record;
  }

  /** The instant the schedule counts from (start, or the last poll interval change) and its interval. */
  anchorMillis: number;
  intervalMillis: number;

  constructor(startMillis: number, intervalMillis: number) {
    this.anchorMillis = startMillis;
    this.intervalMillis = intervalMillis;
  }

  /** The next run after `now` (ES `SchedulerEngine` with a `TimeValueSchedule`: every interval from the anchor). */
  nextRunAfter(now: number): number {
    const steps = Math.floor((now - this.anchorMillis) / this.intervalMillis) + 1;
    return this.anchorMillis + Math.max(1, steps) * this.intervalMillis;
  }

  /** The latest run at or before `now`, or null before the first one. */
  lastRunAt(now: number): number | null {
    const steps = Math.floor((now - this.anchorMillis) / this.intervalMillis);
    return steps >= 1 ? this.anchorMillis + steps * this.intervalMillis : null;
  }

  /** ES `getTimeBetweenStarts`: known once two runs have started on the current schedule. */
  timeBetweenStartsMillis(now: number): number | null {
    return Math.floor((now - this.anchorMillis) / this.intervalMillis) >= 2 ? this.intervalMillis : null;
  }

  /** A new poll interval from `now`: the next run falls one interval later (ES reschedules the job). */
  reschedule(now: number, intervalMillis: number): void {
    this.anchorMillis = now;
    this.intervalMillis = intervalMillis;
  }

  /** ES `DataStreamLifecycleErrorStore#recordError`: the same message counts a retry, another starts afresh. */
  recordError(index: string, error: EsError, now: number): void {
    const message = JSON.stringify(throwableXContent(error)).slice(0, MAX_ERROR_MESSAGE_LENGTH);
    const existing = this.errors.get(index);
    if (existing !== undefined && existing.message === message) {
      this.errors.set(index, { ...existing, lastRecordedMillis: now, retryCount: existing.retryCount + 1 });
    } else {
      this.errors.set(index, { firstOccurrenceMillis: now, message, lastRecordedMillis: now, retryCount: 0 });
    }
  }
}

/** Step keys the fault table matches the lifecycle's operations by (`/_sim/faults` `action`). */
const OPERATION_KEYS: Readonly<Record<'rollover' | 'delete' | 'forcemerge' | 'downsample', StepKey>> = {
  rollover: { phase: 'data_stream_lifecycle', action: 'rollover', name: 'rollover' },
  delete: { phase: 'data_stream_lifecycle', action: 'delete', name: 'delete' },
  forcemerge: { phase: 'data_stream_lifecycle', action: 'forcemerge', name: 'forcemerge' },
  downsample: { phase: 'data_stream_lifecycle', action: 'downsample', name: 'downsample' },
};

export interface RunContext {
  readonly cluster: Cluster;
  readonly profile: Profile;
  readonly now: number;
  readonly state: DataStreamLifecycleState;
  readonly faults: FaultTable;
  readonly random: () => number;
}

/** The global retention in force (ES `DataStreamGlobalRetentionSettings#get`), null when none is set. */
export function globalRetentionOf(cluster: Cluster): GlobalRetention | null {
  return globalRetentionFrom(effectiveClusterSetting(cluster, SETTING_DEFAULT_RETENTION), effectiveClusterSetting(cluster, SETTING_MAX_RETENTION));
}

/** `cluster.lifecycle.default.rollover` in force (validated when set). */
export function defaultRolloverOf(cluster: Cluster): RolloverConfiguration {
  return parseRolloverSetting(effectiveClusterSetting(cluster, SETTING_DEFAULT_ROLLOVER) ?? DEFAULT_ROLLOVER);
}

/** ES `DataStream#isInternal`: a system stream or one whose name starts with a dot. */
export function isInternalStream(ds: DataStream): boolean {
  return ds.name.startsWith('.');
}

/** The retention the lifecycle applies to a stream now (null: keep forever). */
export function streamRetentionMillis(cluster: Cluster, ds: DataStream): number | null {
  if (!ds.lifecycle) return null;
  return effectiveRetention(ds.lifecycle, globalRetentionOf(cluster), isInternalStream(ds)).retention?.millis ?? null;
}

/**
 * ES `DataStream#getGenerationLifecycleDate`: null for the write index; else the origination date
 * when set, else when the index was rolled over from this stream, else its creation.
 */
export function generationDateOf(ds: DataStream, index: IndexMetadata): number | null {
  if (writeIndexName(ds) === index.name) return null;
  return index.settings.originationDate ?? index.rolloverInfos.get(ds.name)?.timeMillis ?? index.creationDate;
}

/** The default rollover's conditions for a stream, as the rollover request carries them. */
export function rolloverConditionsFor(cluster: Cluster, profile: Profile, ds: DataStream): Array<readonly [string, ConditionValue]> {
  const retention = ds.lifecycle ? effectiveRetention(ds.lifecycle, globalRetentionOf(cluster), isInternalStream(ds)).retention : null;
  return resolveRolloverConditions(defaultRolloverOf(cluster), retention, profile).map(
    (c) => [c.name, c.kind === 'size' ? { bytes: c.bytes, text: c.value } : c.value] as const,
  );
}

function failWith(ctx: RunContext, index: string, operation: keyof typeof OPERATION_KEYS): void {
  const error = ctx.faults.failureFor(index, OPERATION_KEYS[operation], ctx.random);
  if (error) throw new EsException(error);
}

/** Runs `op` for `index`: success clears its recorded error, an ES error is recorded (ES `ErrorRecordingActionListener`). */
function recording(ctx: RunContext, index: string, op: () => void): boolean {
  try {
    op();
    ctx.state.errors.delete(index);
    return true;
  } catch (e) {
    if (!(e instanceof EsException)) throw e;
    ctx.state.recordError(index, e.error, ctx.now);
    return false;
  }
}

/** One run over every stream; whether the cluster changed. */
export function runDataStreamLifecycle(ctx: RunContext): boolean {
  const { cluster } = ctx;
  let changed = false;
  // ES `clearErrorStoreForUnmanagedIndices`: errors of indices it no longer manages (or that are gone).
  for (const name of [...ctx.state.errors.keys()]) {
    const index = cluster.indices.get(name);
    if (!index || !isManagedByDataStreamLifecycle(cluster, index)) ctx.state.errors.delete(name);
  }
  for (const name of [...ctx.state.generations.keys()]) if (!cluster.indices.has(name)) ctx.state.generations.delete(name);
  const streams = [...cluster.dataStreams.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const ds of streams) {
    if (!cluster.dataStreams.has(ds.name) || !ds.lifecycle?.enabled) continue;
    if (runStream(ctx, ds, ds.lifecycle)) changed = true;
  }
  return changed;
}

function runStream(ctx: RunContext, ds: DataStream, lifecycle: DataStreamLifecycle): boolean {
  const { cluster, now } = ctx;
  let changed = false;
  const backing = [...ds.indices];
  const exclude = new Set<string>();
  const write = writeIndexName(ds);
  // ES `maybeExecuteRollover`: the write index of this run is left alone for the rest of it.
  if (write !== undefined) {
    exclude.add(write);
    const writeIndex = cluster.indices.get(write);
    if (writeIndex && isManagedByDataStreamLifecycle(cluster, writeIndex)) {
      const conditions = rolloverConditionsFor(cluster, ctx.profile, ds);
      recording(ctx, write, () => {
        failWith(ctx, write, 'rollover');
        if (!conditionsMet(conditions, writeIndex, now, ctx.profile)) return;
        const met = conditionResults(conditions, writeIndex, now)
          .filter(([, ok]) => ok)
          .map(([text]) => text);
        rolloverDataStream(cluster, ctx.profile, ds, met, now);
        changed = true;
      });
    }
  }
  const managed = (name: string): IndexMetadata | null => {
    if (exclude.has(name)) return null;
    const index = cluster.indices.get(name);
    return index && !index.removed && isManagedByDataStreamLifecycle(cluster, index) ? index : null;
  };
  // ES `maybeExecuteRetention`: backing indices whose generation is older than the effective retention.
  const retention = effectiveRetention(lifecycle, globalRetentionOf(cluster), isInternalStream(ds)).retention;
  if (retention !== null) {
    for (const name of backing) {
      const index = managed(name);
      if (!index) continue;
      const generation = generationDateOf(ds, index);
      if (generation === null || now < generation + retention.millis) continue;
      exclude.add(name);
      recording(ctx, name, () => {
        failWith(ctx, name, 'delete');
        deleteBackingIndex(cluster, ctx.profile, name);
        ctx.state.merged.delete(index.uuid);
        const record = ctx.state.generations.get(name);
        ctx.state.generations.delete(name);
        const deleted = ctx.state.deleted;
        deleted.push({
          index: record?.index ?? name,
          dataStream: ds.name,
          createdMillis: record?.createdMillis ?? index.creationDate,
          rolledOverMillis: record ? record.rolledOverMillis : (index.rolloverInfos.get(ds.name)?.timeMillis ?? null),
          deletedMillis: now,
          events: record?.events ?? [],
        });
        if (deleted.length > DELETED_GENERATIONS_KEPT) deleted.splice(0, deleted.length - DELETED_GENERATIONS_KEPT);
        changed = true;
      });
    }
  }
  // ES `maybeExecuteForceMerge`: first the target merge policy, on the next run the force merge.
  const mergeFactor = effectiveClusterSetting(cluster, SETTING_MERGE_FACTOR) ?? '16';
  const floorSegment = effectiveClusterSetting(cluster, SETTING_FLOOR_SEGMENT) ?? '100mb';
  for (const name of backing) {
    const index = managed(name);
    if (!index || ctx.state.merged.has(index.uuid)) continue;
    exclude.add(name);
    if (index.settings.get(SETTING_INDEX_MERGE_FACTOR) !== mergeFactor || index.settings.get(SETTING_INDEX_FLOOR_SEGMENT) !== floorSegment) {
      recording(ctx, name, () => {
        index.settings.set(SETTING_INDEX_FLOOR_SEGMENT, floorSegment);
        index.settings.set(SETTING_INDEX_MERGE_FACTOR, mergeFactor);
        touch(index);
        changed = true;
      });
      continue;
    }
    recording(ctx, name, () => {
      failWith(ctx, name, 'forcemerge');
      index.segmentsPerShard = 1;
      ctx.state.merged.add(index.uuid);
      ctx.state.generationOf(ds, index).events.push({ action: 'forcemerge', index: name, atMillis: ctx.now });
      touch(index);
      changed = true;
    });
  }
  // ES `maybeExecuteDownsampling`: the last round due for each time series backing index.
  if (lifecycle.downsampling !== null) {
    for (const name of [...ds.indices]) {
      const index = managed(name);
      if (!index || !isTimeSeries(index.settings)) continue;
      if (downsample(ctx, ds, lifecycle, index)) changed = true;
    }
  }
  return changed;
}

/**
 * A downsampling round for one index: the write block first (one run), then the downsampled index,
 * which takes the source's place in the stream with the source's generation date, and the source goes
 * (ES `ReplaceSourceWithDownsampleIndexTask`).
 * Divergence: ES downsamples asynchronously and may take several runs; here it completes in the run
 * after the write block.
 */
function downsample(ctx: RunContext, ds: DataStream, lifecycle: DataStreamLifecycle, index: IndexMetadata): boolean {
  const generation = generationDateOf(ds, index);
  if (generation === null) return false;
  const due = (lifecycle.downsampling ?? []).filter((r) => ctx.now >= generation + r.after.millis);
  const round = due[due.length - 1];
  if (round === undefined) return false;
  const current = index.settings.get('index.downsample.interval');
  if (current !== undefined && current === round.fixedInterval) return false;
  const { cluster } = ctx;
  let changed = false;
  recording(ctx, index.name, () => {
    failWith(ctx, index.name, 'downsample');
    if (index.settings.get(SETTING_BLOCKS_WRITE) !== 'true') {
      index.settings.set(SETTING_BLOCKS_WRITE, 'true');
      touch(index);
      changed = true;
      return;
    }
    const targetName = downsampleIndexName(index, round.fixedInterval);
    const existing = cluster.indices.get(targetName);
    const target =
      existing?.settings.get(SETTING_DOWNSAMPLE_STATUS) === 'success'
        ? existing
        : createDownsampledIndex(cluster, ctx.profile, index, targetName, round.fixedInterval, ctx.now);
    if (!target.settings.has('index.lifecycle.origination_date')) target.settings.set('index.lifecycle.origination_date', String(generation));
    replaceBackingIndex(cluster, ctx.profile, ds, index.name, target.name);
    deleteBackingIndex(cluster, ctx.profile, index.name);
    const record = ctx.state.generationOf(ds, index);
    record.events.push({ action: 'downsample', index: target.name, atMillis: ctx.now, fixedInterval: round.fixedInterval });
    ctx.state.generations.delete(index.name);
    ctx.state.generations.set(target.name, record);
    touch(target);
    changed = true;
  });
  return changed;
}

/**
 * The earliest instant from `now` at which a run could change anything if the cluster stays as it is:
 * a write index meeting its rollover conditions (by age only), a generation reaching its retention or a
 * downsampling round, a merge still to do (`now`). Infinity when nothing will happen without a change.
 * The simulator skips the runs before it (they would find nothing to do) until the cluster changes.
 */
export function nextLifecycleWork(cluster: Cluster, profile: Profile, state: DataStreamLifecycleState, now: number): number {
  if (state.errors.size > 0) return now;
  let earliest = Infinity;
  const global = globalRetentionOf(cluster);
  const rollover = defaultRolloverOf(cluster);
  for (const ds of cluster.dataStreams.values()) {
    const lifecycle = ds.lifecycle;
    if (!lifecycle?.enabled) continue;
    const retention = effectiveRetention(lifecycle, global, isInternalStream(ds)).retention;
    const write = writeIndexName(ds);
    for (const name of ds.indices) {
      const index = cluster.indices.get(name);
      if (!index || !isManagedByDataStreamLifecycle(cluster, index)) continue;
      if (name === write) {
        const conditions = resolveRolloverConditions(rollover, retention, profile).map(
          (c) => [c.name, c.kind === 'size' ? { bytes: c.bytes, text: c.value } : c.value] as const,
        );
        earliest = Math.min(earliest, earliestMet(conditions, index, now, profile));
        continue;
      }
      if (!state.merged.has(index.uuid)) return now;
      const generation = generationDateOf(ds, index) ?? index.creationDate;
      if (retention !== null) earliest = Math.min(earliest, generation + retention.millis);
      if (lifecycle.downsampling !== null && isTimeSeries(index.settings)) {
        const current = index.settings.get('index.downsample.interval');
        for (const round of lifecycle.downsampling) if (round.fixedInterval !== current) earliest = Math.min(earliest, generation + round.after.millis);
      }
    }
    if (earliest <= now) return now;
  }
  return Math.max(now, earliest);
}
