/**
 * Handlers for the snapshot endpoints (`_snapshot` repositories and snapshots) and for snapshot
 * lifecycle management (`_slm`): parse the request once, call `engine/cluster/snapshots.ts`, tell the
 * simulation the cluster changed, and return the body ES returns. No business rules live here.
 */
import { actionRequestValidation, EsException, illegalArgument } from '../../engine/errors';
import { anyValue, checkValueTypes, intValue, javaToString, ownKeysObject, parseObject, ParserSpec, textValue } from '../../engine/xcontent/object-parser';
import { parseTimeValue } from '../../engine/xcontent/time';
import { resolveIndices, simpleMatch } from '../../engine/cluster/index-resolver';
import {
  deleteRepository,
  createSnapshotSource,
  type CreateSnapshotSource,
  deleteSlmPolicy,
  deleteSnapshot,
  putRepository,
  putSlmPolicy,
  repositoryMissing,
  repositoryToXContent,
  slmPoliciesMissing,
  slmPolicyToXContent,
  snapshotMissing,
  snapshotToXContent,
  storeSnapshot,
  validateNewSnapshot,
} from '../../engine/cluster/snapshots';
import type { Snapshot } from '../../engine/cluster/snapshot-store';
import { slmStatsToXContent } from '../../engine/cluster/slm-retention';
import {
  ACKNOWLEDGED,
  GLOBAL_PARAMS,
  unrecognizedParams,
  bodyAsMap,
  booleanParam,
  commaList,
  HandlerResult,
  isObject,
  ok,
  pathParam,
  RequestContext,
  requiredBody,
} from '../context';

// ---- repositories ----

/**
 * ES `RestPutRepositoryAction`: the body (`PutRepositoryRequest#source`, which reads `type` with
 * Java's `toString()` and refuses a `settings` that is not an object), then `?verify`, then the
 * service. A `type` that is not a string prints as Java prints it (`{a=1}`, `[1, 2]`, `100.0` for `1E2`).
 * Divergence: a `type` of null counts as no type (ES throws a NullPointerException).
 */
export function putRepositoryHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'repository');
  const body = bodyAsMap(requiredBody(ctx));
  let type: string | undefined;
  let settings = ownKeysObject();
  for (const [key, value] of Object.entries(body)) {
    if (key === 'type') type = value === null ? undefined : javaToString(value, body, key);
    else if (key === 'settings') {
      if (!isObject(value)) throw new EsException(illegalArgument('Malformed settings section, should include an inner object'));
      settings = value;
    }
  }
  booleanParam(ctx, 'verify', true);
  putRepository(sim.cluster, name, type, settings);
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

function repositoryNames(ctx: RequestContext): string[] {
  const { sim } = ctx;
  const all = [...sim.cluster.snapshots.repositories.keys()];
  const requested = ctx.params.has('repository') ? commaList(pathParam(ctx, 'repository')) : [];
  if (requested.length === 0 || requested.includes('_all')) return all;
  const out: string[] = [];
  for (const name of requested) {
    if (name.includes('*')) {
      for (const match of all.filter((r) => simpleMatch(name, r))) if (!out.includes(match)) out.push(match);
    } else {
      if (!sim.cluster.snapshots.repositories.has(name)) throw new EsException(repositoryMissing(name));
      if (!out.includes(name)) out.push(name);
    }
  }
  return out;
}

export function getRepositories(ctx: RequestContext): HandlerResult {
  const out = new Map<string, unknown>();
  for (const name of repositoryNames(ctx)) out.set(name, repositoryToXContent(ctx.sim.cluster.snapshots.repositories.get(name)!));
  return ok(out);
}

export function deleteRepositoryHandler(ctx: RequestContext): HandlerResult {
  deleteRepository(ctx.sim.cluster, pathParam(ctx, 'repository'));
  ctx.sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

// ---- snapshots ----

/** ES `CreateSnapshotRequest#source(Map)` over the request body (see `createSnapshotSource`). */
function parseSnapshotBody(ctx: RequestContext): CreateSnapshotSource {
  return createSnapshotSource(bodyAsMap(ctx.body), ctx.sim.profile.snapshots.api);
}

/**
 * ES `RestCreateSnapshotAction`: the body, then `?wait_for_completion`; then the service's checks
 * (name, repository, name free) before the indices are resolved.
 */
export function createSnapshotHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const repository = pathParam(ctx, 'repository');
  const body = parseSnapshotBody(ctx);
  const waitForCompletion = booleanParam(ctx, 'wait_for_completion', false);
  const name = validateNewSnapshot(sim.cluster, repository, pathParam(ctx, 'snapshot'), sim.now, sim.profile);
  const indices = resolveIndices(sim.cluster, body.indices, {
    ignoreUnavailable: body.ignoreUnavailable,
    allowNoIndices: true,
    expandHidden: false,
  }).map((i) => i.name);
  const snapshot = storeSnapshot(sim.cluster, repository, name, indices, sim.now, {
    includeGlobalState: body.includeGlobalState,
    profile: sim.profile,
    ...(body.metadata ? { metadata: body.metadata } : {}),
  });
  sim.clusterChanged();
  return ok(waitForCompletion ? { snapshot: snapshotToXContent(snapshot, sim.profile) } : { accepted: true });
}

/** The paging and filtering parameters of `GET /_snapshot/<repo>/<snapshot>` that came with 7.13-8.x. */
export const SNAPSHOT_GET_8 = [
  'index_names',
  'index_details',
  'include_repository',
  'sort',
  'size',
  'order',
  'from_sort_value',
  'after',
  'offset',
  'slm_policy_filter',
  'state',
];

export function getSnapshots(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  if (sim.profile.snapshots.api !== 'v8') {
    // Those releases' handler did not know them: ES's unrecognized-parameter answer.
    const unknown = SNAPSHOT_GET_8.filter((p) => ctx.query.has(p));
    if (unknown.length > 0)
      throw new EsException(illegalArgument(unrecognizedParams(ctx.path, unknown, ['master_timeout', 'ignore_unavailable', 'verbose', ...GLOBAL_PARAMS])));
  }
  const repository = pathParam(ctx, 'repository');
  if (!sim.cluster.snapshots.repositories.has(repository)) throw new EsException(repositoryMissing(repository));
  const stored = [...(sim.cluster.snapshots.snapshots.get(repository)?.values() ?? [])];
  const requested = commaList(pathParam(ctx, 'snapshot'));
  const ignoreUnavailable = booleanParam(ctx, 'ignore_unavailable', false);
  let chosen: Snapshot[];
  if (requested.length === 0 || requested.includes('_all') || requested.includes('*')) {
    chosen = stored;
  } else {
    const names = new Set<string>();
    for (const name of requested) {
      if (name === '_current') continue;
      if (name.includes('*')) {
        for (const s of stored) if (simpleMatch(name, s.name)) names.add(s.name);
      } else if (stored.some((s) => s.name === name)) {
        names.add(name);
      } else if (!ignoreUnavailable) {
        throw new EsException(snapshotMissing(repository, name));
      }
    }
    chosen = stored.filter((s) => names.has(s.name));
  }
  const infos = chosen.map((s) => snapshotToXContent(s, sim.profile));
  switch (sim.profile.snapshots.api) {
    case 'v6.6':
      return ok({ snapshots: infos });
    case 'v7.10':
      return ok({ responses: [{ repository, snapshots: infos }] });
    case 'v8':
      return ok(pagedSnapshots(ctx, chosen, infos));
  }
}

const SNAPSHOT_SORTS = ['start_time', 'name', 'duration', 'index_count', 'shard_count', 'failed_shard_count', 'repository'];

/**
 * 8.x `GET /_snapshot/<repo>/<snapshot>` paging (ES `TransportGetSnapshotsAction`): `sort` (default
 * `start_time`), `order`, `offset`, `size`; `total` counts all, `remaining` those after the page.
 *
 * Divergence: no `next` cursor is written and `after`/`from_sort_value` are not applied.
 */
function pagedSnapshots(ctx: RequestContext, snapshots: readonly Snapshot[], infos: readonly unknown[]): Record<string, unknown> {
  const sort = ctx.query.get('sort') ?? 'start_time';
  if (!SNAPSHOT_SORTS.includes(sort)) throw new EsException(illegalArgument(`No matching sort order for [${sort}]`));
  const order = ctx.query.get('order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw new EsException(illegalArgument(`Unknown SortOrder [${order}]`));
  const int = (name: string, fallback: number): number => {
    const value = ctx.query.get(name);
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) throw new EsException({ type: 'number_format_exception', reason: `For input string: "${value}"`, status: 400 });
    return Number(value);
  };
  const size = int('size', -1);
  const offset = int('offset', 0);
  const problems: string[] = [];
  if (size === 0 || size < -1) problems.push('size must be -1 or greater than 0');
  if (offset < 0) problems.push('offset must be greater than or equal to 0');
  if (problems.length > 0) throw new EsException(actionRequestValidation(problems));
  const key = (s: Snapshot): string | number =>
    sort === 'name'
      ? s.name
      : sort === 'duration'
        ? s.endMillis - s.startMillis
        : sort === 'index_count'
          ? s.indices.length
          : sort === 'shard_count'
            ? s.indices.length
            : sort === 'failed_shard_count'
              ? 0
              : sort === 'repository'
                ? s.repository
                : s.startMillis;
  const order1 = snapshots
    .map((s, i) => ({ s, i }))
    .sort((a, b) => {
      const x = key(a.s);
      const y = key(b.s);
      const c = x < y ? -1 : x > y ? 1 : a.s.name < b.s.name ? -1 : a.s.name > b.s.name ? 1 : 0;
      return order === 'desc' ? -c : c;
    });
  const page = order1.slice(offset, size === -1 ? undefined : offset + size);
  return { snapshots: page.map(({ i }) => infos[i]), total: snapshots.length, remaining: Math.max(0, snapshots.length - offset - page.length) };
}

export function deleteSnapshotHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const repository = pathParam(ctx, 'repository');
  const name = pathParam(ctx, 'snapshot');
  if (!sim.cluster.snapshots.repositories.has(repository)) throw new EsException(repositoryMissing(repository));
  if (!deleteSnapshot(sim.cluster, repository, name)) throw new EsException(snapshotMissing(repository, name));
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

// ---- SLM ----

/**
 * ES `SnapshotRetentionConfiguration.PARSER` (`snapshot_retention`, lenient, constructing): `expire_after`
 * a string, the counts `declareInt`. Built when the last of the three arrives or the object ends: the
 * time value parsed and the count rules checked, each failure an IllegalArgumentException that the
 * parser wraps as `Failed to build [snapshot_retention] after last required field arrived`.
 */
const RETENTION_SPEC: ParserSpec<void> = {
  name: 'snapshot_retention',
  constructing: true,
  ignoreUnknownFields: true,
  fields: [
    { name: 'expire_after', type: 'STRING', constructorArg: 'optional', parse: textValue },
    { name: 'min_count', type: 'INT', constructorArg: 'optional', parse: intValue },
    { name: 'max_count', type: 'INT', constructorArg: 'optional', parse: intValue },
  ],
  build: (values) => {
    const expireAfter = values.get('expire_after');
    if (typeof expireAfter === 'string') {
      const parsed = parseTimeValue(expireAfter, 'expire_after');
      if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
    }
    const min = values.get('min_count') as number | undefined;
    const max = values.get('max_count') as number | undefined;
    if (min !== undefined && min < 1) throw new EsException(illegalArgument(`minimum snapshot count must be at least 1, but was: ${min}`));
    if (max !== undefined && max < 1) throw new EsException(illegalArgument(`maximum snapshot count must be at least 1, but was: ${max}`));
    if (min !== undefined && max !== undefined && min > max) {
      throw new EsException(illegalArgument(`minimum snapshot count ${min} cannot be larger than maximum snapshot count ${max}`));
    }
  },
};

/**
 * ES `SnapshotLifecyclePolicy.PARSER` (`snapshot_lifecycle`, lenient, constructing): `name`, `schedule`
 * and `repository` strings (required), `config` any object (read as a map, checked when a snapshot is
 * asked for), `retention` the retention parser above. A wrongly typed value is an
 * x_content_parse_exception at its location; missing required fields are `Required [...]`.
 */
const SLM_POLICY_SPEC: ParserSpec<void> = {
  name: 'snapshot_lifecycle',
  constructing: true,
  ignoreUnknownFields: true,
  fields: [
    { name: 'name', type: 'STRING', constructorArg: 'required', parse: textValue },
    { name: 'schedule', type: 'STRING', constructorArg: 'required', parse: textValue },
    { name: 'repository', type: 'STRING', constructorArg: 'required', parse: textValue },
    { name: 'config', type: 'OBJECT', constructorArg: 'optional', parse: anyValue },
    { name: 'retention', type: 'OBJECT', constructorArg: 'optional', parse: (p) => parseObject(p, RETENTION_SPEC) },
  ],
  build: () => undefined,
};

export function putSlmPolicyHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const text = requiredBody(ctx);
  const body = bodyAsMap(text);
  checkValueTypes(text, SLM_POLICY_SPEC);
  putSlmPolicy(sim.cluster, pathParam(ctx, 'policy_id'), body, sim.now, sim.profile);
  sim.slmChanged();
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

export function getSlmPolicies(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const policies = sim.cluster.snapshots.slmPolicies;
  const requested = ctx.params.has('policy_id') ? commaList(pathParam(ctx, 'policy_id')) : [];
  let ids: string[];
  if (requested.length === 0 || requested.includes('_all')) {
    ids = [...policies.keys()].sort();
  } else {
    const missing = requested.filter((id) => !policies.has(id));
    if (missing.length > 0) throw new EsException(slmPoliciesMissing(requested, policies.size > 0));
    ids = requested;
  }
  const human = booleanParam(ctx, 'human', false);
  const out = new Map<string, unknown>();
  for (const id of ids) out.set(id, slmPolicyToXContent(policies.get(id)!, sim.cluster.snapshots.slmStats.policies.get(id), sim.profile, sim.now, human));
  return ok(out);
}

export function deleteSlmPolicyHandler(ctx: RequestContext): HandlerResult {
  deleteSlmPolicy(ctx.sim.cluster, pathParam(ctx, 'policy_id'));
  ctx.sim.slmChanged();
  ctx.sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

export function executeSlmPolicyHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const snapshotName = sim.runSlmPolicy(pathParam(ctx, 'policy_id'));
  return ok({ snapshot_name: snapshotName });
}

export function slmStatus(ctx: RequestContext): HandlerResult {
  return ok({ operation_mode: ctx.sim.cluster.snapshots.slmOperationMode });
}

/**
 * `POST /_slm/stop` and `/_slm/start` (ES `TransportStopSLMAction`, `TransportStartSLMAction`). With no
 * snapshot in flight (a simulated snapshot completes at once), stopping reaches STOPPED at once; the
 * simulation drops the policies' scheduled runs and schedules them again from the start.
 */
export function slmStop(ctx: RequestContext): HandlerResult {
  ctx.sim.cluster.snapshots.slmOperationMode = 'STOPPED';
  ctx.sim.slmChanged();
  return ok(ACKNOWLEDGED);
}

export function slmStart(ctx: RequestContext): HandlerResult {
  ctx.sim.cluster.snapshots.slmOperationMode = 'RUNNING';
  ctx.sim.slmChanged();
  return ok(ACKNOWLEDGED);
}

/**
 * `POST /_slm/_execute_retention` (ES `TransportExecuteSnapshotRetentionAction`): a retention run now,
 * even while SLM is stopped (ES runs a manual one regardless).
 */
export function slmExecuteRetention(ctx: RequestContext): HandlerResult {
  ctx.sim.runSlmRetention();
  return ok(ACKNOWLEDGED);
}

/** `GET /_slm/stats` (ES `SnapshotLifecycleStats#toXContent`). */
export function slmStats(ctx: RequestContext): HandlerResult {
  return ok(slmStatsToXContent(ctx.sim.cluster));
}
