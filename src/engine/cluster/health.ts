/**
 * Shard health of the one simulated node (ES `ClusterIndexHealth`, `ClusterStateHealth`): each index
 * has `index.number_of_shards` primaries and as many replica copies per primary as
 * `index.number_of_replicas`. A replica can never sit on the node holding its primary, so on one node
 * every replica is unassigned (yellow); a new index whose shards are still starting under a slow
 * allocation rule has its primaries initializing, which is yellow too (ES
 * `ClusterShardHealth#getInactivePrimaryHealth`: an empty-store primary not refused by the deciders);
 * copies moving to new allocation rules count as relocating. Nothing here is ever red: the one node
 * takes every shard. Pure: reads the allocation model at `now`, changes nothing.
 *
 * Divergence: ES's cluster has the nodes it has; the simulator answers what one node holding every
 * role and tier answers, whatever the allocation filters ask for.
 */
import type { AllocationModel } from './allocation';
import { IndexMetadata, numberOfReplicas, numberOfShards } from './cluster';

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
export function indexHealth(index: IndexMetadata, allocation: AllocationModel, now: number): IndexHealth {
  const primaries = numberOfShards(index);
  const replicas = numberOfReplicas(index);
  const state = allocation.observe(index, now);
  // A new index (its copies not active yet, and created at the start of the wait): primaries starting.
  const starting = !state.settled && !state.copiesActive && state.activeAt === index.creationDate + allocation.delayFor(index.name);
  const relocating = !state.settled && state.copiesActive ? primaries : 0;
  const activePrimaries = starting ? 0 : primaries;
  const initializing = starting ? primaries : 0;
  const unassigned = primaries * replicas;
  const status: HealthStatus = starting || unassigned > 0 ? 'yellow' : 'green';
  return {
    status,
    numberOfShards: primaries,
    numberOfReplicas: replicas,
    activePrimaryShards: activePrimaries,
    activeShards: activePrimaries,
    relocatingShards: relocating,
    initializingShards: initializing,
    unassignedShards: unassigned,
    unassignedPrimaryShards: 0,
  };
}

/** The worst of the statuses (green when there are none, as ES answers for an empty cluster). */
export function worstStatus(statuses: readonly HealthStatus[]): HealthStatus {
  if (statuses.includes('red')) return 'red';
  if (statuses.includes('yellow')) return 'yellow';
  return 'green';
}
