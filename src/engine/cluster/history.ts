/**
 * Lifecycle history, like ES's ILM history index: one record per change of an index's step (success,
 * or the error that moved it to ERROR), and one when an action deletes the index. Plain data appended
 * by `cluster.ts`; nothing here reads the clock: times come from the transition.
 *
 * A simulated year of a large cluster writes tens of millions of records, so the log keeps them in
 * columns (typed-array chunks holding ids into tables of index names, policies and step keys) rather
 * than one object each: 25 bytes a record, nothing for the garbage collector to trace. Records
 * come back as plain `HistoryRecord` objects, equal field for field to what was appended.
 */
import type { StepKey } from './step-key';

export interface HistoryRecord {
  readonly index: string;
  readonly policy: string | null;
  readonly timeMillis: number;
  readonly from: StepKey | null;
  readonly to: StepKey;
  readonly success: boolean;
  /** The `step_info` of the ERROR step for a failure. */
  readonly error?: Readonly<Record<string, unknown>>;
}

/** Records per chunk (columns grow a chunk at a time, so appending never copies old records). */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;
/** `policy` and `from` are stored as id + 1, so 0 stands for null. */
const NULL_ID = 0;

interface Chunk {
  readonly time: Float64Array;
  /** Index name id (see `nameId`). */
  readonly index: Int32Array;
  /** Policy id + 1 (0: null). */
  readonly policy: Int32Array;
  /** Step key id + 1 (0: null). */
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** 1 for success. */
  readonly success: Uint8Array;
}

function newChunk(): Chunk {
  return {
    time: new Float64Array(CHUNK),
    index: new Int32Array(CHUNK),
    policy: new Int32Array(CHUNK),
    from: new Int32Array(CHUNK),
    to: new Int32Array(CHUNK),
    success: new Uint8Array(CHUNK),
  };
}

/**
 * The history log: append-only, read back in order. It also hands out step keys: one shared, immutable
 * object per distinct (phase, action, name), with a small id the columns store.
 */
export class HistoryLog {
  private readonly chunks: Chunk[] = [];
  private count = 0;
  /** Index names by id: one id per index (not per distinct name), handed out without a lookup. */
  private readonly names: string[] = [];
  private readonly policyNames: string[] = [];
  private readonly policyIds = new Map<string, number>();
  /** Step keys by id, and their ids looked up by phase, action and name in turn (no combined key). */
  private readonly keys: StepKey[] = [];
  private readonly keyIds = new Map<string, Map<string, Map<string, number>>>();
  /** The error of a failure record, by record number (failures are rare). */
  private readonly errors = new Map<number, Readonly<Record<string, unknown>>>();
  /** The two step keys `keyId` answered last, newest first. */
  private recentA: { phase: string | null; action: string | null; name: string | null; id: number } = { phase: null, action: null, name: null, id: -1 };
  private recentB: { phase: string | null; action: string | null; name: string | null; id: number } = { phase: null, action: null, name: null, id: -1 };
  /** The last policy appended and its id (nearly every record names the same few policies). */
  private lastPolicy: string | null = null;
  private lastPolicyId = NULL_ID;

  get length(): number {
    return this.count;
  }

  /**
   * The id of the step key (phase, action, name), made on first use. The last two answers are checked
   * first: a transition asks for its from and to keys, and a batch of indices makes the same moves.
   */
  keyId(phase: string, action: string, name: string): number {
    const a = this.recentA;
    if (a.name === name && a.action === action && a.phase === phase) return a.id;
    const b = this.recentB;
    if (b.name === name && b.action === action && b.phase === phase) return b.id;
    const id = this.lookUpKeyId(phase, action, name);
    // The older slot takes the new answer and becomes the newer one.
    b.phase = phase;
    b.action = action;
    b.name = name;
    b.id = id;
    this.recentB = a;
    this.recentA = b;
    return id;
  }

  private lookUpKeyId(phase: string, action: string, name: string): number {
    let byAction = this.keyIds.get(phase);
    if (!byAction) this.keyIds.set(phase, (byAction = new Map()));
    let byName = byAction.get(action);
    if (!byName) byAction.set(action, (byName = new Map()));
    let id = byName.get(name);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push({ phase, action, name });
      byName.set(name, id);
    }
    return id;
  }

  /** The shared step key with this id. */
  key(id: number): StepKey {
    return this.keys[id]!;
  }

  /** A new id for an index name (each index asks once and keeps it). */
  nameId(name: string): number {
    this.names.push(name);
    return this.names.length - 1;
  }

  push(record: HistoryRecord): void {
    const from = record.from === null ? -1 : this.keyId(record.from.phase, record.from.action, record.from.name);
    const to = this.keyId(record.to.phase, record.to.action, record.to.name);
    this.append(this.nameId(record.index), record.policy, record.timeMillis, from, to, record.success, record.error);
  }

  /** Appends one record from its fields, name and step keys as ids (-1: no `from`); builds no object. */
  append(
    nameId: number,
    policy: string | null,
    timeMillis: number,
    fromId: number,
    toId: number,
    success: boolean,
    error?: Readonly<Record<string, unknown>>,
  ): void {
    const n = this.count;
    const at = n & CHUNK_MASK;
    if (at === 0) this.chunks.push(newChunk());
    const chunk = this.chunks[n >>> CHUNK_BITS]!;
    if (policy !== this.lastPolicy) {
      this.lastPolicy = policy;
      this.lastPolicyId = policy === null ? NULL_ID : this.policyId(policy) + 1;
    }
    chunk.time[at] = timeMillis;
    chunk.index[at] = nameId;
    chunk.policy[at] = this.lastPolicyId;
    chunk.from[at] = fromId + 1;
    chunk.to[at] = toId;
    chunk.success[at] = success ? 1 : 0;
    if (error !== undefined) this.errors.set(n, error);
    this.count = n + 1;
  }

  private policyId(policy: string): number {
    let id = this.policyIds.get(policy);
    if (id === undefined) {
      id = this.policyNames.length;
      this.policyNames.push(policy);
      this.policyIds.set(policy, id);
    }
    return id;
  }

  /** Record `n` (0 = oldest) as a plain object. */
  at(n: number): HistoryRecord {
    const chunk = this.chunks[n >>> CHUNK_BITS]!;
    const at = n & CHUNK_MASK;
    const policy = chunk.policy[at]!;
    const from = chunk.from[at]!;
    const record: HistoryRecord = {
      index: this.names[chunk.index[at]!]!,
      policy: policy === NULL_ID ? null : this.policyNames[policy - 1]!,
      timeMillis: chunk.time[at]!,
      from: from === NULL_ID ? null : this.keys[from - 1]!,
      to: this.keys[chunk.to[at]!]!,
      success: chunk.success[at] === 1,
    };
    const error = this.errors.get(n);
    return error === undefined ? record : { ...record, error };
  }

  /** The records the predicate accepts, oldest first. */
  filter(predicate: (record: HistoryRecord) => boolean): HistoryRecord[] {
    const out: HistoryRecord[] = [];
    for (let n = 0; n < this.count; n++) {
      const record = this.at(n);
      if (predicate(record)) out.push(record);
    }
    return out;
  }

  *[Symbol.iterator](): IterableIterator<HistoryRecord> {
    for (let n = 0; n < this.count; n++) yield this.at(n);
  }
}
