/**
 * fast-check arbitraries for the property tests: valid lifecycle policies for a version profile (only
 * the actions the simulator runs, in the phases the profile allows them, `min_age` never going back),
 * index settings, and whole scenarios (simulator options plus a sequence of ES and `/_sim` requests,
 * optionally with injected faults). Everything generated is plain request data, so a counterexample
 * prints as the requests to replay; this module never sends a request itself.
 */
import * as fc from 'fast-check';

import type { PhaseName, Profile } from '../engine/profile';

/** The actions the simulator runs today (rollover, allocate, freeze, ... are refused at PUT). */
export const RUNNABLE_ACTIONS: readonly string[] = ['set_priority', 'readonly', 'shrink', 'forcemerge', 'delete', 'migrate'];

export const POLICY_NAMES: readonly string[] = ['p1', 'p2', 'p3'];
/** A policy name no generated request ever creates. */
export const MISSING_POLICY = 'p-missing';
/** Index names; the last one matches ES's origination-date pattern (`-yyyy.MM.dd`). */
export const INDEX_NAMES: readonly string[] = ['idx-a', 'idx-b', 'logs-2024.01.15'];
export const DATED_INDEX = 'logs-2024.01.15';
/** Index expressions for the calls that resolve several indices. */
export const INDEX_TARGETS: readonly string[] = [...INDEX_NAMES, '*', 'idx-*', 'missing-index'];

export interface GeneratedRequest {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
}

export interface ScenarioOptions {
  readonly profile: string;
  readonly startTime: string;
  readonly pollInterval: string;
  readonly seed: number;
}

export interface Scenario {
  readonly options: ScenarioOptions;
  /** Every index gets a multiple of this many shards. */
  readonly shardUnit: number;
  /**
   * Every shrink in the scenario targets this many shards: a proper divisor of `shardUnit` (1 when
   * that is 1). So no shrink fails for its shard count, not even a second shrink of a shrunken index,
   * except 6.6's shrink of a one-shard index, which ES refuses (see `isGenuineError`).
   */
  readonly shrinkTarget: number;
  readonly requests: readonly GeneratedRequest[];
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const START_TIMES: readonly string[] = ['2024-01-01T00:00:00.000Z', '2021-03-28T01:30:00.000Z', '2023-12-31T23:55:00.000Z'];
const POLL_INTERVALS: readonly string[] = ['10m', '5m', '30m', '1h'];
const SHARD_UNITS: readonly number[] = [1, 2, 3, 4, 6, 8];

/** Proper divisors of `unit` (just 1 for 1): the shrink targets valid for every multiple of `unit`. */
export function shrinkTargets(unit: number): number[] {
  if (unit === 1) return [1];
  const out: number[] = [];
  for (let d = 1; d < unit; d++) if (unit % d === 0) out.push(d);
  return out;
}

/** The actions a generated policy may put in a phase of this profile. */
export function generatableActions(profile: Profile, phase: PhaseName): string[] {
  return profile.phaseActions[phase].filter(
    (action) => RUNNABLE_ACTIONS.includes(action) && !(phase === 'hot' && profile.actionsNeedingRolloverInHot.includes(action)),
  );
}

/** The phases generated policies use (the simulator's timeseries phases, without `frozen`). */
export function generatablePhases(profile: Profile): PhaseName[] {
  return profile.phases.filter((phase) => phase !== 'frozen');
}

const DURATION_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['d', DAY],
  ['h', HOUR],
  ['m', MINUTE],
  ['s', SECOND],
  ['ms', 1],
];

/** An ES duration string for exactly `millis`, in one of the units that divide it (chosen by `pick`). */
export function durationText(millis: number, pick: number): string {
  const units = DURATION_UNITS.filter(([, size]) => millis % size === 0);
  const [unit, size] = units[pick % units.length]!;
  return `${millis / size}${unit}`;
}

function actionSettings(profile: Profile, action: string, shrinkTarget: number): fc.Arbitrary<Record<string, unknown>> {
  switch (action) {
    case 'set_priority':
      return fc.record({ priority: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(null)) });
    case 'readonly':
      return fc.constant({});
    case 'shrink':
      return fc.constant({ number_of_shards: shrinkTarget });
    case 'forcemerge':
      return profile.forcemergeIndexCodec
        ? fc.record({ max_num_segments: fc.integer({ min: 1, max: 5 }), index_codec: fc.constant('best_compression') }, { requiredKeys: ['max_num_segments'] })
        : fc.record({ max_num_segments: fc.integer({ min: 1, max: 5 }) });
    case 'delete':
      return profile.deleteSearchableSnapshotSetting ? fc.record({ delete_searchable_snapshot: fc.boolean() }, { requiredKeys: [] }) : fc.constant({});
    case 'migrate':
      return fc.record({ enabled: fc.boolean() }, { requiredKeys: [] });
    default:
      throw new Error(`no settings arbitrary for action [${action}]`);
  }
}

/** Gaps between consecutive phases' `min_age` (so the ages never go back). */
const MIN_AGE_STEPS: readonly number[] = [0, 0, MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, DAY, 2 * DAY, 5 * DAY];

interface PhaseDraft {
  readonly step: number;
  readonly unitPick: number;
  readonly writeMinAge: boolean;
  readonly actions: Record<string, Record<string, unknown>>;
}

function phaseDraft(profile: Profile, phase: PhaseName, shrinkTarget: number): fc.Arbitrary<PhaseDraft> {
  const actions = generatableActions(profile, phase);
  const model: Record<string, fc.Arbitrary<Record<string, unknown>>> = {};
  for (const action of actions) model[action] = actionSettings(profile, action, shrinkTarget);
  return fc.record({
    step: fc.constantFrom(...MIN_AGE_STEPS),
    unitPick: fc.nat({ max: 4 }),
    writeMinAge: fc.boolean(),
    actions: fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, Record<string, unknown>>>,
  });
}

/**
 * A valid policy body (`{"phases": ...}`) for the profile: a random subset of its phases, each with a
 * random subset of the runnable actions it allows, `min_age` non-decreasing in phase order.
 */
export function policyArbitrary(profile: Profile, shrinkTarget: number): fc.Arbitrary<{ phases: Record<string, unknown> }> {
  const model: Record<string, fc.Arbitrary<PhaseDraft>> = {};
  const phases = generatablePhases(profile);
  for (const phase of phases) model[phase] = phaseDraft(profile, phase, shrinkTarget);
  return (fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Partial<Record<PhaseName, PhaseDraft>>>).map((drafts) => {
    const out: Record<string, unknown> = {};
    let minAge = 0;
    for (const phase of phases) {
      const draft = drafts[phase];
      if (!draft) continue;
      minAge += draft.step;
      const body: Record<string, unknown> = {};
      // An absent min_age is 0ms, so it may only be left out while the running total is still 0.
      if (draft.writeMinAge || minAge > 0) body['min_age'] = durationText(minAge, draft.unitPick);
      body['actions'] = draft.actions;
      out[phase] = body;
    }
    return { phases: out };
  });
}

/** Index settings for `PUT /<index>`: a valid shard count, and maybe a policy and an origination date. */
function createIndexRequest(profile: Profile, shardUnit: number, startMillis: number): fc.Arbitrary<GeneratedRequest> {
  const defaultShardsFit = profile.defaultNumberOfShards % shardUnit === 0;
  return fc
    .record({
      name: fc.constantFrom(...INDEX_NAMES),
      multiplier: fc.integer({ min: 1, max: Math.floor(8 / shardUnit) }),
      omitShards: fc.boolean(),
      // Mostly p1 (the setup always puts it), sometimes a policy that may not exist yet or never will.
      policy: fc.option(fc.constantFrom(...POLICY_NAMES, POLICY_NAMES[0]!, POLICY_NAMES[0]!, MISSING_POLICY), { freq: 6 }),
      originationOffset: fc.option(fc.integer({ min: -30 * DAY, max: 5 * DAY }), { freq: 3 }),
      originationAsString: fc.boolean(),
      replicas: fc.option(fc.integer({ min: 0, max: 2 })),
      parseOrigination: fc.boolean(),
      nested: fc.boolean(),
    })
    .map((draft) => {
      const settings: Record<string, unknown> = {};
      if (!(draft.omitShards && defaultShardsFit)) settings['number_of_shards'] = draft.multiplier * shardUnit;
      if (draft.replicas !== null) settings['number_of_replicas'] = draft.replicas;
      if (draft.policy !== null) settings['lifecycle.name'] = draft.policy;
      if (draft.originationOffset !== null) {
        const millis = startMillis + draft.originationOffset;
        settings['lifecycle.origination_date'] = draft.originationAsString ? String(millis) : millis;
      }
      // Only on a name the date pattern matches: elsewhere ILM's init step fails for good (ES does too).
      if (profile.parseOriginationDate && draft.parseOrigination && draft.name === DATED_INDEX) {
        settings['lifecycle.parse_origination_date'] = true;
      }
      const body = draft.nested ? { settings: { index: settings } } : { settings: prefixed(settings) };
      return { method: 'PUT', path: `/${draft.name}`, body } as const;
    });
}

function prefixed(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) out[`index.${key}`] = value;
  return out;
}

function updateSettingsRequest(startMillis: number): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      target: fc.constantFrom(...INDEX_TARGETS),
      settings: fc.record(
        {
          'index.lifecycle.name': fc.oneof(fc.constantFrom(...POLICY_NAMES, MISSING_POLICY), fc.constant(null)),
          'index.lifecycle.origination_date': fc.oneof(
            fc.integer({ min: -30 * DAY, max: 5 * DAY }).map((o) => startMillis + o),
            fc.constant(null),
          ),
          'index.priority': fc.integer({ min: 0, max: 10 }),
          'index.number_of_replicas': fc.integer({ min: 0, max: 2 }),
        },
        { requiredKeys: [] },
      ),
      wrapped: fc.boolean(),
    })
    .map(({ target, settings, wrapped }) => ({ method: 'PUT', path: `/${target}/_settings`, body: wrapped ? { settings } : settings }) as const);
}

/** `POST /_sim/clock/_advance` bodies: an ES duration and the millis the clock must move by. */
export const ADVANCE_UNITS: Readonly<Record<string, number>> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: SECOND, m: MINUTE, h: HOUR, d: DAY };

function advanceRequest(): fc.Arbitrary<GeneratedRequest> {
  const by = fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 999 }).map((n) => `${n}ms`) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 600 }).map((n) => `${n}s`) },
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 600 }).map((n) => `${n}m`) },
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 24 }).map((n) => `${n}h`) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }).map((n) => `${n}d`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 90_000_000 }).map((n) => `${n}micros`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5_000_000 }).map((n) => `${n}nanos`) },
  );
  return by.map((value) => ({ method: 'POST', path: '/_sim/clock/_advance', body: { by: value } }) as const);
}

function setClockRequest(startMillis: number): fc.Arbitrary<GeneratedRequest> {
  return fc.record({ hours: fc.integer({ min: 0, max: 96 }), asIso: fc.boolean() }).map(({ hours, asIso }) => {
    const millis = startMillis + hours * HOUR;
    return { method: 'POST', path: '/_sim/clock/_set', body: { to: asIso ? new Date(millis).toISOString() : millis } } as const;
  });
}

/** Steps faults may name: the steps of the generated actions in both profiles, plus `init`. */
const FAULT_STEPS: readonly string[] = [
  'init',
  'set_priority',
  'readonly',
  'branch-check-prerequisites',
  'check-not-write-index',
  'wait-for-shard-history-leases',
  'set-single-node-allocation',
  'check-shrink-allocation',
  'shrink',
  'shrunk-shards-allocated',
  'copy-execution-state',
  'branch-on-datastream-check',
  'aliases',
  'is-shrunken-index',
  'close-index',
  'update-settings',
  'open-index',
  'wait-for-index-color',
  'forcemerge',
  'segment-count',
  'cleanup-snapshot',
  'delete',
  'migrate',
  'check-migration',
];

const FAULT_ERROR_TYPES: readonly string[] = ['illegal_state_exception', 'illegal_argument_exception', 'index_not_found_exception', 'sim_injected_exception'];

/**
 * How often a generated fault fires: `times`, `times` with a probability, a probability below 1 until
 * cleared, or always until cleared. (A certain fault until cleared between a 6.6 shrink's resize and
 * `copy-execution-state` makes each shrunken index, which carries the policy, shrink itself in turn;
 * the chain ends where `shrink-` makes the name too long, in an `invalid_index_name_exception` that the
 * liveness check counts as genuine. Before the simulator validated resize target names, it never ended.)
 */
function faultAmount(): fc.Arbitrary<{ times?: number; probability?: number }> {
  const times = fc.integer({ min: 1, max: 3 });
  return fc.oneof(
    times.map((n) => ({ times: n })),
    fc.tuple(times, fc.constantFrom(0, 0.25, 0.5, 1)).map(([n, p]) => ({ times: n, probability: p })),
    fc.constantFrom(0, 0.25, 0.5).map((p) => ({ probability: p })),
    fc.constant({}),
  );
}

/**
 * `POST /_sim/faults` bodies as the fault contract describes them: which steps (a step name, an action,
 * either narrowed to a phase), how often (see `faultAmount`) and the ES error. A few name neither a
 * step nor an action, which the simulator refuses.
 */
export function faultBody(): fc.Arbitrary<Record<string, unknown>> {
  const action = fc.constantFrom(...RUNNABLE_ACTIONS, 'complete');
  const step = fc.constantFrom(...FAULT_STEPS);
  const phase = fc.constantFrom('new', 'hot', 'warm', 'cold', 'delete');
  const target = fc.oneof(
    { weight: 4, arbitrary: step.map((s) => ({ step: s })) },
    { weight: 3, arbitrary: action.map((a) => ({ action: a })) },
    { weight: 1, arbitrary: fc.tuple(phase, action).map(([p, a]) => ({ phase: p, action: a })) },
    { weight: 1, arbitrary: fc.tuple(phase, step).map(([p, s]) => ({ phase: p, step: s })) },
    { weight: 1, arbitrary: fc.tuple(action, step).map(([a, s]) => ({ action: a, step: s })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const error = fc.record({
    type: fc.constantFrom(...FAULT_ERROR_TYPES),
    reason: fc.integer({ min: 1, max: 9 }).map((n) => `injected fault ${n}`),
  });
  return fc
    .tuple(fc.constantFrom('*', 'idx-*', 'idx-a', 'logs-*', 'shrink-*'), target, faultAmount(), error)
    .map(([index, where, amount, what]) => ({ index, ...where, ...amount, error: what }));
}

/** Held-wait faults (`condition` instead of `error`), which the simulator also offers: counted or until cleared. */
function conditionFaultBody(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      index: fc.constantFrom('*', 'idx-*', 'idx-a'),
      step: fc.constantFrom('check-shrink-allocation', 'shrunk-shards-allocated', 'check-migration', 'wait-for-index-color'),
      times: fc.integer({ min: 1, max: 3 }),
      condition: fc.constantFrom('shards_not_allocated', 'cluster_not_green'),
    },
    { requiredKeys: ['index', 'step', 'condition'] },
  );
}

function faultRequests(): Array<fc.WeightedArbitrary<GeneratedRequest>> {
  return [
    { weight: 4, arbitrary: faultBody().map((body) => ({ method: 'POST', path: '/_sim/faults', body }) as const) },
    { weight: 1, arbitrary: conditionFaultBody().map((body) => ({ method: 'POST', path: '/_sim/faults', body }) as const) },
    { weight: 1, arbitrary: fc.constant({ method: 'GET', path: '/_sim/faults' } as const) },
    { weight: 2, arbitrary: fc.constant({ method: 'DELETE', path: '/_sim/faults' } as const) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => ({ method: 'DELETE', path: `/_sim/faults/fault-${n}` }) as const),
    },
  ];
}

const EXPLAIN_QUERIES: readonly string[] = ['', '?human', '?only_errors', '?only_managed=true', '?pretty', '?human&only_errors=false', '?expand_wildcards=all'];

/** One request of a scenario: ES calls on the pooled names, clock moves and (optionally) faults. */
export function requestArbitrary(
  profile: Profile,
  shape: { readonly shardUnit: number; readonly shrinkTarget: number; readonly startMillis: number },
  withFaults: boolean,
): fc.Arbitrary<GeneratedRequest> {
  const { shardUnit, shrinkTarget, startMillis } = shape;
  const policyName = fc.constantFrom(...POLICY_NAMES);
  const target = fc.constantFrom(...INDEX_TARGETS);
  const choices: Array<fc.WeightedArbitrary<GeneratedRequest>> = [
    { weight: 8, arbitrary: advanceRequest() },
    { weight: 1, arbitrary: setClockRequest(startMillis) },
    { weight: 2, arbitrary: fc.constant({ method: 'POST', path: '/_sim/_settle' } as const) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(policyName, policyArbitrary(profile, shrinkTarget))
        .map(([name, policy]) => ({ method: 'PUT', path: `/_ilm/policy/${name}`, body: { policy } }) as const),
    },
    { weight: 1, arbitrary: policyName.map((name) => ({ method: 'DELETE', path: `/_ilm/policy/${name}` }) as const) },
    { weight: 1, arbitrary: fc.constantFrom('/_ilm/policy', '/_ilm/policy/p1', '/_ilm/policy/p*').map((path) => ({ method: 'GET', path }) as const) },
    { weight: 5, arbitrary: createIndexRequest(profile, shardUnit, startMillis) },
    { weight: 1, arbitrary: target.map((name) => ({ method: 'DELETE', path: `/${name}` }) as const) },
    { weight: 2, arbitrary: updateSettingsRequest(startMillis) },
    { weight: 3, arbitrary: target.map((name) => ({ method: 'POST', path: `/${name}/_ilm/retry` }) as const) },
    { weight: 1, arbitrary: target.map((name) => ({ method: 'POST', path: `/${name}/_ilm/remove` }) as const) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(target, fc.constantFrom(...EXPLAIN_QUERIES))
        .map(([name, query]) => ({ method: 'GET', path: `/${name}/_ilm/explain${query}` }) as const),
    },
    { weight: 1, arbitrary: target.map((name) => ({ method: 'GET', path: `/${name}/_settings?flat_settings` }) as const) },
    { weight: 1, arbitrary: fc.constantFrom('/_ilm/stop', '/_ilm/start', '/_ilm/start').map((path) => ({ method: 'POST', path }) as const) },
  ];
  if (withFaults) choices.push(...faultRequests());
  return fc.oneof(...choices);
}

export interface ScenarioConstraints {
  readonly withFaults: boolean;
  /** Most requests after the setup (one to three policies, one to three indices). */
  readonly maxRequests: number;
}

/**
 * A scenario for one profile: options and the shard unit, a setup (policies `p1`.., maybe faults, then
 * indices, mostly using those policies) so that most cases get somewhere, then any requests. Every
 * part shrinks.
 */
export function scenarioArbitrary(profile: Profile, constraints: ScenarioConstraints): fc.Arbitrary<Scenario> {
  return fc
    .record({
      startTime: fc.constantFrom(...START_TIMES),
      pollInterval: fc.constantFrom(...POLL_INTERVALS),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      shape: fc.constantFrom(...SHARD_UNITS).chain((unit) => fc.constantFrom(...shrinkTargets(unit)).map((target) => [unit, target] as const)),
    })
    .chain(({ startTime, pollInterval, seed, shape: [shardUnit, shrinkTarget] }) => {
      const startMillis = Date.parse(startTime);
      const policies = fc
        .array(policyArbitrary(profile, shrinkTarget), { minLength: 1, maxLength: POLICY_NAMES.length })
        .map((bodies) => bodies.map((policy, i) => ({ method: 'PUT', path: `/_ilm/policy/${POLICY_NAMES[i]!}`, body: { policy } }) as const));
      const faults = constraints.withFaults
        ? fc.array(
            faultBody().map((body) => ({ method: 'POST', path: '/_sim/faults', body }) as const),
            { maxLength: 2 },
          )
        : fc.constant([]);
      const indices = fc.array(createIndexRequest(profile, shardUnit, startMillis), { minLength: 1, maxLength: 3 });
      const rest = fc.array(requestArbitrary(profile, { shardUnit, shrinkTarget, startMillis }, constraints.withFaults), {
        maxLength: constraints.maxRequests,
        size: 'max',
      });
      return fc.tuple(policies, faults, indices, rest).map(([setup, injected, created, requests]) => ({
        options: { profile: profile.name, startTime, pollInterval, seed },
        shardUnit,
        shrinkTarget,
        requests: [...setup, ...injected, ...created, ...requests],
      }));
    });
}
