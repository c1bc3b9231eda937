/**
 * Time-series (TSDB) index facts (ES `IndexMode.TIME_SERIES`, `IndexSettings.TIME_SERIES_START_TIME` /
 * `TIME_SERIES_END_TIME`, `IndexMetadata.INDEX_ROUTING_PATH`): which settings make an index a
 * time-series index, their defaults, and the cross-setting checks ES runs when such an index is
 * created. Pure functions over settings; no clock reads (callers pass `now` where they need it).
 */
import { EsException, illegalArgument } from '../errors';
import { parseInstant } from '../xcontent/time';

export const SETTING_INDEX_MODE = 'index.mode';
export const SETTING_ROUTING_PATH = 'index.routing_path';
export const SETTING_TIME_SERIES_START_TIME = 'index.time_series.start_time';
export const SETTING_TIME_SERIES_END_TIME = 'index.time_series.end_time';

/** `index.mode` values ES 8.19/9.1 know, in `IndexMode.values()` order. */
export const INDEX_MODES = ['standard', 'time_series', 'logsdb', 'lookup'] as const;

/** ES `DateUtils.MAX_MILLIS_BEFORE_MINUS_9999`: the default start time (-9999-01-01T00:00:00Z). */
export const DEFAULT_START_TIME_MILLIS = -377705116800000;
/** ES `DateUtils.MAX_MILLIS_BEFORE_9999`: the default end time (9999-12-31T23:59:59.999Z). */
export const DEFAULT_END_TIME_MILLIS = 253402300799999;

type Settings = ReadonlyMap<string, string | null>;

/** ES `IndexSettings.MODE.get(settings) == IndexMode.TIME_SERIES`. */
export function isTimeSeries(settings: Settings): boolean {
  return settings.get(SETTING_INDEX_MODE) === 'time_series';
}

/** Whether a routing path is set, as a plain value or as a list (`index.routing_path.0`, ...). */
function hasRoutingPath(settings: Settings): boolean {
  const plain = settings.get(SETTING_ROUTING_PATH);
  if (plain !== undefined && plain !== null && plain !== '') return true;
  for (const [key, value] of settings) if (key.startsWith(`${SETTING_ROUTING_PATH}.`) && value !== null) return true;
  return false;
}

/**
 * Parses a `index.time_series.*_time` value.
 *
 * Divergence: ES parses these with its date-setting parser; the simulator accepts ISO 8601 dates and
 * date-times with `Z` or an offset (the forms ES documents and data streams write) and refuses epoch
 * millis, with a message of its own wording.
 */
export function parseTimeSeriesTime(value: string, key: string): number {
  const parsed = /^[0-9]+$/.test(value) ? null : parseInstant(value);
  if (!parsed?.ok) throw new EsException(illegalArgument(`failed to parse value [${value}] for setting [${key}]`));
  return parsed.millis;
}

/** The index's `index.time_series.end_time` in epoch millis, or ES's default (year 9999). */
export function timeSeriesEndMillis(settings: Settings): number {
  const value = settings.get(SETTING_TIME_SERIES_END_TIME);
  return value === undefined || value === null ? DEFAULT_END_TIME_MILLIS : parseTimeSeriesTime(value, SETTING_TIME_SERIES_END_TIME);
}

function timeSeriesStartMillis(settings: Settings): number {
  const value = settings.get(SETTING_TIME_SERIES_START_TIME);
  return value === undefined || value === null ? DEFAULT_START_TIME_MILLIS : parseTimeSeriesTime(value, SETTING_TIME_SERIES_START_TIME);
}

/** Single-value check of `index.mode` (ES `IndexMode.fromString`). */
export function validateIndexMode(value: string): void {
  if (!(INDEX_MODES as readonly string[]).includes(value)) {
    // ES joins the mode names without a separator in this message.
    throw new EsException(illegalArgument(`[${value}] is an invalid index mode, valid modes are: [${INDEX_MODES.join('')}]`));
  }
}

/**
 * The checks that tie the time-series settings together, on a new index's final settings, in the
 * order ES meets them: the `index.mode` validator (settings are validated in sorted key order, so it
 * comes first), then the `index.time_series.end_time` validator, then (for an index without
 * `index.mode`) the standard mode's check when `IndexSettings` is built.
 */
export function validateTimeSeriesSettings(settings: Settings): void {
  const modeSet = settings.get(SETTING_INDEX_MODE) !== undefined && settings.get(SETTING_INDEX_MODE) !== null;
  const timeSeries = isTimeSeries(settings);
  const standardCheck = () => {
    // ES `IndexMode.STANDARD#validateWithOtherSettings`.
    if (hasRoutingPath(settings)) throw requiresTimeSeries(SETTING_ROUTING_PATH);
    if (timeSeriesStartMillis(settings) !== DEFAULT_START_TIME_MILLIS) throw requiresTimeSeries(SETTING_TIME_SERIES_START_TIME);
    if (timeSeriesEndMillis(settings) !== DEFAULT_END_TIME_MILLIS) throw requiresTimeSeries(SETTING_TIME_SERIES_END_TIME);
  };
  if (modeSet) {
    if (timeSeries) {
      // ES `IndexMode.TIME_SERIES#validateWithOtherSettings` (routing partition and index sorting are
      // not simulated settings, so only the routing path remains).
      if (!hasRoutingPath(settings)) {
        throw new EsException(illegalArgument(`[index.mode=time_series] requires a non-empty [${SETTING_ROUTING_PATH}]`));
      }
    } else if (settings.get(SETTING_INDEX_MODE) === 'standard') {
      standardCheck();
    }
  }
  const end = settings.get(SETTING_TIME_SERIES_END_TIME);
  if (end !== undefined && end !== null) {
    if (timeSeriesStartMillis(settings) > timeSeriesEndMillis(settings)) {
      throw new EsException(illegalArgument('index.time_series.end_time must be larger than index.time_series.start_time'));
    }
    if (!timeSeries) throw requiresTimeSeries(SETTING_TIME_SERIES_END_TIME);
  }
  if (!modeSet) standardCheck();
}

function requiresTimeSeries(key: string): EsException {
  return new EsException(illegalArgument(`[${key}] requires [index.mode=time_series]`));
}
