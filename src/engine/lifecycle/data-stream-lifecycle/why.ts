/**
 * What an index the data stream lifecycle manages waits for (the lifecycle's half of `/_sim/why`):
 * the write index waits for the default rollover conditions, shown against their current values; an
 * index already rolled over waits for its retention, with the instant the lifecycle's run deletes it;
 * a recorded error is retried at the next run. Pure: `now` and the lifecycle's run schedule are arguments.
 */
import type { Cluster, DataStream, IndexMetadata } from '../../cluster/cluster';
import { writeIndexName } from '../../cluster/data-streams';
import type { Profile } from '../../profile';
import { ConditionReport, conditionInWords, conditionReports, conditionsMet, earliestMet } from '../rollover-conditions';
import { ErrorEntry, generationDateOf, rolloverConditionsFor, streamRetentionMillis } from './service';

export interface DataStreamLifecycleWhy {
  readonly index: string;
  readonly dataStream: string;
  readonly waitingFor: 'rollover' | 'retention' | 'nothing' | 'error';
  readonly explanation: string;
  /** The lifecycle's next run, when it looks at the index again. */
  readonly nextCheckMillis: number;
  readonly rollover?: { readonly conditions: readonly ConditionReport[]; readonly metAtMillis: number | null };
  readonly retention?: { readonly retentionMillis: number | null; readonly generationMillis: number; readonly deleteAtMillis: number | null };
  readonly error?: ErrorEntry;
}

/**
 * The report for a backing index the lifecycle manages. `runAtOrAfter` maps an instant to the
 * lifecycle's first run at or after it (its job's schedule).
 */
export function whyDataStreamLifecycle(
  cluster: Cluster,
  profile: Profile,
  ds: DataStream,
  index: IndexMetadata,
  now: number,
  error: ErrorEntry | undefined,
  runAtOrAfter: (millis: number) => number,
): DataStreamLifecycleWhy {
  const nextCheckMillis = runAtOrAfter(now + 1);
  const base = { index: index.name, dataStream: ds.name, nextCheckMillis, ...(error ? { error } : {}) };
  if (writeIndexName(ds) === index.name) {
    const conditions = rolloverConditionsFor(cluster, profile, ds);
    const reports = conditionReports(conditions, index, now);
    const met = conditionsMet(conditions, index, now, profile);
    const earliest = earliestMet(conditions, index, now, profile);
    const metAtMillis = earliest === Infinity ? null : runAtOrAfter(Math.max(earliest, now + 1));
    const words = reports.map((r) => conditionInWords(r)).join(', ');
    return {
      ...base,
      waitingFor: error ? 'error' : 'rollover',
      explanation: error
        ? `the data stream lifecycle's last rollover of data stream [${ds.name}] failed; it retries at its next run`
        : met
          ? `the rollover conditions hold; the data stream lifecycle rolls data stream [${ds.name}] over at its next run`
          : `the write index of data stream [${ds.name}] waits for the default rollover conditions: ${words}`,
      rollover: { conditions: reports, metAtMillis },
    };
  }
  const retentionMillis = streamRetentionMillis(cluster, ds);
  const generationMillis = generationDateOf(ds, index) ?? index.creationDate;
  const deleteAtMillis = retentionMillis === null ? null : runAtOrAfter(Math.max(generationMillis + retentionMillis, now + 1));
  return {
    ...base,
    waitingFor: error ? 'error' : retentionMillis === null ? 'nothing' : 'retention',
    explanation: error
      ? `the data stream lifecycle's last operation on it failed; it retries at its next run`
      : retentionMillis === null
        ? `data stream [${ds.name}] has no effective retention: the data stream lifecycle keeps this index`
        : `the data stream lifecycle deletes it once its generation is older than the retention (at its first run from then)`,
    retention: { retentionMillis, generationMillis, deleteAtMillis },
  };
}
