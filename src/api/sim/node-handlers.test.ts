/**
 * Tests for `/_sim/nodes` and the `nodes` option: a bad node list is refused whole, `POST /_sim/_reset`
 * restores the configured nodes, and `GET /_nodes` and `_cluster/health` count the running nodes.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

const NODES = [
  { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'], attributes: { box_type: 'hot' } },
  { name: 'warm-1', roles: ['data_warm'], attributes: { box_type: 'warm' } },
];

describe('/_sim/nodes and the nodes option', () => {
  it('refuses a bad nodes option with its reason', () => {
    expect(() => createSimulator({ nodes: [] })).to.throw('invalid nodes: [nodes] must name at least one node');
  });

  it('restores the configured nodes on reset, and leaves the nodes alone after a bad PUT', () => {
    const sim = createSimulator({ nodes: NODES });
    const names = () =>
      (sim.requestSync({ method: 'GET', path: '/_sim/nodes' }).body as { nodes: Array<{ name: string; running: boolean }> }).nodes.map(
        (n) => `${n.name}:${n.running}`,
      );
    expect(names()).to.deep.equal(['hot-1:true', 'warm-1:true']);
    expect(sim.requestSync({ method: 'PUT', path: '/_sim/nodes', body: { nodes: [{ name: 'x', roles: ['data_lukewarm'] }] } }).status).to.equal(400);
    expect(names()).to.deep.equal(['hot-1:true', 'warm-1:true']);
    sim.requestSync({ method: 'POST', path: '/_sim/nodes/warm-1/_stop' });
    sim.requestSync({ method: 'POST', path: '/_sim/nodes', body: { name: 'cold-1', roles: ['data_cold'] } });
    expect(names()).to.deep.equal(['cold-1:true', 'hot-1:true', 'warm-1:false']);
    const health = sim.requestSync({ method: 'GET', path: '/_cluster/health' }).body as Record<string, unknown>;
    expect([health['number_of_nodes'], health['number_of_data_nodes']]).to.deep.equal([2, 2]);
    const nodes = sim.requestSync({ method: 'GET', path: '/_nodes' }).body as { _nodes: { total: number }; nodes: Record<string, { name: string }> };
    expect(nodes._nodes.total).to.equal(2);
    expect(Object.values(nodes.nodes).map((n) => n.name)).to.deep.equal(['cold-1', 'hot-1']);
    sim.requestSync({ method: 'POST', path: '/_sim/_reset' });
    expect(names()).to.deep.equal(['hot-1:true', 'warm-1:true']);
  });

  it('keeps the default node by default: ilm-sim with the profile roles', () => {
    const sim = createSimulator();
    const nodes = sim.requestSync({ method: 'GET', path: '/_cat/nodes?h=name,node.role,master' });
    expect(nodes.text).to.equal('ilm-sim cdhilmrstw *\n');
  });
});
