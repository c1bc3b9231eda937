/**
 * The lifecycle waits that read shard allocation (ES `AllocationRoutedStep`, `DataTierMigrationRoutedStep`,
 * `CheckShrinkReadyStep`, `ShrunkShardsAllocatedStep`, `WaitForActiveShardsStep`) and the `step_info`
 * shapes they and the faults that hold them print. They ask the cluster's allocation delay model
 * (`cluster/allocation.ts`) whether an index's copies are still moving, then, on configured nodes,
 * where they sit (`cluster/shard-placement.ts`); they never change the models, the settings or the
 * clock (`now` comes in the step context).
 */
import { IndexMetadata, numberOfReplicas, numberOfShards, SETTING_TIER_PREFERENCE } from '../cluster/cluster';
import { allocationModel } from '../cluster/allocation';
import { copiesOf, copiesThatMayNotStay, preferredAvailableTier, tierListOf } from '../cluster/shard-placement';
import { topologyOf } from '../cluster/topology';
import { illegalState, EsException } from '../errors';
import type { Profile } from '../profile';
import { COMPLETE, notYet, StepContext, WaitResult } from './steps';

/**
 * ES `AllocationInfo` (`step/info/AllocationInfo.java`): `message`, `shards_left_to_allocate`,
 * `all_shards_active`, then the replica count. Its field is `actual_replicas` in 6.x
 * (`AllocationRoutedStep.Info`) and 7.10 (the `AllocationInfo` DataTierMigrationRoutedStep brought, under
 * the pre-2021 licence header), `number_of_replicas` later: a user's February 2021 explain
 * (elastic/elasticsearch#69347, a 7.11 Cloud cluster) already shows it, so 7.17 (allocate chain `v8`)
 * prints it as 8.x does. The stored ES sources hold only those two versions of the class, so the exact
 * release of the rename (7.11 at the latest) is inferred; the profile's allocate chain variant tells
 * the two apart.
 */
export function allocationInfo(profile: Profile, replicas: number, shardsLeft: number, allActive: boolean, message: string): object {
  const replicaField = profile.chains.allocate === 'v8' ? 'number_of_replicas' : 'actual_replicas';
  return { message, shards_left_to_allocate: shardsLeft, all_shards_active: allActive, [replicaField]: replicas };
}

/** ES `AllocationInfo.waitingForActiveShardsAllocationInfo`. */
export function waitingForActiveShardsInfo(profile: Profile, replicas: number): object {
  return allocationInfo(profile, replicas, -1, false, 'Waiting for all shard copies to be active');
}

/**
 * The `watches` of the waits that read only their own index's placement (see `Step`): the nodes
 * changing, its shards starting and its settings changing all mark the index itself changed, so it
 * watches itself.
 */
export function readsOnlyItsOwnIndex({ index }: StepContext): readonly string[] {
  return [index.name];
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
  const replicas = numberOfReplicas(index);
  let left: number;
  if (state.settled) {
    // On a configured topology: copies not all assigned, or assigned where the filters (ES builds the
    // step's deciders from `FilterAllocationDecider` alone) would not let them stay.
    const placed = copiesOf(cluster, index);
    if (placed === null) return COMPLETE;
    if (placed.some((copy) => copy.node === null)) return notYet(waitingForActiveShardsInfo(profile, replicas));
    left = copiesThatMayNotStay(cluster, index, 'filter');
    if (left === 0) return COMPLETE;
  } else {
    if (!state.copiesActive) return notYet(waitingForActiveShardsInfo(profile, replicas));
    left = copies(index);
  }
  return notYet(allocationInfo(profile, replicas, left, true, `Waiting for [${left}] shards to be allocated to nodes matching the given filters`));
}

/**
 * ES `DataTierMigrationRoutedStep` (`check-migration`): waits while copies are not all active, then
 * while copies sit on nodes the tier preference (ES builds the step's deciders from
 * `DataTierAllocationDecider` alone) would not let them stay. The message names the first tier of the
 * preference that has a node, or says no tier has one. 8.x (and 7.17) print the preference as a Java
 * list (`[data_warm, data_hot]`); 7.10 printed the setting's text in brackets (`[data_warm,data_hot]`,
 * as in elastic/elasticsearch#69347). On the default node every tier is there, so only the slow
 * allocation model (`/_sim/allocation`) holds it.
 */
export function migrationRoutedWait({ cluster, index, now, profile }: StepContext, configuredPreference: string): WaitResult {
  const state = allocationModel(cluster).observe(index, now);
  const replicas = numberOfReplicas(index);
  const placed = state.settled ? copiesOf(cluster, index) : null;
  if (state.settled && placed === null) return COMPLETE;
  const text = placed === null ? configuredPreference : (index.settings.get(SETTING_TIER_PREFERENCE) ?? '');
  const tiers = tierListOf(text);
  if (placed?.some((copy) => copy.node === null)) return notYet(waitingForActiveShardsInfo(profile, replicas));
  if (!state.settled && !state.copiesActive) return notYet(waitingForActiveShardsInfo(profile, replicas));
  if (tiers.length === 0) return COMPLETE;
  const left = placed === null ? copies(index) : copiesThatMayNotStay(cluster, index, 'tier');
  if (left === 0) return COMPLETE;
  const tier = placed === null ? tiers[0]! : preferredAvailableTier(tiers, topologyOf(cluster));
  const configuration = profile.chains.migrate === 'v8' ? `[${tiers.join(', ')}]` : `[${text}]`;
  const message =
    tier === null
      ? `index [${index.name}] has a preference for tiers ${configuration}, but no nodes for any of those tiers are available in the cluster`
      : `[${index.name}] lifecycle action [migrate] waiting for [${left}] shards to be moved to the [${tier}] tier (tier migration preference configuration is ${configuration})`;
  return notYet(allocationInfo(profile, replicas, left, true, message));
}

/**
 * ES `CheckShrinkReadyStep` (`check-shrink-allocation`): one copy of every shard must sit on the node
 * `index.routing.allocation.require._id` names. Until the pinning settles none does.
 */
export function shrinkReadyWait({ cluster, index, now }: StepContext): WaitResult {
  const state = allocationModel(cluster).observe(index, now);
  const nodeId = index.settings.get('index.routing.allocation.require._id');
  const shards = numberOfShards(index);
  if (!state.settled) return notYet(shrinkReadyInfo(nodeId ?? cluster.nodeId, shards));
  const placed = copiesOf(cluster, index);
  if (placed === null) return COMPLETE;
  if (nodeId === undefined) throw new EsException(illegalState('Cannot check shrink allocation as there are no allocation rules by _id'));
  const found = new Set(placed.filter((copy) => copy.node !== null && copy.node.id === nodeId).map((copy) => copy.shard)).size;
  return found === shards ? COMPLETE : notYet(shrinkReadyInfo(nodeId, shards, found));
}

/** ES `CheckShrinkReadyStep.Info`: the node, the shards expected there and those still to come. */
export function shrinkReadyInfo(nodeId: string, shards: number, found = 0): object {
  return {
    message: `Waiting for node [${nodeId}] to contain [${shards}] shards, found [${found}], remaining [${shards - found}]`,
    node_id: nodeId,
    expected_shards: shards,
    shards_left_to_allocate: shards - found,
  };
}

/**
 * ES `ShrunkShardsAllocatedStep` (`shrunk-shards-allocated`): the shrunken index must exist and have
 * all its copies active. `Info` prints `message`, `shrunk_index_exists`, `actual_shards` (the shrunken
 * index's shard count, -1 while it does not exist) and `all_shards_active`.
 */
export function shrunkShardsAllocatedWait({ cluster, now }: StepContext, shrunkIndexName: string): WaitResult {
  const shrunk = cluster.indices.get(shrunkIndexName);
  if (shrunk && allocationModel(cluster).observe(shrunk, now).settled) {
    // On a configured topology every copy of the shrunken index must be assigned.
    const placed = copiesOf(cluster, shrunk);
    if (placed === null || placed.every((copy) => copy.node !== null)) return COMPLETE;
  }
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
  // ES prints the `ActiveShardCount`: `ALL` for `all`, otherwise the number.
  const setting = rolled.settings.get('index.write.wait_for_active_shards') ?? '1';
  const target = setting.toLowerCase() === 'all' ? 'ALL' : setting;
  let active = 0;
  if (state.settled || state.copiesActive) {
    // On configured nodes: every shard needs that many assigned copies (ES `ActiveShardCount#enoughShardsActive`);
    // the count shown is every active copy of the index.
    const placed = copiesOf(cluster, rolled);
    if (placed === null) return null;
    const wanted = target === 'ALL' ? numberOfReplicas(rolled) + 1 : Number.isInteger(Number(target)) ? Number(target) : 1;
    const perShard = new Array<number>(numberOfShards(rolled)).fill(0);
    for (const copy of placed) if (copy.node !== null) perShard[copy.shard]! += 1;
    if (perShard.every((n) => n >= wanted)) return null;
    active = placed.filter((copy) => copy.node !== null).length;
  }
  return notYet({
    message: `waiting for [${target}] shards to become active, but only [${active}] are active`,
    current_active_shards_count: active,
    target_active_shards_count: target,
    enough_shards_active: false,
  });
}
