/**
 * The data stream lifecycle's view of one index (ES `TransportExplainDataStreamLifecycleAction` and
 * `ExplainIndexDataStreamLifecycle#toXContent`): whether the lifecycle manages it, its creation,
 * rollover and generation ages, the stream's lifecycle with its effective retention (and the default
 * rollover with `include_defaults`), and the error the last run recorded. Pure: `now` is an argument.
 */
import type { Cluster, IndexMetadata } from '../../cluster/cluster';
import { dataStreamOf, isManagedByDataStreamLifecycle } from '../../cluster/data-streams';
import { lifecycleToXContent } from '../../cluster/data-stream-lifecycle-config';
import type { Profile } from '../../profile';
import { formatAge, formatEsDate } from '../../xcontent/time';
import { DataStreamLifecycleState, defaultRolloverOf, ErrorEntry, generationDateOf, globalRetentionOf, isInternalStream } from './service';

export interface LifecycleExplainOptions {
  readonly includeDefaults: boolean;
  readonly human: boolean;
}

/** ES `ErrorEntry#toXContent` (`humanReadableField` of a `TimeValue`: the millis, and with `human` the value). */
export function errorEntryToXContent(entry: ErrorEntry, human: boolean): Record<string, unknown> {
  return {
    ...(human ? { first_occurrence: formatAge(entry.firstOccurrenceMillis) } : {}),
    first_occurrence_millis: entry.firstOccurrenceMillis,
    message: entry.message,
    ...(human ? { last_recorded: formatAge(entry.lastRecordedMillis) } : {}),
    last_recorded_millis: entry.lastRecordedMillis,
    retry_count: entry.retryCount,
  };
}

/** One index's record under `indices`. */
export function explainLifecycleIndex(
  cluster: Cluster,
  profile: Profile,
  state: DataStreamLifecycleState,
  index: IndexMetadata,
  now: number,
  options: LifecycleExplainOptions,
): Record<string, unknown> {
  const ds = dataStreamOf(cluster, index.name);
  if (ds === null || !ds.lifecycle || !isManagedByDataStreamLifecycle(cluster, index)) {
    return { index: index.name, managed_by_lifecycle: false };
  }
  const out: Record<string, unknown> = { index: index.name, managed_by_lifecycle: true };
  if (options.human) out['index_creation_date'] = formatEsDate(index.creationDate);
  out['index_creation_date_millis'] = index.creationDate;
  out['time_since_index_creation'] = formatAge(Math.max(0, now - index.creationDate));
  const rollover = index.rolloverInfos.get(ds.name);
  if (rollover !== undefined) {
    if (options.human) out['rollover_date'] = formatEsDate(rollover.timeMillis);
    out['rollover_date_millis'] = rollover.timeMillis;
    out['time_since_rollover'] = formatAge(Math.max(0, now - rollover.timeMillis));
  }
  const generation = generationDateOf(ds, index);
  if (generation !== null) out['generation_time'] = formatAge(Math.max(0, now - generation));
  out['lifecycle'] = lifecycleToXContent(
    ds.lifecycle,
    {
      effective: true,
      global: globalRetentionOf(cluster),
      internal: isInternalStream(ds),
      rollover: options.includeDefaults ? defaultRolloverOf(cluster) : null,
    },
    profile,
  );
  const error = state.errors.get(index.name);
  if (error !== undefined) out['error'] = errorEntryToXContent(error, options.human);
  return out;
}
