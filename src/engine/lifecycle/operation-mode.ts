/**
 * ILM's operation mode (mirrors ES `OperationMode`, `OperationModeUpdateTask` and the stop handling of
 * `IndexLifecycleService#triggerPolicies`): start and stop requests, which indices may still run while
 * ILM is STOPPING, and the switch from STOPPING to STOPPED once no index sits on an unsafe step. Pure
 * rules over the cluster; it never runs steps or schedules anything itself.
 */
import { Cluster, IndexMetadata, lifecyclePolicyName, OperationMode } from '../cluster/cluster';
import type { Profile } from '../profile';

/** ES `OperationMode#isValidChange`: STOPPED only leaves for RUNNING; STOPPING may finish or restart. */
function isValidChange(from: OperationMode, to: OperationMode): boolean {
  switch (from) {
    case 'RUNNING':
      return true;
    case 'STOPPING':
      return to === 'STOPPED' || to === 'RUNNING';
    case 'STOPPED':
      return to === 'RUNNING';
  }
}

/** `POST _ilm/start` / `POST _ilm/stop`. Either creates ILM's cluster metadata if it was absent. */
export function requestOperationMode(cluster: Cluster, requested: 'RUNNING' | 'STOPPING'): void {
  cluster.ilmMetadataExists = true;
  if (isValidChange(cluster.operationMode, requested)) cluster.operationMode = requested;
}

/**
 * Whether ILM runs this index now: never when it is marked to be skipped, always while RUNNING, never while STOPPED, and while STOPPING only
 * when it sits on a step that must not be abandoned half way (ES `IGNORE_STEPS_MAINTENANCE_REQUESTED`).
 */
export function mayRunIndex(cluster: Cluster, index: IndexMetadata, profile: Profile): boolean {
  // 8.19/9.1: `index.lifecycle.skip: true` passes the index over on poll ticks and cluster changes
  // alike (ES `runPeriodicStep` and `runPolicyAfterStateChange`); the shrink step sets it on the new
  // index so that it does not start a lifecycle of its own before its state is copied over.
  if (profile.lifecycleSkipSetting && index.settings.lifecycleSkip) return false;
  switch (cluster.operationMode) {
    case 'RUNNING':
      return true;
    case 'STOPPED':
      return false;
    case 'STOPPING':
      return isOnUnsafeStep(index, profile);
  }
}

function isOnUnsafeStep(index: IndexMetadata, profile: Profile): boolean {
  if (lifecyclePolicyName(index) === null) return false;
  const { match, names } = profile.runWhileStopping;
  const state = index.lifecycle;
  if (match === 'action') return state?.step === undefined || (state.action !== undefined && names.includes(state.action));
  return state?.step !== undefined && names.includes(state.step);
}

/**
 * The end of a trigger round: STOPPING becomes STOPPED when no managed index sits on an unsafe step.
 * Returns true when the mode changed. Costs a pass over the indices only while STOPPING.
 */
export function completeStopIfSafe(cluster: Cluster, profile: Profile): boolean {
  if (cluster.operationMode !== 'STOPPING') return false;
  for (const index of cluster.indices.values()) if (isOnUnsafeStep(index, profile)) return false;
  cluster.operationMode = 'STOPPED';
  return true;
}
