/**
 * The wait-time threshold of ES `ClusterStateWaitUntilThresholdStep` (7.13+, elastic/elasticsearch#70107):
 * a cluster-state wait that is still unmet once `index.lifecycle.step.wait_time_threshold` (default
 * 12h, an index setting) has passed since the index entered the step (its `step_time`) gives up and
 * moves the index to its fallback step. This module reads the setting and the step time and says
 * whether, and from when, a wait has given up; it never moves an index, reads the clock or schedules
 * anything (the runner and the simulator do, with `now` as an argument).
 *
 * ES builds a message when the wait gives up ("[check-shrink-allocation] lifecycle step, as part of
 * [shrink] action, for index [i] executed for more than [12h]. Abandoning execution and moving to the
 * next fallback step [...]") but only logs it: the wrapped wait reports itself complete with it, and
 * `ExecuteStepsUpdateTask` records no `step_info` for a complete wait, so explain shows none (8.16+
 * keeps the wait's last `step_info` as `previous_step_info`, as for any move).
 */
import type { IndexMetadata } from '../cluster/cluster';
import { parseTimeValue, timeValueStringRep } from '../xcontent/time';

/** ES `LifecycleSettings.LIFECYCLE_STEP_WAIT_TIME_THRESHOLD_SETTING`: dynamic, index scope, a time value. */
export const SETTING_WAIT_TIME_THRESHOLD = 'index.lifecycle.step.wait_time_threshold';
/** The setting's default, `12h`. */
export const DEFAULT_WAIT_TIME_THRESHOLD = '12h';
/** The setting's minimum, `1h`: a smaller value is refused when set. */
export const MIN_WAIT_TIME_THRESHOLD_MILLIS = 3_600_000;

/** The index's threshold as ES holds it: its length, and its text as `TimeValue#toString` prints it. */
export function waitTimeThreshold(index: IndexMetadata): { readonly millis: number; readonly text: string } {
  const parsed = parseTimeValue(index.settings.get(SETTING_WAIT_TIME_THRESHOLD) ?? DEFAULT_WAIT_TIME_THRESHOLD, SETTING_WAIT_TIME_THRESHOLD);
  // The setting is validated when set; a value that does not parse here counts as the default.
  if (!parsed.ok) return { millis: 12 * MIN_WAIT_TIME_THRESHOLD_MILLIS, text: DEFAULT_WAIT_TIME_THRESHOLD };
  return { millis: parsed.value.millis, text: timeValueStringRep(parsed.value) };
}

/**
 * The first instant at which the index's wait has given up (ES `waitedMoreThanThresholdLevel`:
 * `step_time + threshold < now`, so one millisecond after the threshold), or null when the index has
 * no step time.
 */
export function thresholdBreachedFrom(index: IndexMetadata): number | null {
  const stepTime = index.lifecycle?.stepTime;
  if (stepTime === undefined) return null;
  return stepTime + waitTimeThreshold(index).millis + 1;
}

/** Whether the index's wait has passed its threshold at `now`. */
export function thresholdBreached(index: IndexMetadata, now: number): boolean {
  const from = thresholdBreachedFrom(index);
  return from !== null && now >= from;
}
