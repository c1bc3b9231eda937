/**
 * Index settings as ES handles them on create and update: nested objects flattened with dots, the
 * `index.` prefix added where missing, values kept as strings, then every key checked against the
 * known settings (unknown keys refused with ES's message) and every value parsed with ES's messages.
 * Also index-name validation (ES `MetadataCreateIndexService#validateIndexOrAliasName`). Pure.
 */
import { EsError, EsException, illegalArgument, illegalState, invalidIndexName, numberFormat, parseException } from '../errors';
import type { Profile } from '../profile';
import { numberAsWritten } from '../xcontent/object-parser';
import { parseTimeValue } from '../xcontent/time';
import { parseTimeSeriesTime, validateIndexMode } from './time-series';

type Validator = (value: string, key: string) => void;

function intSetting(min: number, max = 2147483647): Validator {
  return (value, key) => validateIntSetting(value, key, min, max);
}

/** ES `Setting.parseInt`: a 32-bit int within [min, max], or ES's illegal argument (throws). */
export function validateIntSetting(value: string, key: string, min: number, max = 2147483647): void {
  if (!/^[+-]?\d+$/.test(value.trim() === value ? value : '#')) {
    throw new EsException(illegalArgument(`Failed to parse value [${value}] for setting [${key}]`, numberFormat(value)));
  }
  const n = Number(value);
  if (n > 2147483647 || n < -2147483648) {
    throw new EsException(illegalArgument(`Failed to parse value [${value}] for setting [${key}]`, numberFormat(value)));
  }
  if (n < min) throw new EsException(illegalArgument(`Failed to parse value [${value}] for setting [${key}] must be >= ${min}`));
  if (n > max) throw new EsException(illegalArgument(`Failed to parse value [${value}] for setting [${key}] must be <= ${max}`));
}

function longSetting(min: number): Validator {
  return (value, key) => {
    if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw new EsException(illegalArgument(`Failed to parse value [${value}] for setting [${key}]`, numberFormat(value)));
    }
    if (Number(value) < min) throw new EsException(illegalArgument(`Failed to parse value [${value}] for setting [${key}] must be >= ${min}`));
  };
}

const booleanSetting: Validator = (value) => {
  if (value !== 'true' && value !== 'false') {
    throw new EsException(illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`));
  }
};

const timeSetting: Validator = (value, key) => {
  const parsed = parseTimeValue(value, key);
  if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason, parseException(parsed.reason)));
};

/** ES `Setting.timeSetting` with a minimum: the parse error, then `must be >= [min]`. */
function timeSettingAtLeast(minMillis: number, minText: string): Validator {
  return (value, key) => {
    const parsed = parseTimeValue(value, key);
    if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason, parseException(parsed.reason)));
    if (parsed.value.millis < minMillis)
      throw new EsException(illegalArgument(`failed to parse value [${value}] for setting [${key}], must be >= [${minText}]`));
  };
}

const anyString: Validator = () => undefined;

interface SettingDefinition {
  readonly validate: Validator;
  /** Can change on an open index (ES `Property.Dynamic`). */
  readonly dynamic: boolean;
  /** Can never change after creation (ES `Property.Final`). */
  readonly final?: boolean;
  /** Only from this profile feature on. */
  readonly when?: (profile: Profile) => boolean;
}

const SETTINGS: ReadonlyMap<string, SettingDefinition> = new Map<string, SettingDefinition>([
  ['index.number_of_shards', { validate: intSetting(1, 1024), dynamic: false, final: true }],
  ['index.number_of_replicas', { validate: intSetting(0), dynamic: true }],
  ['index.auto_expand_replicas', { validate: anyString, dynamic: true }],
  ['index.lifecycle.name', { validate: anyString, dynamic: true }],
  ['index.lifecycle.origination_date', { validate: longSetting(-1), dynamic: true }],
  ['index.lifecycle.parse_origination_date', { validate: booleanSetting, dynamic: true, when: (p) => p.parseOriginationDate }],
  ['index.lifecycle.rollover_alias', { validate: anyString, dynamic: true }],
  ['index.lifecycle.indexing_complete', { validate: booleanSetting, dynamic: true }],
  // ES `LifecycleSettings.LIFECYCLE_STEP_WAIT_TIME_THRESHOLD_SETTING` (7.13+, with the retryable shrink;
  // see `lifecycle/wait-threshold.ts`, which this layer may not import): default 12h, at least 1h.
  [
    'index.lifecycle.step.wait_time_threshold',
    { validate: timeSettingAtLeast(3_600_000, '1h'), dynamic: true, when: (p) => p.chains.shrink === 'v7.16' || p.chains.shrink === 'v8' },
  ],
  ['index.lifecycle.skip', { validate: booleanSetting, dynamic: true, when: (p) => p.lifecycleSkipSetting }],
  // ES `IndexSettings.PREFER_ILM_SETTING` (8.11+, with the data stream lifecycle): which of the two manages a backing index.
  ['index.lifecycle.prefer_ilm', { validate: booleanSetting, dynamic: true, when: (p) => p.dataStreamLifecycle !== null }],
  ['index.priority', { validate: intSetting(0), dynamic: true }],
  ['index.blocks.write', { validate: booleanSetting, dynamic: true }],
  ['index.blocks.read', { validate: booleanSetting, dynamic: true }],
  ['index.blocks.read_only', { validate: booleanSetting, dynamic: true }],
  ['index.blocks.read_only_allow_delete', { validate: booleanSetting, dynamic: true }],
  ['index.blocks.metadata', { validate: booleanSetting, dynamic: true }],
  ['index.hidden', { validate: booleanSetting, dynamic: true }],
  ['index.refresh_interval', { validate: timeSetting, dynamic: true }],
  ['index.codec', { validate: anyString, dynamic: false }],
  ['index.routing.allocation.total_shards_per_node', { validate: intSetting(-1), dynamic: true }],
  ['index.write.wait_for_active_shards', { validate: anyString, dynamic: true }],
  ['index.max_result_window', { validate: intSetting(1), dynamic: true }],
  ['index.mapping.total_fields.limit', { validate: longSetting(0), dynamic: true }],
  // Time-series indices (see `time-series.ts`); the cross-setting checks run on the whole new index.
  ['index.mode', { validate: (v) => validateIndexMode(v), dynamic: false, final: true, when: (p) => p.timeSeriesIndices }],
  ['index.routing_path', { validate: anyString, dynamic: false, final: true, when: (p) => p.timeSeriesIndices }],
  ['index.time_series.start_time', { validate: parseTimeSeriesTime, dynamic: false, final: true, when: (p) => p.timeSeriesIndices }],
  ['index.time_series.end_time', { validate: parseTimeSeriesTime, dynamic: true, when: (p) => p.timeSeriesIndices }],
]);

/** Group settings: any key under these prefixes is accepted (ES affix/group settings). */
const GROUP_PREFIXES: ReadonlyArray<readonly [string, boolean]> = [
  ['index.routing.allocation.include.', true],
  ['index.routing.allocation.exclude.', true],
  ['index.routing.allocation.require.', true],
  ['index.analysis.', false],
];

function definitionOf(key: string, profile: Profile): SettingDefinition | undefined {
  const exact = SETTINGS.get(key);
  if (exact) return exact.when && !exact.when(profile) ? undefined : exact;
  // A list value (`"routing_path": ["host"]`) arrives flattened as `index.routing_path.0`, ...
  const listItem = /^(index\.routing_path)\.\d+$/.exec(key);
  if (listItem) return definitionOf(listItem[1]!, profile);
  const group = GROUP_PREFIXES.find(([prefix]) => key.startsWith(prefix) && key.length > prefix.length);
  return group ? { validate: anyString, dynamic: group[1] } : undefined;
}

/**
 * ES `Settings.Builder#loadFromMap` + `normalizePrefix("index.")`: flat keys, string values, a null
 * value kept as null (it resets the setting on update).
 */
export function flattenSettings(map: Readonly<Record<string, unknown>>): Map<string, string | null>;
export function flattenSettings<T extends SettingsSink>(map: Readonly<Record<string, unknown>>, out: T, keys?: SettingKeys): T;
export function flattenSettings(
  map: Readonly<Record<string, unknown>>,
  out: SettingsSink = new Map<string, string | null>(),
  keys?: SettingKeys,
): SettingsSink {
  return loadSettingsFromMap(map, normalizeIndexPrefix, out, keys);
}

const normalizeIndexPrefix = (key: string): string => (key.startsWith('index.') ? key : `index.${key}`);

/** Where flat settings go, in order: a `Map`, or a caller's filter in front of one (one pass, no map in between). */
export interface SettingsSink {
  set(key: string, value: string | null): unknown;
}

/**
 * The dotted keys of nested settings, each made once: a caller flattening the settings of many indices
 * gets one string per distinct key instead of a new one per index (keep it only for one such batch).
 */
export class SettingKeys {
  private readonly byPrefix = new Map<string, Map<string, string>>();

  join(prefix: string, key: string): string {
    let byKey = this.byPrefix.get(prefix);
    if (byKey === undefined) this.byPrefix.set(prefix, (byKey = new Map()));
    let joined = byKey.get(key);
    if (joined === undefined) byKey.set(key, (joined = `${prefix}.${key}`));
    return joined;
  }
}

/** ES `Settings.Builder#loadFromMap`: nested objects to flat dotted keys (each key passed through `normalize`), put in `out`. */
export function loadSettingsFromMap(map: Readonly<Record<string, unknown>>, normalize?: (key: string) => string): Map<string, string | null>;
export function loadSettingsFromMap<T extends SettingsSink>(
  map: Readonly<Record<string, unknown>>,
  normalize: (key: string) => string,
  out: T,
  keys?: SettingKeys,
): T;
export function loadSettingsFromMap(
  map: Readonly<Record<string, unknown>>,
  normalize: (key: string) => string = (key) => key,
  out: SettingsSink = new Map<string, string | null>(),
  keys?: SettingKeys,
): SettingsSink {
  for (const k of Object.keys(map)) walkSettings(out, normalize, keys, k, map[k], map, k);
  return out;
}

/** `loadSettingsFromMap`'s walk: one flat key per scalar (hoisted, so a call makes no closures). */
function walkSettings(
  out: SettingsSink,
  normalize: (key: string) => string,
  keys: SettingKeys | undefined,
  prefix: string,
  value: unknown,
  container: object,
  at: string | number,
): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    // The keys `Object.entries` gives, in its order, without an entry array per object.
    const object = value as Record<string, unknown>;
    for (const k of Object.keys(object)) {
      const key = !prefix ? k : keys === undefined ? `${prefix}.${k}` : keys.join(prefix, k);
      walkSettings(out, normalize, keys, key, object[k], object, k);
    }
    return;
  }
  const key = normalize(prefix);
  if (Array.isArray(value)) {
    // ES `Settings#fromXContent`: a list holds strings, numbers and booleans only (issue 14, item 11:
    // an object in a list was stored as "[object Object]").
    if (value.some((v) => v === null || typeof v === 'object')) throw new EsException(illegalState('only value lists are allowed in serialized settings'));
    for (let i = 0; i < value.length; i++) out.set(`${key}.${i}`, settingText(value, i, value[i]));
  } else out.set(key, settingText(container, at, value));
}

/** A scalar as the request wrote it (ES reads settings from the token text): `1E2` stays `1E2`. */
function settingText(container: object, key: string | number, v: unknown): string | null {
  return v === null ? null : typeof v === 'number' ? numberAsWritten(container, key, v) : String(v);
}

/** Checks keys in sorted order (ES settings are sorted), as ES `IndexScopedSettings#validate`. */
export function validateSettings(settings: ReadonlyMap<string, string | null>, profile: Profile): void {
  for (const key of [...settings.keys()].sort()) {
    const definition = definitionOf(key, profile);
    if (!definition) {
      throw new EsException(
        illegalArgument(
          `unknown setting [${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`,
        ),
      );
    }
    const value = settings.get(key);
    if (value !== null && value !== undefined) definition.validate(value, key);
  }
}

/** Refuses settings that cannot change on an open index (ES `MetadataUpdateSettingsService`). */
export function validateUpdatable(
  settings: ReadonlyMap<string, string | null>,
  profile: Profile,
  indices: ReadonlyArray<{ name: string; uuid: string }>,
): void {
  const keys = [...settings.keys()].sort();
  const finals = keys.filter((k) => definitionOf(k, profile)?.final);
  if (finals.length > 0) throw new EsException(illegalArgument(`final index setting [${finals[0]}], not updateable`));
  const nonDynamic = keys.filter((k) => !definitionOf(k, profile)?.dynamic);
  if (nonDynamic.length > 0) {
    throw new EsException(
      illegalArgument(
        `Can't update non dynamic settings [[${nonDynamic.join(', ')}]] for open indices [${indices.map((i) => `[${i.name}/${i.uuid}]`).join(', ')}]`,
      ),
    );
  }
}

/** ES `Strings.INVALID_FILENAME_CHARS` in the order Java's HashSet prints them (index, repository, snapshot and SLM policy names). */
const INVALID_FILENAME_CHARS = [' ', '"', '*', '\\', '<', '|', ',', '>', '/', '?'];
/** The set as Java prints it. */
export const INVALID_FILENAME_SET = `[${INVALID_FILENAME_CHARS.join(', ')}]`;
/** What ES says of a name holding one of them. */
export const INVALID_FILENAME_MESSAGE = `must not contain the following characters ${INVALID_FILENAME_SET}`;

/** Whether the name holds none of ES's invalid file-name characters. */
export function validFileName(name: string): boolean {
  return !INVALID_FILENAME_CHARS.some((c) => name.includes(c));
}

const UTF8 = new TextEncoder();

/** Index-name checks in ES's order; returns the error for the first that fails. */
export function indexNameError(name: string): EsError | null {
  const description = indexOrAliasNameProblem(name);
  if (description !== null) return invalidIndexName(name, description);
  if (name.toLowerCase() !== name) return invalidIndexName(name, 'must be lowercase');
  return null;
}

/**
 * ES `MetadataCreateIndexService#validateIndexOrAliasName`: what is wrong with an index or alias name
 * (the description ES puts in its exception), or null. Aliases skip the lowercase rule.
 */
export function indexOrAliasNameProblem(name: string): string | null {
  if (!validFileName(name)) return INVALID_FILENAME_MESSAGE;
  if (name.includes('#')) return "must not contain '#'";
  if (name.includes(':')) return "must not contain ':'";
  if (name.startsWith('_') || name.startsWith('-') || name.startsWith('+')) return "must not start with '_', '-', or '+'";
  // A UTF-16 code unit takes at most 3 UTF-8 bytes, so a name of 85 units or fewer is short enough.
  const bytes = name.length <= 85 ? 0 : UTF8.encode(name).length;
  if (bytes > 255) return `index name is too long, (${bytes} > 255)`;
  if (name === '.' || name === '..') return "must not be '.' or '..'";
  return null;
}
