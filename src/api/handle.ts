/**
 * `handle(simulation, request)`: the transport-free core every caller uses (scenario steps, the HTTP
 * server, the CLI). It parses the request line once, routes it, runs the handler, and renders the
 * result or the error as the exact bytes ES would send. Routing errors (unknown path, wrong method,
 * unknown query parameter) are answered here with ES's messages.
 */
import { EsError, EsException, illegalArgument, parseException } from '../engine/errors';
import type { Profile } from '../engine/profile';
import { parseTimeValue } from '../engine/xcontent/time';
import { jsonParseError } from '../engine/xcontent/json-tokens';
import type { Simulation } from '../sim/simulator';
import { type Method, type RequestContext, unrecognizedParams, UTF8 } from './context';
import { errorBody, plainErrorBody } from './error-body';
import { applyFilterPath } from './filter-path';
import { toCompactJson, toPrettyJson } from './json-output';
import { checkMediaTypes, RequestHeaders } from './media-type';
import { GLOBAL_PARAMS, matchPath } from './routes';

export interface SimRequest {
  readonly method: string;
  /** The path, optionally with a query string (`/my-index/_ilm/explain?human`). */
  readonly path: string;
  /** A JSON string, the raw bytes (UTF-8), or a plain value serialised as JSON. */
  readonly body?: unknown;
  /**
   * The HTTP request headers, when there are any (the HTTP server passes them). With headers, the
   * media-type checks of ES's REST layer apply (`Content-Type` of a body, `compatible-with`).
   */
  readonly headers?: RequestHeaders;
}

export interface SimResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed value of `text` (null for an empty body). */
  readonly body: unknown;
  /** The bytes an ES node would send. */
  readonly text: string;
}

const METHOD_ORDER: readonly Method[] = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'];

function baseHeaders(): Record<string, string> {
  // Divergence: ES before 7.14 sent no x-elastic-product header; current official clients refuse
  // answers without it, so the simulator always sends it.
  return { 'content-type': 'application/json; charset=UTF-8', 'x-elastic-product': 'Elasticsearch' };
}

function render(status: number, value: unknown, pretty: boolean, extraHeaders: Record<string, string> = {}): SimResponse {
  const text = pretty ? toPrettyJson(value) : toCompactJson(value);
  return jsonResponse(status, { ...baseHeaders(), ...extraHeaders }, text);
}

/**
 * A JSON answer whose `body` is exactly `JSON.parse(text)`: plain objects (a `__proto__` key stays an
 * own property, as JSON.parse keeps it), parsed on first read and kept, so the HTTP server and the
 * client connection, which send `text`, never pay for it.
 */
function jsonResponse(status: number, headers: Record<string, string>, text: string): SimResponse {
  let parsed: unknown;
  let read = false;
  return {
    status,
    headers,
    get body(): unknown {
      if (!read) {
        parsed = JSON.parse(text);
        read = true;
      }
      return parsed;
    },
    text,
  };
}

function bodyText(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return decodeUtf8(body);
  return JSON.stringify(body);
}

function hasBody(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  if (typeof body === 'string' || body instanceof Uint8Array) return body.length > 0;
  return true;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a body as strict UTF-8; invalid bytes get Jackson's `Invalid UTF-8 start byte 0x..` /
 * `Invalid UTF-8 middle byte 0x..` (`UTF8StreamJsonParser#_reportInvalidInitial/_reportInvalidOther`).
 *
 * Divergence: ES meets the bad byte only when its parser reaches it (so the error may come wrapped in
 * an object-parser chain, or after an earlier syntax error); the simulator checks the whole body
 * first and reports the first bad byte at its line and byte column.
 */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i]!;
      const width = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
      const at = { line, column: i - lineStart + 1 };
      if (width === 0) throw new EsException(jsonParseError(`Invalid UTF-8 start byte 0x${b.toString(16)}`, at));
      for (let k = 1; k < width; k++) {
        const c = bytes[i + k];
        if (c === undefined) throw new EsException(jsonParseError('Unexpected end-of-input in VALUE_STRING', at));
        if ((c & 0xc0) !== 0x80) throw new EsException(jsonParseError(`Invalid UTF-8 middle byte 0x${c.toString(16)}`, at));
      }
      if (b === 0x0a) {
        line++;
        lineStart = i + 1;
      }
      i += width;
    }
    // Overlong or surrogate sequences the checks above let through.
    throw new EsException(jsonParseError('Invalid UTF-8 start byte', { line, column: 1 }));
  }
}

function parseQuery(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(raw)) out.set(k, v);
  return out;
}

const TIME_PARAMS = ['master_timeout', 'timeout'];
const WILDCARD_STATES = ['open', 'closed', 'hidden', 'none', 'all'];

/**
 * Values ES parses for every route that takes them: time values (`RestRequest#paramAsTime`, whose
 * error type depends on the release) and `expand_wildcards` (`IndicesOptions.WildcardStates#parseParameter`).
 */
function checkParamValues(query: ReadonlyMap<string, string>, accepted: readonly string[], profile: Profile): EsError | null {
  for (const name of TIME_PARAMS) {
    const value = query.get(name);
    if (value === undefined || !accepted.includes(name)) continue;
    const parsed = parseTimeValue(value, name);
    if (!parsed.ok) return profile.timeValueErrorType === 'parse_exception' ? parseException(parsed.reason) : illegalArgument(parsed.reason);
  }
  const wildcards = query.get('expand_wildcards');
  if (wildcards !== undefined && accepted.includes('expand_wildcards')) {
    for (const state of wildcards.split(',')) {
      if (!WILDCARD_STATES.includes(state)) return illegalArgument(`No valid expand wildcard value [${state}]`);
    }
  }
  return null;
}

/**
 * A request a JavaScript caller built wrongly (no path, a number for a path, a function for a body) is
 * a programming error, not an HTTP request ES could receive: it is thrown as a TypeError naming the
 * field (issue 14, item 11), instead of whatever the first use of the value would throw.
 */
function checkRequestShape(request: unknown): asserts request is SimRequest {
  const describe = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value);
  if (request === null || typeof request !== 'object')
    throw new TypeError(`ilm-sim: a request must be an object { method, path, body?, headers? }, got ${describe(request)}`);
  const { method, path, body, headers } = request as Record<string, unknown>;
  if (typeof method !== 'string' || method.length === 0)
    throw new TypeError(`ilm-sim: request.method must be a non-empty string such as "GET", got ${describe(method)}`);
  if (typeof path !== 'string') throw new TypeError(`ilm-sim: request.path must be a string such as "/_ilm/policy", got ${describe(path)}`);
  if (typeof body === 'function' || typeof body === 'symbol' || typeof body === 'bigint') {
    throw new TypeError(`ilm-sim: request.body must be a JSON string, bytes (Uint8Array) or a JSON value, got a ${typeof body}`);
  }
  if (headers !== undefined && (headers === null || typeof headers !== 'object'))
    throw new TypeError(`ilm-sim: request.headers must be an object of header names to values, got ${describe(headers)}`);
}

/**
 * ES `RestController#handleOptionsRequest`: OPTIONS answers 200 with an empty `text/plain` body and,
 * when the path has handlers, their methods in `Allow` (in the fixed order of the 405's list).
 */
function optionsResponse(allowed: readonly string[]): SimResponse {
  const headers: Record<string, string> = { ...baseHeaders(), 'content-type': 'text/plain; charset=UTF-8' };
  if (allowed.length > 0) headers['allow'] = allowed.join(',');
  return { status: 200, headers, body: null, text: '' };
}

export function handle(sim: Simulation, request: SimRequest): SimResponse {
  checkRequestShape(request);
  const method = String(request.method).toUpperCase() as Method;
  const uri = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const queryAt = uri.indexOf('?');
  const rawPath = queryAt === -1 ? uri : uri.slice(0, queryAt);
  const query = parseQuery(queryAt === -1 ? '' : uri.slice(queryAt + 1));
  const pretty = query.has('pretty') && query.get('pretty') !== 'false';
  let segments: string[];
  try {
    segments = rawPath
      .split('/')
      .filter((s) => s.length > 0)
      .map((s) => decodeURIComponent(s));
  } catch {
    return render(400, errorBody(illegalArgument(`unable to decode path [${rawPath}]`)), pretty);
  }
  const matches = matchPath(segments, sim.profile);
  if ((method as string) === 'OPTIONS') return optionsResponse(METHOD_ORDER.filter((m) => matches.some((r) => r.route.method === m)));
  if (matches.length === 0) {
    return render(400, { error: `no handler found for uri [${uri}] and method [${method}]` }, pretty);
  }
  const match = matches.find((m) => m.route.method === method);
  if (!match) {
    const allowed = METHOD_ORDER.filter((m) => matches.some((r) => r.route.method === m));
    // Divergence: ES lists the allowed methods from a HashSet of enum constants, whose order changes
    // between JVM runs; the simulator lists them in a fixed order.
    return render(405, plainErrorBody(`Incorrect HTTP method for uri [${uri}] and method [${method}], allowed: [${allowed.join(', ')}]`, 405), pretty, {
      allow: allowed.join(','),
    });
  }
  if (request.headers) {
    // ES `RestController#dispatchRequest`: the media type of a body is checked before the handler runs.
    const refusal = checkMediaTypes(request.headers, hasBody(request.body));
    if (refusal?.kind === 'simple') return render(refusal.status, plainErrorBody(refusal.message, refusal.status), pretty);
    if (refusal?.kind === 'error') return render(refusal.error.status, errorBody(refusal.error), pretty);
  }
  const accepted = [...match.route.params, ...GLOBAL_PARAMS];
  const unknown = [...query.keys()].filter((k) => !accepted.includes(k));
  if (unknown.length > 0) {
    return render(400, errorBody(illegalArgument(unrecognizedParams(rawPath, unknown, accepted))), pretty);
  }
  const refusedParam = checkParamValues(query, accepted, sim.profile);
  if (refusedParam) return render(refusedParam.status, errorBody(refusedParam), pretty);
  if (hasBody(request.body) && !match.route.readsBody) {
    // ES `BaseRestHandler#handleRequest`: a body the handler does not read is refused.
    return render(400, errorBody(illegalArgument(`request [${method} ${rawPath}] does not support having a body`)), pretty);
  }
  let body: { text: string | null } | null = null;
  const ctx: RequestContext = {
    method,
    uri,
    path: rawPath,
    params: match.params,
    query,
    // Decoded when a handler first reads it, so invalid UTF-8 fails where ES's parser would meet it.
    get body(): string | null {
      body ??= { text: bodyText(request.body) };
      return body.text;
    },
    sim,
  };
  try {
    const result = match.route.handler(ctx);
    if (result.text !== undefined) {
      // ES `RestTable#buildTextPlainResponse`.
      return { status: result.status, headers: { ...baseHeaders(), 'content-type': 'text/plain; charset=UTF-8' }, body: result.text, text: result.text };
    }
    const filterPath = query.get('filter_path');
    const value = filterPath === undefined ? result.body : applyFilterPath(result.body, filterPath);
    const rendered = render(result.status, value, result.prettyByDefault ? !query.has('pretty') || pretty : pretty, { ...result.headers });
    if (method === 'HEAD') {
      // ES sends the length of the body a GET would carry, and no body.
      const length = result.body === null || result.body === undefined ? 0 : UTF8.encode(rendered.text).length;
      return { status: result.status, headers: { ...baseHeaders(), 'content-length': String(length) }, body: null, text: '' };
    }
    return rendered;
  } catch (e) {
    if (e instanceof EsException) {
      if (method === 'HEAD') return { status: e.error.status, headers: { ...baseHeaders(), 'content-length': '0' }, body: null, text: '' };
      return render(e.error.status, errorBody(e.error), pretty);
    }
    throw e;
  }
}
