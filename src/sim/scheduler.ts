/**
 * Virtual time for ILM: poll ticks every `pollIntervalMillis` from the start instant (ES
 * `TimeValueSchedule`), async-action events due at an instant, and per-index wake-ups so advancing the
 * clock costs in proportion to what can change, not to indices x ticks. Events are totally ordered by
 * due time, then sequence number, then index name. No I/O, no wall clock: time moves only when told.
 */
import { MinHeap } from './heap';
import type { StepKey } from '../engine/step-key';

export type SimEvent =
  | { readonly kind: 'async-action'; readonly due: number; readonly seq: number; readonly index: string; readonly key: StepKey }
  | { readonly kind: 'retry'; readonly due: number; readonly seq: number; readonly index: string };

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

export class Scheduler {
  readonly events = new MinHeap<SimEvent>(eventBefore);
  /** Phase-complete steps waiting for `lifecycle date + min_age`, by that instant. */
  readonly phaseWaits = new MinHeap<PhaseWait>((a, b) => a.at < b.at || (a.at === b.at && a.index < b.index));
  /** Indices the next poll tick must look at (async waits, retryable errors). */
  readonly pollSet = new Set<string>();
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

  /** The first tick at or after `t`. */
  tickAtOrAfter(t: number): number {
    const k = Math.max(1, Math.ceil((t - this.start) / this.pollIntervalMillis));
    return this.start + k * this.pollIntervalMillis;
  }

  /** The next tick that can change something, or null when no index needs one. */
  nextUsefulTick(isCurrent: (wait: PhaseWait) => boolean): number | null {
    const earliest = this.tickAfter(this.lastTick);
    if (this.pollSet.size > 0) return earliest;
    for (;;) {
      const wait = this.phaseWaits.peek();
      if (!wait) return null;
      if (!isCurrent(wait)) {
        this.phaseWaits.pop();
        continue;
      }
      return Math.max(earliest, this.tickAtOrAfter(wait.at));
    }
  }
}

export type { PhaseWait };
