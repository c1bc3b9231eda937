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
  return parent !== null && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, last);
}

/** A cell is JSON when it parses as JSON; otherwise it is the string as written. */
export function cellValue(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

/** Whether `actual` contains everything in `expected` (objects by key, arrays element by element). */
export function containsPartial(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => containsPartial(actual[i], e));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  return Object.entries(expected).every(([k, v]) => Object.prototype.hasOwnProperty.call(actual, k) && containsPartial((actual as Record<string, unknown>)[k], v));
}
