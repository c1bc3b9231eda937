/**
 * Virtual time for ILM: poll ticks every `pollIntervalMillis` from the start instant (ES
 * `TimeValueSchedule`), async-action events due at an instant, and per-index wake-ups so advancing the
 * clock costs in proportion to what can change, not to indices x ticks. Events are totally ordered by
 * due time, then sequence number, then index name. No I/O, no wall clock: time moves only when told.
 */
import { MinHeap } from './heap';
import type { IndexMetadata } from '../engine/cluster/cluster';
import type { StepKey } from '../engine/cluster/step-key';

/**
 * An async action or retry to run at `due`. `record` is the index record it was scheduled for when the
 * scheduler had it (the name is looked up again when that record has been deleted since). `depth`: 1
 * for an event scheduled between events, one more than the running event's otherwise.
 */
export interface SimEvent {
  readonly kind: 'async-action' | 'retry';
  readonly due: number;
  readonly seq: number;
  readonly index: string;
  readonly record: IndexMetadata | null;
  /** The async action's step (null for a retry). */
  readonly key: StepKey | null;
  readonly depth: number;
}

/** An index waiting for an instant, as its record was at `generation` (stale once that changed). */
interface PhaseWait {
  readonly at: number;
  readonly record: IndexMetadata;
  readonly generation: number;
}

/**
 * Waits by instant: one bucket per distinct instant, in insertion order, and a min-heap of the
 * instants. Indices created together wait for the same instant, so a large cluster has few buckets and
 * a push or pop costs no comparisons of names. Waits for the same instant come out in the order they
 * went in; every caller collects them into a set it then runs in name order.
 */
export class WaitQueue {
  private readonly instants = new MinHeap<number>((a, b) => a < b);
  private readonly buckets = new Map<number, { readonly waits: PhaseWait[]; head: number }>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(wait: PhaseWait): void {
    let bucket = this.buckets.get(wait.at);
    if (bucket === undefined) {
      this.buckets.set(wait.at, (bucket = { waits: [], head: 0 }));
      this.instants.push(wait.at);
    }
    bucket.waits.push(wait);
    this.count++;
  }

  /** The earliest instant any wait is for (Infinity when there is none). */
  firstAt(): number {
    return this.instants.peek() ?? Infinity;
  }

  /** The earliest wait (the first in of its instant), or undefined. */
  peek(): PhaseWait | undefined {
    const at = this.instants.peek();
    if (at === undefined) return undefined;
    const bucket = this.buckets.get(at)!;
    return bucket.waits[bucket.head];
  }

  pop(): PhaseWait | undefined {
    const at = this.instants.peek();
    if (at === undefined) return undefined;
    const bucket = this.buckets.get(at)!;
    const wait = bucket.waits[bucket.head]!;
    bucket.waits[bucket.head++] = undefined as unknown as PhaseWait;
    this.count--;
    if (bucket.head === bucket.waits.length) {
      this.buckets.delete(at);
      this.instants.pop();
    }
    return wait;
  }
}

function eventBefore(a: SimEvent, b: SimEvent): boolean {
  if (a.due !== b.due) return a.due < b.due;
  if (a.seq !== b.seq) return a.seq < b.seq;
  return a.index < b.index;
}

/**
 * The event queue: a min-heap by `eventBefore`, with a fast path. Events are scheduled "due now" and
 * the clock never goes back, so they nearly always arrive in (due, seq) order; those are appended to a
 * FIFO run in O(1). One that would sort before the FIFO's last event goes to the heap, and
 * `peekDue`/`popInto` take the smaller head of the two, so the order is exactly the heap order in
 * every case.
 */
export class EventQueue {
  private fifo: Array<SimEvent | undefined> = [];
  private head = 0;
  private readonly heap = new MinHeap<SimEvent>(eventBefore);

  get size(): number {
    return this.fifo.length - this.head + this.heap.size;
  }

  push(kind: SimEvent['kind'], due: number, seq: number, index: string, record: IndexMetadata | null, key: StepKey | null, depth: number): void {
    const event: SimEvent = { kind, due, seq, index, record, key, depth };
    const last = this.fifo.length > this.head ? this.fifo[this.fifo.length - 1]! : undefined;
    if (last === undefined || eventBefore(last, event)) this.fifo.push(event);
    else this.heap.push(event);
  }

  private first(): SimEvent | undefined {
    const first = this.head < this.fifo.length ? this.fifo[this.head] : undefined;
    const top = this.heap.peek();
    if (first === undefined) return top;
    return top !== undefined && eventBefore(top, first) ? top : first;
  }

  /** The first event, left in the queue. */
  peek(): SimEvent | undefined {
    return this.first();
  }

  /** The first event's due time (Infinity when the queue is empty). */
  peekDue(): number {
    return this.first()?.due ?? Infinity;
  }

  /** Removes and returns the first event. */
  pop(): SimEvent | undefined {
    const first = this.head < this.fifo.length ? this.fifo[this.head] : undefined;
    const top = this.heap.peek();
    if (first === undefined || (top !== undefined && eventBefore(top, first))) return this.heap.pop();
    this.fifo[this.head++] = undefined;
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
  readonly phaseWaits = new WaitQueue();
  /** Async waits that cannot be met before a later tick, by that tick (see `nextChange`). */
  readonly delayedPolls = new WaitQueue();
  /** Indices the next poll tick must look at (async waits, retryable errors). */
  pollSet = new Set<string>();
  /** Indices a cluster change must look at (cluster-state waits, uninitialised indices). */
  readonly clusterChangeSet = new Set<string>();
  private seq = 0;
  /** The last poll tick processed (the start instant before the first). */
  lastTick: number;

  constructor(
    public start: number,
    public pollIntervalMillis: number,
  ) {
    this.lastTick = start;
  }

  /**
   * A new poll interval from `now` on (ES `IndexLifecycleService` reschedules its job when
   * `indices.lifecycle.poll_interval` changes): the next tick falls one new interval after `now`.
   */
  reschedule(now: number, pollIntervalMillis: number): void {
    this.start = now;
    this.pollIntervalMillis = pollIntervalMillis;
    this.lastTick = now;
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
function firstCurrent(heap: WaitQueue, isCurrent: (wait: PhaseWait) => boolean): PhaseWait | null {
  for (;;) {
    const wait = heap.peek();
    if (!wait) return null;
    if (isCurrent(wait)) return wait;
    heap.pop();
  }
}

export type { PhaseWait };
