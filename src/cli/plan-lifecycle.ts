/**
 * The data stream lifecycle part of `ilm-sim plan` (8.11+): reads a `--lifecycle` file, refuses a
 * release without the lifecycle, and after the run reads the stream's generations back from the
 * simulator (`GET /_sim/timeline`, `GET _data_stream/<name>/_lifecycle`, `GET <stream>/_lifecycle/explain`,
 * `GET /_sim/why`) to say when each rolled over, was force merged, downsampled and deleted by retention,
 * how many stay alive, and what went wrong. Like plan.ts it decides nothing the lifecycle does: the
 * engine's `DataStreamLifecycleService` does; this module only reads and words the answers.
 */
import { PROFILES, readJsonFile, type LineageJson, type Simulator } from '../index';
import { isLifecycleGeneration } from '../report/timeline-svg';
import { formatEsDate, formatTimeValueToString, parseTimeValue } from '../engine/xcontent/time';

/** The release that brought the data stream lifecycle (ES 8.11, `DataStreamLifecycle` generally available). */
const LIFECYCLE_SINCE = '8.11';

/** Fields `GET _data_stream/<name>/_lifecycle` prints that a PUT body may not carry. */
const OUTPUT_ONLY_FIELDS = ['effective_retention', 'retention_determined_by', 'rollover'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Refuses a release without the data stream lifecycle; `what` says what asked for it. */
export function lifecycleProfileError(profile: string, what: string): string | null {
  const found = PROFILES.get(profile);
  if (found === undefined || found.dataStreamLifecycle !== null) return null;
  const with_ = [...PROFILES.values()].filter((p) => p.dataStreamLifecycle !== null).map((p) => p.name);
  return `${what}: Elasticsearch ${profile} has no data stream lifecycle (it came with Elasticsearch ${LIFECYCLE_SINCE}); use --profile ${with_.join(' or ')}`;
}

/**
 * A lifecycle file's body for `template.lifecycle` or `PUT _data_stream/<name>/_lifecycle`: the body
 * itself (`{"data_retention": "7d"}`), a `{"lifecycle": {...}}` wrapper (a template's block), or a
 * `GET _data_stream/<name>/_lifecycle` export (the first stream's lifecycle, without the fields only
 * the GET prints).
 */
export function lifecycleFromFile(file: string, cwd: string): Record<string, unknown> {
  const { value } = readJsonFile(file, cwd);
  if (!isObject(value)) throw new Error(`"${file}" holds no data stream lifecycle: expected an object such as {"data_retention": "7d"}`);
  let body: unknown = value;
  if (Array.isArray(value['data_streams'])) {
    const first = value['data_streams'][0] as unknown;
    body = isObject(first) ? first['lifecycle'] : undefined;
    if (!isObject(body)) throw new Error(`"${file}": its data_streams export has no lifecycle`);
  } else if (isObject(value['lifecycle'])) body = value['lifecycle'];
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(body as Record<string, unknown>)) if (!OUTPUT_ONLY_FIELDS.includes(key)) out[key] = item;
  return out;
}

/** What the lifecycle of a stream is, as ES prints it with `include_defaults`. */
export interface StreamLifecycle {
  readonly stream: string;
  readonly enabled: boolean;
  /** `effective_retention` (the stream's, or the global default or max), null: kept forever. */
  readonly retention: string | null;
  readonly retentionMillis: number | null;
  readonly determinedBy: string | null;
  /** The rollover the lifecycle uses, e.g. `max_age=1d [automatic], max_primary_shard_size=50gb, ...`. */
  readonly rollover: string;
  readonly maxAgeMillis: number;
  readonly downsampling: ReadonlyArray<{ readonly after: string; readonly afterMillis: number; readonly fixed_interval: string }>;
  readonly timeSeries: boolean;
}

function millisOf(text: string | undefined): number {
  const parsed = parseTimeValue(String(text ?? '').replace(/ \[automatic\]$/, ''), 'plan');
  return parsed.ok ? parsed.value.millis : 0;
}

/** The stream's lifecycle from `GET _data_stream/<name>/_lifecycle?include_defaults` (null: the stream has none). */
export function streamLifecycle(sim: Simulator, stream: string): StreamLifecycle | null {
  const answer = sim.requestSync({ method: 'GET', path: `/_data_stream/${encodeURIComponent(stream)}/_lifecycle?include_defaults=true` });
  const entry = isObject(answer.body) && Array.isArray(answer.body['data_streams']) ? (answer.body['data_streams'][0] as unknown) : undefined;
  const lifecycle = isObject(entry) ? entry['lifecycle'] : undefined;
  if (answer.status !== 200 || !isObject(lifecycle)) return null;
  const rollover = isObject(lifecycle['rollover']) ? lifecycle['rollover'] : {};
  const retention = typeof lifecycle['effective_retention'] === 'string' ? lifecycle['effective_retention'] : null;
  const rounds = Array.isArray(lifecycle['downsampling']) ? (lifecycle['downsampling'] as Array<Record<string, unknown>>) : [];
  const settings = sim.requestSync({
    method: 'GET',
    path: `/_data_stream/${encodeURIComponent(stream)}?filter_path=data_streams.index_mode`,
  }).body;
  const mode =
    isObject(settings) && Array.isArray(settings['data_streams']) ? (settings['data_streams'][0] as Record<string, unknown>)?.['index_mode'] : undefined;
  return {
    stream,
    enabled: lifecycle['enabled'] !== false,
    retention,
    retentionMillis: retention === null ? null : millisOf(retention),
    determinedBy: typeof lifecycle['retention_determined_by'] === 'string' ? lifecycle['retention_determined_by'] : null,
    rollover: Object.entries(rollover)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(', '),
    maxAgeMillis: millisOf(rollover['max_age'] as string | undefined),
    downsampling: rounds.map((r) => ({ after: String(r['after']), afterMillis: millisOf(r['after'] as string), fixed_interval: String(r['fixed_interval']) })),
    timeSeries: mode === 'time_series',
  };
}

/** How far a plan of this lifecycle runs by default: past the retention (or the last downsampling) by 30 days. */
export function lifecycleHorizonMillis(lifecycle: StreamLifecycle): number {
  const last = Math.max(lifecycle.retentionMillis ?? 0, ...lifecycle.downsampling.map((r) => r.afterMillis));
  return lifecycle.maxAgeMillis + last + 30 * 86_400_000;
}

export { isLifecycleGeneration };

/** One generation as the plan reports it. */
export interface GenerationReport {
  readonly index: string;
  /** Its current (or last) name: a downsampled index replaces its source. */
  readonly current: string;
  readonly created: string;
  readonly rolled_over: string | null;
  readonly force_merged: string | null;
  readonly downsampled: ReadonlyArray<{ readonly index: string; readonly at: string }>;
  readonly deleted: string | null;
}

function at(millis: number): string {
  return formatEsDate(millis).replace(/:00\.000Z$/, 'Z');
}

export function generationReport(lineage: LineageJson): GenerationReport {
  const instant = (action: string) => lineage.actions.find((a) => a.action === action)?.start_millis;
  const rolled = instant('rollover');
  const merged = instant('forcemerge');
  return {
    index: lineage.index,
    current: lineage.lineage[lineage.lineage.length - 1]!.index,
    created: at(lineage.start_millis),
    rolled_over: rolled === undefined ? null : at(rolled),
    force_merged: merged === undefined ? null : at(merged),
    downsampled: lineage.lineage.slice(1).map((n) => ({ index: n.index, at: at(n.start_millis) })),
    deleted: lineage.ended === 'deleted' && lineage.end_millis !== null ? at(lineage.end_millis) : null,
  };
}

/** The generations as a table for the terminal: one line per generation, `-` for what did not happen. */
export function generationTable(generations: readonly GenerationReport[]): string {
  const rows = [
    ['generation', 'created', 'rolled over', 'force merged', 'downsampled', 'deleted (retention)'],
    ...generations.map((g) => [
      g.index,
      g.created,
      g.rolled_over ?? '-',
      g.force_merged ?? '-',
      g.downsampled.length === 0 ? '-' : g.downsampled.map((d) => `${d.at} (${d.index.replace(/^downsample-([^-]+)-.*$/, '$1')})`).join(', '),
      g.deleted ?? '-',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd()).join('\n');
}

/** How many backing indices the stream had after each step of the run, to say what steady state is. */
export class GenerationCounter {
  private readonly samples: Array<{ atMillis: number; count: number }> = [];

  sample(sim: Simulator, stream: string, atMillis: number): void {
    const answer = sim.requestSync({ method: 'GET', path: `/_data_stream/${encodeURIComponent(stream)}?filter_path=data_streams.indices.index_name` }).body;
    const entry = isObject(answer) && Array.isArray(answer['data_streams']) ? (answer['data_streams'][0] as Record<string, unknown>) : undefined;
    this.samples.push({ atMillis, count: Array.isArray(entry?.['indices']) ? (entry['indices'] as unknown[]).length : 0 });
  }

  /**
   * The number of generations alive at the horizon, the most at once, and the range the count keeps to
   * once the first generation could have been deleted (`windowMillis`, retention plus the rollover's
   * max_age, after the start); null without retention or when the horizon ends before that.
   */
  steady(windowMillis: number | null): { atHorizon: number; most: number; range: readonly [number, number] | null } {
    const last = this.samples[this.samples.length - 1];
    const atHorizon = last?.count ?? 0;
    const most = Math.max(0, ...this.samples.map((s) => s.count));
    if (windowMillis === null || last === undefined) return { atHorizon, most, range: null };
    const from = this.samples[0]!.atMillis + windowMillis;
    const settled = this.samples.filter((s) => s.atMillis > from).map((s) => s.count);
    return { atHorizon, most, range: settled.length === 0 ? null : [Math.min(...settled), Math.max(...settled)] };
  }
}

/** What the stream's lifecycle is, in one line: retention (and what set it), the rollover, the downsampling rounds. */
export function lifecycleSummary(lifecycle: StreamLifecycle): string {
  const retention =
    lifecycle.retention === null
      ? 'no data_retention (kept forever)'
      : `data_retention ${lifecycle.retention} (${lifecycle.determinedBy ?? 'data_stream_configuration'})`;
  const rounds =
    lifecycle.downsampling.length === 0 ? '' : `; downsampling ${lifecycle.downsampling.map((r) => `after ${r.after} to ${r.fixed_interval}`).join(', ')}`;
  return `Data stream lifecycle: ${retention}; rollover ${lifecycle.rollover}${rounds}`;
}

export type Steady = ReturnType<GenerationCounter['steady']>;

/** How many generations are alive at the horizon, the most at once, and at steady state (or why there is none to say). */
export function aliveSummary(lifecycle: StreamLifecycle, steady: Steady, troubled: boolean): string {
  const state =
    steady.range !== null
      ? `at steady state ${steady.range[0] === steady.range[1] ? steady.range[0] : `${steady.range[0]} to ${steady.range[1]}`}`
      : troubled
        ? 'no steady state: see the problems'
        : lifecycle.retention === null
          ? 'without retention the count only grows'
          : 'the horizon is too short to see the steady state';
  return `Generations alive at the horizon: ${steady.atHorizon} (the most at once: ${steady.most}; ${state}).`;
}

/** The lifecycle's part of `plan --json`: its configuration as ES prints it, the generations, the counts. */
export function lifecycleJson(lifecycle: StreamLifecycle, generations: readonly GenerationReport[], steady: Steady | null): Record<string, unknown> {
  return {
    data_stream: lifecycle.stream,
    effective_retention: lifecycle.retention,
    retention_determined_by: lifecycle.determinedBy,
    rollover: lifecycle.rollover,
    downsampling: lifecycle.downsampling.map((r) => ({ after: r.after, fixed_interval: r.fixed_interval })),
    generations,
    ...(steady === null ? {} : { alive_at_horizon: steady.atHorizon, most_alive: steady.most, steady_state: steady.range }),
  };
}

/** One generation's problem (the same shape as plan.ts's `Problem`). */
export interface LifecycleProblem {
  readonly index: string;
  readonly text: string;
}

function why(sim: Simulator, index: string): string | null {
  const answer = sim.requestSync({ method: 'GET', path: `/_sim/why/${encodeURIComponent(index)}` });
  return answer.status === 200 && isObject(answer.body) && typeof answer.body['explanation'] === 'string' ? answer.body['explanation'] : null;
}

/**
 * The problems of the lifecycle's generations at the horizon: an error in the lifecycle's error store
 * (explain's `error`, with its retries), a write index that has not rolled over long after its
 * `max_age`, a rolled-over generation past its retention and not deleted; and a lifecycle that
 * downsamples a stream whose indices are not time series (the lifecycle passes them over).
 */
export function lifecycleProblems(
  sim: Simulator,
  lifecycle: StreamLifecycle,
  generations: readonly LineageJson[],
  stuckAfterMillis: number,
  nowMillis: number,
  /** The ILM policy the plan was given (null: the lifecycle alone, so an index ILM manages is a problem). */
  planPolicy: string | null,
): LifecycleProblem[] {
  const problems: LifecycleProblem[] = [];
  if (lifecycle.downsampling.length > 0 && !lifecycle.timeSeries)
    problems.push({
      index: lifecycle.stream,
      text: `the lifecycle of ${lifecycle.stream} has downsampling rounds, but its indices are not time series (index.mode: time_series), so they are never downsampled`,
    });
  // A backing index the lifecycle does not manage, and nothing else does: a template naming a policy
  // that does not exist (index.lifecycle.prefer_ilm, true by default, gives the index to ILM).
  const listed = sim.requestSync({ method: 'GET', path: `/_data_stream/${encodeURIComponent(lifecycle.stream)}` }).body;
  const backing = isObject(listed) && Array.isArray(listed['data_streams']) ? (listed['data_streams'][0] as Record<string, unknown>)?.['indices'] : undefined;
  for (const index of Array.isArray(backing) ? (backing as Array<Record<string, unknown>>) : []) {
    const name = String(index['index_name']);
    const policy = index['ilm_policy'];
    const byIlm = index['managed_by'] === 'Index Lifecycle Management' && typeof policy === 'string';
    const missing =
      index['managed_by'] === 'Unmanaged' || (byIlm && sim.requestSync({ method: 'GET', path: `/_ilm/policy/${encodeURIComponent(policy)}` }).status === 404);
    const settingsText = byIlm ? `, index.lifecycle.name [${policy}] with index.lifecycle.prefer_ilm ${String(index['prefer_ilm'])}` : '';
    if (missing) {
      problems.push({
        index: name,
        text: `${name} is not managed by the data stream lifecycle (managed_by: ${String(index['managed_by'])}${settingsText})${
          byIlm ? `, and the policy [${policy}] does not exist: nothing rolls it over or deletes it` : ''
        }`,
      });
    } else if (byIlm && planPolicy === null) {
      // Planned for the lifecycle alone, but ILM has it (a built-in template naming its policy, say).
      problems.push({
        index: name,
        text: `${name} is managed by ILM, not by the data stream lifecycle (${settingsText.slice(2)}): its lifecycle is not used; set index.lifecycle.prefer_ilm to false in the template (or plan the policy ${policy} with it)`,
      });
    }
  }
  const explained = sim.requestSync({ method: 'GET', path: `/${encodeURIComponent(lifecycle.stream)}/_lifecycle/explain` }).body;
  const entries = isObject(explained) && isObject(explained['indices']) ? explained['indices'] : {};
  for (const lineage of generations) {
    const current = lineage.lineage[lineage.lineage.length - 1]!.index;
    if (lineage.ended !== null) continue;
    const entry = entries[current];
    const error = isObject(entry) && isObject(entry['error']) ? entry['error'] : null;
    if (error !== null) {
      let reason = String(error['message']);
      try {
        const parsed = JSON.parse(reason) as Record<string, unknown>;
        if (typeof parsed['type'] === 'string') reason = `${parsed['type']}: ${String(parsed['reason'])}`;
      } catch {
        // A message cut at ES's 1000 characters is shown as it is.
      }
      const retries = Number(error['retry_count'] ?? 0);
      problems.push({
        index: lineage.index,
        text: `${current} has an error in the data stream lifecycle since ${at(Number(error['first_occurrence_millis']))}${retries > 0 ? ` (retried ${retries} times)` : ''}: ${reason}`,
      });
      continue;
    }
    const rolled = lineage.actions.find((a) => a.action === 'rollover')?.start_millis;
    if (rolled === undefined) {
      const lasted = nowMillis - lineage.start_millis;
      if (lasted > lifecycle.maxAgeMillis + stuckAfterMillis) {
        const explanation = why(sim, current);
        problems.push({
          index: lineage.index,
          text: `${current} has not rolled over for ${formatTimeValueToString(lasted)} (rollover ${lifecycle.rollover})${explanation ? `: ${explanation}` : ''}`,
        });
      }
      continue;
    }
    if (lifecycle.retentionMillis !== null && rolled + lifecycle.retentionMillis + stuckAfterMillis < nowMillis) {
      const explanation = why(sim, current);
      problems.push({
        index: lineage.index,
        text: `${current} is not deleted, though its data_retention ${lifecycle.retention} ran out at ${at(rolled + lifecycle.retentionMillis)}${explanation ? `: ${explanation}` : ''}`,
      });
    }
  }
  return problems;
}
