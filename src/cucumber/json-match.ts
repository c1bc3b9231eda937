/**
 * Small JSON helpers for assertions: read a dotted path, test that a document contains a partial
 * document, and read a Gherkin table cell as the JSON value it spells (`2`, `true`, `"2"`, `5d`).
 */

export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function hasPath(value: unknown, path: string): boolean {
  const parts = path.split('.');
  const last = parts.pop()!;
  const parent = parts.length === 0 ? value : getPath(value, parts.join('.'));
  return parent !== null && typeof parent === 'object' && Object.hasOwn(parent, last);
}

/** A cell is JSON when it parses as JSON; otherwise it is the string as written. */
export function cellValue(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

/**
 * Where `actual` first fails to contain `expected` (objects by key, arrays element by element): the dotted path
 * and what each side has there (`undefined` when the key is missing), or null when it contains it.
 */
export function partialMismatch(actual: unknown, expected: unknown, path = ''): { path: string; expected: unknown; actual: unknown; note?: string } | null {
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected) ? null : { path, expected, actual };
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return { path, expected, actual };
    if (actual.length !== expected.length) return { path, expected, actual, note: `an array of ${actual.length}, not ${expected.length}` };
    for (let i = 0; i < expected.length; i++) {
      const inner = partialMismatch(actual[i], expected[i], at(i));
      if (inner) return inner;
    }
    return null;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return { path, expected, actual };
  for (const [key, value] of Object.entries(expected)) {
    if (!Object.hasOwn(actual, key)) return { path: at(key), expected: value, actual: undefined, note: 'no such key' };
    const inner = partialMismatch((actual as Record<string, unknown>)[key], value, at(key));
    if (inner) return inner;
  }
  return null;
}

/** The failure of a partial match, in words: where it differs, then both documents. */
export function partialMismatchText(actual: unknown, expected: unknown): string | null {
  const mismatch = partialMismatch(actual, expected);
  if (mismatch === null) return null;
  const shown = (value: unknown) => (value === undefined ? '(missing)' : JSON.stringify(value));
  const where = mismatch.path === '' ? 'at the top' : `at ${mismatch.path}`;
  return (
    `${where}: expected ${shown(mismatch.expected)}, got ${shown(mismatch.actual)}${mismatch.note ? ` (${mismatch.note})` : ''}\n` +
    `expected to contain:\n${JSON.stringify(expected, null, 2)}\nactual:\n${JSON.stringify(actual, null, 2)}`
  );
}
