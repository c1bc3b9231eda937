/**
 * Rollover conditions (mirrors ES `RolloverConditions`, `Condition` and `WaitForRolloverReadyStep`'s
 * defaults): which conditions a release's rollover action accepts, how they print (GET policy, and
 * explain's phase definition with the implicit defaults of 8.x), and whether an index meets them.
 * Before 8.4 any one condition met is enough; since then every `min_*` condition and at least one
 * `max_*` condition must hold, and ILM adds `min_docs: 1` and caps `max_primary_shard_docs`. Pure:
 * `now` is an argument.
 */
import { parseByteSize, ByteSize } from '../xcontent/byte-size';
import type { IndexMetadata } from '../cluster/cluster';
import { numberOfShards } from '../cluster/cluster';
import { EsException, illegalArgument } from '../errors';
import { javaHashMapOrder } from '../xcontent/java-order';
import type { JsonTokenizer } from '../xcontent/json-tokens';
import { FieldSpec, longValue, timeValue } from '../xcontent/object-parser';
import type { Profile } from '../profile';
import { formatTimeValueToString, TimeValue, timeValueStringRep } from '../xcontent/time';

type Kind = 'age' | 'size' | 'docs';

interface ConditionDefinition {
  readonly name: string;
  readonly kind: Kind;
  readonly bound: 'max' | 'min';
  /** Reads the largest primary shard rather than the whole index. */
  readonly perShard: boolean;
}

const DEFINITIONS: readonly ConditionDefinition[] = [
  { name: 'max_age', kind: 'age', bound: 'max', perShard: false },
  { name: 'max_docs', kind: 'docs', bound: 'max', perShard: false },
  { name: 'max_size', kind: 'size', bound: 'max', perShard: false },
  { name: 'max_primary_shard_size', kind: 'size', bound: 'max', perShard: true },
  { name: 'max_primary_shard_docs', kind: 'docs', bound: 'max', perShard: true },
  { name: 'min_age', kind: 'age', bound: 'min', perShard: false },
  { name: 'min_docs', kind: 'docs', bound: 'min', perShard: false },
  { name: 'min_size', kind: 'size', bound: 'min', perShard: false },
  { name: 'min_primary_shard_size', kind: 'size', bound: 'min', perShard: true },
  { name: 'min_primary_shard_docs', kind: 'docs', bound: 'min', perShard: true },
];
const BY_NAME = new Map(DEFINITIONS.map((d) => [d.name, d]));
/** ES `WaitForRolloverReadyStep`: a shard never grows past this many documents. */
export const MAX_PRIMARY_SHARD_DOCS_DEFAULT = 200_000_000;

export type ConditionValue = TimeValue | ByteSize | number;

/** Conditions in the order they were parsed (ES keeps them in a HashMap filled in that order). */
export interface RolloverConditions {
  readonly entries: ReadonlyArray<readonly [string, ConditionValue]>;
}

/** The condition fields the release's parser declares, in the order ES declares them. */
export function conditionFields(profile: Profile): FieldSpec[] {
  // Before 8.4 the release's own list (`Profile#rolloverMaxConditions`: `max_docs` since 6.5,
  // `max_primary_shard_size` since 7.13).
  const names = profile.rolloverConditions === 'min-max' ? DEFINITIONS.map((d) => d.name) : profile.rolloverMaxConditions;
  return names.map((name) => {
    const kind = BY_NAME.get(name)!.kind;
    if (kind === 'age') return { name, type: 'VALUE', parse: (t: JsonTokenizer) => timeValue(t, name) };
    if (kind === 'size') return { name, type: 'VALUE', parse: (t: JsonTokenizer) => parseByteSize(t.text(), name) };
    return { name, type: 'LONG', parse: longValue };
  });
}

/** The action's constructor check, with the release's wording. */
export function buildConditions(values: ReadonlyMap<string, unknown>, profile: Profile): RolloverConditions {
  const entries = [...values.entries()].map(([name, value]) => [name, value as ConditionValue] as const);
  if (profile.rolloverConditions === 'min-max') {
    if (!entries.some(([name]) => BY_NAME.get(name)!.bound === 'max')) {
      throw new EsException(illegalArgument('At least one max_* rollover condition must be set.'));
    }
  } else if (entries.length === 0) {
    throw new EsException(illegalArgument('At least one rollover condition must be set.'));
  }
  return { entries };
}

/** ES `getStringRep` of a value: durations and sizes as written, counts as numbers. */
function printed(name: string, value: ConditionValue): unknown {
  const kind = BY_NAME.get(name)!.kind;
  if (kind === 'age') return timeValueStringRep(value as TimeValue);
  if (kind === 'size') return (value as ByteSize).text;
  return value;
}

/** ES `Maps.newMapWithExpectedSize`: the initial capacity of a map sized for `n` entries. */
function capacityFor(n: number): number {
  return n < 2 ? n + 1 : Math.floor(n / 0.75 + 1);
}

/**
 * The conditions as ES prints them. GET policy prints the configured ones (a default HashMap in
 * parse order); 8.13+ explain prints the phase definition with ILM's implicit defaults added, which ES
 * puts into a map sized for the configured conditions, so growing it reorders the keys.
 */
export function conditionsToXContent(conditions: RolloverConditions, profile: Profile, withDefaults: boolean): Record<string, unknown> {
  const entries = withDefaults ? withImplicitDefaults(conditions, profile) : conditions.entries;
  const byName = new Map(entries);
  const out: Record<string, unknown> = {};
  if (profile.rolloverConditions === 'max') {
    // 6.x-8.3 `RolloverAction#toXContent` wrote its fields in a fixed order.
    for (const name of profile.rolloverMaxConditions) if (byName.has(name)) out[name] = printed(name, byName.get(name)!);
    return out;
  }
  const names = javaHashMapOrder(
    entries.map(([name]) => name),
    withDefaults ? capacityFor(conditions.entries.length) : 16,
  );
  for (const name of names) out[name] = printed(name, byName.get(name)!);
  return out;
}

/**
 * ES `WaitForRolloverReadyStep#applyDefaultConditions` (8.x): `min_docs: 1` unless a `min_docs` or
 * `min_primary_shard_docs` is set (`indices.lifecycle.rollover.only_if_has_documents` is always on
 * here), and `max_primary_shard_docs` capped at 200,000,000.
 */
export function withImplicitDefaults(conditions: RolloverConditions, profile: Profile): ReadonlyArray<readonly [string, ConditionValue]> {
  if (profile.rolloverConditions !== 'min-max') return conditions.entries;
  const entries = new Map(conditions.entries);
  if (!entries.has('min_docs') && !entries.has('min_primary_shard_docs')) entries.set('min_docs', 1);
  const cap = entries.get('max_primary_shard_docs') as number | undefined;
  entries.set('max_primary_shard_docs', cap === undefined ? MAX_PRIMARY_SHARD_DOCS_DEFAULT : Math.min(cap, MAX_PRIMARY_SHARD_DOCS_DEFAULT));
  return [...entries];
}

/** ES `Condition#toString`: `[max_age: 1d]` (durations with one decimal, sizes and counts as given). */
function conditionText(name: string, value: ConditionValue): string {
  const kind = BY_NAME.get(name)!.kind;
  const shown = kind === 'age' ? formatTimeValueToString((value as TimeValue).millis) : kind === 'size' ? (value as ByteSize).text : String(value);
  return `[${name}: ${shown}]`;
}

/** What a condition measures on the index now: an age in millis, a size in bytes or a count of documents. */
function measure(definition: ConditionDefinition, index: IndexMetadata, now: number): number {
  const shards = Math.max(1, numberOfShards(index));
  return definition.kind === 'age'
    ? now - index.creationDate
    : definition.kind === 'size'
      ? definition.perShard
        ? Math.ceil(index.storeBytes / shards)
        : index.storeBytes
      : definition.perShard
        ? Math.ceil(index.docsCount / shards)
        : index.docsCount;
}

function threshold(definition: ConditionDefinition, value: ConditionValue): number {
  return definition.kind === 'age' ? (value as TimeValue).millis : definition.kind === 'size' ? (value as ByteSize).bytes : (value as number);
}

/** Whether the index meets one condition (ages from index creation; shard figures for an even split). */
function holds(name: string, value: ConditionValue, index: IndexMetadata, now: number): boolean {
  const definition = BY_NAME.get(name)!;
  return measure(definition, index, now) >= threshold(definition, value);
}

/** One condition as "why is it waiting" shows it: required against current, in the condition's unit. */
export interface ConditionReport {
  readonly name: string;
  readonly bound: 'max' | 'min';
  readonly unit: 'millis' | 'bytes' | 'docs';
  /** As ES prints the condition's value (`1d`, `50gb`, `1`). */
  readonly required: string;
  readonly requiredValue: number;
  readonly currentValue: number;
  readonly met: boolean;
}

/** A condition in words for `/_sim/why`: `max_age 1d (now 6h, met)`, its current value in its own unit. */
export function conditionInWords(c: ConditionReport & { readonly implicit?: boolean }): string {
  const current =
    c.unit === 'millis' ? formatTimeValueToString(Math.max(0, c.currentValue)) : c.unit === 'bytes' ? `${c.currentValue}b` : `${c.currentValue} docs`;
  return `${c.name} ${c.required} (now ${current}${c.met ? ', met' : ''}${c.implicit ? ', implicit' : ''})`;
}

/** Each condition with what the index measures now (the figures `conditionsMet` compares). */
export function conditionReports(conditions: ReadonlyArray<readonly [string, ConditionValue]>, index: IndexMetadata, now: number): ConditionReport[] {
  return conditions.map(([name, value]) => {
    const definition = BY_NAME.get(name)!;
    const currentValue = measure(definition, index, now);
    const requiredValue = threshold(definition, value);
    const unit = definition.kind === 'age' ? 'millis' : definition.kind === 'size' ? 'bytes' : 'docs';
    const required = conditionText(name, value).slice(name.length + 3, -1);
    return { name, bound: definition.bound, unit, required, requiredValue, currentValue, met: currentValue >= requiredValue };
  });
}

/** Each condition as ES names it (`[max_age: 1d]`) with whether the index meets it. */
export function conditionResults(conditions: ReadonlyArray<readonly [string, ConditionValue]>, index: IndexMetadata, now: number): Array<[string, boolean]> {
  return conditions.map(([name, value]) => [conditionText(name, value), holds(name, value, index, now)]);
}

/**
 * ES `RolloverConditions#areConditionsMet` for the release: any one condition (before 8.4), or every
 * `min_*` and at least one `max_*` (an empty set is met).
 */
export function conditionsMet(conditions: ReadonlyArray<readonly [string, ConditionValue]>, index: IndexMetadata, now: number, profile: Profile): boolean {
  if (profile.rolloverConditions === 'max') return conditions.some(([name, value]) => holds(name, value, index, now));
  const mins = conditions.filter(([name]) => BY_NAME.get(name)!.bound === 'min');
  const maxes = conditions.filter(([name]) => BY_NAME.get(name)!.bound === 'max');
  return mins.every(([name, value]) => holds(name, value, index, now)) && (maxes.length === 0 || maxes.some(([name, value]) => holds(name, value, index, now)));
}

/**
 * The earliest instant the conditions could hold if the index stays as it is (Infinity: never without
 * a change such as new documents). Ages are the only conditions time moves: a dry run between now and
 * that instant would find them unmet, as ES's checks on those poll ticks would.
 */
export function earliestMet(conditions: ReadonlyArray<readonly [string, ConditionValue]>, index: IndexMetadata, now: number, profile: Profile): number {
  const timed = (name: string) => BY_NAME.get(name)!.kind === 'age';
  const reachedAt = (value: ConditionValue) => index.creationDate + (value as TimeValue).millis;
  if (profile.rolloverConditions === 'max') {
    let earliest = Infinity;
    for (const [name, value] of conditions) {
      if (timed(name)) earliest = Math.min(earliest, Math.max(now, reachedAt(value)));
      else if (holds(name, value, index, now)) return now;
    }
    return earliest;
  }
  let from = now;
  let anyMax = Infinity;
  for (const [name, value] of conditions) {
    const bound = BY_NAME.get(name)!.bound;
    if (timed(name)) {
      if (bound === 'min') from = Math.max(from, reachedAt(value));
      else anyMax = Math.min(anyMax, reachedAt(value));
    } else if (bound === 'min') {
      if (!holds(name, value, index, now)) return Infinity;
    } else if (holds(name, value, index, now)) {
      anyMax = Math.min(anyMax, now);
    }
  }
  if (!conditions.some(([name]) => BY_NAME.get(name)!.bound === 'max')) anyMax = now;
  return Math.max(from, anyMax);
}
