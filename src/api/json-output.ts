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

export function toCompactJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(toCompactJson).join(',')}]`;
  if (isObject(value)) {
    const parts: string[] = [];
    for (const [k, v] of entries(value)) if (v !== undefined) parts.push(`${JSON.stringify(k)}:${toCompactJson(v)}`);
    return `{${parts.join(',')}}`;
  }
  if (value instanceof JsonDouble) return value.toJson();
  return JSON.stringify(value ?? null);
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
