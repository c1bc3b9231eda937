/**
 * Handlers for the snapshot endpoints (`_snapshot` repositories and snapshots) and for snapshot
 * lifecycle management (`_slm`): parse the request once, call `engine/snapshots.ts`, tell the
 * simulation the cluster changed, and return the body ES returns. No business rules live here.
 */
import { EsException } from '../engine/errors';
import { resolveIndices, simpleMatch } from '../engine/index-resolver';
import {
  createSnapshot,
  deleteRepository,
  deleteSlmPolicy,
  deleteSnapshot,
  executeSlmPolicy,
  putRepository,
  putSlmPolicy,
  repositoryMissing,
  repositoryToXContent,
  slmIndexExpression,
  slmPoliciesMissing,
  slmPolicyToXContent,
  Snapshot,
  snapshotMissing,
  snapshotToXContent,
} from '../engine/snapshots';
import { ACKNOWLEDGED, bodyAsMap, booleanParam, commaList, HandlerResult, isObject, ok, pathParam, RequestContext, requiredBody } from './context';

/**
 * SLM came in 7.4: older releases have no `_slm` handler. Divergence: ES 6.6 would route some of
 * these paths to its document APIs; the simulator answers as for any path without a handler.
 */
function withoutSlm(ctx: RequestContext): HandlerResult | null {
  if (ctx.sim.profile.snapshots.slm) return null;
  return ok({ error: `no handler found for uri [${ctx.uri}] and method [${ctx.method}]` }, 400);
}

// ---- repositories ----

export function putRepositoryHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'repository');
  const body = bodyAsMap(requiredBody(ctx));
  const settings = isObject(body['settings']) ? body['settings'] : {};
  putRepository(sim.cluster, name, body['type'], settings);
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

function indexExpression(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'string') return value;
  return '_all';
}

export function createSnapshotHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const repository = pathParam(ctx, 'repository');
  const body = bodyAsMap(ctx.body);
  const waitForCompletion = booleanParam(ctx, 'wait_for_completion', false);
  if (!sim.cluster.snapshots.repositories.has(repository)) throw new EsException(repositoryMissing(repository));
  const indices = resolveIndices(sim.cluster, indexExpression(body['indices']), {
    ignoreUnavailable: body['ignore_unavailable'] === true,
    allowNoIndices: true,
    expandHidden: false,
  }).map((i) => i.name);
  const includeGlobalState = body['include_global_state'];
  const snapshot = createSnapshot(sim.cluster, repository, pathParam(ctx, 'snapshot'), indices, sim.now, {
    includeGlobalState: includeGlobalState === undefined ? true : includeGlobalState === true,
    ...(isObject(body['metadata']) ? { metadata: body['metadata'] } : {}),
  });
  sim.clusterChanged();
  return ok(waitForCompletion ? { snapshot: snapshotToXContent(snapshot, sim.profile) } : { accepted: true });
}

export function getSnapshots(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
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
      return ok({ snapshots: infos, total: infos.length, remaining: 0 });
  }
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

export function putSlmPolicyHandler(ctx: RequestContext): HandlerResult {
  const refused = withoutSlm(ctx);
  if (refused) return refused;
  const { sim } = ctx;
  putSlmPolicy(sim.cluster, pathParam(ctx, 'policy_id'), bodyAsMap(requiredBody(ctx)), sim.now);
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

export function getSlmPolicies(ctx: RequestContext): HandlerResult {
  const refused = withoutSlm(ctx);
  if (refused) return refused;
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
  for (const id of ids) out.set(id, slmPolicyToXContent(policies.get(id)!, sim.profile, sim.now, human));
  return ok(out);
}

export function deleteSlmPolicyHandler(ctx: RequestContext): HandlerResult {
  const refused = withoutSlm(ctx);
  if (refused) return refused;
  deleteSlmPolicy(ctx.sim.cluster, pathParam(ctx, 'policy_id'));
  ctx.sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

export function executeSlmPolicyHandler(ctx: RequestContext): HandlerResult {
  const refused = withoutSlm(ctx);
  if (refused) return refused;
  const { sim } = ctx;
  const id = pathParam(ctx, 'policy_id');
  const policy = sim.cluster.snapshots.slmPolicies.get(id);
  const expression = policy ? slmIndexExpression(policy) : '_all';
  const indices = resolveIndices(sim.cluster, expression, {
    ignoreUnavailable: policy?.config?.['ignore_unavailable'] === true,
    allowNoIndices: true,
    expandHidden: false,
  }).map((i) => i.name);
  const snapshotName = executeSlmPolicy(sim.cluster, id, indices, sim.now);
  // The snapshot finishing is a cluster-state change: 7.10's wait-for-snapshot is checked on it.
  sim.clusterChanged();
  return ok({ snapshot_name: snapshotName });
}

export function slmStatus(ctx: RequestContext): HandlerResult {
  const refused = withoutSlm(ctx);
  if (refused) return refused;
  return ok({ operation_mode: 'RUNNING' });
}
