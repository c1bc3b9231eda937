/**
 * Where each shard copy of an index sits on a configured topology (`topology.ts`), decided by the
 * parts of ES's allocation deciders ILM touches: `FilterAllocationDecider` (`index.routing.allocation.
 * {require,include,exclude}.{_name,_id,_host,_ip,_tier,<attribute>}`, comma lists with wildcards),
 * `DataTierAllocationDecider` (`include._tier_preference`: the first tier with a node wins),
 * `DedicatedFrozenNodeAllocationDecider` (a frozen-only node holds only partially mounted indices),
 * `SameShardAllocationDecider` (never two copies of a shard on one node), `ShardsLimitAllocationDecider`
 * (`index.routing.allocation.total_shards_per_node`), and stopped nodes holding nothing. A copy that may
 * no longer stay where it is but has nowhere to go stays put, started, as in ES. `deciderVerdicts`
 * answers, per node, what each of those deciders says and why, in ES's words (the allocation explain
 * API reads it). Pure and deterministic:
 * placements are cached per index (uuid, shard counts, routing settings, topology version) and only
 * recomputed when one of those changes. Never used for the default topology (its one node holds every
 * copy it can: see `health.ts`). Never reads the clock, never changes settings.
 *
 * Divergence: ES's balancer weighs shards across nodes and rebalances; here a copy that must move goes
 * to the allowed node holding the fewest copies (of every index placed so far), ties in node name
 * order, and nothing ever rebalances: copies move only when they may not stay.
 */
import { Cluster, IndexMetadata, numberOfReplicas, numberOfShards, SETTING_TIER_PREFERENCE } from './cluster';
import { simpleMatch } from './index-resolver';
import { isDataNode, nodeHasTier, nodeIdFor, SimNode, Topology, topologyOf } from './topology';

const ROUTING_PREFIX = 'index.routing.allocation.';
export const SETTING_TOTAL_SHARDS_PER_NODE = 'index.routing.allocation.total_shards_per_node';
const SETTING_PARTIAL = 'index.store.snapshot.partial';

/** One shard copy: its shard number, whether it is the primary, and its node (null: unassigned). */
export interface ShardCopy {
  readonly shard: number;
  readonly primary: boolean;
  readonly node: SimNode | null;
  /**
   * An unassigned primary whose data is on a node that left: it waits for that node (ES allocates an
   * existing primary only where a copy of its data is, `PrimaryShardAllocator`).
   */
  readonly lostOn?: SimNode;
}

/** The deciders a question asks (ES's ILM steps each build their own `AllocationDeciders`). */
export type DeciderSet = 'all' | 'filter' | 'tier' | 'filter-and-tier';

/** The allocation routing settings in a stable order (the cache key's routing part). */
export function routingKey(index: IndexMetadata): string {
  const parts: string[] = [];
  for (const [key, value] of index.settings) if (key.startsWith(ROUTING_PREFIX)) parts.push(`${key}=${value}`);
  parts.push(`partial=${index.settings.get(SETTING_PARTIAL) ?? ''}`);
  return parts.sort().join('\u0000');
}

/**
 * `index.routing.allocation.total_shards_per_node` as ES's `ShardsLimitAllocationDecider` applies it:
 * a positive number caps the index's copies on one node; 0, -1 (the default) or anything else is no cap.
 */
export function shardsPerNodeLimit(index: IndexMetadata): number | null {
  const limit = Number(index.settings.get(SETTING_TOTAL_SHARDS_PER_NODE) ?? '-1');
  return Number.isFinite(limit) && limit > 0 ? limit : null;
}

/**
 * `index.routing.allocation.include._tier_preference` as a list (empty when unset): what the deciders
 * use. ES writes its default at creation (`index-creation.ts`: `data_content`, or `data_hot` for a data
 * stream's backing index, from 7.10), so a node with only `data_warm` (no `data_content`, no generic
 * `data`) never takes such an index's shards until a preference naming its tier is set (migrate), as
 * in ES; an index without one (7.x, created with routing rules of its own) may go to any data node.
 */
export function tierPreference(index: IndexMetadata): string[] {
  return parseTierList(index.settings.get(SETTING_TIER_PREFERENCE));
}

/** A tier list setting's tiers (ES `DataTier.parseTierList`): comma-separated, blanks dropped. */
export function parseTierList(text: string | undefined): string[] {
  return splitList(text ?? '');
}

function splitList(text: string): string[] {
  const out: string[] = [];
  if (text.length === 0) return out;
  for (const part of text.split(',')) {
    const trimmed = part.trim();
    if (trimmed.length > 0) out.push(trimmed);
  }
  return out;
}

/**
 * Tier lists read lately (`parseTierList`, shared, never changed): a cluster has a few distinct
 * preferences, read at every placement and allocation check.
 */
const TIER_LISTS = new Map<string, readonly string[]>();

function tierListOf(text: string): readonly string[] {
  let list = TIER_LISTS.get(text);
  if (list === undefined) {
    list = splitList(text);
    if (TIER_LISTS.size >= 256) TIER_LISTS.clear();
    TIER_LISTS.set(text, list);
  }
  return list;
}

/** ES `DataTierAllocationDecider#preferredAvailableTier`: the first tier of the list some running node has. */
export function preferredAvailableTier(preference: readonly string[], topology: Topology): string | null {
  for (const tier of preference) if (topology.running().some((node) => isDataNode(node) && nodeHasTier(node, tier))) return tier;
  return null;
}

/** The node's values for a filter attribute (ES `DiscoveryNodeFilters`). */
function nodeValues(node: SimNode, attribute: string): readonly string[] {
  switch (attribute) {
    case '_name':
      return [node.name];
    case '_id':
      return [node.id];
    case '_host':
      return [node.host];
    case '_ip':
    case '_host_ip':
    case '_publish_ip':
      return [node.ip];
    case '_tier':
      return node.roles.filter((r) => r === 'data' || r.startsWith('data_'));
    default: {
      const value = node.attributes[attribute];
      return value === undefined ? [] : [value];
    }
  }
}

function matches(node: SimNode, attribute: string, values: string): boolean {
  const have = nodeValues(node, attribute);
  return splitList(values).some((pattern) =>
    have.some((v) => simpleMatch(pattern, v) || (attribute === '_tier' && v === 'data' && pattern.startsWith('data_'))),
  );
}

/** The index's `require`/`include`/`exclude` filters: per group, its attributes and values, in settings order. */
function indexFilterGroups(index: IndexMetadata): Map<string, Array<readonly [string, string]>> {
  const groups = new Map<string, Array<readonly [string, string]>>();
  for (const [key, value] of index.settings) {
    if (!key.startsWith(ROUTING_PREFIX) || value.length === 0) continue;
    const rest = key.slice(ROUTING_PREFIX.length);
    const dot = rest.indexOf('.');
    if (dot < 0) continue;
    const group = rest.slice(0, dot);
    const attribute = rest.slice(dot + 1);
    if (attribute === '_tier_preference' || (group !== 'require' && group !== 'include' && group !== 'exclude')) continue;
    const list = groups.get(group);
    if (list) list.push([attribute, value]);
    else groups.set(group, [[attribute, value]]);
  }
  return groups;
}

/** ES `FilterAllocationDecider#shouldIndexFilter`: require all, include any, exclude none. */
export function filterAllows(index: IndexMetadata, node: SimNode): boolean {
  return failedFilterGroup(indexFilterGroups(index), node) === null;
}

/** The first filter group the node fails, in ES's require, include, exclude order; null when it passes. */
function failedFilterGroup(groups: Map<string, Array<readonly [string, string]>>, node: SimNode): 'require' | 'include' | 'exclude' | null {
  const require = groups.get('require') ?? [];
  if (!require.every(([a, v]) => matches(node, a, v))) return 'require';
  const include = groups.get('include') ?? [];
  if (include.length > 0 && !include.some(([a, v]) => matches(node, a, v))) return 'include';
  const exclude = groups.get('exclude') ?? [];
  if (exclude.some(([a, v]) => matches(node, a, v))) return 'exclude';
  return null;
}

/**
 * The tier an index's preference resolves to on the topology (`preferredAvailableTier`): `undefined`
 * when the index states no preference (every tier will do), null when no running node has any of its
 * tiers. Derived once per question over many nodes, not once per node (issue 20, item 9).
 */
type PreferredTier = string | null | undefined;

function preferredTierOf(index: IndexMetadata, topology: Topology): PreferredTier {
  const preference = tierListOf(index.settings.get(SETTING_TIER_PREFERENCE) ?? '');
  return preference.length === 0 ? undefined : preferredAvailableTier(preference, topology);
}

/** Whether `data_frozen` is the node's only data role (ES `DedicatedFrozenNodeAllocationDecider`). */
function frozenOnly(node: SimNode): boolean {
  let dataRoles = 0;
  let frozen = false;
  for (const role of node.roles) {
    if (role !== 'data' && !role.startsWith('data_')) continue;
    dataRoles++;
    frozen = role === 'data_frozen';
  }
  return dataRoles === 1 && frozen;
}

/** ES `DataTierAllocationDecider` (tier preference) with `DedicatedFrozenNodeAllocationDecider`. */
export function tierAllows(index: IndexMetadata, node: SimNode, topology: Topology, preferred: PreferredTier = preferredTierOf(index, topology)): boolean {
  if (frozenOnly(node) && index.settings.get(SETTING_PARTIAL) !== 'true') return false;
  if (preferred === undefined) return true;
  return preferred !== null && nodeHasTier(node, preferred);
}

/**
 * `preferred` defaults to the index's resolved tier (passing `undefined`, no preference, recomputes the
 * same), `groups` to the index's filter groups.
 */
function allows(
  set: DeciderSet,
  index: IndexMetadata,
  node: SimNode,
  topology: Topology,
  preferred: PreferredTier = preferredTierOf(index, topology),
  groups: Map<string, Array<readonly [string, string]>> | null = null,
): boolean {
  if (!node.running || !isDataNode(node)) return false;
  if ((set === 'all' || set === 'filter' || set === 'filter-and-tier') && failedFilterGroup(groups ?? indexFilterGroups(index), node) !== null) return false;
  if ((set === 'all' || set === 'tier' || set === 'filter-and-tier') && !tierAllows(index, node, topology, preferred)) return false;
  return true;
}

/**
 * `allows` over the nodes of one index's placement, each node asked once: the tier preference and
 * the filter groups are read once for the index and each node's answer kept, so a placement costs
 * linear time in the node count (the filter and tier deciders do not depend on the shard).
 */
function allowsFor(set: DeciderSet, index: IndexMetadata, topology: Topology): (node: SimNode) => boolean {
  const preferred = preferredTierOf(index, topology);
  const groups = set === 'tier' ? null : indexFilterGroups(index);
  const answers = new Map<string, boolean>();
  return (node) => {
    let answer = answers.get(node.id);
    if (answer === undefined) answers.set(node.id, (answer = allows(set, index, node, topology, preferred, groups)));
    return answer;
  };
}

interface Entry {
  readonly uuid: string;
  /** The topology and settings versions the placement was made for. */
  readonly topologyVersion: number;
  readonly settingsVersion: number;
  readonly copies: readonly ShardCopy[];
  /** `copiesThatMayNotStay` per decider set, computed once per placement (made when first asked). */
  pending: Map<DeciderSet, number> | null;
}

/** The placements of a cluster's indices on its topology, and each node's copy count. */
export class PlacementStore {
  private readonly entries = new Map<string, Entry>();
  private readonly loads = new Map<string, number>();
  /** Each placed index's shard counts and routing settings, as text. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly topology: Topology) {}

  /** The index's copies, primaries first per shard, recomputed only when its key changed. */
  copiesOf(index: IndexMetadata): readonly ShardCopy[] {
    return this.entryOf(index).copies;
  }

  /** The copies the deciders of `set` would not let stay where they are (cached with the placement). */
  pendingOf(index: IndexMetadata, set: DeciderSet): number {
    const entry = this.entryOf(index);
    let count = entry.pending?.get(set);
    if (count === undefined) {
      const allowed = allowsFor(set, index, this.topology);
      count = entry.copies.filter((copy) => copy.node !== null && !allowed(copy.node)).length;
      (entry.pending ??= new Map()).set(set, count);
    }
    return count;
  }

  private entryOf(index: IndexMetadata): Entry {
    const entry = this.entries.get(index.name);
    if (entry && entry.uuid === index.uuid && entry.topologyVersion === this.topology.version && entry.settingsVersion === index.settings.version) return entry;
    const previous = entry && entry.uuid === index.uuid ? entry.copies : [];
    const key = routingKey(index);
    // Settings written without a change to the shard counts or the routing keep the placement.
    if (
      entry &&
      entry.uuid === index.uuid &&
      entry.topologyVersion === this.topology.version &&
      this.keys.get(index.name) === `${numberOfShards(index)}|${numberOfReplicas(index)}|${key}`
    ) {
      const kept = { ...entry, settingsVersion: index.settings.version };
      this.entries.set(index.name, kept);
      return kept;
    }
    if (entry) this.count(entry.copies, -1);
    const copies = this.place(index, previous);
    this.count(copies, 1);
    const made: Entry = { uuid: index.uuid, topologyVersion: this.topology.version, settingsVersion: index.settings.version, copies, pending: null };
    this.entries.set(index.name, made);
    this.keys.set(index.name, `${numberOfShards(index)}|${numberOfReplicas(index)}|${key}`);
    return made;
  }

  /** After the topology changed: every index placed again from where its copies were, in name order. */
  replaceAll(cluster: Cluster): void {
    for (const [name, entry] of [...this.entries]) {
      const index = cluster.indices.get(name);
      if (!index || index.uuid !== entry.uuid) {
        this.count(entry.copies, -1);
        this.entries.delete(name);
        this.keys.delete(name);
      }
    }
    for (const name of [...cluster.indices.keys()].sort()) this.copiesOf(cluster.indices.get(name)!);
  }

  /**
   * Places the changed indices never placed yet (new ones), so that a later change of their routing
   * moves copies from where they first went rather than placing them afresh. Reads only the records
   * waiting in the cluster's change log (every new index is there).
   */
  placeNew(cluster: Cluster): void {
    if (cluster.changed.size === 0) return;
    for (const index of cluster.changed.waiting()) {
      if (index.removed) continue;
      const entry = this.entries.get(index.name);
      if (!entry || entry.uuid !== index.uuid) this.copiesOf(index);
    }
  }

  /** How many copies (of every placed index) a node holds. */
  loadOf(node: SimNode): number {
    return this.loads.get(node.id) ?? 0;
  }

  private count(copies: readonly ShardCopy[], delta: number): void {
    for (const copy of copies) if (copy.node) this.loads.set(copy.node.id, (this.loads.get(copy.node.id) ?? 0) + delta);
  }

  private place(index: IndexMetadata, previous: readonly ShardCopy[]): ShardCopy[] {
    const topology = this.topology;
    const shards = numberOfShards(index);
    const perShard = numberOfReplicas(index) + 1;
    const limit = shardsPerNodeLimit(index) ?? Infinity;
    // Where each copy was: [shard][copy], copy 0 the primary. A primary whose node left gives way to a
    // started replica (ES promotes it).
    const was: Array<Array<SimNode | null>> = [];
    const lost: Array<SimNode | null> = [];
    const previousByShard = new Map<number, ShardCopy[]>();
    const none: ShardCopy[] = [];
    for (const copy of previous) {
      const list = previousByShard.get(copy.shard);
      if (list) list.push(copy);
      else previousByShard.set(copy.shard, [copy]);
    }
    const allowed = allowsFor('all', index, topology);
    for (let s = 0; s < shards; s++) {
      const row: Array<SimNode | null> = [];
      for (let c = 0; c < perShard; c++) row.push(null);
      let hadData = false;
      for (const copy of previous.length === 0 ? none : (previousByShard.get(s) ?? none)) {
        const held = copy.node ?? copy.lostOn ?? null;
        if (copy.primary && held) hadData = true;
        const slot = copy.primary ? 0 : row.findIndex((n, i) => i > 0 && n === null);
        if (slot >= 0 && slot < perShard && held) row[slot] = topology.byId(held.id) ?? { ...held, running: false };
      }
      if (!row[0]?.running) {
        const promoted = row.findIndex((n, i) => i > 0 && n !== null && n.running);
        if (promoted > 0) [row[0], row[promoted]] = [row[promoted]!, row[0] ?? null];
      }
      was.push(row);
      // A primary whose data sits only on a node that is away (or gone) cannot start anywhere else.
      lost.push(hadData && !row[0]?.running ? (row[0] ?? null) : null);
    }
    const now: Array<Array<SimNode | null>> = was.map((row) => row.map(() => null));
    const onNode = new Map<string, number>();
    const free = (node: SimNode, s: number) => !now[s]!.includes(node) && (onNode.get(node.id) ?? 0) < limit;
    const put = (s: number, c: number, node: SimNode) => {
      now[s]![c] = node;
      onNode.set(node.id, (onNode.get(node.id) ?? 0) + 1);
    };
    const order: Array<[number, number]> = [];
    for (let c = 0; c < perShard; c++) for (let s = 0; s < shards; s++) order.push([s, c]);
    // Copies that may stay, stay.
    for (const [s, c] of order) {
      const node = was[s]![c];
      if (node && allowed(node) && free(node, s)) put(s, c, node);
    }
    // The others go to the allowed node with the fewest copies, or stay where they are, or wait.
    const candidates = topology.nodes().filter(allowed);
    for (const [s, c] of order) {
      if (now[s]![c] || (c === 0 && lost[s])) continue;
      let best: SimNode | null = null;
      for (const node of candidates) {
        if (!free(node, s)) continue;
        if (best === null || this.loadOf(node) + (onNode.get(node.id) ?? 0) < this.loadOf(best) + (onNode.get(best.id) ?? 0)) best = node;
      }
      const stay = was[s]![c];
      if (best) put(s, c, best);
      else if (stay?.running && isDataNode(stay) && !now[s]!.includes(stay)) put(s, c, stay);
    }
    const copies: ShardCopy[] = [];
    for (let s = 0; s < shards; s++) {
      for (let c = 0; c < perShard; c++) {
        const lostOn = c === 0 && !now[s]![0] ? lost[s] : null;
        const node = now[s]![c] ?? null;
        copies.push(lostOn ? { shard: s, primary: c === 0, node, lostOn } : { shard: s, primary: c === 0, node });
      }
    }
    return copies;
  }
}

const STORES = new WeakMap<Cluster, { readonly topology: Topology; readonly store: PlacementStore }>();

/** The cluster's placement store, for its current topology. */
export function placementStore(cluster: Cluster): PlacementStore {
  const topology = topologyOf(cluster);
  let held = STORES.get(cluster);
  if (!held || held.topology !== topology) STORES.set(cluster, (held = { topology, store: new PlacementStore(topology) }));
  return held.store;
}

/** An index's copies on a configured topology; null on the default topology (nothing to place). */
export function copiesOf(cluster: Cluster, index: IndexMetadata): readonly ShardCopy[] | null {
  if (topologyOf(cluster).isDefault) return null;
  return placementStore(cluster).copiesOf(index);
}

/**
 * ES `AllocationRoutedStep.getPendingAllocations`: the assigned copies the deciders would not let stay
 * on their node (unassigned copies are the callers' "not all active" case).
 */
export function copiesThatMayNotStay(cluster: Cluster, index: IndexMetadata, set: DeciderSet): number {
  return placementStore(cluster).pendingOf(index, set);
}

/** Whether the node may hold a copy of the index under the deciders (same-shard and limits aside). */
export function nodeAllows(cluster: Cluster, index: IndexMetadata, node: SimNode, set: DeciderSet): boolean {
  return allows(set, index, node, topologyOf(cluster));
}

/** One decider's answer for one node, as ES's allocation explain API lists it (`Decision.Single`). */
export interface DeciderVerdict {
  readonly decider: string;
  readonly decision: 'YES' | 'NO';
  readonly explanation: string;
}

/**
 * The question a verdict answers: may the copy go to the node (`allocate`, ES `canAllocate`), or may it
 * stay on the node holding it (`remain`, ES `canRemain`: the filter, tier and frozen-node deciders).
 */
export type VerdictMode = 'allocate' | 'remain';

/** ES `DiscoveryNodeFilters#toString`: `attr:"v1,v2"` per attribute, comma-joined. */
function filtersText(entries: ReadonlyArray<readonly [string, string]>): string {
  return entries.map(([attribute, values]) => `${attribute}:"${splitList(values).join(',')}"`).join(',');
}

/** ES `FilterAllocationDecider#shouldIndexFilter` with its explanation texts. */
function filterVerdict(index: IndexMetadata, node: SimNode): DeciderVerdict {
  const groups = indexFilterGroups(index);
  const failed = node.wildcard ? null : failedFilterGroup(groups, node);
  if (failed === null) return { decider: 'filter', decision: 'YES', explanation: 'node passes include/exclude/require filters' };
  const filters = filtersText(groups.get(failed) ?? []);
  // ES names the exclude group by its setting key, which keeps the trailing dot.
  const explanation =
    failed === 'exclude'
      ? `node matches index setting [index.routing.allocation.exclude.] filters [${filters}]`
      : `node does not match index setting [index.routing.allocation.${failed}] filters [${filters}]`;
  return { decider: 'filter', decision: 'NO', explanation };
}

/**
 * A stable allocation id for a copy (ES's `a[id=...]` in a routing entry's summary).
 *
 * Divergence: ES draws a random allocation id when a copy is first allocated; the simulator derives
 * one from the index's uuid, the shard number and whether the copy is the primary.
 */
export function allocationIdOf(index: IndexMetadata, copy: ShardCopy): string {
  return nodeIdFor(`${index.uuid}/${copy.shard}/${copy.primary ? 'p' : 'r'}`);
}

/** ES `ShardRouting#shortSummary` of a started copy: `[i][0], node[id], [P], s[STARTED], a[id=...]`. */
export function routingSummary(index: IndexMetadata, copy: ShardCopy): string {
  return `[${index.name}][${copy.shard}], node[${copy.node?.id ?? ''}], [${copy.primary ? 'P' : 'R'}], s[STARTED], a[id=${allocationIdOf(index, copy)}]`;
}

/**
 * What each modelled decider says about `copy` on `node`, in ES's decider order (replica after primary
 * active, filter, same shard, shards limit, data tier, dedicated frozen node), with ES's explanation
 * texts. `copies` are the index's copies as placed now. Pure: reads the index, the topology and the
 * copies, changes nothing.
 */
export function deciderVerdicts(
  cluster: Cluster,
  index: IndexMetadata,
  copy: ShardCopy,
  node: SimNode,
  copies: readonly ShardCopy[],
  mode: VerdictMode,
): DeciderVerdict[] {
  const topology = topologyOf(cluster);
  const out: DeciderVerdict[] = [];
  const allocate = mode === 'allocate';
  if (allocate && !copy.primary) {
    const primaryActive = copies.some((c) => c.shard === copy.shard && c.primary && c.node !== null);
    out.push(
      primaryActive
        ? { decider: 'replica_after_primary_active', decision: 'YES', explanation: 'primary shard for this replica is already active' }
        : { decider: 'replica_after_primary_active', decision: 'NO', explanation: 'primary shard for this replica is not yet active' },
    );
  }
  out.push(filterVerdict(index, node));
  if (allocate) {
    const held = copies.find((c) => c.shard === copy.shard && c !== copy && c.node !== null && c.node.id === node.id);
    out.push(
      held
        ? { decider: 'same_shard', decision: 'NO', explanation: `a copy of this shard is already allocated to this node [${routingSummary(index, held)}]` }
        : { decider: 'same_shard', decision: 'YES', explanation: 'this node does not hold a copy of this shard' },
    );
    const setting = Number(index.settings.get(SETTING_TOTAL_SHARDS_PER_NODE) ?? '-1');
    const limit = Number.isFinite(setting) ? setting : -1;
    const onNode = copies.filter((c) => c.node !== null && c.node.id === node.id).length;
    if (shardsPerNodeLimit(index) !== null && onNode >= limit) {
      out.push({
        decider: 'shards_limit',
        decision: 'NO',
        explanation: `too many shards [${onNode}] allocated to this node for index [${index.name}], index setting [${SETTING_TOTAL_SHARDS_PER_NODE}=${limit}]`,
      });
    } else if (limit > 0) {
      out.push({
        decider: 'shards_limit',
        decision: 'YES',
        explanation: `the shard count [${onNode}] for this node is under the index limit [${limit}] and cluster level node limit [-1]`,
      });
    } else {
      out.push({ decider: 'shards_limit', decision: 'YES', explanation: `total shard limits are disabled: [index: ${limit}, cluster: -1] <= 0` });
    }
  }
  const preference = tierPreference(index);
  if (preference.length > 0 && !node.wildcard) {
    const listed = preference.join(',');
    const tier = preferredAvailableTier(preference, topology);
    if (tier === null) {
      out.push({
        decider: 'data_tier',
        decision: 'NO',
        explanation: `index has a preference for tiers [${listed}], but no nodes for any of those tiers are available in the cluster`,
      });
    } else if (nodeHasTier(node, tier)) {
      out.push({ decider: 'data_tier', decision: 'YES', explanation: `index has a preference for tiers [${listed}] and node has tier [${tier}]` });
    } else {
      out.push({
        decider: 'data_tier',
        decision: 'NO',
        explanation: `index has a preference for tiers [${listed}] and node does not meet the required [${tier}] tier`,
      });
    }
  }
  if (frozenOnly(node) && index.settings.get(SETTING_PARTIAL) !== 'true') {
    out.push({
      decider: 'dedicated_frozen_node',
      decision: 'NO',
      explanation:
        "this node's data roles are exactly [data_frozen] so it may only hold shards from frozen searchable snapshots, but this index is not a frozen searchable snapshot",
    });
  }
  return out;
}
