/**
 * The nodes the node-level APIs list (`GET /_nodes/stats`, `/_nodes/{node_id}/stats`), and ES's node
 * selection over them (`DiscoveryNodes#resolveNodes`): `_all`, `_local`, `_master`, a node id, a node
 * name or address, a wildcard over ids and names, `master:true`-style role filters, over the running
 * nodes of the topology (`clusterNodes`). It reads the simulation and changes nothing; it renders no
 * response (the handlers do).
 */
import { simpleMatch } from '../../engine/cluster/index-resolver';
import { commaList, RequestContext } from '../context';
import { clusterNodes } from '../../engine/cluster/topology';
import { masterNodeId, nodeEntry } from './cluster-state-handlers';

export interface ListedNode {
  readonly id: string;
  /** The node's identity fields, as `GET /_nodes` shows them (name, addresses, version, roles, ...). */
  readonly entry: Readonly<Record<string, unknown>>;
  /** The elected master (`_master`). */
  readonly master: boolean;
  /** The node that took the request (`_local`). */
  readonly local: boolean;
}

/**
 * Every running node, in the topology's order (by name). The elected master is also the node that
 * takes the request (`_local`).
 */
export function listedNodes(ctx: RequestContext): ListedNode[] {
  const master = masterNodeId(ctx);
  return clusterNodes(ctx.sim.cluster).map((node) => ({ id: node.id, entry: nodeEntry(ctx, node), master: node.id === master, local: node.id === master }));
}

function roles(node: ListedNode): readonly string[] {
  const value = node.entry['roles'];
  return Array.isArray(value) ? (value as string[]) : [];
}

/** Whether a `<role>:true|false` filter (`master:true`, `data:false`, `ingest:true`, ...) selects the node. */
function roleFilter(node: ListedNode, role: string, wanted: boolean): boolean {
  const held = role === 'data' ? roles(node).some((r) => r === 'data' || r.startsWith('data_')) : roles(node).includes(role);
  return held === wanted;
}

/**
 * The nodes a `{node_id}` expression selects, in list order (ES `DiscoveryNodes#resolveNodes`: the
 * selectors add up, left to right; an unmatched name selects nothing and is no error).
 */
export function selectNodes(ctx: RequestContext, expression: string | undefined): ListedNode[] {
  const nodes = listedNodes(ctx);
  const selectors = expression === undefined ? [] : commaList(expression);
  if (selectors.length === 0) return nodes;
  const chosen = new Set<string>();
  for (const selector of selectors) {
    for (const node of nodes) {
      if (selectorMatches(node, selector)) chosen.add(node.id);
    }
  }
  return nodes.filter((n) => chosen.has(n.id));
}

function selectorMatches(node: ListedNode, selector: string): boolean {
  if (selector === '_all' || selector === '*') return true;
  if (selector === '_local') return node.local;
  if (selector === '_master') return node.master;
  const colon = selector.indexOf(':');
  if (colon > 0) {
    const [attr, value] = [selector.slice(0, colon), selector.slice(colon + 1)];
    if (value === 'true' || value === 'false') return roleFilter(node, attr, value === 'true');
    const attributes = node.entry['attributes'];
    const held = attributes !== null && typeof attributes === 'object' ? (attributes as Record<string, unknown>)[attr] : undefined;
    return typeof held === 'string' && simpleMatch(value, held);
  }
  const names = [node.id, node.entry['name'], node.entry['host'], node.entry['ip']].filter((v): v is string => typeof v === 'string');
  return names.some((name) => simpleMatch(selector, name));
}
