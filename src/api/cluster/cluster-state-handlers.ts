/**
 * `GET /_nodes` (ES `RestNodesInfoAction`) and `GET /_cluster/state[/<metric>[/<index>]]` (ES
 * `RestClusterStateAction`) for the simulated nodes (`topology.ts`: one node holding every role by
 * default): what Curator and exporters read to find the nodes, the indices' settings, aliases and
 * state, and the legacy templates. They change nothing.
 *
 * Divergence: node info has the node's identity, version, build and
 * roles only (no `settings`, `os`, `jvm`, ... sections); the cluster state's `metadata` has the
 * cluster UUID, the legacy templates and each index's `state`, `settings`, `mappings`, its `ilm`
 * custom metadata, `aliases` and `rollover_info` (no versions, primary terms or in-sync allocations);
 * the other metrics are empty.
 */
import type { IndexMetadata } from '../../engine/cluster/cluster';
import type { ExecutionState } from '../../engine/cluster/execution-state';
import { phaseToXContent } from '../../engine/lifecycle/policy-parser';
import type { Profile } from '../../engine/profile';
import { javaHashMapOrder } from '../../engine/xcontent/java-order';
import { toCompactJson, type JsonValue } from '../json-output';
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { clusterNodes, SimNode } from '../../engine/cluster/topology';
import { indexSettings, settingsToXContent } from '../../engine/cluster/index-view';
import { EsException, illegalArgument } from '../../engine/errors';
import { booleanParam, commaList, HandlerResult, indicesOptions, ok, RequestContext } from '../context';
import { legacyTemplateToXContent } from '../templates/legacy-template-handlers';

/** A node's id, name and address as `_nodes` shows them (ES `NodeInfo`'s identity part). */
export function nodeEntry(ctx: RequestContext, node: SimNode): Record<string, unknown> {
  const v = ctx.sim.profile.version;
  return {
    name: node.name,
    transport_address: node.transportAddress,
    host: node.host,
    ip: node.ip,
    version: v.number,
    ...(v.buildFlavor ? { build_flavor: v.buildFlavor } : {}),
    ...(v.buildType ? { build_type: v.buildType } : {}),
    build_hash: v.buildHash,
    roles: node.roles,
    attributes: node.attributes,
  };
}

/** `GET /_nodes`: every running node (`clusterNodes`). */
export function nodesInfo(ctx: RequestContext): HandlerResult {
  const nodes = clusterNodes(ctx.sim.cluster);
  const out: Record<string, unknown> = {};
  for (const node of nodes) out[node.id] = nodeEntry(ctx, node);
  return ok({ _nodes: { total: nodes.length, successful: nodes.length, failed: 0 }, cluster_name: 'ilm-sim', nodes: out });
}

/** The elected master: the first running master-eligible node (the default node by default). */
export function masterNodeId(ctx: RequestContext): string {
  return clusterNodes(ctx.sim.cluster).find((n) => n.roles.includes('master'))?.id ?? ctx.sim.cluster.nodeId;
}

const STATE_METRICS = ['_all', 'version', 'master_node', 'blocks', 'nodes', 'metadata', 'routing_table', 'routing_nodes', 'customs'];

function indexMetadataToXContent(ctx: RequestContext, index: IndexMetadata, flat: boolean): Record<string, unknown> {
  const rollover: Record<string, unknown> = {};
  for (const [alias, info] of index.rolloverInfos) {
    const met: Record<string, unknown> = {};
    for (const condition of info.metConditions) met[condition] = true;
    rollover[alias] = { met_conditions: met, time: info.timeMillis };
  }
  const ilm = index.lifecycle ? lifecycleCustomMetadata(index.lifecycle, ctx.sim.profile) : null;
  return {
    state: index.state,
    settings: settingsToXContent(indexSettings(index, ctx.sim.profile), flat),
    mappings: {},
    // ES `IndexMetadata#toXContent` prints each custom metadata map (ILM's is `ilm`) after `mappings`.
    ...(ilm === null ? {} : { ilm }),
    aliases: [...index.aliases.keys()].sort(),
    rollover_info: rollover,
  };
}

/**
 * An index's ILM execution state as ES stores it in the index metadata's `ilm` custom map (checked
 * against ES `LifecycleExecutionState#asMap`: x-pack/plugin/core/.../xpack/core/indexlifecycle/ in 6.x,
 * which has no retry, snapshot, shrink or downsample keys; .../xpack/core/ilm/ in 7.x;
 * server/.../cluster/metadata/ in 8.x and 9.x): every value a string; dates as epoch millis; `step_info`,
 * `previous_step_info` (8.16+) and `phase_definition` (ES `PhaseExecutionInfo` without `?human`) as
 * compact JSON text; the downsample target under its older name `rollup_index_name`. Null when the
 * state is empty (ES prints no `ilm` map then). Divergence: ES prints the keys in the iteration order
 * of the map the answering node holds (a HashMap whose size depends on how it was built); this
 * prints them in the order of the master's own map (`asMap`'s puts into a default HashMap).
 */
export function lifecycleCustomMetadata(state: ExecutionState, profile: Profile): Record<string, string> | null {
  const stored: Record<string, string | undefined> = {
    phase: state.phase,
    action: state.action,
    step: state.step,
    failed_step: state.failedStep,
    is_auto_retryable_error: state.isAutoRetryableError === undefined ? undefined : String(state.isAutoRetryableError),
    failed_step_retry_count: state.failedStepRetryCount === undefined ? undefined : String(state.failedStepRetryCount),
    step_info: state.stepInfo === undefined ? undefined : toCompactJson(state.stepInfo as JsonValue),
    previous_step_info:
      state.previousStepInfo === undefined || !profile.explain.previousStepInfo ? undefined : toCompactJson(state.previousStepInfo as JsonValue),
    creation_date: state.lifecycleDate === undefined ? undefined : String(state.lifecycleDate),
    phase_time: state.phaseTime === undefined ? undefined : String(state.phaseTime),
    action_time: state.actionTime === undefined ? undefined : String(state.actionTime),
    step_time: state.stepTime === undefined ? undefined : String(state.stepTime),
    phase_definition: state.phaseDefinition === undefined ? undefined : toCompactJson(phaseExecutionJson(state.phaseDefinition, profile)),
    snapshot_repository: state.snapshotRepository,
    snapshot_name: state.snapshotName,
    shrink_index_name: state.shrinkIndexName,
    snapshot_index_name: state.snapshotIndexName,
    rollup_index_name: state.downsampleIndexName,
  };
  const keys = Object.keys(stored).filter((key) => stored[key] !== undefined);
  if (keys.length === 0) return null;
  const out: Record<string, string> = {};
  for (const key of javaHashMapOrder(keys)) out[key] = stored[key]!;
  return out;
}

/** ES `PhaseExecutionInfo#toXContent` as ILM stores it (no human dates). */
function phaseExecutionJson(info: NonNullable<ExecutionState['phaseDefinition']>, profile: Profile): JsonValue {
  return {
    policy: info.policy,
    ...(info.phase ? { phase_definition: phaseToXContent(info.phase, profile, true) } : {}),
    version: info.version,
    modified_date_in_millis: info.modifiedDate,
  } as JsonValue;
}

/** `GET /_cluster/state[/<metric>[/<index>]]`. */
export function clusterState(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const metrics = ctx.params.has('metric') ? commaList(ctx.params.get('metric')!) : ['_all'];
  for (const metric of metrics) if (!STATE_METRICS.includes(metric)) throw new EsException(illegalArgument(`Unknown metric [${metric}]`));
  const wants = (metric: string) => metrics.includes('_all') || metrics.includes(metric);
  const flat = booleanParam(ctx, 'flat_settings', false);
  const out: Record<string, unknown> = { cluster_name: 'ilm-sim', cluster_uuid: sim.cluster.nodeId };
  if (wants('version')) {
    // Divergence: ES counts every cluster-state update; the simulator counts lifecycle step changes.
    out['version'] = sim.cluster.history.length + 1;
    out['state_uuid'] = sim.cluster.nodeId;
  }
  if (wants('master_node')) out['master_node'] = masterNodeId(ctx);
  if (wants('blocks')) out['blocks'] = {};
  if (wants('nodes')) {
    const nodes: Record<string, unknown> = {};
    for (const node of clusterNodes(sim.cluster))
      nodes[node.id] = { name: node.name, ephemeral_id: node.id, transport_address: node.transportAddress, attributes: node.attributes };
    out['nodes'] = nodes;
  }
  if (wants('metadata')) {
    // ES `TransportClusterStateAction`: no index named means the whole metadata, closed indices too.
    const named = ctx.params.get('index');
    const indices = resolveIndices(sim.cluster, named ?? '_all', { ...indicesOptions(ctx), expandHidden: true, expandClosed: named === undefined }).sort(
      (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    const templates: Record<string, unknown> = {};
    for (const name of [...sim.cluster.legacyTemplates.keys()].sort()) templates[name] = legacyTemplateToXContent(sim.cluster.legacyTemplates.get(name)!, flat);
    const perIndex: Record<string, unknown> = {};
    for (const index of indices) perIndex[index.name] = indexMetadataToXContent(ctx, index, flat);
    out['metadata'] = { cluster_uuid: sim.cluster.nodeId, cluster_uuid_committed: true, templates, indices: perIndex };
  }
  if (wants('routing_table')) out['routing_table'] = { indices: {} };
  if (wants('routing_nodes')) out['routing_nodes'] = { unassigned: [], nodes: {} };
  return ok(out);
}
