/**
 * The downsample interval rules: ES `DateHistogramInterval#estimateMillis`, `DownsampleConfig`'s
 * interval check (`createRounding`) and `TimeseriesLifecycleType#validateDownsamplingIntervals` (later
 * phases must downsample to larger intervals that are multiples of the earlier ones). Messages are
 * ES's. Pure; it reads policies and never the cluster.
 */
import { EsException, illegalArgument } from '../errors';
import type { Phase } from '../cluster/policy-model';
import { parseTimeValue, TimeValue } from '../xcontent/time';

const SECOND = 1000;
/** Java `ChronoUnit.YEARS.getDuration()`: 365.2425 days. */
const YEAR = 31556952 * SECOND;

/**
 * ES `DateHistogramAggregationBuilder.DATE_FIELD_UNITS`: the calendar interval names, each with the
 * estimated length `estimateMillis` gives (the Java base unit's duration of the rounding field).
 */
const CALENDAR_UNITS: ReadonlyMap<string, number> = new Map([
  ['year', YEAR],
  ['1y', YEAR],
  ['quarter', YEAR / 4],
  ['1q', YEAR / 4],
  ['month', YEAR / 12],
  ['1M', YEAR / 12],
  ['week', 7 * 86400 * SECOND],
  ['1w', 7 * 86400 * SECOND],
  ['day', 86400 * SECOND],
  ['1d', 86400 * SECOND],
  ['hour', 3600 * SECOND],
  ['1h', 3600 * SECOND],
  ['minute', 60 * SECOND],
  ['1m', 60 * SECOND],
  ['second', SECOND],
  ['1s', SECOND],
]);

/** A parsed duration's whole milliseconds (ES `TimeValue#getMillis`, truncating). */
function millisOf(value: TimeValue): number {
  return Math.trunc(value.millis);
}

/** ES `DateHistogramInterval#estimateMillis`; an unparsable interval throws ES's IAE. */
export function estimateIntervalMillis(interval: string): number {
  const calendar = CALENDAR_UNITS.get(interval);
  if (calendar !== undefined) return calendar;
  const parsed = parseTimeValue(interval, 'DateHistogramInterval#estimateMillis');
  if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
  return millisOf(parsed.value);
}

/**
 * ES `DownsampleConfig` constructor's check (`createRounding`): a calendar unit, or a fixed time
 * value of at least one millisecond. Run by the `rollup` step when it builds the downsample request.
 */
export function validateDownsampleInterval(interval: string): void {
  if (CALENDAR_UNITS.has(interval)) return;
  const parsed = parseTimeValue(interval, 'createRounding');
  if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
  // ES `Rounding.Builder(TimeValue)`.
  if (millisOf(parsed.value) < 1) throw new EsException(illegalArgument('Zero or negative time interval not supported'));
}

/**
 * ES `TimeseriesLifecycleType#validateDownsamplingIntervals`, the last check of
 * `TimeseriesLifecycleType#validate`: with two or more downsample actions, walking the phases in
 * execution order, each interval must be greater than the previous phase's and a multiple of it.
 * `phaseOrder` is the profile's phase order; `intervalOf` reads a phase's `fixed_interval` (or null).
 */
export function validateDownsamplingIntervals(
  phases: ReadonlyMap<string, Phase>,
  phaseOrder: readonly string[],
  intervalOf: (phase: Phase) => string | null,
): void {
  const steps: Array<{ phase: string; interval: string }> = [];
  for (const name of phaseOrder) {
    const phase = phases.get(name);
    const interval = phase ? intervalOf(phase) : null;
    if (interval !== null) steps.push({ phase: name, interval });
  }
  if (steps.length < 2) return;
  let first = steps[0]!;
  for (const second of steps.slice(1)) {
    const firstMillis = estimateIntervalMillis(first.interval);
    const secondMillis = estimateIntervalMillis(second.interval);
    if (firstMillis >= secondMillis) {
      throw new EsException(
        illegalArgument(
          `Downsampling interval [${second.interval}] for phase [${second.phase}] must be greater than the interval [${first.interval}] for phase [${first.phase}]`,
        ),
      );
    }
    if (firstMillis === 0) {
      // Java's `long % 0` throws ArithmeticException, which ES answers as a server error.
      throw new EsException({ type: 'arithmetic_exception', reason: '/ by zero', status: 500 });
    }
    if (secondMillis % firstMillis !== 0) {
      throw new EsException(
        illegalArgument(
          `Downsampling interval [${second.interval}] for phase [${second.phase}] must be a multiple of the interval [${first.interval}] for phase [${first.phase}]`,
        ),
      );
    }
    first = second;
  }
}
