/**
 * Explain records as ES writes them, per profile: field order (es-ilm-api.md 4.1), the `?human`
 * companions written before their millis (es-ilm-api.md 1.4), `age` truncated to two decimals
 * (es-ilm-api.md 4.4), the unmanaged record, a missing policy (4.5), and the `indices` map order.
 * Driven end to end through `createSimulator`, compared as exact response text.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../../index';

const START = Date.UTC(2024, 0, 1); // the default start instant, 2024-01-01T00:00:00.000Z
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function call(sim: Simulator, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; body: unknown }> {
  return sim.request({ method, path, ...(body === undefined ? {} : { body }) });
}

async function ok(sim: Simulator, method: string, path: string, body?: unknown): Promise<void> {
  const response = await call(sim, method, path, body);
  expect(response.status, `${method} ${path}: ${response.text}`).to.equal(200);
}

async function explainText(sim: Simulator, path: string): Promise<string> {
  const response = await call(sim, 'GET', path);
  expect(response.status, response.text).to.equal(200);
  return response.text;
}

const SHRINK_4 = { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 4 } } } } } };

describe('explain: the unmanaged record', () => {
  for (const profile of ['7.10', '6.6']) {
    it(`${profile}: exactly index and managed:false`, async () => {
      const sim = createSimulator({ profile });
      await ok(sim, 'PUT', '/plain', {});
      expect(await explainText(sim, '/plain/_ilm/explain')).to.equal('{"indices":{"plain":{"index":"plain","managed":false}}}');
      expect(await explainText(sim, '/plain/_ilm/explain?human')).to.equal('{"indices":{"plain":{"index":"plain","managed":false}}}');
    });
  }

  it('an index whose lifecycle name is empty is unmanaged', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/blank', { settings: { 'index.lifecycle.name': '' } });
    expect(await explainText(sim, '/blank/_ilm/explain')).to.equal('{"indices":{"blank":{"index":"blank","managed":false}}}');
  });
});

describe('explain: a new managed index', () => {
  it('7.10: lifecycle date, age, new/complete/complete, phase_execution without a phase definition', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    expect(await explainText(sim, '/idx/_ilm/explain')).to.equal(
      `{"indices":{"idx":{"index":"idx","managed":true,"policy":"p","lifecycle_date_millis":${START},"age":"0s","phase":"new","phase_time_millis":${START},"action":"complete","action_time_millis":${START},"step":"complete","step_time_millis":${START},"phase_execution":{"policy":"p","version":1,"modified_date_in_millis":${START}}}}}`,
    );
  });

  it('6.6: no age, and no phase_execution while in the new phase', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    expect(await explainText(sim, '/idx/_ilm/explain')).to.equal(
      `{"indices":{"idx":{"index":"idx","managed":true,"policy":"p","lifecycle_date_millis":${START},"phase":"new","phase_time_millis":${START},"action":"complete","action_time_millis":${START},"step":"complete","step_time_millis":${START}}}}`,
    );
  });

  it('7.10 with ?human: each human date right before its millis, age after the lifecycle pair', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    const t = '2024-01-01T00:00:00.000Z';
    expect(await explainText(sim, '/idx/_ilm/explain?human')).to.equal(
      `{"indices":{"idx":{"index":"idx","managed":true,"policy":"p","lifecycle_date":"${t}","lifecycle_date_millis":${START},"age":"0s","phase":"new","phase_time":"${t}","phase_time_millis":${START},"action":"complete","action_time":"${t}","action_time_millis":${START},"step":"complete","step_time":"${t}","step_time_millis":${START},"phase_execution":{"policy":"p","version":1,"modified_date":"${t}","modified_date_in_millis":${START}}}}}`,
    );
  });

  it('6.6 with ?human: the same companions, still no age', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    const t = '2024-01-01T00:00:00.000Z';
    expect(await explainText(sim, '/idx/_ilm/explain?human')).to.equal(
      `{"indices":{"idx":{"index":"idx","managed":true,"policy":"p","lifecycle_date":"${t}","lifecycle_date_millis":${START},"phase":"new","phase_time":"${t}","phase_time_millis":${START},"action":"complete","action_time":"${t}","action_time_millis":${START},"step":"complete","step_time":"${t}","step_time_millis":${START}}}}`,
    );
  });

  it('?human=false is the same as no human', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    expect(await explainText(sim, '/idx/_ilm/explain?human=false')).to.equal(await explainText(sim, '/idx/_ilm/explain'));
  });
});

describe('explain: the ERROR record of the shrink story (es-ilm-api.md 4.3, es-ilm-engine.md 2.3)', () => {
  it('7.10: failed_step, is_auto_retryable_error, step_info, then phase_execution with the cached phase', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '1d' }); // enters warm at the tick of 1d; unfollow waits one tick
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '20m' }); // shrink's history-lease wait, then the shrink fails
    const warm = START + DAY;
    const failed = START + DAY + 20 * MINUTE;
    expect(await explainText(sim, '/idx/_ilm/explain')).to.equal(
      `{"indices":{"idx":{"index":"idx","managed":true,"policy":"p","lifecycle_date_millis":${START},"age":"1.01d","phase":"warm","phase_time_millis":${warm},"action":"shrink","action_time_millis":${warm + 10 * MINUTE},"step":"ERROR","step_time_millis":${failed},"failed_step":"shrink","is_auto_retryable_error":false,"step_info":{"type":"illegal_argument_exception","reason":"the number of target shards [4] must be less that the number of source shards [2]"},"phase_execution":{"policy":"p","phase_definition":{"min_age":"1d","actions":{"shrink":{"number_of_shards":4}}},"version":1,"modified_date_in_millis":${START}}}}}`,
    );
  });

  it('6.6: no retry fields; the error happens at the first tick of the phase', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/idx', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    const warm = START + DAY;
    expect(await explainText(sim, '/idx/_ilm/explain')).to.equal(
      `{"indices":{"idx":{"index":"idx","managed":true,"policy":"p","lifecycle_date_millis":${START},"phase":"warm","phase_time_millis":${warm},"action":"shrink","action_time_millis":${warm},"step":"ERROR","step_time_millis":${warm},"failed_step":"shrink","step_info":{"type":"illegal_argument_exception","reason":"the number of target shards [4] must be less that the number of source shards [2]"},"phase_execution":{"policy":"p","phase_definition":{"min_age":"1d","actions":{"shrink":{"number_of_shards":4}}},"version":1,"modified_date_in_millis":${START}}}}}`,
    );
  });

  it('only_errors keeps the ERROR index and drops the healthy and the unmanaged ones', async () => {
    const sim = createSimulator({ profile: '6.6' });
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/_ilm/policy/later', { policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await ok(sim, 'PUT', '/broken', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await ok(sim, 'PUT', '/fine', { settings: { 'index.lifecycle.name': 'later' } });
    await ok(sim, 'PUT', '/plain', {});
    await ok(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    const body = (await call(sim, 'GET', '/broken,fine,plain/_ilm/explain?only_errors=true')).body as { indices: Record<string, { step?: string }> };
    expect(Object.keys(body.indices)).to.deep.equal(['broken']);
    expect(body.indices['broken']!.step).to.equal('ERROR');
  });
});

describe('explain: age is now minus the lifecycle date, two decimals truncated (TimeValue#toHumanReadableString(2))', () => {
  const steps: Array<[number, string]> = [
    [999, '999ms'],
    [1500, '1.5s'],
    [59_999, '59.99s'],
    [90 * MINUTE, '1.5h'],
    [123_456, '2.05m'],
    [36 * HOUR, '1.5d'],
    [DAY + 23 * HOUR + 59 * MINUTE, '1.99d'], // 1.9993d: truncated, not rounded to 2d
    [5 * DAY + 2 * HOUR + 24 * MINUTE, '5.1d'],
  ];
  for (const [elapsed, age] of steps) {
    it(`${elapsed} ms after creation -> "${age}"`, async () => {
      const sim = createSimulator({ profile: '7.10' });
      await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
      await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
      await ok(sim, 'POST', '/_sim/clock/_set', { to: START + elapsed });
      const body = (await call(sim, 'GET', '/idx/_ilm/explain')).body as { indices: { idx: { age: string; lifecycle_date_millis: number } } };
      expect(body.indices.idx.age).to.equal(age);
      expect(body.indices.idx.lifecycle_date_millis).to.equal(START);
    });
  }

  it('the origination date replaces the creation date, and a future one gives a negative age (raw millis, as 7.x)', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    await ok(sim, 'PUT', '/past', { settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.origination_date': START - 3 * DAY } });
    await ok(sim, 'PUT', '/future', { settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.origination_date': START + DAY } });
    const body = (await call(sim, 'GET', '/past,future/_ilm/explain')).body as { indices: Record<string, { age: string; lifecycle_date_millis: number }> };
    expect(body.indices['past']).to.include({ age: '3d', lifecycle_date_millis: START - 3 * DAY });
    expect(body.indices['future']).to.include({ age: '-86400000', lifecycle_date_millis: START + DAY });
  });
});

describe('explain: a policy that does not exist (es-ilm-api.md 4.5)', () => {
  for (const profile of ['7.10', '6.6']) {
    it(`${profile}: managed, the policy name, and the does-not-exist step_info only`, async () => {
      const sim = createSimulator({ profile });
      // ILM runs only once ILM metadata exists (ES `IndexLifecycleService#triggerPolicies`): from 7.x
      // a fresh cluster has it, 6.6 only once some other policy is stored (features/explain/missing-policy.feature).
      await ok(sim, 'PUT', '/_ilm/policy/other', { policy: { phases: { delete: { actions: { delete: {} } } } } });
      await ok(sim, 'PUT', '/orphan', { settings: { 'index.lifecycle.name': 'nope' } });
      expect(await explainText(sim, '/orphan/_ilm/explain')).to.equal(
        '{"indices":{"orphan":{"index":"orphan","managed":true,"policy":"nope","step_info":{"type":"illegal_argument_exception","reason":"policy [nope] does not exist"}}}}',
      );
      const errors = (await call(sim, 'GET', '/orphan/_ilm/explain?only_errors')).body as { indices: object };
      expect(Object.keys(errors.indices)).to.deep.equal(['orphan']);
    });
  }
});

describe('explain: the indices map', () => {
  it('6.x/7.x list indices in Java HashMap order of their names (warm before hot)', async () => {
    const sim = createSimulator({ profile: '7.10' });
    await ok(sim, 'PUT', '/hot', {});
    await ok(sim, 'PUT', '/warm', {});
    expect(await explainText(sim, '/hot,warm/_ilm/explain')).to.equal(
      '{"indices":{"warm":{"index":"warm","managed":false},"hot":{"index":"hot","managed":false}}}',
    );
  });

  it('only_managed drops unmanaged indices', async () => {
    const sim = createSimulator();
    await ok(sim, 'PUT', '/_ilm/policy/p', SHRINK_4);
    await ok(sim, 'PUT', '/plain', {});
    await ok(sim, 'PUT', '/idx', { settings: { 'index.lifecycle.name': 'p' } });
    const body = (await call(sim, 'GET', '/plain,idx/_ilm/explain?only_managed')).body as { indices: object };
    expect(Object.keys(body.indices)).to.deep.equal(['idx']);
  });

  it('a wildcard that matches nothing gives an empty map', async () => {
    const sim = createSimulator();
    expect(await explainText(sim, '/nothing-*/_ilm/explain')).to.equal('{"indices":{}}');
  });
});
