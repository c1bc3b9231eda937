/**
 * Installs a release's built-in stack templates (the catalogue in `engine/cluster/stack-templates/`)
 * into a fresh cluster, as ES's `StackTemplateRegistry` does once a master is elected: component
 * templates, then the composable templates that compose them, then the ILM policies, each stamped with
 * the start instant. `createSimulator` hands it to the simulation as `seedCluster`, which `Simulation#reset`
 * runs at creation and on `POST /_sim/_reset` unless the node
 * setting `stack.templates.enabled` is false; it never touches a cluster that has anything else in it.
 *
 * Divergence: ES re-checks on every cluster-state change and puts back a built-in that is missing or
 * older than its registry version; the simulator installs them once per start, so a user's deletion or
 * overwrite stays until the next reset (turning the setting back on does not reinstall either).
 */
import type { ComponentTemplate, IndexTemplate } from '../../engine/cluster/cluster';
import { flattenSettings } from '../../engine/cluster/index-settings';
import type { Policy, PolicyMetadata } from '../../engine/cluster/policy-model';
import type { Profile } from '../../engine/profile';
import { stackCatalogue } from '../../engine/cluster/stack-templates/catalogue';
import { parsePolicyRequest, policyToXContent } from '../../engine/lifecycle/policy-parser';
import type { Simulation } from '../../sim/simulator';
import { isObject } from '../context';
import { toCompactJson } from '../json-output';

/** Flat `index.*` settings of a template body's `template.settings` (values as ES's strings). */
function templateSettings(body: Readonly<Record<string, unknown>>): Map<string, string> {
  const template = isObject(body['template']) ? body['template'] : {};
  const flat = new Map<string, string>();
  for (const [key, value] of flattenSettings(isObject(template['settings']) ? template['settings'] : {})) if (value !== null) flat.set(key, value);
  return flat;
}

interface Prepared {
  readonly componentTemplates: readonly ComponentTemplate[];
  readonly indexTemplates: readonly IndexTemplate[];
  readonly policies: ReadonlyArray<{ readonly name: string; readonly policy: Policy; readonly canonical: string }>;
}

/**
 * The catalogue parsed once per profile (the templates and policies are immutable values, shared by
 * every simulator of that profile), so a simulator's creation and reset stay cheap.
 */
const PREPARED = new Map<string, Prepared | null>();

function prepared(profile: Profile): Prepared | null {
  if (PREPARED.has(profile.name)) return PREPARED.get(profile.name)!;
  const catalogue = stackCatalogue(profile.name);
  const out: Prepared | null =
    catalogue === null
      ? null
      : {
          componentTemplates: catalogue.componentTemplates.map(({ name, body }) => ({
            name,
            settings: templateSettings(body),
            aliases: new Map(),
            source: body,
          })),
          indexTemplates: catalogue.indexTemplates.map(({ name, body }) => ({
            name,
            indexPatterns: (body['index_patterns'] as string[]).slice(),
            priority: body['priority'] as number,
            settings: templateSettings(body),
            aliases: new Map(),
            composedOf: (body['composed_of'] as string[]).slice(),
            source: body,
          })),
          policies: catalogue.policies.map(({ name, body, deprecated }) => {
            // `_meta` goes on after parsing: the 7.17 profile's parser does not take it yet (a policy's
            // `_meta` came in 7.14), but ES 7.17's registry stores it.
            const { _meta: meta, ...phases } = body;
            const parsed = parsePolicyRequest(JSON.stringify({ policy: phases }), name, profile);
            const policy: Policy = { ...parsed, ...(isObject(meta) ? { meta } : {}), ...(deprecated === undefined ? {} : { deprecated }) };
            return { name, policy, canonical: toCompactJson(policyToXContent(policy, profile)) };
          }),
        };
  PREPARED.set(profile.name, out);
  return out;
}

/** Puts the profile's built-ins into the simulation's (empty) cluster, when it has any and they are on. */
export function installStackTemplates(sim: Simulation): void {
  if (!sim.config.stackTemplates) return;
  const builtIns = prepared(sim.profile);
  if (builtIns === null) return;
  const { cluster } = sim;
  for (const component of builtIns.componentTemplates) cluster.componentTemplates.set(component.name, component);
  for (const template of builtIns.indexTemplates) cluster.indexTemplates.set(template.name, template);
  for (const { name, policy, canonical } of builtIns.policies) {
    const metadata: PolicyMetadata = { policy, version: 1, modifiedDate: sim.now, canonical };
    cluster.policies.set(name, metadata);
  }
  if (builtIns.policies.length > 0) cluster.ilmMetadataExists = true;
}
