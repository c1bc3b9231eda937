/**
 * A simulator wrapped for property tests: every request goes through `send`, which checks the answer
 * (no exception, JSON with an ES-shaped error when it fails) and then looks at the cluster through
 * `GET /_sim/clock` and explain to check the invariants of issue 5 (ERROR records are complete, times
 * never pass the clock, phases only move forward, only clock requests move the clock). A broken
 * invariant throws an `InvariantViolation` naming the request; this module never swallows one.
 */
import { createSimulator, type Simulator, type SimResponse } from '../index';
import type { Profile } from '../engine/profile';
import { ADVANCE_UNITS, type GeneratedRequest, type ScenarioOptions } from './ilm-arbitraries';

export class InvariantViolation extends Error {
  override readonly name = 'InvariantViolation';
}

/** What one generated request got back (the replay compares `text`). */
export interface Exchange {
  readonly request: GeneratedRequest;
  readonly status: number;
  readonly text: string;
}

/** ES's phase order for the profile, with `new` first and the terminal `completed` last. */
export function phaseRanks(profile: Profile): Map<string, number> {
  const ranks = new Map<string, number>([['new', 0]]);
  profile.phases.forEach((phase, i) => {
    ranks.set(phase, i + 1);
  });
  ranks.set('completed', profile.phases.length + 1);
  return ranks;
}

const OBSERVE_EXPLAIN = '/*/_ilm/explain?expand_wildcards=all';
/** Where ES `CopyExecutionStateStep` puts a shrunken index. */
const SHRUNKEN_STEP = 'is-shrunken-index';
/** ES `ShrinkAction.SHRUNKEN_INDEX_PREFIX`. */
const SHRUNKEN_PREFIX = 'shrink-';
const TIME_FIELDS = ['phase_time_millis', 'action_time_millis', 'step_time_millis'] as const;

function describe(request: GeneratedRequest): string {
  return `${request.method} ${request.path}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The millis a generated `by` moves the clock (ES units; nanos and micros truncated as ES does). */
export function advanceMillis(by: unknown): number | null {
  const match = typeof by === 'string' ? /^(\d+)(nanos|micros|ms|s|m|h|d)$/.exec(by) : null;
  if (!match) return null;
  return Math.floor(Number(match[1]) * ADVANCE_UNITS[match[2]!]!);
}

export class ObservedSimulator {
  readonly sim: Simulator;
  readonly exchanges: Exchange[] = [];
  private readonly ranks: Map<string, number>;
  /** Last phase seen per index, while it stays the same managed index. */
  private readonly phases = new Map<string, string>();
  private clock: number;
  /** The explain `indices` of the last observation. */
  lastExplain: Record<string, Record<string, unknown>> = {};

  constructor(
    readonly options: ScenarioOptions,
    readonly profile: Profile,
  ) {
    this.sim = createSimulator(options);
    this.ranks = phaseRanks(profile);
    this.clock = this.sim.options.startMillis;
  }

  /** Sends one request, checks its answer and every invariant, and records the exchange. */
  send(request: GeneratedRequest): SimResponse {
    const n = this.exchanges.length;
    const what = `request #${n} ${describe(request)}`;
    const response = this.raw(request, what);
    this.exchanges.push({ request, status: response.status, text: response.text });
    checkResponseShape(response, what);
    if (response.status >= 500) throw new InvariantViolation(`${what} answered ${response.status}: ${response.text}`);
    if (request.method === 'PUT' && response.status === 200 && /^\/[^/_][^/]*$/.test(request.path)) {
      // A new index of that name: its lifecycle starts afresh.
      this.phases.delete(request.path.slice(1));
    }
    this.observe(request, response, what);
    return response;
  }

  private raw(request: GeneratedRequest, what: string): SimResponse {
    try {
      return this.sim.requestSync(request);
    } catch (e) {
      throw new InvariantViolation(`${what} threw instead of answering: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }

  private observe(request: GeneratedRequest, response: SimResponse, what: string): void {
    const clock = this.raw({ method: 'GET', path: '/_sim/clock' }, `GET /_sim/clock after ${what}`);
    const now = (clock.body as { now_millis?: unknown }).now_millis;
    if (clock.status !== 200 || typeof now !== 'number') throw new InvariantViolation(`GET /_sim/clock after ${what}: ${clock.status} ${clock.text}`);
    this.checkClock(request, response, now, what);
    this.clock = now;

    const explain = this.raw({ method: 'GET', path: OBSERVE_EXPLAIN }, `explain after ${what}`);
    const indices = (explain.body as { indices?: unknown }).indices;
    if (explain.status !== 200 || !isObject(indices)) throw new InvariantViolation(`explain after ${what}: ${explain.status} ${explain.text}`);
    const vanished = new Set(Object.keys(this.lastExplain).filter((name) => !(name in indices)));
    this.lastExplain = indices as Record<string, Record<string, unknown>>;
    for (const name of [...this.phases.keys()]) if (!(name in indices)) this.phases.delete(name);
    for (const [name, record] of Object.entries(this.lastExplain)) this.checkRecord(name, record, now, what, vanished);
  }

  /** Whether the policy is absent (`GET _ilm/policy/<name>` answers 404); reading it changes nothing. */
  private policyMissing(policy: string, what: string): boolean {
    return this.raw({ method: 'GET', path: `/_ilm/policy/${encodeURIComponent(policy)}` }, `GET policy after ${what}`).status === 404;
  }

  /** Only `_advance` and `_set` move the clock, by exactly what they ask; nothing moves it back. */
  private checkClock(request: GeneratedRequest, response: SimResponse, now: number, what: string): void {
    const body = isObject(request.body) ? request.body : {};
    let expected = this.clock;
    if (response.status === 200 && request.path === '/_sim/clock/_advance') {
      const by = advanceMillis(body['by']);
      if (by !== null) expected = this.clock + by;
    } else if (response.status === 200 && request.path === '/_sim/clock/_set') {
      const to = body['to'];
      expected = typeof to === 'number' ? to : Date.parse(String(to));
    }
    if (now !== expected) {
      throw new InvariantViolation(`clock after ${what} is ${now}, expected ${expected} (was ${this.clock}, answer ${response.status})`);
    }
  }

  private checkRecord(name: string, record: Record<string, unknown>, now: number, what: string, vanished: ReadonlySet<string>): void {
    const where = `explain of [${name}] after ${what}`;
    if (record['managed'] !== true) {
      // Unmanaged (settings or remove API): a later policy may start it afresh.
      this.phases.delete(name);
      return;
    }
    // 8.13+ explain shows `"step": "ERROR"` for an index whose policy does not exist, without a
    // failed step (ES PR #103720), keeping whatever step_info it had (the "does not exist" reason comes
    // only once ILM has looked at the index, which a stopped ILM does not).
    const missingPolicy = record['failed_step'] === undefined && this.policyMissing(String(record['policy']), what);
    if (record['step'] === 'ERROR' && !missingPolicy) {
      const failed = record['failed_step'];
      if (typeof failed !== 'string' || failed.length === 0 || !isObject(record['step_info'])) {
        throw new InvariantViolation(`${where}: step ERROR without failed_step and step_info: ${JSON.stringify(record)}`);
      }
    }
    for (const field of TIME_FIELDS) {
      const value = record[field];
      if (value !== undefined && (typeof value !== 'number' || value > now)) {
        throw new InvariantViolation(`${where}: ${field} ${String(value)} is after the clock ${now}: ${JSON.stringify(record)}`);
      }
    }
    const phase = record['phase'];
    if (phase === undefined) return;
    if (typeof phase !== 'string' || !this.ranks.has(phase)) throw new InvariantViolation(`${where}: unknown phase ${JSON.stringify(phase)}`);
    // ES `CopyExecutionStateStep` sets a shrunken index's step key outright, like a move to step: if
    // the shrunken index had started its own lifecycle meanwhile (it carries the policy), it may go back.
    // That happens where it lands on `is-shrunken-index`, or where its source was just swapped away.
    const copied =
      record['step'] === SHRUNKEN_STEP ||
      record['failed_step'] === SHRUNKEN_STEP ||
      (name.startsWith(SHRUNKEN_PREFIX) && vanished.has(name.slice(SHRUNKEN_PREFIX.length)));
    const before = copied ? undefined : this.phases.get(name);
    if (before !== undefined && this.ranks.get(phase)! < this.ranks.get(before)!) {
      throw new InvariantViolation(`${where}: phase went back from [${before}] to [${phase}]: ${JSON.stringify(record)}`);
    }
    this.phases.set(name, phase);
  }
}

/** Every answer is JSON; a failure carries ES's error object (or one of ES's bare routing errors). */
export function checkResponseShape(response: SimResponse, what: string): void {
  if (!Number.isInteger(response.status) || response.status < 100 || response.status > 599) {
    throw new InvariantViolation(`${what}: status ${String(response.status)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.text);
  } catch {
    throw new InvariantViolation(`${what}: the answer is not JSON: ${JSON.stringify(response.text)}`);
  }
  if (response.status < 400) return;
  if (!isObject(parsed)) throw new InvariantViolation(`${what}: error answer is not an object: ${response.text}`);
  const error = parsed['error'];
  if (typeof error === 'string') {
    if (response.status !== 400 && response.status !== 405 && response.status !== 406) {
      throw new InvariantViolation(`${what}: bare error string with status ${response.status}: ${response.text}`);
    }
    return;
  }
  if (!isObject(error) || typeof error['type'] !== 'string' || typeof error['reason'] !== 'string' || parsed['status'] !== response.status) {
    throw new InvariantViolation(`${what}: not an ES error body (error.type, error.reason, status): ${response.text}`);
  }
}

/** Replays the requests on a fresh simulator with the same options; throws at the first differing answer. */
export function checkReplay(options: ScenarioOptions, exchanges: readonly Exchange[]): void {
  const sim = createSimulator(options);
  exchanges.forEach((exchange, i) => {
    let text: string;
    try {
      text = sim.requestSync(exchange.request).text;
    } catch (e) {
      throw new InvariantViolation(`replay: request #${i} ${describe(exchange.request)} threw: ${String(e)}`);
    }
    if (text !== exchange.text) {
      throw new InvariantViolation(`replay: request #${i} ${describe(exchange.request)} answered differently\n  first:  ${exchange.text}\n  replay: ${text}`);
    }
  });
}

/**
 * An ERROR ILM cannot leave on its own or by a retry, in ES as in the simulator: the index names a
 * policy that does not exist; the failed step is no longer in the policy and no cached phase keeps it
 * (ES refuses the retry with "step [...] ... does not exist"); a shrink's `copy-execution-state`
 * finds its target gone, because while the source was held the shrunken index (which carries the
 * policy) ran its own lifecycle and was deleted or shrunk away; or a shrink target's name is too long
 * (`shrink-` prepended to a shrunken index's name, again and again, while faults held the sources);
 * or a shrink of a one-shard index that the release does not skip.
 */
export function isGenuineError(record: Record<string, unknown>, retryAnswer?: SimResponse): boolean {
  const info = record['step_info'];
  const reason = isObject(info) ? info['reason'] : undefined;
  if (reason === `policy [${String(record['policy'])}] does not exist`) return true;
  if (typeof reason === 'string' && /^unable to copy execution state from \[.*\] to \[.*\] as target index does not exist$/.test(reason)) return true;
  if (isObject(info) && info['type'] === 'invalid_index_name_exception' && record['failed_step'] === 'shrink') return true;
  // Before 8.x the shrunken index's name is fixed (`shrink-<index>`): one left by an earlier index of
  // the same name blocks the shrink until someone deletes it, as in ES.
  if (isObject(info) && info['type'] === 'resource_already_exists_exception' && record['failed_step'] === 'shrink') return true;
  // 6.6 has no skip branch: a shrink of a one-shard index (even into one shard) fails in ES's resize
  // until the policy changes (elastic/elasticsearch#33275); so does a 7.13-7.17 `max_primary_shard_size`
  // shrink of one (#80180).
  if (reason === "can't shrink an index with only one shard" && record['failed_step'] === 'shrink') return true;
  if (retryAnswer?.status !== 400) return false;
  const error = (retryAnswer.body as { error?: { reason?: unknown } }).error;
  const refusal = typeof error?.reason === 'string' ? error.reason : '';
  return refusal.startsWith('step [') && refusal.endsWith(`] for index [${String(record['index'])}] with policy [${String(record['policy'])}] does not exist`);
}

/**
 * The liveness phase: faults cleared (when the simulator has them), ILM running, then rounds of a few
 * days of poll ticks followed by a manual retry of every index still in ERROR. Returns the indices
 * left in ERROR for a reason other than a genuine one (see `isGenuineError`).
 */
export function recover(observed: ObservedSimulator, faultsAvailable: boolean): Record<string, Record<string, unknown>> {
  if (faultsAvailable) observed.send({ method: 'DELETE', path: '/_sim/faults' });
  observed.send({ method: 'POST', path: '/_ilm/start' });
  const retryAnswers = new Map<string, SimResponse>();
  const stuck = (): Array<[string, Record<string, unknown>]> =>
    Object.entries(observed.lastExplain).filter(([name, record]) => record['step'] === 'ERROR' && !isGenuineError(record, retryAnswers.get(name)));
  for (let round = 0; round < 3; round++) {
    observed.send({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '3d' } });
    const failed = stuck();
    if (failed.length === 0) break;
    for (const [name] of failed) retryAnswers.set(name, observed.send({ method: 'POST', path: `/${name}/_ilm/retry` }));
    observed.send({ method: 'POST', path: '/_sim/_settle' });
  }
  observed.send({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } });
  return Object.fromEntries(stuck());
}
