/**
 * Shrink's choice of node (ES `SetSingleNodeAllocateStep`): a running data node that the index's
 * allocation filters and tier preference allow for a copy of every shard. On the default topology it
 * is the one node. It reads the topology and placements and changes nothing; the step sets the
 * setting.
 *
 * Divergence: ES prefers the allowed node already holding the most bytes of the index, then a random
 * one, after checking each candidate's disk against the low watermark; the simulator takes the allowed
 * node holding the most copies of the index, ties in node name order, and has no disks.
 */
import type { Cluster, IndexMetadata } from '../cluster/cluster';
import { copiesOf, nodeAllows } from '../cluster/shard-placement';
import { isDataNode, topologyOf } from '../cluster/topology';
import { EsException } from '../errors';

/** The id of the node to pin the index to; throws ES's `NoNodeAvailableException` when none may hold it. */
export function singleNodeFor(cluster: Cluster, index: IndexMetadata): string {
  const placed = copiesOf(cluster, index);
  if (placed === null) return cluster.nodeId;
  let best: { id: string; held: number } | null = null;
  for (const node of topologyOf(cluster).running()) {
    if (!isDataNode(node) || !nodeAllows(cluster, index, node, 'filter-and-tier')) continue;
    const held = placed.filter((copy) => copy.node?.id === node.id).length;
    if (best === null || held > best.held) best = { id: node.id, held };
  }
  if (best === null) {
    throw new EsException({
      type: 'no_node_available_exception',
      reason: `could not find any nodes to allocate index [${index.name}] onto prior to shrink`,
      status: 503,
    });
  }
  return best.id;
}
