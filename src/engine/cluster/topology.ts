/**
 * The simulated cluster's nodes (ES `DiscoveryNodes`): each node's name, id, host, ip, roles and
 * attributes, and whether it is running. By default there is one node holding every role and, for
 * allocation filters, every attribute: today's single node, so nothing changes unless a topology is
 * configured (`createSimulator({ nodes })`, `--nodes`, `PUT /_sim/nodes`). This module validates and
 * holds node lists; it never places shards (`shard-placement.ts` does), never reads the clock and
 * never schedules anything.
 *
 * Node ids: the default node keeps the cluster's first seeded UUID (`Cluster#nodeId`); a configured
 * node's id is derived from its name alone (a 64-bit FNV-1a hash of the name, written as 22 URL-safe
 * base64 characters like ES's ids), so the same name always gets the same id, whatever the seed,
 * and configuring nodes never shifts the seeded UUIDs of indices.
 */
import type { Cluster } from './cluster';

/** ES `DiscoveryNodeRole` names a node may carry. */
export const NODE_ROLES = [
  'data',
  'data_cold',
  'data_content',
  'data_frozen',
  'data_hot',
  'data_warm',
  'ingest',
  'master',
  'ml',
  'remote_cluster_client',
  'transform',
  'voting_only',
] as const;

/** ES's default roles for a node that names none: every role but `voting_only`. */
const DEFAULT_ROLES: readonly string[] = NODE_ROLES.filter((r) => r !== 'voting_only');

/** The data tiers (ES `DataTier.ALL_DATA_TIERS`). */
export const DATA_TIERS = ['data_content', 'data_hot', 'data_warm', 'data_cold', 'data_frozen'] as const;

export interface NodeSpec {
  readonly name: string;
  /** ES role names; default every role but `voting_only`. */
  readonly roles?: readonly string[];
  readonly attributes?: Readonly<Record<string, string>>;
  readonly host?: string;
  readonly ip?: string;
}

export interface SimNode {
  readonly name: string;
  readonly id: string;
  readonly host: string;
  readonly ip: string;
  readonly transportAddress: string;
  /** Sorted, as ES prints them. */
  readonly roles: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  /** The default node: matches every allocation attribute and tier. */
  readonly wildcard: boolean;
  running: boolean;
  /** When the node last left (epoch millis, the simulated clock), if it ever did. */
  leftAt?: number;
}

/** Whether the node holds data at all (ES `DiscoveryNode#canContainData`). */
export function isDataNode(node: SimNode): boolean {
  return node.roles.some((role) => role === 'data' || role.startsWith('data_'));
}

/** Whether the node is of the tier (ES `DataTier#isXxxNode`): the generic `data` role counts for every tier. */
export function nodeHasTier(node: SimNode, tier: string): boolean {
  return node.wildcard || node.roles.includes(tier) || node.roles.includes('data');
}

/** A deterministic 22-character id for a node name (see the module comment). */
export function nodeIdFor(name: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ name.length;
  let out = '';
  for (let round = 0; out.length < 22; round++) {
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i) + round;
      h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
      h2 = Math.imul(h2 ^ (c * 31 + round), 0x5bd1e995) >>> 0;
    }
    h1 = Math.imul(h1 ^ (h2 >>> 13), 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ (h1 >>> 7), 0x5bd1e995) >>> 0;
    for (let k = 0; k < 5 && out.length < 22; k++) out += alphabet[((k % 2 === 0 ? h1 : h2) >>> (k * 6)) & 63];
  }
  return out;
}

/**
 * Checks a node list, answering the first problem found as a sentence (null when it is good): names
 * unique and non-empty, roles known, attributes strings, at least one node.
 */
export function nodeSpecsError(value: unknown): string | null {
  if (!Array.isArray(value)) return '[nodes] must be an array of nodes';
  if (value.length === 0) return '[nodes] must name at least one node';
  const names = new Set<string>();
  for (const [i, node] of value.entries()) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return `[nodes][${i}] must be an object`;
    const spec = node as Record<string, unknown>;
    for (const key of Object.keys(spec)) {
      if (!['name', 'roles', 'attributes', 'host', 'ip'].includes(key))
        return `[nodes][${i}] unknown field [${key}], expected one of [name, roles, attributes, host, ip]`;
    }
    const name = spec['name'];
    if (typeof name !== 'string' || name.length === 0) return `[nodes][${i}] requires a non-empty [name]`;
    if (names.has(name)) return `[nodes] names the node [${name}] twice`;
    names.add(name);
    const roles = spec['roles'];
    if (roles !== undefined) {
      if (!Array.isArray(roles) || roles.some((r) => typeof r !== 'string')) return `[nodes][${name}][roles] must be an array of role names`;
      for (const role of roles as string[]) {
        if (!(NODE_ROLES as readonly string[]).includes(role)) return `[nodes][${name}] unknown role [${role}], expected one of [${NODE_ROLES.join(', ')}]`;
      }
    }
    const attributes = spec['attributes'];
    if (attributes !== undefined) {
      if (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes))
        return `[nodes][${name}][attributes] must be an object of strings`;
      for (const [key, v] of Object.entries(attributes)) {
        if (typeof v !== 'string') return `[nodes][${name}][attributes][${key}] must be a string`;
      }
    }
    for (const field of ['host', 'ip']) {
      if (spec[field] !== undefined && (typeof spec[field] !== 'string' || (spec[field] as string).length === 0))
        return `[nodes][${name}][${field}] must be a non-empty string`;
    }
  }
  return null;
}

/** The node list once checked (`nodeSpecsError` answered null). */
export function toNodeSpecs(value: unknown): NodeSpec[] {
  return (value as Array<Record<string, unknown>>).map((spec) => ({
    name: spec['name'] as string,
    roles: (spec['roles'] as string[] | undefined) ?? DEFAULT_ROLES,
    attributes: (spec['attributes'] as Record<string, string> | undefined) ?? {},
    ...(spec['host'] !== undefined ? { host: spec['host'] as string } : {}),
    ...(spec['ip'] !== undefined ? { ip: spec['ip'] as string } : {}),
  }));
}

/** The nodes of the cluster, with a version bumped on every change (placements are cached by it). */
export class Topology {
  private list: SimNode[];
  version = 0;
  /**
   * Whether the release has data tiers (7.10+): a new index without a tier preference then has ES's
   * default one (`DataTier.DefaultHotAllocationSettingProvider`, see `shard-placement.ts`).
   */
  readonly tiers: boolean;

  constructor(
    readonly defaultNode: SimNode,
    specs: readonly NodeSpec[] | null,
  ) {
    this.tiers = defaultNode.roles.includes('data_content');
    this.list = specs === null ? [defaultNode] : sortByName(specs.map((s, i) => buildNode(s, i)));
  }

  /** Whether this is the default one node holding everything (the cheap path). */
  get isDefault(): boolean {
    return this.list.length === 1 && this.list[0] === this.defaultNode && this.defaultNode.running;
  }

  /** Every node, in name order (the default node alone by default). */
  nodes(): readonly SimNode[] {
    return this.list;
  }

  running(): readonly SimNode[] {
    return this.list.filter((n) => n.running);
  }

  byName(name: string): SimNode | undefined {
    return this.list.find((n) => n.name === name);
  }

  byId(id: string): SimNode | undefined {
    return this.list.find((n) => n.id === id);
  }

  /** Replaces every node (a checked list). */
  replace(specs: readonly NodeSpec[]): void {
    this.list = sortByName(specs.map((s, i) => buildNode(s, i)));
    this.version++;
  }

  /** Adds one node (its name must be new). */
  add(spec: NodeSpec): void {
    this.list = sortByName([...this.list, buildNode(spec, this.list.length)]);
    this.version++;
  }

  /** Removes a node by name; false when there is no such node. */
  remove(name: string): boolean {
    const node = this.byName(name);
    if (!node) return false;
    this.list = this.list.filter((n) => n !== node);
    this.version++;
    return true;
  }

  /** Stops or starts a node by name (`at`: the instant, recorded when it stops); false when there is no such node. */
  setRunning(name: string, running: boolean, at?: number): boolean {
    const node = this.byName(name);
    if (!node) return false;
    if (node.running !== running) {
      node.running = running;
      if (!running && at !== undefined) node.leftAt = at;
      this.version++;
    }
    return true;
  }
}

function sortByName(nodes: SimNode[]): SimNode[] {
  return nodes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function buildNode(spec: NodeSpec, position: number): SimNode {
  const ip = spec.ip ?? '127.0.0.1';
  return {
    name: spec.name,
    id: nodeIdFor(spec.name),
    host: spec.host ?? ip,
    ip,
    transportAddress: `${ip}:${9300 + position}`,
    roles: [...new Set(spec.roles ?? DEFAULT_ROLES)].sort(),
    attributes: { ...(spec.attributes ?? {}) },
    wildcard: false,
    running: true,
  };
}

/** The default node: the cluster's seeded id, named `ilm-sim`, with the profile's roles. */
export function defaultNode(nodeId: string, roles: readonly string[]): SimNode {
  return {
    name: 'ilm-sim',
    id: nodeId,
    host: '127.0.0.1',
    ip: '127.0.0.1',
    transportAddress: '127.0.0.1:9300',
    roles,
    attributes: {},
    wildcard: true,
    running: true,
  };
}

const TOPOLOGIES = new WeakMap<Cluster, Topology>();

/**
 * Gives a cluster its nodes: the configured ones, or (null) the default node. The simulator calls it
 * on every reset, so `POST /_sim/_reset` restores the configured topology.
 */
export function configureTopology(cluster: Cluster, roles: readonly string[], specs: readonly NodeSpec[] | null): Topology {
  const topology = new Topology(defaultNode(cluster.nodeId, roles), specs);
  TOPOLOGIES.set(cluster, topology);
  return topology;
}

/** The cluster's nodes (the default node when none were configured). */
export function topologyOf(cluster: Cluster): Topology {
  let topology = TOPOLOGIES.get(cluster);
  if (!topology) TOPOLOGIES.set(cluster, (topology = new Topology(defaultNode(cluster.nodeId, DEFAULT_ROLES), null)));
  return topology;
}

/**
 * The node list every node-reading API shows (`GET /_nodes`, `_cat/nodes`, `_cluster/health`'s counts,
 * `_cluster/state`'s nodes, and any later node API): the running nodes, in name order (a stopped node
 * has left the cluster).
 */
export function clusterNodes(cluster: Cluster): readonly SimNode[] {
  return topologyOf(cluster).running();
}
