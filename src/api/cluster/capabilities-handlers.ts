/**
 * `GET /_capabilities` (ES `RestNodesCapabilitiesAction`, `NodesCapabilitiesResponse`; 8.14+, in the
 * REST specification from 8.16): whether every node serves a method and path, with the query parameters
 * and named capabilities asked for. ES's YAML test runner asks it before capability-gated tests. The
 * route table is handed in by `routes.ts` (this module must not import it: routes import the handlers).
 */
import { EsException, illegalArgument } from '../../engine/errors';
import type { Method } from '../context';
import { commaList, HandlerResult, ok, RequestContext } from '../context';
import { listedNodes } from './node-list';

/** ES `RestRequest.Method`: the names `?method=` may take (others fail `Method.valueOf`). */
const REST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE', 'CONNECT'];

/** Whether this node serves `method` on `segments` with those query parameters and capabilities. */
export type SupportCheck = (method: Method, segments: readonly string[], parameters: readonly string[], capabilities: readonly string[]) => boolean;

/**
 * ES `RestController#checkSupported`: the first handler whose path matches (literal segments before
 * `{placeholders}`, so a template such as `/_ilm/move/{name}` matches as a concrete path does) and that
 * serves the method decides; `supported` is false when none does.
 */
export function capabilities(ctx: RequestContext, check: SupportCheck): HandlerResult {
  const method = ctx.query.get('method') ?? 'GET';
  if (!REST_METHODS.includes(method)) throw new EsException(illegalArgument(`No enum constant org.elasticsearch.rest.RestRequest.Method.${method}`));
  const path = ctx.query.get('path') ?? '/';
  const parameters = listParam(ctx.query.get('parameters'));
  const wanted = listParam(ctx.query.get('capabilities'));
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((s) => s.length > 0);
  // OPTIONS, PATCH, TRACE and CONNECT have no handler here (ES answers OPTIONS itself, outside handlers).
  const supported =
    method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'HEAD' ? check(method, segments, parameters, wanted) : false;
  const nodes = listedNodes(ctx).length;
  return ok({ _nodes: { total: nodes, successful: nodes, failed: 0 }, cluster_name: 'ilm-sim', supported });
}

function listParam(value: string | undefined): string[] {
  return value === undefined || value === '' ? [] : commaList(value);
}
