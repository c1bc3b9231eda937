/**
 * The reads exporters and Curator poll beside ILM: `POST|GET [/<index>]/_refresh` (ES
 * `RestRefreshAction`), `GET|POST [/<index>]/_count` (`RestCountAction`, match-all counts only), `GET [/<index>]/_stats[/<metric>]` (`RestIndicesStatsAction`, the `docs` and
 * `store` metrics), `GET /_data_stream[/<name>]/_stats` (`DataStreamsStatsAction`, 7.9+) and
 * `GET /_health_report/ilm` (`IlmHealthIndicatorService`, 8.7+). They change nothing.
 *
 * Divergence: one node, counted documents: shard counts follow `engine/cluster/health.ts` (replicas
 * unassigned), sizes are the counted bytes, `_stats` has only the `docs` and `store` metrics, a data
 * stream's `maximum_timestamp` is 0 (no documents are stored).
 */
import { allocationModel } from '../../engine/cluster/allocation';
import { IndexMetadata, numberOfShards } from '../../engine/cluster/cluster';
import { resolveDataStreams } from '../../engine/cluster/data-streams';
import { indexHealth } from '../../engine/cluster/health';
import { copiesOf } from '../../engine/cluster/shard-placement';
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { EsException, illegalArgument, indexClosed } from '../../engine/errors';
import { byteSizeString } from '../cat/cat-handlers';
import { bodyAsMap, booleanParam, commaList, expandHidden, HandlerResult, indicesOptions, isObject, ok, RequestContext, wildcardOptions } from '../context';

function byName(a: IndexMetadata, b: IndexMetadata): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** `_shards` of a broadcast over the indices: every copy asked, the active ones answer. */
function shardsHeader(ctx: RequestContext, indices: readonly IndexMetadata[]): Record<string, number> {
  const allocation = allocationModel(ctx.sim.cluster);
  let total = 0;
  let successful = 0;
  for (const index of indices) {
    const health = indexHealth(index, allocation, ctx.sim.now, copiesOf(ctx.sim.cluster, index));
    total += health.numberOfShards * (1 + health.numberOfReplicas);
    successful += health.activeShards;
  }
  return { total, successful, failed: 0 };
}

/** `POST|GET [/<index>]/_refresh`: ES `BroadcastResponse` (`_shards` only). */
export function refresh(ctx: RequestContext): HandlerResult {
  const indices = resolveIndices(ctx.sim.cluster, ctx.params.get('index') ?? '_all', indicesOptions(ctx));
  return ok({ _shards: shardsHeader(ctx, indices) });
}

const METRICS = [
  '_all',
  'bulk',
  'completion',
  'dense_vector',
  'docs',
  'fielddata',
  'flush',
  'get',
  'indexing',
  'mappings',
  'merge',
  'query_cache',
  'recovery',
  'refresh',
  'request_cache',
  'search',
  'segments',
  'shard_stats',
  'sparse_vector',
  'store',
  'translog',
  'warmer',
];

/**
 * The `docs` and `store` sections of ES `CommonStats` (index stats, and the `indices` of node stats)
 * for counted documents and bytes, the ones `wants` asks for.
 */
export function docsAndStore(ctx: RequestContext, docs: number, bytes: number, wants: (metric: string) => boolean): Record<string, unknown> {
  const human = booleanParam(ctx, 'human', false);
  const out: Record<string, unknown> = {};
  if (wants('docs')) out['docs'] = { count: docs, deleted: 0 };
  if (wants('store')) {
    out['store'] = {
      ...(human ? { size: byteSizeString(bytes) } : {}),
      size_in_bytes: bytes,
      ...(ctx.sim.profile.catIndicesDatasetSize
        ? { ...(human ? { total_data_set_size: byteSizeString(bytes) } : {}), total_data_set_size_in_bytes: bytes }
        : {}),
      ...(human ? { reserved: '0b' } : {}),
      reserved_in_bytes: 0,
    };
  }
  return out;
}

/** `GET [/<index>]/_stats[/<metric>]` (ES `IndicesStatsResponse`): `_all` totals, then each index. */
export function indexStats(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const metrics = ctx.params.has('metric') ? commaList(ctx.params.get('metric')!) : ['_all'];
  for (const metric of metrics) {
    if (!METRICS.includes(metric)) {
      throw new EsException(illegalArgument(`request [${ctx.path}] contains unrecognized metric: [${metric}]`));
    }
  }
  const wants = (metric: string) => metrics.includes('_all') || metrics.includes(metric);
  const level = ctx.query.get('level') ?? 'indices';
  if (!['cluster', 'indices', 'shards'].includes(level))
    throw new EsException(illegalArgument(`level parameter must be one of [cluster] or [indices] or [shards] but was [${level}]`));
  const indices = resolveIndices(sim.cluster, ctx.params.get('index') ?? '_all', indicesOptions(ctx)).sort(byName);
  const section = (docs: number, bytes: number) => docsAndStore(ctx, docs, bytes, wants);
  const docs = indices.reduce((n, i) => n + i.docsCount, 0);
  const bytes = indices.reduce((n, i) => n + i.storeBytes, 0);
  const out: Record<string, unknown> = {
    _shards: shardsHeader(ctx, indices),
    _all: { primaries: section(docs, bytes), total: section(docs, bytes) },
  };
  if (level !== 'cluster') {
    const perIndex: Record<string, unknown> = {};
    for (const index of indices) {
      perIndex[index.name] = {
        uuid: index.uuid,
        ...(sim.profile.catIndicesDatasetSize
          ? { health: indexHealth(index, allocationModel(sim.cluster), sim.now, copiesOf(sim.cluster, index)).status, status: 'open' }
          : {}),
        primaries: section(index.docsCount, index.storeBytes),
        total: section(index.docsCount, index.storeBytes),
      };
    }
    out['indices'] = perIndex;
  }
  return ok(out);
}

/** `GET /_data_stream[/<name>]/_stats` (7.9+). */
export function dataStreamStats(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const streams = resolveDataStreams(sim.cluster, ctx.params.get('name') ?? '*', expandHidden(ctx));
  const human = booleanParam(ctx, 'human', false);
  const backing = streams.flatMap((ds) => ds.indices.map((n) => sim.cluster.indices.get(n)).filter((i): i is IndexMetadata => i !== undefined));
  const total = backing.reduce((n, i) => n + i.storeBytes, 0);
  return ok({
    _shards: shardsHeader(ctx, backing),
    data_stream_count: streams.length,
    backing_indices: backing.length,
    ...(human ? { total_store_size: byteSizeString(total) } : {}),
    total_store_size_bytes: total,
    data_streams: streams.map((ds) => {
      const indices = ds.indices.map((n) => sim.cluster.indices.get(n)).filter((i): i is IndexMetadata => i !== undefined);
      const size = indices.reduce((n, i) => n + i.storeBytes, 0);
      return {
        data_stream: ds.name,
        backing_indices: indices.length,
        ...(human ? { store_size: byteSizeString(size) } : {}),
        store_size_bytes: size,
        maximum_timestamp: 0,
      };
    }),
  });
}

/** ES `ParsingException` (`parsing_exception`, 400), as the query parsers raise it. */
function parsingException(reason: string): EsException {
  return new EsException({ type: 'parsing_exception', reason, status: 400, elasticsearchException: true });
}

/**
 * Divergence: the simulator counts documents without keeping their contents, so it can answer a
 * count that matches every document only. Any other query (or `q` string) is refused with this 400
 * rather than answered with the count of all documents, which would let a test pass on a wrong number.
 */
function unsupportedQuery(what: string): EsException {
  return new EsException(
    illegalArgument(`ilm-sim keeps no document contents and counts only queries matching every document ([match_all] or no query), not ${what}`),
  );
}

/**
 * Reads a `_count` body (ES `RestActions#getQueryContent`: an object whose only field is `query`) and
 * checks its query matches every document: no query, or `match_all` (with `boost` or `_name`).
 */
function checkCountBody(text: string): void {
  const body = bodyAsMap(text);
  for (const key of Object.keys(body)) if (key !== 'query') throw parsingException(`request does not support [${key}]`);
  if (!('query' in body)) return;
  const query = body['query'];
  if (!isObject(query)) throw parsingException('[_na] query malformed, must start with start_object');
  const names = Object.keys(query);
  if (names.length === 0) throw parsingException('query malformed, empty clause found');
  const name = names[0]!;
  const inner = query[name];
  if (!isObject(inner)) throw parsingException(`[${name}] query malformed, no start_object after query name`);
  if (names.length > 1) throw parsingException(`[${name}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`);
  if (name !== 'match_all') throw unsupportedQuery(`[${name}]`);
  for (const [field, value] of Object.entries(inner)) {
    if (field === 'boost' && typeof value === 'number') continue;
    if (field === '_name' && typeof value === 'string') continue;
    throw parsingException(`[match_all] query does not support [${field}]`);
  }
}

/**
 * `GET|POST [/<index>]/_count` (ES `RestCountAction`): the documents of the indices, aliases and data
 * streams named (all open ones without a name), and the `_shards` the search went to (one copy of each
 * shard).
 *
 * Divergence: every shard answers, also a primary the allocation model has still initializing.
 */
export function count(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const q = ctx.query.get('q');
  if (ctx.body !== null && ctx.body.trim().length > 0) checkCountBody(ctx.body);
  else if (q !== undefined && q !== '*' && q !== '*:*') throw unsupportedQuery(`the query string [${q}]`);
  const options = wildcardOptions(ctx, 'open');
  const indices = resolveIndices(sim.cluster, ctx.params.get('index') ?? '_all', options);
  const searched: IndexMetadata[] = [];
  for (const index of indices) {
    if (index.state === 'close') {
      // A closed index named outright is refused; one a wildcard reached is left out (ES's search).
      if (!options.ignoreUnavailable && isNamed(ctx, index)) throw new EsException(indexClosed(index.name, index.uuid));
      continue;
    }
    searched.push(index);
  }
  const shards = searched.reduce((n, i) => n + numberOfShards(i), 0);
  return ok({
    count: searched.reduce((n, i) => n + i.docsCount, 0),
    _shards: { total: shards, successful: shards, skipped: 0, failed: 0 },
  });
}

/** Whether the request names the index itself (not through a wildcard, alias or data stream). */
function isNamed(ctx: RequestContext, index: IndexMetadata): boolean {
  return commaList(ctx.params.get('index') ?? '').includes(index.name);
}
