/**
 * Issue 20's placement bench: how long placing one new index takes on a tiered topology (issue 20,
 * item 9: 1,000 nodes, 200 shards took 4 s when the tier preference was derived again per node). It
 * configures N nodes (a third each hot, warm and cold, all with `data_content`), then times `PUT` of an
 * index with S primaries and one replica, for several N, and prints the time per index and per copy, so
 * a growth with N that is faster than linear shows in the figures. Flags win over environment variables:
 *   --nodes LIST   ILM_SIM_BENCH_PLACEMENT_NODES    comma-separated node counts (default 100,300,1000)
 *   --shards S     ILM_SIM_BENCH_PLACEMENT_SHARDS   primaries of each index (default 200)
 *   --indices K    ILM_SIM_BENCH_PLACEMENT_INDICES  indices placed per node count (default 5)
 */
import { parseArgs } from 'node:util';
import { createSimulator } from '../src/index';

const TIERS = ['data_hot', 'data_warm', 'data_cold'];

function nodesOf(count: number): Array<{ name: string; roles: string[] }> {
  return Array.from({ length: count }, (_, i) => ({ name: `node-${String(i).padStart(4, '0')}`, roles: [TIERS[i % TIERS.length]!, 'data_content', 'master'] }));
}

function main(): void {
  const { values } = parseArgs({ options: { nodes: { type: 'string' }, shards: { type: 'string' }, indices: { type: 'string' } } });
  const nodeCounts = (values.nodes ?? process.env['ILM_SIM_BENCH_PLACEMENT_NODES'] ?? '100,300,1000').split(',').map(Number);
  const shards = Number(values.shards ?? process.env['ILM_SIM_BENCH_PLACEMENT_SHARDS'] ?? '200');
  const indices = Number(values.indices ?? process.env['ILM_SIM_BENCH_PLACEMENT_INDICES'] ?? '5');
  console.log(`placement bench: profile 8.19, ${shards} primaries + 1 replica per index, ${indices} indices per topology`);
  for (const count of nodeCounts) {
    const sim = createSimulator({ profile: '8.19', nodes: nodesOf(count) });
    // Warm-up: one index placed and deleted, so the first timed PUT does not pay for compilation.
    sim.requestSync({ method: 'PUT', path: '/warm-up', body: { settings: { number_of_shards: shards, number_of_replicas: 1 } } });
    sim.requestSync({ method: 'DELETE', path: '/warm-up' });
    const start = process.hrtime.bigint();
    for (let i = 0; i < indices; i++) {
      const response = sim.requestSync({ method: 'PUT', path: `/placed-${i}`, body: { settings: { number_of_shards: shards, number_of_replicas: 1 } } });
      if (response.status !== 200) throw new Error(`PUT /placed-${i} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    const millis = Number(process.hrtime.bigint() - start) / 1e6;
    const perIndex = millis / indices;
    const perCopyMicros = (perIndex * 1000) / (shards * 2);
    console.log(
      `  ${String(count).padStart(5)} nodes: ${perIndex.toFixed(1)} ms per index, ${perCopyMicros.toFixed(1)} µs per copy, ${((perCopyMicros / count) * 1000).toFixed(2)} ns per copy per node`,
    );
  }
}

main();
