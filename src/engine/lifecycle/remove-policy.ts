/**
 * The remove-policy API's effect on indices (mirrors ES `IndexLifecycleTransition#removePolicyForIndexes`):
 * each index loses its ILM settings and its whole execution state and becomes unmanaged; an index that
 * vanished meanwhile is reported as failed. Pure; resolving the index expression is the caller's job.
 */
import { Cluster, setLifecycle, SETTING_LIFECYCLE_NAME, touch } from '../cluster/cluster';

/** The settings ES removes with the policy. */
const REMOVED_SETTINGS = [SETTING_LIFECYCLE_NAME, 'index.lifecycle.indexing_complete', 'index.lifecycle.rollover_alias'];

/** Returns the names of the indices that could not be changed (ES `failed_indexes`). */
export function removePolicyFromIndices(cluster: Cluster, indexNames: readonly string[]): string[] {
  const failed: string[] = [];
  for (const name of indexNames) {
    const index = cluster.indices.get(name);
    if (!index) {
      failed.push(name);
      continue;
    }
    for (const key of REMOVED_SETTINGS) index.settings.delete(key);
    setLifecycle(index, null);
    touch(index);
  }
  return failed;
}
