/**
 * Compiles a policy into ES's linked step list (mirrors ES `LifecyclePolicy#toSteps`): built back to
 * front so each step knows its successor, actions in the profile's fixed order with `unfollow` and
 * `migrate` injected where ES injects them, a phase-complete step between phases, `new/init/init` and
 * `new/complete/complete` first, and the profile's end of policy last. Also resolves an index's
 * current step the way ES `PolicyStepsRegistry#getStep` does, using the cached phase definition.
 * Pure; results are memoised per immutable policy metadata.
 */
import { definesAllocationRules } from './actions/allocate';
import { ACTIONS } from './actions/registry';
import { assert } from '../errors';
import type { PhaseExecutionInfo } from '../cluster/execution-state';
import type { ActionConfig, Phase, Policy, PolicyMetadata } from '../cluster/policy-model';
import type { PhaseName, Profile } from '../profile';
import { Step } from './steps';
import { ERROR_STEP_NAME, INIT_KEY, NEW_PHASE, phaseCompleteKey, sameStepKey, StepKey, stepKeyJson, TERMINAL_KEY } from '../cluster/step-key';

/** The actions a phase runs, in execution order, with ES's implicit injections. */
export function orderedActions(phase: Phase, profile: Profile): ActionConfig[] {
  const actions = new Map(phase.actions);
  const injectsUnfollow = profile.unfollowInjectedBy.some((name) => actions.has(name));
  if (injectsUnfollow && !actions.has('unfollow')) actions.set('unfollow', { action: 'unfollow', settings: {} });
  const allocate = actions.get('allocate');
  const allocatesByAttribute = allocate !== undefined && definesAllocationRules(allocate.settings);
  if (
    profile.injectMigrate &&
    (phase.name === 'warm' || phase.name === 'cold') &&
    !actions.has('migrate') &&
    // ES `shouldInjectMigrateStepForPhase`: a phase that mounts a searchable snapshot gets no migrate
    // (after 7.11; 7.10 injected it there too, elastic/elasticsearch#69347).
    (profile.injectMigrateBesideSearchableSnapshot || !actions.has('searchable_snapshot')) &&
    // 7.x left the move to the allocate action's rules; 8.x injects migrate beside them too.
    (profile.injectMigrateBesideAllocate || !allocatesByAttribute)
  ) {
    actions.set('migrate', { action: 'migrate', settings: { enabled: true } });
  }
  const order = profile.phaseActions[phase.name as PhaseName] ?? [];
  return order.filter((name) => actions.has(name)).map((name) => actions.get(name)!);
}

function initStep(profile: Profile, nextKey: StepKey | null): Step {
  // ES `InitializePolicyContextStep`: records the lifecycle date; the runner owns its behaviour.
  return { kind: 'cluster-state-action', key: INIT_KEY, nextKey, retryable: profile.retryable.init, perform: () => undefined };
}

export function compileSteps(policy: Policy, profile: Profile): Step[] {
  const phases = profile.phases.filter((name) => policy.phases.has(name)).map((name) => policy.phases.get(name)!);
  const reversed: Step[] = [];
  let next: StepKey | null = null;
  if (profile.policyEnd === 'terminal-step') {
    reversed.push({ kind: 'terminal', key: TERMINAL_KEY, nextKey: null, retryable: false });
    next = TERMINAL_KEY;
  }
  for (let i = phases.length - 1; i >= 0; i--) {
    const phase = phases[i]!;
    const isLast = i === phases.length - 1;
    if (!isLast || profile.policyEnd === 'last-phase-complete') {
      const key = phaseCompleteKey(phase.name);
      reversed.push({ kind: 'phase-complete', key, nextKey: isLast ? null : next, retryable: false });
      next = key;
    }
    const actions = orderedActions(phase, profile);
    for (let a = actions.length - 1; a >= 0; a--) {
      const config = actions[a]!;
      const definition = ACTIONS.get(config.action);
      assert(definition, `action ${config.action} is registered`);
      assert(next !== null, 'an action always has a successor');
      const steps = definition.toSteps(phase.name, next, config, profile);
      for (let s = steps.length - 1; s >= 0; s--) reversed.push(steps[s]!);
      if (steps.length > 0) next = steps[0]!.key;
    }
  }
  if (phases.length > 0) {
    const key = phaseCompleteKey(NEW_PHASE);
    reversed.push({ kind: 'phase-complete', key, nextKey: next, retryable: false });
    next = key;
  }
  reversed.push(initStep(profile, next));
  return reversed.reverse();
}

/** The key of a step within one phase's map (the phase is the map's own). */
function stepMapKey(key: StepKey): string {
  return `${key.action}\u0000${key.name}`;
}

type PhaseSteps = ReadonlyMap<string, Step>;
const cache = new WeakMap<PolicyMetadata, Map<string, PhaseSteps>>();

/**
 * The steps of one phase as an index on that phase sees them: the current policy with the phase
 * replaced by the cached definition (ES `PolicyStepsRegistry#parseStepsFromPhase`).
 */
export function stepsForPhase(metadata: PolicyMetadata, cached: PhaseExecutionInfo | undefined, phaseName: string, profile: Profile): PhaseSteps {
  const cachedPhase = cached?.phase && phaseName !== NEW_PHASE ? cached.phase : null;
  const cacheKey = `${profile.name}|${phaseName}|${cachedPhase ? phaseKey(cachedPhase) : ''}`;
  let perPolicy = cache.get(metadata);
  if (!perPolicy) cache.set(metadata, (perPolicy = new Map()));
  const hit = perPolicy.get(cacheKey);
  if (hit) return hit;
  let policy = metadata.policy;
  if (cachedPhase) {
    const phases = new Map(policy.phases);
    phases.set(phaseName, { ...cachedPhase, name: phaseName });
    policy = { ...policy, phases };
  }
  const steps = new Map<string, Step>();
  for (const step of compileSteps(policy, profile)) if (step.key.phase === phaseName) steps.set(stepMapKey(step.key), step);
  perPolicy.set(cacheKey, steps);
  return steps;
}

/** Phases are immutable, so each one's identity text is computed once. */
const phaseKeys = new WeakMap<Phase, string>();

function phaseKey(phase: Phase): string {
  let key = phaseKeys.get(phase);
  if (key === undefined) {
    key = JSON.stringify([phase.minAge?.millis ?? null, [...phase.actions.values()].map((a) => [a.action, a.settings])]);
    phaseKeys.set(phase, key);
  }
  return key;
}

/** ES `PolicyStepsRegistry#getStep`: ERROR keys make an error step; unknown keys give null. */
export function resolveStep(metadata: PolicyMetadata, cached: PhaseExecutionInfo | undefined, key: StepKey, profile: Profile): Step | null {
  if (key.name === ERROR_STEP_NAME) return { kind: 'error', key, nextKey: null, retryable: false };
  if (sameStepKey(key, TERMINAL_KEY)) return { kind: 'terminal', key, nextKey: null, retryable: false };
  return stepsForPhase(metadata, cached, key.phase, profile).get(stepMapKey(key)) ?? null;
}

export function firstStep(metadata: PolicyMetadata, profile: Profile): Step {
  const step = stepsForPhase(metadata, undefined, NEW_PHASE, profile).get(stepMapKey(INIT_KEY));
  assert(step, 'every policy starts at new/init/init');
  return step;
}

/** Step keys a phase's declared actions compile to (ES `PhaseCacheManagement.readStepKeys`). */
export function declaredStepKeys(phase: Phase, profile: Profile): string[] {
  const keys: string[] = [];
  const order = profile.phaseActions[phase.name as PhaseName] ?? [];
  const placeholder = phaseCompleteKey(phase.name);
  for (const name of order) {
    const config = phase.actions.get(name);
    if (!config) continue;
    for (const step of ACTIONS.get(name)!.toSteps(phase.name, placeholder, config, profile)) keys.push(stepKeyJson(step.key));
  }
  return keys;
}

/**
 * The step keys (`phase/action/name`) an index on this policy can show from its current step on: the
 * steps of its current phase as cached, the policy's steps in that phase and the phases after it, the
 * ERROR step of each of their actions, and the current step itself. Nothing outside this set can appear until the policy or the
 * index's step is changed by a request (what `POST /_sim/clock/_next` checks an `until` against).
 */
export function reachableStepKeys(metadata: PolicyMetadata, cached: PhaseExecutionInfo | undefined, current: StepKey | null, profile: Profile): Set<string> {
  const keys = new Set<string>();
  const add = (key: StepKey): void => {
    keys.add(`${key.phase}/${key.action}/${key.name}`);
    keys.add(`${key.phase}/${key.action}/${ERROR_STEP_NAME}`);
  };
  // ILM never moves an index back to an earlier phase by itself (only a request can: move_to_step, a
  // policy change that drops its phase), so the phases before the current one are out of reach.
  const order = [NEW_PHASE, ...profile.phases, TERMINAL_KEY.phase];
  const from = current === null ? -1 : order.indexOf(current.phase);
  for (const step of compileSteps(metadata.policy, profile)) if (order.indexOf(step.key.phase) >= from) add(step.key);
  if (current !== null) {
    for (const step of stepsForPhase(metadata, cached, current.phase, profile).values()) add(step.key);
    add(current);
  }
  return keys;
}
