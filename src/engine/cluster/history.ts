/**
 * Lifecycle history, like ES's ILM history index: one record per change of an index's step (success,
 * or the error that moved it to ERROR), and one when an action deletes the index. Plain data appended
 * by `cluster.ts`; nothing here reads the clock: times come from the transition.
 *
 * A simulated year of a large cluster writes tens of millions of records, so the log keeps them in
 * columns (typed-array chunks holding ids into tables of index names, policies and step keys) rather
 * than one object each: 25 bytes a record, nothing for the garbage collector to trace. Records
 * come back as plain `HistoryRecord` objects, equal field for field to what was appended.
 *
 * The log is bounded (issue 14, item 3): it shows the newest `limit` records (default
 * DEFAULT_HISTORY_LIMIT; 0 keeps none) and drops older ones a whole chunk at a time, so it holds at
 * most `limit + 65,536` records. An index's name is kept while a record held names it or the index
 * lives; a deleted index releases it with its last record. Records keep their sequence number (0 =
 * first ever appended) across drops, which is what a reader pages by.
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
/** Records shown by default: 1,000,000, about 25 MB of columns. */
export const DEFAULT_HISTORY_LIMIT = 1_000_000;

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
  /** The chunks still held, the first holding records from `firstChunk * CHUNK` on. */
  private readonly chunks: Chunk[] = [];
  private firstChunk = 0;
  /** Records ever appended (the next record's sequence number). */
  private count = 0;
  /**
   * Index names by id (undefined once released): one id per index (not per distinct name), handed
   * out in order without a lookup, so plain arrays indexed by id hold them (no hashing per record).
   */
  private readonly names: Array<string | undefined> = [];
  /** How many ids of `names` still hold a name. */
  private namesHeld = 0;
  /** Records held per name id, and the ids whose index is gone (their name goes with their last record). */
  private readonly nameRecords: number[] = [];
  private readonly releasedNames = new Set<number>();
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

  /** `limit`: how many of the newest records the log shows (0: none, the history is off). */
  constructor(readonly limit = DEFAULT_HISTORY_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`history limit must be a non-negative integer, got [${String(limit)}]`);
  }

  /** Records ever appended; sequence numbers run from `first` to `length - 1`. */
  get length(): number {
    return this.count;
  }

  /** The sequence number of the oldest record shown. */
  get first(): number {
    return Math.max(this.firstChunk * CHUNK, this.count - this.limit);
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

  /** A new id for an index name (each index asks once and keeps it while `holdsName` says so). */
  nameId(name: string): number {
    const id = this.names.length;
    this.names.push(name);
    this.nameRecords.push(0);
    this.namesHeld++;
    return id;
  }

  holdsName(id: number): boolean {
    return id < this.names.length && this.names[id] !== undefined;
  }

  /** Releases the name of `id` (no record and no index holds it any more). */
  private dropName(id: number): void {
    if (this.names[id] === undefined) return;
    this.names[id] = undefined;
    this.namesHeld--;
  }

  /** The index with this name id is gone: its name goes now, or with the last record naming it. */
  releaseName(id: number): void {
    if (!this.holdsName(id)) return;
    if (this.nameRecords[id] === 0) this.dropName(id);
    else this.releasedNames.add(id);
  }

  push(record: HistoryRecord): void {
    const from = record.from === null ? -1 : this.keyId(record.from.phase, record.from.action, record.from.name);
    const to = this.keyId(record.to.phase, record.to.action, record.to.name);
    const nameId = this.nameId(record.index);
    this.append(nameId, record.policy, record.timeMillis, from, to, record.success, record.error);
    this.releaseName(nameId); // an id for this record alone
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
    if (this.limit === 0) return;
    const n = this.count;
    const at = n & CHUNK_MASK;
    if (at === 0) this.chunks.push(newChunk());
    if ((this.firstChunk + 1) * CHUNK <= n + 1 - this.limit) this.dropUnseenChunks();
    const chunk = this.chunks[(n >>> CHUNK_BITS) - this.firstChunk]!;
    this.nameRecords[nameId]!++;
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

  /** Drops the oldest chunks while the chunks after them still hold every record shown. */
  private dropUnseenChunks(): void {
    while (this.chunks.length > 1 && (this.firstChunk + 1) * CHUNK <= this.count + 1 - this.limit) {
      const chunk = this.chunks.shift()!;
      const base = this.firstChunk * CHUNK;
      for (let at = 0; at < CHUNK; at++) {
        const id = chunk.index[at]!;
        const left = this.nameRecords[id]! - 1;
        this.nameRecords[id] = left;
        if (left === 0 && this.releasedNames.delete(id)) this.dropName(id);
        this.errors.delete(base + at);
      }
      this.firstChunk++;
    }
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

  /** Record with sequence number `n` (from `first` to `length - 1`) as a plain object. */
  at(n: number): HistoryRecord {
    const chunk = this.chunks[(n >>> CHUNK_BITS) - this.firstChunk]!;
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

  /** The index name of record `n`, without building the record. */
  indexOf(n: number): string {
    const chunk = this.chunks[(n >>> CHUNK_BITS) - this.firstChunk]!;
    return this.names[chunk.index[n & CHUNK_MASK]!]!;
  }

  /** The records shown that the predicate accepts, oldest first. */
  filter(predicate: (record: HistoryRecord) => boolean): HistoryRecord[] {
    const out: HistoryRecord[] = [];
    for (let n = this.first; n < this.count; n++) {
      const record = this.at(n);
      if (predicate(record)) out.push(record);
    }
    return out;
  }

  *[Symbol.iterator](): IterableIterator<HistoryRecord> {
    for (let n = this.first; n < this.count; n++) yield this.at(n);
  }

  /** How many names and records the log holds (for the tests of its bound). */
  get held(): { names: number; records: number } {
    return { names: this.namesHeld, records: this.count - this.firstChunk * CHUNK };
  }
}
