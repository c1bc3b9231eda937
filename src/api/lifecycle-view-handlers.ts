/**
 * `/_sim` routes that show a lifecycle (not ES APIs): `GET /_sim/timeline[?index=<pattern>]`, the
 * history folded into per-lineage phase, action and wait spans (`src/sim/timeline.ts`). They read the
 * simulation and never change it; field names are snake_case like the rest of the control plane.
 */
import { simpleMatch } from '../engine/cluster/index-resolver';
import { formatEsDate } from '../engine/xcontent/time';
import { buildTimelines, type LineageTimeline, type Span } from '../sim/timeline';
import { commaList, HandlerResult, ok, RequestContext } from './context';

/** `start`/`start_millis`/`end`/`end_millis` of a span (`end` null while it lasts). */
function spanFields(span: Span): Record<string, unknown> {
  return {
    start: formatEsDate(span.startMillis),
    start_millis: span.startMillis,
    end: span.endMillis === null ? null : formatEsDate(span.endMillis),
    end_millis: span.endMillis,
  };
}

function lineageJson(lineage: LineageTimeline): Record<string, unknown> {
  return {
    index: lineage.index,
    policy: lineage.policy,
    ...spanFields(lineage),
    ended: lineage.ended,
    lineage: lineage.names.map((n) => ({ index: n.index, ...spanFields(n) })),
    phases: lineage.phases.map((p) => ({ phase: p.phase, ...spanFields(p) })),
    actions: lineage.actions.map((a) => ({ phase: a.phase, action: a.action, ...spanFields(a) })),
    waits: lineage.waits.map((w) => ({
      phase: w.phase,
      action: w.action,
      step: w.step,
      index: w.index,
      ...spanFields(w),
      ...(w.failedStep !== undefined ? { failed_step: w.failedStep } : {}),
      ...(w.retries !== undefined ? { retries: w.retries } : {}),
      ...(w.error !== undefined ? { error: w.error } : {}),
    })),
  };
}

/** `GET /_sim/timeline[?index=<pattern>[,<pattern>]]`: lineages any of whose indices match. */
export function timeline(ctx: RequestContext): HandlerResult {
  const patterns = commaList(ctx.query.get('index') ?? '*');
  const cluster = ctx.sim.cluster;
  const lineages = buildTimelines(cluster.history, ctx.sim.now, (name) => cluster.indices.has(name)).filter((l) =>
    l.names.some((n) => patterns.some((p) => simpleMatch(p, n.index))),
  );
  return ok({ now: formatEsDate(ctx.sim.now), now_millis: ctx.sim.now, indices: lineages.map(lineageJson) });
}
