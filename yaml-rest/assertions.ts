/**
 * The value side of ES's YAML REST test format: the stash (`set`, `$name`, `${name}`), dotted paths into a
 * response (`a.0.b`, `$body`, escaped dots), and the assertions `match`, `is_true`, `is_false`, `length`,
 * `gt`/`gte`/`lt`/`lte`, `contains` and `close_to`, each answering a mismatch message or undefined. It mirrors
 * ES's `Stash`, `ObjectPath` and the `*Assertion` classes of the YAML test framework; it does no I/O.
 */
import { isDeepStrictEqual } from 'node:util';

export class Stash {
  private readonly values = new Map<string, unknown>();

  set(name: string, value: unknown): void {
    this.values.set(name, value);
  }

  /** `$name` (the whole string) is the stashed value; `${name}` inside a string is replaced by its text. */
  replace(value: unknown): unknown {
    if (typeof value === 'string') return this.replaceString(value);
    if (Array.isArray(value)) return value.map((v) => this.replace(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[this.replaceKey(k)] = this.replace(v);
      return out;
    }
    return value;
  }

  /** A key or path segment: `$name` and `${name}` anywhere in it become the stashed value's text. */
  replaceKey(key: string): string {
    return key.replace(/\$\{([^}]+)\}|\$([A-Za-z_][\w]*)/g, (whole, braced: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare!;
      return this.values.has(name) ? String(this.values.get(name)) : whole;
    });
  }

  private replaceString(value: string): unknown {
    const whole = /^\$([A-Za-z_][\w]*)$/.exec(value);
    if (whole && this.values.has(whole[1]!)) return this.values.get(whole[1]!);
    if (value.includes('${')) return value.replace(/\$\{([^}]+)\}/g, (all, name: string) => (this.values.has(name) ? String(this.values.get(name)) : all));
    return value;
  }
}

/** ES `ObjectPath`: dots separate segments unless escaped (`a\.b`); a number indexes a list. */
export function splitPath(path: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (ch === '\\' && path[i + 1] === '.') {
      current += '.';
      i++;
    } else if (ch === '.') {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

export function valueAt(body: unknown, path: string, stash: Stash): unknown {
  if (path === '$body' || path === '') return body;
  let current: unknown = body;
  for (const raw of splitPath(path)) {
    const segment = stash.replaceKey(raw);
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) {
      const index = Number(segment);
      current = Number.isInteger(index) ? current[index] : undefined;
    } else if (typeof current === 'object') current = (current as Record<string, unknown>)[segment];
    else return undefined;
  }
  return current;
}

/** A `/regex/` expected value: ES compiles it with `Pattern.COMMENTS`, so unescaped whitespace is ignored. */
export function asRegex(expected: unknown): RegExp | undefined {
  if (typeof expected !== 'string') return undefined;
  const trimmed = expected.trim();
  if (trimmed.length < 2 || !trimmed.startsWith('/') || !trimmed.endsWith('/')) return undefined;
  const source = trimmed.slice(1, -1).replace(/\\\s|\s+/g, (m) => (m.startsWith('\\') ? m : ''));
  return new RegExp(source, 's');
}

function show(value: unknown): string {
  return value === undefined ? 'null (absent)' : JSON.stringify(value);
}

/** Equality as ES's `MatchAssertion` sees it: numbers by value, maps by their entries, lists in order. */
function same(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') return expected === actual;
  if (typeof expected === 'number' && typeof actual === 'string') return String(expected) === actual;
  return isDeepStrictEqual(expected, actual);
}

export function match(actual: unknown, expected: unknown, field: string): string | undefined {
  const regex = asRegex(expected);
  if (regex) {
    if (actual === undefined || actual === null) return `field [${field}] is null, expected to match ${expected}`;
    return regex.test(typeof actual === 'string' ? actual : JSON.stringify(actual))
      ? undefined
      : `field [${field}] was ${show(actual)}, expected to match ${expected}`;
  }
  if (expected === null) return actual === null || actual === undefined ? undefined : `field [${field}] was ${show(actual)}, expected null`;
  return same(expected, actual) ? undefined : `field [${field}] was ${show(actual)}, expected ${show(expected)}`;
}

function falsy(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === '' || value === 'false' || value === 0 || value === '0';
}

export function isTrue(actual: unknown, field: string): string | undefined {
  return falsy(actual) ? `field [${field}] was ${show(actual)}, expected a true value` : undefined;
}

export function isFalse(actual: unknown, field: string): string | undefined {
  return falsy(actual) ? undefined : `field [${field}] was ${show(actual)}, expected a false value (absent, null, false, empty)`;
}

export function length(actual: unknown, expected: unknown, field: string): string | undefined {
  let size: number | undefined;
  if (Array.isArray(actual) || typeof actual === 'string') size = actual.length;
  else if (actual !== null && typeof actual === 'object') size = Object.keys(actual).length;
  if (size === undefined) return `field [${field}] was ${show(actual)}, expected something with length ${expected}`;
  return size === Number(expected) ? undefined : `field [${field}] has length ${size}, expected ${expected}`;
}

export function compare(kind: 'gt' | 'gte' | 'lt' | 'lte', actual: unknown, expected: unknown, field: string): string | undefined {
  if (typeof actual !== 'number' || Number.isNaN(Number(expected))) return `field [${field}] was ${show(actual)}, expected a number ${kind} ${expected}`;
  const e = Number(expected);
  const ok = kind === 'gt' ? actual > e : kind === 'gte' ? actual >= e : kind === 'lt' ? actual < e : actual <= e;
  return ok ? undefined : `field [${field}] was ${actual}, expected ${kind} ${e}`;
}

/** Whether `actual` holds every entry of `expected` (nested maps likewise), as `contains` compares list items. */
function subset(expected: unknown, actual: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([k, v]) => subset(v, (actual as Record<string, unknown>)[k]));
  }
  return same(expected, actual);
}

export function contains(actual: unknown, expected: unknown, field: string): string | undefined {
  if (!Array.isArray(actual)) return `field [${field}] was ${show(actual)}, expected a list containing ${show(expected)}`;
  return actual.some((item) => subset(expected, item)) ? undefined : `field [${field}] ${show(actual)} does not contain ${show(expected)}`;
}

export function closeTo(actual: unknown, expected: unknown, field: string): string | undefined {
  const spec = (expected ?? {}) as { value?: unknown; error?: unknown };
  const value = Number(spec.value);
  const error = Number(spec.error);
  if (typeof actual !== 'number') return `field [${field}] was ${show(actual)}, expected a number close to ${value}`;
  return Math.abs(actual - value) <= error ? undefined : `field [${field}] was ${actual}, expected ${value} +/- ${error}`;
}
