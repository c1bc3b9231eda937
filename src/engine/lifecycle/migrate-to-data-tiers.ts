/**
 * `POST /_ilm/migrate_to_data_tiers` (ES `MetadataMigrateToDataTiersRoutingService`, 7.14+): with ILM
 * stopped, removes a legacy template if asked, strips node-attribute routing from the policies'
 * `allocate` actions (so `migrate` is injected; the cached phase of managed indices follows, as after
 * a policy update) and turns an index's `index.routing.allocation.{require,include}.<attribute>` of
 * hot/warm/cold/frozen into `_tier_preference`. Checks first, then changes; `dry_run` changes nothing.
 *
 * Divergence: the 8.x migration of index, component and legacy templates' routing settings is not
 * simulated (their lists are always empty).
 */
import { Cluster, indicesUsingPolicy, touch } from '../cluster/cluster';
import type { ActionConfig, Phase, Policy, PolicyMetadata } from '../cluster/policy-model';
import { EsException } from '../errors';
import type { Profile } from '../profile';
import { refreshCachedPhases } from './phase-cache';
import { policyToXContent } from './policy-parser';

const ROUTING = 'index.routing.allocation.';
const TIER_PREFERENCE = 'index.routing.allocation.include._tier_preference';

/** ES `convertAttributeValueToTierPreference`: hot, warm, cold and frozen; anything else null. */
function tierPreference(value: string): string | null {
  switch (value) {
    case 'hot':
      return 'data_hot';
    case 'warm':
      return 'data_warm,data_hot';
    case 'cold':
      return 'data_cold,data_warm,data_hot';
    case 'frozen':
      return 'data_frozen';
    default:
      return null;
  }
}

export interface MigrationResult {
  readonly removedLegacyTemplate: string | null;
  readonly migratedPolicies: string[];
  readonly migratedIndices: string[];
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
    throw new EsException({ type: 'illegal_state_exception', reason: `stop ILM before migrating to data tiers, current state is [${cluster.operationMode}]`, status: 500 });
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
    let updated: Map<string, string> | null = null;
    for (const setting of [require, include]) {
      const value = index.settings.get(setting);
      if (value === undefined) continue;
      if (index.settings.has(TIER_PREFERENCE)) updated = new Map(index.settings);
      else {
        const preference = tierPreference(value);
        if (preference === null) continue;
        updated = new Map(index.settings);
        updated.set(TIER_PREFERENCE, preference);
      }
      break;
    }
    if (!updated) continue;
    for (const key of [require, include, exclude]) updated.delete(key);
    indices.push([index.name, updated]);
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
  }
  return { removedLegacyTemplate, migratedPolicies: policies.map(([n]) => n), migratedIndices: indices.map(([n]) => n) };
}
