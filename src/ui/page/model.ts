/**
 * The page's pure model: the `/_sim/timeline` answer turned into rows (one per index lineage, grouped
 * under the data stream that backs them), each row's state now, the filters, and the time scale.
 * Pure functions of what the HTTP routes answered: no fetching, no DOM, no clock of its own.
 */

import type { LineageJson, TimelineJson, TimelineWaitJson } from '../../report/timeline-json';

export type { LineageJson, TimelineJson };
type WaitJson = TimelineWaitJson;

/** `GET /_data_stream`, the part the page reads. */
export interface DataStreamsJson {
  readonly data_streams?: readonly { readonly name: string; readonly indices?: readonly { readonly index_name: string }[] }[];
}

/** A lineage's state now, read from its last spans. */
export interface LineageState {
  /** The index that holds the lineage now (after shrink's and searchable snapshot's renames). */
  readonly current: string;
  readonly phase: string | null;
  /** The open wait, if the index is waiting on a step (or in ERROR). */
  readonly wait: WaitJson | null;
  readonly error: { readonly failedStep: string; readonly type: string; readonly reason: string } | null;
  readonly ended: 'deleted' | 'gone' | null;
  /** In ERROR now, or stalled on one step (other than `complete` or rollover's wait) for over a day. */
  readonly problem: boolean;
  /** One line a person reads: `warm`, `warm: ERROR at shrink`, `deleted`. */
  readonly summary: string;
}

export const DAY_MILLIS = 86_400_000;
/** Steps an index sits on for long by design: not a stall. */
const RESTING_STEPS = new Set(['complete', 'check-rollover-ready']);

export function stateOf(lineage: LineageJson, nowMillis: number): LineageState {
  const current = lineage.lineage.length > 0 ? lineage.lineage[lineage.lineage.length - 1]!.index : lineage.index;
  const lastPhase = lineage.phases[lineage.phases.length - 1];
  const phase = lastPhase && lastPhase.end_millis === null ? lastPhase.phase : null;
  const lastWait = lineage.waits[lineage.waits.length - 1];
  const wait = lastWait && lastWait.end_millis === null ? lastWait : null;
  const error = wait && wait.step === 'ERROR' ? { failedStep: wait.failed_step ?? '', type: wait.error?.type ?? '', reason: wait.error?.reason ?? '' } : null;
  const stalled = wait !== null && !RESTING_STEPS.has(wait.step) && nowMillis - wait.start_millis > DAY_MILLIS;
  const summary =
    lineage.ended === 'deleted'
      ? 'deleted'
      : lineage.ended === 'gone'
        ? 'gone'
        : error
          ? `${phase ?? '?'}: ERROR at ${error.failedStep}`
          : wait && !RESTING_STEPS.has(wait.step)
            ? `${phase ?? '?'}: waiting at ${wait.step}`
            : (phase ?? 'unmanaged');
  return { current, phase, wait, error, ended: lineage.ended, problem: error !== null || stalled, summary };
}

/** A row of the timeline: a data stream's heading, or one lineage. */
export type Row =
  | { readonly kind: 'stream'; readonly name: string; readonly count: number }
  | { readonly kind: 'lineage'; readonly lineage: LineageJson; readonly state: LineageState; readonly stream: string | null };

export interface Filters {
  /** An index name pattern, `*` matching any run of characters; several separated by commas. */
  readonly pattern: string;
  /** A policy name, or '' for any. */
  readonly policy: string;
  /** The phase the lineage is in now, `ended` for deleted ones, or '' for any. */
  readonly phase: string;
  readonly problemsOnly: boolean;
}

export const NO_FILTERS: Filters = { pattern: '', policy: '', phase: '', problemsOnly: false };

/** Whether `name` matches an ES-style simple pattern (`*` wildcards). */
export function simpleMatch(pattern: string, name: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === name;
  if (!name.startsWith(parts[0]!)) return false;
  let at = parts[0]!.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = name.indexOf(parts[i]!, at);
    if (found < 0) return false;
    at = found + parts[i]!.length;
  }
  const last = parts[parts.length - 1]!;
  return name.length - at >= last.length && name.endsWith(last);
}

function matchesPattern(pattern: string, lineage: LineageJson, stream: string | null): boolean {
  const patterns = pattern
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (patterns.length === 0) return true;
  const names = [...lineage.lineage.map((n) => n.index), lineage.index, ...(stream ? [stream] : [])];
  return patterns.some((p) => {
    const wanted = p.includes('*') ? p : `*${p}*`;
    return names.some((name) => simpleMatch(wanted, name));
  });
}

function passes(filters: Filters, row: Extract<Row, { kind: 'lineage' }>): boolean {
  if (filters.policy !== '' && row.lineage.policy !== filters.policy) return false;
  if (filters.phase !== '') {
    if (filters.phase === 'ended' ? row.state.ended === null : row.state.phase !== filters.phase || row.state.ended !== null) return false;
  }
  if (filters.problemsOnly && !row.state.problem) return false;
  return matchesPattern(filters.pattern, row.lineage, row.stream);
}

/** The data stream each backing index belongs to (also deleted ones, by ES's `.ds-<stream>-` naming). */
function streamOf(dataStreams: DataStreamsJson): (index: string) => string | null {
  const byIndex = new Map<string, string>();
  const names = (dataStreams.data_streams ?? []).map((s) => s.name).sort((a, b) => b.length - a.length);
  for (const stream of dataStreams.data_streams ?? []) for (const i of stream.indices ?? []) byIndex.set(i.index_name, stream.name);
  return (index) => {
    const known = byIndex.get(index);
    if (known !== undefined) return known;
    const bare = index.replace(/^(?:shrink-\w+-|restored-|partial-)/, '');
    return byIndex.get(bare) ?? names.find((name) => bare.startsWith(`.ds-${name}-`)) ?? null;
  };
}

/**
 * The rows the timeline shows, filtered: data streams first (by name, each heading followed by its
 * backing lineages in timeline order), then the indices outside any stream, in timeline order.
 */
export function rowsOf(timeline: TimelineJson, dataStreams: DataStreamsJson, filters: Filters): Row[] {
  const find = streamOf(dataStreams);
  const streams = new Map<string, Extract<Row, { kind: 'lineage' }>[]>();
  const loose: Extract<Row, { kind: 'lineage' }>[] = [];
  for (const lineage of timeline.indices) {
    const stream = find(lineage.index);
    const row = { kind: 'lineage' as const, lineage, state: stateOf(lineage, timeline.now_millis), stream };
    if (!passes(filters, row)) continue;
    if (stream === null) loose.push(row);
    else {
      let list = streams.get(stream);
      if (!list) streams.set(stream, (list = []));
      list.push(row);
    }
  }
  const rows: Row[] = [];
  for (const name of [...streams.keys()].sort()) {
    const list = streams.get(name)!;
    rows.push({ kind: 'stream', name, count: list.length }, ...list);
  }
  rows.push(...loose);
  return rows;
}

/** The policies named in a timeline, sorted. */
export function policiesOf(timeline: TimelineJson): string[] {
  const names = new Set<string>();
  for (const lineage of timeline.indices) if (lineage.policy) names.add(lineage.policy);
  return [...names].sort();
}

/** A window of time the timeline shows. */
export interface View {
  readonly startMillis: number;
  readonly endMillis: number;
}

/** The window that shows every lineage from its first start to a little past now. */
export function fitView(timeline: TimelineJson): View {
  let start = timeline.now_millis;
  for (const lineage of timeline.indices) start = Math.min(start, lineage.start_millis);
  const span = Math.max(timeline.now_millis - start, DAY_MILLIS);
  return { startMillis: start - span * 0.02, endMillis: timeline.now_millis + span * 0.08 };
}

/** Zooms by `factor` (< 1 zooms in) around the instant at `anchor` (0..1 across the window). */
export function zoomView(view: View, factor: number, anchor = 0.5): View {
  const span = view.endMillis - view.startMillis;
  const next = Math.min(Math.max(span * factor, 60_000), 100 * 365 * DAY_MILLIS);
  const at = view.startMillis + span * anchor;
  return { startMillis: at - next * anchor, endMillis: at + next * (1 - anchor) };
}

/** Moves the window by `fraction` of its width (negative: back in time). */
export function panView(view: View, fraction: number): View {
  const shift = (view.endMillis - view.startMillis) * fraction;
  return { startMillis: view.startMillis + shift, endMillis: view.endMillis + shift };
}

/** Ticks for the time axis: round instants (UTC) about `targetCount` across the window. */
export function ticksOf(view: View, targetCount: number): { millis: number; label: string }[] {
  const span = view.endMillis - view.startMillis;
  const steps = [
    60_000,
    300_000,
    900_000,
    3_600_000,
    6 * 3_600_000,
    12 * 3_600_000,
    DAY_MILLIS,
    2 * DAY_MILLIS,
    7 * DAY_MILLIS,
    30 * DAY_MILLIS,
    91 * DAY_MILLIS,
    365 * DAY_MILLIS,
  ];
  const step = steps.find((s) => span / s <= targetCount) ?? steps[steps.length - 1]!;
  const ticks: { millis: number; label: string }[] = [];
  for (let t = Math.ceil(view.startMillis / step) * step; t <= view.endMillis; t += step) {
    const iso = new Date(t).toISOString();
    ticks.push({ millis: t, label: step >= DAY_MILLIS ? iso.slice(0, 10) : iso.slice(5, 16).replace('T', ' ') });
  }
  return ticks;
}
