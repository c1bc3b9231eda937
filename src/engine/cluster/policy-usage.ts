/**
 * Which indices, data streams and composable templates use a lifecycle policy (mirrors ES
 * `LifecyclePolicyUtils#calculateUsage`, 7.14+, PR #74518), as `GET _ilm/policy` reports it in
 * `in_use_by`. Pure over the cluster; it changes nothing.
 */
import { Cluster, IndexTemplate, lifecyclePolicyName, SETTING_LIFECYCLE_NAME } from './cluster';
import { composedSettings, matchingTemplate } from './index-creation';
import { javaHashMapOrder } from '../xcontent/java-order';

export interface PolicyUsage {
  readonly indices: readonly string[];
  readonly data_streams: readonly string[];
  readonly composable_templates: readonly string[];
}

/**
 * ES walks the cluster metadata's maps: indices and composable templates in their map's order (Java
 * HashMap order in 8.x). Divergence: 7.14-7.17 kept those maps in hppc hash maps, whose order is mixed
 * with a per-JVM random seed; the simulator uses the 8.x order for them too. A data stream counts when
 * the template it would be created from names the policy. A template's settings are resolved with its
 * component templates composed in (ES `MetadataIndexTemplateService#resolveSettings`), so the built-in
 * `logs` template counts for the policy its `logs-settings` component names.
 */
export function policyUsage(cluster: Cluster, policy: string): PolicyUsage {
  const indices = [...cluster.indices.values()].filter((index) => lifecyclePolicyName(index) === policy).map((index) => index.name);
  const namesPolicy = (template: IndexTemplate | null): boolean =>
    template !== null && composedSettings(cluster, template).get(SETTING_LIFECYCLE_NAME) === policy;
  const dataStreams = [...cluster.dataStreams.keys()].filter((name) => namesPolicy(matchingTemplate(cluster, name)));
  const templates = [...cluster.indexTemplates.values()].filter(namesPolicy).map((t) => t.name);
  return { indices: javaHashMapOrder(indices), data_streams: javaHashMapOrder(dataStreams), composable_templates: javaHashMapOrder(templates) };
}
