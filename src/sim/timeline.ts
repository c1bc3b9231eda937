/**
 * The timeline model: a fold of the lifecycle history into one row per index lineage (an index and
 * the indices that replace it: shrink's `shrink-...`, searchable_snapshot's `restored-`/`partial-`,
 * downsample's `downsample-...`), each with its phase, action and wait spans (ERROR spans with ES's
 * reason), ending at the deletion. Pure: the history, the instant "now" and which names exist arrive
 * as arguments; it never reads the clock and never changes the cluster.
 */
import type { HistoryRecord } from '../engine/cluster/history';
import type { StepKey } from '../engine/cluster/step-key';

/** A span of time, `endMillis` null while it lasts. */
export interface Span {
  readonly startMillis: number;
  readonly endMillis: number | null;
}

export interface PhaseSpan extends Span {
  readonly phase: string;
}

export interface ActionSpan extends Span {
  readonly phase: string;
  readonly action: string;
}

/** A step the index stayed on for some time (a wait), or an ERROR (then with its failed step and error). */
export interface WaitSpan extends Span {
  readonly phase: string;
  readonly action: string;
  readonly step: string;
  readonly index: string;
  readonly failedStep?: string;
  readonly error?: { readonly type: string; readonly reason: string };
  /** How many times ILM retried the failed step within this ERROR span (automatic retries). */
  readonly retries?: number;
}

/** One concrete index of a lineage, with the time it held the lineage. */
export interface NameSpan extends Span {
  readonly index: string;
}

/** How a lineage ended: its last index deleted by ILM's delete action, gone some other way, or not yet. */
export type Ending = 'deleted' | 'gone' | null;

export interface LineageTimeline {
  /** The first index of the lineage. */
  readonly index: string;
  readonly policy: string | null;
  readonly names: readonly NameSpan[];
  readonly phases: readonly PhaseSpan[];
  readonly actions: readonly ActionSpan[];
  readonly waits: readonly WaitSpan[];
  readonly startMillis: number;
  readonly endMillis: number | null;
  readonly ended: Ending;
}

/** The actions that replace an index by a new one whose name ends with the old one's. */
const RENAMING_ACTIONS = new Set(['shrink', 'searchable_snapshot', 'downsample']);
const NEW_PHASE = 'new';
const ERROR_STEP = 'ERROR';

interface Builder {
  index: string;
  policy: string | null;
  names: Array<{ index: string; startMillis: number; endMillis: number | null }>;
  /**
   * The last position the lineage got to (its span is drawn when the next comes, or at the end: null
   * before the first) and the step before it (the step an ERROR failed). Earlier positions are already
   * drawn as spans. Kept as fields, not an object per history record.
   */
  lastKey: StepKey | null;
  lastIndex: string;
  lastAtMillis: number;
  lastError: Readonly<Record<string, unknown>> | undefined;
  stepBeforeLast: string | undefined;
  phases: Array<{ -readonly [K in keyof PhaseSpan]: PhaseSpan[K] }>;
  actions: Array<{ -readonly [K in keyof ActionSpan]: ActionSpan[K] }>;
  waits: Array<{ -readonly [K in keyof WaitSpan]: WaitSpan[K] }>;
  endMillis: number | null;
  ended: Ending;
  /** The current index of the lineage has a record that removed it (an action's `complete` after its last step). */
  removedAt: number | null;
}

function errorOf(info: Readonly<Record<string, unknown>> | undefined): { type: string; reason: string } | undefined {
  if (!info) return undefined;
  const { type, reason } = info as { type?: unknown; reason?: unknown };
  if (typeof type === 'string' && typeof reason === 'string') return { type, reason };
  return { type: 'unknown', reason: JSON.stringify(info) };
}

/**
 * Builds the timelines of every lineage in the history, in the order their first indices appeared.
 * `exists` says whether an index of that name is in the cluster now (to tell a lineage that goes on
 * from one whose index was deleted outside ILM).
 */
export function buildTimelines(history: Iterable<HistoryRecord>, nowMillis: number, exists: (name: string) => boolean): LineageTimeline[] {
  const lineages: Builder[] = [];
  /** The lineage each index name belongs to now. */
  const byName = new Map<string, Builder>();
  /** The lineages whose current index is in a renaming action (the only ones a new index can continue). */
  const renaming = new Set<Builder>();
  for (const record of history) {
    let lineage = byName.get(record.index);
    const fresh = record.from === null;
    if (lineage && fresh && record.to.phase === NEW_PHASE) {
      // A new index of a name used before: the old one is gone.
      closeGone(lineage, record.timeMillis);
      lineage = undefined;
    }
    if (!lineage) {
      const source = fresh && record.to.phase !== NEW_PHASE ? sourceOf(record.index, renaming) : undefined;
      if (source) {
        lineage = source;
        const current = lineage.names[lineage.names.length - 1]!;
        if (current.endMillis === null) current.endMillis = record.timeMillis;
        lineage.names.push({ index: record.index, startMillis: record.timeMillis, endMillis: null });
      } else {
        lineage = {
          index: record.index,
          policy: record.policy,
          names: [{ index: record.index, startMillis: record.timeMillis, endMillis: null }],
          lastKey: null,
          lastIndex: record.index,
          lastAtMillis: record.timeMillis,
          lastError: undefined,
          stepBeforeLast: undefined,
          phases: [],
          actions: [],
          waits: [],
          endMillis: null,
          ended: null,
          removedAt: null,
        };
        lineages.push(lineage);
      }
      byName.set(record.index, lineage);
    }
    if (record.policy !== null) lineage.policy = record.policy;
    const current = lineage.names[lineage.names.length - 1]!;
    if (current.index !== record.index) {
      // A record of an index the lineage has moved on from (the old index finishing its action).
      if (isRemoval(record)) endName(lineage, record.index, record.timeMillis);
      continue;
    }
    if (isRemoval(record)) {
      lineage.removedAt = record.timeMillis;
      current.endMillis = record.timeMillis;
      if (record.to.action === 'delete') {
        lineage.endMillis = record.timeMillis;
        lineage.ended = 'deleted';
      }
      continue;
    }
    if (lineage.lastKey !== null) {
      draw(lineage, lineage.lastKey, record.timeMillis, nowMillis);
      lineage.stepBeforeLast = lineage.lastKey.name;
    }
    lineage.lastKey = record.to;
    lineage.lastIndex = record.index;
    lineage.lastAtMillis = record.timeMillis;
    lineage.lastError = record.error;
    if (RENAMING_ACTIONS.has(record.to.action)) renaming.add(lineage);
    else renaming.delete(lineage);
  }
  for (const lineage of lineages) {
    const last = lineage.names[lineage.names.length - 1]!;
    if (lineage.ended === null && !exists(last.index)) {
      // Removed by a renaming action whose successor never came, or deleted outside ILM.
      closeGone(lineage, lineage.removedAt ?? last.endMillis ?? null);
    }
  }
  return lineages.map((l) => finish(l, nowMillis));
}

/** A record written when an action removed its index: `<phase>/<action>/complete` of a real action. */
function isRemoval(record: HistoryRecord): boolean {
  return record.to.name === 'complete' && record.to.action !== 'complete' && record.from !== null && record.from.action === record.to.action;
}

function endName(lineage: Builder, name: string, atMillis: number): void {
  for (const span of lineage.names) if (span.index === name && span.endMillis === null) span.endMillis = atMillis;
}

function closeGone(lineage: Builder, atMillis: number | null): void {
  if (lineage.ended !== null) return;
  const last = lineage.names[lineage.names.length - 1]!;
  if (last.endMillis === null && atMillis !== null) last.endMillis = atMillis;
  lineage.endMillis = atMillis ?? last.endMillis;
  lineage.ended = 'gone';
}

/**
 * The lineage a new index continues: the one whose current index is in a renaming action and whose
 * name the new one ends with (ES names the new index after the old: `shrink-xxxx-<name>`,
 * `restored-<name>`, `partial-<name>`, `downsample-1h-<name>`); the longest such name wins.
 */
function sourceOf(name: string, renaming: ReadonlySet<Builder>): Builder | undefined {
  let best: Builder | undefined;
  let bestLength = 0;
  for (const lineage of renaming) {
    if (lineage.ended !== null) continue;
    const current = lineage.names[lineage.names.length - 1]!;
    const at = lineage.lastKey;
    if (at === null || !RENAMING_ACTIONS.has(at.action)) continue;
    if (current.index.length < name.length && name.endsWith(`-${current.index}`) && current.index.length > bestLength) {
      best = lineage;
      bestLength = current.index.length;
    }
  }
  return best;
}

/**
 * Draws the span of the last position the lineage got to until `until` (the next position's instant,
 * or the lineage's end: null while it lasts): a new phase or action span when the phase or action
 * changes, a wait span when it stayed some time, an ERROR span (an automatic retry that failed again
 * with the same error continues the last one).
 */
function draw(lineage: Builder, key: StepKey, until: number | null, nowMillis: number): void {
  const { phases, actions, waits } = lineage;
  const { phase, action, name } = key;
  const index = lineage.lastIndex;
  const atMillis = lineage.lastAtMillis;
  const failed = lineage.stepBeforeLast;
  // Phases and actions: a new span when the phase (or the action) changes.
  const lastPhase = phases[phases.length - 1];
  if (!lastPhase || lastPhase.phase !== phase) {
    if (lastPhase) lastPhase.endMillis = atMillis;
    phases.push({ phase, startMillis: atMillis, endMillis: null });
  }
  // ERROR stays within its action (its key names the failed step's phase and action).
  const lastAction = actions[actions.length - 1];
  if (!lastAction || lastAction.phase !== phase || lastAction.action !== action) {
    if (lastAction) lastAction.endMillis = atMillis;
    actions.push({ phase, action, startMillis: atMillis, endMillis: null });
  }
  const lasted = until === null ? nowMillis - atMillis : until - atMillis;
  if (name === ERROR_STEP) {
    const error = errorOf(lineage.lastError);
    // An automatic retry that failed again with the same error continues the ERROR span: the failed
    // step in between (run again at once, or waiting for its next poll tick) belongs to it.
    let previous = waits[waits.length - 1];
    let between: WaitSpan | undefined;
    if (previous && previous.step !== ERROR_STEP && failed !== undefined && previous.step === failed) {
      between = previous;
      previous = waits[waits.length - 2];
    }
    if (
      previous &&
      previous.step === ERROR_STEP &&
      previous.index === index &&
      previous.action === action &&
      previous.failedStep === failed &&
      previous.error?.reason === error?.reason &&
      previous.endMillis === (between ? between.startMillis : atMillis)
    ) {
      if (between) waits.pop();
      previous.endMillis = until;
      previous.retries = (previous.retries ?? 0) + 1;
      return;
    }
    waits.push({
      phase,
      action,
      step: ERROR_STEP,
      index,
      startMillis: atMillis,
      endMillis: until,
      ...(failed !== undefined ? { failedStep: failed } : {}),
      ...(error ? { error } : {}),
    });
  } else if (lasted > 0) {
    waits.push({ phase, action, step: name, index, startMillis: atMillis, endMillis: until });
  }
}

/** The lineage's spans once the history is read: its last position drawn to its end, its last phase and action ended there. */
function finish(lineage: Builder, nowMillis: number): LineageTimeline {
  const end = lineage.endMillis;
  if (lineage.lastKey !== null) draw(lineage, lineage.lastKey, end, nowMillis);
  const { phases, actions } = lineage;
  const lastPhase = phases[phases.length - 1];
  if (lastPhase) lastPhase.endMillis = end;
  const lastAction = actions[actions.length - 1];
  if (lastAction) lastAction.endMillis = end;
  // The `new` pseudo-phase is left in the instant the index is created unless the policy is missing.
  const shown = (span: PhaseSpan | ActionSpan) => span.phase !== NEW_PHASE || span.endMillis === null || span.endMillis > span.startMillis;
  return {
    index: lineage.index,
    policy: lineage.policy,
    names: lineage.names,
    phases: phases.every(shown) ? phases : phases.filter(shown),
    actions: actions.every(shown) ? actions : actions.filter(shown),
    waits: lineage.waits,
    startMillis: lineage.names[0]!.startMillis,
    endMillis: end,
    ended: lineage.ended,
  };
}

/** One generation of a stream the data stream lifecycle manages: made, rolled over, deleted by retention. */
export interface LifecycleGeneration {
  /** Its first index (a downsampling replaces it by a new one, named in `events`). */
  readonly index: string;
  readonly dataStream: string;
  readonly createdMillis: number;
  readonly rolledOverMillis: number | null;
  readonly deletedMillis: number | null;
  /** Its force merges and downsamplings, in order (`downsample` names the index that replaced it). */
  readonly events?: ReadonlyArray<{ readonly action: 'forcemerge' | 'downsample'; readonly index: string; readonly atMillis: number }>;
  /** The error the lifecycle's error store holds for its current index (ES `ErrorEntry`), while it lasts. */
  readonly error?: { readonly sinceMillis: number; readonly type: string; readonly reason: string; readonly retries: number };
}

/** The two spans a data stream lifecycle generation is drawn with (the simulator's names: the lifecycle has no phases). */
export const LIFECYCLE_SPANS = ['write', 'rolled_over'] as const;

/**
 * A data stream lifecycle generation drawn like an ILM lineage: a `write` span until its rollover, a
 * `rolled_over` span until retention deletes it (`ended: deleted`). Its operations are actions named as
 * ES's `DataStreamLifecycleService` names them (`rollover`, `forcemerge`, `downsample`, `delete`), each
 * an instant; a downsampled index continues the lineage under its new name, as an ILM rename does; an
 * error in the lifecycle's error store is an ERROR wait from its first occurrence. `policy` is null
 * (no ILM policy manages it).
 */
export function lifecycleGenerationTimeline(generation: LifecycleGeneration): LineageTimeline {
  const end = generation.deletedMillis;
  const phases: PhaseSpan[] = [];
  const rolled = generation.rolledOverMillis;
  phases.push({ phase: 'write', startMillis: generation.createdMillis, endMillis: rolled ?? end });
  if (rolled !== null) phases.push({ phase: 'rolled_over', startMillis: rolled, endMillis: end });
  const actions: ActionSpan[] = rolled === null ? [] : [{ phase: 'write', action: 'rollover', startMillis: rolled, endMillis: rolled }];
  const names: NameSpan[] = [{ index: generation.index, startMillis: generation.createdMillis, endMillis: end }];
  for (const event of generation.events ?? []) {
    actions.push({ phase: 'rolled_over', action: event.action, startMillis: event.atMillis, endMillis: event.atMillis });
    if (event.action !== 'downsample') continue;
    (names[names.length - 1] as { endMillis: number | null }).endMillis = event.atMillis;
    names.push({ index: event.index, startMillis: event.atMillis, endMillis: end });
  }
  if (end !== null) actions.push({ phase: rolled === null ? 'write' : 'rolled_over', action: 'delete', startMillis: end, endMillis: end });
  const error = generation.error;
  const waits: WaitSpan[] =
    error === undefined
      ? []
      : [
          {
            phase: rolled === null ? 'write' : 'rolled_over',
            // The write index is only ever rolled over; a rolled-over one may have failed any operation
            // (the error store does not say which), so the lifecycle itself is named.
            action: rolled === null ? 'rollover' : 'data_stream_lifecycle',
            ...(rolled === null ? { failedStep: 'rollover' } : {}),
            step: ERROR_STEP,
            index: names[names.length - 1]!.index,
            startMillis: error.sinceMillis,
            endMillis: end,
            error: { type: error.type, reason: error.reason },
            ...(error.retries > 0 ? { retries: error.retries } : {}),
          },
        ];
  return {
    index: generation.index,
    policy: null,
    names,
    phases,
    actions,
    waits,
    startMillis: generation.createdMillis,
    endMillis: end,
    ended: end === null ? null : 'deleted',
  };
}
