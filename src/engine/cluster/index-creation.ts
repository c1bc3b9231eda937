/**
 * Creating an index the way ES's `MetadataCreateIndexService` does for this simulator: name checks in
 * ES's order, the matching composable template's (or else the legacy templates') settings and aliases
 * under the request's own, setting validation, the origination-date pre-check, then the new index. Used by `PUT /<index>` and by
 * rollover, so both refuse the same things with the same messages. Pure over the cluster.
 */
import {
  addIndex,
  aliasExists,
  AliasMetadata,
  Cluster,
  IndexMetadata,
  IndexTemplate,
  LegacyTemplate,
  SETTING_NUMBER_OF_REPLICAS,
  SETTING_NUMBER_OF_SHARDS,
  SETTING_TIER_PREFERENCE,
} from './cluster';
import { EsError, EsException, illegalArgument, illegalState, invalidIndexName, resourceAlreadyExists } from '../errors';
import { simpleMatch } from './index-resolver';
import { indexNameError, indexOrAliasNameProblem, validateSettings } from './index-settings';
import { parseOriginationDateFromName } from './origination-date';
import { validateTimeSeriesSettings } from './time-series';
import type { Profile } from '../profile';
import { checkNewIndexShardLimit } from './shard-limit';

/** The composable template ES applies to a new index: the highest priority whose pattern matches. */
export function matchingTemplate(cluster: Cluster, indexName: string): IndexTemplate | null {
  let best: IndexTemplate | null = null;
  for (const template of cluster.indexTemplates.values()) {
    if (!template.indexPatterns.some((p) => simpleMatch(p, indexName))) continue;
    if (!best || template.priority > best.priority) best = template;
  }
  return best;
}

/**
 * ES `MetadataIndexTemplateService#resolveSettings`: the component templates' settings in `composed_of`
 * order, then the index template's own on top. A component that no longer exists is skipped.
 */
export function composedSettings(cluster: Cluster, template: IndexTemplate): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of template.composedOf) for (const [key, value] of cluster.componentTemplates.get(name)?.settings ?? []) out.set(key, value);
  for (const [key, value] of template.settings) out.set(key, value);
  return out;
}

/** ES `MetadataIndexTemplateService#resolveAliases`: the components' aliases, then the template's own. */
export function composedAliases(cluster: Cluster, template: IndexTemplate): Map<string, AliasMetadata> {
  const out = new Map<string, AliasMetadata>();
  for (const name of template.composedOf) for (const [alias, meta] of cluster.componentTemplates.get(name)?.aliases ?? []) out.set(alias, meta);
  for (const [alias, meta] of template.aliases) out.set(alias, meta);
  return out;
}

/**
 * ES `MetadataIndexTemplateService#findV1Templates`: the legacy templates whose patterns match, highest
 * `order` first (a stable sort, so equal orders keep the cluster's order). Used only when no
 * composable template matches (ES `MetadataCreateIndexService#applyCreateIndexRequest`).
 */
export function matchingLegacyTemplates(cluster: Cluster, indexName: string): LegacyTemplate[] {
  const matched = [...cluster.legacyTemplates.values()].filter((t) => t.indexPatterns.some((p) => simpleMatch(p, indexName)));
  return matched.sort((a, b) => b.order - a.order);
}

const ROUTING_RULE_PREFIXES = ['index.routing.allocation.require.', 'index.routing.allocation.include.', 'index.routing.allocation.exclude.'];

/** A data stream's backing index: a `.ds-` name created from a template with `data_stream`. */
function isBackingIndex(profile: Profile, name: string, template: IndexTemplate | null): boolean {
  return profile.dataStreams !== 'none' && name.startsWith('.ds-') && template !== null && template.source['data_stream'] != null;
}

/**
 * The tier preference ES gives a new index: `data_hot` for a data stream's backing index and
 * `data_content` for the rest. 7.x (`DataTier.DefaultHotAllocationSettingProvider`): none when the
 * templates or request set a preference (even null) or any other `require`/`include`/`exclude` rule.
 * 8.x (`MetadataCreateIndexService`, PR #79751): whenever the resulting preference lists no tier.
 */
function defaultTierPreference(
  mode: 'provider' | 'enforced',
  settings: ReadonlyMap<string, string>,
  requestSettings: ReadonlyMap<string, string | null>,
  backing: boolean,
): string | null {
  const tier = backing ? 'data_hot' : 'data_content';
  if (mode === 'enforced') return (settings.get(SETTING_TIER_PREFERENCE) ?? '').trim().length === 0 ? tier : null;
  if (settings.has(SETTING_TIER_PREFERENCE) || requestSettings.has(SETTING_TIER_PREFERENCE)) return null;
  for (const key of settings.keys()) if (ROUTING_RULE_PREFIXES.some((prefix) => key.startsWith(prefix))) return null;
  return tier;
}

/** Checks everything about a new index without changing the cluster; throws ES's error. */
export function validateNewIndex(
  cluster: Cluster,
  profile: Profile,
  name: string,
  requestSettings: ReadonlyMap<string, string | null>,
  template: IndexTemplate | null = matchingTemplate(cluster, name),
): Map<string, string> {
  const nameError = indexNameError(name);
  if (nameError) throw new EsException(nameError);
  const existing = cluster.indices.get(name);
  if (existing) throw new EsException(resourceAlreadyExists(name, existing.uuid));
  if (aliasExists(cluster, name)) throw new EsException(invalidIndexName(name, 'already exists as alias'));
  validateSettings(requestSettings, profile);
  if (template && profile.dataStreams !== 'none' && template.source['data_stream'] != null && !name.startsWith('.ds-')) {
    // ES `MetadataCreateIndexService`: a plain index may not come from a data-stream-only template.
    throw new EsException(
      illegalArgument(
        `cannot create index with name [${name}], because it matches with template [${template.name}] that creates data streams only, use create data stream api instead`,
      ),
    );
  }
  const settings = new Map<string, string>();
  settings.set(SETTING_NUMBER_OF_SHARDS, String(profile.defaultNumberOfShards));
  settings.set(SETTING_NUMBER_OF_REPLICAS, '1');
  for (const [key, value] of template ? composedSettings(cluster, template) : []) settings.set(key, value);
  if (!template) {
    // Lowest order first, so a higher order wins (ES `aggregateIndexSettings`).
    for (const legacy of matchingLegacyTemplates(cluster, name).reverse()) for (const [key, value] of legacy.settings) settings.set(key, value);
  }
  for (const [key, value] of requestSettings) if (value !== null) settings.set(key, value);
  if (profile.defaultTierPreference !== 'none') {
    const preference = defaultTierPreference(profile.defaultTierPreference, settings, requestSettings, isBackingIndex(profile, name, template));
    if (preference !== null) settings.set(SETTING_TIER_PREFERENCE, preference);
  }
  // ES `IndexMode` / `index.time_series.end_time` validators over the index's whole settings.
  if (profile.timeSeriesIndices) validateTimeSeriesSettings(settings);
  if (profile.parseOriginationDate && settings.get('index.lifecycle.parse_origination_date') === 'true' && !settings.has('index.lifecycle.origination_date')) {
    parseOriginationDateFromName(name);
  }
  // ES `MetadataCreateIndexService#applyCreateIndexRequest`: the shard limit, over the final settings.
  checkNewIndexShardLimit(cluster, profile, settings);
  return settings;
}

/** ES `InvalidAliasNameException`: `[name]: description` for a bad name, `[name], description` with the index for a clash. */
function invalidAliasName(alias: string, description: string, index?: IndexMetadata): EsError {
  if (index === undefined)
    return { type: 'invalid_alias_name_exception', reason: `Invalid alias name [${alias}]: ${description}`, status: 400, elasticsearchException: true };
  return {
    type: 'invalid_alias_name_exception',
    reason: `Invalid alias name [${alias}], ${description}`,
    status: 400,
    metadata: [
      ['index_uuid', index.uuid],
      ['index', index.name],
    ],
    elasticsearchException: true,
  };
}

/**
 * The aliases a create-index request names, checked as ES does (issue 14, item 5): each name by
 * `AliasValidator#validateAlias` (required, the index-name rules but lowercase, no existing index of
 * that name), then what `Metadata.Builder#build` refuses once the new index would be in the cluster:
 * an alias named like the new index, and a second write index for an alias.
 */
export function validateNewIndexAliases(cluster: Cluster, profile: Profile, name: string, aliases: ReadonlyMap<string, AliasMetadata>): void {
  for (const alias of aliases.keys()) {
    if (alias.trim().length === 0) throw new EsException(illegalArgument('alias name is required'));
    const problem = indexOrAliasNameProblem(alias);
    if (problem !== null) throw new EsException(invalidAliasName(alias, problem));
    const sameName = cluster.indices.get(alias);
    if (sameName) {
      // 7.9 (data streams) reworded it.
      const what = profile.dataStreams === 'none' ? 'an index' : 'an index or data stream';
      throw new EsException(invalidAliasName(alias, `${what} exists with the same name as the alias`, sameName));
    }
  }
  if (aliases.has(name)) {
    // Divergence: ES prints the new index as `[name/uuid]`; the simulator refuses before it draws the
    // uuid (so a refused request leaves the seeded PRNG as it was) and prints `[name]`.
    throw new EsException(
      illegalState(
        profile.dataStreams === 'none'
          ? `index and alias names need to be unique, but the following duplicates were found [${name} (alias of [${name}])]`
          : `index, alias, and data stream names need to be unique, but the following duplicates were found [${name} (alias of [${name}]) conflicts with index]`,
      ),
    );
  }
  for (const [alias, meta] of aliases) {
    if (meta.isWriteIndex !== true) continue;
    const holders = [...(cluster.aliasHolders.get(alias) ?? [])];
    const writers = holders.filter((holder) => cluster.indices.get(holder)?.aliases.get(alias)?.isWriteIndex === true);
    if (writers.length === 0) continue;
    // Divergence: ES lists the write indices in its metadata map's hash order; here, in creation order.
    throw new EsException(illegalState(`alias [${alias}] has more than one write index [${[...writers, name].join(',')}]`));
  }
}

/**
 * Validates, then adds the index with its template's aliases under the request's. A data stream's
 * backing index passes its stream's template, which its own `.ds-` name would not match.
 */
export function createIndex(
  cluster: Cluster,
  profile: Profile,
  name: string,
  now: number,
  requestSettings: ReadonlyMap<string, string | null>,
  requestAliases: ReadonlyMap<string, AliasMetadata> = new Map(),
  template: IndexTemplate | null = matchingTemplate(cluster, name),
  providedName: string = name,
  /** A create-index request's aliases are checked; rollover moves the write flag itself. */
  checkAliases = false,
): IndexMetadata {
  const settings = validateNewIndex(cluster, profile, name, requestSettings, template);
  const aliases = template ? composedAliases(cluster, template) : new Map<string, AliasMetadata>();
  if (!template) {
    // The highest order's alias wins (ES `applyCreateIndexRequestWithV1Templates`).
    for (const legacy of matchingLegacyTemplates(cluster, name)) for (const [alias, meta] of legacy.aliases) if (!aliases.has(alias)) aliases.set(alias, meta);
  }
  for (const [alias, meta] of requestAliases) aliases.set(alias, meta);
  if (checkAliases) validateNewIndexAliases(cluster, profile, name, aliases);
  return addIndex(cluster, name, now, settings, aliases, providedName);
}
