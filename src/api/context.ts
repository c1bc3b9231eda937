/**
 * The typed request every handler receives, parsed once at the edge: method, decoded path parameters,
 * query parameters, the body text, and the simulation to act on. Also the small helpers handlers share
 * to read ES's boolean query parameters and JSON bodies.
 */
import { EsException, illegalArgument, parseException } from '../engine/errors';
import type { AliasMetadata } from '../engine/cluster/cluster';
import type { ResolveOptions } from '../engine/cluster/index-resolver';
import { JACKSON_SOURCE, JsonTokenizer } from '../engine/xcontent/json-tokens';
import { anyValue, didYouMean, ownKeysObject } from '../engine/xcontent/object-parser';
import type { Simulation } from '../sim/simulator';
import type { Profile } from '../engine/profile';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

export interface RequestContext {
  readonly method: Method;
  /** The request path as sent (with its query string), as ES echoes it in routing errors. */
  readonly uri: string;
  /** The decoded path, without the query string. */
  readonly path: string;
  readonly params: ReadonlyMap<string, string>;
  readonly query: ReadonlyMap<string, string>;
  /** The body text, or null when the request had none. */
  readonly body: string | null;
  readonly sim: Simulation;
}

export interface HandlerResult {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Pretty-print unless the request says `?pretty=false` (ES `RestMainAction` does this for `GET /`). */
  readonly prettyByDefault?: boolean;
  /** A plain-text answer (the `_cat` tables), sent as `text/plain` instead of `body`. */
  readonly text?: string;
}

export function ok(body: unknown, status = 200): HandlerResult {
  return { status, body };
}

export const ACKNOWLEDGED = { acknowledged: true };

/** ES `RestRequest#paramAsBoolean`: absent -> default, `""`/`true` -> true, `false` -> false. */
export function booleanParam(ctx: RequestContext, name: string, fallback: boolean): boolean {
  const value = ctx.query.get(name);
  if (value === undefined) return fallback;
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new EsException(illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`));
}

export function pathParam(ctx: RequestContext, name: string): string {
  return ctx.params.get(name) ?? '';
}

/** ES `RestRequest#requiredContent`: a body must be present. */
export function requiredBody(ctx: RequestContext): string {
  if (ctx.body === null || ctx.body.length === 0) throw new EsException(parseException('request body is required'));
  return ctx.body;
}

/**
 * Reads a body as a generic map, throwing Jackson's error at the token where parsing fails. An empty
 * body reads as an empty map. `contentMap` mirrors ES `XContentHelper#convertToMap` (create index),
 * which wraps any parse failure as `parse_exception` "Failed to parse content to map"; without it the
 * failure is bare, as from ES `XContentParser#map` (update settings).
 */
export function bodyAsMap(text: string | null, contentMap = false): Record<string, unknown> {
  if (text === null || text.trim().length === 0) return ownKeysObject();
  const p = new JsonTokenizer(text);
  try {
    const token = p.nextToken();
    if (token !== 'START_OBJECT') {
      const at = p.tokenLocation();
      throw new EsException({
        type: 'json_parse_exception',
        reason: `Current token (${token}) not START_OBJECT (needed to unwrap root name 'null')\n at [Source: ${JACKSON_SOURCE}; line: ${at.line}, column: ${at.column}]`,
        status: 400,
      });
    }
    return anyValue(p) as Record<string, unknown>;
  } catch (e) {
    if (contentMap && e instanceof EsException) throw new EsException(parseException('Failed to parse content to map', e.error));
    throw e;
  }
}

/** ES `IndicesOptions#fromRequest` over the strict-expand-open defaults most ILM and index APIs use. */
export function indicesOptions(ctx: RequestContext): ResolveOptions {
  return {
    ignoreUnavailable: booleanParam(ctx, 'ignore_unavailable', false),
    allowNoIndices: booleanParam(ctx, 'allow_no_indices', true),
    expandHidden: expandHidden(ctx),
  };
}

/**
 * ES `IndicesOptions#fromRequest` over a default `expand_wildcards` (`open` for most reads, `closed` for
 * `_open`, `open,closed` for `_cat/indices`): which states wildcards reach, with the other options.
 */
export function wildcardOptions(ctx: RequestContext, defaultWildcards: string): ResolveOptions {
  const states = (ctx.query.get('expand_wildcards') ?? defaultWildcards).split(',');
  const all = states.includes('all');
  return {
    ignoreUnavailable: booleanParam(ctx, 'ignore_unavailable', false),
    allowNoIndices: booleanParam(ctx, 'allow_no_indices', true),
    expandHidden: all || states.includes('hidden'),
    expandOpen: all || states.includes('open'),
    expandClosed: all || states.includes('closed'),
  };
}

/** `expand_wildcards` (default `open`) reaches hidden indices and streams. */
export function expandHidden(ctx: RequestContext): boolean {
  const value = ctx.query.get('expand_wildcards') ?? 'open';
  return value.split(',').some((w) => w === 'hidden' || w === 'all');
}

/** ES `HeaderWarning#formatWarning` (7.x+ form, without a date): `299 Elasticsearch-<version>-<hash> "<text>"`. */
export function warningHeader(profile: Profile, text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return `299 Elasticsearch-${profile.version.number}-${profile.version.buildHash} "${escaped}"`;
}

/** The answer with ES's `Warning` header when there is a warning to give. */
export function withWarning(answer: HandlerResult, profile: Profile, warning: string | null): HandlerResult {
  return warning === null ? answer : { ...answer, headers: { ...answer.headers, warning: warningHeader(profile, warning) } };
}

/** The one UTF-8 encoder the handlers measure bodies and documents with. */
export const UTF8 = new TextEncoder();

/** What ES's router answers for a path no handler of this release serves. */
export function noHandlerFound(ctx: RequestContext): HandlerResult {
  return ok({ error: `no handler found for uri [${ctx.uri}] and method [${ctx.method}]` }, 400);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * An `aliases` object of a create-index body or a template (ES `Alias#fromXContent`): name -> its
 * filter, routing, `is_write_index` and `is_hidden` when given.
 */
export function aliasesFromBody(value: Record<string, unknown>): Map<string, AliasMetadata> {
  const aliases = new Map<string, AliasMetadata>();
  for (const [alias, spec] of Object.entries(value)) aliases.set(alias, isObject(spec) ? aliasMetadataFromBody(spec) : {});
  return aliases;
}

/** The alias fields ES reads from an alias body (the spellings `RestIndexPutAliasAction` accepts too). */
export function aliasMetadataFromBody(spec: Record<string, unknown>): AliasMetadata {
  // A value's text (ES `parser.text()` on a value token); objects and arrays are passed over, as ES's
  // alias readers do (`AliasMetadata.Builder#fromXContent` skips them; the typed parsers refuse them first).
  const text = (v: unknown): string | undefined => (v === undefined || v === null || typeof v === 'object' ? undefined : String(v));
  const routing = text(spec['routing']);
  const indexRouting = text(spec['index_routing'] ?? spec['indexRouting'] ?? spec['index-routing']) ?? routing;
  const searchRouting = text(spec['search_routing'] ?? spec['searchRouting'] ?? spec['search-routing']) ?? routing;
  const filter = spec['filter'];
  const write = spec['is_write_index'];
  const hidden = spec['is_hidden'];
  return {
    ...(isObject(filter) ? { filter } : {}),
    ...(indexRouting !== undefined ? { indexRouting } : {}),
    ...(searchRouting !== undefined ? { searchRouting } : {}),
    ...(write === undefined || write === null ? {} : { isWriteIndex: write === true || write === 'true' }),
    ...(hidden === undefined || hidden === null ? {} : { isHidden: hidden === true || hidden === 'true' }),
  };
}

/** Splits an ES comma list (`a,b`), dropping empty entries. */
export function commaList(value: string): string[] {
  return value.split(',').filter((s) => s.length > 0);
}

/** ES `BaseRestHandler#unrecognized` (of parameters, or of another `kind` such as `metric`). */
export function unrecognizedParams(path: string, invalid: readonly string[], candidates: readonly string[], kind = 'parameter'): string {
  const sorted = [...invalid].sort();
  const parts = sorted.map((name) => {
    const hint = didYouMean(name, candidates);
    return `[${name}]${hint ? ` ->${hint}` : ''}`;
  });
  return `request [${path}] contains unrecognized ${kind}${sorted.length > 1 ? 's' : ''}: ${parts.join(', ')}`;
}

/** Parameters every route accepts (consumed by ES's REST layer itself). */
export const GLOBAL_PARAMS = ['pretty', 'human', 'error_trace', 'filter_path'];
