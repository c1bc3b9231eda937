/**
 * Tests for the node list: ids derived from names, validation messages, the default node, and the
 * version bump on every change (placements are cached by it).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createCluster } from './cluster';
import { configureTopology, nodeHasTier, nodeIdFor, nodeSpecsError, topologyOf, toNodeSpecs } from './topology';

describe('topology', () => {
  it('derives a stable 22-character id from the name alone', () => {
    expect(nodeIdFor('hot-1')).to.equal(nodeIdFor('hot-1'));
    expect(nodeIdFor('hot-1')).to.have.length(22);
    expect(nodeIdFor('hot-1')).to.not.equal(nodeIdFor('hot-2'));
    expect(nodeIdFor('hot-1')).to.match(/^[A-Za-z0-9_-]{22}$/);
  });

  it('keeps the default node: the cluster id, every role, matching every tier', () => {
    const cluster = createCluster(() => 'seeded-id');
    const topology = topologyOf(cluster);
    expect(topology.isDefault).to.equal(true);
    expect(topology.nodes().map((n) => [n.name, n.id])).to.deep.equal([['ilm-sim', 'seeded-id']]);
    expect(nodeHasTier(topology.nodes()[0]!, 'data_frozen')).to.equal(true);
  });

  it('refuses bad node lists with a reason', () => {
    expect(nodeSpecsError([])).to.equal('[nodes] must name at least one node');
    expect(nodeSpecsError({})).to.equal('[nodes] must be an array of nodes');
    expect(nodeSpecsError([{ name: 'a' }, { name: 'a' }])).to.equal('[nodes] names the node [a] twice');
    expect(nodeSpecsError([{ name: 'a', roles: ['data_tepid'] }])).to.match(/^\[nodes\]\[a\] unknown role \[data_tepid\]/);
    expect(nodeSpecsError([{ name: 'a', attributes: { rack: 1 } }])).to.equal('[nodes][a][attributes][rack] must be a string');
    expect(nodeSpecsError([{ name: '' }])).to.equal('[nodes][0] requires a non-empty [name]');
    expect(nodeSpecsError([{ name: 'a', colour: 'red' }])).to.match(/unknown field \[colour\]/);
    expect(nodeSpecsError([{ name: 'a', roles: ['data_hot'], attributes: { box_type: 'hot' } }])).to.equal(null);
  });

  it('lists configured nodes by name, counts the generic data role for every tier, and bumps the version on changes', () => {
    const cluster = createCluster(() => 'seeded-id');
    const topology = configureTopology(
      cluster,
      [],
      toNodeSpecs([
        { name: 'warm-1', roles: ['data_warm'] },
        { name: 'any-1', roles: ['data'] },
      ]),
    );
    expect(topology.isDefault).to.equal(false);
    expect(topology.nodes().map((n) => n.name)).to.deep.equal(['any-1', 'warm-1']);
    expect(nodeHasTier(topology.byName('any-1')!, 'data_cold')).to.equal(true);
    expect(nodeHasTier(topology.byName('warm-1')!, 'data_cold')).to.equal(false);
    const version = topology.version;
    expect(topology.setRunning('warm-1', false)).to.equal(true);
    expect(topology.running().map((n) => n.name)).to.deep.equal(['any-1']);
    expect(topology.version).to.equal(version + 1);
    expect(topology.setRunning('nope', false)).to.equal(false);
    topology.add({ name: 'cold-1', roles: ['data_cold'] });
    expect(topology.nodes().map((n) => n.name)).to.deep.equal(['any-1', 'cold-1', 'warm-1']);
    expect(topology.remove('cold-1')).to.equal(true);
    expect(topology.version).to.equal(version + 3);
  });
});
