/**
 * The REST API JSON specification (`rest-api-spec`, in elastic/elasticsearch-specification's
 * `specification/_json_spec/`) read from a directory, and turning one YAML `do` call (an API name and its
 * arguments) into a method, a path with a query string and a body, as ES's `ClientYamlTestClient` does.
 * It reads files only; it sends nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface SpecPath {
  readonly path: string;
  readonly methods: readonly string[];
  readonly parts: readonly string[];
}

export interface ApiSpec {
  readonly name: string;
  readonly paths: readonly SpecPath[];
  readonly params: ReadonlySet<string>;
  readonly bodyRequired: boolean;
  readonly ndjson: boolean;
}

export interface BuiltRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  readonly contentType?: string;
}

/** Every `<api>.json` in `dir` (files starting with `_` other than `_internal.*` are shared parameter lists). */
export function loadSpecs(dir: string): Map<string, ApiSpec> {
  const specs = new Map<string, ApiSpec>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json') || file === '_common.json') continue;
    const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, RawSpec>;
    for (const [name, raw] of Object.entries(parsed)) {
      const paths = (raw.url?.paths ?? []).map((p) => ({ path: p.path, methods: p.methods, parts: Object.keys(p.parts ?? {}) }));
      const contentType = raw.headers?.content_type ?? [];
      specs.set(name, {
        name,
        paths,
        params: new Set(Object.keys(raw.params ?? {})),
        bodyRequired: raw.body?.required === true,
        ndjson: contentType.some((c) => c.includes('x-ndjson')),
      });
    }
  }
  return specs;
}

interface RawSpec {
  url?: { paths?: { path: string; methods: string[]; parts?: Record<string, unknown> }[] };
  params?: Record<string, unknown>;
  body?: { required?: boolean };
  headers?: { content_type?: string[] };
}

/** A `do` section asking for something the spec cannot express (ES's "param" catch). */
export class ParamError extends Error {}

/**
 * ES `ClientYamlTestClient#callApi`: the path whose parts are all given, with the most parts; the other
 * arguments become query parameters (a list joined by commas); the body is JSON, or newline-delimited JSON
 * for the bulk-style APIs. With a body and several methods, a method that carries one (PUT/POST) is used.
 */
export function buildRequest(spec: ApiSpec, args: Record<string, unknown>): BuiltRequest {
  const { body, ...rest } = args;
  const given = new Set(Object.keys(rest));
  const candidates = spec.paths.filter((p) => p.parts.every((part) => given.has(part)));
  if (candidates.length === 0) throw new ParamError(`no path of [${spec.name}] fits the parameters [${[...given].join(', ')}]`);
  const chosen = [...candidates].sort((a, b) => b.parts.length - a.parts.length)[0]!;
  let path = chosen.path;
  for (const part of chosen.parts) path = path.replace(`{${part}}`, encodePart(rest[part]));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    if (chosen.parts.includes(key)) continue;
    query.append(key, stringValue(value));
  }
  const method = pickMethod(chosen.methods, body !== undefined);
  const text = query.toString();
  const fullPath = text === '' ? path : `${path}?${text}`;
  if (body === undefined) return { method, path: fullPath };
  if (spec.ndjson) {
    const lines = Array.isArray(body) ? body.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))) : [String(body)];
    return { method, path: fullPath, body: `${lines.join('\n')}\n`, contentType: 'application/x-ndjson' };
  }
  return { method, path: fullPath, body: typeof body === 'string' ? body : JSON.stringify(body), contentType: 'application/json' };
}

function pickMethod(methods: readonly string[], hasBody: boolean): string {
  if (hasBody) {
    const carrying = methods.find((m) => m === 'PUT' || m === 'POST');
    if (carrying) return carrying;
  }
  return methods[0] ?? 'GET';
}

function stringValue(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/** A path part, percent-encoded except for the characters ES expressions use (`*`, `,`, `<`, `>`...). */
function encodePart(value: unknown): string {
  return encodeURIComponent(stringValue(value)).replace(/%2C/gi, ',').replace(/%2A/gi, '*');
}
