/**
 * Handlers for the index reads ILM users make beside ILM's own APIs: get index, index exists and get
 * settings. They resolve the index expression the way ES does for each call and serialise through
 * `engine/cluster/index-view.ts`; they change nothing.
 */
import { dataStreamOf } from '../../engine/cluster/data-streams';
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { indexSettingsToXContent, indexToXContent } from '../../engine/cluster/index-view';
import { EsException, illegalArgument } from '../../engine/errors';
import { booleanParam, commaList, HandlerResult, indicesOptions, ok, pathParam, RequestContext } from '../context';

/** `GET {index}` (ES `RestGetIndicesAction`): one entry per index, in resolution order. */
export function getIndex(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const flat = booleanParam(ctx, 'flat_settings', false);
  const features = getIndexFeatures(ctx);
  const out = new Map<string, unknown>();
  for (const index of resolveIndices(sim.cluster, pathParam(ctx, 'index'), indicesOptions(ctx))) {
    const entry = indexToXContent(index, sim.profile, flat, dataStreamOf(sim.cluster, index.name)?.name ?? null);
    if (features) for (const section of ['aliases', 'mappings', 'settings']) if (!features.includes(section)) delete entry[section];
    out.set(index.name, entry);
  }
  return ok(out);
}

/** `HEAD {index}` (ES `RestIndicesExistsAction`): 200 or 404, no body. */
export function indexExists(ctx: RequestContext): HandlerResult {
  const indices = resolveIndices(ctx.sim.cluster, pathParam(ctx, 'index'), { ...indicesOptions(ctx), allowNoIndices: false });
  return { status: indices.length > 0 ? 200 : 404, body: null };
}

/**
 * `GET {index}/_settings[/{name}]` and `GET _settings` (ES `RestGetSettingsAction`). Indices whose
 * selected settings are empty are left out, as ES does without `include_defaults`.
 *
 * Divergence: ES iterates an unordered map for the indices; the simulator lists them in resolution order.
 */
export function getSettings(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const flat = booleanParam(ctx, 'flat_settings', false);
  const names = ctx.params.has('name') ? commaList(pathParam(ctx, 'name')) : [];
  const expression = ctx.params.has('index') ? pathParam(ctx, 'index') : '_all';
  const out = new Map<string, unknown>();
  for (const index of resolveIndices(sim.cluster, expression, indicesOptions(ctx))) {
    const entry = indexSettingsToXContent(index, sim.profile, names, flat);
    if (Object.keys(entry['settings'] as object).length > 0) out.set(index.name, entry);
  }
  return ok(out);
}

/** ES `GetIndexRequest.Feature#fromRequest`: `?features=aliases,mappings,settings` picks the sections. */
function getIndexFeatures(ctx: RequestContext): string[] | null {
  const value = ctx.query.get('features');
  if (value === undefined) return null;
  const names = value.split(',');
  const invalid = names.filter((n) => !['aliases', 'mappings', 'settings'].includes(n.toLowerCase()));
  if (invalid.length > 0) throw new EsException(illegalArgument(`Invalid features specified [${invalid.join(',')}]`));
  return names.map((n) => n.toLowerCase());
}
