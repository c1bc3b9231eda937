/**
 * `handle(simulation, request)`: the transport-free core every caller uses (scenario steps, the HTTP
 * server, the CLI). It parses the request line once, routes it, runs the handler, and renders the
 * result or the error as the exact bytes ES would send. Routing errors (unknown path, wrong method,
 * unknown query parameter) are answered here with ES's messages.
 */
import { EsException, illegalArgument } from '../engine/errors';
import { didYouMean } from '../engine/object-parser';
import type { Simulation } from '../sim/simulator';
import type { Method, RequestContext } from './context';
import { errorBody, plainErrorBody } from './error-body';
import { toCompactJson, toPlain, toPrettyJson } from './json-output';
import { GLOBAL_PARAMS, matchPath } from './routes';

export interface SimRequest {
  readonly method: string;
  /** The path, optionally with a query string (`/my-index/_ilm/explain?human`). */
  readonly path: string;
  /** A JSON string, or a plain value serialised as JSON. */
  readonly body?: unknown;
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
  return { status, headers: { ...baseHeaders(), ...extraHeaders }, body: toPlain(value), text };
}

function bodyText(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  return JSON.stringify(body);
}

function parseQuery(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(raw)) out.set(k, v);
  return out;
}

/** ES `BaseRestHandler#unrecognized`. */
function unrecognizedParams(path: string, invalid: readonly string[], candidates: readonly string[]): string {
  const sorted = [...invalid].sort();
  const parts = sorted.map((name) => {
    const hint = didYouMean(name, candidates);
    return `[${name}]${hint ? ` ->${hint}` : ''}`;
  });
  return `request [${path}] contains unrecognized parameter${sorted.length > 1 ? 's' : ''}: ${parts.join(', ')}`;
}

export function handle(sim: Simulation, request: SimRequest): SimResponse {
  const method = String(request.method).toUpperCase() as Method;
  const uri = request.path.startsWith('/') ? request.path : `/${request.path}`;
  const queryAt = uri.indexOf('?');
  const rawPath = queryAt === -1 ? uri : uri.slice(0, queryAt);
  const query = parseQuery(queryAt === -1 ? '' : uri.slice(queryAt + 1));
  const pretty = query.has('pretty') && query.get('pretty') !== 'false';
  let segments: string[];
  try {
    segments = rawPath.split('/').filter((s) => s.length > 0).map((s) => decodeURIComponent(s));
  } catch {
    return render(400, errorBody(illegalArgument(`unable to decode path [${rawPath}]`)), pretty);
  }
  const matches = matchPath(segments);
  if (matches.length === 0) {
    return render(400, { error: `no handler found for uri [${uri}] and method [${method}]` }, pretty);
  }
  const match = matches.find((m) => m.route.method === method);
  if (!match) {
    const allowed = METHOD_ORDER.filter((m) => matches.some((r) => r.route.method === m));
    // Divergence: ES lists the allowed methods from a HashSet of enum constants, whose order changes
    // between JVM runs; the simulator lists them in a fixed order.
    return render(
      405,
      plainErrorBody(`Incorrect HTTP method for uri [${uri}] and method [${method}], allowed: [${allowed.join(', ')}]`, 405),
      pretty,
      { allow: allowed.join(',') },
    );
  }
  const accepted = [...match.route.params, ...GLOBAL_PARAMS];
  const unknown = [...query.keys()].filter((k) => !accepted.includes(k));
  if (unknown.length > 0) {
    return render(400, errorBody(illegalArgument(unrecognizedParams(rawPath, unknown, accepted))), pretty);
  }
  const ctx: RequestContext = {
    method,
    uri,
    path: rawPath,
    params: match.params,
    query,
    body: bodyText(request.body),
    sim,
  };
  try {
    const result = match.route.handler(ctx);
    if (method === 'HEAD') return { status: result.status, headers: baseHeaders(), body: null, text: '' };
    return render(result.status, result.body, pretty, { ...result.headers });
  } catch (e) {
    if (e instanceof EsException) {
      if (method === 'HEAD') return { status: e.error.status, headers: baseHeaders(), body: null, text: '' };
      return render(e.error.status, errorBody(e.error), pretty);
    }
    throw e;
  }
}
