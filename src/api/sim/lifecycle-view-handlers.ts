/**
 * `/_sim` routes that show a lifecycle (not ES APIs): `GET /_sim/timeline[?index=<pattern>]`, the
 * history folded into per-lineage phase, action and wait spans (`src/sim/timeline.ts`), and
 * `GET /_sim/why/<index>`, what the current step waits for (`src/engine/lifecycle/why.ts`). They read the
 * simulation and never change it; field names are snake_case like the rest of the control plane.
 */
import { simpleMatch } from '../../engine/cluster/index-resolver';
import { EsException, indexNotFound } from '../../engine/errors';
import { dataStreamOf, isManagedByDataStreamLifecycle } from '../../engine/cluster/data-streams';
import { errorEntryToXContent } from '../../engine/lifecycle/data-stream-lifecycle/explain';
import { DataStreamLifecycleWhy, whyDataStreamLifecycle } from '../../engine/lifecycle/data-stream-lifecycle/why';
import { whyWaiting, type WhyReport } from '../../engine/lifecycle/why';
import { formatEsDate, formatTimeValueToString } from '../../engine/xcontent/time';
import { buildTimelines, lifecycleGenerationTimeline, type LifecycleGeneration, type LineageTimeline, type Span } from '../../sim/timeline';
import { commaList, HandlerResult, ok, RequestContext } from '../context';

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
  // The data stream lifecycle's generations (8.11+): the ones retention deleted, then those it manages now.
  const generations: LifecycleGeneration[] = [...ctx.sim.dsl.deleted];
  for (const ds of cluster.dataStreams.values()) {
    for (const name of ds.indices) {
      const index = cluster.indices.get(name);
      if (!index || !isManagedByDataStreamLifecycle(cluster, index)) continue;
      generations.push({
        index: name,
        dataStream: ds.name,
        createdMillis: index.creationDate,
        rolledOverMillis: index.rolloverInfos.get(ds.name)?.timeMillis ?? null,
        deletedMillis: null,
      });
    }
  }
  const ilmIndices = new Set(lineages.map((l) => l.index));
  const drawn = generations.filter((g) => !ilmIndices.has(g.index) && patterns.some((p) => simpleMatch(p, g.index))).map(lifecycleGenerationTimeline);
  return ok({ now: formatEsDate(ctx.sim.now), now_millis: ctx.sim.now, indices: [...lineages, ...drawn].map(lineageJson) });
}

function instantFields(name: string, millis: number | null | undefined): Record<string, unknown> {
  if (millis === undefined) return {};
  return { [name]: millis === null ? null : formatEsDate(millis), [`${name}_millis`]: millis };
}

function whyJson(report: WhyReport): Record<string, unknown> {
  const out: Record<string, unknown> = { index: report.index, managed: report.policy !== null, policy: report.policy };
  if (report.phase !== undefined) out['phase'] = report.phase;
  if (report.action !== undefined) out['action'] = report.action;
  if (report.step !== undefined) out['step'] = report.step;
  Object.assign(out, instantFields('since', report.sinceMillis));
  out['waiting_for'] = report.waitingFor;
  out['explanation'] = report.explanation;
  Object.assign(out, instantFields('next_check', report.nextCheckMillis));
  if (report.nextPhase) {
    const p = report.nextPhase;
    out['next_phase'] = {
      phase: p.phase,
      min_age: formatTimeValueToString(p.minAgeMillis),
      min_age_millis: p.minAgeMillis,
      age: formatTimeValueToString(Math.max(0, p.ageMillis)),
      age_millis: p.ageMillis,
      ...instantFields('due', p.dueMillis),
      ...instantFields('starts_at', p.startsAtMillis),
    };
  }
  if (report.rollover) {
    out['rollover'] = {
      rule: report.rollover.rule,
      conditions: report.rollover.conditions.map((c) => ({
        condition: c.name,
        required: c.required,
        required_value: c.requiredValue,
        current_value: c.currentValue,
        unit: c.unit,
        met: c.met,
        implicit: c.implicit,
      })),
      ...instantFields('met_at', report.rollover.metAtMillis),
    };
  }
  if (report.error) {
    const e = report.error;
    out['error'] = {
      failed_step: e.failedStep,
      ...(e.error ? { error: e.error } : {}),
      is_auto_retryable_error: e.autoRetryable,
      failed_step_retry_count: e.retryCount,
      automatic_retry: e.retryAtMillis !== null,
      ...instantFields('retry_at', e.retryAtMillis),
    };
  }
  if (report.shardsActiveAtMillis !== undefined) Object.assign(out, instantFields('shards_active_at', report.shardsActiveAtMillis));
  if (report.stepInfo !== undefined) out['step_info'] = report.stepInfo;
  return out;
}

/** `GET /_sim/why/<index>`: what the current step of one index (by its concrete name) waits for. */
export function why(ctx: RequestContext): HandlerResult {
  const name = ctx.params.get('index') ?? '';
  const sim = ctx.sim;
  const index = sim.cluster.indices.get(name);
  if (!index) throw new EsException(indexNotFound(name));
  const ds = dataStreamOf(sim.cluster, name);
  if (ds && isManagedByDataStreamLifecycle(sim.cluster, index)) {
    const report = whyDataStreamLifecycle(sim.cluster, sim.profile, ds, index, sim.now, sim.dsl.errors.get(name), (millis) => sim.dsl.nextRunAfter(millis - 1));
    return ok(dataStreamLifecycleWhyJson(report));
  }
  const report = whyWaiting(index, {
    cluster: sim.cluster,
    profile: sim.profile,
    now: sim.now,
    step: sim.runner.stepOf(index),
    lifecycleDate: sim.runner.lifecycleDate(index),
    pollTickFrom: (millis) => sim.pollTickFrom(millis),
    shardsActiveAt: sim.shardsActiveAt(index),
  });
  return ok(whyJson(report));
}

/** `/_sim/why` for an index the data stream lifecycle manages (ILM does not: `managed` is ILM's). */
function dataStreamLifecycleWhyJson(report: DataStreamLifecycleWhy): Record<string, unknown> {
  const out: Record<string, unknown> = {
    index: report.index,
    managed: false,
    policy: null,
    managed_by: 'Data stream lifecycle',
    data_stream: report.dataStream,
  };
  out['waiting_for'] = report.waitingFor;
  out['explanation'] = report.explanation;
  Object.assign(out, instantFields('next_check', report.nextCheckMillis));
  if (report.rollover) {
    out['rollover'] = {
      rule: 'min-max',
      conditions: report.rollover.conditions.map((c) => ({
        condition: c.name,
        required: c.required,
        required_value: c.requiredValue,
        current_value: c.currentValue,
        unit: c.unit,
        met: c.met,
      })),
      ...instantFields('met_at', report.rollover.metAtMillis),
    };
  }
  if (report.retention) {
    const r = report.retention;
    out['retention'] = {
      retention: r.retentionMillis === null ? null : formatTimeValueToString(r.retentionMillis),
      retention_millis: r.retentionMillis,
      ...instantFields('generation', r.generationMillis),
      ...instantFields('delete_at', r.deleteAtMillis),
    };
  }
  if (report.error) out['error'] = errorEntryToXContent(report.error, false);
  return out;
}
