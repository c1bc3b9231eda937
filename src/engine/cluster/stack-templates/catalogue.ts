/**
 * The built-in stack templates per release (ES x-pack `StackTemplateRegistry`, and from 8.12 its
 * `LegacyStackTemplateRegistry`): the composable index templates, component templates and ILM policies
 * a real node installs at start-up, as data, with the release-specific bodies in `v7.ts` and `v8.ts`.
 * Pure data and lookups; installing them into a cluster is `src/api/templates/stack-templates.ts`'s job (it writes
 * the policies' canonical JSON as the API does).
 *
 * Sources (elastic/elasticsearch, stored copies rather than the release tags): the 7.x registry
 * (`REGISTRY_VERSION` 1; `stack.templates.enabled` made dynamic by #63764, taken as 7.11), the copy with
 * logsdb and `FeatureService` (version 14, taken as 8.19), the copy with `ProjectResolver` (version 16,
 * taken as 9.1), `LegacyStackTemplateRegistry` (version 5, 8.12+), and the newest stored resource files,
 * with the release differences each data module names.
 *
 * Left out as out of scope (other x-pack registries or families): apm, fleet, kibana (`.kibana-reporting`
 * and `kibana-reporting@settings`), traces (`traces@*`), agentless, ingest pipelines (the simulator has
 * none), ilm-history, slm-history, watcher and monitoring templates.
 */
import type { StackTemplatesSetting } from '../cluster-settings';
import type { StackCatalogue } from './built-in';
import { STACK_V7_10, STACK_V7_17 } from './v7';
import { STACK_V8_19, STACK_V9_1 } from './v8';

const CATALOGUES: ReadonlyMap<string, StackCatalogue> = new Map([
  ['7.10', STACK_V7_10],
  ['7.17', STACK_V7_17],
  ['8.19', STACK_V8_19],
  ['9.1', STACK_V9_1],
]);

/** The catalogue of a profile's release, or null for a release without a stack registry (6.6, before 7.9). */
export function stackCatalogue(profileName: string): StackCatalogue | null {
  return CATALOGUES.get(profileName) ?? null;
}

/** How the profile's release knows `stack.templates.enabled` (see `StackTemplatesSetting`). */
export function stackTemplatesSetting(profileName: string): StackTemplatesSetting {
  const catalogue = stackCatalogue(profileName);
  return catalogue === null ? 'absent' : catalogue.enabledSettingDynamic ? 'dynamic' : 'static';
}

export type { BuiltIn, StackCatalogue } from './built-in';
