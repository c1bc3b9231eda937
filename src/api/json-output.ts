/**
 * Serialises response values the way ES writes them: compact JSON by default, and with `?pretty` ES's
 * Jackson pretty printer (`"key" : value`, arrays and objects both indented two spaces per level,
 * `[ ]` and `{ }` when empty, and a final newline).
 * Maps keep their insertion order, so keys such as numeric index names are never reordered.
 */

export type JsonValue = unknown;

/**
 * A Java `double` field: printed as Java's `Double.toString` does for the values ES sends this way
 * (`100.0`, `50.0`, `66.66666666666667`), where JSON.stringify would drop the `.0`.
 */
export class JsonDouble {
  constructor(readonly value: number) {}

  toJson(): string {
    const v = this.value;
    if (Number.isInteger(v) && Math.abs(v) < 1e7) return `${v}.0`;
    return String(v);
  }
}

function entries(value: object): Array<[string, unknown]> {
  return value instanceof Map ? [...(value as Map<string, unknown>).entries()] : Object.entries(value);
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonDouble);
}

/**
 * Compact JSON. The common case goes through the engine's own `JSON.stringify` (a replacer turns Maps
 * into objects and marks Java doubles); a Map whose keys an object would reorder (integer-like keys) or
 * a marker that could clash with a string of the response takes the walk in `walkCompactJson`, which
 * gives the same bytes.
 */
export function toCompactJson(value: JsonValue): string {
  let doubles = 0;
  try {
    const text = JSON.stringify(value, (key: string, v: unknown) => {
      if (key.includes(DOUBLE_MARK)) throw REORDERED;
      if (v instanceof Map) {
        const out: Record<string, unknown> = {};
        for (const [k, entry] of v as Map<string, unknown>) {
          if (INTEGER_LIKE.test(k) || k === '__proto__') throw REORDERED;
          out[k] = entry;
        }
        return out;
      }
      if (v instanceof JsonDouble) {
        doubles++;
        return `${DOUBLE_MARK}${v.toJson()}${DOUBLE_MARK}`;
      }
      if (typeof v === 'string' && v.includes(DOUBLE_MARK)) throw REORDERED;
      return v;
    });
    if (text === undefined) return 'null';
    return doubles === 0 ? text : text.replace(DOUBLE_PATTERN, '$1');
  } catch (error) {
    if (error !== REORDERED) throw error;
    return walkCompactJson(value);
  }
}

/** Keys a plain object would list before the others (array indices), where a Map keeps its order. */
const INTEGER_LIKE = /^(0|[1-9][0-9]{0,9})$/;
const REORDERED = new Error('a Map would be reordered');
/** Marks a double's text inside a JSON string; JSON.stringify writes it escaped as `\u0001`. */
const DOUBLE_MARK = '\u0001';
const DOUBLE_PATTERN = /"\\u0001([^"\\]*)\\u0001"/g;

/** The walk: every Map in its own order, doubles as Java prints them, undefined members left out. */
function walkCompactJson(value: JsonValue): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + walkCompactJson(value[i]);
    return `${out}]`;
  }
  if (value instanceof JsonDouble) return value.toJson();
  let out = '{';
  let first = true;
  const members: Iterable<[string, unknown]> = value instanceof Map ? (value as Map<string, unknown>) : Object.entries(value);
  for (const [k, v] of members) {
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${walkCompactJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

export function toPrettyJson(value: JsonValue): string {
  return `${pretty(value, '')}\n`;
}

function pretty(value: JsonValue, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    return `[\n${value.map((v) => `${inner}${pretty(v, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (isObject(value)) {
    const parts = entries(value).filter(([, v]) => v !== undefined);
    if (parts.length === 0) return '{ }';
    return `{\n${parts.map(([k, v]) => `${inner}${JSON.stringify(k)} : ${pretty(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  if (value instanceof JsonDouble) return value.toJson();
  return JSON.stringify(value ?? null);
}
