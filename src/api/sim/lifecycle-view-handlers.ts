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
import type { Simulation } from '../../sim/simulator';
import { commaList, HandlerResult, ok, RequestContext } from '../context';

/**
 * `formatEsDate` remembered per instant for one answer: a timeline's spans share their instants (poll
 * ticks, the steps of one action run at once), so most dates are printed once.
 */
export function dateMemo(): (millis: number) => string {
  const printed = new Map<number, string>();
  return (millis) => {
    let text = printed.get(millis);
    if (text === undefined) printed.set(millis, (text = formatEsDate(millis)));
    return text;
  };
}

/**
 * One lineage as `GET /_sim/timeline` writes it; every span has `start`/`start_millis`/`end`/`end_millis`
 * (`end` null while it lasts). The objects are written out field by field (no spreads): a large
 * cluster's timeline has hundreds of thousands of them.
 */
export function lineageJson(lineage: LineageTimeline, date: (millis: number) => string): Record<string, unknown> {
  const end = (span: Span) => (span.endMillis === null ? null : date(span.endMillis));
  return {
    index: lineage.index,
    policy: lineage.policy,
    start: date(lineage.startMillis),
    start_millis: lineage.startMillis,
    end: end(lineage),
    end_millis: lineage.endMillis,
    ended: lineage.ended,
    lineage: lineage.names.map((n) => ({ index: n.index, start: date(n.startMillis), start_millis: n.startMillis, end: end(n), end_millis: n.endMillis })),
    phases: lineage.phases.map((p) => ({ phase: p.phase, start: date(p.startMillis), start_millis: p.startMillis, end: end(p), end_millis: p.endMillis })),
    actions: lineage.actions.map((a) => ({
      phase: a.phase,
      action: a.action,
      start: date(a.startMillis),
      start_millis: a.startMillis,
      end: end(a),
      end_millis: a.endMillis,
    })),
    waits: lineage.waits.map((w) => {
      const out: Record<string, unknown> = {
        phase: w.phase,
        action: w.action,
        step: w.step,
        index: w.index,
        start: date(w.startMillis),
        start_millis: w.startMillis,
        end: end(w),
        end_millis: w.endMillis,
      };
      if (w.failedStep !== undefined) out['failed_step'] = w.failedStep;
      if (w.retries !== undefined) out['retries'] = w.retries;
      if (w.error !== undefined) out['error'] = w.error;
      return out;
    }),
  };
}

/** `GET /_sim/timeline[?index=<pattern>[,<pattern>]]`: lineages any of whose indices match. */
export function timeline(ctx: RequestContext): HandlerResult {
  return ok(timelineBody(ctx.sim, commaList(ctx.query.get('index') ?? '*')));
}

/**
 * The body `GET /_sim/timeline` answers for these index patterns, as a plain value (what `JSON.parse`
 * of the answer's text gives, the shape `src/report/timeline-json.ts` types): for in-process readers
 * (the twin's forecast) that would otherwise write the JSON only to parse it again.
 */
export function timelineBody(sim: Simulation, patterns: readonly string[]): { now: string; now_millis: number; indices: Array<Record<string, unknown>> } {
  const date = dateMemo();
  return { now: formatEsDate(sim.now), now_millis: sim.now, indices: timelineLineages(sim, patterns).map((l) => lineageJson(l, date)) };
}

/**
 * The lineages `GET /_sim/timeline` shows for these index patterns, before they are written as JSON
 * (`lineageJson`): ILM's from the history, then the data stream lifecycle's generations. New objects
 * on each call, shared with nothing.
 */
export function timelineLineages(sim: Simulation, patterns: readonly string[]): LineageTimeline[] {
  const cluster = sim.cluster;
  const all = patterns.length === 1 && patterns[0] === '*';
  const lineages = buildTimelines(cluster.history, sim.now, (name) => cluster.indices.has(name)).filter(
    (l) => all || l.names.some((n) => patterns.some((p) => simpleMatch(p, n.index))),
  );
  // The data stream lifecycle's generations (8.11+): the ones retention deleted, then those it manages now.
  const generations: LifecycleGeneration[] = [...sim.dsl.deleted];
  for (const ds of cluster.dataStreams.values()) {
    for (const name of ds.indices) {
      const index = cluster.indices.get(name);
      if (!index || !isManagedByDataStreamLifecycle(cluster, index)) continue;
      // A downsampled index continues its source's generation (its record keeps the first name and instants).
      const record = sim.dsl.generations.get(name);
      const error = sim.dsl.errors.get(name);
      generations.push({
        index: record?.index ?? name,
        dataStream: ds.name,
        createdMillis: record?.createdMillis ?? index.creationDate,
        rolledOverMillis: record ? record.rolledOverMillis : (index.rolloverInfos.get(ds.name)?.timeMillis ?? null),
        deletedMillis: null,
        events: record?.events ?? [],
        ...(error === undefined
          ? {}
          : { error: { sinceMillis: error.firstOccurrenceMillis, ...errorTypeAndReason(error.message), retries: error.retryCount } }),
      });
    }
  }
  const ilmIndices = new Set(lineages.map((l) => l.index));
  const drawn = generations
    .filter((g) => !ilmIndices.has(g.index) && patterns.some((p) => simpleMatch(p, g.index) || (g.events ?? []).some((e) => simpleMatch(p, e.index))))
    .map(lifecycleGenerationTimeline);
  for (const lineage of drawn) lineages.push(lineage);
  return lineages;
}

/** The `type` and `reason` of an error store message (the error's JSON, cut at ES's 1000 characters). */
function errorTypeAndReason(message: string): { type: string; reason: string } {
  try {
    const parsed = JSON.parse(message) as { type?: unknown; reason?: unknown };
    if (typeof parsed.type === 'string' && typeof parsed.reason === 'string') return { type: parsed.type, reason: parsed.reason };
  } catch {
    // A message cut at its maximum length is no longer JSON: shown as it is.
  }
  return { type: 'exception', reason: message };
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
      conditions: report.rollover.conditions.map(conditionRow),
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
      conditions: report.rollover.conditions.map(conditionRow),
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

/** One rollover condition as `/_sim/why` shows it: required against current, and whether ILM added it (8.x). */
function conditionRow(c: {
  readonly name: string;
  readonly required: string;
  readonly requiredValue: number;
  readonly currentValue: number;
  readonly unit: string;
  readonly met: boolean;
  readonly implicit?: boolean;
}): Record<string, unknown> {
  const row: Record<string, unknown> = {
    condition: c.name,
    required: c.required,
    required_value: c.requiredValue,
    current_value: c.currentValue,
    unit: c.unit,
    met: c.met,
  };
  if (c.implicit !== undefined) row['implicit'] = c.implicit;
  return row;
}
