/**
 * The one route table: method + path pattern -> handler, with the query parameters each route accepts
 * (ES refuses any other with its "unrecognized parameter" error). Literal segments win over
 * `{placeholders}`, as in ES's path trie. `/_sim` routes are the simulator's control plane.
 */
import type { Profile } from '../engine/profile';
import type { HandlerResult, Method, RequestContext } from './context';
import * as aliases from './indices/alias-handlers';
import * as allocation from './sim/allocation-handlers';
import * as allocationExplain from './cluster/allocation-explain-handlers';
import * as nodes from './sim/node-handlers';
import * as clusterState from './cluster/cluster-state-handlers';
import * as monitoring from './indices/monitoring-handlers';
import * as nodeStats from './cluster/node-stats-handlers';
import * as cat from './cat/cat-handlers';
import * as catNodes from './cat/cat-node-handlers';
import * as clusterApi from './cluster/cluster-handlers';
import * as components from './templates/component-template-handlers';
import * as ilm from './ilm/ilm-handlers';
import * as indices from './indices/index-handlers';
import * as reads from './indices/index-read-handlers';
import * as indexState from './indices/index-state-handlers';
import * as operations from './ilm/ilm-operation-handlers';
import * as control from './sim/sim-handlers';
import * as views from './sim/lifecycle-view-handlers';
import * as snapshots from './snapshots/snapshot-handlers';
import * as streams from './data-streams/data-stream-handlers';
import * as templates from './templates/template-handlers';
import * as legacyTemplates from './templates/legacy-template-handlers';
import * as xpack from './cluster/xpack-handlers';
import * as capabilities from './cluster/capabilities-handlers';
import * as dsl from './data-streams/data-stream-lifecycle-handlers';
import * as health from './cluster/health-report-handlers';

export interface Route {
  readonly method: Method;
  readonly pattern: readonly string[];
  readonly params: readonly string[];
  readonly handler: (ctx: RequestContext) => HandlerResult;
  /** The handler reads a request body; ES refuses a body sent to any other handler. */
  readonly readsBody: boolean;
  /**
   * Whether the release has this endpoint (absent: every release). A release without it answers as
   * its router does: `matchPath` leaves the route out (this is also what docs/coverage.md shows).
   */
  readonly inRelease?: (profile: Profile) => boolean;
  /** The named capabilities its ES handler declares (`BaseRestHandler#supportedCapabilities`) in a release. */
  readonly capabilities?: (profile: Profile) => readonly string[];
}

const MASTER = ['master_timeout', 'timeout'];
const INDEX_OPTIONS = ['expand_wildcards', 'ignore_unavailable', 'allow_no_indices', 'ignore_throttled'];

const BODY = true;
const BULK_PARAMS = [
  'refresh',
  'routing',
  'pipeline',
  'wait_for_active_shards',
  'timeout',
  'require_alias',
  '_source',
  '_source_includes',
  '_source_excludes',
  'require_data_stream',
  'list_executed_pipelines',
  'include_source_on_error',
];
const INDEX_DOC = [
  'refresh',
  'routing',
  'pipeline',
  'wait_for_active_shards',
  'op_type',
  'timeout',
  'require_alias',
  'require_data_stream',
  'include_source_on_error',
  'version',
  'version_type',
  'if_seq_no',
  'if_primary_term',
];
const SNAPSHOT_GET = ['master_timeout', 'ignore_unavailable', 'verbose', ...snapshots.SNAPSHOT_GET_8];
const PUT_SETTINGS = ['preserve_existing', 'reopen', 'flat_settings', ...MASTER, ...INDEX_OPTIONS];
const GET_INDEX = ['include_type_name', 'local', 'flat_settings', 'include_defaults', 'features', 'master_timeout', ...INDEX_OPTIONS];
/** `local` until 8.x, `master_timeout` from 9.0 (the simulator takes both in every release). */
const GET_ALIAS = ['ignore_unavailable', 'allow_no_indices', 'expand_wildcards', 'local', 'master_timeout'];
const GET_TEMPLATE = ['flat_settings', 'master_timeout', 'local', 'include_type_name'];
const PUT_TEMPLATE = ['order', 'create', 'cause', 'include_type_name', 'master_timeout'];
const REFRESH_OPTIONS = ['ignore_unavailable', 'allow_no_indices', 'expand_wildcards'];
const CLUSTER_HEALTH = [
  'expand_wildcards',
  'level',
  'local',
  'master_timeout',
  'timeout',
  'wait_for_active_shards',
  'wait_for_nodes',
  'wait_for_events',
  'wait_for_no_relocating_shards',
  'wait_for_no_initializing_shards',
  'wait_for_status',
];
const CLUSTER_STATE = ['local', 'master_timeout', 'flat_settings', 'wait_for_metadata_version', 'wait_for_timeout', ...REFRESH_OPTIONS];
const ALLOCATION_EXPLAIN = ['include_disk_info', 'include_yes_decisions', 'master_timeout'];
const CAT = ['format', 'h', 's', 'v', 'local', 'master_timeout', 'expand_wildcards'];
const CAT_INDICES = [...CAT, 'bytes', 'health', 'pri', 'include_unloaded_segments'];
const CAT_ALIASES = [...CAT, 'bytes'];
const REFRESH = REFRESH_OPTIONS;
const STATS = [
  'completion_fields',
  'fielddata_fields',
  'fields',
  'groups',
  'level',
  'include_segment_file_sizes',
  'include_unloaded_segments',
  'forbid_closed_indices',
  ...REFRESH,
];
const COUNT = [...INDEX_OPTIONS, 'q', 'preference'];
const NODES_STATS = [
  'completion_fields',
  'fielddata_fields',
  'fields',
  'groups',
  'include_segment_file_sizes',
  'level',
  'timeout',
  'types',
  'include_unloaded_segments',
];
const GET_SETTINGS = ['local', 'flat_settings', 'include_defaults', 'master_timeout', ...INDEX_OPTIONS];

function route(method: Method, path: string, params: readonly string[], handler: Route['handler'], readsBody = false, inRelease?: Route['inRelease']): Route {
  return { method, pattern: path.split('/').filter((s) => s.length > 0), params, handler, readsBody, ...(inRelease ? { inRelease } : {}) };
}

/**
 * `route` whose ES handler declares `names` as capabilities from release `version` on (what
 * `GET /_capabilities` and so ES's YAML test runner see).
 */
function declaring(version: string, names: readonly string[], declared: Route): Route {
  const from = since(version);
  return { ...declared, capabilities: (profile) => (from(profile) ? names : []) };
}

/**
 * The data stream lifecycle's capabilities, ES 8.16+ (`DataStreamLifecycle.EFFECTIVE_RETENTION_REST_API_CAPABILITY`
 * on `RestGetDataStreamsAction`, `RestGetDataStreamLifecycleAction` and `RestExplainDataStreamLifecycleAction`;
 * `data_stream_global_retention` on the get-lifecycle handler). Not declared: `failure_store_global_retention`
 * and `failure_store.lifecycle*` (failure store lifecycles), `frozen_transition_explain` and
 * `dlm.frozen_after` (later releases), none of which the simulator models.
 */
const EFFECTIVE_RETENTION = ['data_stream_lifecycle_effective_retention'];
const GLOBAL_RETENTION = ['data_stream_lifecycle_effective_retention', 'data_stream_global_retention'];

/**
 * A route ES added in release `version` (the `@availability stack since=` of Elastic's REST
 * definitions, elastic/elasticsearch-specification `specification/<api>/<Name>Request.ts`): a profile
 * has it when the release it mirrors (`GET /`'s `version.number`) is that release or later. Routes
 * without a predicate were in 6.6, the oldest profile (ILM's own APIs: `since=6.6.0`).
 */
function since(version: string): (profile: Profile) => boolean {
  const wanted = releaseParts(version);
  return (profile) => {
    const have = releaseParts(profile.version.number);
    for (let i = 0; i < wanted.length; i++) if (have[i] !== wanted[i]) return have[i]! > wanted[i]!;
    return true;
  };
}

function releaseParts(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10));
}

/**
 * Composable templates: `indices/put_index_template` and `indices/get_index_template` say since=7.9.0,
 * `indices/delete_index_template` since=7.8.0; ES 7.8.0 shipped them all (its release notes, "Add
 * composable index templates"), and no profile lies between 7.8 and 7.9.
 */
const INDEX_TEMPLATES = since('7.8.0');
/** Component templates: `cluster/*_component_template` since=7.8.0. */
const COMPONENT_TEMPLATES = since('7.8.0');
/**
 * Data streams: `indices/{create,get,delete}_data_stream` and `indices/data_streams_stats` since=7.9.0
 * (the 7.7 and 7.8 rest-api-specs list the first three, behind a feature flag until 7.9).
 */
const DATA_STREAMS = since('7.9.0');
/**
 * The data stream lifecycle: `indices/{put,get,delete,explain}_data_lifecycle` since=8.11.0,
 * `indices/get_data_lifecycle_stats` since=8.12.0.
 */
const DATA_STREAM_LIFECYCLE = since('8.11.0');

export const ROUTES: readonly Route[] = [
  route('GET', '/', [], indices.mainInfo),
  route('HEAD', '/', [], indices.mainInfo),
  route('PUT', '/_ilm/policy/{policy}', MASTER, ilm.putPolicy, BODY),
  route('GET', '/_ilm/policy/{policy}', MASTER, ilm.getPolicies),
  route('GET', '/_ilm/policy', MASTER, ilm.getPolicies),
  route('DELETE', '/_ilm/policy/{policy}', MASTER, ilm.deletePolicy),
  route('GET', '/{index}/_ilm/explain', ['only_managed', 'only_errors', 'master_timeout', ...INDEX_OPTIONS], ilm.explain),
  route('POST', '/{index}/_ilm/retry', [...MASTER, ...INDEX_OPTIONS], ilm.retry),
  route('POST', '/_ilm/move/{index}', MASTER, operations.moveToStep, BODY),
  route('POST', '/{index}/_ilm/remove', INDEX_OPTIONS, operations.removePolicy),
  route('POST', '/_ilm/start', MASTER, operations.start),
  route('POST', '/_ilm/stop', MASTER, operations.stop),
  route('GET', '/_ilm/status', [], operations.status),
  // `ilm/migrate_to_data_tiers` since=7.14.0; the other ILM routes since=6.6.0.
  route('POST', '/_ilm/migrate_to_data_tiers', ['dry_run', 'master_timeout'], operations.migrateToDataTiersHandler, BODY, (p) => p.migrateToDataTiers),
  route('GET', '/{index}', GET_INDEX, reads.getIndex),
  route('HEAD', '/{index}', ['local', 'flat_settings', 'include_defaults', ...INDEX_OPTIONS], reads.indexExists),
  route('GET', '/_settings', GET_SETTINGS, reads.getSettings),
  route('GET', '/_settings/{name}', GET_SETTINGS, reads.getSettings),
  route('GET', '/{index}/_settings', GET_SETTINGS, reads.getSettings),
  route('GET', '/{index}/_settings/{name}', GET_SETTINGS, reads.getSettings),
  route('PUT', '/{index}', ['wait_for_active_shards', 'include_type_name', ...MASTER], indices.createIndex, BODY),
  route('DELETE', '/{index}', [...MASTER, ...INDEX_OPTIONS], indices.deleteIndex),
  route('PUT', '/{index}/_settings', PUT_SETTINGS, indices.updateSettings, BODY),
  route('PUT', '/_settings', PUT_SETTINGS, indices.updateSettings, BODY),
  route('PUT', '/_snapshot/{repository}', [...MASTER, 'verify'], snapshots.putRepositoryHandler, BODY),
  route('POST', '/_snapshot/{repository}', [...MASTER, 'verify'], snapshots.putRepositoryHandler, BODY),
  route('GET', '/_snapshot', ['master_timeout', 'local'], snapshots.getRepositories),
  route('GET', '/_snapshot/{repository}', ['master_timeout', 'local'], snapshots.getRepositories),
  route('DELETE', '/_snapshot/{repository}', MASTER, snapshots.deleteRepositoryHandler),
  route('PUT', '/_snapshot/{repository}/{snapshot}', ['master_timeout', 'wait_for_completion'], snapshots.createSnapshotHandler, BODY),
  route('POST', '/_snapshot/{repository}/{snapshot}', ['master_timeout', 'wait_for_completion'], snapshots.createSnapshotHandler, BODY),
  route('GET', '/_snapshot/{repository}/{snapshot}', SNAPSHOT_GET, snapshots.getSnapshots),
  route('DELETE', '/_snapshot/{repository}/{snapshot}', ['master_timeout', 'wait_for_completion'], snapshots.deleteSnapshotHandler),
  // SLM: `slm/{put,get,delete,execute}_lifecycle` since=7.4.0, `slm/execute_retention` and `slm/get_stats`
  // since=7.5.0, `slm/get_status`, `slm/start` and `slm/stop` since=7.6.0.
  route('PUT', '/_slm/policy/{policy_id}', MASTER, snapshots.putSlmPolicyHandler, BODY, since('7.4.0')),
  route('GET', '/_slm/policy/{policy_id}', MASTER, snapshots.getSlmPolicies, false, since('7.4.0')),
  route('GET', '/_slm/policy', MASTER, snapshots.getSlmPolicies, false, since('7.4.0')),
  route('DELETE', '/_slm/policy/{policy_id}', MASTER, snapshots.deleteSlmPolicyHandler, false, since('7.4.0')),
  route('POST', '/_slm/policy/{policy_id}/_execute', MASTER, snapshots.executeSlmPolicyHandler, false, since('7.4.0')),
  route('PUT', '/_slm/policy/{policy_id}/_execute', MASTER, snapshots.executeSlmPolicyHandler, false, since('7.4.0')),
  route('GET', '/_slm/status', MASTER, snapshots.slmStatus, false, since('7.6.0')),
  route('GET', '/_slm/stats', MASTER, snapshots.slmStats, false, since('7.5.0')),
  route('POST', '/_slm/start', MASTER, snapshots.slmStart, false, since('7.6.0')),
  route('POST', '/_slm/stop', MASTER, snapshots.slmStop, false, since('7.6.0')),
  route('POST', '/_slm/_execute_retention', MASTER, snapshots.slmExecuteRetention, false, since('7.5.0')),
  route('GET', '/_sim/clock', [], control.getClock),
  route('POST', '/_sim/clock/_advance', [], control.advanceClock, BODY),
  route('POST', '/_sim/clock/_set', [], control.setClock, BODY),
  route('POST', '/_sim/clock/_next', [], control.nextClock, BODY),
  route('POST', '/_sim/_settle', [], control.settle),
  route('POST', '/_sim/_reset', [], control.reset),
  route('POST', '/_sim/faults', [], control.addFault, BODY),
  route('GET', '/_sim/faults', [], control.listFaults),
  route('DELETE', '/_sim/faults', [], control.clearFaults),
  route('DELETE', '/_sim/faults/{id}', [], control.removeFault),
  route('GET', '/_sim/history', ['index', 'size', 'from', 'after'], control.history),
  route('GET', '/_sim/timeline', ['index'], views.timeline),
  route('GET', '/_sim/why/{index}', [], views.why),
  route('PUT', '/_sim/allocation', [], allocation.putAllocation, BODY),
  route('GET', '/_sim/allocation', [], allocation.getAllocation),
  route('GET', '/_sim/nodes', [], nodes.getNodes),
  route('PUT', '/_sim/nodes', [], nodes.putNodes, BODY),
  route('POST', '/_sim/nodes', [], nodes.addNode, BODY),
  route('DELETE', '/_sim/nodes/{name}', [], nodes.removeNode),
  route('POST', '/_sim/nodes/{name}/_stop', [], nodes.stopNode),
  route('POST', '/_sim/nodes/{name}/_start', [], nodes.startNode),
  route('POST', '/_sim/ingest', [], templates.ingest, BODY),
  // `indices/simulate_index_template` since=7.9.0, though the 7.8 rest-api-spec (elasticsearch-rs
  // api_generator/rest_specs) already has it, with the other `_index_template` APIs (7.7's has none).
  route('PUT', '/_index_template/{name}', ['create', 'cause', 'master_timeout'], templates.putIndexTemplate, BODY, INDEX_TEMPLATES),
  route(
    'GET',
    '/_index_template/{name}',
    ['master_timeout', 'local', 'flat_settings', 'include_defaults'],
    templates.getIndexTemplates,
    false,
    INDEX_TEMPLATES,
  ),
  route('GET', '/_index_template', ['master_timeout', 'local', 'flat_settings', 'include_defaults'], templates.getIndexTemplates, false, INDEX_TEMPLATES),
  route('DELETE', '/_index_template/{name}', ['master_timeout', 'timeout'], templates.deleteIndexTemplate, false, INDEX_TEMPLATES),
  route(
    'POST',
    '/_index_template/_simulate_index/{name}',
    ['create', 'cause', 'master_timeout', 'include_defaults'],
    templates.simulateIndex,
    BODY,
    INDEX_TEMPLATES,
  ),
  // `indices/simulate_template` since=7.9.0.
  route('POST', '/_index_template/_simulate', ['create', 'cause', 'master_timeout', 'include_defaults'], templates.simulateTemplate, BODY, since('7.9.0')),
  route(
    'POST',
    '/_index_template/_simulate/{name}',
    ['create', 'cause', 'master_timeout', 'include_defaults'],
    templates.simulateTemplate,
    BODY,
    since('7.9.0'),
  ),
  route('HEAD', '/_index_template/{name}', ['master_timeout', 'local', 'flat_settings'], templates.getIndexTemplates, false, INDEX_TEMPLATES),
  route('POST', '/_index_template/{name}', ['create', 'cause', 'master_timeout'], templates.putIndexTemplate, BODY, INDEX_TEMPLATES),
  route('PUT', '/_component_template/{name}', ['create', 'cause', 'timeout', 'master_timeout'], components.putComponentTemplate, BODY, COMPONENT_TEMPLATES),
  route('POST', '/_component_template/{name}', ['create', 'cause', 'timeout', 'master_timeout'], components.putComponentTemplate, BODY, COMPONENT_TEMPLATES),
  route(
    'GET',
    '/_component_template',
    ['master_timeout', 'local', 'flat_settings', 'include_defaults'],
    components.getComponentTemplates,
    false,
    COMPONENT_TEMPLATES,
  ),
  route(
    'GET',
    '/_component_template/{name}',
    ['master_timeout', 'local', 'flat_settings', 'include_defaults'],
    components.getComponentTemplates,
    false,
    COMPONENT_TEMPLATES,
  ),
  route('HEAD', '/_component_template/{name}', ['master_timeout', 'local'], components.getComponentTemplates, false, COMPONENT_TEMPLATES),
  route('DELETE', '/_component_template/{name}', ['timeout', 'master_timeout'], components.deleteComponentTemplate, false, COMPONENT_TEMPLATES),
  route('PUT', '/_data_stream/{name}', ['master_timeout', 'timeout'], streams.putDataStream, false, DATA_STREAMS),
  declaring(
    '8.16.0',
    EFFECTIVE_RETENTION,
    route('GET', '/_data_stream', ['expand_wildcards', 'include_defaults', 'master_timeout', 'verbose'], streams.getDataStreams, false, DATA_STREAMS),
  ),
  declaring(
    '8.16.0',
    EFFECTIVE_RETENTION,
    route('GET', '/_data_stream/{name}', ['expand_wildcards', 'include_defaults', 'master_timeout', 'verbose'], streams.getDataStreams, false, DATA_STREAMS),
  ),
  route('DELETE', '/_data_stream/{name}', ['expand_wildcards', 'master_timeout', 'timeout'], streams.deleteDataStream, false, DATA_STREAMS),
  route('PUT', '/_data_stream/{name}/_lifecycle', ['expand_wildcards', ...MASTER], dsl.putLifecycle, BODY, DATA_STREAM_LIFECYCLE),
  declaring(
    '8.16.0',
    GLOBAL_RETENTION,
    route('GET', '/_data_stream/{name}/_lifecycle', ['expand_wildcards', 'include_defaults', 'master_timeout'], dsl.getLifecycle, false, DATA_STREAM_LIFECYCLE),
  ),
  route('DELETE', '/_data_stream/{name}/_lifecycle', ['expand_wildcards', ...MASTER], dsl.deleteLifecycle, false, DATA_STREAM_LIFECYCLE),
  declaring(
    '8.16.0',
    EFFECTIVE_RETENTION,
    route('GET', '/{index}/_lifecycle/explain', ['include_defaults', 'master_timeout'], dsl.explainLifecycle, false, DATA_STREAM_LIFECYCLE),
  ),
  route('GET', '/_lifecycle/stats', [], dsl.lifecycleStats, false, since('8.12.0')),
  route('POST', '/{index}/_rollover', ['dry_run', 'wait_for_active_shards', 'include_type_name', 'lazy', ...MASTER], streams.rollover, BODY),
  route('POST', '/{index}/_rollover/{new_index}', ['dry_run', 'wait_for_active_shards', 'include_type_name', 'lazy', ...MASTER], streams.rollover, BODY),
  route('POST', '/_bulk', BULK_PARAMS, streams.bulk, BODY),
  route('PUT', '/_bulk', BULK_PARAMS, streams.bulk, BODY),
  route('POST', '/{index}/_bulk', BULK_PARAMS, streams.bulk, BODY),
  route('PUT', '/{index}/_bulk', BULK_PARAMS, streams.bulk, BODY),
  route('GET', '/_xpack', ['categories', 'accept_enterprise'], xpack.xpackInfo),
  // `/_license` is 7.0's path (6.x had `/_xpack/license`, 8.0 dropped it): ES's `RestGetLicenseAction`.
  route('GET', '/_license', ['local', 'accept_enterprise'], xpack.getLicense, false, (p) => p.xpack.licensePaths.includes('/_license')),
  route('GET', '/_xpack/license', ['local', 'accept_enterprise'], xpack.getLicense, false, (p) => p.xpack.licensePaths.includes('/_xpack/license')),
  route('GET', '/_alias', GET_ALIAS, aliases.getAliases),
  route('GET', '/_alias/{name}', GET_ALIAS, aliases.getAliases),
  route('HEAD', '/_alias/{name}', GET_ALIAS, aliases.getAliases),
  route('GET', '/{index}/_alias', GET_ALIAS, aliases.getAliases),
  route('GET', '/{index}/_alias/{name}', GET_ALIAS, aliases.getAliases),
  route('HEAD', '/{index}/_alias/{name}', GET_ALIAS, aliases.getAliases),
  route('PUT', '/{index}/_alias/{name}', MASTER, aliases.putAlias, BODY),
  route('POST', '/{index}/_alias/{name}', MASTER, aliases.putAlias, BODY),
  route('PUT', '/{index}/_aliases/{name}', MASTER, aliases.putAlias, BODY),
  route('POST', '/{index}/_aliases/{name}', MASTER, aliases.putAlias, BODY),
  route('DELETE', '/{index}/_alias/{name}', MASTER, aliases.deleteAlias),
  route('DELETE', '/{index}/_aliases/{name}', MASTER, aliases.deleteAlias),
  route('POST', '/_aliases', MASTER, aliases.updateAliases, BODY),
  route('PUT', '/_template/{name}', PUT_TEMPLATE, legacyTemplates.putLegacyTemplate, BODY),
  route('POST', '/_template/{name}', PUT_TEMPLATE, legacyTemplates.putLegacyTemplate, BODY),
  route('GET', '/_template', GET_TEMPLATE, legacyTemplates.getLegacyTemplates),
  route('GET', '/_template/{name}', GET_TEMPLATE, legacyTemplates.getLegacyTemplates),
  route('HEAD', '/_template/{name}', GET_TEMPLATE, legacyTemplates.getLegacyTemplates),
  route('DELETE', '/_template/{name}', MASTER, legacyTemplates.deleteLegacyTemplate),
  route('GET', '/_cluster/settings', ['flat_settings', 'include_defaults', ...MASTER], clusterApi.getClusterSettings),
  route('PUT', '/_cluster/settings', ['flat_settings', ...MASTER], clusterApi.putClusterSettings, BODY),
  route('GET', '/_cluster/health', CLUSTER_HEALTH, clusterApi.clusterHealth),
  route('GET', '/_nodes', ['flat_settings', 'timeout'], clusterState.nodesInfo),
  route('GET', '/_nodes/stats', NODES_STATS, nodeStats.nodesStats),
  route('GET', '/_nodes/stats/{metric}', NODES_STATS, nodeStats.nodesStats),
  route('GET', '/_nodes/{node_id}/stats', NODES_STATS, nodeStats.nodesStats),
  route('GET', '/_nodes/{node_id}/stats/{metric}', NODES_STATS, nodeStats.nodesStats),
  route('GET', '/_cluster/state', CLUSTER_STATE, clusterState.clusterState),
  route('GET', '/_cluster/state/{metric}', CLUSTER_STATE, clusterState.clusterState),
  route('GET', '/_cluster/state/{metric}/{index}', CLUSTER_STATE, clusterState.clusterState),
  route('GET', '/_cluster/health/{index}', CLUSTER_HEALTH, clusterApi.clusterHealth),
  // `cluster/allocation_explain` since=5.0.0: every profile.
  route('GET', '/_cluster/allocation/explain', ALLOCATION_EXPLAIN, allocationExplain.allocationExplain, BODY),
  route('POST', '/_cluster/allocation/explain', ALLOCATION_EXPLAIN, allocationExplain.allocationExplain, BODY),
  route('GET', '/_cat/indices', CAT_INDICES, cat.catIndices),
  route('GET', '/_cat/indices/{index}', CAT_INDICES, cat.catIndices),
  route('GET', '/_cat/health', [...CAT, 'ts'], cat.catHealth),
  route('GET', '/_cat/aliases', CAT_ALIASES, cat.catAliases),
  route('GET', '/_cat/aliases/{name}', CAT_ALIASES, cat.catAliases),
  route('GET', '/_cat/nodes', [...CAT, 'full_id', 'include_unloaded_segments'], catNodes.catNodes),
  route('GET', '/_cat/shards', [...CAT, 'bytes'], catNodes.catShards),
  route('GET', '/_cat/allocation', [...CAT, 'bytes'], catNodes.catAllocation),
  route('GET', '/_cat/allocation/{node_id}', [...CAT, 'bytes'], catNodes.catAllocation),
  route('GET', '/_cat/shards/{index}', [...CAT, 'bytes'], catNodes.catShards),
  // Divergence: `count` takes the index options, `q` and `preference` only (not `routing`,
  // `min_score`, `terminate_after`, or the `q` analysis options), and counts match-all queries only.
  route('GET', '/_count', COUNT, monitoring.count, BODY),
  route('POST', '/_count', COUNT, monitoring.count, BODY),
  route('GET', '/{index}/_count', COUNT, monitoring.count, BODY),
  route('POST', '/{index}/_count', COUNT, monitoring.count, BODY),
  route('POST', '/_refresh', REFRESH, monitoring.refresh),
  route('GET', '/_refresh', REFRESH, monitoring.refresh),
  route('POST', '/{index}/_refresh', REFRESH, monitoring.refresh),
  route('GET', '/{index}/_refresh', REFRESH, monitoring.refresh),
  route('GET', '/_stats', STATS, monitoring.indexStats),
  route('GET', '/_stats/{metric}', STATS, monitoring.indexStats),
  route('GET', '/{index}/_stats', STATS, monitoring.indexStats),
  route('GET', '/{index}/_stats/{metric}', STATS, monitoring.indexStats),
  route('GET', '/_data_stream/_stats', ['expand_wildcards'], monitoring.dataStreamStats, false, DATA_STREAMS),
  route('GET', '/_data_stream/{name}/_stats', ['expand_wildcards'], monitoring.dataStreamStats, false, DATA_STREAMS),
  // `capabilities` is in the REST specification from 8.16 (ES served it from 8.14; no profile lies between).
  route(
    'GET',
    '/_capabilities',
    ['method', 'path', 'parameters', 'capabilities', 'local_only', 'timeout'],
    (ctx) => capabilities.capabilities(ctx, (method, segments, parameters, wanted) => supportsRequest(ctx.sim.profile, method, segments, parameters, wanted)),
    false,
    since('8.14.0'),
  ),
  // `_global/health_report` since=8.7.0.
  route('GET', '/_health_report', ['timeout', 'verbose', 'size'], health.healthReport, false, since('8.7.0')),
  route('GET', '/_health_report/{feature}', ['timeout', 'verbose', 'size'], health.healthReport, false, since('8.7.0')),
  route('POST', '/{index}/_doc', INDEX_DOC, (ctx) => templates.indexDocument(ctx), BODY),
  route('PUT', '/{index}/_doc/{id}', INDEX_DOC, (ctx) => templates.indexDocument(ctx), BODY),
  route('POST', '/{index}/_doc/{id}', INDEX_DOC, (ctx) => templates.indexDocument(ctx), BODY),
  // `indices.close` / `indices.open` in ES's REST spec take the same parameters.
  ...((params: readonly string[]) => [
    route('POST', '/_close', params, indexState.closeIndex),
    route('POST', '/{index}/_close', params, indexState.closeIndex),
    route('POST', '/_open', params, indexState.openIndex),
    route('POST', '/{index}/_open', params, indexState.openIndex),
  ])(['wait_for_active_shards', 'expand_wildcards', 'ignore_unavailable', 'allow_no_indices', ...MASTER]),
  // Divergence: `_global/create` says since=5.0.0, but 6.x's path was `/{index}/{type}/{id}/_create`;
  // 6.6 would read `/{index}/_create/{id}` as an index request of type `_create`, which the simulator
  // does not model (it answers as the typeless 7.0 route in every profile).
  route(
    'PUT',
    '/{index}/_create/{id}',
    INDEX_DOC.filter((p) => p !== 'op_type' && !p.startsWith('if_')),
    templates.createDocument,
    BODY,
  ),
  route(
    'POST',
    '/{index}/_create/{id}',
    INDEX_DOC.filter((p) => p !== 'op_type' && !p.startsWith('if_')),
    templates.createDocument,
    BODY,
  ),
];

export { GLOBAL_PARAMS } from './context';
import { GLOBAL_PARAMS as GLOBAL_PARAMS_LIST } from './context';

export interface RouteMatch {
  readonly route: Route;
  readonly params: Map<string, string>;
}

function matchPattern(pattern: readonly string[], segments: readonly string[]): Map<string, string> | null {
  if (pattern.length !== segments.length) return null;
  // Literal segments first, so a route that does not match allocates nothing.
  for (let i = 0; i < pattern.length; i++) if (pattern[i]![0] !== '{' && pattern[i] !== segments[i]) return null;
  const params = new Map<string, string>();
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p[0] === '{') params.set(p.slice(1, -1), segments[i]!);
  }
  return params;
}

/** The routes by segment count (a path can only match a pattern of its own length). */
let routesByLength: Map<number, Route[]> | null = null;

function routesOfLength(length: number): readonly Route[] {
  if (routesByLength === null) {
    routesByLength = new Map();
    for (const route of ROUTES) {
      const list = routesByLength.get(route.pattern.length);
      if (list) list.push(route);
      else routesByLength.set(route.pattern.length, [route]);
    }
  }
  return routesByLength.get(length) ?? [];
}

/** Whether the profile's release has the route, asked once per route and profile. */
const RELEASE_ANSWERS = new WeakMap<Profile, Map<Route, boolean>>();

function inRelease(route: Route, profile: Profile): boolean {
  if (route.inRelease === undefined) return true;
  let answers = RELEASE_ANSWERS.get(profile);
  if (!answers) RELEASE_ANSWERS.set(profile, (answers = new Map()));
  let answer = answers.get(route);
  if (answer === undefined) answers.set(route, (answer = route.inRelease(profile)));
  return answer;
}

/** How specific a pattern is: literal segments first, position by position (ES path trie). */
function specificity(pattern: readonly string[]): string {
  return pattern.map((p) => (p.startsWith('{') ? '0' : '1')).join('');
}

/**
 * The routes whose path matches, most specific first, grouped so one path shape wins. Only the
 * profile's release's routes take part: a route the release lacks is absent from its path trie, so
 * the path falls to what that release did have (or to "no handler found").
 */
export function matchPath(segments: readonly string[], profile: Profile): RouteMatch[] {
  const matches: RouteMatch[] = [];
  for (const route of routesOfLength(segments.length)) {
    const params = matchPattern(route.pattern, segments);
    if (params && inRelease(route, profile)) matches.push({ route, params });
  }
  if (matches.length <= 1) return matches;
  const best = matches
    .map((m) => specificity(m.route.pattern))
    .sort()
    .reverse()[0];
  return matches.filter((m) => specificity(m.route.pattern) === best);
}

/**
 * ES `RestController#checkSupported` over this route table: the most specific path that has a handler for
 * `method` decides; its query parameters (with the global ones) must include every one asked for, and
 * its capabilities every one named.
 * Divergence: ES handlers that declare no query parameters accept any in this check; the simulator
 * checks against the REST specification's list it serves. Only the routes built with `declaring` name
 * capabilities (the data stream lifecycle's, as ES's handlers do); any other capability answers false.
 */
export function supportsRequest(
  profile: Profile,
  method: Method,
  segments: readonly string[],
  parameters: readonly string[],
  capabilities: readonly string[],
): boolean {
  const candidates: RouteMatch[] = [];
  for (const route of ROUTES) {
    if (route.method !== method || (route.inRelease !== undefined && !route.inRelease(profile))) continue;
    const params = matchPattern(route.pattern, segments);
    if (params) candidates.push({ route, params });
  }
  if (candidates.length === 0) return false;
  candidates.sort((a, b) => (specificity(a.route.pattern) < specificity(b.route.pattern) ? 1 : -1));
  const accepted = new Set([...candidates[0]!.route.params, ...GLOBAL_PARAMS_LIST]);
  const declared = candidates[0]!.route.capabilities?.(profile) ?? [];
  return parameters.every((p) => accepted.has(p)) && capabilities.every((c) => declared.includes(c));
}
