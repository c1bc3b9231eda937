/**
 * Shrink's wait-time threshold under the simulator's clock: an idle cluster still gives up at the
 * first poll tick after `step_time + index.lifecycle.step.wait_time_threshold` (the simulator wakes
 * the index for it), a cluster change after the threshold gives up at once (as ES, which checks
 * cluster-state waits on changes), `_next` stops at that tick, and 7.10 has no threshold.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The simulator's default start plus one day: when the warm phase (min_age 1d) starts. */
const WARM_START = Date.UTC(2024, 0, 2);

/** The explain fields these tests read. */
type Explained = Readonly<{ step?: string; step_time_millis?: number; failed_step?: string }>;

async function ok(sim: Simulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await sim.request({ method, path, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${response.text}`).to.equal(200);
  return response.body;
}

async function explain(sim: Simulator): Promise<Explained> {
  const body = (await ok(sim, 'GET', '/logs/_ilm/explain')) as { indices: { logs: Explained } };
  return body.indices.logs;
}

async function advance(sim: Simulator, by: string): Promise<void> {
  await ok(sim, 'POST', '/_sim/clock/_advance', { by });
}

/** A shrink pinned to `hot-1`, which then leaves: the index waits at check-shrink-allocation. */
async function stalledShrink(profile: string, threshold?: string): Promise<{ sim: Simulator; entered: number }> {
  const sim = createSimulator({
    profile,
    nodes: [
      { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'] },
      { name: 'hot-2', roles: ['data_hot', 'data_content'] },
    ],
  });
  await ok(sim, 'PUT', '/_sim/allocation', { delay: '2h' });
  await ok(sim, 'PUT', '/_ilm/policy/shrink-one', {
    policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 }, migrate: { enabled: false } } } } },
  });
  const settings: Record<string, unknown> = { 'index.lifecycle.name': 'shrink-one', 'index.number_of_shards': 2, 'index.number_of_replicas': 0 };
  if (threshold !== undefined) settings['index.lifecycle.step.wait_time_threshold'] = threshold;
  await ok(sim, 'PUT', '/logs', { settings });
  await advance(sim, '1d');
  for (let i = 0; i < 10 && (await explain(sim)).step !== 'check-shrink-allocation'; i++) await advance(sim, '10m');
  const entered = (await explain(sim)).step_time_millis!;
  expect((await explain(sim)).step).to.equal('check-shrink-allocation');
  await ok(sim, 'POST', '/_sim/nodes/hot-1/_stop');
  return { sim, entered };
}

describe('shrink wait-time threshold', () => {
  it('gives up at the first poll tick after step_time + 12h on an idle cluster (7.17)', async () => {
    const { sim, entered } = await stalledShrink('7.17');
    expect(entered).to.equal(WARM_START + 10 * MINUTE);
    // GET /_sim/why says when the wait gives up.
    const why = (await ok(sim, 'GET', '/_sim/why/logs')) as { explanation: string };
    expect(why.explanation).to.contain(
      '; unmet for more than 12h (index.lifecycle.step.wait_time_threshold), it moves to set-single-node-allocation ' +
        'at the first cluster change after 2024-01-02T12:10:00.000Z, or at the poll tick 2024-01-02T12:20:00.000Z',
    );
    await ok(sim, 'POST', '/_sim/clock/_set', { to: entered + 12 * HOUR });
    expect((await explain(sim)).step).to.equal('check-shrink-allocation');
    await advance(sim, '10m');
    const after = await explain(sim);
    // Back to set-single-node-allocation, which still requires the node that left (elastic/elasticsearch#85489).
    expect(after.step).to.equal('ERROR');
    expect(after.failed_step).to.equal('set-single-node-allocation');
    expect(after.step_time_millis).to.equal(entered + 12 * HOUR + 10 * MINUTE);
  });

  it('gives up at a cluster change after the threshold, before the next tick', async () => {
    const { sim, entered } = await stalledShrink('7.17', '1h');
    await ok(sim, 'POST', '/_sim/clock/_set', { to: entered + HOUR + 5 * MINUTE });
    expect((await explain(sim)).step).to.equal('check-shrink-allocation');
    // Any cluster-state change runs the cluster-state waits.
    await ok(sim, 'PUT', '/other', {});
    expect((await explain(sim)).step).to.equal('set-single-node-allocation');
    // Its async action runs as an event due now.
    await ok(sim, 'POST', '/_sim/_settle');
    const after = await explain(sim);
    expect(after.step).to.equal('ERROR');
    expect(after.step_time_millis).to.equal(entered + HOUR + 5 * MINUTE);
  });

  it('makes POST /_sim/clock/_next stop at the tick that gives up', async () => {
    const { sim, entered } = await stalledShrink('8.19', '2h');
    // `_next` moves to the next instant anything can happen (the pinned copies settling comes first).
    const instants: number[] = [];
    for (let i = 0; i < 5 && (await explain(sim)).step === 'check-shrink-allocation'; i++) {
      instants.push(((await ok(sim, 'POST', '/_sim/clock/_next', { within: '1d' })) as { now_millis: number }).now_millis);
    }
    expect(instants.at(-1)).to.equal(entered + 2 * HOUR + 10 * MINUTE);
    expect(instants.length).to.be.lessThan(5);
    expect((await explain(sim)).step).to.equal('ERROR');
  });

  it('does not exist on 7.10: the wait goes on', async () => {
    const { sim } = await stalledShrink('7.10');
    await advance(sim, '3d');
    expect((await explain(sim)).step).to.equal('check-shrink-allocation');
  });
});
