/**
 * The `/_sim` control plane (not an ES API): read, advance and set the virtual clock, settle the
 * events due now, reset the cluster. Errors still use the ES error shape so clients handle them alike.
 */
import { EsException, illegalArgument, resourceNotFound } from '../engine/errors';
import { Fault, FaultSpec, WAIT_CONDITIONS, WaitCondition } from '../engine/lifecycle/faults';
import { simpleMatch } from '../engine/cluster/index-resolver';
import { formatEsDate, parseInstant, parseTimeValue } from '../engine/xcontent/time';
import { numberAsWritten } from '../engine/xcontent/object-parser';
import { ACKNOWLEDGED, bodyAsMap, HandlerResult, ok, RequestContext, requiredBody } from './context';

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
    throw new EsException(
      illegalArgument(`cannot set the clock back from [${formatEsDate(ctx.sim.now)}] to [${formatEsDate(parsed.millis)}]`),
    );
  }
  ctx.sim.advanceTo(parsed.millis);
  return clockBody(ctx);
}

/**
 * Moves the clock to the next instant at which ILM or SLM does something (an event, a poll tick that
 * looks at an index, a shard start, an SLM policy's or retention's cron fire) and runs it, if that instant is within the optional bound `{"within": "30d"}`;
 * otherwise the clock stays. Answers the clock plus `"advanced"`. Lets a driver stop at the first
 * instant a condition holds without knowing the poll-tick alignment.
 */
export function nextClock(ctx: RequestContext): HandlerResult {
  let limit = Infinity;
  if (ctx.body !== null && ctx.body.trim() !== '') {
    const { value } = onlyField(ctx, 'within');
    if (typeof value !== 'string') throw new EsException(illegalArgument(`[within] must be a duration such as "30d", not ${JSON.stringify(value)}`));
    const parsed = parseTimeValue(value, 'within');
    if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
    if (parsed.value.millis < 0) throw new EsException(illegalArgument(`[within] must not be negative, got [${value}]`));
    limit = ctx.sim.now + Math.floor(parsed.value.millis);
  }
  const next = ctx.sim.nextDue();
  const advanced = next <= Math.min(limit, LATEST_INSTANT_MILLIS);
  if (advanced) ctx.sim.advanceTo(next);
  return ok({ now_millis: ctx.sim.now, now: formatEsDate(ctx.sim.now), advanced });
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
    if (error === null || typeof error !== 'object' || Array.isArray(error) || typeof e['type'] !== 'string' || typeof e['reason'] !== 'string' || Object.keys(e).some((k) => k !== 'type' && k !== 'reason')) {
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
