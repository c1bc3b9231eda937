/**
 * The user's own material on disk: a lifecycle policy, an index template or a component template in a
 * JSON file, written either as the body of the `PUT` request or as what the matching `GET` answered
 * (an export). This module reads the file and turns either form into the `PUT` body; it sends nothing
 * and never changes what the user wrote beyond dropping the read-only fields of an export.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** A request body taken from a file, and how it was found there. */
export interface BodyFromFile {
  /** The text to send: the file itself for a `PUT` body, the entry re-serialised for an export. */
  readonly body: string;
  readonly absolutePath: string;
  readonly form: 'put-body' | 'export';
}

/** Reads a JSON file named relative to `cwd`; failures name the resolved path and the position. */
export function readJsonFile(file: string, cwd: string = process.cwd()): { text: string; value: unknown; absolutePath: string } {
  const absolutePath = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(absolutePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new Error(`cannot read "${file}": ${why} (resolved to ${absolutePath}; the working directory is ${cwd})`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { text, value: JSON.parse(text), absolutePath };
  } catch (error) {
    throw new Error(`"${file}" is not valid JSON: ${jsonErrorWhere(text, (error as Error).message)} (${absolutePath})`);
  }
}

/** JSON.parse's message with the line and column of its position (or the end of the text). */
function jsonErrorWhere(text: string, message: string): string {
  const match = /at position (\d+)/.exec(message);
  const offset = match ? Number(match[1]) : text.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const reason = message.replace(/\s*\(line \d+ column \d+\)$/, '');
  return `${reason} (line ${line}, column ${column})`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A lifecycle policy file: the `PUT _ilm/policy/<name>` body `{"policy": {...}}`, or the
 * `GET _ilm/policy[/<name>]` answer `{"<name>": {"version": .., "modified_date": .., "policy": {...}}}`
 * (the entry named `name`, or the only one). Only `policy` is sent from an export.
 */
export function policyBody(name: string, file: string, cwd?: string): BodyFromFile {
  const { text, value, absolutePath } = readJsonFile(file, cwd);
  if (!isObject(value)) throw new Error(`"${file}" holds ${describe(value)}, not a lifecycle policy (${absolutePath})`);
  const wrapped = value['policy'];
  if (isObject(wrapped) && !isObject(wrapped['policy'])) return { body: text, absolutePath, form: 'put-body' };
  const entries = Object.entries(value).filter(([, entry]) => isObject(entry) && isObject(entry['policy']));
  if (entries.length === 0) {
    throw new Error(
      `"${file}" is neither a PUT _ilm/policy body ({"policy": {...}}) nor a GET _ilm/policy answer ({"${name}": {"policy": {...}}}); its top-level fields are [${Object.keys(value).join(', ')}] (${absolutePath})`,
    );
  }
  const entry = pick(entries, name, 'lifecycle policies', file, absolutePath) as Record<string, unknown>;
  return { body: JSON.stringify({ policy: entry['policy'] }), absolutePath, form: 'export' };
}

/** Fields a `GET` of a template shows that are not part of what was `PUT`. */
const TEMPLATE_READ_ONLY_FIELDS = ['created_date', 'created_date_millis', 'modified_date', 'modified_date_millis'];

/**
 * An index or component template file: the `PUT _index_template/<name>` (or `_component_template`)
 * body, or the `GET` answer `{"index_templates": [{"name": .., "index_template": {...}}]}` (or
 * `component_templates` / `component_template`), the entry named `name` or the only one.
 */
export function templateBody(kind: 'index' | 'component', name: string, file: string, cwd?: string): BodyFromFile {
  const { text, value, absolutePath } = readJsonFile(file, cwd);
  const listField = `${kind}_templates`;
  const entryField = `${kind}_template`;
  if (!isObject(value)) throw new Error(`"${file}" holds ${describe(value)}, not ${kind === 'index' ? 'an index' : 'a component'} template (${absolutePath})`);
  const list = value[listField];
  if (list === undefined) return { body: text, absolutePath, form: 'put-body' };
  const entries: Array<[string, unknown]> = Array.isArray(list)
    ? list.filter((e): e is Record<string, unknown> => isObject(e) && isObject(e[entryField])).map((e) => [String(e['name']), e[entryField]])
    : [];
  if (entries.length === 0) {
    throw new Error(`"${file}" has "${listField}" but no entry of the form {"name": .., "${entryField}": {...}} (${absolutePath})`);
  }
  const entry = pick(entries, name, `${kind} templates`, file, absolutePath) as Record<string, unknown>;
  const body = Object.fromEntries(Object.entries(entry).filter(([key]) => !TEMPLATE_READ_ONLY_FIELDS.includes(key)));
  return { body: JSON.stringify(body), absolutePath, form: 'export' };
}

function pick(entries: ReadonlyArray<[string, unknown]>, name: string, what: string, file: string, absolutePath: string): unknown {
  const named = entries.find(([key]) => key === name);
  if (named) return named[1];
  if (entries.length === 1) return entries[0]![1];
  throw new Error(`"${file}" holds the ${what} [${entries.map(([key]) => key).join(', ')}], none named "${name}" (${absolutePath})`);
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}
