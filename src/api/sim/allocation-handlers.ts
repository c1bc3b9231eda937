/**
 * The `/_sim/allocation` control (not an ES API): how long shard allocation takes after a change that
 * moves shards, for every index or for indices matching a pattern. `PUT` sets or (with a zero delay)
 * removes a rule; `GET` lists the rules and the indices whose shards are still allocating. A rule
 * applies to changes made after it is set. Bad input is refused whole, with the ES error shape.
 */
import { allocationModel } from '../../engine/cluster/allocation';
import { EsException, illegalArgument } from '../../engine/errors';
import { formatEsDate, parseTimeValue } from '../../engine/xcontent/time';
import { numberAsWritten } from '../../engine/xcontent/object-parser';
import { bodyAsMap, HandlerResult, ok, RequestContext, requiredBody } from '../context';

const FIELDS = ['delay', 'index'];

function bad(reason: string): never {
  throw new EsException(illegalArgument(reason));
}

function view(ctx: RequestContext): HandlerResult {
  const model = allocationModel(ctx.sim.cluster);
  return ok({
    rules: model.listRules().map((rule) => ({ ...(rule.index !== null ? { index: rule.index } : {}), delay: rule.delayText, delay_millis: rule.delayMillis })),
    allocating: model.pendingStarts().map((start) => ({ index: start.name, active_at: formatEsDate(start.at), active_at_millis: start.at })),
  });
}

/** `PUT /_sim/allocation` `{"delay": "2h", "index": "logs-*"}`. */
export function putAllocation(ctx: RequestContext): HandlerResult {
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) if (!FIELDS.includes(key)) bad(`unknown field [${key}], expected one of [${FIELDS.join(', ')}]`);
  const delay = body['delay'];
  if (delay === undefined) bad('required field [delay] is missing');
  if (typeof delay !== 'string' && typeof delay !== 'number') bad(`[delay] must be a duration such as "2h", not ${JSON.stringify(delay)}`);
  const text = typeof delay === 'number' ? numberAsWritten(body, 'delay', delay) : delay;
  const parsed = parseTimeValue(text, 'delay');
  if (!parsed.ok) bad(parsed.reason);
  if (parsed.value.millis < 0) bad(`[delay] must not be negative, got [${text}]`);
  const index = body['index'];
  if (index !== undefined && (typeof index !== 'string' || index.length === 0)) bad('[index] must be a non-empty string');
  allocationModel(ctx.sim.cluster).setRule((index as string | undefined) ?? null, Math.floor(parsed.value.millis), text);
  return view(ctx);
}

/** `GET /_sim/allocation`. */
export function getAllocation(ctx: RequestContext): HandlerResult {
  return view(ctx);
}
