/**
 * `POST /_ilm/migrate_to_data_tiers` (ES `MetadataMigrateToDataTiersRoutingService`, 7.14+; the 7.17
 * and 8.x service, read from elastic/elasticsearch
 * `x-pack/plugin/ilm/.../cluster/metadata/MetadataMigrateToDataTiersRoutingService.java`): with ILM
 * stopped, removes a legacy template if asked, strips node-attribute routing from the policies'
 * `allocate` actions (so `migrate` is injected; the cached phase of managed indices follows, as after
 * a policy update), turns an index's `index.routing.allocation.{require,include}.<attribute>` of
 * hot/warm/cold/frozen into `_tier_preference` (keeping a preference already there unless the attribute
 * names a colder tier), gives an index left with no tiers its default preference (7.16, PR #79297),
 * and strips the attribute's rules from legacy, composable and component templates (7.17: the
 * response's three template lists arrived with `Version.V_7_17_0`). Checks first, then changes;
 * `dry_run` changes nothing.
 */
import { Cluster, ComponentTemplate, IndexTemplate, indicesUsingPolicy, LegacyTemplate, SETTING_TIER_PREFERENCE, touch } from '../cluster/cluster';
import { dataStreamOf } from '../cluster/data-streams';
import { settingsToXContent } from '../cluster/index-view';
import { parseTierList } from '../cluster/shard-placement';
import type { ActionConfig, Phase, Policy, PolicyMetadata } from '../cluster/policy-model';
import { EsException } from '../errors';
import type { Profile } from '../profile';
import { refreshCachedPhases } from './phase-cache';
import { policyToXContent } from './policy-parser';

const ROUTING = 'index.routing.allocation.';

/** ES `DataTier.ALL_DATA_TIERS`, coldest first as `DataTier.compare` orders them (content counts as hot). */
const TIERS_COLDEST_FIRST = ['data_frozen', 'data_cold', 'data_warm', 'data_hot'];

function tierRank(tier: string): number {
  return TIERS_COLDEST_FIRST.indexOf(tier === 'data_content' ? 'data_hot' : tier);
}

/**
 * ES `convertAttributeValueToTierPreference`: hot, warm, cold and frozen become the tier and every
 * warmer one (`DataTier.getPreferredTiersConfiguration`); anything else (and `content`) null.
 */
function tierPreference(value: string): string | null {
  const rank = tierRank(`data_${value}`);
  if (rank < 0 || value === 'content') return null;
  return TIERS_COLDEST_FIRST.slice(rank).join(',');
}

/**
 * ES `maybeMigrateRoutingSettingToTierPreference`: an attribute rule with a known tier value becomes
 * the tier preference; beside an existing preference it only replaces it when it names a colder tier,
 * and the rule goes either way. Null when nothing changes.
 */
function migrateRule(settings: Map<string, string>, setting: string): Map<string, string> | null {
  const value = settings.get(setting);
  if (value === undefined) return null;
  const out = new Map(settings);
  if (settings.has(SETTING_TIER_PREFERENCE)) {
    const tiers = parseTierList(settings.get(SETTING_TIER_PREFERENCE));
    const attributeTier = `data_${value}`;
    if (tiers.length > 0 && tierRank(attributeTier) >= 0 && tierRank(attributeTier) < tierRank(tiers[0]!)) {
      const converted = tierPreference(value);
      if (converted !== null) out.set(SETTING_TIER_PREFERENCE, converted);
    }
  } else {
    const converted = tierPreference(value);
    if (converted === null) return null;
    out.set(SETTING_TIER_PREFERENCE, converted);
  }
  out.delete(setting);
  return out;
}

export interface MigrationResult {
  readonly removedLegacyTemplate: string | null;
  readonly migratedPolicies: string[];
  readonly migratedIndices: string[];
  readonly migratedLegacyTemplates: string[];
  readonly migratedComposableTemplates: string[];
  readonly migratedComponentTemplates: string[];
}

/** ES `migrate*Templates`: a template with a `require` or `include` rule of the attribute loses all three. */
function withoutAttributeRules(settings: ReadonlyMap<string, string>, attribute: string): Map<string, string> | null {
  const rules = ['require', 'include', 'exclude'].map((rule) => `${ROUTING}${rule}.${attribute}`);
  if (!settings.has(rules[0]!) && !settings.has(rules[1]!)) return null;
  const out = new Map(settings);
  for (const rule of rules) out.delete(rule);
  return out;
}

function byName<T>(entries: Iterable<[string, T]>): Array<[string, T]> {
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function definesRoutingRules(config: ActionConfig | undefined, attribute: string): boolean {
  if (!config) return false;
  return ['require', 'include', 'exclude'].some((rule) => {
    const rules = config.settings[rule];
    return rules !== null && typeof rules === 'object' && (rules as Record<string, unknown>)[attribute] != null;
  });
}

/** ES `migrateSingleILMPolicy`: the policy without attribute routing in its allocate actions, or null. */
function migratePolicy(policy: Policy, attribute: string): Policy | null {
  let phases: Map<string, Phase> | null = null;
  for (const [name, phase] of policy.phases) {
    const allocate = phase.actions.get('allocate');
    if (!definesRoutingRules(allocate, attribute)) continue;
    const actions = new Map(phase.actions);
    const kept: Record<string, unknown> = {};
    for (const key of ['number_of_replicas', 'total_shards_per_node']) if (allocate!.settings[key] != null) kept[key] = allocate!.settings[key];
    if (Object.keys(kept).length > 0) actions.set('allocate', { action: 'allocate', settings: kept });
    else actions.delete('allocate');
    // A `migrate` the user turned off goes too, so ILM injects an enabled one.
    if (actions.get('migrate')?.settings['enabled'] === false) actions.delete('migrate');
    phases ??= new Map(policy.phases);
    phases.set(name, { ...phase, actions });
  }
  return phases ? { ...policy, phases } : null;
}

export function migrateToDataTiers(
  cluster: Cluster,
  profile: Profile,
  options: { readonly dryRun: boolean; readonly legacyTemplateToDelete: string | null; readonly nodeAttribute: string | null },
  now: number,
): MigrationResult {
  if (!options.dryRun && cluster.operationMode !== 'STOPPED') {
    throw new EsException({
      type: 'illegal_state_exception',
      reason: `stop ILM before migrating to data tiers, current state is [${cluster.operationMode}]`,
      status: 500,
    });
  }
  const attribute = options.nodeAttribute === null || options.nodeAttribute.length === 0 ? 'data' : options.nodeAttribute;
  const removedLegacyTemplate =
    options.legacyTemplateToDelete && cluster.legacyTemplates.has(options.legacyTemplateToDelete) ? options.legacyTemplateToDelete : null;
  const policies: Array<[string, PolicyMetadata]> = [];
  for (const [name, metadata] of [...cluster.policies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const migrated = migratePolicy(metadata.policy, attribute);
    if (!migrated) continue;
    const canonical = JSON.stringify(policyToXContent(migrated, profile));
    policies.push([name, { policy: migrated, version: metadata.version + 1, modifiedDate: now, canonical }]);
  }
  const indices: Array<[string, Map<string, string>]> = [];
  const require = `${ROUTING}require.${attribute}`;
  const include = `${ROUTING}include.${attribute}`;
  const exclude = `${ROUTING}exclude.${attribute}`;
  for (const index of [...cluster.indices.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    // ES `migrateIndices`: `require` first, then `include` (which may name a colder tier).
    const afterRequire = migrateRule(index.settings, require);
    const migrated = migrateRule(afterRequire ?? index.settings, include) ?? afterRequire;
    if (migrated) {
      for (const key of [require, include, exclude]) migrated.delete(key);
      indices.push([index.name, migrated]);
    } else if (parseTierList(index.settings.get(SETTING_TIER_PREFERENCE)).length === 0) {
      // ES `migrateToDefaultTierPreference` (7.16, PR #79297): every index ends with a preference.
      const updated = new Map(index.settings);
      updated.set(SETTING_TIER_PREFERENCE, dataStreamOf(cluster, index.name) ? 'data_hot' : 'data_content');
      indices.push([index.name, updated]);
    }
  }
  const legacyTemplates: Array<[string, LegacyTemplate]> = [];
  for (const [name, template] of byName(cluster.legacyTemplates)) {
    const settings = withoutAttributeRules(template.settings, attribute);
    if (settings) legacyTemplates.push([name, { ...template, settings }]);
  }
  const composableTemplates: Array<[string, IndexTemplate]> = [];
  for (const [name, template] of byName(cluster.indexTemplates)) {
    const settings = withoutAttributeRules(template.settings, attribute);
    if (!settings) continue;
    // The template's GET shows its body: its settings are rewritten as ES would print them.
    const inner = template.source['template'] as Record<string, unknown>;
    const source = { ...template.source, template: { ...inner, settings: settingsToXContent(byName(settings), false) } };
    composableTemplates.push([name, { ...template, settings, source }]);
  }
  const componentTemplates: Array<[string, ComponentTemplate]> = [];
  for (const [name, template] of byName(cluster.componentTemplates)) {
    const settings = withoutAttributeRules(template.settings, attribute);
    if (settings) componentTemplates.push([name, { ...template, settings }]);
  }
  if (!options.dryRun) {
    if (removedLegacyTemplate) cluster.legacyTemplates.delete(removedLegacyTemplate);
    for (const [name, metadata] of policies) {
      cluster.policies.set(name, metadata);
      refreshCachedPhases(indicesUsingPolicy(cluster, name), metadata, profile);
    }
    for (const [name, settings] of indices) {
      const index = cluster.indices.get(name)!;
      index.settings.clear();
      for (const [key, value] of settings) index.settings.set(key, value);
      touch(index);
    }
    for (const [name, template] of legacyTemplates) if (name !== removedLegacyTemplate) cluster.legacyTemplates.set(name, template);
    for (const [name, template] of composableTemplates) cluster.indexTemplates.set(name, template);
    for (const [name, template] of componentTemplates) cluster.componentTemplates.set(name, template);
  }
  return {
    removedLegacyTemplate,
    migratedPolicies: policies.map(([n]) => n),
    migratedIndices: indices.map(([n]) => n),
    // ES reads the legacy templates after removing the one asked for.
    migratedLegacyTemplates: legacyTemplates.map(([n]) => n).filter((n) => n !== removedLegacyTemplate),
    migratedComposableTemplates: composableTemplates.map(([n]) => n),
    migratedComponentTemplates: componentTemplates.map(([n]) => n),
  };
}
