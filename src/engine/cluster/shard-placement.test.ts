/**
 * Tests for shard placement on a configured topology: filters, tier preference, the same-shard rule,
 * shards per node, frozen-only nodes, copies that stay put when they have nowhere to go, promotion
 * and lost primaries when a node leaves, and the cache; and `deciderVerdicts`, what each modelled
 * decider says about a copy on a node in ES's words.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, Cluster, createCluster, IndexMetadata } from './cluster';
import {
  allocationIdOf,
  copiesOf,
  copiesThatMayNotStay,
  DeciderVerdict,
  deciderVerdicts,
  tierPreference,
  filterAllows,
  placementStore,
  preferredAvailableTier,
  routingKey,
  ShardCopy,
} from './shard-placement';
import { configureTopology, NodeSpec, topologyOf } from './topology';

let uuids = 0;
function clusterWith(nodes: NodeSpec[]): Cluster {
  const cluster = createCluster(() => `uuid-${uuids++}`);
  configureTopology(cluster, [], nodes);
  return cluster;
}

function index(cluster: Cluster, name: string, settings: Record<string, string>): IndexMetadata {
  return addIndex(cluster, name, 0, new Map(Object.entries(settings)));
}

function where(cluster: Cluster, i: IndexMetadata): string[] {
  return copiesOf(cluster, i)!.map((c) => `${c.shard}${c.primary ? 'p' : 'r'}:${c.node?.name ?? '-'}`);
}

const HOT = { name: 'hot-1', roles: ['data_hot', 'data_content'], attributes: { box_type: 'hot' } };
const HOT2 = { name: 'hot-2', roles: ['data_hot', 'data_content'], attributes: { box_type: 'hot' } };
const WARM = { name: 'warm-1', roles: ['data_warm'], attributes: { box_type: 'warm' } };
const COLD = { name: 'cold-1', roles: ['data_cold'], attributes: { box_type: 'cold' } };

describe('shard placement', () => {
  it('resolves the tier preference once per placement, not once per copy and node (issue 20, item 9)', () => {
    const nodes = Array.from({ length: 60 }, (_, i) => ({ name: `n-${i}`, roles: [i % 2 === 0 ? 'data_hot' : 'data_warm', 'data_content'] }));
    const cluster = clusterWith(nodes);
    const topology = topologyOf(cluster);
    const running = topology.running.bind(topology);
    let scans = 0;
    topology.running = () => {
      scans++;
      return running();
    };
    const placed = index(cluster, 'logs', {
      'index.number_of_shards': '20',
      'index.number_of_replicas': '1',
      'index.routing.allocation.include._tier_preference': 'data_warm,data_hot',
    });
    expect(copiesOf(cluster, placed)!.every((c) => c.node?.roles.includes('data_warm'))).to.equal(true);
    // One scan of the running nodes for the preferred tier; 40 copies on 60 nodes once took 2,400.
    expect(scans).to.equal(1);
    scans = 0;
    copiesThatMayNotStay(cluster, placed, 'tier');
    expect(scans).to.equal(1);
  });

  it('keys the routing by the routing settings held after sets, deletes and a clear, in key order', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.routing.allocation.require.box_type': 'hot', 'index.priority': '1' });
    const key = routingKey(i);
    i.settings.set('index.routing.allocation.include._tier_preference', 'data_hot');
    i.settings.set('index.routing.allocation.require.box_type', 'warm');
    i.settings.set('index.routing.allocation.exclude._name', 'n-1');
    i.settings.delete('index.routing.allocation.exclude._name');
    i.settings.delete('index.routing.allocation.exclude._name');
    expect(routingKey(i)).to.equal('49:index.routing.allocation.include._tier_preference8:data_hot41:index.routing.allocation.require.box_type4:warmpartial0:');
    i.settings.set('index.routing.allocation.require.box_type', 'hot');
    i.settings.delete('index.routing.allocation.include._tier_preference');
    expect(routingKey(i)).to.equal(key);
    i.settings.clear();
    expect(routingKey(i)).to.equal('partial0:');
  });

  it('answers null on the default topology (nothing is placed)', () => {
    const cluster = createCluster(() => 'id');
    expect(copiesOf(cluster, index(cluster, 'logs', {}))).to.equal(null);
  });

  it('never puts two copies of a shard on one node: one node leaves the replica unassigned', () => {
    const cluster = clusterWith([HOT]);
    expect(where(cluster, index(cluster, 'logs', { 'index.number_of_replicas': '1' }))).to.deep.equal(['0p:hot-1', '0r:-']);
  });

  it('spreads copies to the least-loaded allowed node, ties in name order', () => {
    const cluster = clusterWith([HOT2, HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_shards': '2', 'index.number_of_replicas': '1' });
    expect(where(cluster, i)).to.deep.equal(['0p:hot-1', '0r:hot-2', '1p:hot-2', '1r:hot-1']);
  });

  it('applies require, include and exclude filters with comma lists and wildcards', () => {
    const cluster = clusterWith([HOT, WARM]);
    const node = topologyOf(cluster).byName('warm-1')!;
    const check = (settings: Record<string, string>) => filterAllows(index(cluster, `i${uuids}`, settings), node);
    expect(check({ 'index.routing.allocation.require.box_type': 'warm' })).to.equal(true);
    expect(check({ 'index.routing.allocation.require.box_type': 'hot' })).to.equal(false);
    expect(check({ 'index.routing.allocation.include.box_type': 'cold,wa*' })).to.equal(true);
    expect(check({ 'index.routing.allocation.exclude._name': 'warm-*' })).to.equal(false);
    expect(check({ 'index.routing.allocation.require._id': node.id })).to.equal(true);
    expect(check({ 'index.routing.allocation.require.rack': 'r1' })).to.equal(false);
  });

  it('keeps a copy that may not stay where it is when no node may take it, and moves it when one joins', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_replicas': '0' });
    expect(where(cluster, i)).to.deep.equal(['0p:hot-1']);
    i.settings.set('index.routing.allocation.require.box_type', 'warm');
    expect(where(cluster, i)).to.deep.equal(['0p:hot-1']);
    expect(copiesThatMayNotStay(cluster, i, 'filter')).to.equal(1);
    topologyOf(cluster).add(WARM);
    placementStore(cluster).replaceAll(cluster);
    expect(where(cluster, i)).to.deep.equal(['0p:warm-1']);
    expect(copiesThatMayNotStay(cluster, i, 'filter')).to.equal(0);
  });

  it('follows the first tier of the preference that has a node', () => {
    const cluster = clusterWith([HOT, WARM]);
    expect(preferredAvailableTier(['data_cold', 'data_warm', 'data_hot'], topologyOf(cluster))).to.equal('data_warm');
    expect(preferredAvailableTier(['data_cold', 'data_frozen'], topologyOf(cluster))).to.equal(null);
    const i = index(cluster, 'logs', { 'index.number_of_replicas': '0', 'index.routing.allocation.include._tier_preference': 'data_cold,data_warm,data_hot' });
    expect(where(cluster, i)).to.deep.equal(['0p:warm-1']);
  });

  it('reads the tier preference from the index: content-tier indices avoid warm-only nodes; without one any data node fits', () => {
    const cluster = createCluster(() => `uuid-${uuids++}`);
    configureTopology(cluster, ['data_content'], [HOT, WARM, { name: 'hot-only', roles: ['data_hot'], attributes: {} }]);
    const content = { 'index.routing.allocation.include._tier_preference': 'data_content' };
    expect(tierPreference(index(cluster, 'logs', content))).to.deep.equal(['data_content']);
    expect(tierPreference(index(cluster, 'plain', {}))).to.deep.equal([]);
    // ES 7.10+ creates an index with `data_content`; an allocate by attribute onto warm-only nodes then waits.
    const stuck = index(cluster, 'warm-logs', { ...content, 'index.number_of_replicas': '0', 'index.routing.allocation.require.box_type': 'warm' });
    expect(where(cluster, stuck)).to.deep.equal(['0p:-']);
    // 7.x creates an index with routing rules of its own without a preference: the rule alone decides.
    const free = index(cluster, 'boxed', { 'index.number_of_replicas': '0', 'index.routing.allocation.require.box_type': 'warm' });
    expect(where(cluster, free)).to.deep.equal(['0p:warm-1']);
  });

  it('limits copies per node with total_shards_per_node', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_shards': '2', 'index.number_of_replicas': '0', 'index.routing.allocation.total_shards_per_node': '1' });
    expect(where(cluster, i)).to.deep.equal(['0p:hot-1', '1p:-']);
  });

  it('takes a total_shards_per_node of 0 as no limit, as ES does', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_shards': '2', 'index.number_of_replicas': '0', 'index.routing.allocation.total_shards_per_node': '0' });
    expect(where(cluster, i)).to.deep.equal(['0p:hot-1', '1p:hot-1']);
  });

  it('gives a frozen-only node only partially mounted indices', () => {
    const cluster = clusterWith([{ name: 'frozen-1', roles: ['data_frozen'], attributes: {} }]);
    expect(where(cluster, index(cluster, 'logs', { 'index.number_of_replicas': '0' }))).to.deep.equal(['0p:-']);
    expect(where(cluster, index(cluster, 'partial-logs', { 'index.number_of_replicas': '0', 'index.store.snapshot.partial': 'true' }))).to.deep.equal([
      '0p:frozen-1',
    ]);
  });

  it('promotes a replica when its primary node leaves; a primary with no other copy waits for its node', () => {
    const cluster = clusterWith([HOT, HOT2]);
    const replicated = index(cluster, 'a', { 'index.number_of_replicas': '1' });
    const single = index(cluster, 'b', { 'index.number_of_replicas': '0' });
    expect(where(cluster, replicated)).to.deep.equal(['0p:hot-1', '0r:hot-2']);
    expect(where(cluster, single)).to.deep.equal(['0p:hot-1']);
    topologyOf(cluster).setRunning('hot-1', false);
    placementStore(cluster).replaceAll(cluster);
    expect(where(cluster, replicated)).to.deep.equal(['0p:hot-2', '0r:-']);
    expect(where(cluster, single)).to.deep.equal(['0p:-']);
    topologyOf(cluster).setRunning('hot-1', true);
    placementStore(cluster).replaceAll(cluster);
    expect(where(cluster, single)).to.deep.equal(['0p:hot-1']);
    expect(where(cluster, replicated)).to.deep.equal(['0p:hot-2', '0r:hot-1']);
  });

  it('returns the cached placement while nothing it depends on changed', () => {
    const cluster = clusterWith([HOT, COLD]);
    const i = index(cluster, 'logs', {});
    const first = copiesOf(cluster, i);
    expect(copiesOf(cluster, i)).to.equal(first);
    i.settings.set('index.number_of_replicas', '0');
    expect(copiesOf(cluster, i)).to.not.equal(first);
  });

  it('keeps the placement across writes of settings it does not read, and of routing written back unchanged', () => {
    const cluster = clusterWith([HOT, HOT2, WARM]);
    const i = index(cluster, 'logs', { 'index.routing.allocation.include._tier_preference': 'data_hot' });
    const first = copiesOf(cluster, i);
    i.settings.set('index.priority', '50');
    i.settings.set('index.lifecycle.name', 'p');
    expect(copiesOf(cluster, i)).to.equal(first);
    i.settings.set('index.routing.allocation.include._tier_preference', 'data_hot');
    expect(copiesOf(cluster, i)).to.equal(first);
    i.settings.set('index.routing.allocation.include._tier_preference', 'data_warm,data_hot');
    // The replica has no other warm node to go to, so it stays where it is.
    expect(where(cluster, i)).to.deep.equal(['0p:warm-1', '0r:hot-2']);
  });

  it('tells apart routings whose settings differ only in where a key ends and its value begins', () => {
    // Written as `key=value` texts, both once read `index.routing.allocation.require.box==hot`.
    const cluster = clusterWith([HOT, WARM]);
    const a = index(cluster, 'a', { 'index.number_of_replicas': '0', 'index.routing.allocation.require.box': '=hot' });
    const b = index(cluster, 'b', { 'index.number_of_replicas': '0', 'index.routing.allocation.require.box=': 'hot' });
    expect(routingKey(a)).to.not.equal(routingKey(b));
  });

  it('answers each index from its own routing when many share a topology (the allowed nodes are kept per routing)', () => {
    const cluster = clusterWith([HOT, HOT2, WARM, COLD]);
    const byTier = (tier: string, n: number) => index(cluster, `${tier}-${n}`, { 'index.routing.allocation.include._tier_preference': tier });
    const placed = [byTier('data_warm', 0), byTier('data_cold', 0), byTier('data_hot', 0), byTier('data_warm', 1), byTier('data_cold', 1)];
    expect(placed.map((i) => where(cluster, i))).to.deep.equal([
      ['0p:warm-1', '0r:-'],
      ['0p:cold-1', '0r:-'],
      ['0p:hot-1', '0r:hot-2'],
      ['0p:warm-1', '0r:-'],
      ['0p:cold-1', '0r:-'],
    ]);
    // The same routing on a topology that changed is answered afresh.
    topologyOf(cluster).setRunning('warm-1', false);
    placementStore(cluster).replaceAll(cluster);
    expect(where(cluster, placed[0]!)).to.deep.equal(['0p:-', '0r:-']);
    expect(copiesThatMayNotStay(cluster, placed[1]!, 'tier')).to.equal(0);
  });
});

const FROZEN_ONLY = { name: 'frozen-1', roles: ['data_frozen'] };

function noes(verdicts: readonly DeciderVerdict[]): string[] {
  return verdicts.filter((v) => v.decision === 'NO').map((v) => `${v.decider}: ${v.explanation}`);
}

function verdictsFor(
  cluster: Cluster,
  i: IndexMetadata,
  pick: (c: ShardCopy) => boolean,
  nodeName: string,
  mode: 'allocate' | 'remain' = 'allocate',
): DeciderVerdict[] {
  const copies = copiesOf(cluster, i)!;
  const node = topologyOf(cluster).byName(nodeName)!;
  return deciderVerdicts(cluster, i, copies.find(pick)!, node, copies, mode);
}

describe('decider verdicts', () => {
  it('names the filter group a node fails, with its filters as ES prints them', () => {
    const cluster = clusterWith([HOT]);
    const required = index(cluster, 'req', { 'index.number_of_replicas': '0', 'index.routing.allocation.require.box_type': 'warm,cold' });
    expect(noes(verdictsFor(cluster, required, (c) => c.primary, 'hot-1'))).to.deep.equal([
      'filter: node does not match index setting [index.routing.allocation.require] filters [box_type:"warm,cold"]',
    ]);
    const included = index(cluster, 'inc', { 'index.number_of_replicas': '0', 'index.routing.allocation.include._name': 'other' });
    expect(noes(verdictsFor(cluster, included, (c) => c.primary, 'hot-1'))).to.deep.equal([
      'filter: node does not match index setting [index.routing.allocation.include] filters [_name:"other"]',
    ]);
    const excluded = index(cluster, 'exc', { 'index.number_of_replicas': '0', 'index.routing.allocation.exclude.box_type': 'hot' });
    expect(noes(verdictsFor(cluster, excluded, (c) => c.primary, 'hot-1'))).to.deep.equal([
      'filter: node matches index setting [index.routing.allocation.exclude.] filters [box_type:"hot"]',
    ]);
  });

  it('refuses a replica on the node holding its primary, naming the primary as ES summarises a routing entry', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_replicas': '1' });
    const copies = copiesOf(cluster, i)!;
    const primary = copies.find((c) => c.primary)!;
    expect(noes(verdictsFor(cluster, i, (c) => !c.primary, 'hot-1'))).to.deep.equal([
      `same_shard: a copy of this shard is already allocated to this node [[logs][0], node[${primary.node!.id}], [P], s[STARTED], a[id=${allocationIdOf(i, primary)}]]`,
    ]);
    expect(allocationIdOf(i, primary)).to.have.length(22);
  });

  it('counts the index copies on a node against total_shards_per_node', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_shards': '2', 'index.number_of_replicas': '0', 'index.routing.allocation.total_shards_per_node': '1' });
    expect(noes(verdictsFor(cluster, i, (c) => c.shard === 1, 'hot-1'))).to.deep.equal([
      'shards_limit: too many shards [1] allocated to this node for index [logs], index setting [index.routing.allocation.total_shards_per_node=1]',
    ]);
  });

  it('names the preferred available tier, or says no node has any of the tiers', () => {
    const cluster = clusterWith([HOT, COLD]);
    const i = index(cluster, 'logs', { 'index.number_of_replicas': '0', 'index.routing.allocation.include._tier_preference': 'data_warm,data_cold' });
    expect(noes(verdictsFor(cluster, i, (c) => c.primary, 'hot-1'))).to.deep.equal([
      'data_tier: index has a preference for tiers [data_warm,data_cold] and node does not meet the required [data_cold] tier',
    ]);
    expect(verdictsFor(cluster, i, (c) => c.primary, 'cold-1').find((v) => v.decider === 'data_tier')).to.deep.equal({
      decider: 'data_tier',
      decision: 'YES',
      explanation: 'index has a preference for tiers [data_warm,data_cold] and node has tier [data_cold]',
    });
    const none = index(cluster, 'none', { 'index.number_of_replicas': '0', 'index.routing.allocation.include._tier_preference': 'data_warm' });
    expect(noes(verdictsFor(cluster, none, (c) => c.primary, 'hot-1'))).to.deep.equal([
      'data_tier: index has a preference for tiers [data_warm], but no nodes for any of those tiers are available in the cluster',
    ]);
  });

  it('keeps a frozen-only node for partially mounted indices', () => {
    const cluster = clusterWith([HOT, FROZEN_ONLY]);
    const i = index(cluster, 'logs', { 'index.number_of_replicas': '0' });
    expect(noes(verdictsFor(cluster, i, (c) => c.primary, 'frozen-1')).pop()).to.equal(
      "dedicated_frozen_node: this node's data roles are exactly [data_frozen] so it may only hold shards from frozen searchable snapshots, but this index is not a frozen searchable snapshot",
    );
  });

  it('holds a replica back while its primary is not active, and asks only filter, tier and frozen questions for remain', () => {
    const cluster = clusterWith([HOT]);
    const i = index(cluster, 'logs', { 'index.number_of_replicas': '1', 'index.routing.allocation.require.box_type': 'warm' });
    expect(noes(verdictsFor(cluster, i, (c) => !c.primary, 'hot-1')).map((t) => t.split(':')[0])).to.deep.equal(['replica_after_primary_active', 'filter']);
    const ok = index(cluster, 'ok', { 'index.number_of_replicas': '0', 'index.routing.allocation.include._tier_preference': 'data_hot' });
    expect(verdictsFor(cluster, ok, (c) => c.primary, 'hot-1', 'remain').map((v) => v.decider)).to.deep.equal(['filter', 'data_tier']);
  });
});
