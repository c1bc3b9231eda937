/**
 * The `/_sim` control plane (not an ES API): read, advance and set the virtual clock, settle the
 * events due now, reset the cluster. Errors still use the ES error shape so clients handle them alike.
 */
import { EsException, illegalArgument } from '../engine/errors';
import { formatEsDate, parseInstant, parseTimeValue } from '../engine/time';
import { ACKNOWLEDGED, bodyAsMap, HandlerResult, ok, RequestContext, requiredBody } from './context';

function clockBody(ctx: RequestContext): HandlerResult {
  return ok({ now_millis: ctx.sim.now, now: formatEsDate(ctx.sim.now) });
}

export function getClock(ctx: RequestContext): HandlerResult {
  return clockBody(ctx);
}

function onlyField(ctx: RequestContext, field: string): unknown {
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) {
    if (key !== field) throw new EsException(illegalArgument(`unknown field [${key}], expected only [${field}]`));
  }
  if (!(field in body)) throw new EsException(illegalArgument(`required field [${field}] is missing`));
  return body[field];
}

export function advanceClock(ctx: RequestContext): HandlerResult {
  const value = onlyField(ctx, 'by');
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new EsException(illegalArgument(`[by] must be a duration such as "5d", not ${JSON.stringify(value)}`));
  }
  const parsed = parseTimeValue(String(value), 'by');
  if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
  if (parsed.value.millis < 0) throw new EsException(illegalArgument(`cannot move the clock backwards by [${String(value)}]`));
  ctx.sim.advanceTo(ctx.sim.now + Math.floor(parsed.value.millis));
  return clockBody(ctx);
}

export function setClock(ctx: RequestContext): HandlerResult {
  const value = onlyField(ctx, 'to');
  const parsed = parseInstant(value);
  if (!parsed.ok) throw new EsException(illegalArgument(`[to] ${parsed.reason}`));
  if (parsed.millis < ctx.sim.now) {
    throw new EsException(
      illegalArgument(`cannot set the clock back from [${formatEsDate(ctx.sim.now)}] to [${formatEsDate(parsed.millis)}]`),
    );
  }
  ctx.sim.advanceTo(parsed.millis);
  return clockBody(ctx);
}

export function settle(ctx: RequestContext): HandlerResult {
  ctx.sim.settle();
  return clockBody(ctx);
}

export function reset(ctx: RequestContext): HandlerResult {
  ctx.sim.reset();
  return ok(ACKNOWLEDGED);
}
