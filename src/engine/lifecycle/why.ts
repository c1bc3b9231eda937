/**
 * "Why is it waiting": what an index's current step waits for, as data and in words (not an ES API;
 * `GET /_sim/why/<index>` serialises it). It reads the same rules the runner applies (the step kinds,
 * `min_age` against the lifecycle date, the rollover conditions with 8.x's implicit ones, the
 * profile's automatic retry) and never a copy of them. Pure: `now` and the poll-tick arithmetic
 * arrive as arguments; nothing here changes the cluster.
 */
import { Cluster, IndexMetadata, lifecyclePolicyName } from '../cluster/cluster';
import { minAgeMillis } from '../cluster/policy-model';
import type { Profile } from '../profile';
import { formatEsDate, formatTimeValueToString } from '../xcontent/time';
import { ConditionReport, conditionInWords, conditionReports, earliestMet, RolloverConditions, withImplicitDefaults } from './rollover-conditions';
import type { Step } from './steps';
import { thresholdBreachedFrom, waitTimeThreshold } from './wait-threshold';

/** What the index waits for. */
export type WaitingFor =
  | 'unmanaged'
  | 'policy'
  | 'initialization'
  | 'phase'
  | 'rollover'
  | 'poll_tick'
  | 'cluster_change'
  | 'async_action'
  | 'error'
  | 'end_of_policy'
  | 'unknown_step';

export interface NextPhaseWait {
  readonly phase: string;
  readonly minAgeMillis: number;
  readonly ageMillis: number;
  /** The lifecycle date plus `min_age`. */
  readonly dueMillis: number;
  /** The poll tick at which the phase starts (unless a cluster change comes first once due). */
  readonly startsAtMillis: number;
}

export interface RolloverWait {
  /** `any`: one condition is enough (before 8.4); `min-max`: every `min_*` and one `max_*`. */
  readonly rule: 'any' | 'min-max';
  readonly conditions: ReadonlyArray<ConditionReport & { readonly implicit: boolean }>;
  /** The poll tick at which the conditions hold if nothing but time changes, or null (never: e.g. documents are needed). */
  readonly metAtMillis: number | null;
}

export interface ErrorWait {
  readonly failedStep: string | null;
  readonly error: Readonly<Record<string, unknown>> | null;
  readonly autoRetryable: boolean;
  readonly retryCount: number;
  /** The poll tick of the next automatic retry, or null when this profile does not retry it. */
  readonly retryAtMillis: number | null;
}

export interface WhyReport {
  readonly index: string;
  readonly policy: string | null;
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly sinceMillis?: number;
  readonly waitingFor: WaitingFor;
  /** One sentence (or two) for people. */
  readonly explanation: string;
  /** When ILM next looks at the index: a poll tick, or null for "at the next cluster change" / never. */
  readonly nextCheckMillis: number | null;
  readonly stepInfo?: Readonly<Record<string, unknown>>;
  readonly nextPhase?: NextPhaseWait;
  readonly rollover?: RolloverWait;
  readonly error?: ErrorWait;
  /** Shards still starting (`/_sim/allocation`): when they become active. */
  readonly shardsActiveAtMillis?: number;
}

/** What the runner and the simulator tell the report (the rules stay theirs). */
export interface WhyContext {
  readonly cluster: Cluster;
  readonly profile: Profile;
  readonly now: number;
  /** The step the index is on, as the runner resolves it (null: not in the policy). */
  readonly step: Step | null;
  /** The lifecycle date the runner measures `min_age` from. */
  readonly lifecycleDate: number | null;
  /** The first poll tick at or after an instant that is still to come (never one already run). */
  readonly pollTickFrom: (millis: number) => number;
  /** When the index's shards become active, if they are still starting. */
  readonly shardsActiveAt: number | null;
}

const span = formatTimeValueToString;

/**
 * What an ERROR's explanation says after its cause (the retry: when, or how to retry by hand), for a
 * report that has already printed the cause from explain's `step_info`.
 */
export function retryWordsOf(explanation: string): string {
  return explanation.replace(/^the step \S+ failed: .*?; (?=ILM|ES )/, '');
}

/** The report for one index. */
export function whyWaiting(index: IndexMetadata, ctx: WhyContext): WhyReport {
  const report = reportFor(index, ctx);
  const state = index.lifecycle ?? {};
  const retries = state.failedStepRetryCount ?? 0;
  // Back on a failed step after an automatic retry (8.x keeps the error as `previous_step_info`).
  if (retries > 0 && state.step !== 'ERROR' && state.previousStepInfo !== undefined) {
    // The error is the likelier cause of the wait, so it comes first.
    return { ...report, explanation: `this is automatic retry ${retries} after ${infoWords(state.previousStepInfo)}; ${report.explanation}` };
  }
  return report;
}

function reportFor(index: IndexMetadata, ctx: WhyContext): WhyReport {
  const policy = lifecyclePolicyName(index);
  const base = { index: index.name, policy };
  if (policy === null) {
    return { ...base, waitingFor: 'unmanaged', explanation: 'it is not managed by ILM (no index.lifecycle.name)', nextCheckMillis: null };
  }
  const state = index.lifecycle ?? {};
  const position = {
    ...(state.phase !== undefined ? { phase: state.phase } : {}),
    ...(state.action !== undefined ? { action: state.action } : {}),
    ...(state.step !== undefined ? { step: state.step } : {}),
    ...(state.stepTime !== undefined ? { sinceMillis: state.stepTime } : {}),
    ...(state.stepInfo !== undefined ? { stepInfo: state.stepInfo } : {}),
  };
  const policyMetadata = ctx.cluster.policies.get(policy);
  if (!policyMetadata) {
    return {
      ...base,
      ...position,
      waitingFor: 'policy',
      explanation: `the policy [${policy}] does not exist; ILM looks again at the next cluster change`,
      nextCheckMillis: null,
    };
  }
  if (state.phase === undefined) {
    return {
      ...base,
      ...position,
      waitingFor: 'initialization',
      explanation: 'ILM has not started on it yet; it starts at the next cluster change',
      nextCheckMillis: null,
    };
  }
  const step = ctx.step;
  const nextTick = ctx.pollTickFrom(ctx.now);
  if (step === null) {
    return {
      ...base,
      ...position,
      waitingFor: 'unknown_step',
      explanation: `its step ${state.phase}/${state.action}/${state.step} is not in the policy [${policy}]; move it with POST /_ilm/move/${index.name}`,
      nextCheckMillis: null,
    };
  }
  switch (step.kind) {
    case 'phase-complete':
    case 'terminal': {
      const next = step.kind === 'phase-complete' ? step.nextKey : null;
      if (next === null || next.phase === 'completed') {
        return {
          ...base,
          ...position,
          waitingFor: 'end_of_policy',
          explanation: `the policy [${policy}] has run to its end: it stays here`,
          nextCheckMillis: null,
        };
      }
      const minAge = minAgeMillis(policyMetadata.policy.phases.get(next.phase));
      const lifecycleDate = ctx.lifecycleDate ?? ctx.now;
      const due = lifecycleDate + minAge;
      const startsAt = ctx.pollTickFrom(due);
      const age = ctx.now - lifecycleDate;
      return {
        ...base,
        ...position,
        waitingFor: 'phase',
        explanation: `the ${next.phase} phase needs min_age ${span(minAge)}, age is ${span(Math.max(0, age))}, it starts at ${formatEsDate(startsAt)} (a poll tick)`,
        nextCheckMillis: startsAt,
        nextPhase: { phase: next.phase, minAgeMillis: minAge, ageMillis: age, dueMillis: due, startsAtMillis: startsAt },
      };
    }
    case 'async-wait': {
      if (step.key.name === 'check-rollover-ready' && state.stepInfo === undefined) {
        const rollover = rolloverWait(index, ctx);
        if (rollover) {
          // 8.x (ES `RolloverConditions#areConditionsMet`): every min_* and any one max_*, so one met
          // max_* meets the max requirement and the other max_* are not wanted.
          const maxMet = rollover.rule !== 'any' && rollover.conditions.some((c) => c.met && c.name.startsWith('max_'));
          const unmet = rollover.conditions.filter((c) => !c.met && !(maxMet && c.name.startsWith('max_')));
          const rule = rollover.rule === 'any' ? 'any one of' : 'every min_* and one max_* of';
          const when =
            rollover.metAtMillis === null
              ? 'time alone will not meet them (documents are needed)'
              : `with no other change they are met at ${formatEsDate(rollover.metAtMillis)} (a poll tick)`;
          return {
            ...base,
            ...position,
            waitingFor: 'rollover',
            explanation: `rollover waits for ${rule} ${rollover.conditions.map(conditionInWords).join(', ')}; unmet: ${unmet.map((c) => c.name).join(', ') || 'none'}; ${when}; next checked at ${formatEsDate(nextTick)}`,
            nextCheckMillis: nextTick,
            rollover,
          };
        }
      }
      const info = state.stepInfo === undefined ? '' : `: ${infoWords(state.stepInfo)}`;
      return {
        ...base,
        ...position,
        waitingFor: 'poll_tick',
        explanation: `the wait ${step.key.name} is checked on each poll tick, next at ${formatEsDate(nextTick)}${info}`,
        nextCheckMillis: nextTick,
      };
    }
    case 'cluster-state-wait': {
      const info = state.stepInfo === undefined ? '' : `: ${infoWords(state.stepInfo)}`;
      const shards = ctx.shardsActiveAt;
      const pending = shards === null ? '' : `; its shards become active at ${formatEsDate(shards)}`;
      // 7.13+ shrink waits give up after the index's wait-time threshold (see `wait-threshold.ts`).
      const givesUp = step.thresholdNextKey ? thresholdBreachedFrom(index) : null;
      const giveUpTick = givesUp === null ? null : ctx.pollTickFrom(givesUp);
      const threshold =
        giveUpTick === null || !step.thresholdNextKey
          ? ''
          : `; unmet for more than ${waitTimeThreshold(index).text} (index.lifecycle.step.wait_time_threshold), it moves to ${step.thresholdNextKey.name} ` +
            `at the first cluster change after ${formatEsDate(givesUp! - 1)}, or at the poll tick ${formatEsDate(giveUpTick)}`;
      const next = shards === null ? giveUpTick : giveUpTick === null ? shards : Math.min(shards, giveUpTick);
      return {
        ...base,
        ...position,
        waitingFor: 'cluster_change',
        explanation: `the wait ${step.key.name} is checked on each cluster change${info}${pending}${threshold}`,
        nextCheckMillis: next,
        ...(shards !== null ? { shardsActiveAtMillis: shards } : {}),
      };
    }
    case 'async-action':
      return {
        ...base,
        ...position,
        waitingFor: 'async_action',
        explanation: `the action step ${step.key.name} runs as an event due now (POST /_sim/_settle runs it)`,
        nextCheckMillis: ctx.now,
      };
    case 'cluster-state-action':
      return {
        ...base,
        ...position,
        waitingFor: 'cluster_change',
        explanation: `the step ${step.key.name} runs at the next cluster change`,
        nextCheckMillis: null,
      };
    case 'error': {
      const retryable = state.isAutoRetryableError === true;
      const retries = ctx.profile.autoRetry && retryable;
      const error: ErrorWait = {
        failedStep: state.failedStep ?? null,
        error: state.stepInfo ?? null,
        autoRetryable: retryable,
        retryCount: state.failedStepRetryCount ?? 0,
        retryAtMillis: retries ? nextTick : null,
      };
      const cause = state.stepInfo === undefined ? '' : `: ${infoWords(state.stepInfo)}`;
      const retry = retries
        ? `ILM retries it automatically at the next poll tick, ${formatEsDate(nextTick)} (retries so far: ${error.retryCount})`
        : ctx.profile.autoRetry
          ? `ES ${ctx.profile.name} does not retry this step automatically: POST /${index.name}/_ilm/retry once the cause is fixed`
          : `ES ${ctx.profile.name} never retries automatically: POST /${index.name}/_ilm/retry once the cause is fixed`;
      return {
        ...base,
        ...position,
        waitingFor: 'error',
        explanation: `the step ${state.failedStep ?? '?'} failed${cause}; ${retry}`,
        nextCheckMillis: error.retryAtMillis,
        error,
      };
    }
  }
}

function infoWords(info: Readonly<Record<string, unknown>>): string {
  const { type, reason, message } = info as { type?: unknown; reason?: unknown; message?: unknown };
  if (typeof type === 'string' && typeof reason === 'string') return `${type}: ${reason}`;
  if (typeof message === 'string') return message;
  return JSON.stringify(info);
}

/** The rollover conditions of the phase the index runs (its cached definition), with current values. */
function rolloverWait(index: IndexMetadata, ctx: WhyContext): RolloverWait | null {
  const state = index.lifecycle ?? {};
  const phase = state.phaseDefinition?.phase ?? ctx.cluster.policies.get(lifecyclePolicyName(index) ?? '')?.policy.phases.get(state.phase ?? '');
  const config = phase?.actions.get('rollover');
  if (!config) return null;
  const configured = config.settings['conditions'] as RolloverConditions;
  const conditions = withImplicitDefaults(configured, ctx.profile);
  const given = new Map(configured.entries);
  const reports = conditionReports(conditions, index, ctx.now).map((report, i) => ({
    ...report,
    implicit: given.get(conditions[i]![0]) !== conditions[i]![1],
  }));
  const earliest = earliestMet(conditions, index, ctx.now, ctx.profile);
  return {
    rule: ctx.profile.rolloverConditions === 'max' ? 'any' : 'min-max',
    conditions: reports,
    metAtMillis: Number.isFinite(earliest) ? ctx.pollTickFrom(earliest) : null,
  };
}
