/**
 * Virtual time for ILM: poll ticks every `pollIntervalMillis` from the start instant (ES
 * `TimeValueSchedule`), async-action events due at an instant, and per-index wake-ups so advancing the
 * clock costs in proportion to what can change, not to indices x ticks. Events are totally ordered by
 * due time, then sequence number, then index name. No I/O, no wall clock: time moves only when told.
 */
import { MinHeap } from './heap';
import type { StepKey } from '../engine/step-key';

/** `depth`: 1 for an event scheduled between events, one more than the running event's otherwise. */
export type SimEvent =
  | { readonly kind: 'async-action'; readonly due: number; readonly seq: number; readonly index: string; readonly key: StepKey; readonly depth: number }
  | { readonly kind: 'retry'; readonly due: number; readonly seq: number; readonly index: string; readonly depth: number };

interface PhaseWait {
  readonly at: number;
  readonly index: string;
  readonly generation: number;
}

function eventBefore(a: SimEvent, b: SimEvent): boolean {
  if (a.due !== b.due) return a.due < b.due;
  if (a.seq !== b.seq) return a.seq < b.seq;
  return a.index < b.index;
}

/**
 * The event queue: a min-heap by `eventBefore`, with a fast path. Events are scheduled "due now" and
 * the clock never goes back, so they nearly always arrive in (due, seq) order; those are appended to a
 * FIFO run in O(1). One that would sort before the FIFO's last event goes to the heap, and `peek`/`pop`
 * take the smaller head of the two, so the order is exactly the heap order in every case.
 */
class EventQueue {
  private fifo: SimEvent[] = [];
  private head = 0;
  private readonly heap = new MinHeap<SimEvent>(eventBefore);

  get size(): number {
    return this.fifo.length - this.head + this.heap.size;
  }

  push(event: SimEvent): void {
    const last = this.fifo.length > this.head ? this.fifo[this.fifo.length - 1]! : undefined;
    if (last === undefined || eventBefore(last, event)) this.fifo.push(event);
    else this.heap.push(event);
  }

  peek(): SimEvent | undefined {
    const first = this.head < this.fifo.length ? this.fifo[this.head] : undefined;
    const top = this.heap.peek();
    if (first === undefined) return top;
    return top !== undefined && eventBefore(top, first) ? top : first;
  }

  pop(): SimEvent | undefined {
    const first = this.head < this.fifo.length ? this.fifo[this.head] : undefined;
    const top = this.heap.peek();
    if (first === undefined || (top !== undefined && eventBefore(top, first))) return this.heap.pop();
    this.fifo[this.head++] = undefined as unknown as SimEvent;
    if (this.head === this.fifo.length) {
      this.fifo = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.fifo.length) {
      this.fifo = this.fifo.slice(this.head);
      this.head = 0;
    }
    return first;
  }

  clear(): void {
    this.fifo = [];
    this.head = 0;
    this.heap.clear();
  }
}

export class Scheduler {
  readonly events = new EventQueue();
  /** Phase-complete steps waiting for `lifecycle date + min_age`, by that instant. */
  readonly phaseWaits = new MinHeap<PhaseWait>((a, b) => a.at < b.at || (a.at === b.at && a.index < b.index));
  /** Async waits that cannot be met before a later tick, by that tick (see `nextChange`). */
  readonly delayedPolls = new MinHeap<PhaseWait>((a, b) => a.at < b.at || (a.at === b.at && a.index < b.index));
  /** Indices the next poll tick must look at (async waits, retryable errors). */
  pollSet = new Set<string>();
  /** Indices a cluster change must look at (cluster-state waits, uninitialised indices). */
  readonly clusterChangeSet = new Set<string>();
  private seq = 0;
  /** The last poll tick processed (the start instant before the first). */
  lastTick: number;

  constructor(
    readonly start: number,
    readonly pollIntervalMillis: number,
  ) {
    this.lastTick = start;
  }

  nextSeq(): number {
    return this.seq++;
  }

  /** The first tick strictly after `t` (ticks fall at start + k * interval, k >= 1). */
  tickAfter(t: number): number {
    return this.start + (Math.floor((t - this.start) / this.pollIntervalMillis) + 1) * this.pollIntervalMillis;
  }

  /** The last tick at or before `t` (the start instant before the first tick). */
  tickAtOrBefore(t: number): number {
    return this.start + Math.max(0, Math.floor((t - this.start) / this.pollIntervalMillis)) * this.pollIntervalMillis;
  }

  /** The first tick at or after `t`. */
  tickAtOrAfter(t: number): number {
    const k = Math.max(1, Math.ceil((t - this.start) / this.pollIntervalMillis));
    return this.start + k * this.pollIntervalMillis;
  }

  /** The next tick that can change something, or null when no index needs one. */
  nextUsefulTick(isCurrent: (wait: PhaseWait) => boolean): number | null {
    const earliest = this.tickAfter(this.lastTick);
    if (this.pollSet.size > 0) return earliest;
    const phase = firstCurrent(this.phaseWaits, isCurrent);
    const delayed = firstCurrent(this.delayedPolls, isCurrent);
    if (phase === null && delayed === null) return null;
    return Math.max(earliest, this.tickAtOrAfter(Math.min(phase?.at ?? Infinity, delayed?.at ?? Infinity)));
  }
}

/** The earliest wait still current, dropping stale ones on the way. */
function firstCurrent(heap: MinHeap<PhaseWait>, isCurrent: (wait: PhaseWait) => boolean): PhaseWait | null {
  for (;;) {
    const wait = heap.peek();
    if (!wait) return null;
    if (isCurrent(wait)) return wait;
    heap.pop();
  }
}

export type { PhaseWait };
