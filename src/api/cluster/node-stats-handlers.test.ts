import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

async function cluster(profile = '7.17') {
  const sim = createSimulator({ profile });
  await sim.request({ method: 'PUT', path: '/logs-000001', body: { aliases: { logs: {} } } });
  await sim.request({ method: 'POST', path: '/_sim/ingest', body: { index: 'logs', count: 42, bytes_each: '1kb' } });
  await sim.request({ method: 'PUT', path: '/other', body: { settings: { number_of_shards: 2 } } });
  await sim.request({ method: 'POST', path: '/_sim/ingest', body: { index: 'other', count: 8, bytes_each: '1kb' } });
  return sim;
}

type Nodes = { _nodes: Record<string, number>; cluster_name: string; nodes: Record<string, Record<string, unknown>> };

describe('GET /_nodes[/<node_id>]/stats[/<metric>] (ES RestNodesStatsAction)', () => {
  it('answers the one node: timestamp from the simulated clock, identity, then the metrics in ES order', async () => {
    const sim = await cluster();
    await sim.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1h' } });
    const res = await sim.request({ method: 'GET', path: '/_nodes/stats' });
    expect(res.status).to.equal(200);
    const body = res.body as Nodes;
    expect(Object.keys(body)).to.deep.equal(['_nodes', 'cluster_name', 'nodes']);
    expect(body._nodes).to.deep.equal({ total: 1, successful: 1, failed: 0 });
    const [id, node] = Object.entries(body.nodes)[0]!;
    const info = ((await sim.request({ method: 'GET', path: '/_nodes' })).body as Nodes).nodes;
    expect(Object.keys(info)).to.deep.equal([id]);
    expect(Object.keys(node)).to.deep.equal([
      'timestamp',
      'name',
      'transport_address',
      'host',
      'ip',
      'roles',
      'indices',
      'os',
      'process',
      'jvm',
      'thread_pool',
      'fs',
      'transport',
      'http',
      'breakers',
    ]);
    expect(node['timestamp']).to.equal(Date.parse('2024-01-01T01:00:00Z'));
    expect(node['roles']).to.deep.equal(info[id]!['roles']);
    expect(node['indices']).to.deep.equal({ docs: { count: 50, deleted: 0 }, store: { size_in_bytes: 50 * 1024, reserved_in_bytes: 0 } });
    expect(node).to.have.nested.property('jvm.uptime_in_millis', 3_600_000);
    expect(res.text).to.contain('"load_average":{"1m":0.0,"5m":0.0,"15m":0.0}');
  });

  it('on a topology each node counts the copies it holds; _local is the elected master', async () => {
    const sim = createSimulator({
      profile: '8.19',
      nodes: [
        { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'] },
        { name: 'hot-2', roles: ['data_hot', 'data_content'] },
        { name: 'cold-1', roles: ['data_cold'] },
      ],
    });
    await sim.request({ method: 'PUT', path: '/logs', body: { settings: { number_of_shards: 2, number_of_replicas: 1 } } });
    await sim.request({ method: 'POST', path: '/_sim/ingest', body: { index: 'logs', count: 10, bytes_each: '1kb' } });
    const body = (await sim.request({ method: 'GET', path: '/_nodes/stats/indices' })).body as Nodes;
    const byName = Object.fromEntries(Object.values(body.nodes).map((n) => [n['name'], (n['indices'] as { docs: { count: number } }).docs.count]));
    // Two primaries and their replicas on the two content nodes: each holds one copy of each shard.
    expect(byName).to.deep.equal({ 'cold-1': 0, 'hot-1': 10, 'hot-2': 10 });
    const local = (await sim.request({ method: 'GET', path: '/_nodes/_local/stats/_none' })).body as Nodes;
    expect(Object.values(local.nodes).map((n) => n['name'])).to.deep.equal(['hot-1']);
  });

  it('a metric list keeps those metrics only; _none keeps the identity', async () => {
    const sim = await cluster();
    const some = (await sim.request({ method: 'GET', path: '/_nodes/stats/jvm,indices' })).body as Nodes;
    expect(Object.keys(Object.values(some.nodes)[0]!).slice(6)).to.deep.equal(['indices', 'jvm']);
    const none = (await sim.request({ method: 'GET', path: '/_nodes/_local/stats/_none' })).body as Nodes;
    expect(Object.keys(Object.values(none.nodes)[0]!)).to.deep.equal(['timestamp', 'name', 'transport_address', 'host', 'ip', 'roles']);
  });

  it('{node_id} selects by _local, _master, _all, id, name, wildcard or role; no match is an empty answer', async () => {
    const sim = await cluster();
    const id = Object.keys(((await sim.request({ method: 'GET', path: '/_nodes' })).body as Nodes).nodes)[0]!;
    for (const selector of ['_local', '_master', '_all', id, 'ilm-sim', 'ilm-*', 'master:true', 'data:true', 'missing,_local']) {
      const body = (await sim.request({ method: 'GET', path: `/_nodes/${selector}/stats/os` })).body as Nodes;
      expect(Object.keys(body.nodes), selector).to.deep.equal([id]);
    }
    for (const selector of ['missing', 'ml:false', 'other-*']) {
      const res = await sim.request({ method: 'GET', path: `/_nodes/${selector}/stats` });
      expect(res.text, selector).to.equal('{"_nodes":{"total":0,"successful":0,"failed":0},"cluster_name":"ilm-sim","nodes":{}}');
    }
  });

  it("an unknown metric is ES's unrecognized-metric error, with its suggestion", async () => {
    const sim = await cluster();
    const res = await sim.request({ method: 'GET', path: '/_nodes/stats/jvn' });
    expect(res.status).to.equal(400);
    expect(res.body).to.have.nested.property('error.reason', 'request [/_nodes/stats/jvn] contains unrecognized metric: [jvn] -> did you mean [jvm]?');
  });
});

describe('GET|POST [/<index>]/_count (ES RestCountAction)', () => {
  it('counts the documents of indices, aliases and wildcards, with one shard copy each', async () => {
    const sim = await cluster();
    const all = await sim.request({ method: 'GET', path: '/_count' });
    expect(all.text).to.equal('{"count":50,"_shards":{"total":3,"successful":3,"skipped":0,"failed":0}}');
    expect((await sim.request({ method: 'GET', path: '/logs/_count' })).text).to.equal(
      '{"count":42,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}',
    );
    expect((await sim.request({ method: 'POST', path: '/oth*/_count', body: { query: { match_all: { boost: 1.5 } } } })).body).to.have.property('count', 8);
    expect((await sim.request({ method: 'GET', path: '/_count?q=*:*' })).body).to.have.property('count', 50);
    expect((await sim.request({ method: 'GET', path: '/nothing-*/_count' })).text).to.equal(
      '{"count":0,"_shards":{"total":0,"successful":0,"skipped":0,"failed":0}}',
    );
  });

  it('a missing index is 404 index_not_found_exception unless ignore_unavailable; allow_no_indices=false refuses an empty wildcard', async () => {
    const sim = await cluster();
    const missing = await sim.request({ method: 'GET', path: '/logs,missing/_count' });
    expect(missing.status).to.equal(404);
    expect(missing.body).to.have.nested.property('error.type', 'index_not_found_exception');
    expect((await sim.request({ method: 'GET', path: '/logs,missing/_count?ignore_unavailable=true' })).body).to.have.property('count', 42);
    const none = await sim.request({ method: 'GET', path: '/nothing-*/_count?allow_no_indices=false' });
    expect(none.status).to.equal(404);
  });

  it('a closed index named outright is index_closed_exception; a wildcard leaves it out', async () => {
    const sim = await cluster();
    await sim.request({ method: 'POST', path: '/other/_close' });
    const named = await sim.request({ method: 'GET', path: '/other/_count' });
    expect(named.status).to.equal(400);
    expect(named.body).to.have.nested.property('error.type', 'index_closed_exception');
    expect((await sim.request({ method: 'GET', path: '/_count?expand_wildcards=all' })).body).to.have.property('count', 42);
  });

  it('a query that does not match every document is refused with a 400 naming the limitation', async () => {
    const sim = await cluster();
    const res = await sim.request({ method: 'POST', path: '/_count', body: { query: { range: { '@timestamp': { gte: 'now-1d' } } } } });
    expect(res.status).to.equal(400);
    expect(res.body).to.have.nested.property('error.reason').that.contains('[range]');
    const q = await sim.request({ method: 'GET', path: '/_count?q=status:active' });
    expect(q.status).to.equal(400);
    expect(q.body).to.have.nested.property('error.reason').that.contains('[status:active]');
  });
});
