/**
 * Decides what ILM does for one index at a given instant (mirrors ES `IndexLifecycleRunner` and the
 * batching of `ExecuteStepsUpdateTask`): on a cluster change it runs cluster-state steps back to back
 * until an async step, an unmet wait or ERROR; on a poll tick it evaluates async waits, phase-complete
 * steps and automatic retries; async actions run when the simulator fires the event the runner asked
 * for. Time is always an argument; the runner never schedules anything itself.
 */
import { Cluster, IndexMetadata, lifecyclePolicyName, originationDate, recordRemoval, setLifecycle, SETTING_ORIGINATION_DATE } from '../cluster/cluster';
import { FaultTable } from './faults';
import { ilmPolicyOf } from '../cluster/data-streams';
import { EsException, illegalArgument } from '../errors';
import { copyState, EMPTY_STATE, ExecutionState, MutableExecutionState, PhaseExecutionInfo, withFields } from '../cluster/execution-state';
import { mayRunIndex } from './operation-mode';
import { parseOriginationDateFromName } from '../cluster/origination-date';
import { firstStep, resolveStep } from './policy-steps';
import type { PolicyMetadata } from '../cluster/policy-model';
import { minAgeMillis } from '../cluster/policy-model';
import type { Profile } from '../profile';
import { assertNever, EscapedStepException, notYet, Step, StepContext, WaitResult } from './steps';
import { INIT_KEY, NEW_PHASE, sameStepKey, StepKey, stepKey, TERMINAL_KEY } from '../cluster/step-key';
import { failedStepKey, isOnStep, moveToErrorStep, moveToFailedStep, moveToStep } from './transitions';
import { thresholdBreached, thresholdBreachedFrom } from './wait-threshold';

export interface RunnerHooks {
  /** The index landed on an async action: run `runAsyncAction` for it as an event due now. */
  readonly scheduleAsyncAction: (index: IndexMetadata, key: StepKey) => void;
  /** The simulator's seeded PRNG, for faults that fire with a probability. */
  readonly random: () => number;
}

/** What an index is waiting for, so the simulator only wakes it when something can change. */
export type Wake =
  | { readonly kind: 'none' }
  | { readonly kind: 'poll-tick' }
  | { readonly kind: 'at'; readonly millis: number }
  | { readonly kind: 'cluster-change' }
  /** A cluster-state wait that only reads these indices: wake it when one of them changes. */
  | { readonly kind: 'watch'; readonly names: readonly string[] };

const NONE: Wake = { kind: 'none' };
const POLL_TICK: Wake = { kind: 'poll-tick' };
const CLUSTER_CHANGE: Wake = { kind: 'cluster-change' };

/** Resolved steps of one (policy, cached phase definition): phase -> action -> step name -> step. */
type StepMemo = Map<string, Map<string, Map<string, Step | null>>>;
/**
 * An index's last step resolution: the step, and the question it answered (a position under a policy
 * metadata and a cached phase definition). Updated in place, one per index.
 */
interface LastResolution {
  readonly runner: Runner;
  policy: PolicyMetadata;
  cached: PhaseExecutionInfo | undefined;
  phase: string;
  action: string;
  name: string;
  step: Step | null;
}
/** Stands for "no cached phase definition" in the memo (WeakMap keys must be objects). */
const NO_DEFINITION = {};
/** A bound on steps run back to back for one index in one update (a chain longer than this loops). */
const MAX_STEPS_PER_UPDATE = 1000;

export class Runner {
  /**
   * Set by `runPeriodic` when the index's async wait was unmet and said when its answer can next
   * change (see `nextChange` in `steps.ts`); null otherwise. The simulator reads it right after.
   */
  pollNotBefore: number | null = null;
  /**
   * `resolveStep` answers memoised per immutable policy metadata and cached phase definition, looked
   * up without building keys (a simulated year of a large cluster resolves steps millions of times).
   */
  private readonly stepMemo = new WeakMap<PolicyMetadata, WeakMap<object, StepMemo>>();
  /**
   * Each index's last step resolution is kept on its record (`IndexSched.runnerMemo`, opaque to the
   * cluster; a new index of the same name starts afresh): the same index asks about the same step
   * several times per transition. Tagged with this runner, since a runner made afresh (a reset) must
   * not read another's answers.
   */
  /** `stepFor`'s last answer per step key object. */
  private readonly nextStepMemo = new WeakMap<
    StepKey,
    { readonly policy: PolicyMetadata; readonly cached: PhaseExecutionInfo | undefined; readonly step: Step | null }
  >();

  constructor(
    readonly cluster: Cluster,
    readonly profile: Profile,
    private readonly hooks: RunnerHooks,
    readonly faults: FaultTable = new FaultTable(),
  ) {}

  /** Raises the failure a fault injects into this step, if one fires (the same path as a real one). */
  private injectFailure(index: IndexMetadata, step: Step): void {
    const error = this.faults.failureFor(index.name, step.key, this.hooks.random);
    if (error) throw new EsException(error);
  }

  /** Runs a wait step's check unless a fault holds it with the step_info ES shows for that condition. */
  private checkWait(index: IndexMetadata, step: Step, check: () => WaitResult): WaitResult {
    this.injectFailure(index, step);
    const held = this.faults.waitInfoFor(this.cluster, index, step.key, this.hooks.random, this.profile);
    return held ? notYet(held) : check();
  }

  /** ES `runPolicyAfterStateChange`: cluster-state steps and ready phase transitions. */
  runAfterClusterChange(index: IndexMetadata, now: number): void {
    if (!this.cluster.ilmMetadataExists || !mayRunIndex(this.cluster, index, this.profile)) return;
    const resolved = this.resolve(index);
    if (!resolved) return;
    const { policy, step } = resolved;
    if (!step) return;
    this.execute(index, policy, step, now);
  }

  /** ES `runPeriodicStep`: what a poll tick does for one index. */
  runPeriodic(index: IndexMetadata, now: number): void {
    this.pollNotBefore = null;
    // ES `IndexLifecycleService#triggerPolicies` does nothing until ILM metadata exists.
    if (!this.cluster.ilmMetadataExists || !mayRunIndex(this.cluster, index, this.profile)) return;
    const resolved = this.resolve(index);
    if (!resolved) return;
    const { policy, step } = resolved;
    if (!step) return;
    switch (step.kind) {
      case 'phase-complete':
        this.execute(index, policy, step, now);
        return;
      case 'async-wait': {
        let result;
        try {
          result = this.checkWait(index, step, () => step.evaluate(this.context(index, policy, now)));
        } catch (e) {
          this.fail(index, policy, step, e, now);
          return;
        }
        if (result.complete) {
          if (step.nextKey) this.moveAndContinue(index, policy, step.nextKey, now);
        } else {
          this.setStepInfo(index, result.info);
          // With faults about, any tick may inject something: no tick is skipped then.
          if (step.nextChange && this.faults.list().length === 0) this.pollNotBefore = step.nextChange(this.context(index, policy, now));
        }
        return;
      }
      case 'error':
        this.maybeAutoRetry(index, policy, now);
        return;
      case 'cluster-state-wait':
        // Divergence: ES checks cluster-state waits on cluster-state changes only, so a wait past its
        // threshold gives up at the first change after it; a live cluster's state changes often, an
        // idle simulated one may never again, so the simulator checks such a wait at the first poll
        // tick after its threshold as well (the simulator wakes it then, see `thresholdWake`).
        if (step.thresholdNextKey && thresholdBreached(index, now)) this.execute(index, policy, step, now);
        return;
      case 'cluster-state-action':
      case 'async-action':
      case 'terminal':
        return;
      default:
        assertNever(step);
    }
  }

  /** Runs the async action the index was put on, if it is still there (ES `maybeRunAsyncAction`). */
  runAsyncAction(index: IndexMetadata | undefined, key: StepKey, now: number): void {
    if (!index || !isOnStep(index.lifecycle, key)) return;
    const resolved = this.resolve(index);
    if (resolved?.step?.kind !== 'async-action') return;
    const { policy, step } = resolved;
    // A snapshot in progress holds it; the simulator runs it again when the fault is cleared.
    if (this.faults.holdsAsyncAction(index.name, step.key, this.hooks.random)) return;
    let branch: StepKey | void;
    try {
      this.injectFailure(index, step);
      branch = step.perform(this.context(index, policy, now));
    } catch (e) {
      // Thrown past ES's listener: logged by ES, nothing recorded, the index stays on the step.
      if (e instanceof EscapedStepException) return;
      this.fail(index, policy, step, e, now);
      return;
    }
    const next = branch ?? step.nextKey;
    if (!step.indexSurvives) recordRemoval(index, step.key, now);
    else if (next) this.moveAndContinue(index, policy, next, now);
  }

  /**
   * ES `moveClusterStateToPreviouslyFailedStep` for a manual retry, for every index or none: throws
   * the ES error for the first index that cannot be retried and then changes nothing.
   */
  retry(indexNames: readonly string[], now: number): void {
    const plans: Array<{ index: IndexMetadata; policy: PolicyMetadata; state: ExecutionState }> = [];
    for (const name of indexNames) {
      const index = this.cluster.indices.get(name);
      if (!index) throw new EsException(illegalArgument(`index [${name}] does not exist`));
      const state = index.lifecycle;
      const failed = state ? failedStepKey(state) : null;
      const policyName = lifecyclePolicyName(index);
      const policy = policyName ? this.cluster.policies.get(policyName) : undefined;
      if (!state || !failed || !policy) {
        throw new EsException(
          illegalArgument(`cannot retry an action for an index [${name}] that has not encountered an error when running a Lifecycle Policy`),
        );
      }
      if (!resolveStep(policy, state.phaseDefinition, failed, this.profile)) {
        throw new EsException(illegalArgument(`step [${JSON.stringify(failed)}] for index [${name}] with policy [${policy.policy.name}] does not exist`));
      }
      plans.push({ index, policy, state });
    }
    for (const { index, policy, state } of plans) setLifecycle(index, moveToFailedStep(policy, state, false, now, this.profile), now);
  }

  /**
   * Re-runs the step a retry put the index back on: an async action runs, cluster-state steps run,
   * an async wait waits for the next poll tick.
   */
  runRetriedStep(index: IndexMetadata, now: number): void {
    const resolved = this.resolve(index);
    if (!resolved?.step) return;
    if (resolved.step.kind === 'async-action') this.runAsyncAction(index, resolved.step.key, now);
    else this.execute(index, resolved.policy, resolved.step, now);
  }

  /** The async action the index sits on, if any (to run it again once a held snapshot is over). */
  pendingAsyncAction(index: IndexMetadata): StepKey | null {
    const resolved = this.resolve(index);
    return resolved?.step?.kind === 'async-action' ? resolved.step.key : null;
  }

  /**
   * The step the index is on, as the runner would resolve it, without `resolve`'s side effect (the
   * "does not exist" step_info): null when unmanaged, the policy is missing or the step is unknown.
   */
  stepOf(index: IndexMetadata): Step | null {
    const policyName = ilmPolicyOf(this.cluster, index);
    const policy = policyName ? this.cluster.policies.get(policyName) : undefined;
    if (!policy) return null;
    const state = index.lifecycle;
    if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) return firstStep(policy, this.profile);
    return this.stepAt(index, policy, state.phaseDefinition, state.phase, state.action, state.step);
  }

  /**
   * When a cluster-state wait with a threshold (see `wait-threshold.ts`) gives up if nothing changes
   * first: the simulator wakes the index at the first poll tick from then. Null for any other step.
   */
  thresholdWake(index: IndexMetadata): number | null {
    const step = this.stepOf(index);
    if (step?.kind !== 'cluster-state-wait' || !step.thresholdNextKey) return null;
    return thresholdBreachedFrom(index);
  }

  /** When this index next needs the runner. */
  wake(index: IndexMetadata): Wake {
    const policyName = ilmPolicyOf(this.cluster, index);
    if (!policyName) return NONE;
    const policy = this.cluster.policies.get(policyName);
    // ES runs every managed index on every cluster change; one whose policy is missing gets its
    // "does not exist" step_info there.
    if (!policy) return { kind: 'cluster-change' };
    const state = index.lifecycle;
    if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) return CLUSTER_CHANGE;
    const step = this.stepAt(index, policy, state.phaseDefinition, state.phase, state.action, state.step);
    if (!step) return NONE;
    switch (step.kind) {
      case 'phase-complete': {
        if (!step.nextKey) return NONE;
        const lifecycleDate = this.lifecycleDate(index);
        if (lifecycleDate === null) return { kind: 'cluster-change' };
        return { kind: 'at', millis: lifecycleDate + minAgeMillis(policy.policy.phases.get(step.nextKey.phase)) };
      }
      case 'async-wait':
        return POLL_TICK;
      case 'error':
        return this.profile.autoRetry && index.lifecycle?.isAutoRetryableError === true ? POLL_TICK : NONE;
      case 'cluster-state-wait':
        // Only what the wait reads can change its answer, unless a fault may fire in it: ES checks
        // every cluster-state wait on every cluster change, and a fault fires at the first check.
        if (step.watches && this.faults.list().length === 0) {
          return { kind: 'watch', names: step.watches(this.context(index, policy, Number.NaN)) };
        }
        return CLUSTER_CHANGE;
      case 'cluster-state-action':
        return CLUSTER_CHANGE;
      case 'async-action':
      case 'terminal':
        return NONE;
      default:
        return assertNever(step);
    }
  }

  private resolve(index: IndexMetadata): { policy: PolicyMetadata; step: Step | null } | null {
    const policyName = ilmPolicyOf(this.cluster, index);
    if (!policyName) return null;
    const policy = this.cluster.policies.get(policyName);
    if (!policy) {
      // ES `markPolicyDoesNotExist`: step_info only, the position is unchanged.
      this.setStepInfo(index, { type: 'illegal_argument_exception', reason: `policy [${policyName}] does not exist` });
      return null;
    }
    const state = index.lifecycle;
    if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) {
      return { policy, step: firstStep(policy, this.profile) };
    }
    return { policy, step: this.stepAt(index, policy, state.phaseDefinition, state.phase, state.action, state.step) };
  }

  /**
   * `resolveStep` for (phase, action, name), memoised (see `stepMemo`), with the index's last answer
   * first: the same index asks about the same step several times in a row (resolve, move, re-plan).
   */
  private stepAt(
    index: IndexMetadata,
    policy: PolicyMetadata,
    cached: PhaseExecutionInfo | undefined,
    phase: string,
    action: string,
    name: string,
  ): Step | null {
    const last = this.lastResolutionOf(index);
    if (last !== undefined && last.policy === policy && last.cached === cached && last.phase === phase && last.action === action && last.name === name) {
      return last.step;
    }
    const step = this.stepAtMemo(policy, cached, phase, action, name);
    this.remember(index, last, policy, cached, phase, action, name, step);
    return step;
  }

  /** The index's last step resolution by this runner, if any (see `LastResolution`). */
  private lastResolutionOf(index: IndexMetadata): LastResolution | undefined {
    const memo = index.runnerMemo as LastResolution | null;
    return memo !== null && memo.runner === this ? memo : undefined;
  }

  /** Keeps the step resolved for an index as its last answer (see `LastResolution`; `last` is its entry, if any). */
  private remember(
    index: IndexMetadata,
    last: LastResolution | undefined,
    policy: PolicyMetadata,
    cached: PhaseExecutionInfo | undefined,
    phase: string,
    action: string,
    name: string,
    step: Step | null,
  ): void {
    if (last === undefined) {
      index.runnerMemo = { runner: this, policy, cached, phase, action, name, step } satisfies LastResolution;
      return;
    }
    last.policy = policy;
    last.cached = cached;
    last.phase = phase;
    last.action = action;
    last.name = name;
    last.step = step;
  }

  private stepAtMemo(policy: PolicyMetadata, cached: PhaseExecutionInfo | undefined, phase: string, action: string, name: string): Step | null {
    let perPolicy = this.stepMemo.get(policy);
    if (!perPolicy) this.stepMemo.set(policy, (perPolicy = new WeakMap()));
    const definition: object = cached ?? NO_DEFINITION;
    let byPhase = perPolicy.get(definition);
    if (!byPhase) perPolicy.set(definition, (byPhase = new Map()));
    let byAction = byPhase.get(phase);
    if (!byAction) byPhase.set(phase, (byAction = new Map()));
    let byName = byAction.get(action);
    if (!byName) byAction.set(action, (byName = new Map()));
    let step = byName.get(name);
    if (step === undefined) {
      step = resolveStep(policy, cached, stepKey(phase, action, name), this.profile);
      byName.set(name, step);
    }
    return step;
  }

  /**
   * The step at `key`, the next key of a step the index just left. Step keys are objects of the
   * compiled chain, so the last answer for each is kept beside it (a batch of indices makes the
   * same moves one after another).
   */
  private stepFor(policy: PolicyMetadata, index: IndexMetadata, key: StepKey): Step | null {
    const cached = index.lifecycle?.phaseDefinition;
    const memo = this.nextStepMemo.get(key);
    if (memo !== undefined && memo.policy === policy && memo.cached === cached) {
      this.remember(index, this.lastResolutionOf(index), policy, cached, key.phase, key.action, key.name, memo.step);
      return memo.step;
    }
    const step = this.stepAt(index, policy, cached, key.phase, key.action, key.name);
    this.nextStepMemo.set(key, { policy, cached, step });
    return step;
  }

  /**
   * The cluster-state loop: runs steps back to back until one has to wait.
   *
   * `made`: the index's state, when this run of steps made it (see `moveToStep`'s `reusable`): the
   * next move updates it in place unless a step replaced it meanwhile. States made earlier may be
   * old objects elsewhere in memory, which are slower to update than to copy.
   */
  private execute(index: IndexMetadata, policy: PolicyMetadata, start: Step, now: number, made?: MutableExecutionState): void {
    let step: Step | null = start;
    for (let guard = 0; step && guard < MAX_STEPS_PER_UPDATE; guard++) {
      let next: StepKey | null;
      switch (step.kind) {
        case 'cluster-state-action': {
          try {
            this.injectFailure(index, step);
            const branch = sameStepKey(step.key, INIT_KEY) ? this.initialize(index, policy) : step.perform(this.context(index, policy, now));
            next = branch ?? step.nextKey;
          } catch (e) {
            this.fail(index, policy, step, e, now);
            return;
          }
          break;
        }
        case 'cluster-state-wait': {
          let result;
          try {
            const current = step;
            result = this.checkWait(index, current, () => current.check(this.context(index, policy, now)));
          } catch (e) {
            this.fail(index, policy, step, e, now);
            return;
          }
          if (!result.complete) {
            // ES `ClusterStateWaitUntilThresholdStep` (7.13+): past the threshold the wait gives up and
            // reports itself complete, so ES records no step_info (it only logs its message) and moves
            // the index to the fallback step.
            if (step.thresholdNextKey && thresholdBreached(index, now)) {
              next = step.thresholdNextKey;
              break;
            }
            this.setStepInfo(index, result.info);
            return;
          }
          next = step.nextKey;
          break;
        }
        case 'phase-complete':
          if (!step.nextKey || !this.readyForPhase(index, policy, step.nextKey.phase, now)) return;
          next = step.nextKey;
          break;
        case 'async-action':
          this.hooks.scheduleAsyncAction(index, step.key);
          return;
        case 'async-wait':
        case 'error':
        case 'terminal':
          return;
        default:
          assertNever(step);
      }
      if (!next) return;
      made = this.move(index, policy, next, now, made);
      step = this.stepFor(policy, index, next);
    }
    if (step) throw new Error(`index [${index.name}] ran more than ${MAX_STEPS_PER_UPDATE} steps in one update at ${JSON.stringify(step.key)}`);
  }

  private moveAndContinue(index: IndexMetadata, policy: PolicyMetadata, next: StepKey, now: number): void {
    const made = this.move(index, policy, next, now);
    const step = this.stepFor(policy, index, next);
    if (step) this.execute(index, policy, step, now, made);
  }

  /** Moves the index to `next`, in place in `made` when that is still its state; returns the new state. */
  private move(index: IndexMetadata, policy: PolicyMetadata, next: StepKey, now: number, made?: MutableExecutionState): MutableExecutionState {
    const moved = moveToStep(policy, index.lifecycle ?? EMPTY_STATE, next, now, false, this.profile, made) as MutableExecutionState;
    setLifecycle(index, moved, now);
    return moved;
  }

  /** ES `InitializePolicyContextStep`: the lifecycle date, and the origination date parsed from the name. */
  private initialize(index: IndexMetadata, policy: PolicyMetadata): void {
    const state = index.lifecycle ?? EMPTY_STATE;
    if (state.lifecycleDate !== undefined) return;
    if (this.profile.parseOriginationDate && index.settings.get('index.lifecycle.parse_origination_date') === 'true' && originationDate(index) === null) {
      let parsed: number;
      try {
        parsed = parseOriginationDateFromName(index.name);
      } catch (e) {
        const cause = e instanceof EsException ? e.error : undefined;
        throw new EsException({
          type: 'initialize_policy_exception',
          reason: `unable to initialize policy [${policy.policy.name}] for index [${index.name}]`,
          status: 500,
          elasticsearchException: true,
          ...(cause ? { causedBy: cause } : {}),
        });
      }
      index.settings.set(SETTING_ORIGINATION_DATE, String(parsed));
    }
    setLifecycle(index, withFields(state, { lifecycleDate: index.creationDate }));
  }

  private maybeAutoRetry(index: IndexMetadata, policy: PolicyMetadata, now: number): void {
    const state = index.lifecycle;
    if (!this.profile.autoRetry || !state || state.isAutoRetryableError !== true) return;
    const failed = failedStepKey(state);
    if (!failed || !resolveStep(policy, state.phaseDefinition, failed, this.profile)) return;
    setLifecycle(index, moveToFailedStep(policy, state, true, now, this.profile), now);
    this.runRetriedStep(index, now);
  }

  private fail(index: IndexMetadata, policy: PolicyMetadata, step: Step, e: unknown, now: number): void {
    if (!(e instanceof EsException)) throw e;
    setLifecycle(index, moveToErrorStep(policy, index.lifecycle ?? EMPTY_STATE, step.key, e.error, step.retryable, now, this.profile), now);
  }

  private setStepInfo(index: IndexMetadata, info: object | null): void {
    const state = index.lifecycle ?? EMPTY_STATE;
    if (sameJson(state.stepInfo ?? null, info)) return;
    const updated = copyState(state);
    updated.stepInfo = (info ?? undefined) as ExecutionState['stepInfo'];
    setLifecycle(index, updated);
  }

  /** ES `isReadyToTransitionToThisPhase`: `now >= lifecycle date + min_age` of the current policy. */
  private readyForPhase(index: IndexMetadata, policy: PolicyMetadata, phase: string, now: number): boolean {
    if (phase === TERMINAL_KEY.phase || phase === NEW_PHASE) return true;
    const lifecycleDate = this.lifecycleDate(index);
    if (lifecycleDate === null) return true;
    return now >= lifecycleDate + minAgeMillis(policy.policy.phases.get(phase));
  }

  lifecycleDate(index: IndexMetadata): number | null {
    return originationDate(index) ?? index.lifecycle?.lifecycleDate ?? null;
  }

  private context(index: IndexMetadata, policy: PolicyMetadata, now: number): StepContext {
    return { cluster: this.cluster, index, now, policyName: policy.policy.name, profile: this.profile, spawned: this.spawnedHook };
  }

  /**
   * ES `ExecuteStepsUpdateTask#onClusterStateProcessed`: an index another index's steps placed on an
   * async action (a mounted or shrunken index whose next action starts with one) has it run, as an
   * event due now. Without this a cold `allocate` after `searchable_snapshot` (8.x order) never ran.
   */
  private readonly spawnedHook = (target: IndexMetadata, policyName: string): void => {
    // The target is not managed yet (its `index.lifecycle.name` is copied by a later step of the same
    // update), so its step is found in the source's policy.
    const policy = this.cluster.policies.get(policyName);
    const state = target.lifecycle;
    if (!policy || !state || state.phase === undefined || state.action === undefined || state.step === undefined) return;
    const step = this.stepAt(target, policy, state.phaseDefinition, state.phase, state.action, state.step);
    if (step?.kind === 'async-action') this.hooks.scheduleAsyncAction(target, step.key);
  };
}

/** Whether two JSON values are equal (same keys in the same order), without serialising them. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i]!;
    if (key !== kb[i] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
