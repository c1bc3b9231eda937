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
 * recomputed when one of those changes (the settings' `routingVersion` says when to compare them
 * again), and which nodes each decider set allows is worked out once per routing and topology
 * version (`NodeView`), shared by every index with that routing. Never used for the default topology (its one node holds every
 * copy it can: see `health.ts`). Never reads the clock, never changes settings.
 *
 * Divergence: ES's balancer weighs shards across nodes and rebalances; here a copy that must move goes
 * to the allowed node holding the fewest copies (of every index placed so far), ties in node name
 * order, and nothing ever rebalances: copies move only when they may not stay.
 */
import { Cluster, IndexMetadata, IndexSettings, numberOfReplicas, numberOfShards, SETTING_TIER_PREFERENCE } from './cluster';
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

/**
 * The allocation routing settings (`index.routing.allocation.*` and `index.store.snapshot.partial`,
 * unset as empty) in key order, each key and value prefixed by its length, so that two different
 * routings never give the same text: the cache key's routing part (placements, and which nodes the
 * deciders allow, shared by every index with the same routing).
 */
export function routingKey(index: IndexMetadata): string {
  // The settings keep which routing keys they hold (no walk over every setting).
  const held = index.settings.routingKeys;
  const keys: readonly string[] = held === null ? [] : held.length > 1 ? [...held].sort() : held;
  const parts: string[] = [];
  for (const key of keys) {
    const value = index.settings.get(key)!;
    parts.push(`${key.length}:${key}${value.length}:${value}`);
  }
  const partial = index.settings.get(SETTING_PARTIAL) ?? '';
  parts.push(`partial${partial.length}:${partial}`);
  // Joined, the text is one flat string (hashed and compared without flattening a rope first).
  return parts.join('');
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
 * preferences, read at every placement and allocation check. Keyed by the setting's text, all a
 * list depends on.
 */
const TIER_LISTS = new Map<string, readonly string[]>();

/** `parseTierList` of the text, shared (read only): for the checks that only read it. */
export function tierListOf(text: string): readonly string[] {
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

/** The decider sets by number (an entry's pending counts and a view's caches are indexed by it). */
const SET_NUMBERS: Readonly<Record<DeciderSet, number>> = { all: 0, filter: 1, tier: 2, 'filter-and-tier': 3 };

/** Which nodes of one topology version a decider set allows for one routing (see `NodeView#allowedFor`). */
interface Allowed {
  /** Per node position in the topology's name order: 1 when the deciders allow it. */
  readonly byPosition: Uint8Array;
  /** The positions allowed, in name order (where a copy that must move may go). */
  readonly candidates: readonly number[];
}

/** How many routings a view keeps answers for per decider set before it starts again. */
const ALLOWED_CACHE_LIMIT = 1024;

/**
 * One version of the topology as placement reads it: its nodes in name order, each node's position,
 * each position's load slot in the store, and which nodes each decider set allows for each routing.
 * Made again whenever the topology's version changes (a node added, removed, started or stopped).
 */
class NodeView {
  readonly nodes: readonly SimNode[];
  private readonly positions = new Map<string, number>();
  /** Per position: the store's load slot of the node (see `PlacementStore#slotOf`). */
  readonly slots: Int32Array;
  /**
   * Per decider set: the allowed nodes per routing. Keyed by `routingKey(index)`, which holds every
   * setting the filter, tier and frozen-node deciders read (`index.routing.allocation.*` and
   * `index.store.snapshot.partial`); the rest of their answer is the topology, fixed for this view.
   */
  private readonly allowed: Array<Map<string, Allowed>> = [new Map(), new Map(), new Map(), new Map()];
  /** Per decider set: the routing last asked about and its answer (one of `allowed`'s entries). */
  private readonly last: Array<{ readonly routing: string; readonly answer: Allowed } | undefined> = [undefined, undefined, undefined, undefined];

  /** The topology version this view was made for. */
  readonly version: number;

  constructor(
    readonly topology: Topology,
    slotOf: (id: string) => number,
  ) {
    this.version = topology.version;
    this.nodes = topology.nodes();
    this.slots = new Int32Array(this.nodes.length);
    this.nodes.forEach((node, position) => {
      // The first node with an id is the one `Topology#byId` finds.
      if (!this.positions.has(node.id)) this.positions.set(node.id, position);
      this.slots[position] = slotOf(node.id);
    });
  }

  /** The position of a node of this topology version; -1 for any other node object (one gone, or an old copy of one). */
  positionOf(node: SimNode): number {
    const position = this.positions.get(node.id);
    return position !== undefined && this.nodes[position] === node ? position : -1;
  }

  /** The position of the topology's node with this id; -1 when none has it. */
  positionOfId(id: string): number {
    return this.positions.get(id) ?? -1;
  }

  /**
   * `allows(set, index, node)` for every node, asked once per routing (`routing` is `routingKey(index)`):
   * the tier preference and the filter groups are read once, so a placement costs linear time in the
   * node count, and indices with the same routing share the answer.
   */
  allowedFor(set: DeciderSet, index: IndexMetadata, routing: string): Allowed {
    const number = SET_NUMBERS[set];
    // The last answer per set first: indices placed one after another mostly share a routing, and
    // comparing two texts costs less than hashing one.
    const last = this.last[number];
    if (last !== undefined && last.routing === routing) return last.answer;
    const cache = this.allowed[number]!;
    let answer = cache.get(routing);
    if (answer === undefined) {
      const preferred = preferredTierOf(index, this.topology);
      const groups = set === 'tier' ? null : indexFilterGroups(index);
      const byPosition = new Uint8Array(this.nodes.length);
      const candidates: number[] = [];
      for (let p = 0; p < this.nodes.length; p++) {
        if (!allows(set, index, this.nodes[p]!, this.topology, preferred, groups)) continue;
        byPosition[p] = 1;
        candidates.push(p);
      }
      answer = { byPosition, candidates };
      if (cache.size >= ALLOWED_CACHE_LIMIT) cache.clear();
      cache.set(routing, answer);
    }
    this.last[number] = { routing, answer };
    return answer;
  }
}

/** The store's holder of the current entry under one index name (replaced in place, no map write). */
interface Slot {
  entry: Entry;
}

interface Entry {
  /** The store holding it, and whether it still does (false once replaced or dropped; see `currentEntry`). */
  readonly store: PlacementStore;
  live: boolean;
  /** The store's slot for its index name (its `entry` is this one while `live`). */
  readonly slot: Slot;
  readonly uuid: string;
  /** The topology version the placement was made for. */
  readonly topologyVersion: number;
  /** The settings object and its `routingVersion` last seen with this placement (see `entryOf`). */
  settings: IndexSettings;
  routingVersion: number;
  /** The shard counts and `routingKey(index)` the placement was made for. */
  readonly shards: number;
  readonly replicas: number;
  readonly routing: string;
  readonly copies: readonly ShardCopy[];
  /** The load slot of each assigned copy's node (what the copies add to the loads, taken off when replaced). */
  readonly slots: readonly number[];
  /** `copiesThatMayNotStay` per decider set (by `SET_NUMBERS`, -1: not asked yet), made when first asked. */
  pending: number[] | null;
}

/** Whether two shard counts read the same as text (NaN as NaN, 0 as -0: what comparing them written out gave). */
function sameCount(a: number, b: number): boolean {
  return a === b || String(a) === String(b);
}

/** What a loop below `limit` runs: `for (let i = 0; i < limit; i++)` makes this many turns (NaN: none). */
function turnsBelow(limit: number): number {
  return limit > 0 ? Math.ceil(limit) : 0;
}

/** The placements of a cluster's indices on its topology, and each node's copy count. */
export class PlacementStore {
  private readonly entries = new Map<string, Slot>();
  /** Copies per load slot; each node id gets a slot the first time it is seen (`slotOf`), kept across topology versions. */
  private readonly loads: number[] = [];
  private readonly slots = new Map<string, number>();
  private view: NodeView;

  constructor(private readonly topology: Topology) {
    this.view = new NodeView(topology, (id) => this.slotOf(id));
  }

  /** The index's copies, primaries first per shard, recomputed only when its key changed. */
  copiesOf(index: IndexMetadata): readonly ShardCopy[] {
    return this.entryOf(index).copies;
  }

  /** The copies the deciders of `set` would not let stay where they are (cached with the placement). */
  pendingOf(index: IndexMetadata, set: DeciderSet): number {
    const entry = this.entryOf(index);
    const pending = (entry.pending ??= [-1, -1, -1, -1]);
    const number = SET_NUMBERS[set];
    let count = pending[number]!;
    if (count < 0) {
      const view = this.viewNow();
      const allowed = view.allowedFor(set, index, entry.routing);
      count = 0;
      for (const copy of entry.copies) {
        if (copy.node === null) continue;
        const position = view.positionOf(copy.node);
        const allows_ = position >= 0 ? allowed.byPosition[position] === 1 : allows(set, index, copy.node, this.topology);
        if (!allows_) count++;
      }
      pending[number] = count;
    }
    return count;
  }

  /** The view of the topology's current version (made again when it changed). */
  private viewNow(): NodeView {
    if (this.view.version !== this.topology.version || this.view.nodes !== this.topology.nodes()) {
      this.view = new NodeView(this.topology, (id) => this.slotOf(id));
    }
    return this.view;
  }

  private slotOf(id: string): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.loads.push(0) - 1;
      this.slots.set(id, slot);
    }
    return slot;
  }

  /**
   * The index's placement. Kept while the uuid, the topology version and the placement-relevant
   * settings are the same: when the settings object and its `routingVersion` are unchanged no such
   * setting was written; when it changed, the shard counts and `routingKey` are compared as text
   * (a setting written with its old value, or written and written back, keeps the placement).
   */
  private entryOf(index: IndexMetadata): Entry {
    const entry = this.currentEntry(index);
    const settings = index.settings;
    const same = entry !== undefined && entry.uuid === index.uuid;
    if (same && entry.topologyVersion === this.topology.version) {
      if (entry.settings === settings && entry.routingVersion === settings.routingVersion) return entry;
      const routing = routingKey(index);
      // Settings written without a change to the shard counts or the routing keep the placement.
      if (entry.routing === routing && sameCount(entry.shards, numberOfShards(index)) && sameCount(entry.replicas, numberOfReplicas(index))) {
        entry.settings = settings;
        entry.routingVersion = settings.routingVersion;
        return entry;
      }
      return this.placeAgain(index, entry, entry.copies, routing);
    }
    return this.placeAgain(index, entry, same ? entry.copies : [], routingKey(index));
  }

  /**
   * The entry held under the index's name, if any: the one the record itself points at (`IndexSched.
   * placementMemo`) while this store still holds it, without a lookup by name.
   */
  private currentEntry(index: IndexMetadata): Entry | undefined {
    const memo = index.placementMemo as Entry | null;
    return memo?.live && memo.store === this ? memo : this.entries.get(index.name)?.entry;
  }

  private placeAgain(index: IndexMetadata, entry: Entry | undefined, previous: readonly ShardCopy[], routing: string): Entry {
    if (entry) {
      this.uncount(entry);
      entry.live = false;
    }
    // `place` counts the copies it puts in their nodes' loads.
    const slots: number[] = [];
    const copies = this.place(index, previous, routing, slots);
    // The name's slot is kept (and its place in the name order): only its entry changes.
    const slot: Slot = entry ? entry.slot : { entry: undefined as unknown as Entry };
    const made: Entry = {
      store: this,
      live: true,
      slot,
      uuid: index.uuid,
      topologyVersion: this.topology.version,
      settings: index.settings,
      routingVersion: index.settings.routingVersion,
      shards: numberOfShards(index),
      replicas: numberOfReplicas(index),
      routing,
      copies,
      slots,
      pending: null,
    };
    slot.entry = made;
    if (!entry) this.entries.set(index.name, slot);
    index.placementMemo = made;
    return made;
  }

  /** After the topology changed: every index placed again from where its copies were, in name order. */
  replaceAll(cluster: Cluster): void {
    for (const [name, { entry }] of [...this.entries]) {
      const index = cluster.indices.get(name);
      if (!index || index.uuid !== entry.uuid) {
        this.uncount(entry);
        entry.live = false;
        this.entries.delete(name);
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
    cluster.changed.forEachWaiting((index) => {
      if (index.removed) return;
      const entry = this.currentEntry(index);
      if (!entry || entry.uuid !== index.uuid) this.copiesOf(index);
    });
  }

  /** How many copies (of every placed index) a node holds. */
  loadOf(node: SimNode): number {
    const slot = this.slots.get(node.id);
    return slot === undefined ? 0 : this.loads[slot]!;
  }

  /** Takes an entry's copies off their nodes' loads. */
  private uncount(entry: Entry): void {
    for (const slot of entry.slots) this.loads[slot]!--;
  }

  /**
   * Where the index's copies go, from where they were (`previous`; empty for a new index), counted in
   * the node loads as they are put (each assigned copy's load slot is added to `slotsOut`). Copies are numbered `shard * perShard + copy` (copy 0 the primary)
   * and nodes by their position in the view.
   */
  private place(index: IndexMetadata, previous: readonly ShardCopy[], routing: string, slotsOut: number[]): ShardCopy[] {
    const view = this.viewNow();
    const nodes = view.nodes;
    const allowed = view.allowedFor('all', index, routing);
    const shards = turnsBelow(numberOfShards(index));
    const perShard = turnsBelow(numberOfReplicas(index) + 1);
    const limit = shardsPerNodeLimit(index) ?? Infinity;
    const total = shards * perShard;
    // Where each copy was (null: nowhere), and its node's position (-1: not a node of the view); null
    // when there were no copies. A primary whose node left gives way to a started replica (ES promotes it).
    let was: Array<SimNode | null> | null = null;
    let wasAt: number[] | null = null;
    // Per shard: a primary whose data sits only on a node that is away (or gone) cannot start anywhere else.
    let lost: Array<SimNode | null> | null = null;
    if (previous.length > 0) {
      was = new Array<SimNode | null>(total).fill(null);
      wasAt = new Array<number>(total).fill(-1);
      const hadData = new Array<boolean>(shards).fill(false);
      for (const copy of previous) {
        const s = copy.shard;
        if (!(s >= 0 && s < shards)) continue;
        const held = copy.node ?? copy.lostOn ?? null;
        if (copy.primary && held) hadData[s] = true;
        const base = s * perShard;
        let slot = 0;
        if (!copy.primary) {
          slot = -1;
          for (let c = 1; c < perShard; c++) {
            if (was[base + c] === null) {
              slot = c;
              break;
            }
          }
        }
        if (slot >= 0 && slot < perShard && held) {
          const at = view.positionOfId(held.id);
          was[base + slot] = at >= 0 ? nodes[at]! : { ...held, running: false };
          wasAt[base + slot] = at;
        }
      }
      for (let s = 0; s < shards; s++) {
        const base = s * perShard;
        if (!was[base]?.running) {
          for (let c = 1; c < perShard; c++) {
            const node = was[base + c];
            if (node?.running) {
              was[base + c] = was[base] ?? null;
              was[base] = node;
              const at = wasAt[base + c]!;
              wasAt[base + c] = wasAt[base]!;
              wasAt[base] = at;
              break;
            }
          }
        }
        if (hadData[s] && !was[base]?.running) (lost ??= new Array<SimNode | null>(shards).fill(null))[s] = was[base] ?? null;
      }
    }
    // Where each copy goes (a node position, -1: nowhere yet), and with a shards-per-node limit the
    // index's copies per node. Each copy put is counted in its node's load at once, so a node's load
    // below is its copies of the other indices plus those of this one put so far.
    const now = new Array<number>(total).fill(-1);
    const onNode = limit === Infinity ? null : new Array<number>(nodes.length).fill(0);
    const slots = view.slots;
    const loads = this.loads;
    const inShard = (s: number, at: number): boolean => {
      for (let i = s * perShard, end = i + perShard; i < end; i++) if (now[i] === at) return true;
      return false;
    };
    const free = (s: number, at: number): boolean => (onNode === null || onNode[at]! < limit) && !inShard(s, at);
    const put = (i: number, at: number): void => {
      now[i] = at;
      loads[slots[at]!]!++;
      if (onNode !== null) onNode[at]!++;
    };
    // Copies that may stay, stay (replicas after every primary, each in shard order).
    if (wasAt !== null) {
      for (let c = 0; c < perShard; c++) {
        for (let s = 0; s < shards; s++) {
          const at = wasAt[s * perShard + c]!;
          if (at >= 0 && allowed.byPosition[at] === 1 && free(s, at)) put(s * perShard + c, at);
        }
      }
    }
    // The others go to the allowed node with the fewest copies, or stay where they are, or wait.
    const candidates = allowed.candidates;
    for (let c = 0; c < perShard; c++) {
      for (let s = 0; s < shards; s++) {
        const i = s * perShard + c;
        if (now[i]! >= 0 || (c === 0 && lost !== null && lost[s])) continue;
        let best = -1;
        let bestLoad = 0;
        for (const at of candidates) {
          if (!free(s, at)) continue;
          const load = loads[slots[at]!]!;
          if (best < 0 || load < bestLoad) {
            best = at;
            bestLoad = load;
          }
        }
        if (best >= 0) {
          put(i, best);
          continue;
        }
        const stay = was === null ? null : was[i];
        const stayAt = wasAt === null ? -1 : wasAt[i]!;
        if (stay?.running && stayAt >= 0 && isDataNode(stay) && !inShard(s, stayAt)) put(i, stayAt);
      }
    }
    const copies: ShardCopy[] = new Array<ShardCopy>(total);
    for (let s = 0; s < shards; s++) {
      for (let c = 0; c < perShard; c++) {
        const i = s * perShard + c;
        const at = now[i]!;
        const node = at >= 0 ? nodes[at]! : null;
        if (at >= 0) slotsOut.push(slots[at]!);
        const lostOn = c === 0 && at < 0 && lost !== null ? lost[s] : null;
        copies[i] = lostOn ? { shard: s, primary: c === 0, node, lostOn } : { shard: s, primary: c === 0, node };
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
