/**
 * Handlers for the index calls ILM scenarios need (create, delete, update settings) and `GET /`.
 * Bodies are parsed once, validated completely, and only then applied, so a refused request changes
 * nothing.
 */
import { AliasMetadata, deleteIndex as removeIndex, SETTING_NUMBER_OF_REPLICAS, touch } from '../../engine/cluster/cluster';
import { dataStreamOf, deleteBackingIndex, writeIndexDeletionError } from '../../engine/cluster/data-streams';
import { EsException, parseException } from '../../engine/errors';
import { createIndex as createIndexInCluster } from '../../engine/cluster/index-creation';
import { flattenSettings, validateSettings, validateUpdatable } from '../../engine/cluster/index-settings';
import { resolveIndices, STRICT_EXPAND_OPEN } from '../../engine/cluster/index-resolver';
import { ownKeysObject } from '../../engine/xcontent/object-parser';
import { resolveDateMathName } from '../../engine/cluster/date-math-names';
import { checkReplicaShardLimit } from '../../engine/cluster/shard-limit';
import { createIndexAliases } from './alias-spec';
import { ACKNOWLEDGED, bodyAsMap, HandlerResult, isObject, ok, pathParam, RequestContext, requiredBody } from '../context';

export function createIndex(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  // ES `TransportCreateIndexAction`: date math resolved on the clock, the request's name kept as
  // `index.provided_name`; the answer names the resolved index.
  const providedName = pathParam(ctx, 'index');
  const name = resolveDateMathName(providedName, sim.now);
  const source = bodyAsMap(ctx.body, true);
  let settingsMap = ownKeysObject();
  let aliases = new Map<string, AliasMetadata>();
  for (const [key, value] of Object.entries(source)) {
    if (key === 'settings') {
      if (!isObject(value)) throw new EsException(parseException('key [settings] must be an object'));
      settingsMap = value;
    } else if (key === 'mappings') {
      // Mappings are accepted and not simulated: ILM never reads them.
    } else if (key === 'aliases') {
      if (!isObject(value)) throw new EsException(parseException('key [aliases] must be an object'));
      aliases = resolveAliasNames(createIndexAliases(value, sim.profile.aliasParsing), sim.now);
    } else {
      throw new EsException(parseException(`unknown key [${key}] for create index`));
    }
  }
  createIndexInCluster(sim.cluster, sim.profile, name, sim.now, flattenSettings(settingsMap), aliases, undefined, providedName, true);
  sim.clusterChanged();
  return ok({ acknowledged: true, shards_acknowledged: true, index: name });
}

export function deleteIndex(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  // ES `DeleteIndexRequest`'s options ignore aliases: `DELETE /<alias>` is refused since 6.0 (issue 14, item 6);
  // its wildcards expand to open and closed indices (`IndicesOptions.fromOptions(false, true, true, true)`).
  const indices = resolveIndices(sim.cluster, pathParam(ctx, 'index'), { ...STRICT_EXPAND_OPEN, ignoreAliases: true, expandClosed: true });
  // ES `MetadataDeleteIndexService`: a data stream's write index cannot go (checked for all first);
  // any other backing index leaves its stream.
  for (const index of indices) {
    const refusal = writeIndexDeletionError(sim.cluster, index.name);
    if (refusal) throw refusal;
  }
  for (const index of indices) {
    if (dataStreamOf(sim.cluster, index.name)) deleteBackingIndex(sim.cluster, sim.profile, index.name);
    else removeIndex(sim.cluster, index.name);
  }
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

export function updateSettings(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const indices = resolveIndices(sim.cluster, pathParam(ctx, 'index'), STRICT_EXPAND_OPEN);
  const body = bodyAsMap(requiredBody(ctx));
  const inner = body['settings'];
  const flat = flattenSettings(isObject(inner) ? inner : body);
  validateSettings(flat, sim.profile);
  validateUpdatable(flat, sim.profile, indices);
  if (flat.has(SETTING_NUMBER_OF_REPLICAS)) {
    // ES `MetadataUpdateSettingsService`: a replica change is checked against the shard limit (a
    // removed value goes back to the default, 1).
    checkReplicaShardLimit(sim.cluster, sim.profile, indices, Number(flat.get(SETTING_NUMBER_OF_REPLICAS) ?? '1'));
  }
  for (const index of indices) {
    for (const [key, value] of flat) {
      if (value === null) index.settings.delete(key);
      else index.settings.set(key, value);
    }
    touch(index);
  }
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

/** `GET /`: the node banner, with the profile's version (ES `RestMainAction`). */
export function mainInfo(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const v = sim.profile.version;
  // ES `RestMainAction#convertMainResponse` pretty-prints unless `?pretty` is given.
  return {
    ...ok({
      name: 'ilm-sim',
      cluster_name: 'ilm-sim',
      cluster_uuid: sim.cluster.nodeId,
      version: {
        number: v.number,
        ...(v.buildFlavor ? { build_flavor: v.buildFlavor } : {}),
        ...(v.buildType ? { build_type: v.buildType } : {}),
        build_hash: v.buildHash,
        build_date: v.buildDate,
        build_snapshot: false,
        lucene_version: v.luceneVersion,
        minimum_wire_compatibility_version: v.minimumWireCompatibilityVersion,
        minimum_index_compatibility_version: v.minimumIndexCompatibilityVersion,
      },
      tagline: 'You Know, for Search',
    }),
    prettyByDefault: true,
  };
}

/** ES `MetadataCreateIndexService#resolveAndValidateAliases`: alias names may be date math too. */
function resolveAliasNames(aliases: ReadonlyMap<string, AliasMetadata>, now: number): Map<string, AliasMetadata> {
  const out = new Map<string, AliasMetadata>();
  for (const [alias, meta] of aliases) out.set(resolveDateMathName(alias, now), meta);
  return out;
}
