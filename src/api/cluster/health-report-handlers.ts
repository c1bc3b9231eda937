/**
 * `GET /_health_report[/<feature>]` (8.7+, ES `RestGetHealthAction` and `HealthService`): the
 * indicators the simulator can know, each as its ES service computes it: `shards_availability` from
 * the topology (`ShardsAvailabilityHealthIndicatorService`), `data_stream_lifecycle` from its error
 * store (`DataStreamLifecycleHealthIndicatorService`, 8.11+), `ilm` (`IlmHealthIndicatorService`) and
 * `slm` (`SlmHealthIndicatorService`). It changes nothing.
 *
 * Divergence: ES also reports `master_is_stable`, `disk`, `repository_integrity`, `shards_capacity` and
 * others the simulator has no facts for; they are absent. The ILM indicator finds no stagnating
 * indices, the SLM one no unhealthy policies, and `shards_availability` gives its symptom and counts
 * without ES's impacts and diagnoses.
 */
import { allocationModel } from '../../engine/cluster/allocation';
import { indexHealth } from '../../engine/cluster/health';
import { copiesOf } from '../../engine/cluster/shard-placement';
import { EsException, illegalArgument, resourceNotFound } from '../../engine/errors';
import { effectiveClusterSetting } from '../../engine/cluster/cluster-settings';
import { javaHashMapOrder } from '../../engine/xcontent/java-order';
import { booleanParam, HandlerResult, ok, RequestContext } from '../context';

type Indicator = Record<string, unknown>;

/** ES `HealthStatus`, in the order `HealthStatus#merge` ranks them. */
const STATUS_RANK = ['green', 'unknown', 'yellow', 'red'];

/** `details` only when verbose (ES `HealthIndicatorDetails.EMPTY` prints nothing). */
function withDetails(verbose: boolean, details: Record<string, unknown> | null): Record<string, unknown> {
  return verbose && details !== null ? { details } : {};
}

/** A Java `HashMap` of the entries, in its iteration order. */
function hashMapOf(entries: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of javaHashMapOrder(Object.keys(entries))) out[key] = entries[key];
  return out;
}

/** ES `IlmHealthIndicatorService#calculate`. */
function ilmIndicator(ctx: RequestContext, verbose: boolean): Indicator {
  const mode = ctx.sim.cluster.operationMode;
  const policies = ctx.sim.cluster.policies.size;
  const details = withDetails(verbose, { ilm_status: mode, policies, stagnating_indices: 0 });
  if (policies === 0) return { status: 'green', symptom: 'No Index Lifecycle Management policies configured', ...details };
  if (mode === 'RUNNING') return { status: 'green', symptom: 'Index Lifecycle Management is running', ...details };
  return {
    status: 'yellow',
    symptom: 'Index Lifecycle Management is not running',
    ...details,
    impacts: [
      {
        id: 'elasticsearch:health:ilm:impact:automation_disabled',
        severity: 3,
        description: 'Automatic index lifecycle and data retention management is disabled. The performance and stability of the cluster could be impacted.',
        impact_areas: ['deployment_management'],
      },
    ],
    diagnosis: [
      {
        id: 'elasticsearch:health:ilm:diagnosis:ilm_disabled',
        cause: 'Index Lifecycle Management is stopped',
        action: 'Start Index Lifecycle Management using [POST /_ilm/start].',
        help_url: 'https://ela.st/fix-ilm',
      },
    ],
  };
}

/** ES `SlmHealthIndicatorService#calculate` (no unhealthy-policy check). */
function slmIndicator(ctx: RequestContext, verbose: boolean): Indicator {
  const store = ctx.sim.cluster.snapshots;
  const policies = store.slmPolicies.size;
  const details = withDetails(verbose, { slm_status: store.slmOperationMode, policies });
  if (policies === 0) return { status: 'green', symptom: 'No Snapshot Lifecycle Management policies configured', ...details };
  if (store.slmOperationMode === 'RUNNING') return { status: 'green', symptom: 'Snapshot Lifecycle Management is running', ...details };
  return {
    status: 'yellow',
    symptom: 'Snapshot Lifecycle Management is not running',
    ...details,
    impacts: [
      {
        id: 'elasticsearch:health:slm:impact:scheduled_snapshots',
        severity: 3,
        description: 'Scheduled snapshots are not running. New backup snapshots will not be created automatically.',
        impact_areas: ['backup'],
      },
    ],
    diagnosis: [
      {
        id: 'elasticsearch:health:slm:diagnosis:slm_disabled',
        cause: 'Snapshot Lifecycle Management is stopped',
        action: 'Start Snapshot Lifecycle Management using [POST /_slm/start].',
        help_url: 'https://ela.st/fix-slm',
      },
    ],
  };
}

/**
 * ES `DataStreamLifecycleHealthIndicatorService#calculate` over what the lifecycle published after its
 * last run: unknown before the first run; green without stagnating indices (errors retried at least
 * `data_streams.lifecycle.signalling.error_retry_interval` times, 10 by default); yellow with them.
 */
function dataStreamLifecycleIndicator(ctx: RequestContext, verbose: boolean, maxAffectedResources: number): Indicator {
  const { sim } = ctx;
  if (sim.dsl.lastRunAt(sim.now) === null) {
    return { status: 'unknown', symptom: 'No data stream lifecycle health data available yet. Health information will be reported after the first run.' };
  }
  const threshold = Number(effectiveClusterSetting(sim.cluster, 'data_streams.lifecycle.signalling.error_retry_interval') ?? '10');
  const published = Number(effectiveClusterSetting(sim.cluster, 'data_streams.lifecycle.max_errors_to_publish') ?? '500');
  // ES `DataStreamLifecycleErrorStore#getErrorsInfo`: the most retried first, at most `max_errors_to_publish`.
  // Divergence: ES breaks ties in its hash map's order; the simulator by index name.
  const stagnating = [...sim.dsl.errors]
    .filter(([, e]) => e.retryCount >= threshold)
    .sort(([a, x], [b, y]) => y.retryCount - x.retryCount || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, published);
  const details: Record<string, unknown> = { total_backing_indices_in_error: sim.dsl.errors.size, stagnating_backing_indices_count: stagnating.length };
  if (stagnating.length > 0) {
    details['stagnating_backing_indices'] = stagnating.map(([index, e]) => ({
      index_name: index,
      first_occurrence_timestamp: e.firstOccurrenceMillis,
      retry_count: e.retryCount,
    }));
  }
  const shown = withDetails(verbose, hashMapOf(details));
  if (stagnating.length === 0) return { status: 'green', symptom: 'Data streams are executing their lifecycles without issues', ...shown };
  return {
    status: 'yellow',
    symptom: `${stagnating.length > 1 ? `${stagnating.length} backing indices have` : 'A backing index has'} repeatedly encountered errors whilst trying to advance in its lifecycle`,
    ...shown,
    impacts: [
      {
        id: 'elasticsearch:health:data_stream_lifecycle:impact:stagnating_backing_index',
        severity: 3,
        description:
          'Data streams backing indices cannot make progress in their lifecycle. The performance and stability of the indices and/or the cluster could be impacted.',
        impact_areas: ['deployment_management'],
      },
    ],
    diagnosis: [
      {
        id: 'elasticsearch:health:data_stream_lifecycle:diagnosis:stagnating_dsl_backing_index',
        cause: 'Some backing indices are repeatedly encountering errors in their lifecycle execution.',
        action:
          'Check the current status of the affected indices using the [GET /<affected_index_name>/_lifecycle/explain] API. Please replace the <affected_index_name> in the API with the actual index name (or the data stream name for a wider overview).',
        help_url: 'https://ela.st/explain-data-stream-lifecycle',
        affected_resources: { indices: stagnating.slice(0, maxAffectedResources).map(([index]) => index) },
      },
    ],
  };
}

/** ES `ShardsAvailabilityHealthIndicatorService#calculate`: unassigned primaries make it red, replicas yellow. */
function shardsAvailabilityIndicator(ctx: RequestContext, verbose: boolean): Indicator {
  const { sim } = ctx;
  const allocation = allocationModel(sim.cluster);
  let startedPrimaries = 0;
  let unassignedPrimaries = 0;
  let initializingPrimaries = 0;
  let startedReplicas = 0;
  let unassignedReplicas = 0;
  for (const index of sim.cluster.indices.values()) {
    if (index.state === 'close') continue;
    const h = indexHealth(index, allocation, sim.now, copiesOf(sim.cluster, index));
    startedPrimaries += h.activePrimaryShards;
    initializingPrimaries += h.initializingShards;
    unassignedPrimaries += h.unassignedPrimaryShards;
    startedReplicas += h.activeShards - h.activePrimaryShards;
    unassignedReplicas += h.unassignedShards - h.unassignedPrimaryShards;
  }
  const details = hashMapOf({
    unassigned_primaries: unassignedPrimaries,
    initializing_primaries: initializingPrimaries,
    creating_primaries: 0,
    creating_replicas: 0,
    restarting_primaries: 0,
    started_primaries: startedPrimaries,
    unassigned_replicas: unassignedReplicas,
    initializing_replicas: 0,
    restarting_replicas: 0,
    started_replicas: startedReplicas,
  });
  const parts: string[] = [];
  if (unassignedPrimaries > 0) parts.push(`${unassignedPrimaries} unavailable primary shard${unassignedPrimaries === 1 ? '' : 's'}`);
  if (unassignedReplicas > 0) parts.push(`${unassignedReplicas} unavailable replica shard${unassignedReplicas === 1 ? '' : 's'}`);
  const status = unassignedPrimaries > 0 ? 'red' : unassignedReplicas > 0 ? 'yellow' : 'green';
  const symptom = parts.length === 0 ? 'This cluster has all shards available.' : `This cluster has ${parts.join(', ')}.`;
  return { status, symptom, ...withDetails(verbose, details) };
}

/** The indicators of the release, in the order the report lists them. */
function indicators(ctx: RequestContext): ReadonlyArray<readonly [string, (ctx: RequestContext, verbose: boolean, maxAffectedResources: number) => Indicator]> {
  return [
    ['shards_availability', shardsAvailabilityIndicator],
    ...(ctx.sim.profile.dataStreamLifecycle ? [['data_stream_lifecycle', dataStreamLifecycleIndicator] as const] : []),
    ['ilm', ilmIndicator],
    ['slm', slmIndicator],
  ];
}

/**
 * `GET /_health_report` (every indicator and the overall `status`, the worst of theirs) and
 * `GET /_health_report/<feature>` (one indicator, no overall status; an unknown one is a 404).
 */
export function healthReport(ctx: RequestContext): HandlerResult {
  const verbose = booleanParam(ctx, 'verbose', true);
  const maxAffectedResources = maxAffectedResourcesParam(ctx);
  const feature = ctx.params.get('feature');
  const known = indicators(ctx);
  const chosen = feature === undefined ? known : known.filter(([name]) => name === feature);
  if (chosen.length === 0) throw new EsException(resourceNotFound(`Did not find indicator ${feature}`));
  const out: Record<string, unknown> = {};
  const results: Record<string, Indicator> = {};
  for (const [name, compute] of chosen) results[name] = compute(ctx, verbose, maxAffectedResources);
  if (feature === undefined) {
    const ranks = Object.values(results).map((r) => STATUS_RANK.indexOf(r['status'] as string));
    out['status'] = STATUS_RANK[Math.max(0, ...ranks)];
  }
  out['cluster_name'] = 'ilm-sim';
  out['indicators'] = results;
  return ok(out);
}

/**
 * `size` (ES `RestGetHealthAction`: `paramAsInt("size", 1000)`; `HealthService#getHealth` refuses a
 * negative one): how many affected resources each diagnosis names at most.
 */
function maxAffectedResourcesParam(ctx: RequestContext): number {
  const text = ctx.query.get('size');
  if (text === undefined) return 1000;
  const value = /^[+-]?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value > 2_147_483_647 || value < -2_147_483_648) {
    throw new EsException(illegalArgument(`Failed to parse int parameter [size] with value [${text}]`));
  }
  if (value < 0) throw new EsException(illegalArgument('The max number of resources must be a positive integer'));
  return value;
}
