/**
 * The simulated cluster's shard allocation. By default the cluster has enough nodes of every tier and
 * attribute, so shard copies are active on the right nodes the instant a change asks for it. A scenario
 * may make allocation slow (`PUT /_sim/allocation`): after a change that moves shards (a new index,
 * more replicas, new `index.routing.allocation.*` rules) the index's copies are in place only `delay`
 * later, and the waits that read allocation answer with ES's `step_info` until then. This module keeps
 * that model and builds those answers; it never schedules anything (the simulator asks `nextStart` and
 * wakes the index), never reads the clock (`now` is an argument) and never changes index settings.
 */
import { Cluster, IndexMetadata, numberOfReplicas, numberOfShards } from './cluster';
import { simpleMatch } from './index-resolver';
import type { Profile } from '../profile';
import { COMPLETE, notYet, StepContext, WaitResult } from '../lifecycle/steps';

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

/**
 * ES `AllocationInfo` (`step/info/AllocationInfo.java`): `message`, `shards_left_to_allocate`,
 * `all_shards_active`, then the replica count. Its field was `actual_replicas` through 7.x (the
 * pre-2021 `AllocationInfo` and 6.x `AllocationRoutedStep.Info`) and `number_of_replicas` in 8.x; the
 * profile's allocate chain variant tells the two apart.
 */
export function allocationInfo(profile: Profile, replicas: number, shardsLeft: number, allActive: boolean, message: string): object {
  const replicaField = profile.chains.allocate === 'v8' ? 'number_of_replicas' : 'actual_replicas';
  return { message, shards_left_to_allocate: shardsLeft, all_shards_active: allActive, [replicaField]: replicas };
}

/** ES `AllocationInfo.waitingForActiveShardsAllocationInfo`. */
export function waitingForActiveShardsInfo(profile: Profile, replicas: number): object {
  return allocationInfo(profile, replicas, -1, false, 'Waiting for all shard copies to be active');
}

function copies(index: IndexMetadata): number {
  return numberOfShards(index) * (numberOfReplicas(index) + 1);
}

/**
 * ES `AllocationRoutedStep` (`check-allocation`): waits while copies are not all active, then while
 * copies still sit on nodes the new rules exclude (every copy moves in the simulation).
 */
export function allocationRoutedWait({ cluster, index, now, profile }: StepContext): WaitResult {
  const state = allocationModel(cluster).observe(index, now);
  if (state.settled) return COMPLETE;
  const replicas = numberOfReplicas(index);
  if (!state.copiesActive) return notYet(waitingForActiveShardsInfo(profile, replicas));
  const left = copies(index);
  return notYet(allocationInfo(profile, replicas, left, true, `Waiting for [${left}] shards to be allocated to nodes matching the given filters`));
}

/**
 * ES `DataTierMigrationRoutedStep` (`check-migration`). The message names the first tier of the
 * preference (the simulated cluster has nodes of every tier). 8.x prints the preference as a Java list
 * (`[data_warm, data_hot]`); 7.x printed the setting's text in brackets (`[data_warm,data_hot]`, as in
 * elastic/elasticsearch#69347).
 */
export function migrationRoutedWait({ cluster, index, now, profile }: StepContext, tierPreference: string): WaitResult {
  const state = allocationModel(cluster).observe(index, now);
  if (state.settled) return COMPLETE;
  const replicas = numberOfReplicas(index);
  if (!state.copiesActive) return notYet(waitingForActiveShardsInfo(profile, replicas));
  const tiers = tierPreference.split(',').map((t) => t.trim()).filter((t) => t.length > 0);
  if (tiers.length === 0) return COMPLETE;
  const left = copies(index);
  const configuration = profile.chains.migrate === 'v8' ? `[${tiers.join(', ')}]` : `[${tierPreference}]`;
  return notYet(
    allocationInfo(
      profile,
      replicas,
      left,
      true,
      `[${index.name}] lifecycle action [migrate] waiting for [${left}] shards to be moved to the [${tiers[0]}] tier (tier migration preference configuration is ${configuration})`,
    ),
  );
}

/**
 * ES `CheckShrinkReadyStep` (`check-shrink-allocation`): one copy of every shard must sit on the node
 * `index.routing.allocation.require._id` names. Until the pinning settles none does.
 */
export function shrinkReadyWait({ cluster, index, now }: StepContext): WaitResult {
  const state = allocationModel(cluster).observe(index, now);
  if (state.settled) return COMPLETE;
  return notYet(shrinkReadyInfo(index.settings.get('index.routing.allocation.require._id') ?? cluster.nodeId, numberOfShards(index)));
}

/** ES `CheckShrinkReadyStep.Info` while no copy sits on the node yet. */
export function shrinkReadyInfo(nodeId: string, shards: number): object {
  return {
    message: `Waiting for node [${nodeId}] to contain [${shards}] shards, found [0], remaining [${shards}]`,
    node_id: nodeId,
    expected_shards: shards,
    shards_left_to_allocate: shards,
  };
}

/**
 * ES `ShrunkShardsAllocatedStep` (`shrunk-shards-allocated`): the shrunken index must exist and have
 * all its copies active. `Info` prints `message`, `shrunk_index_exists`, `actual_shards` (the shrunken
 * index's shard count, -1 while it does not exist) and `all_shards_active`.
 */
export function shrunkShardsAllocatedWait({ cluster, now }: StepContext, shrunkIndexName: string): WaitResult {
  const shrunk = cluster.indices.get(shrunkIndexName);
  if (shrunk && allocationModel(cluster).observe(shrunk, now).settled) return COMPLETE;
  return notYet(shrunkShardsInfo(shrunk));
}

/** ES `ShrunkShardsAllocatedStep.Info` while it waits: for the shrunken index to exist, or for its copies. */
export function shrunkShardsInfo(shrunk: IndexMetadata | undefined): object {
  return shrunk
    ? { message: 'Waiting for all shard copies to be active', shrunk_index_exists: true, actual_shards: numberOfShards(shrunk), all_shards_active: false }
    : { message: 'Waiting for shrunk index to be created', shrunk_index_exists: false, actual_shards: -1, all_shards_active: false };
}

/**
 * ES `WaitForActiveShardsStep` (`wait-for-active-shards`, 7.x+): the index rolled over to must have
 * `index.write.wait_for_active_shards` copies of each shard active (default `1`). While its shards
 * are still allocating none is active. Null when the target is settled (the caller completes), so the
 * caller keeps its own missing-index handling.
 */
export function activeShardsWait({ cluster, now }: StepContext, rolledIndexName: string): WaitResult | null {
  const rolled = cluster.indices.get(rolledIndexName);
  if (!rolled) return null;
  const state = allocationModel(cluster).observe(rolled, now);
  if (state.settled || state.copiesActive) return null;
  // ES prints the `ActiveShardCount`: `ALL` for `all`, otherwise the number.
  const setting = rolled.settings.get('index.write.wait_for_active_shards') ?? '1';
  const target = setting.toLowerCase() === 'all' ? 'ALL' : setting;
  return notYet({
    message: `waiting for [${target}] shards to become active, but only [0] are active`,
    current_active_shards_count: 0,
    target_active_shards_count: target,
    enough_shards_active: false,
  });
}
