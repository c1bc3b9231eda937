/**
 * The per-index lifecycle execution state ES keeps in index metadata under the custom `ilm` key (ES
 * `LifecycleExecutionState`): what explain reports. Values are immutable once a request, event or
 * tick has finished with them; transitions build new ones (with `copyState`, in one fixed shape), and
 * a run of steps updates the one it built itself in place (see `moveToStep`).
 * Pure data, no behaviour beyond small accessors.
 */
import type { Phase } from './policy-model';
import { ERROR_STEP_NAME, StepKey, stepKey } from './step-key';

/** ES `PhaseExecutionInfo`: the phase definition cached when the index entered its phase. */
export interface PhaseExecutionInfo {
  readonly policy: string;
  /** null for the `new` pseudo-phase and the terminal step. */
  readonly phase: Phase | null;
  readonly version: number;
  readonly modifiedDate: number;
}

export interface ExecutionState {
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  /** ES stores this as `creation_date`: the lifecycle date (creation, or the rollover time). */
  readonly lifecycleDate?: number;
  readonly phaseTime?: number;
  readonly actionTime?: number;
  readonly stepTime?: number;
  readonly failedStep?: string;
  readonly isAutoRetryableError?: boolean;
  readonly failedStepRetryCount?: number;
  readonly stepInfo?: Readonly<Record<string, unknown>>;
  readonly previousStepInfo?: Readonly<Record<string, unknown>>;
  readonly phaseDefinition?: PhaseExecutionInfo;
  readonly shrinkIndexName?: string;
  /** The searchable_snapshot action's repository, snapshot and mounted index names. */
  readonly snapshotRepository?: string;
  readonly snapshotName?: string;
  readonly snapshotIndexName?: string;
  /** The downsample action's target index name (ES `rollup_index_name`). */
  readonly downsampleIndexName?: string;
}

export const EMPTY_STATE: ExecutionState = {};

export function currentStepKey(state: ExecutionState | null | undefined): StepKey | null {
  if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) return null;
  return stepKey(state.phase, state.action, state.step);
}

export function isErrorState(state: ExecutionState | null | undefined): boolean {
  return state?.step === ERROR_STEP_NAME;
}

/** An execution state being built (see `copyState`). */
export type MutableExecutionState = { -readonly [K in keyof ExecutionState]: ExecutionState[K] };

/**
 * A copy of the state with every field present (absent ones as `undefined`), always in the same order,
 * so all states share one object shape: a simulated year of a large cluster makes millions of them,
 * and property reads stay monomorphic. Readers treat an `undefined` field as absent (explain prints
 * fields in its own fixed order, never in the object's), so this shape is not observable.
 */
export function copyState(state: ExecutionState): MutableExecutionState {
  return {
    phase: state.phase,
    action: state.action,
    step: state.step,
    lifecycleDate: state.lifecycleDate,
    phaseTime: state.phaseTime,
    actionTime: state.actionTime,
    stepTime: state.stepTime,
    failedStep: state.failedStep,
    isAutoRetryableError: state.isAutoRetryableError,
    failedStepRetryCount: state.failedStepRetryCount,
    stepInfo: state.stepInfo,
    previousStepInfo: state.previousStepInfo,
    phaseDefinition: state.phaseDefinition,
    shrinkIndexName: state.shrinkIndexName,
    snapshotRepository: state.snapshotRepository,
    snapshotName: state.snapshotName,
    snapshotIndexName: state.snapshotIndexName,
    downsampleIndexName: state.downsampleIndexName,
  };
}

/** Returns a copy with the given fields replaced; an `undefined` value clears a field. */
export function withFields(state: ExecutionState, changes: Partial<Record<keyof ExecutionState, unknown>>): ExecutionState {
  return Object.assign(copyState(state), changes);
}
