/**
 * Step keys: the (phase, action, name) triple that locates an index in its policy, with ES's JSON
 * rendering (`{"phase":"warm","action":"shrink","name":"shrink"}`, as ES `StepKey#toString`). Pure.
 */

export interface StepKey {
  readonly phase: string;
  readonly action: string;
  readonly name: string;
}

export function stepKey(phase: string, action: string, name: string): StepKey {
  return { phase, action, name };
}

export function sameStepKey(a: StepKey | null | undefined, b: StepKey | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a.phase === b.phase && a.action === b.action && a.name === b.name;
}

/** ES `StepKey#toString`: compact JSON, used in error messages and as a map key. */
export function stepKeyJson(key: StepKey): string {
  return JSON.stringify({ phase: key.phase, action: key.action, name: key.name });
}

/** The pseudo phase an index is in before its first real phase. */
export const NEW_PHASE = 'new';
/** `new/init/init`: ES `InitializePolicyContextStep.KEY`. */
export const INIT_KEY = stepKey(NEW_PHASE, 'init', 'init');
/** `completed/completed/completed`: ES `TerminalPolicyStep.KEY`. */
export const TERMINAL_KEY = stepKey('completed', 'completed', 'completed');
/** ES `ErrorStep.NAME`. */
export const ERROR_STEP_NAME = 'ERROR';
/** ES `PhaseCompleteStep.NAME`, used for both the action and the step name. */
export const PHASE_COMPLETE = 'complete';

export function phaseCompleteKey(phase: string): StepKey {
  return stepKey(phase, PHASE_COMPLETE, PHASE_COMPLETE);
}
