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

/** Fields only a legacy (`_template`) index template has; `template` as a string is 6.x's old name for its patterns. */
const LEGACY_TEMPLATE_FIELDS = ['settings', 'mappings', 'aliases', 'order'];
/** Fields only a composable (`_index_template`) index template has. */
const COMPOSABLE_TEMPLATE_FIELDS = ['composed_of', 'priority', 'data_stream', '_meta', 'allow_auto_create', 'ignore_missing_component_templates', 'deprecated'];

/** One template of a file that may hold several (an export), with the kind its fields say it is. */
export interface TemplateFromFile {
  readonly name: string;
  readonly body: Record<string, unknown>;
  /** `null`: only fields both kinds have (`index_patterns`, `version`), so either would take it. */
  readonly kind: 'legacy' | 'composable' | 'component' | null;
}

/**
 * Which kind of index template a body is, as a user reads it: a `template` block, `composed_of`,
 * `priority`, `data_stream` (...) mean composable; top-level `settings`, `mappings`, `aliases`, `order`
 * (or `template` as a pattern string) mean legacy; both at once is an error naming the fields.
 */
export function indexTemplateKind(body: Record<string, unknown>, file: string): 'legacy' | 'composable' | null {
  const legacy = LEGACY_TEMPLATE_FIELDS.filter((key) => key in body);
  if (typeof body['template'] === 'string') legacy.push('template (a pattern)');
  const composable = COMPOSABLE_TEMPLATE_FIELDS.filter((key) => key in body);
  if (isObject(body['template'])) composable.push('template');
  if (legacy.length > 0 && composable.length > 0) {
    throw new Error(
      `"${file}" mixes legacy template fields [${legacy.join(', ')}] with composable template fields [${composable.join(', ')}]; a legacy template (PUT _template) has its settings at the top, a composable one (PUT _index_template) in "template"`,
    );
  }
  return legacy.length > 0 ? 'legacy' : composable.length > 0 ? 'composable' : null;
}

/**
 * Every template a file holds: a `PUT` body (named `fallbackName`), a `GET _index_template` or
 * `GET _component_template` answer (each entry under its own name, read-only fields dropped), or a
 * `GET _template` answer (`{"<name>": {"order": .., "index_patterns": [..], "settings": {..}}}`, each
 * entry a legacy template). An index template's kind is read from its fields (`indexTemplateKind`).
 */
export function templatesFromFile(kind: 'index' | 'component', file: string, fallbackName: string, cwd?: string): TemplateFromFile[] {
  const { value, absolutePath } = readJsonFile(file, cwd);
  const what = kind === 'index' ? 'an index template' : 'a component template';
  if (!isObject(value)) throw new Error(`"${file}" holds ${describe(value)}, not ${what} (${absolutePath})`);
  const listField = `${kind}_templates`;
  const entryField = `${kind}_template`;
  const withoutReadOnly = (entry: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entry).filter(([key]) => !TEMPLATE_READ_ONLY_FIELDS.includes(key)));
  const kindOf = (body: Record<string, unknown>) => (kind === 'component' ? 'component' : indexTemplateKind(body, file));
  const list = value[listField];
  if (list !== undefined) {
    const entries = Array.isArray(list) ? list.filter((e): e is Record<string, unknown> => isObject(e) && isObject(e[entryField])) : [];
    if (entries.length === 0) throw new Error(`"${file}" has "${listField}" but no entry of the form {"name": .., "${entryField}": {...}} (${absolutePath})`);
    return entries.map((entry) => {
      const body = withoutReadOnly(entry[entryField] as Record<string, unknown>);
      return { name: String(entry['name']), body, kind: kind === 'component' ? 'component' : (indexTemplateKind(body, file) ?? 'composable') };
    });
  }
  const fields = Object.keys(value);
  const isLegacyExport =
    kind === 'index' &&
    fields.length > 0 &&
    !fields.includes('index_patterns') &&
    Object.values(value).every((entry) => isObject(entry) && (Array.isArray(entry['index_patterns']) || typeof entry['template'] === 'string'));
  if (isLegacyExport) return Object.entries(value).map(([name, entry]) => ({ name, body: entry as Record<string, unknown>, kind: 'legacy' }));
  return [{ name: fallbackName, body: value, kind: kindOf(value) }];
}

/**
 * Every snapshot lifecycle (SLM) policy a file holds: the `PUT _slm/policy/<id>` body (`schedule`,
 * `name`, `repository`, ..., its id `fallbackName`) or the `GET _slm/policy` answer
 * (`{"<id>": {"version": .., "policy": {...}, ...}}`, each entry's `policy` under its id).
 */
export function slmPoliciesFromFile(file: string, fallbackName: string, cwd?: string): Array<{ name: string; body: Record<string, unknown> }> {
  const { value, absolutePath } = readJsonFile(file, cwd);
  if (!isObject(value)) throw new Error(`"${file}" holds ${describe(value)}, not a snapshot lifecycle policy (${absolutePath})`);
  if ('schedule' in value || 'repository' in value) return [{ name: fallbackName, body: value }];
  const entries = Object.entries(value).filter(([, entry]) => isObject(entry) && isObject(entry['policy']));
  if (entries.length === 0) {
    throw new Error(
      `"${file}" is neither a PUT _slm/policy body ({"schedule": .., "repository": ..}) nor a GET _slm/policy answer ({"<id>": {"policy": {...}}}); its top-level fields are [${Object.keys(value).join(', ')}] (${absolutePath})`,
    );
  }
  return entries.map(([name, entry]) => ({ name, body: (entry as Record<string, unknown>)['policy'] as Record<string, unknown> }));
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
