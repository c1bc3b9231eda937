/**
 * The data stream lifecycle's configuration as ES's cluster metadata holds it (8.11+, ES
 * `DataStreamLifecycle`, `DataStreamGlobalRetention`, `RolloverConfiguration`): a stream's
 * `{enabled, data_retention, downsampling}`, the request and template parsers with ES's messages, the
 * composition of templates' lifecycles, the effective retention under the global retention settings,
 * the default rollover (`cluster.lifecycle.default.rollover`, `max_age=auto`) and how each prints.
 * Pure data and functions: no clock, no I/O; what runs the lifecycle lives in `lifecycle/data-stream-lifecycle/`.
 */
import { EsException, illegalArgument } from '../errors';
import type { JsonTokenizer } from '../xcontent/json-tokens';
import { booleanValue, parseObject, timeValue } from '../xcontent/object-parser';
import { parseByteSize } from '../xcontent/byte-size';
import { javaHashMapOrder } from '../xcontent/java-order';
import { formatTimeValueToString, parseTimeValue, TimeValue, timeValueStringRep } from '../xcontent/time';
import type { Profile } from '../profile';

/** One downsampling round (ES `DataStreamLifecycle.DownsamplingRound`): how old, and to what interval. */
export interface DownsamplingRound {
  readonly after: TimeValue;
  /** The `fixed_interval` as written (`1h`), and what it measures. */
  readonly fixedInterval: string;
  readonly fixedIntervalMillis: number;
}

/** A data stream's lifecycle (ES `DataStreamLifecycle` of type data). */
export interface DataStreamLifecycle {
  readonly enabled: boolean;
  readonly dataRetention: TimeValue | null;
  readonly downsampling: readonly DownsamplingRound[] | null;
}

/**
 * A template's lifecycle (ES `DataStreamLifecycle.Template`): like a stream's, but each of retention
 * and downsampling is either absent (`undefined`, keeps what an earlier template set) or a value,
 * `null` resetting it.
 */
export interface LifecycleTemplate {
  readonly enabled: boolean;
  readonly dataRetention: TimeValue | null | undefined;
  readonly downsampling: readonly DownsamplingRound[] | null | undefined;
}

/** ES `DataStreamGlobalRetention`: the cluster-wide default and maximum (null: not set). */
export interface GlobalRetention {
  readonly defaultRetention: TimeValue | null;
  readonly maxRetention: TimeValue | null;
}

/** ES `DataStreamLifecycle.RetentionSource#displayName`. */
export type RetentionSource = 'data_stream_configuration' | 'default_global_retention' | 'max_global_retention';

export const SETTING_DSL_POLL_INTERVAL = 'data_streams.lifecycle.poll_interval';
export const SETTING_DEFAULT_RETENTION = 'data_streams.lifecycle.retention.default';
export const SETTING_MAX_RETENTION = 'data_streams.lifecycle.retention.max';
export const SETTING_DEFAULT_ROLLOVER = 'cluster.lifecycle.default.rollover';
export const SETTING_MERGE_FACTOR = 'data_streams.lifecycle.target.merge.policy.merge_factor';
export const SETTING_FLOOR_SEGMENT = 'data_streams.lifecycle.target.merge.policy.floor_segment';
/** ES `DataStreamLifecycle.CLUSTER_LIFECYCLE_DEFAULT_ROLLOVER_SETTING`'s default. */
export const DEFAULT_ROLLOVER = 'max_age=auto,max_primary_shard_size=50gb,min_docs=1,max_primary_shard_docs=200000000';
/** ES `DataStreamGlobalRetention.MIN_RETENTION_VALUE`. */
const MIN_GLOBAL_RETENTION_MILLIS = 10_000;
/** ES `DownsamplingRound.FIVE_MINUTES_MILLIS`. */
const FIVE_MINUTES_MILLIS = 300_000;

const DAY = 86_400_000;

/** ES `DateHistogramInterval`'s fixed units, as `fixed_interval` takes them. */
function fixedIntervalMillis(text: string): number | null {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  if (!m) return null;
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY }[m[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * factor;
}

/** A downsampling round read at its START_OBJECT (ES `DownsamplingRound.PARSER`, `downsampling_round`). */
function parseRound(p: JsonTokenizer): DownsamplingRound {
  return parseObject(p, {
    name: 'downsampling_round',
    constructing: true,
    fields: [
      { name: 'after', type: 'STRING', constructorArg: 'optional', parse: (t) => timeValue(t, 'after') },
      { name: 'fixed_interval', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
    ],
    build: (v) => {
      const interval = v.get('fixed_interval') as string;
      const millis = fixedIntervalMillis(interval);
      // Divergence: ES accepts calendar-free units only through `DateHistogramInterval`; an interval it
      // cannot read fails later there with its own message. The simulator refuses it here.
      if (millis === null)
        throw new EsException(
          illegalArgument(`failed to parse setting [date_histogram.fixedInterval] with value [${interval}] as a time value: unit is missing or unrecognized`),
        );
      if (millis < FIVE_MINUTES_MILLIS) {
        throw new EsException(illegalArgument(`A downsampling round must have a fixed interval of at least five minutes but found: ${interval}`));
      }
      const after = v.get('after') as TimeValue | undefined;
      // Divergence: ES's constructor would fail on a missing `after` with a NullPointerException.
      if (after === undefined) throw new EsException(illegalArgument('Required [after]'));
      return { after, fixedInterval: interval, fixedIntervalMillis: millis };
    },
  });
}

/** ES `DownsamplingRound#validateRounds` and `DownsampleConfig#validateSourceAndTargetIntervals`. */
function validateRounds(rounds: readonly DownsamplingRound[]): void {
  if (rounds.length === 0) throw new EsException(illegalArgument('Downsampling configuration should have at least one round configured.'));
  if (rounds.length > 10) throw new EsException(illegalArgument(`Downsampling configuration supports maximum 10 configured rounds. Found: ${rounds.length}`));
  for (let i = 1; i < rounds.length; i++) {
    const previous = rounds[i - 1]!;
    const round = rounds[i]!;
    if (round.after.millis < previous.after.millis) {
      throw new EsException(
        illegalArgument(
          `A downsampling round must have a later 'after' value than the proceeding, ${timeValueStringRep(round.after)} is not after ${timeValueStringRep(previous.after)}.`,
        ),
      );
    }
    if (round.fixedIntervalMillis <= previous.fixedIntervalMillis) {
      throw new EsException(
        illegalArgument(`Downsampling interval [${round.fixedInterval}] must be greater than the source index interval [${previous.fixedInterval}].`),
      );
    }
    if (round.fixedIntervalMillis % previous.fixedIntervalMillis !== 0) {
      throw new EsException(
        illegalArgument(`Downsampling interval [${round.fixedInterval}] must be a multiple of the source index interval [${previous.fixedInterval}].`),
      );
    }
  }
}

function parseRounds(p: JsonTokenizer): readonly DownsamplingRound[] | null {
  if (p.currentToken() === 'VALUE_NULL') return null;
  const rounds: DownsamplingRound[] = [];
  if (p.currentToken() === 'START_OBJECT') rounds.push(parseRound(p));
  else {
    for (let token = p.nextToken(); token !== 'END_ARRAY' && token !== null; token = p.nextToken()) rounds.push(parseRound(p));
  }
  validateRounds(rounds);
  return rounds;
}

/**
 * A lifecycle body: `PUT /_data_stream/<name>/_lifecycle` (ES `PutDataStreamLifecycleAction.Request`
 * parser, named `put_data_stream_lifecycle_request`) or a template's `lifecycle` (ES
 * `DataStreamLifecycle.Template` parser, named `lifecycle`). `null` retention or downsampling resets.
 */
export function parseLifecycleBody(p: JsonTokenizer, parserName: string): LifecycleTemplate {
  return parseObject(p, {
    name: parserName,
    fields: [
      { name: 'data_retention', type: 'STRING_OR_NULL', parse: (t) => (t.currentToken() === 'VALUE_NULL' ? null : timeValue(t, 'data_retention')) },
      { name: 'downsampling', type: 'OBJECT_ARRAY', parse: parseRounds },
      { name: 'enabled', type: 'BOOLEAN', parse: booleanValue },
    ],
    build: (v) => ({
      enabled: v.has('enabled') ? (v.get('enabled') as boolean) : true,
      dataRetention: v.has('data_retention') ? (v.get('data_retention') as TimeValue | null) : undefined,
      downsampling: v.has('downsampling') ? (v.get('downsampling') as readonly DownsamplingRound[] | null) : undefined,
    }),
  });
}

/** A template's lifecycle as the stream gets it on its own. */
export function lifecycleOf(template: LifecycleTemplate): DataStreamLifecycle {
  return { enabled: template.enabled, dataRetention: template.dataRetention ?? null, downsampling: template.downsampling ?? null };
}

/**
 * ES `MetadataIndexTemplateService#composeDataLifecycles`: the component templates' lifecycles in
 * order, then the index template's; each later one sets `enabled`, and its retention and downsampling
 * when it names them (`null` resets). Null when none has a lifecycle.
 */
export function composeLifecycles(templates: readonly LifecycleTemplate[]): DataStreamLifecycle | null {
  let enabled: boolean | null = null;
  let dataRetention: TimeValue | null = null;
  let downsampling: readonly DownsamplingRound[] | null = null;
  for (const t of templates) {
    enabled = t.enabled;
    if (t.dataRetention !== undefined) dataRetention = t.dataRetention;
    if (t.downsampling !== undefined) downsampling = t.downsampling;
  }
  return enabled === null ? null : { enabled, dataRetention, downsampling };
}

/**
 * ES `DataStreamLifecycle#getEffectiveDataRetentionWithSource`: none while disabled; the stream's own
 * for an internal (dot-prefixed) stream or without global retention; else the default global retention
 * for a stream without its own (or the max), and the max when the stream's own exceeds it.
 */
export function effectiveRetention(
  lifecycle: DataStreamLifecycle,
  global: GlobalRetention | null,
  internal: boolean,
): { readonly retention: TimeValue | null; readonly source: RetentionSource } {
  if (!lifecycle.enabled) return { retention: null, source: 'data_stream_configuration' };
  if (global === null || internal) return { retention: lifecycle.dataRetention, source: 'data_stream_configuration' };
  if (lifecycle.dataRetention === null) {
    return global.defaultRetention !== null
      ? { retention: global.defaultRetention, source: 'default_global_retention' }
      : { retention: global.maxRetention, source: 'max_global_retention' };
  }
  if (global.maxRetention !== null && global.maxRetention.millis < lifecycle.dataRetention.millis) {
    return { retention: global.maxRetention, source: 'max_global_retention' };
  }
  return { retention: lifecycle.dataRetention, source: 'data_stream_configuration' };
}

/**
 * ES `DataStreamLifecycle#addWarningHeaderIfDataRetentionNotEffective` (8.19, 9.1 wording): the warning a
 * request setting this lifecycle gets when the global retention overrides it, or null (no global
 * retention, an internal stream, no effective retention, or the stream's own applies).
 */
export function retentionWarning(lifecycle: DataStreamLifecycle, global: GlobalRetention | null, internal: boolean): string | null {
  if (global === null || internal) return null;
  const { retention, source } = effectiveRetention(lifecycle, global, internal);
  if (retention === null) return null;
  const applied = timeValueStringRep(retention);
  if (source === 'default_global_retention') {
    return `Not providing a retention is not allowed for this project. The default retention of [${applied}] will be applied.`;
  }
  if (source === 'max_global_retention') {
    const provided =
      lifecycle.dataRetention === null
        ? 'Not providing a retention is not allowed for this project.'
        : `The retention provided [${timeValueStringRep(lifecycle.dataRetention)}] is exceeding the max allowed data retention of this project [${applied}].`;
    return `${provided} The max retention of [${applied}] will be applied`;
  }
  return null;
}

/**
 * ES `DataStreamGlobalRetentionSettings#get`: the two settings (the node's `-1` default meaning unset);
 * null when neither is set.
 */
export function globalRetentionFrom(defaultText: string | null, maxText: string | null): GlobalRetention | null {
  const read = (text: string | null, key: string): TimeValue | null => {
    if (text === null) return null;
    const parsed = parseTimeValue(text, key);
    return parsed.ok && parsed.value.millis >= 0 ? parsed.value : null;
  };
  const defaultRetention = read(defaultText, SETTING_DEFAULT_RETENTION);
  const maxRetention = read(maxText, SETTING_MAX_RETENTION);
  return defaultRetention === null && maxRetention === null ? null : { defaultRetention, maxRetention };
}

/**
 * ES `DataStreamGlobalRetention`'s constructor checks, for a settings update that would leave the two
 * values as given: each at least 10s, the default not above the max. The reason, or null.
 */
export function globalRetentionError(defaultText: string | null, maxText: string | null): string | null {
  const values: Array<TimeValue | null> = [];
  for (const [text, key] of [
    [defaultText, SETTING_DEFAULT_RETENTION],
    [maxText, SETTING_MAX_RETENTION],
  ] as const) {
    if (text === null) {
      values.push(null);
      continue;
    }
    const parsed = parseTimeValue(text, key);
    if (!parsed.ok) return parsed.reason;
    values.push(parsed.value.millis === -1 ? null : parsed.value);
  }
  const [def, max] = values as [TimeValue | null, TimeValue | null];
  if (def !== null && max !== null && def.millis > max.millis) {
    return `Default global retention [${timeValueStringRep(def)}] cannot be greater than the max global retention [${timeValueStringRep(max)}].`;
  }
  if ((def !== null && def.millis < MIN_GLOBAL_RETENTION_MILLIS) || (max !== null && max.millis < MIN_GLOBAL_RETENTION_MILLIS)) {
    return 'Global retention values should be greater than 10s';
  }
  return null;
}

/** One condition of the default rollover: its name and ES's value (a time value, a byte size text, a count). */
export type DefaultRolloverCondition =
  | { readonly name: string; readonly kind: 'age'; readonly value: TimeValue }
  | { readonly name: string; readonly kind: 'size'; readonly value: string; readonly bytes: number }
  | { readonly name: string; readonly kind: 'docs'; readonly value: number };

/** ES `RolloverConfiguration`: concrete conditions in the order given, and the automatic ones (`max_age=auto`). */
export interface RolloverConfiguration {
  readonly concrete: readonly DefaultRolloverCondition[];
  readonly automatic: readonly string[];
}

const AGE_CONDITIONS = ['max_age', 'min_age'];
const SIZE_CONDITIONS = ['max_size', 'max_primary_shard_size', 'min_size', 'min_primary_shard_size'];
const DOC_CONDITIONS = ['max_docs', 'max_primary_shard_docs', 'min_docs', 'min_primary_shard_docs'];

/**
 * ES `RolloverConfiguration#parseSetting`: `condition=value` pairs, `max_age` may be `auto`. Throws
 * ES's `SettingsException` messages as `illegal_argument_exception` (the setting update wraps them so).
 */
export function parseRolloverSetting(input: string, setting: string = SETTING_DEFAULT_ROLLOVER): RolloverConfiguration {
  if (input.trim() === '') throw new EsException(illegalArgument('The rollover conditions cannot be null or blank'));
  const concrete: DefaultRolloverCondition[] = [];
  const automatic: string[] = [];
  const seen = new Set<string>();
  for (const part of input.split(',')) {
    const keyValue = part.split('=');
    if (keyValue.length !== 2) throw new EsException(illegalArgument(`Invalid condition: '${part}', format must be 'condition=value'`));
    const [name, value] = keyValue as [string, string];
    if (seen.has(name)) throw new EsException(illegalArgument(`Found duplicate condition: '${name}'`));
    seen.add(name);
    if (AGE_CONDITIONS.includes(name)) {
      if (value === 'auto') {
        if (name !== 'max_age') throw new EsException(illegalArgument(`Condition '${name}' does not support automatic configuration.`));
        automatic.push(name);
        continue;
      }
      const parsed = parseTimeValue(value, setting);
      if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
      concrete.push({ name, kind: 'age', value: parsed.value });
    } else if (SIZE_CONDITIONS.includes(name)) {
      if (value === 'auto') throw new EsException(illegalArgument(`Condition '${name}' does not support automatic configuration.`));
      const size = parseByteSize(value, setting);
      concrete.push({ name, kind: 'size', value: size.text, bytes: size.bytes });
    } else if (DOC_CONDITIONS.includes(name)) {
      if (value === 'auto') throw new EsException(illegalArgument(`Condition '${name}' does not support automatic configuration.`));
      const count = /^-?\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(count)) {
        throw new EsException(illegalArgument(`Invalid value '${value}' in setting '${setting}', the value is expected to be of type long`));
      }
      concrete.push({ name, kind: 'docs', value: count });
    } else {
      throw new EsException(illegalArgument(`Unknown condition: '${name}'`));
    }
  }
  return { concrete, automatic };
}

/**
 * ES `RolloverConfiguration#evaluateMaxAgeCondition`: 30 days without retention, then 1 day up to 14
 * days of retention, 7 days up to 90, 30 beyond. Releases after 9.1 add 1 hour for a retention of a
 * day or less (elastic/elasticsearch#130960); the profile says which table applies.
 */
export function autoMaxAgeMillis(retention: TimeValue | null, profile: Profile): number {
  if (retention === null) return 30 * DAY;
  if (profile.dataStreamLifecycle?.hourlyRolloverForSubDayRetention && retention.millis <= DAY) return 3_600_000;
  if (retention.millis <= 14 * DAY) return DAY;
  if (retention.millis <= 90 * DAY) return 7 * DAY;
  return 30 * DAY;
}

/** ES `RolloverConfiguration#resolveRolloverConditions`: the concrete conditions with `max_age=auto` evaluated. */
export function resolveRolloverConditions(config: RolloverConfiguration, retention: TimeValue | null, profile: Profile): DefaultRolloverCondition[] {
  const out = [...config.concrete];
  if (config.automatic.includes('max_age')) {
    const millis = autoMaxAgeMillis(retention, profile);
    const value: TimeValue = millis % DAY === 0 ? { duration: millis / DAY, unit: 'd', millis } : { duration: millis / 3_600_000, unit: 'h', millis };
    out.push({ name: 'max_age', kind: 'age', value });
  }
  return out;
}

function conditionShown(c: DefaultRolloverCondition): unknown {
  return c.kind === 'age' ? timeValueStringRep(c.value) : c.value;
}

/**
 * ES `RolloverConfiguration#evaluateAndConvertToXContent`: the concrete conditions (`RolloverConditions`
 * keeps them in a HashMap), then each automatic one as `<value> [automatic]`.
 */
export function rolloverToXContent(config: RolloverConfiguration, retention: TimeValue | null, profile: Profile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const byName = new Map(config.concrete.map((c) => [c.name, c]));
  for (const name of javaHashMapOrder([...byName.keys()])) out[name] = conditionShown(byName.get(name)!);
  for (const name of config.automatic) out[name] = `${formatTimeValueToString(autoMaxAgeMillis(retention, profile))} [automatic]`;
  return out;
}

/** ES `DownsamplingRound#toXContent`. */
function roundsToXContent(rounds: readonly DownsamplingRound[]): unknown[] {
  return rounds.map((r) => ({ after: timeValueStringRep(r.after), fixed_interval: r.fixedInterval }));
}

export interface LifecycleXContentOptions {
  /** Print `effective_retention` and `retention_determined_by` (GET lifecycle, GET data stream, explain). */
  readonly effective: boolean;
  readonly global: GlobalRetention | null;
  readonly internal: boolean;
  /** The default rollover, printed when `include_defaults` asks for it. */
  readonly rollover: RolloverConfiguration | null;
}

/** ES `DataStreamLifecycle#toXContent(builder, params, rollover, globalRetention, isInternal)`. */
export function lifecycleToXContent(lifecycle: DataStreamLifecycle, options: LifecycleXContentOptions, profile: Profile): Record<string, unknown> {
  const out: Record<string, unknown> = { enabled: lifecycle.enabled };
  if (lifecycle.dataRetention !== null) out['data_retention'] = timeValueStringRep(lifecycle.dataRetention);
  const effective = effectiveRetention(lifecycle, options.global, options.internal);
  if (options.effective && effective.retention !== null) {
    out['effective_retention'] = timeValueStringRep(effective.retention);
    out['retention_determined_by'] = effective.source;
  }
  if (lifecycle.downsampling !== null) out['downsampling'] = roundsToXContent(lifecycle.downsampling);
  if (options.rollover !== null) out['rollover'] = rolloverToXContent(options.rollover, effective.retention, profile);
  return out;
}

/** ES `DataStreamLifecycle.Template#toXContent` (GET of a template): the lifecycle as the template holds it. */
export function lifecycleTemplateToXContent(template: LifecycleTemplate, defaults?: TemplateDefaults): Record<string, unknown> {
  const out: Record<string, unknown> = { enabled: template.enabled };
  const retention = template.dataRetention !== undefined && template.dataRetention !== null ? template.dataRetention : null;
  if (retention !== null) out['data_retention'] = timeValueStringRep(retention);
  if (template.downsampling !== undefined && template.downsampling !== null) out['downsampling'] = roundsToXContent(template.downsampling);
  // `include_defaults`: the default rollover, its automatic max_age from the template's own retention
  // (a template has no global retention applied; a disabled lifecycle has none).
  if (defaults) out['rollover'] = rolloverToXContent(defaults.rollover, template.enabled ? retention : null, defaults.profile);
  return out;
}

/** What `include_defaults` adds to a template's lifecycle (ES passes the `RolloverConfiguration`). */
export interface TemplateDefaults {
  readonly rollover: RolloverConfiguration;
  readonly profile: Profile;
}
