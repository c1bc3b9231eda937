/**
 * Pure moves of an index's execution state (mirrors ES `IndexLifecycleTransition`): to a step, into
 * ERROR, and back to the failed step on retry. Each takes the state and `now` and returns a new state;
 * nothing here touches the cluster, the clock or the scheduler.
 */
import { EsError, throwableXContent } from '../errors';
import { copyState, ExecutionState, MutableExecutionState, PhaseExecutionInfo, withFields } from '../cluster/execution-state';
import type { PolicyMetadata } from '../cluster/policy-model';
import type { Profile } from '../profile';
import { ERROR_STEP_NAME, INIT_KEY, NEW_PHASE, StepKey, stepKey, TERMINAL_KEY } from '../cluster/step-key';

/**
 * One shared (immutable) phase execution info per policy metadata and phase: every index entering the
 * phase caches the same value, so a large cluster holds one copy and steps resolve per copy.
 */
const phaseInfos = new WeakMap<PolicyMetadata, Map<string, PhaseExecutionInfo>>();

function phaseExecutionInfo(metadata: PolicyMetadata, phase: string): PhaseExecutionInfo {
  let perPolicy = phaseInfos.get(metadata);
  if (!perPolicy) phaseInfos.set(metadata, (perPolicy = new Map()));
  let info = perPolicy.get(phase);
  if (!info) {
    const definition = phase === NEW_PHASE || phase === TERMINAL_KEY.phase ? null : (metadata.policy.phases.get(phase) ?? null);
    info = { policy: metadata.policy.name, phase: definition, version: metadata.version, modifiedDate: metadata.modifiedDate };
    perPolicy.set(phase, info);
  }
  return info;
}

/** The position ES compared with before 7.9 when the index had none yet. */
const INIT_POSITION = { phase: INIT_KEY.phase, action: INIT_KEY.action };

/**
 * ES `updateExecutionStateToStep`: new position and step time, error fields cleared, the phase
 * definition cached (and phase time set) on a phase change or when forced, the phase time reset on
 * every move inside `new`, the action time set when the action changes. Before 7.9 ES compared with
 * the `init` key when the index had no position yet, so `new` got no cached definition.
 *
 * `reusable`: when it is `state` itself, a state object nothing else holds (made by an earlier move
 * of the same run of steps), it is updated in place instead of copied.
 */
export function moveToStep(
  metadata: PolicyMetadata,
  state: ExecutionState,
  target: StepKey,
  now: number,
  forcePhaseRefresh: boolean,
  profile: Profile,
  reusable?: MutableExecutionState,
): ExecutionState {
  // The current position's phase and action; none for a state without a position (7.9+), or `init`'s.
  // Read before anything is written: the move may update `state` itself.
  const positioned = state.phase !== undefined && state.action !== undefined && state.step !== undefined;
  const current = positioned ? state : profile.explain.phaseExecutionInNewPhase ? null : INIT_POSITION;
  const currentPhase = current?.phase;
  const currentAction = current?.action;
  const previousInfo = state.stepInfo;
  const moved = reusable !== undefined && reusable === state ? reusable : copyState(state);
  moved.phase = target.phase;
  moved.action = target.action;
  moved.step = target.name;
  moved.stepTime = now;
  moved.failedStep = undefined;
  moved.stepInfo = undefined;
  moved.isAutoRetryableError = undefined;
  moved.failedStepRetryCount = undefined;
  // 8.16+ keeps the last step_info the index showed before it moved on.
  if (profile.explain.previousStepInfo && previousInfo !== undefined) moved.previousStepInfo = previousInfo;
  if (current === null || currentPhase !== target.phase || forcePhaseRefresh) {
    moved.phaseDefinition = phaseExecutionInfo(metadata, target.phase);
    moved.phaseTime = now;
  } else if (currentPhase === NEW_PHASE) {
    moved.phaseTime = now;
  }
  if (current === null || currentAction !== target.action) moved.actionTime = now;
  return moved;
}

/** ES `moveClusterStateToErrorStep`: ERROR in the same phase and action, the cause as `step_info`. */
export function moveToErrorStep(
  metadata: PolicyMetadata,
  state: ExecutionState,
  failed: StepKey,
  cause: EsError,
  retryable: boolean,
  now: number,
  profile: Profile,
): ExecutionState {
  // For a failed `init` the state has no position yet; ES records the error against `new/init/init`
  // and, having no current step to compare with, caches the (empty) `new` phase definition.
  const moved = moveToStep(metadata, state, stepKey(failed.phase, failed.action, ERROR_STEP_NAME), now, false, profile);
  return withFields(moved, {
    failedStep: failed.name,
    stepInfo: throwableXContent(cause),
    isAutoRetryableError: profile.explain.retryFields ? retryable : undefined,
    failedStepRetryCount: state.failedStepRetryCount,
  });
}

/**
 * ES `moveClusterStateToPreviouslyFailedStep` (6.6-7.x): back to the failed step with the phase
 * definition re-read from the current policy, `is_auto_retryable_error` kept, and the retry count
 * raised by one for an automatic retry or kept for a manual one.
 */
export function moveToFailedStep(metadata: PolicyMetadata, state: ExecutionState, automatic: boolean, now: number, profile: Profile): ExecutionState {
  const failed = stepKey(state.phase!, state.action!, state.failedStep!);
  const moved = moveToStep(metadata, state, failed, now, true, profile);
  const count = state.failedStepRetryCount;
  return withFields(moved, {
    isAutoRetryableError: state.isAutoRetryableError,
    failedStepRetryCount: automatic ? (count ?? 0) + 1 : count,
  });
}

export function failedStepKey(state: ExecutionState): StepKey | null {
  if (state.step !== ERROR_STEP_NAME || !state.failedStep || state.phase === undefined || state.action === undefined) return null;
  return stepKey(state.phase, state.action, state.failedStep);
}

export function isOnStep(state: ExecutionState | null, key: StepKey): boolean {
  if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) return false;
  return state.phase === key.phase && state.action === key.action && state.step === key.name;
}
