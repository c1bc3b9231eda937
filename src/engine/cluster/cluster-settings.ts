/**
 * Dynamic cluster settings (`PUT /_cluster/settings`, ES `SettingsUpdater`): persistent and transient
 * values kept as ES keeps them (flat keys, string values), the settings a tool around ILM sets, each
 * with its default and validation (ES's messages). The ones the simulator acts on are
 * `indices.lifecycle.poll_interval` (the simulator reschedules its poll ticks) and
 * `slm.retention_schedule` (when SLM retention runs); the others are kept and shown. Pure over the cluster.
 *
 * Divergence: ES knows several hundred cluster settings; the simulator knows the ones listed here
 * (plus any `logger.*`) and refuses the others as ES refuses an unknown setting.
 */
import type { Cluster } from './cluster';
import type { Profile } from '../profile';
import { EsError, EsException, illegalArgument, parseException } from '../errors';
import { parseTimeValue } from '../xcontent/time';
import { loadSettingsFromMap, validateIntSetting } from './index-settings';
import { parseCron } from './cron';
import { DEFAULT_ROLLOVER, globalRetentionError, parseRolloverSetting, SETTING_DEFAULT_RETENTION, SETTING_MAX_RETENTION } from './data-stream-lifecycle-config';
import { parseByteSize } from '../xcontent/byte-size';
import { simpleMatch } from './index-resolver';

type Validator = (key: string, value: string) => EsError | null;

const timeValue =
  (minMillis: number, minText: string): Validator =>
  (key, value) => {
    const parsed = parseTimeValue(value, key);
    if (!parsed.ok) return illegalArgument(parsed.reason);
    if (parsed.value.millis < minMillis) return illegalArgument(`failed to parse value [${value}] for setting [${key}], must be >= [${minText}]`);
    return null;
  };

const bool: Validator = (_key, value) =>
  value === 'true' || value === 'false' ? null : illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);

const anything: Validator = () => null;

/** The thrown `EsException` of a validator written in the throwing style, as a value. */
function caught(check: () => void): EsError | null {
  try {
    check();
    return null;
  } catch (e) {
    if (e instanceof EsException) return e.error;
    throw e;
  }
}

/** ES `Setting.intSetting(key, default, min)`: an int (32-bit) at least `min`, with ES's messages. */
const intAtLeast =
  (min: number): Validator =>
  (key, value) =>
    caught(() => validateIntSetting(value, key, min));

/**
 * ES `DiskThresholdSettings` watermarks (`RelativeByteSizeValue#parseRelativeByteSizeValue`): a
 * percentage (`85%`, 0-100), a ratio (`0.85`, 0-1) or a byte size (`500mb`), with ES's parse messages.
 * Divergence: ES also checks the three watermarks against one another (low <= high <= flood stage, all
 * of one kind); the simulator checks each value on its own.
 */
const watermark: Validator = (key, value) => {
  const text = value.trim();
  if (text.endsWith('%')) {
    const percent = Number(text.slice(0, -1));
    if (text.length === 1 || !Number.isFinite(percent)) return parseException(`Failed to parse [${value}] as a double`);
    if (percent < 0 || percent > 100) return parseException(`Percentage should be in [0-100], got [${value}]`);
    return null;
  }
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) {
    const ratio = Number(text);
    // ES reads a bare number as a ratio of 0-1 (or a percentage above 1 only with `%`).
    if (ratio < 0 || ratio > 1) return parseException(`Ratio should be in [0-1.0], got [${ratio}]`);
    return null;
  }
  return caught(() => parseByteSize(value, key));
};

/**
 * ES `Setting.byteSizeSetting`: `ByteSizeValue#parseBytesSizeValue`, whose parse exception `Setting#get`
 * rethrows as an illegal argument with the same message (the parse exception its cause).
 */
const byteSize: Validator = (key, value) => {
  const error = caught(() => parseByteSize(value, key));
  return error === null ? null : illegalArgument(error.reason, error);
};

/** Log4j's levels (ES `Loggers.LOG_LEVEL_SETTING` reads a value with `Level.valueOf`). */
const LOG_LEVELS = ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE', 'ALL'];

const logLevel: Validator = (_key, value) =>
  LOG_LEVELS.includes(value.toUpperCase()) ? null : illegalArgument(`Unknown level constant [${value.toUpperCase()}].`);

/**
 * ES `LifecycleSettings.SLM_RETENTION_SCHEDULE_SETTING`: empty, or a cron expression. Divergence: ES
 * adds the cron parser's complaint as `caused_by`; the simulator gives the outer message only.
 */
const cronOrEmpty: Validator = (key, value) =>
  value.trim() === '' || parseCron(value) !== null ? null : illegalArgument(`invalid cron expression [${value}] for SLM retention schedule [${key}]`);

const oneOf =
  (...values: string[]): Validator =>
  (_key, value) =>
    values.includes(value.toLowerCase())
      ? null
      : illegalArgument(`No enum constant org.elasticsearch.cluster.routing.allocation.decider.EnableAllocationDecider.Allocation.${value.toUpperCase()}`);

interface Definition {
  readonly defaultValue: string;
  readonly validate: Validator;
  /** Whether the release knows the setting (every release when absent). */
  readonly knownIn?: (profile: Profile) => boolean;
}

/** The known dynamic settings and their defaults (ES `LifecycleSettings`, `ClusterSettings`). */
const DEFINITIONS: ReadonlyMap<string, Definition> = new Map<string, Definition>([
  ['indices.lifecycle.poll_interval', { defaultValue: '10m', validate: timeValue(1000, '1s') }],
  ['indices.lifecycle.history_index_enabled', { defaultValue: 'true', validate: bool }],
  ['indices.lifecycle.step.master_timeout', { defaultValue: '30s', validate: timeValue(0, '0s') }],
  ['slm.history_index_enabled', { defaultValue: 'true', validate: bool }],
  ['slm.retention_schedule', { defaultValue: '0 30 1 * * ?', validate: cronOrEmpty }],
  // ES `LifecycleSettings.SLM_MINIMUM_INTERVAL_SETTING` (7.11+, elastic/elasticsearch#64452): a positive time.
  ['slm.minimum_interval', { defaultValue: '15m', validate: timeValue(0, '0ms'), knownIn: (profile) => profile.snapshots.slmMinimumInterval }],
  ['slm.retention_duration', { defaultValue: '1h', validate: timeValue(500, '500ms') }],
  ['action.auto_create_index', { defaultValue: 'true', validate: anything }],
  ['action.destructive_requires_name', { defaultValue: 'false', validate: bool }],
  // ES `ShardLimitValidator.SETTING_CLUSTER_MAX_SHARDS_PER_NODE` (6.5+; `MetaData` in 6.x): an int >= 1.
  ['cluster.max_shards_per_node', { defaultValue: '1000', validate: intAtLeast(1) }],
  ['cluster.routing.allocation.enable', { defaultValue: 'all', validate: oneOf('all', 'primaries', 'new_primaries', 'none') }],
  ['cluster.routing.allocation.disk.threshold_enabled', { defaultValue: 'true', validate: bool }],
  ['cluster.routing.allocation.disk.watermark.low', { defaultValue: '85%', validate: watermark }],
  ['cluster.routing.allocation.disk.watermark.high', { defaultValue: '90%', validate: watermark }],
  ['cluster.routing.allocation.disk.watermark.flood_stage', { defaultValue: '95%', validate: watermark }],
  ['xpack.monitoring.collection.enabled', { defaultValue: 'false', validate: bool }],
]);

export const SETTING_POLL_INTERVAL = 'indices.lifecycle.poll_interval';

/** `data_streams.lifecycle.retention.*`: a time value, `-1` (the default) leaving it unset. */
const retentionValue: Validator = (key, value) => {
  const parsed = parseTimeValue(value, key);
  return parsed.ok ? null : illegalArgument(parsed.reason);
};

/** `cluster.lifecycle.default.rollover` (ES `RolloverConfiguration#parseSetting`). */
const rolloverSetting: Validator = (key, value) => {
  try {
    parseRolloverSetting(value, key);
    return null;
  } catch (e) {
    if (e instanceof EsException) return e.error;
    throw e;
  }
};

/**
 * The data stream lifecycle's dynamic settings (8.11+; ES `DataStreamLifecycle`,
 * `DataStreamLifecycleService`, `DataStreamGlobalRetentionSettings`). Releases without the lifecycle
 * refuse them as unknown.
 */
const DATA_STREAM_LIFECYCLE_DEFINITIONS: ReadonlyMap<string, Definition> = new Map([
  ['data_streams.lifecycle.poll_interval', { defaultValue: '5m', validate: timeValue(1000, '1s') }],
  ['data_streams.lifecycle.retention.default', { defaultValue: '-1', validate: retentionValue }],
  ['data_streams.lifecycle.retention.max', { defaultValue: '-1', validate: retentionValue }],
  ['cluster.lifecycle.default.rollover', { defaultValue: DEFAULT_ROLLOVER, validate: rolloverSetting }],
  // ES `DataStreamLifecycleService`: intSetting(16, min 2), byteSizeSetting(100mb), intSetting(10, min 1).
  ['data_streams.lifecycle.target.merge.policy.merge_factor', { defaultValue: '16', validate: intAtLeast(2) }],
  ['data_streams.lifecycle.target.merge.policy.floor_segment', { defaultValue: '100mb', validate: byteSize }],
  ['data_streams.lifecycle.signalling.error_retry_interval', { defaultValue: '10', validate: intAtLeast(1) }],
  // ES `DataStreamLifecycleHealthInfoPublisher.DATA_STREAM_LIFECYCLE_MAX_ERRORS_TO_PUBLISH_SETTING`.
  ['data_streams.lifecycle.max_errors_to_publish', { defaultValue: '500', validate: intAtLeast(0) }],
]);

/**
 * How a release knows `stack.templates.enabled` (ES `StackTemplateRegistry.STACK_TEMPLATES_ENABLED`):
 * `absent` before the stack registry (7.9), `static` in 7.9/7.10 (a node setting only), `dynamic` from
 * 7.11 (elastic/elasticsearch#63764). Changing it stops or resumes installation; it never deletes.
 */
export type StackTemplatesSetting = 'absent' | 'static' | 'dynamic';

const SETTING_STACK_TEMPLATES_ENABLED = 'stack.templates.enabled';

/** Flattens a settings object (`{"indices": {"lifecycle": {...}}}` or dotted keys) to flat keys. */
export function flattenClusterSettings(map: Readonly<Record<string, unknown>>): Map<string, string | null> {
  return loadSettingsFromMap(map);
}

function definitionOf(key: string, profile: Profile | undefined): Definition | null {
  const known = DEFINITIONS.get(key) ?? (profile?.dataStreamLifecycle ? DATA_STREAM_LIFECYCLE_DEFINITIONS.get(key) : undefined);
  if (known) return !known.knownIn || (profile !== undefined && known.knownIn(profile)) ? known : null;
  return key.startsWith('logger.') ? { defaultValue: 'INFO', validate: logLevel } : null;
}

/**
 * Applies a `PUT /_cluster/settings` (ES `SettingsUpdater#updateSettings`): every key checked first,
 * then transient and persistent updates applied (`null` removes). Returns the updates as ES echoes them.
 */
export function updateClusterSettings(
  cluster: Cluster,
  persistentAsSent: ReadonlyMap<string, string | null>,
  transientAsSent: ReadonlyMap<string, string | null>,
  stackTemplates: StackTemplatesSetting = 'absent',
  profile?: Profile,
): { persistent: Map<string, string>; transient: Map<string, string> } {
  const persistent = expandWildcardRemovals(persistentAsSent, cluster.clusterSettings.persistent);
  const transient = expandWildcardRemovals(transientAsSent, cluster.clusterSettings.transient);
  for (const [scope, updates] of [
    ['transient', transient],
    ['persistent', persistent],
  ] as const) {
    for (const [key, value] of updates) {
      const isStackSetting = key === SETTING_STACK_TEMPLATES_ENABLED && stackTemplates !== 'absent';
      const definition = isStackSetting ? { defaultValue: 'true', validate: bool } : definitionOf(key, profile);
      if (!definition) throw new EsException(illegalArgument(`${scope} setting [${key}], not recognized`));
      // ES `AbstractScopedSettings#validateUpdate`: a registered node setting that is not dynamic.
      if (isStackSetting && stackTemplates === 'static') throw new EsException(illegalArgument(`${scope} setting [${key}], not dynamically updateable`));
      if (value !== null) {
        const error = definition.validate(key, value);
        if (error) throw new EsException(error);
      }
    }
  }
  if (profile?.dataStreamLifecycle) {
    // ES `DataStreamGlobalRetentionSettings`: the two retentions are checked together, as they would stand.
    const after = (key: string): string | null => {
      for (const updates of [transient, persistent]) if (updates.has(key)) return updates.get(key) ?? null;
      return effectiveClusterSetting(cluster, key);
    };
    if ([SETTING_DEFAULT_RETENTION, SETTING_MAX_RETENTION].some((k) => transient.has(k) || persistent.has(k))) {
      const reason = globalRetentionError(after(SETTING_DEFAULT_RETENTION), after(SETTING_MAX_RETENTION));
      if (reason !== null) throw new EsException(illegalArgument(reason));
    }
  }
  const echoed = { persistent: new Map<string, string>(), transient: new Map<string, string>() };
  for (const [scope, updates] of [
    ['transient', transient],
    ['persistent', persistent],
  ] as const) {
    const target = cluster.clusterSettings[scope];
    for (const [key, value] of updates) {
      if (value === null) target.delete(key);
      else {
        target.set(key, value);
        echoed[scope].set(key, value);
      }
    }
  }
  return echoed;
}

/**
 * ES `AbstractScopedSettings#updateSettings`: a `null` under a key ending in `*` (the retention
 * tutorial's `"data_streams.lifecycle.retention.*": null`) is no setting but a pattern; it removes every
 * key of that scope it matches (`Regex#simpleMatch`) and is never "not recognized". A key set beside it
 * in the same request keeps its new value (ES removes first, then sets).
 */
function expandWildcardRemovals(updates: ReadonlyMap<string, string | null>, current: ReadonlyMap<string, string>): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const [key, value] of updates) {
    if (value !== null || !key.endsWith('*')) out.set(key, value);
    else for (const existing of current.keys()) if (simpleMatch(key, existing) && !updates.has(existing)) out.set(existing, null);
  }
  return out;
}

/** A setting's value as the node sees it: transient, else persistent, else null (the default applies). */
export function effectiveClusterSetting(cluster: Cluster, key: string): string | null {
  return cluster.clusterSettings.transient.get(key) ?? cluster.clusterSettings.persistent.get(key) ?? null;
}

/** A known setting's value as the node sees it, else its default (null for an unknown key). */
export function clusterSettingOrDefault(cluster: Cluster, key: string): string | null {
  return effectiveClusterSetting(cluster, key) ?? (DEFINITIONS.get(key) ?? DATA_STREAM_LIFECYCLE_DEFINITIONS.get(key))?.defaultValue ?? null;
}

/** `include_defaults`: the known settings set in neither scope, with their defaults. */
export function clusterSettingDefaults(
  cluster: Cluster,
  pollIntervalText: string,
  stackTemplates: StackTemplatesSetting = 'absent',
  stackTemplatesNodeValue = true,
  profile?: Profile,
): Map<string, string> {
  const out = new Map<string, string>();
  const known: Array<[string, string]> = [...DEFINITIONS, ...(profile?.dataStreamLifecycle ? DATA_STREAM_LIFECYCLE_DEFINITIONS : [])]
    .filter(([key]) => definitionOf(key, profile) !== null)
    .map(([key, definition]) => [key, definition.defaultValue]);
  if (stackTemplates !== 'absent') known.push([SETTING_STACK_TEMPLATES_ENABLED, String(stackTemplatesNodeValue)]);
  for (const [key, defaultValue] of known) {
    if (cluster.clusterSettings.persistent.has(key) || cluster.clusterSettings.transient.has(key)) continue;
    out.set(key, key === SETTING_POLL_INTERVAL ? pollIntervalText : defaultValue);
  }
  return out;
}
