/**
 * The simulated cluster's shard allocation delay. By default the cluster has one node of every tier and
 * attribute, so shard copies are active on the right nodes the instant a change asks for it; on
 * configured nodes (`topology.ts`) where copies go is `shard-placement.ts`'s answer, and this delay
 * applies on top of it when a settings change moves copies (not when nodes come and go). A scenario
 * may make allocation slow (`PUT /_sim/allocation`): after a change that moves shards (a new index,
 * more replicas, new `index.routing.allocation.*` rules) the index's copies are in place only `delay`
 * later, and the waits that read allocation (`lifecycle/allocation-waits.ts`) answer with ES's
 * `step_info` until then. This module keeps that model; it never schedules anything (the simulator asks
 * `nextStart` and wakes the index), never reads the clock (`now` is an argument) and never changes
 * index settings.
 */
import { Cluster, IndexMetadata, numberOfReplicas } from './cluster';
import { simpleMatch } from './index-resolver';

/** A rule: indices matching `index` (all when null) take `delayMillis` to allocate after a change. */
export interface AllocationRule {
  readonly index: string | null;
  readonly delayMillis: number;
  /** The delay as the user wrote it (`"2h"`), for `GET /_sim/allocation`. */
  readonly delayText: string;
}

/** Where an index's shard copies are: all in place, or still moving until `activeAt`. */
export type ShardsState =
  | { readonly settled: true }
  | {
      readonly settled: false;
      readonly activeAt: number;
      /** New copies (a new index, more replicas) are not active yet; otherwise copies are relocating. */
      readonly copiesActive: boolean;
    };

const SETTLED: ShardsState = { settled: true };
const ROUTING_PREFIX = 'index.routing.allocation.';

interface Tracked {
  readonly uuid: string;
  readonly routing: string;
  readonly replicas: number;
  readonly activeAt: number;
  readonly copiesActive: boolean;
}

/** The allocation routing settings (filters, tier preference, shards per node), in a stable order. */
function routingOf(index: IndexMetadata): string {
  const parts: string[] = [];
  for (const [key, value] of index.settings) if (key.startsWith(ROUTING_PREFIX)) parts.push(`${key}=${value}`);
  return parts.sort().join('\u0000');
}

export class AllocationModel {
  private rules: AllocationRule[] = [];
  private readonly tracked = new Map<string, Tracked>();
  /** Pending shard starts, sorted by instant then index name. */
  private pending: Array<{ readonly at: number; readonly name: string; readonly uuid: string }> = [];

  /** Sets (or, with a zero delay, removes) the rule for `index` (null: every index). */
  setRule(index: string | null, delayMillis: number, delayText: string): void {
    this.rules = this.rules.filter((r) => r.index !== index);
    if (delayMillis > 0) this.rules.push({ index, delayMillis, delayText });
  }

  listRules(): readonly AllocationRule[] {
    return this.rules;
  }

  /** The delay for an index: the rule naming a matching pattern, else the rule for every index, else 0. */
  delayFor(name: string): number {
    const specific = this.rules.find((r) => r.index !== null && simpleMatch(r.index, name));
    return (specific ?? this.rules.find((r) => r.index === null))?.delayMillis ?? 0;
  }

  /**
   * Records a change that moves the index's shards, if one happened since the last look (its first
   * look counts its creation), and answers where its copies are at `now`. With no rule and nothing in
   * flight this costs nothing and every index is settled.
   */
  observe(index: IndexMetadata, now: number): ShardsState {
    if (this.rules.length === 0 && this.tracked.size === 0) return SETTLED;
    let entry = this.tracked.get(index.name);
    if (entry && entry.uuid !== index.uuid) entry = undefined;
    const routing = routingOf(index);
    const replicas = numberOfReplicas(index);
    if (!entry) {
      // First look: the index's creation allocated it.
      entry = { uuid: index.uuid, routing, replicas, activeAt: index.creationDate + this.delayFor(index.name), copiesActive: false };
      this.track(index, entry, now);
    } else if (entry.routing !== routing || replicas > entry.replicas) {
      // New rules relocate every copy; more replicas add copies that are not active yet.
      const copiesActive = replicas <= entry.replicas && (entry.copiesActive || entry.activeAt <= now);
      entry = { uuid: index.uuid, routing, replicas, activeAt: now + this.delayFor(index.name), copiesActive };
      this.track(index, entry, now);
    } else if (replicas !== entry.replicas) {
      // Fewer replicas only drop copies: nothing moves.
      entry = { ...entry, replicas };
      this.tracked.set(index.name, entry);
    }
    if (entry.activeAt <= now) {
      // Nothing in flight any more: forget it unless rules still apply (then keep the fingerprint).
      if (this.rules.length === 0) this.tracked.delete(index.name);
      return SETTLED;
    }
    return { settled: false, activeAt: entry.activeAt, copiesActive: entry.copiesActive };
  }

  /** Indices whose shards are still allocating, soonest first. */
  pendingStarts(): ReadonlyArray<{ readonly at: number; readonly name: string }> {
    return this.pending.map(({ at, name }) => ({ at, name }));
  }

  /** The next instant some index's shards start, if any. */
  nextStart(): number | null {
    return this.pending[0]?.at ?? null;
  }

  /** Removes and returns the indices (name, uuid) whose shards start at or before `instant`. */
  takeStartsDueBy(instant: number): Array<{ readonly name: string; readonly uuid: string }> {
    let count = 0;
    while (count < this.pending.length && this.pending[count]!.at <= instant) count++;
    return this.pending.splice(0, count).map(({ name, uuid }) => ({ name, uuid }));
  }

  private track(index: IndexMetadata, entry: Tracked, now: number): void {
    this.tracked.set(index.name, entry);
    if (entry.activeAt > now) this.schedule(entry.activeAt, index);
  }

  private schedule(at: number, index: IndexMetadata): void {
    const entry = { at, name: index.name, uuid: index.uuid };
    let i = this.pending.length;
    while (i > 0 && (this.pending[i - 1]!.at > at || (this.pending[i - 1]!.at === at && this.pending[i - 1]!.name > index.name))) i--;
    this.pending.splice(i, 0, entry);
  }
}

/**
 * The model belonging to a cluster. Kept beside the cluster rather than in it, so a reset (a new
 * cluster) starts with instant allocation and no rules, like the fault table.
 */
const MODELS = new WeakMap<Cluster, AllocationModel>();

export function allocationModel(cluster: Cluster): AllocationModel {
  let model = MODELS.get(cluster);
  if (!model) MODELS.set(cluster, (model = new AllocationModel()));
  return model;
}
