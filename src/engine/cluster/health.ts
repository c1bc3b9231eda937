/**
 * Shard health of the one simulated node (ES `ClusterIndexHealth`, `ClusterStateHealth`): each index
 * has `index.number_of_shards` primaries and as many replica copies per primary as
 * `index.number_of_replicas`. A replica can never sit on the node holding its primary, so on one node
 * every replica is unassigned (yellow); a new index whose shards are still starting under a slow
 * allocation rule has its primaries initializing, which is yellow too (ES
 * `ClusterShardHealth#getInactivePrimaryHealth`: an empty-store primary not refused by the deciders);
 * copies moving to new allocation rules count as relocating. Nothing here is ever red: the one node
 * takes every shard. On a configured topology (`topology.ts`) the counts come from where each copy sits
 * (`shard-placement.ts`): an unassigned primary is red, an unassigned replica yellow. Pure: reads the
 * allocation model at `now`, changes nothing.
 *
 * Divergence: on the default topology the one node holds every role and tier, whatever the allocation
 * filters ask for.
 */
import type { AllocationModel } from './allocation';
import { IndexMetadata, numberOfReplicas, numberOfShards } from './cluster';
import type { ShardCopy } from './shard-placement';

export type HealthStatus = 'green' | 'yellow' | 'red';

export interface IndexHealth {
  readonly status: HealthStatus;
  readonly numberOfShards: number;
  readonly numberOfReplicas: number;
  readonly activePrimaryShards: number;
  readonly activeShards: number;
  readonly relocatingShards: number;
  readonly initializingShards: number;
  readonly unassignedShards: number;
  readonly unassignedPrimaryShards: number;
}

/** One index's shard counts at `now`. */
export function indexHealth(index: IndexMetadata, allocation: AllocationModel, now: number, placed: readonly ShardCopy[] | null = null): IndexHealth {
  const primaries = numberOfShards(index);
  const replicas = numberOfReplicas(index);
  const state = allocation.observe(index, now);
  // A new index (its copies not active yet, and created at the start of the wait): primaries starting.
  const starting = !state.settled && !state.copiesActive && state.activeAt === index.creationDate + allocation.delayFor(index.name);
  const relocating = !state.settled && state.copiesActive ? primaries : 0;
  const assignedPrimaries = placed === null ? primaries : placed.filter((c) => c.primary && c.node !== null).length;
  const assigned = placed === null ? primaries : placed.filter((c) => c.node !== null).length;
  const activePrimaries = starting ? 0 : assignedPrimaries;
  const initializing = starting ? assignedPrimaries : 0;
  const unassigned = placed === null ? primaries * replicas : placed.length - assigned;
  const unassignedPrimaries = primaries - assignedPrimaries;
  const status: HealthStatus = unassignedPrimaries > 0 ? 'red' : starting || unassigned > 0 ? 'yellow' : 'green';
  return {
    status,
    numberOfShards: primaries,
    numberOfReplicas: replicas,
    activePrimaryShards: activePrimaries,
    activeShards: starting ? 0 : assigned,
    relocatingShards: relocating,
    initializingShards: initializing,
    unassignedShards: unassigned,
    unassignedPrimaryShards: unassignedPrimaries,
  };
}

/** The worst of the statuses (green when there are none, as ES answers for an empty cluster). */
export function worstStatus(statuses: readonly HealthStatus[]): HealthStatus {
  if (statuses.includes('red')) return 'red';
  if (statuses.includes('yellow')) return 'yellow';
  return 'green';
}
