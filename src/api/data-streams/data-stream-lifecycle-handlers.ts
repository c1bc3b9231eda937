/**
 * The data stream lifecycle's REST APIs (8.11+): `PUT|GET|DELETE /_data_stream/<name>/_lifecycle`
 * (ES `RestPutDataStreamLifecycleAction` and siblings), `GET /<index>/_lifecycle/explain`
 * (`RestExplainDataStreamLifecycleAction`), `GET /_lifecycle/stats` (8.12+,
 * `RestDataStreamLifecycleStatsAction`), and the `lifecycle` block templates carry. They parse the
 * request once, change the stream's lifecycle through the cluster model and print ES's shapes; the
 * lifecycle runs in `engine/lifecycle/data-stream-lifecycle/`.
 */
import { DataStream, touch } from '../../engine/cluster/cluster';
import { resolveDataStreams } from '../../engine/cluster/data-streams';
import { LifecycleTemplate, lifecycleOf, lifecycleToXContent, parseLifecycleBody, retentionWarning } from '../../engine/cluster/data-stream-lifecycle-config';
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { EsException } from '../../engine/errors';
import { JsonTokenizer } from '../../engine/xcontent/json-tokens';
import { xContentError } from '../../engine/xcontent/object-parser';
import { formatAge, timeValueStringRep } from '../../engine/xcontent/time';
import { explainLifecycleIndex } from '../../engine/lifecycle/data-stream-lifecycle/explain';
import { defaultRolloverOf, globalRetentionOf, isInternalStream } from '../../engine/lifecycle/data-stream-lifecycle/service';
import { isManagedByDataStreamLifecycle } from '../../engine/cluster/data-streams';
import {
  ACKNOWLEDGED,
  booleanParam,
  commaList,
  expandHidden,
  HandlerResult,
  indicesOptions,
  ok,
  pathParam,
  RequestContext,
  requiredBody,
  withWarning,
} from '../context';

/** The streams a `{name}` names (`*`, `_all`, lists, wildcards; `expand_wildcards`). */
function namedStreams(ctx: RequestContext): DataStream[] {
  const names = commaList(pathParam(ctx, 'name'));
  return resolveDataStreams(ctx.sim.cluster, names.join(','), expandHidden(ctx));
}

/** Which lifecycle manages a backing index may change with the stream's lifecycle: ILM and the simulator look again. */
function lifecycleChanged(ctx: RequestContext, streams: readonly DataStream[]): void {
  for (const ds of streams) {
    for (const name of ds.indices) {
      const index = ctx.sim.cluster.indices.get(name);
      if (index) touch(index);
    }
  }
  ctx.sim.clusterChanged();
}

/** `PUT /_data_stream/<name>/_lifecycle` (ES `PutDataStreamLifecycleAction`): the whole lifecycle is replaced. */
export function putLifecycle(ctx: RequestContext): HandlerResult {
  const p = new JsonTokenizer(requiredBody(ctx), ctx.sim.profile.parseErrorStyle);
  const parsed = parseLifecycleBody(p, 'put_data_stream_lifecycle_request');
  const streams = namedStreams(ctx);
  for (const ds of streams) ds.lifecycle = lifecycleOf(parsed);
  lifecycleChanged(ctx, streams);
  // ES `MetadataDataStreamsService#updateDataLifecycle`: no warning when every stream named is internal.
  const warning = retentionWarning(lifecycleOf(parsed), globalRetentionOf(ctx.sim.cluster), streams.every(isInternalStream));
  return withWarning(ok(ACKNOWLEDGED), ctx.sim.profile, warning);
}

/** `DELETE /_data_stream/<name>/_lifecycle` (ES `DeleteDataStreamLifecycleAction`): the streams are no longer managed by it. */
export function deleteLifecycle(ctx: RequestContext): HandlerResult {
  const streams = namedStreams(ctx);
  for (const ds of streams) ds.lifecycle = null;
  lifecycleChanged(ctx, streams);
  return ok(ACKNOWLEDGED);
}

/** ES `GetDataStreamLifecycleAction.Response#toXContentChunked`'s `global_retention` (8.16+ shows it). */
function globalRetentionToXContent(ctx: RequestContext): Record<string, unknown> {
  const global = globalRetentionOf(ctx.sim.cluster);
  const out: Record<string, unknown> = {};
  if (global?.maxRetention) out['max_retention'] = timeValueStringRep(global.maxRetention);
  if (global?.defaultRetention) out['default_retention'] = timeValueStringRep(global.defaultRetention);
  return out;
}

/** `GET /_data_stream/<name>/_lifecycle` (ES `GetDataStreamLifecycleAction`): each stream, with its effective retention. */
export function getLifecycle(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const includeDefaults = booleanParam(ctx, 'include_defaults', false);
  const streams = namedStreams(ctx);
  const global = globalRetentionOf(sim.cluster);
  const rollover = includeDefaults ? defaultRolloverOf(sim.cluster) : null;
  return ok({
    global_retention: globalRetentionToXContent(ctx),
    data_streams: streams.map((ds) => ({
      name: ds.name,
      ...(ds.lifecycle
        ? { lifecycle: lifecycleToXContent(ds.lifecycle, { effective: true, global, internal: isInternalStream(ds), rollover }, sim.profile) }
        : {}),
    })),
  });
}

/** `GET /<index>/_lifecycle/explain` (ES `ExplainDataStreamLifecycleAction`): each index, managed or not. */
export function explainLifecycle(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const includeDefaults = booleanParam(ctx, 'include_defaults', false);
  const human = booleanParam(ctx, 'human', false);
  const indices = resolveIndices(sim.cluster, pathParam(ctx, 'index'), indicesOptions(ctx));
  const out: Record<string, unknown> = {};
  for (const index of indices) out[index.name] = explainLifecycleIndex(sim.cluster, sim.profile, sim.dsl, index, sim.now, { includeDefaults, human });
  return ok({ indices: out });
}

/**
 * `GET /_lifecycle/stats` (ES `TransportGetDataStreamLifecycleStatsAction`): the streams with an enabled
 * lifecycle, their managed backing indices and those in error, and the job's timing.
 * Divergence: a run takes no simulated time, so `last_run_duration_in_millis` is 0 once it has run.
 */
export function lifecycleStats(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const human = booleanParam(ctx, 'human', false);
  const out: Record<string, unknown> = {};
  if (sim.dsl.lastRunAt(sim.now) !== null) {
    out['last_run_duration_in_millis'] = 0;
    if (human) out['last_run_duration'] = '0s';
  }
  const between = sim.dsl.timeBetweenStartsMillis(sim.now);
  if (between !== null) {
    out['time_between_starts_in_millis'] = between;
    if (human) out['time_between_starts'] = formatAge(between);
  }
  const stats: Array<Record<string, unknown>> = [];
  for (const ds of [...sim.cluster.dataStreams.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!ds.lifecycle?.enabled) continue;
    let total = 0;
    let inError = 0;
    for (const name of ds.indices) {
      const index = sim.cluster.indices.get(name);
      if (!index || !isManagedByDataStreamLifecycle(sim.cluster, index)) continue;
      total++;
      if (sim.dsl.errors.has(name)) inError++;
    }
    stats.push({ name: ds.name, backing_indices_in_total: total, backing_indices_in_error: inError });
  }
  out['data_stream_count'] = stats.length;
  out['data_streams'] = stats;
  return ok(out);
}

/**
 * A template's `lifecycle` block (ES `DataStreamLifecycle.Template` parser), read from the decoded body.
 * Divergence: ES reports a failure inside it with the `[line:col]` of the request; the simulator
 * re-reads the block on its own, so the positions are the block's.
 */
export function parseTemplateLifecycle(value: unknown, parseErrorStyle: 'suggesting' | 'parser-not-found'): LifecycleTemplate | undefined {
  if (value === undefined || value === null) return undefined;
  const p = new JsonTokenizer(JSON.stringify(value), parseErrorStyle);
  try {
    return parseLifecycleBody(p, 'lifecycle');
  } catch (e) {
    if (!(e instanceof EsException)) throw e;
    throw new EsException(xContentError(null, '[template] failed to parse field [lifecycle]', e.error));
  }
}
