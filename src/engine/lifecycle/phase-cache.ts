/**
 * Refreshes cached phase definitions after a policy update (mirrors ES `PhaseCacheManagement`, 7.7+):
 * an index gets the new version of its current phase only when that is safe: it is not in ERROR, the
 * new policy still has its current step, and the declared actions of its phase compile to the same
 * step keys as before. Otherwise it finishes the phase from its cached copy. Pure over the cluster.
 */
import { IndexMetadata, setLifecycle } from '../cluster/cluster';
import { currentStepKey, withFields } from '../cluster/execution-state';
import type { Phase, PolicyMetadata } from '../cluster/policy-model';
import { compileSteps, declaredStepKeys } from './policy-steps';
import type { Profile } from '../profile';
import { ERROR_STEP_NAME, NEW_PHASE, stepKeyJson } from '../cluster/step-key';

function sameKeySet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((k) => sb.has(k));
}

function keysOf(phase: Phase | null | undefined, profile: Profile): string[] {
  return phase ? declaredStepKeys(phase, profile) : [];
}

export function refreshCachedPhases(indices: readonly IndexMetadata[], updated: PolicyMetadata, profile: Profile): void {
  const newKeys = new Set(compileSteps(updated.policy, profile).map((s) => stepKeyJson(s.key)));
  for (const index of indices) {
    const state = index.lifecycle;
    const key = currentStepKey(state);
    if (!state || !key || !state.phaseDefinition || key.name === ERROR_STEP_NAME) continue;
    if (!newKeys.has(stepKeyJson(key))) continue;
    const newPhase = key.phase === NEW_PHASE ? null : (updated.policy.phases.get(key.phase) ?? null);
    if (!sameKeySet(keysOf(state.phaseDefinition.phase, profile), keysOf(newPhase, profile))) continue;
    setLifecycle(
      index,
      withFields(state, {
        phaseDefinition: {
          policy: updated.policy.name,
          phase: newPhase,
          version: updated.version,
          modifiedDate: updated.modifiedDate,
        },
      }),
    );
  }
}
