/**
 * Lifecycle history, like ES's ILM history index: one record per change of an index's step (success,
 * or the error that moved it to ERROR), and one when an action deletes the index. Plain data appended
 * by `cluster.ts`; nothing here reads the clock: times come from the transition.
 */
import type { StepKey } from './step-key';

export interface HistoryRecord {
  readonly index: string;
  readonly policy: string | null;
  readonly timeMillis: number;
  readonly from: StepKey | null;
  readonly to: StepKey;
  readonly success: boolean;
  /** The `step_info` of the ERROR step for a failure. */
  readonly error?: Readonly<Record<string, unknown>>;
}
