/**
 * `GET|POST /_cluster/allocation/explain` (ES `RestClusterAllocationExplainAction`,
 * `TransportClusterAllocationExplainAction`, `ClusterAllocationExplanation#toXContent`): why a shard
 * copy is unassigned, or whether it may stay where it is, node by node, with the deciders' own words.
 * The copies come from the placement (`copiesFor`) and the per-node verdicts from
 * `shard-placement.ts`' `deciderVerdicts`; this module only picks the copy, shapes the answer per
 * release and refuses bad requests with ES's errors. It changes nothing.
 *
 * Divergence: the simulated nodes have no disks, no recoveries and no balancer: `include_disk_info` is
 * accepted but no `cluster_info` is printed; nothing is throttled or delayed (a replica whose node left
 * is not held back by `index.unassigned.node_left.delayed_timeout`); `weight_ranking` ranks the data
 * nodes by name; an assigned copy that may stay is always "already balanced" (other nodes answer
 * `worse_balance` or `no`); `include_yes_decisions` lists only the deciders the simulator models; an
 * unassigned copy's `reason` is `NODE_LEFT` for a primary whose node left (`at`: when it left) and
 * `INDEX_CREATED` otherwise (`at`: the index's creation time); without a body, the unassigned copy explained
 * is the first in index-name, shard, primary-first order.
 */
import type { IndexMetadata } from '../../engine/cluster/cluster';
import { numberOfShards } from '../../engine/cluster/cluster';
import { DeciderVerdict, deciderVerdicts, ShardCopy, VerdictMode } from '../../engine/cluster/shard-placement';
import { isDataNode, SimNode, topologyOf } from '../../engine/cluster/topology';
import { actionRequestValidation, EsException, illegalArgument, indexNotFound } from '../../engine/errors';
import type { Profile } from '../../engine/profile';
import { JsonTokenizer } from '../../engine/xcontent/json-tokens';
import { booleanValue, intValue, parseObject } from '../../engine/xcontent/object-parser';
import { formatEsDate } from '../../engine/xcontent/time';
import { copiesFor } from '../cat/cat-node-handlers';
import { booleanParam, HandlerResult, ok, RequestContext } from '../context';

const NOTE =
  'No shard was specified in the explain API request, so this response explains a randomly chosen unassigned shard. There may be other ' +
  'unassigned shards in this cluster which cannot be assigned for different reasons. It may not be possible to assign this shard until one ' +
  'of the other shards is assigned correctly. To explain the allocation of other shards (whether assigned or unassigned) you must specify ' +
  'the target shard in the request to this API.';

const TEXT = {
  short: {
    yes: 'can allocate the shard',
    noCopy: 'cannot allocate because a previous copy of the primary shard existed but can no longer be found on the nodes in the cluster',
    no: 'cannot allocate because allocation is not permitted to any of the nodes',
    balanced: 'cannot rebalance as no target node exists that can both allocate this shard and improve the cluster balance',
    moveYes: 'shard cannot remain on this node and is force-moved to another node',
    moveNo: 'cannot move shard to another node, even though it is not allowed to remain on its current node',
  },
  guided: {
    yes: 'Elasticsearch can allocate the shard.',
    noCopy:
      "Elasticsearch can't allocate this shard because there are no copies of its data in the cluster. Elasticsearch will allocate this shard " +
      'when a node holding a good copy of its data joins the cluster. If no such node is available, restore this index from a recent snapshot.',
    no:
      "Elasticsearch isn't allowed to allocate this shard to any of the nodes in the cluster. Choose a node to which you expect this shard to " +
      'be allocated, find this node in the node-by-node explanation, and address the reasons which prevent Elasticsearch from allocating this ' +
      'shard there.',
    balanced:
      'This shard is in a well-balanced location and satisfies all allocation rules so it will remain on this node. Elasticsearch cannot ' +
      'improve the cluster balance by moving it to another node. If you expect this shard to be rebalanced to another node, find the other ' +
      'node in the node-by-node explanation and address the reasons which prevent Elasticsearch from rebalancing this shard there.',
    moveYes: 'This shard may not remain on its current node. Elasticsearch will move it to another node.',
    moveNo:
      "This shard may not remain on its current node, but Elasticsearch isn't allowed to move it to another node. Choose a node to which you " +
      'expect this shard to be allocated, find this node in the node-by-node explanation, and address the reasons which prevent ' +
      'Elasticsearch from allocating this shard there.',
  },
};

interface ExplainRequest {
  readonly index?: string;
  readonly shard?: number;
  readonly primary?: boolean;
  readonly currentNode?: string;
}

/** ES `ClusterAllocationExplainRequest.PARSER` (`cluster/allocation/explain`). */
function parseRequest(text: string | null, profile: Profile): ExplainRequest {
  if (text === null || text.trim().length === 0) return {};
  const p = new JsonTokenizer(text, profile.parseErrorStyle);
  const values = parseObject(p, {
    name: 'cluster/allocation/explain',
    fields: [
      { name: 'index', type: 'STRING', parse: (t) => t.text() },
      { name: 'shard', type: 'INT', parse: intValue },
      { name: 'primary', type: 'BOOLEAN', parse: booleanValue },
      { name: 'current_node', type: 'STRING', parse: (t) => t.text() },
    ],
    build: (v) => v,
  });
  return {
    ...(values.has('index') ? { index: values.get('index') as string } : {}),
    ...(values.has('shard') ? { shard: values.get('shard') as number } : {}),
    ...(values.has('primary') ? { primary: values.get('primary') as boolean } : {}),
    ...(values.has('current_node') ? { currentNode: values.get('current_node') as string } : {}),
  };
}

function anyShard(request: ExplainRequest): boolean {
  return request.index === undefined && request.shard === undefined && request.primary === undefined && request.currentNode === undefined;
}

/** ES `ClusterAllocationExplainRequest#toString` (without its closing bracket, as ES prints it). */
function requestText(request: ExplainRequest, yes: boolean): string {
  const what = anyShard(request)
    ? 'useAnyUnassignedShard=true'
    : `index=${request.index},shard=${request.shard},primary?=${request.primary}${request.currentNode !== undefined ? `,currentNode=${request.currentNode}` : ''}`;
  return `ClusterAllocationExplainRequest[${what},includeYesDecisions?=${yes}`;
}

function bad(reason: string): never {
  throw new EsException(illegalArgument(reason));
}

/** ES `DiscoveryNodes#resolveNode`: a node id or name. */
function resolveNode(nodes: readonly SimNode[], wanted: string): SimNode {
  const found = nodes.filter((n) => n.id === wanted || n.name === wanted);
  if (found.length === 0) bad(`failed to resolve [${wanted}], no matching nodes`);
  if (found.length > 1) bad(`failed to resolve [${wanted}], matched multiple nodes`);
  return found[0]!;
}

interface Target {
  readonly index: IndexMetadata;
  readonly copy: ShardCopy;
  readonly copies: readonly ShardCopy[];
}

function sortedIndices(ctx: RequestContext): IndexMetadata[] {
  return [...ctx.sim.cluster.indices.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** ES `findShardToExplain`. */
function findTarget(ctx: RequestContext, request: ExplainRequest, yes: boolean): Target {
  const { profile, cluster } = ctx.sim;
  if (anyShard(request)) {
    let first: Target | null = null;
    for (const index of sortedIndices(ctx)) {
      const copies = copiesFor(ctx, index);
      for (const copy of copies) {
        if (copy.node !== null) continue;
        if (first === null || (profile.allocationExplain.randomShardNote && copy.primary && !first.copy.primary)) first = { index, copy, copies };
        if (!profile.allocationExplain.randomShardNote || first.copy.primary) return first;
      }
    }
    if (first !== null) return first;
    switch (profile.allocationExplain.noUnassigned) {
      case 'request':
        return bad(`unable to find any unassigned shards to explain [${requestText(request, yes)}]`);
      case 'no-shard-specified':
        return bad(
          'No shard was specified in the request which means the response should explain a randomly-chosen unassigned shard, but there are no ' +
            'unassigned shards in this cluster. To explain the allocation of an assigned shard you must specify the target shard in the request.',
        );
      default:
        return bad(
          'There are no unassigned shards in this cluster. Specify an assigned shard in the request body to explain its allocation. ' +
            `See ${profile.allocationExplain.docsLink} for more information.`,
        );
    }
  }
  const problems: string[] = [];
  if (request.index === undefined) problems.push('index must be specified');
  if (request.shard === undefined) problems.push('shard must be specified');
  if (request.primary === undefined) problems.push('primary must be specified');
  if (problems.length > 0) throw new EsException(actionRequestValidation(problems));
  const name = request.index!;
  const shard = request.shard!;
  const index = cluster.indices.get(name);
  if (!index) throw new EsException(indexNotFound(name));
  if (shard < 0 || shard >= numberOfShards(index)) {
    throw new EsException({
      type: 'shard_not_found_exception',
      reason: 'no such shard',
      status: 404,
      metadata: [
        ['index_uuid', index.uuid],
        ['shard', String(shard)],
        ['index', index.name],
      ],
      elasticsearchException: true,
    });
  }
  const copies = copiesFor(ctx, index);
  const mine = copies.filter((c) => c.shard === shard);
  const node = request.currentNode !== undefined ? resolveNode(topologyOf(cluster).running(), request.currentNode) : null;
  if (request.primary) {
    const primary = mine.find((c) => c.primary)!;
    if (node !== null && primary.node?.id !== node.id) bad(`unable to find primary shard assigned to node [${request.currentNode}]`);
    return { index, copy: primary, copies };
  }
  const replicas = mine.filter((c) => !c.primary);
  if (node !== null) {
    const held = replicas.find((c) => c.node?.id === node.id);
    if (!held) bad(`unable to find a replica shard assigned to node [${request.currentNode}]`);
    return { index, copy: held, copies };
  }
  const chosen = replicas.find((c) => c.node === null) ?? replicas[0];
  if (!chosen) bad(`unable to find any shards to explain [${requestText(request, yes)}] in the routing table`);
  return { index, copy: chosen, copies };
}

/** ES `discoveryNodeToXContent`: inside `current_node`/`target_node` (`outer`) or a node decision. */
function nodeFields(node: SimNode, outer: boolean, profile: Profile): Record<string, unknown> {
  const out: Record<string, unknown> = {
    [outer ? 'id' : 'node_id']: node.id,
    [outer ? 'name' : 'node_name']: node.name,
    transport_address: node.transportAddress,
  };
  if (Object.keys(node.attributes).length > 0) out[outer ? 'attributes' : 'node_attributes'] = { ...node.attributes };
  if (profile.allocationExplain.nodeRoles) out['roles'] = [...node.roles];
  return out;
}

function deciderList(verdicts: readonly DeciderVerdict[], yes: boolean): Array<Record<string, string>> {
  return verdicts.filter((v) => yes || v.decision === 'NO').map((v) => ({ decider: v.decider, decision: v.decision, explanation: v.explanation }));
}

/** ES `AllocationDecision` order, the first key of `NodeAllocationResult`'s sort. */
const DECISION_ORDER = ['yes', 'throttled', 'no', 'worse_balance', 'awaiting_info', 'allocation_delayed', 'no_valid_shard_copy', 'no_attempt'];

interface NodeResult {
  readonly node: SimNode;
  readonly decision: string;
  readonly ranking: number;
  readonly body: Record<string, unknown>;
}

function sortResults(results: NodeResult[]): Array<Record<string, unknown>> {
  return results
    .sort(
      (a, b) =>
        DECISION_ORDER.indexOf(a.decision) - DECISION_ORDER.indexOf(b.decision) ||
        a.ranking - b.ranking ||
        (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0),
    )
    .map((r) => r.body);
}

/** The running data nodes in name order; a node's `weight_ranking` is its place here (see the divergence). */
function dataNodes(ctx: RequestContext): SimNode[] {
  return topologyOf(ctx.sim.cluster)
    .running()
    .filter(isDataNode)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function nodeResult(ctx: RequestContext, target: Target, node: SimNode, ranking: number, mode: VerdictMode, yes: boolean, otherwise: string): NodeResult {
  const verdicts = deciderVerdicts(ctx.sim.cluster, target.index, target.copy, node, target.copies, mode);
  const decision = verdicts.some((v) => v.decision === 'NO') ? 'no' : otherwise;
  const deciders = deciderList(verdicts, yes);
  const body: Record<string, unknown> = { ...nodeFields(node, false, ctx.sim.profile), node_decision: decision, weight_ranking: ranking };
  if (deciders.length > 0) body['deciders'] = deciders;
  return { node, decision, ranking, body };
}

function explainUnassigned(ctx: RequestContext, target: Target, yes: boolean, out: Record<string, unknown>): void {
  const { profile } = ctx.sim;
  const text = profile.allocationExplain.guidedExplanations ? TEXT.guided : TEXT.short;
  const nodes = dataNodes(ctx);
  const lost = target.copy.primary && target.copy.lostOn !== undefined;
  out['unassigned_info'] = {
    reason: lost ? 'NODE_LEFT' : 'INDEX_CREATED',
    at: formatEsDate(lost ? (target.copy.lostOn!.leftAt ?? target.index.creationDate) : target.index.creationDate),
    ...(lost ? { details: `node_left [${target.copy.lostOn!.id}]` } : {}),
    last_allocation_status: lost ? 'no_valid_shard_copy' : 'no',
  };
  if (lost) {
    // ES `PrimaryShardAllocator`: no node holds a copy of the data; each node says so with no deciders.
    out['can_allocate'] = 'no_valid_shard_copy';
    out['allocate_explanation'] = text.noCopy;
    const results = nodes.map((node) => ({
      node,
      decision: 'no',
      ranking: 0,
      body: { ...nodeFields(node, false, profile), node_decision: 'no', store: { found: false } },
    }));
    if (results.length > 0) out['node_allocation_decisions'] = sortResults(results);
    return;
  }
  const results = nodes.map((node, i) => nodeResult(ctx, target, node, i + 1, 'allocate', yes, 'yes'));
  const best = results.filter((r) => r.decision === 'yes').sort((a, b) => a.ranking - b.ranking)[0];
  out['can_allocate'] = best ? 'yes' : 'no';
  out['allocate_explanation'] = best ? text.yes : text.no;
  if (best) out['target_node'] = nodeFields(best.node, true, profile);
  if (results.length > 0) out['node_allocation_decisions'] = sortResults(results);
}

function explainAssigned(ctx: RequestContext, target: Target, yes: boolean, out: Record<string, unknown>): void {
  const { profile, cluster } = ctx.sim;
  const text = profile.allocationExplain.guidedExplanations ? TEXT.guided : TEXT.short;
  const current = target.copy.node!;
  const nodes = dataNodes(ctx);
  const rank = new Map(nodes.map((n, i) => [n.id, i + 1]));
  const remain = deciderVerdicts(cluster, target.index, target.copy, current, target.copies, 'remain');
  const canRemain = !remain.some((v) => v.decision === 'NO');
  const others = nodes.filter((n) => n.id !== current.id);
  const currentNode = nodeFields(current, true, profile);
  if (canRemain) {
    out['current_node'] = { ...currentNode, weight_ranking: rank.get(current.id) ?? 1 };
    out['can_remain_on_current_node'] = 'yes';
    out['can_rebalance_cluster'] = 'yes';
    out['can_rebalance_to_other_node'] = 'no';
    out['rebalance_explanation'] = text.balanced;
    const results = others.map((node) => nodeResult(ctx, target, node, rank.get(node.id)!, 'allocate', yes, 'worse_balance'));
    if (results.length > 0) out['node_allocation_decisions'] = sortResults(results);
    return;
  }
  out['current_node'] = currentNode;
  const results = others.map((node) => nodeResult(ctx, target, node, rank.get(node.id)!, 'allocate', yes, 'yes'));
  const best = results.filter((r) => r.decision === 'yes').sort((a, b) => a.ranking - b.ranking)[0];
  if (best) out['target_node'] = nodeFields(best.node, true, profile);
  out['can_remain_on_current_node'] = 'no';
  const remainDeciders = deciderList(remain, yes);
  if (remainDeciders.length > 0) out['can_remain_decisions'] = remainDeciders;
  out['can_move_to_other_node'] = best ? 'yes' : 'no';
  out['move_explanation'] = best ? text.moveYes : text.moveNo;
  if (results.length > 0) out['node_allocation_decisions'] = sortResults(results);
}

/** `GET|POST /_cluster/allocation/explain`. */
export function allocationExplain(ctx: RequestContext): HandlerResult {
  const { profile } = ctx.sim;
  // ES `RestClusterAllocationExplainAction`: the body first, then the flags.
  const request = parseRequest(ctx.body, profile);
  const yes = booleanParam(ctx, 'include_yes_decisions', false);
  booleanParam(ctx, 'include_disk_info', false);
  const target = findTarget(ctx, request, yes);
  const out: Record<string, unknown> = {};
  const link = profile.allocationExplain.docsLink;
  if (anyShard(request) && profile.allocationExplain.randomShardNote) out['note'] = link !== null ? `${NOTE} See ${link} for more information.` : NOTE;
  out['index'] = target.index.name;
  out['shard'] = target.copy.shard;
  out['primary'] = target.copy.primary;
  out['current_state'] = target.copy.node === null ? 'unassigned' : 'started';
  if (target.copy.node === null) explainUnassigned(ctx, target, yes, out);
  else explainAssigned(ctx, target, yes, out);
  return ok(out);
}
