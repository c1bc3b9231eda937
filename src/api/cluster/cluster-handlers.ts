/**
 * Cluster-level reads and settings the tools around ILM use: `GET|PUT /_cluster/settings` (ES
 * `RestClusterGetSettingsAction`, `RestClusterUpdateSettingsAction`; a new
 * `indices.lifecycle.poll_interval` reschedules the simulator's poll ticks from the next one, as ES
 * reschedules its ILM job) and `GET /_cluster/health[/<index>]` (ES `RestClusterHealthAction`) over
 * the allocation model of `engine/cluster/health.ts` and the nodes of `engine/cluster/topology.ts`.
 *
 * Divergence: `wait_for_*` parameters never wait; an unmet condition answers at once with
 * `timed_out: true` and 408, as ES does when its timeout runs out.
 */
import { allocationModel } from '../../engine/cluster/allocation';
import {
  clusterSettingDefaults,
  effectiveClusterSetting,
  flattenClusterSettings,
  SETTING_POLL_INTERVAL,
  updateClusterSettings,
} from '../../engine/cluster/cluster-settings';
import { stackTemplatesSetting } from '../../engine/cluster/stack-templates/catalogue';
import { HealthStatus, IndexHealth, indexHealth, worstStatus } from '../../engine/cluster/health';
import { copiesOf } from '../../engine/cluster/shard-placement';
import { clusterNodes, isDataNode } from '../../engine/cluster/topology';
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { settingsToXContent } from '../../engine/cluster/index-view';
import { EsException, illegalArgument, parseException } from '../../engine/errors';
import { parseTimeValue } from '../../engine/xcontent/time';
import { bodyAsMap, booleanParam, expandHidden, HandlerResult, isObject, ok, RequestContext, requiredBody } from '../context';
import { JsonDouble } from '../json-output';

function sorted(map: ReadonlyMap<string, string>): Array<[string, string]> {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `GET /_cluster/settings`: `persistent`, `transient` (and `defaults` with `include_defaults`). */
export function getClusterSettings(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const flat = booleanParam(ctx, 'flat_settings', false);
  const out: Record<string, unknown> = {
    persistent: settingsToXContent(sorted(sim.cluster.clusterSettings.persistent), flat),
    transient: settingsToXContent(sorted(sim.cluster.clusterSettings.transient), flat),
  };
  if (booleanParam(ctx, 'include_defaults', false)) {
    out['defaults'] = settingsToXContent(
      sorted(clusterSettingDefaults(sim.cluster, sim.config.pollIntervalText, stackTemplatesSetting(sim.profile.name), sim.config.stackTemplates, sim.profile)),
      flat,
    );
  }
  return ok(out);
}

/**
 * `PUT /_cluster/settings {"persistent": {...}, "transient": {...}}`: answers the updates made (a
 * removed setting is not echoed). A changed `indices.lifecycle.poll_interval` takes effect from now.
 */
export function putClusterSettings(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const body = bodyAsMap(requiredBody(ctx));
  const scopes: Record<'persistent' | 'transient', Map<string, string | null>> = { persistent: new Map(), transient: new Map() };
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'persistent' && key !== 'transient') throw new EsException(illegalArgument(`[cluster_update_settings_request] unknown field [${key}]`));
    if (!isObject(value)) throw new EsException(parseException(`[cluster_update_settings_request] failed to parse field [${key}]`));
    scopes[key] = flattenClusterSettings(value);
  }
  if (scopes.persistent.size === 0 && scopes.transient.size === 0) {
    throw new EsException({
      type: 'action_request_validation_exception',
      reason: 'Validation Failed: 1: no settings to update;',
      status: 400,
      elasticsearchException: true,
    });
  }
  const echoed = updateClusterSettings(sim.cluster, scopes.persistent, scopes.transient, stackTemplatesSetting(sim.profile.name), sim.profile);
  const interval = effectiveClusterSetting(sim.cluster, SETTING_POLL_INTERVAL);
  const parsed = parseTimeValue(interval ?? sim.config.pollIntervalText, SETTING_POLL_INTERVAL);
  if (parsed.ok) sim.setPollInterval(Math.floor(parsed.value.millis));
  sim.slmChanged();
  sim.dataStreamLifecycleSettingsChanged();
  const flat = booleanParam(ctx, 'flat_settings', false);
  return ok({
    acknowledged: true,
    persistent: settingsToXContent(sorted(echoed.persistent), flat),
    transient: settingsToXContent(sorted(echoed.transient), flat),
  });
}

const STATUS_ORDER: readonly HealthStatus[] = ['green', 'yellow', 'red'];
const LEVELS = ['cluster', 'indices', 'shards'];

function indexHealthToXContent(health: IndexHealth, withPrimaryCount: boolean): Record<string, unknown> {
  return {
    status: health.status,
    number_of_shards: health.numberOfShards,
    number_of_replicas: health.numberOfReplicas,
    active_primary_shards: health.activePrimaryShards,
    active_shards: health.activeShards,
    relocating_shards: health.relocatingShards,
    initializing_shards: health.initializingShards,
    unassigned_shards: health.unassignedShards,
    ...(withPrimaryCount ? { unassigned_primary_shards: health.unassignedPrimaryShards } : {}),
  };
}

/**
 * `GET /_cluster/health[/<index>]` (ES `ClusterHealthResponse#toXContent`): the running nodes, the shard counts of the indices asked for, `level=indices` for each index. A missing index
 * makes the answer red and timed out (408), as ES's wait for it would end.
 */
export function clusterHealth(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const level = ctx.query.get('level') ?? 'cluster';
  if (!LEVELS.includes(level)) throw new EsException(illegalArgument(`level must be one of [cluster, indices, shards] but was [${level}]`));
  const waitFor = ctx.query.get('wait_for_status');
  if (waitFor !== undefined && !STATUS_ORDER.includes(waitFor.toLowerCase() as HealthStatus)) {
    throw new EsException(illegalArgument(`unknown cluster health status [${waitFor}]`));
  }
  let missing = false;
  let indices: ReturnType<typeof resolveIndices> = [];
  try {
    indices = resolveIndices(sim.cluster, ctx.params.get('index') ?? '_all', {
      ignoreUnavailable: false,
      allowNoIndices: true,
      expandHidden: ctx.query.has('expand_wildcards') ? expandHidden(ctx) : true,
    });
  } catch (e) {
    if (!(e instanceof EsException) || e.error.type !== 'index_not_found_exception') throw e;
    missing = true;
  }
  const allocation = allocationModel(sim.cluster);
  const nodes = clusterNodes(sim.cluster);
  const healths = [...indices]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((i) => [i.name, indexHealth(i, allocation, sim.now, copiesOf(sim.cluster, i))] as const);
  const status: HealthStatus = missing ? 'red' : worstStatus(healths.map(([, h]) => h.status));
  const sum = (f: (h: IndexHealth) => number) => healths.reduce((n, [, h]) => n + f(h), 0);
  const active = sum((h) => h.activeShards);
  const total = sum((h) => h.numberOfShards * (1 + h.numberOfReplicas));
  const timedOut = missing || (waitFor !== undefined && STATUS_ORDER.indexOf(status) > STATUS_ORDER.indexOf(waitFor.toLowerCase() as HealthStatus));
  const withPrimaryCount = sim.profile.healthUnassignedPrimaries;
  const human = booleanParam(ctx, 'human', false);
  const percent = total === 0 ? 100 : (100 * active) / total;
  const out: Record<string, unknown> = {
    cluster_name: 'ilm-sim',
    status,
    timed_out: timedOut,
    number_of_nodes: nodes.length,
    number_of_data_nodes: nodes.filter(isDataNode).length,
    active_primary_shards: sum((h) => h.activePrimaryShards),
    active_shards: active,
    relocating_shards: sum((h) => h.relocatingShards),
    initializing_shards: sum((h) => h.initializingShards),
    unassigned_shards: sum((h) => h.unassignedShards),
    ...(withPrimaryCount ? { unassigned_primary_shards: sum((h) => h.unassignedPrimaryShards) } : {}),
    delayed_unassigned_shards: 0,
    number_of_pending_tasks: 0,
    number_of_in_flight_fetch: 0,
    ...(human ? { task_max_waiting_in_queue: '0s' } : {}),
    task_max_waiting_in_queue_millis: 0,
    ...(human ? { active_shards_percent: `${percent.toFixed(1)}%` } : {}),
    active_shards_percent_as_number: new JsonDouble(percent),
  };
  if (level !== 'cluster') {
    const perIndex: Record<string, unknown> = {};
    for (const [name, health] of healths) perIndex[name] = indexHealthToXContent(health, withPrimaryCount);
    out['indices'] = perIndex;
  }
  return ok(out, timedOut ? 408 : 200);
}
