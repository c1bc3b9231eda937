/**
 * The per-index lifecycle execution state ES keeps in index metadata under the custom `ilm` key (ES
 * `LifecycleExecutionState`): what explain reports. Values are immutable; transitions build new ones.
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

/**
 * Returns a copy with the given fields replaced; `undefined` values remove a field. The copy has the
 * fields in the order a spread followed by assignments and deletes would give (kept fields where they
 * were, new ones last), but is built without `delete`, which would turn it into a slow dictionary-mode
 * object (a simulated year of a large cluster makes millions of these).
 */
export function withFields(state: ExecutionState, changes: Partial<Record<keyof ExecutionState, unknown>>): ExecutionState {
  const from = state as Record<string, unknown>;
  const patch = changes as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in from) {
    if (!Object.prototype.hasOwnProperty.call(from, key)) continue;
    if (!Object.prototype.hasOwnProperty.call(patch, key)) out[key] = from[key];
    else if (patch[key] !== undefined) out[key] = patch[key];
  }
  for (const key in patch) {
    if (!Object.prototype.hasOwnProperty.call(patch, key) || Object.prototype.hasOwnProperty.call(from, key)) continue;
    const value = patch[key];
    if (value !== undefined) out[key] = value;
  }
  return out as ExecutionState;
}
