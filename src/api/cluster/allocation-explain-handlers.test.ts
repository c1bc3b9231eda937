/**
 * Tests for `GET|POST /_cluster/allocation/explain`: which copy a bodiless request explains per
 * release (7.15+ an unassigned primary first), the node decisions' order (decision, then weight
 * ranking), `include_yes_decisions`, 6.6's request summary in the no-unassigned 400, the `current_node`
 * errors, and that a rebalance answer lists the other nodes as `worse_balance` or `no`.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

const NODES = [
  { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'], attributes: { box_type: 'hot' } },
  { name: 'hot-2', roles: ['data_hot', 'data_content'], attributes: { box_type: 'hot' } },
  { name: 'warm-1', roles: ['data_warm'], attributes: { box_type: 'warm' } },
];

type Body = Record<string, unknown> & { node_allocation_decisions?: Array<Record<string, unknown>> };

function explain(sim: ReturnType<typeof createSimulator>, body?: object, query = ''): { status: number; body: Body } {
  const answer = sim.requestSync({ method: 'POST', path: `/_cluster/allocation/explain${query}`, ...(body ? { body } : {}) });
  return { status: answer.status, body: answer.body as Body };
}

describe('the allocation explain API', () => {
  it('explains the first unassigned copy; from 7.15 an unassigned primary before any replica', () => {
    for (const [profile, primary] of [
      ['7.10', false],
      ['7.17', true],
    ] as const) {
      const sim = createSimulator({ profile, nodes: [NODES[0]!] });
      sim.requestSync({ method: 'PUT', path: '/a', body: { settings: { number_of_replicas: 1 } } });
      sim.requestSync({ method: 'PUT', path: '/b', body: { settings: { number_of_replicas: 0, 'index.routing.allocation.require.box_type': 'warm' } } });
      const answer = explain(sim).body;
      expect([answer['index'], answer['primary']], profile).to.deep.equal(primary ? ['b', true] : ['a', false]);
      expect('note' in answer, profile).to.equal(primary);
    }
  });

  it('orders node decisions by decision then weight ranking, and lists YES deciders only when asked', () => {
    const sim = createSimulator({ profile: '7.10', nodes: NODES });
    sim.requestSync({ method: 'POST', path: '/_sim/nodes/hot-2/_stop' });
    sim.requestSync({ method: 'PUT', path: '/logs', body: { settings: { number_of_replicas: 0, 'index.routing.allocation.include._name': 'hot-2' } } });
    const answer = explain(sim, { index: 'logs', shard: 0, primary: true }).body;
    expect(answer['current_state']).to.equal('unassigned');
    expect(answer.node_allocation_decisions!.map((d) => `${d['node_name']}:${d['node_decision']}:${d['weight_ranking']}`)).to.deep.equal([
      'hot-1:no:1',
      'warm-1:no:2',
    ]);
    const withYes = explain(sim, { index: 'logs', shard: 0, primary: true }, '?include_yes_decisions=true').body;
    const deciders = withYes.node_allocation_decisions![0]!['deciders'] as Array<{ decider: string; decision: string }>;
    expect(deciders.map((d) => `${d.decider}:${d.decision}`)).to.deep.equal(['filter:NO', 'same_shard:YES', 'shards_limit:YES']);
  });

  it('answers worse_balance for nodes that could take the copy, no for the others', () => {
    const sim = createSimulator({ profile: '7.10', nodes: NODES });
    sim.requestSync({ method: 'PUT', path: '/logs', body: { settings: { number_of_replicas: 0 } } });
    const answer = explain(sim, { index: 'logs', shard: 0, primary: true }).body;
    const current = (answer['current_node'] as { name: string }).name;
    // ES sorts by `AllocationDecision` order, in which NO comes before WORSE_BALANCE.
    expect(answer.node_allocation_decisions!.map((d) => `${d['node_name']}:${d['node_decision']}`)).to.deep.equal([
      'warm-1:no',
      `${current === 'hot-1' ? 'hot-2' : 'hot-1'}:worse_balance`,
    ]);
  });

  it("summarises the request in 6.6's 400, with include_yes_decisions as given", () => {
    const sim = createSimulator({ profile: '6.6', nodes: [NODES[0]!] });
    const answer = explain(sim, undefined, '?include_yes_decisions=true');
    expect(answer.status).to.equal(400);
    expect((answer.body['error'] as { reason: string }).reason).to.equal(
      'unable to find any unassigned shards to explain [ClusterAllocationExplainRequest[useAnyUnassignedShard=true,includeYesDecisions?=true]',
    );
  });

  it('refuses a current_node that holds no such copy, and a replica of an index without replicas', () => {
    const sim = createSimulator({ profile: '7.10', nodes: NODES });
    sim.requestSync({ method: 'PUT', path: '/logs', body: { settings: { number_of_replicas: 0, 'index.routing.allocation.require._name': 'hot-1' } } });
    const reason = (body: object) => (explain(sim, body).body['error'] as { reason: string }).reason;
    expect(reason({ index: 'logs', shard: 0, primary: true, current_node: 'warm-1' })).to.equal('unable to find primary shard assigned to node [warm-1]');
    expect(reason({ index: 'logs', shard: 0, primary: false, current_node: 'hot-1' })).to.equal('unable to find a replica shard assigned to node [hot-1]');
    expect(reason({ index: 'logs', shard: 0, primary: false })).to.equal(
      'unable to find any shards to explain [ClusterAllocationExplainRequest[index=logs,shard=0,primary?=false,includeYesDecisions?=false] in the routing table',
    );
    expect(explain(sim, { index: 'logs', shard: 0, primary: true, current_node: 'hot-1' }).body['current_state']).to.equal('started');
  });
});
