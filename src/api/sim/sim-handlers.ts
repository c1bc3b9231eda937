/**
 * The `/_sim` control plane (not an ES API): read, advance and set the virtual clock, settle the
 * events due now, reset the cluster. Errors still use the ES error shape so clients handle them alike.
 */
import { EsException, illegalArgument, illegalState, resourceNotFound } from '../../engine/errors';
import { Fault, FaultSpec, WAIT_CONDITIONS, WaitCondition } from '../../engine/lifecycle/faults';
import { type IndexMetadata, lifecyclePolicyName } from '../../engine/cluster/cluster';
import { currentStepKey } from '../../engine/cluster/execution-state';
import { ERROR_STEP_NAME, INIT_KEY, NEW_PHASE, PHASE_COMPLETE, TERMINAL_KEY } from '../../engine/cluster/step-key';
import { reachableStepKeys } from '../../engine/lifecycle/policy-steps';
import type { PhaseName } from '../../engine/profile';
import { resolveIndices, simpleMatch, STRICT_EXPAND_OPEN } from '../../engine/cluster/index-resolver';
import { explainIndices } from '../../engine/lifecycle/explain';
import { formatEsDate, parseInstant, parseTimeValue } from '../../engine/xcontent/time';
import { numberAsWritten } from '../../engine/xcontent/object-parser';
import { InstantBudget } from '../../sim/simulator';
import { ACKNOWLEDGED, bodyAsMap, HandlerResult, isObject, ok, RequestContext, requiredBody } from '../context';

/**
 * The bound of `_next` with `until` and no `within`: the until-steps' default (`DEFAULT_BOUND` in
 * `src/cucumber/advance-until.ts`, one year; a test keeps the two equal).
 */
export const DEFAULT_UNTIL_WITHIN = '365d';
const DEFAULT_UNTIL_WITHIN_MILLIS = 365 * 86_400_000;

/** The last instant the virtual clock can show (JavaScript's and ES's date printers both end there). */
const LATEST_INSTANT_MILLIS = 8_640_000_000_000_000;

function clockBody(ctx: RequestContext): HandlerResult {
  return ok({ now_millis: ctx.sim.now, now: formatEsDate(ctx.sim.now) });
}

export function getClock(ctx: RequestContext): HandlerResult {
  return clockBody(ctx);
}

/** The body's one field, and a number's or string's text as the request wrote it (`1E2`, not `100`). */
function onlyField(ctx: RequestContext, field: string): { value: unknown; text: string } {
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) {
    if (key !== field) throw new EsException(illegalArgument(`unknown field [${key}], expected only [${field}]`));
  }
  if (!(field in body)) throw new EsException(illegalArgument(`required field [${field}] is missing`));
  const value = body[field];
  return { value, text: typeof value === 'number' ? numberAsWritten(body, field, value) : typeof value === 'string' ? value : '' };
}

export function advanceClock(ctx: RequestContext): HandlerResult {
  const { value, text } = onlyField(ctx, 'by');
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new EsException(illegalArgument(`[by] must be a duration such as "5d", not ${JSON.stringify(value)}`));
  }
  const parsed = parseTimeValue(text, 'by');
  if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
  if (parsed.value.millis < 0) throw new EsException(illegalArgument(`cannot move the clock backwards by [${text}]`));
  const target = ctx.sim.now + Math.floor(parsed.value.millis);
  if (!(target <= LATEST_INSTANT_MILLIS)) throw new EsException(illegalArgument(`cannot move the clock past [${formatEsDate(LATEST_INSTANT_MILLIS)}]`));
  ctx.sim.advanceTo(target);
  return clockBody(ctx);
}

export function setClock(ctx: RequestContext): HandlerResult {
  const { value, text } = onlyField(ctx, 'to');
  const parsed = parseInstant(value, text);
  if (!parsed.ok) throw new EsException(illegalArgument(`[to] ${parsed.reason}`));
  if (parsed.millis > LATEST_INSTANT_MILLIS) throw new EsException(illegalArgument(`cannot move the clock past [${formatEsDate(LATEST_INSTANT_MILLIS)}]`));
  if (parsed.millis < ctx.sim.now) {
    throw new EsException(illegalArgument(`cannot set the clock back from [${formatEsDate(ctx.sim.now)}] to [${formatEsDate(parsed.millis)}]`));
  }
  ctx.sim.advanceTo(parsed.millis);
  return clockBody(ctx);
}

/**
 * Moves the clock to the next instant at which ILM or SLM does something (an event, a poll tick that
 * looks at an index, a shard start, an SLM policy's or retention's cron fire) and runs it, if that instant is within the optional bound `{"within": "30d"}`;
 * otherwise the clock stays. Answers the clock plus `"advanced"`. Lets a driver stop at the first
 * instant a condition holds without knowing the poll-tick alignment.
 *
 * With `"until": {"index": "i", "step": "<phase>/<action>/<step>" | "phase": "warm" | "exists": false}`
 * it goes on instant by instant on the server and stops at the first instant the condition holds (it
 * does not move when the condition holds already, or once what is due at this instant, such as a
 * retry's re-run, has run), or when nothing more is scheduled within the bound:
 * then the clock moves to the bound itself, as `_advance` would (`"idle": true`). The answer adds
 * `"reached"`, `"instants"` (how many instants ran) and `"explain"`: the index's explain record at the
 * end (null when it does not exist), as `GET /<index>/_ilm/explain` shows it. Under a linked fake clock
 * (whose moves run after the answer) it stops after one instant, unreached: ask again to go on.
 * Without `within`, `until` is bounded by `DEFAULT_UNTIL_WITHIN` (the until-steps' default bound),
 * never by the end of time. Every form runs at most `MAX_INSTANTS_PER_CLOCK_REQUEST` instants (then
 * the clock stops at the last one run and the answer is the simulator's `clockLimit`, a 429).
 */
export function nextClock(ctx: RequestContext): HandlerResult {
  let limit = Infinity;
  let until: UntilCondition | null = null;
  if (ctx.body !== null && ctx.body.trim() !== '') {
    const body = bodyAsMap(ctx.body);
    for (const key of Object.keys(body)) {
      if (key !== 'within' && key !== 'until') throw new EsException(illegalArgument(`unknown field [${key}], expected only [within] and [until]`));
    }
    if ('within' in body) {
      const value = body['within'];
      if (typeof value !== 'string') throw new EsException(illegalArgument(`[within] must be a duration such as "30d", not ${JSON.stringify(value)}`));
      const parsed = parseTimeValue(value, 'within');
      if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
      if (parsed.value.millis < 0) throw new EsException(illegalArgument(`[within] must not be negative, got [${value}]`));
      limit = ctx.sim.now + Math.floor(parsed.value.millis);
    }
    if ('until' in body) {
      until = untilCondition(body['until']);
      if (!('within' in body)) limit = ctx.sim.now + DEFAULT_UNTIL_WITHIN_MILLIS;
    } else if (!('within' in body)) throw new EsException(illegalArgument('required field [within] is missing'));
  }
  const bound = Math.min(limit, LATEST_INSTANT_MILLIS);
  if (until === null) {
    const next = ctx.sim.nextDue();
    const advanced = next <= bound;
    if (advanced) ctx.sim.advanceTo(next);
    return ok({ now_millis: ctx.sim.now, now: formatEsDate(ctx.sim.now), advanced });
  }
  const start = ctx.sim.now;
  let record = explainRecord(ctx, until.index);
  let reached = conditionHolds(until, record);
  let instants = 0;
  let idle = false;
  let unmoved = 0;
  if (!reached) {
    const never = neverMet(ctx, until);
    if (never !== null) bad(never);
  }
  // What is due at this instant already (the asynchronous re-run after a retry, say) runs first, and
  // may meet the condition here: then the clock stays (issue 24: it went on to the bound).
  let next = reached ? Infinity : ctx.sim.nextDue();
  if (!reached) {
    record = explainRecord(ctx, until.index);
    reached = conditionHolds(until, record);
  }
  const budget = new InstantBudget();
  while (!reached) {
    if (next > bound) {
      // Nothing more before the bound: the clock goes to the bound (unless it is there, or unbounded).
      idle = ctx.sim.now < bound;
      if (idle && limit !== Infinity) {
        ctx.sim.advanceTo(bound, budget);
        record = explainRecord(ctx, until.index);
        reached = conditionHolds(until, record);
      }
      break;
    }
    unmoved = next === ctx.sim.now ? unmoved + 1 : 0;
    if (unmoved > 1000)
      throw new EsException(illegalState(`the clock stayed at [${formatEsDate(ctx.sim.now)}] for 1000 instants without the condition holding`));
    ctx.sim.advanceTo(next, budget);
    instants++;
    // A clock linked to the user's fake timers (`linkFakeTimers`) runs the move after this answer, so
    // their timers run in time order: stop here; the caller asks again from the new instant.
    if (ctx.sim.now !== next) break;
    record = explainRecord(ctx, until.index);
    reached = conditionHolds(until, record);
    // `advanceTo` ran everything due up to `next`, so this runs nothing more at this instant.
    if (!reached) next = ctx.sim.nextDue();
  }
  return ok({
    now_millis: ctx.sim.now,
    now: formatEsDate(ctx.sim.now),
    advanced: ctx.sim.now !== start || instants > 0,
    reached,
    ...(reached ? {} : { idle }),
    instants,
    explain: record,
  });
}

/** What `until` waits for: the index at a step, in a phase, or gone. */
type UntilCondition =
  | { readonly index: string; readonly step: { readonly phase: string; readonly action: string; readonly step: string } }
  | { readonly index: string; readonly phase: string }
  | { readonly index: string; readonly gone: true };

function untilCondition(value: unknown): UntilCondition {
  if (!isObject(value)) bad(`[until] must be an object such as {"index": "logs", "phase": "warm"}, not ${JSON.stringify(value)}`);
  const known = ['index', 'step', 'phase', 'exists'];
  for (const key of Object.keys(value)) if (!known.includes(key)) bad(`unknown field [${key}] in [until], expected [${known.join(', ')}]`);
  const index = value['index'];
  if (typeof index !== 'string' || index.length === 0) bad('[until.index] must be an index name');
  const given = ['step', 'phase', 'exists'].filter((key) => key in value);
  if (given.length !== 1) bad(`[until] needs exactly one of [step], [phase] and [exists], got [${given.join(', ')}]`);
  if ('step' in value) {
    const parts = typeof value['step'] === 'string' ? value['step'].split('/') : [];
    if (parts.length !== 3 || parts.some((p) => p.length === 0)) bad(`[until.step] must be "<phase>/<action>/<step>", not ${JSON.stringify(value['step'])}`);
    return { index, step: { phase: parts[0]!, action: parts[1]!, step: parts[2]! } };
  }
  if ('phase' in value) {
    if (typeof value['phase'] !== 'string' || value['phase'].length === 0) bad(`[until.phase] must be a phase name, not ${JSON.stringify(value['phase'])}`);
    return { index, phase: value['phase'] };
  }
  if (value['exists'] !== false) bad(`[until.exists] can only be false (wait until the index is gone), not ${JSON.stringify(value['exists'])}`);
  return { index, gone: true };
}

/**
 * The index's explain record as `GET /<index>/_ilm/explain` shows it (the record of that name, else
 * the first the name resolves to), or null when the name resolves to nothing.
 */
function explainRecord(ctx: RequestContext, index: string): Record<string, unknown> | null {
  const { sim } = ctx;
  let indices: IndexMetadata[];
  try {
    indices = resolveIndices(sim.cluster, index, STRICT_EXPAND_OPEN);
  } catch (e) {
    if (e instanceof EsException && e.error.status === 404) return null;
    throw e;
  }
  const records = explainIndices(sim.cluster, indices, sim.profile, sim.now, { onlyManaged: false, onlyErrors: false, human: false }).indices;
  return records.get(index) ?? [...records.values()].find((r) => r['index'] === index) ?? [...records.values()][0] ?? null;
}

/**
 * Why `until` can never hold, or null: a phase or a `phase/action` no index of this profile can show
 * (`wram`, `warm/rollover/...`), or, for a managed index of that name whose policy exists, a phase or
 * step its policy does not lead to. Nothing changes a policy or moves a step while `_next` walks, so
 * walking would only spend the bound.
 */
function neverMet(ctx: RequestContext, until: UntilCondition): string | null {
  if ('gone' in until) return null;
  const { profile } = ctx.sim;
  const field = 'step' in until ? 'until.step' : 'until.phase';
  const phase = 'step' in until ? until.step.phase : until.phase;
  const phases = [NEW_PHASE, ...profile.phases, TERMINAL_KEY.phase];
  if (!phases.includes(phase)) {
    return `[${field}] names the phase [${phase}], which no index can be in: Timeseries lifecycle does not support phase [${phase}] (the phases are [${phases.join(', ')}])`;
  }
  if ('step' in until) {
    const actions =
      phase === NEW_PHASE
        ? [INIT_KEY.action, PHASE_COMPLETE]
        : phase === TERMINAL_KEY.phase
          ? [TERMINAL_KEY.action]
          : [...profile.phaseActions[phase as PhaseName], PHASE_COMPLETE];
    if (!actions.includes(until.step.action)) {
      return `[until.step] names the action [${until.step.action}] in the phase [${phase}], where no index can be: the ${phase} phase has the actions [${actions.join(', ')}]`;
    }
  }
  const index = ctx.sim.cluster.indices.get(until.index);
  const policyName = index === undefined ? null : lifecyclePolicyName(index);
  const policy = policyName === null ? undefined : ctx.sim.cluster.policies.get(policyName);
  if (index === undefined || policy === undefined) return null;
  const state = index.lifecycle;
  const reachable = reachableStepKeys(policy, state?.phaseDefinition, currentStepKey(state), profile);
  const policyPhases = [...new Set([...reachable].map((k) => k.slice(0, k.indexOf('/'))))];
  if (!policyPhases.includes(phase)) {
    const current = state?.phase;
    if (current !== undefined && phases.indexOf(phase) < phases.indexOf(current) && policy.policy.phases.has(phase)) {
      return `[${field}] [${until.index}] has left the phase [${phase}] already (it is in [${current}]), and ILM never moves an index back to an earlier phase`;
    }
    return `[${field}] the policy [${policyName}] that [${until.index}] follows has no phase [${phase}], so it can never be in it (its phases: [${policyPhases.join(', ')}])`;
  }
  if (!('step' in until)) return null;
  const key = `${until.step.phase}/${until.step.action}/${until.step.step}`;
  if (reachable.has(key)) return null;
  const steps = [...reachable].filter((k) => k.startsWith(`${phase}/`) && !k.endsWith(`/${ERROR_STEP_NAME}`));
  return `[until.step] [${key}] is not a step of the policy [${policyName}] that [${until.index}] follows, so it can never be there (its ${phase} steps: [${steps.join(', ')}], or ERROR after one of their actions)`;
}

function conditionHolds(until: UntilCondition, record: Record<string, unknown> | null): boolean {
  if ('gone' in until) return record === null;
  if (record === null) return false;
  if ('phase' in until) return record['phase'] === until.phase;
  return record['phase'] === until.step.phase && record['action'] === until.step.action && record['step'] === until.step.step;
}

export function settle(ctx: RequestContext): HandlerResult {
  ctx.sim.settle();
  return clockBody(ctx);
}

export function reset(ctx: RequestContext): HandlerResult {
  ctx.sim.reset();
  return ok(ACKNOWLEDGED);
}

const FAULT_FIELDS = ['index', 'phase', 'action', 'step', 'times', 'probability', 'error', 'condition'];

function faultView(fault: Fault): Record<string, unknown> {
  const out: Record<string, unknown> = { id: fault.id, index: fault.index };
  for (const key of ['phase', 'action', 'step', 'times', 'probability', 'error', 'condition'] as const) {
    if (fault[key] !== undefined) out[key] = fault[key];
  }
  out['fired'] = fault.fired;
  return out;
}

function bad(reason: string): never {
  throw new EsException(illegalArgument(reason));
}

/** Parses a fault description completely before anything is added, so a bad one changes nothing. */
function parseFault(body: Record<string, unknown>): FaultSpec {
  for (const key of Object.keys(body)) {
    if (!FAULT_FIELDS.includes(key)) bad(`unknown field [${key}], expected one of [${FAULT_FIELDS.join(', ')}]`);
  }
  const text = (key: string): string | undefined => {
    const value = body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length === 0) bad(`[${key}] must be a non-empty string`);
    return value;
  };
  const index = text('index') ?? '*';
  const phase = text('phase');
  const action = text('action');
  const step = text('step');
  if (action === undefined && step === undefined) bad('a fault needs an [action] or a [step]');
  const times = body['times'];
  if (times !== undefined && (typeof times !== 'number' || !Number.isSafeInteger(times) || times < 1)) {
    bad('[times] must be a positive integer');
  }
  const probability = body['probability'];
  if (probability !== undefined && (typeof probability !== 'number' || !(probability >= 0 && probability <= 1))) {
    bad('[probability] must be a number between 0 and 1');
  }
  const condition = body['condition'];
  const error = body['error'];
  if ((condition === undefined) === (error === undefined)) bad('a fault needs exactly one of [error] or [condition]');
  if (condition !== undefined && !WAIT_CONDITIONS.includes(condition as WaitCondition)) {
    bad(`[condition] must be one of [${WAIT_CONDITIONS.join(', ')}]`);
  }
  let parsedError: { type: string; reason: string } | undefined;
  if (error !== undefined) {
    const e = error as Record<string, unknown>;
    if (
      error === null ||
      typeof error !== 'object' ||
      Array.isArray(error) ||
      typeof e['type'] !== 'string' ||
      typeof e['reason'] !== 'string' ||
      Object.keys(e).some((k) => k !== 'type' && k !== 'reason')
    ) {
      bad('[error] must be an object with a string [type] and a string [reason]');
    }
    parsedError = { type: e['type'] as string, reason: e['reason'] as string };
  }
  return {
    index,
    ...(phase !== undefined ? { phase } : {}),
    ...(action !== undefined ? { action } : {}),
    ...(step !== undefined ? { step } : {}),
    ...(times !== undefined ? { times: times as number } : {}),
    ...(probability !== undefined ? { probability: probability as number } : {}),
    ...(parsedError ? { error: parsedError } : {}),
    ...(condition !== undefined ? { condition: condition as WaitCondition } : {}),
  };
}

export function addFault(ctx: RequestContext): HandlerResult {
  const fault = ctx.sim.faults.add(parseFault(bodyAsMap(requiredBody(ctx))));
  ctx.sim.faultAdded();
  return ok({ acknowledged: true, fault_id: fault.id });
}

export function listFaults(ctx: RequestContext): HandlerResult {
  return ok({ faults: ctx.sim.faults.list().map(faultView) });
}

export function clearFaults(ctx: RequestContext): HandlerResult {
  ctx.sim.faults.clear();
  // Held waits and actions are checked again, as when the cluster recovers.
  ctx.sim.faultsChanged();
  return ok(ACKNOWLEDGED);
}

export function removeFault(ctx: RequestContext): HandlerResult {
  const id = ctx.params.get('id') ?? '';
  if (!ctx.sim.faults.remove(id)) {
    throw new EsException(resourceNotFound(`fault [${id}] not found`));
  }
  ctx.sim.faultsChanged();
  return ok(ACKNOWLEDGED);
}

/** The most records one `GET /_sim/history` answers (ES's `index.max_result_window` default). */
export const HISTORY_PAGE_LIMIT = 10_000;

/** A non-negative integer query parameter (ES `RestRequest#paramAsInt` wording), or the fallback. */
function countParam(ctx: RequestContext, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = ctx.query.get(name);
  if (text === undefined) return fallback;
  if (!/^\d{1,16}$/.test(text)) throw new EsException(illegalArgument(`Failed to parse int parameter [${name}] with value [${text}]`));
  const value = Number(text);
  if (value > max) throw new EsException(illegalArgument(`[${name}] must be at most [${max}], got [${text}]`));
  return value;
}

/**
 * `GET /_sim/history[?index=pattern][&size=n][&from=n | &after=seq]`: step changes, oldest first, a
 * page at a time. `size` (default and most 10,000) bounds the page; `from` skips that many matching
 * records, `after` starts after the record with that sequence number. When more match, the answer
 * ends with `next_after`, the sequence number to pass as `after` for the next page. The log itself
 * shows only its newest records (the simulator's `historyLimit`).
 */
export function history(ctx: RequestContext): HandlerResult {
  const pattern = ctx.query.get('index');
  const size = countParam(ctx, 'size', HISTORY_PAGE_LIMIT, HISTORY_PAGE_LIMIT);
  const from = countParam(ctx, 'from', 0);
  const after = countParam(ctx, 'after', -1);
  if (ctx.query.has('from') && ctx.query.has('after')) throw new EsException(illegalArgument('[from] and [after] cannot be used together'));
  const log = ctx.sim.cluster.history;
  const records = [];
  let skipped = 0;
  let nextAfter: number | null = null;
  for (let n = Math.max(log.first, after + 1); n < log.length; n++) {
    if (pattern !== undefined && !simpleMatch(pattern, log.indexOf(n))) continue;
    if (skipped < from) {
      skipped++;
      continue;
    }
    if (records.length === size) {
      nextAfter = n - 1;
      break;
    }
    records.push({ seq: n, record: log.at(n) });
  }
  if (nextAfter !== null && records.length > 0) nextAfter = records[records.length - 1]!.seq;
  return ok({
    history: records.map(({ record: r }) => ({
      '@timestamp': formatEsDate(r.timeMillis),
      time_millis: r.timeMillis,
      index: r.index,
      policy: r.policy,
      from: r.from,
      to: r.to,
      success: r.success,
      ...(r.error ? { error: r.error } : {}),
    })),
    ...(nextAfter === null ? {} : { next_after: nextAfter }),
  });
}
