/**
 * The simulator's virtual time, driven through `createSimulator` as users drive it: poll ticks every
 * interval from the start instant (ES `TimeValueSchedule`, es-ilm-engine.md 4.1), phase transitions at
 * the first tick at or after lifecycle date + min_age or at any cluster change after it (sections 0
 * and 4.2), async waits costing one tick, events due now running only on settle/advance, and
 * byte-identical responses for identical runs.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';

const START = Date.UTC(2024, 0, 1);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Record {
  readonly phase?: string;
  readonly action?: string;
  readonly step?: string;
  readonly phase_time_millis?: number;
  readonly step_time_millis?: number;
  readonly step_info?: unknown;
  readonly failed_step?: string;
}

async function send(sim: Simulator, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; body: unknown }> {
  return sim.request({ method, path, ...(body === undefined ? {} : { body }) });
}

async function ok(sim: Simulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await send(sim, method, path, body);
  expect(response.status, `${method} ${path}: ${response.text}`).to.equal(200);
  return response.body;
}

async function setClock(sim: Simulator, millis: number): Promise<void> {
  const body = (await ok(sim, 'POST', '/_sim/clock/_set', { to: millis })) as { now_millis: number };
  expect(body.now_millis).to.equal(millis);
}

async function record(sim: Simulator, index: string): Promise<Record> {
  const body = (await ok(sim, 'GET', `/${index}/_ilm/explain`)) as { indices: { [name: string]: Record } };
  const entry = body.indices[index];
  expect(entry, `explain ${index}`).to.not.equal(undefined);
  return entry!;
}

const position = (r: Record): string => `${r.phase}/${r.action}/${r.step}`;

const WARM_READONLY = { policy: { phases: { warm: { min_age: '1d', actions: { readonly: {} } } } } };

describe('poll ticks: a phase starts at the first tick at or after lifecycle date + min_age', () => {
  it('ticks fall every 10m from the simulator start, not from the index creation', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', WARM_READONLY);
    await setClock(sim, START + 3 * MINUTE);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    expect(position(await record(sim, 'idx'))).to.equal('new/complete/complete');

    await setClock(sim, START + DAY + 3 * MINUTE); // min_age reached, but no tick yet
    expect(position(await record(sim, 'idx'))).to.equal('new/complete/complete');
    await setClock(sim, START + DAY + 10 * MINUTE - 1);
    expect(position(await record(sim, 'idx'))).to.equal('new/complete/complete');

    await setClock(sim, START + DAY + 10 * MINUTE); // the tick
    const warm = await record(sim, 'idx');
    // readonly's steps and the injected migrate are cluster-state steps and async actions: all run in
    // the same instant, up to the phase's complete step.
    expect(position(warm)).to.equal('warm/complete/complete');
    expect(warm.phase_time_millis).to.equal(START + DAY + 10 * MINUTE);
  });

  it('a tick exactly at lifecycle date + min_age moves the index (the check is >=)', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', WARM_READONLY);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY - 1);
    expect((await record(sim, 'idx')).phase).to.equal('new');
    await setClock(sim, START + DAY);
    const warm = await record(sim, 'idx');
    expect(warm.phase).to.equal('warm');
    expect(warm.phase_time_millis).to.equal(START + DAY);
  });

  it('the startTime and pollInterval options move the ticks', async () => {
    const start = Date.UTC(2030, 5, 15, 12, 0, 7);
    const sim = createSimulator({ startTime: '2030-06-15T12:00:07Z', pollInterval: '1m' });
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1h', actions: { readonly: {} } } } } });
    await setClock(sim, start + 30 * SECOND);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, start + HOUR + MINUTE - 1);
    expect((await record(sim, 'idx')).phase).to.equal('new');
    await setClock(sim, start + HOUR + MINUTE);
    expect((await record(sim, 'idx')).phase_time_millis).to.equal(start + HOUR + MINUTE);
  });

  it('a cluster change after min_age has passed moves the index at once, between ticks', async () => {
    // PhaseCompleteStep is checked on cluster-state changes as well as on ticks (es-ilm-engine.md 0).
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', WARM_READONLY);
    await setClock(sim, START + 3 * MINUTE);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY + 5 * MINUTE);
    expect((await record(sim, 'idx')).phase).to.equal('new');
    await ok(sim, 'PUT', '/other', {});
    const warm = await record(sim, 'idx');
    expect(warm.phase).to.equal('warm');
    expect(warm.phase_time_millis).to.equal(START + DAY + 5 * MINUTE);
  });

  it('a cluster change before min_age has passed does not move the index', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', WARM_READONLY);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY - 5 * MINUTE);
    await ok(sim, 'PUT', '/other', {});
    expect((await record(sim, 'idx')).phase).to.equal('new');
  });

  it('shortening min_age in the policy lets the next tick move the index (min_age is read from the current policy)', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', WARM_READONLY);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + 2 * HOUR + 5 * MINUTE);
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1h', actions: { readonly: {} } } } } });
    // The PUT is itself a cluster change: the index is ready and moves at once.
    expect((await record(sim, 'idx')).phase_time_millis).to.equal(START + 2 * HOUR + 5 * MINUTE);
  });
});

describe('async waits cost one poll tick', () => {
  const DELETE_1D = { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } };

  it('7.10 delete: wait-for-shard-history-leases holds the index until the next tick', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', DELETE_1D);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY);
    const waiting = await record(sim, 'idx');
    expect(position(waiting)).to.equal('delete/delete/wait-for-shard-history-leases');
    expect(waiting.step_time_millis).to.equal(START + DAY);
    await setClock(sim, START + DAY + 10 * MINUTE - 1);
    expect(position(await record(sim, 'idx'))).to.equal('delete/delete/wait-for-shard-history-leases');
    await setClock(sim, START + DAY + 10 * MINUTE);
    const gone = await send(sim, 'GET', '/idx/_ilm/explain');
    expect(gone.status).to.equal(404);
    expect((gone.body as { error: { type: string } }).error.type).to.equal('index_not_found_exception');
  });

  it('6.6 delete has no wait: the index is gone at the tick that starts the phase', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await ok(sim, 'PUT', '/_ilm/policy/p', DELETE_1D);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY - 1);
    expect((await record(sim, 'idx')).phase).to.equal('new');
    await setClock(sim, START + DAY);
    expect((await send(sim, 'GET', '/idx/_ilm/explain')).status).to.equal(404);
  });

  it('7.10 shrink: unfollow waits one tick, the history-lease wait another, then the shrink fails', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } });
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY);
    expect(position(await record(sim, 'idx'))).to.equal('warm/unfollow/wait-for-follow-shard-tasks');
    await setClock(sim, START + DAY + 10 * MINUTE);
    expect(position(await record(sim, 'idx'))).to.equal('warm/shrink/wait-for-shard-history-leases');
    await setClock(sim, START + DAY + 20 * MINUTE);
    const failed = await record(sim, 'idx');
    expect(position(failed)).to.equal('warm/shrink/ERROR');
    expect(failed.failed_step).to.equal('shrink');
    expect(failed.step_time_millis).to.equal(START + DAY + 20 * MINUTE);
  });

  it('a non-retryable ERROR stays put over many ticks', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } });
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + DAY + 20 * MINUTE);
    const before = await record(sim, 'idx');
    await setClock(sim, START + 10 * DAY);
    expect(await record(sim, 'idx')).to.deep.equal({ ...before, age: '10d' });
  });
});

describe('events due now run only on settle or advance', () => {
  for (const profile of ['7.10', '6.6']) {
    it(`${profile}: a retry puts the index back on the failed step; the re-run waits for _settle`, async () => {
      const sim = createSimulator({ profile });
      await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } });
      await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
      await setClock(sim, START + 2 * DAY);
      expect((await record(sim, 'idx')).step).to.equal('ERROR');

      await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } });
      expect((await record(sim, 'idx')).step, 'a policy update alone does not leave ERROR').to.equal('ERROR');
      await ok(sim, 'POST', '/idx/_ilm/retry');
      const retried = await record(sim, 'idx');
      expect(position(retried)).to.equal('warm/shrink/shrink');
      expect(retried.step_info).to.equal(undefined);
      expect(retried.step_time_millis).to.equal(START + 2 * DAY);
      // Reading is not settling: still on the failed step.
      expect(position(await record(sim, 'idx'))).to.equal('warm/shrink/shrink');

      const clock = (await ok(sim, 'POST', '/_sim/_settle')) as { now_millis: number };
      expect(clock.now_millis, 'settle does not move the clock').to.equal(START + 2 * DAY);
      // The shrink ran: the source is gone, its name is an alias of the shrunken index.
      const shrunken = await record(sim, 'shrink-idx');
      expect(shrunken.step_info).to.equal(undefined);
      expect(shrunken.step).to.not.equal('ERROR');
      const viaAlias = (await ok(sim, 'GET', '/idx/_ilm/explain')) as { indices: object };
      expect(Object.keys(viaAlias.indices)).to.deep.equal(['shrink-idx']);
    });
  }

  it('advancing by 0 runs the events due now as well', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } });
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + 2 * DAY);
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } });
    await ok(sim, 'POST', '/idx/_ilm/retry');
    expect((await record(sim, 'idx')).step).to.equal('shrink');
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '0s' });
    expect((await send(sim, 'GET', '/shrink-idx/_ilm/explain')).status).to.equal(200);
  });
});

describe('the clock', () => {
  it('starts at 2024-01-01T00:00:00.000Z and never reads the wall clock', async () => {
    const sim = createSimulator();
    expect((await send(sim, 'GET', '/_sim/clock')).text).to.equal('{"now_millis":1704067200000,"now":"2024-01-01T00:00:00.000Z"}');
  });

  it('refuses to go backwards and changes nothing', async () => {
    const sim = createSimulator();
    await setClock(sim, START + HOUR);
    const refused = await send(sim, 'POST', '/_sim/clock/_set', { to: START });
    expect(refused.status).to.equal(400);
    expect((await ok(sim, 'GET', '/_sim/clock')) as object).to.deep.equal({ now_millis: START + HOUR, now: '2024-01-01T01:00:00.000Z' });
  });

  it('reset empties the cluster and puts the clock back to the start', async () => {
    const sim = createSimulator();
    const fresh = await ok(sim, 'GET', '/_ilm/policy');
    await ok(sim, 'PUT', '/_ilm/policy/p', WARM_READONLY);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    await setClock(sim, START + 3 * DAY);
    await ok(sim, 'POST', '/_sim/_reset');
    expect((await ok(sim, 'GET', '/_sim/clock')) as { now_millis: number }).to.include({ now_millis: START });
    // Back to what a fresh node holds: the built-in stack policies (see stack-templates.test.ts), no more.
    expect(await ok(sim, 'GET', '/_ilm/policy')).to.deep.equal(fresh);
    expect(Object.keys(fresh as object)).to.deep.equal(['logs', 'metrics', 'synthetics']);
    expect((await send(sim, 'GET', '/idx/_ilm/explain')).status).to.equal(404);
  });
});

/** A multi-index story touching every moving part; returns every response's bytes. */
async function story(options: Parameters<typeof createSimulator>[0]): Promise<string[]> {
  const sim = createSimulator(options);
  const texts: string[] = [];
  const run = async (method: string, path: string, body?: unknown): Promise<void> => {
    const response = await send(sim, method, path, body);
    texts.push(`${method} ${path} ${response.status} ${response.text}`);
  };
  await run('GET', '/');
  await run('PUT', '/_ilm/policy/shrinking', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } });
  await run('PUT', '/_ilm/policy/ageing', {
    policy: {
      phases: { warm: { min_age: '2h', actions: { readonly: {}, set_priority: { priority: 10 } } }, delete: { min_age: '3d', actions: { delete: {} } } },
    },
  });
  await run('PUT', '/logs-1', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrinking' } });
  await run('POST', '/_sim/clock/_advance', { by: '17m' });
  await run('PUT', '/logs-2', { settings: { 'index.lifecycle.name': 'ageing' } });
  await run('PUT', '/logs-3', { settings: { 'index.lifecycle.name': 'ageing', 'index.number_of_shards': 3 } });
  await run('PUT', '/logs-3', {}); // already exists: the error carries the index uuid
  await run('PUT', '/orphan', { settings: { 'index.lifecycle.name': 'missing' } });
  await run('GET', '/*/_ilm/explain?human');
  await run('POST', '/_sim/clock/_advance', { by: '1d' });
  await run('GET', '/*/_ilm/explain');
  await run('POST', '/_sim/clock/_advance', { by: '1h' });
  await run('GET', '/logs-1/_ilm/explain');
  await run('PUT', '/_ilm/policy/shrinking', { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } });
  await run('POST', '/logs-1/_ilm/retry');
  await run('POST', '/_sim/_settle');
  await run('GET', '/_ilm/policy');
  await run('POST', '/_sim/clock/_advance', { by: '5d' });
  await run('GET', '/*/_ilm/explain?pretty');
  await run('GET', '/_sim/clock');
  return texts;
}

describe('determinism', () => {
  it('the same options and requests give byte-identical responses in two simulators', async () => {
    const a = await story({ seed: 42 });
    const b = await story({ seed: 42 });
    expect(a).to.have.length(21);
    expect(a).to.deep.equal(b);
  });

  it('the story really exercises the cluster: errors, retries, shrinks and deletes show in the responses', async () => {
    const texts = await story({ seed: 42 });
    const all = texts.join('\n');
    expect(all).to.include('resource_already_exists_exception');
    expect(all).to.include('"failed_step":"shrink"');
    expect(all).to.include('shrink-logs-1');
    expect(all).to.include('policy [missing] does not exist');
    expect(texts[texts.length - 2]).to.not.include('logs-2'); // deleted after 3 days
  });

  it('the seed is the only source of the ids: another seed changes them, and only them', async () => {
    const a = await story({ seed: 42 });
    const c = await story({ seed: 7 });
    expect(a).to.not.deep.equal(c);
    const uuids = /"cluster_uuid" : "[^"]+"|\/[A-Za-z0-9_-]{22}\]|"index_uuid":"[A-Za-z0-9_-]{22}"/g;
    expect(a.map((t) => t.replace(uuids, '<uuid>'))).to.deep.equal(c.map((t) => t.replace(uuids, '<uuid>')));
  });

  it('the default seed is fixed (two default simulators agree)', async () => {
    expect(await story({})).to.deep.equal(await story({}));
  });

  it('6.6 runs are deterministic too', async () => {
    expect(await story({ profile: '6.6', seed: 1 })).to.deep.equal(await story({ profile: '6.6', seed: 1 }));
  });
});
