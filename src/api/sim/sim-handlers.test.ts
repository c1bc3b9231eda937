/**
 * `POST /_sim/clock/_next`: without `until` it runs one instant (its contract before `until`); with
 * `until` it walks the instants on the server and stops at the first one where the condition holds.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

async function retriedError(times: number) {
  const sim = createSimulator({ profile: '7.17' });
  await sim.request({
    method: 'PUT',
    path: '/_ilm/policy/logs',
    body: { policy: { phases: { hot: { actions: { rollover: { max_docs: 10 } } }, delete: { min_age: '1d', actions: { delete: {} } } } } },
  });
  await sim.request({
    method: 'PUT',
    path: '/logs-000001',
    body: { settings: { 'index.lifecycle.name': 'logs', 'index.lifecycle.rollover_alias': 'logs' }, aliases: { logs: { is_write_index: true } } },
  });
  await sim.request({
    method: 'POST',
    path: '/_sim/faults',
    body: { index: 'logs-000001', step: 'attempt-rollover', times, error: { type: 'illegal_state_exception', reason: 'refused' } },
  });
  await sim.request({ method: 'POST', path: '/_sim/ingest', body: { index: 'logs', count: 20 } });
  return sim;
}

type Next = { now: string; advanced: boolean; reached?: boolean; idle?: boolean; instants?: number; explain?: Record<string, unknown> | null };

describe('POST /_sim/clock/_next', () => {
  it('without until: one instant, and the clock stays when nothing is due within the bound', async () => {
    const sim = await retriedError(3);
    const one = await sim.request({ method: 'POST', path: '/_sim/clock/_next' });
    expect(one.text).to.equal('{"now_millis":1704067800000,"now":"2024-01-01T00:10:00.000Z","advanced":true}');
    const none = await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '1m' } });
    expect(none.text).to.equal('{"now_millis":1704067800000,"now":"2024-01-01T00:10:00.000Z","advanced":false}');
  });

  it('until a step: stops at the first instant it holds, after the retries, with the explain record', async () => {
    const sim = await retriedError(100);
    const res = (
      await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '365d', until: { index: 'logs-000001', step: 'hot/complete/complete' } } })
    ).body as Next;
    // The fault fires 100 times, on the polls from 00:10 to 16:40; the retry at 16:50 rolls over.
    expect(res).to.include({ now: '2024-01-01T16:50:00.000Z', advanced: true, reached: true });
    expect(res.instants).to.be.greaterThan(100);
    expect(res.explain).to.include({ index: 'logs-000001', phase: 'hot', action: 'complete', step: 'complete' });
    const again = (await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '1d', until: { index: 'logs-000001', phase: 'hot' } } }))
      .body as Next;
    expect(again).to.include({ now: '2024-01-01T16:50:00.000Z', advanced: false, reached: true, instants: 0 });
  });

  it('until gone: stops when the delete phase removed the index; explain is null', async () => {
    const sim = await retriedError(1);
    const res = (await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '30d', until: { index: 'logs-000001', exists: false } } }))
      .body as Next;
    expect(res).to.include({ reached: true, explain: null });
    expect((await sim.request({ method: 'HEAD', path: '/logs-000001' })).status).to.equal(404);
  });

  it('until a phase never reached: an ERROR retried on every poll runs to the bound (not idle)', async () => {
    const sim = await retriedError(1_000_000);
    const res = (await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '2d', until: { index: 'logs-000001', phase: 'delete' } } }))
      .body as Next;
    expect(res).to.include({ now: '2024-01-03T00:00:00.000Z', reached: false, idle: false });
    expect(res.explain).to.include({ step: 'ERROR', failed_step: 'attempt-rollover' });
  });

  it('until with nothing scheduled: the clock moves to the bound and says idle', async () => {
    const sim = createSimulator({ profile: '7.17' });
    await sim.request({ method: 'PUT', path: '/plain' });
    const res = (await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '3d', until: { index: 'plain', exists: false } } }))
      .body as Next;
    expect(res).to.deep.include({ now: '2024-01-04T00:00:00.000Z', advanced: true, reached: false, idle: true, instants: 0 });
    expect(res.explain).to.deep.equal({ index: 'plain', managed: false });
  });

  it('until after a retry: the re-run due now meets the condition, so the clock stays (issue 24)', async () => {
    const sim = createSimulator({ profile: '6.6' });
    const policy = (shards: number) => ({ policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: shards } } } } } });
    await sim.request({ method: 'PUT', path: '/_ilm/policy/shrink-index', body: policy(4) });
    await sim.request({ method: 'PUT', path: '/my-index-000001', body: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } } });
    const error = (
      await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '365d', until: { index: 'my-index-000001', step: 'warm/shrink/ERROR' } } })
    ).body as Next;
    expect(error).to.include({ now: '2024-01-06T00:00:00.000Z', reached: true });
    await sim.request({ method: 'PUT', path: '/_ilm/policy/shrink-index', body: policy(1) });
    expect((await sim.request({ method: 'POST', path: '/my-index-000001/_ilm/retry' })).status).to.equal(200);
    const res = (
      await sim.request({
        method: 'POST',
        path: '/_sim/clock/_next',
        body: { within: '1d', until: { index: 'shrink-my-index-000001', step: 'completed/completed/completed' } },
      })
    ).body as Next;
    expect(res).to.include({ now: '2024-01-06T00:00:00.000Z', advanced: false, reached: true, instants: 0 });
    expect(res.explain).to.include({ index: 'shrink-my-index-000001', phase: 'completed' });
  });

  it('until a step the index is at before what is due now runs: it holds, nothing runs on', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await sim.request({
      method: 'PUT',
      path: '/_ilm/policy/shrink-index',
      body: { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } },
    });
    await sim.request({ method: 'PUT', path: '/my-index-000001', body: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } } });
    await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '365d', until: { index: 'my-index-000001', step: 'warm/shrink/ERROR' } } });
    await sim.request({ method: 'POST', path: '/my-index-000001/_ilm/retry' });
    const at = ((await sim.request({ method: 'GET', path: '/my-index-000001/_ilm/explain' })).body as { indices: Record<string, { step: string }> }).indices[
      'my-index-000001'
    ]!.step;
    const res = (
      await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '1d', until: { index: 'my-index-000001', step: `warm/shrink/${at}` } } })
    ).body as Next;
    expect(res).to.include({ now: '2024-01-06T00:00:00.000Z', advanced: false, reached: true, instants: 0 });
  });

  it('refuses an until it can never meet with 400, and moves nothing (issue 24)', async () => {
    const sim = createSimulator({ profile: '7.17' });
    await sim.request({
      method: 'PUT',
      path: '/_ilm/policy/p',
      body: { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } } },
    });
    await sim.request({ method: 'PUT', path: '/idx', body: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } } });
    const state = async () =>
      (await sim.request({ method: 'GET', path: '/_sim/clock' })).text + (await sim.request({ method: 'GET', path: '/*/_ilm/explain' })).text;
    const before = await state();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { index: 'idx', phase: 'wram' },
        '[until.phase] names the phase [wram], which no index can be in: Timeseries lifecycle does not support phase [wram] (the phases are [new, hot, warm, cold, frozen, delete, completed])',
      ],
      [
        { index: 'not-yet', step: 'wram/shrink/ERROR' },
        '[until.step] names the phase [wram], which no index can be in: Timeseries lifecycle does not support phase [wram] (the phases are [new, hot, warm, cold, frozen, delete, completed])',
      ],
      [
        { index: 'idx', step: 'warm/rollover/check-rollover-ready' },
        '[until.step] names the action [rollover] in the phase [warm], where no index can be: the warm phase has the actions [set_priority, unfollow, readonly, allocate, migrate, shrink, forcemerge, complete]',
      ],
      [
        { index: 'idx', phase: 'cold' },
        '[until.phase] the policy [p] that [idx] follows has no phase [cold], so it can never be in it (its phases: [new, warm])',
      ],
      [
        { index: 'idx', step: 'warm/shrink/shrnk' },
        '[until.step] [warm/shrink/shrnk] is not a step of the policy [p] that [idx] follows, so it can never be there',
      ],
      [{ index: 'idx', step: 'warm/shrink' }, '[until.step] must be "<phase>/<action>/<step>", not "warm/shrink"'],
    ];
    for (const [until, reason] of cases) {
      const res = await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '30d', until } });
      expect(res.status, JSON.stringify(until)).to.equal(400);
      const error = (res.body as { error: { type: string; reason: string } }).error;
      expect(error.type).to.equal('illegal_argument_exception');
      expect(error.reason.startsWith(reason), error.reason).to.equal(true);
      expect(await state(), 'nothing moved').to.equal(before);
    }
    // What it can meet is not refused: a step of the policy, its ERROR, a phase of another index's policy.
    for (const until of [
      { index: 'idx', step: 'warm/shrink/ERROR' },
      { index: 'idx', step: 'warm/complete/complete' },
      { index: 'other', phase: 'cold' },
    ]) {
      expect((await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { within: '1m', until } })).status, JSON.stringify(until)).to.equal(200);
    }
  });

  it('refuses an until for a phase the index has left: ILM never goes back, so it would walk to the bound', async () => {
    const sim = createSimulator({ profile: '8.19' });
    await sim.request({
      method: 'PUT',
      path: '/_ilm/policy/p',
      body: {
        policy: { phases: { hot: { actions: {} }, warm: { min_age: '1d', actions: { readonly: {} } }, delete: { min_age: '30d', actions: { delete: {} } } } },
      },
    });
    await sim.request({ method: 'PUT', path: '/i', body: { settings: { 'index.lifecycle.name': 'p' } } });
    await sim.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '2d' } });
    const clock = (await sim.request({ method: 'GET', path: '/_sim/clock' })).text;
    for (const [until, field] of [
      [{ index: 'i', phase: 'hot' }, 'until.phase'],
      [{ index: 'i', step: 'hot/complete/complete' }, 'until.step'],
      [{ index: 'i', phase: 'new' }, 'until.phase'],
    ] as const) {
      const res = await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { until } });
      expect(res.status, JSON.stringify(until)).to.equal(400);
      expect((res.body as { error: { reason: string } }).error.reason).to.match(new RegExp(`^\\[${field.replace('.', '\\.')}\\] `));
      expect((await sim.request({ method: 'GET', path: '/_sim/clock' })).text, 'the clock stayed').to.equal(clock);
    }
    const hot = await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { until: { index: 'i', phase: 'hot' } } });
    expect((hot.body as { error: { reason: string } }).error.reason).to.equal(
      '[until.phase] [i] has left the phase [hot] already (it is in [warm]), and ILM never moves an index back to an earlier phase',
    );
    // The phase it is in, and the ones ahead, are still met.
    const del = await sim.request({ method: 'POST', path: '/_sim/clock/_next', body: { until: { index: 'i', phase: 'delete' } } });
    expect((del.body as { reached: boolean }).reached).to.equal(true);
  });
});
