/**
 * SLM on the simulated clock, driven through `createSimulator`: each policy fires at its cron times
 * (UTC) while the clock advances, retention runs on `slm.retention_schedule`, `POST /_slm/stop` drops
 * the scheduled runs, `/_sim/clock/_next` stops at a fire, `/_sim/_reset` forgets the jobs, and a
 * simulator without SLM policies has nothing SLM-related due.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';

const START = Date.UTC(2024, 0, 1);

async function ok(sim: Simulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await sim.request({ method, path, ...(body === undefined ? {} : { body }) });
  expect(response.status, `${method} ${path}: ${response.text}`).to.equal(200);
  return response.body;
}

async function snapshotStarts(sim: Simulator): Promise<string[]> {
  const body = (await ok(sim, 'GET', '/_snapshot/backups/_all')) as { responses: Array<{ snapshots: Array<{ start_time_in_millis: number }> }> };
  return body.responses[0]!.snapshots.map((s) => new Date(s.start_time_in_millis).toISOString());
}

async function withPolicy(sim: Simulator, policy: Record<string, unknown>): Promise<void> {
  await ok(sim, 'PUT', '/_snapshot/backups', { type: 'fs', settings: { location: '/x' } });
  await ok(sim, 'PUT', '/_slm/policy/nightly', { name: '<nightly-{now/d}>', repository: 'backups', ...policy });
}

describe('SLM policies on the simulated clock', () => {
  it('takes a snapshot at each fire of the schedule, in order', async () => {
    const sim = createSimulator({ startTime: START });
    await withPolicy(sim, { schedule: '0 0 */8 * * ?' });
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    expect(await snapshotStarts(sim)).to.deep.equal(['2024-01-01T08:00:00.000Z', '2024-01-01T16:00:00.000Z', '2024-01-02T00:00:00.000Z']);
    const policy = (await ok(sim, 'GET', '/_slm/policy/nightly')) as { nightly: { last_success: { time: number }; next_execution_millis: number } };
    expect(policy.nightly.last_success.time).to.equal(Date.UTC(2024, 0, 2));
    expect(policy.nightly.next_execution_millis).to.equal(Date.UTC(2024, 0, 2, 8));
  });

  it('stops at a fire on /_sim/clock/_next, and takes nothing while SLM is stopped', async () => {
    const sim = createSimulator({ startTime: START });
    await withPolicy(sim, { schedule: '0 30 1 * * ?' });
    const next = (await ok(sim, 'POST', '/_sim/clock/_next')) as { now_millis: number };
    expect(next.now_millis).to.equal(Date.UTC(2024, 0, 1, 1, 30));
    expect(await snapshotStarts(sim)).to.have.length(1);
    await ok(sim, 'POST', '/_slm/stop');
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '3d' });
    expect(await snapshotStarts(sim)).to.have.length(1);
    await ok(sim, 'POST', '/_slm/start');
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    expect(await snapshotStarts(sim)).to.deep.equal(['2024-01-01T01:30:00.000Z', '2024-01-05T01:30:00.000Z']);
  });

  it('runs retention after the policies at the same instant; a manual run works while stopped', async () => {
    const sim = createSimulator({ startTime: START });
    await withPolicy(sim, { schedule: '0 30 1 * * ?', retention: { max_count: 1 } });
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '2d' });
    // Night two: its snapshot is taken first, then retention leaves only it.
    expect(await snapshotStarts(sim)).to.deep.equal(['2024-01-02T01:30:00.000Z']);
    await ok(sim, 'POST', '/_slm/stop');
    await ok(sim, 'POST', '/_slm/policy/nightly/_execute');
    expect(await snapshotStarts(sim)).to.have.length(2);
    await ok(sim, 'POST', '/_slm/_execute_retention');
    expect(await snapshotStarts(sim)).to.have.length(1);
    const stats = (await ok(sim, 'GET', '/_slm/stats')) as Record<string, unknown>;
    expect(stats['retention_runs']).to.equal(3);
    expect(stats['total_snapshots_deleted']).to.equal(2);
  });

  it('has nothing due without policies, and forgets the jobs on reset', async () => {
    const sim = createSimulator({ startTime: START });
    const idle = (await ok(sim, 'POST', '/_sim/clock/_next')) as { advanced: boolean };
    expect(idle.advanced).to.equal(false);
    await withPolicy(sim, { schedule: '0 30 1 * * ?' });
    await ok(sim, 'POST', '/_sim/_reset');
    const afterReset = (await ok(sim, 'POST', '/_sim/clock/_next')) as { advanced: boolean };
    expect(afterReset.advanced).to.equal(false);
  });
});
