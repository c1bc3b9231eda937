/**
 * Steps as a closed union of ES's step kinds. Each kind is run by the runner at the moments ES runs it
 * (see es-ilm-engine.md section 0): cluster-state steps on every cluster change, async actions once
 * right after the index lands on them, async waits on poll ticks only, phase-complete steps on both.
 * Steps never read the clock: `now` arrives in the context. A failing step throws `EsException`.
 */
import type { Cluster, IndexMetadata } from '../cluster/cluster';
import type { Profile } from '../profile';
import type { StepKey } from '../cluster/step-key';
import type { EsException } from '../errors';

export interface StepContext {
  readonly cluster: Cluster;
  readonly index: IndexMetadata;
  readonly now: number;
  readonly policyName: string;
  readonly profile: Profile;
  /**
   * Called by a step that put another index (one this action made) on a step of its own, as ES
   * `ExecuteStepsUpdateTask` collects `indexToStepKeysForAsyncActions`: the runner runs that index's
   * async action once the update is done (ES `maybeRunAsyncAction` for the spawned index).
   */
  readonly spawned?: (target: IndexMetadata, policyName: string) => void;
}

/** A wait's answer: complete, or not yet with the `step_info` to show (null shows none). */
export type WaitResult = { readonly complete: true } | { readonly complete: false; readonly info: object | null };

interface StepBase {
  readonly key: StepKey;
  /** The step after this one; null on the last phase's complete step, which waits forever. */
  readonly nextKey: StepKey | null;
  /** ES `Step#isRetryable`: whether an error here is retried automatically on poll ticks. */
  readonly retryable: boolean;
}

export type Step =
  | (StepBase & {
      readonly kind: 'cluster-state-action';
      /** Mutates the cluster; returns the branch target when this is a branching step. */
      readonly perform: (ctx: StepContext) => StepKey | void;
    })
  | (StepBase & {
      readonly kind: 'cluster-state-wait';
      readonly check: (ctx: StepContext) => WaitResult;
      /**
       * The indices the check reads besides its own, when it reads nothing else: it can only change
       * its answer when one of them changes, so the simulator wakes it then instead of on every
       * cluster change.
       */
      readonly watches?: (ctx: StepContext) => readonly string[];
      /**
       * ES `ClusterStateWaitUntilThresholdStep`'s `nextKeyOnThresholdBreach` (7.13+): where the index
       * goes when the wait is still unmet once `index.lifecycle.step.wait_time_threshold` has passed
       * since it entered the step (see `wait-threshold.ts`). Absent: the wait has no threshold.
       */
      readonly thresholdNextKey?: StepKey;
    })
  | (StepBase & {
      readonly kind: 'async-action';
      /** False when the action removes the index it runs on (delete, shrink's alias swap). */
      readonly indexSurvives: boolean;
      /** Mutates the cluster; returns the branch target when this is an async branching step (8.x). */
      readonly perform: (ctx: StepContext) => StepKey | void;
    })
  | (StepBase & {
      readonly kind: 'async-wait';
      readonly evaluate: (ctx: StepContext) => WaitResult;
      /**
       * After an unmet evaluation at `ctx.now`: the earliest instant the answer could change while the
       * index and the cluster stay as they are (Infinity: only a change can). The simulator then skips
       * the poll ticks in between, whose checks ES would make and find unmet. Absent: every tick.
       */
      readonly nextChange?: (ctx: StepContext) => number;
    })
  | (StepBase & { readonly kind: 'phase-complete' })
  | (StepBase & { readonly kind: 'terminal' })
  | (StepBase & { readonly kind: 'error' });

export type StepKind = Step['kind'];

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}

/**
 * An ES exception a step throws out of `performAction` itself instead of passing it to its listener.
 * The runner of those releases calls async actions without a `try`, so ES only logs it: the index stays
 * on the step, neither in ERROR nor with `step_info` (elastic/elasticsearch#68794).
 */
export class EscapedStepException extends Error {
  constructor(readonly escaped: EsException) {
    super(escaped.message);
  }
}

export const COMPLETE: WaitResult = { complete: true };

export function notYet(info: object | null): WaitResult {
  return { complete: false, info };
}
