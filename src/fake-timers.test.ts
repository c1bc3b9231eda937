/**
 * linkFakeTimers: the user's sinon timers and ILM's poll ticks and events run in one time order, the
 * user's promises settle between them, ticking the sinon clock moves the simulator, and unlinking
 * restores both.
 */
import { describe, it, afterEach } from 'node:test';
import { expect } from 'chai';
import * as sinon from 'sinon';
import { createSimulator, Simulator } from './index';
import { linkFakeTimers } from './fake-timers';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2024-01-01T00:00:00.000Z');

function stepOf(simulator: Simulator, index: string): string {
  const response = simulator.requestSync({ method: 'GET', path: `/${index}/_ilm/explain` });
  if (response.status === 404) return 'deleted';
  const record = (response.body as { indices: Record<string, { phase?: string; action?: string; step?: string }> }).indices[index]!;
  return `${record.phase}/${record.action}/${record.step}`;
}

function managedIndex(simulator: Simulator): void {
  simulator.requestSync({
    method: 'PUT',
    path: '/_ilm/policy/p',
    body: { policy: { phases: { warm: { min_age: '1d', actions: { readonly: {} } }, delete: { min_age: '3d', actions: { delete: {} } } } } },
  });
  simulator.requestSync({ method: 'PUT', path: '/logs', body: { settings: { 'index.lifecycle.name': 'p' } } });
}

describe('linkFakeTimers', () => {
  let clock: sinon.SinonFakeTimers | null = null;
  afterEach(() => {
    clock?.restore();
    clock = null;
  });

  it('moves the user clock to the simulator start and the simulator with clock.tickAsync', async () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const simulator = createSimulator();
    linkFakeTimers(simulator, clock);
    expect(Date.now()).to.equal(START);
    managedIndex(simulator);
    await clock.tickAsync(DAY + 10 * 60 * 1000);
    expect(stepOf(simulator, 'logs')).to.equal('warm/complete/complete');
    await clock.tickAsync(2 * DAY);
    expect(stepOf(simulator, 'logs')).to.equal('deleted');
    expect((simulator.requestSync({ method: 'GET', path: '/_sim/clock' }).body as { now_millis: number }).now_millis).to.equal(Date.now());
  });

  it('runs the user timers in time order with ILM, so each sees the explain record of its instant', async () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const simulator = createSimulator();
    linkFakeTimers(simulator, clock);
    managedIndex(simulator);
    const seen: string[] = [];
    // A watcher of the user's: every 12 hours, an awaited explain (a promise settled between timers).
    setInterval(
      () => {
        void simulator.request({ method: 'GET', path: '/logs/_ilm/explain' }).then((response) => {
          const record = (response.body as { indices?: Record<string, { phase?: string }> }).indices?.['logs'];
          seen.push(`${new Date(Date.now()).toISOString().slice(0, 13)} ${record?.phase ?? 'gone'}`);
        });
      },
      12 * 60 * 60 * 1000,
    );
    const answer = await simulator.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '4d' } });
    expect(answer.body).to.deep.equal({ now_millis: START + 4 * DAY, now: '2024-01-05T00:00:00.000Z' });
    expect(Date.now()).to.equal(START + 4 * DAY);
    expect(seen).to.deep.equal([
      '2024-01-01T12 new',
      // ILM's poll tick at the same instant (1d after the start) runs first: the phase has begun.
      '2024-01-02T00 warm',
      '2024-01-02T12 warm',
      '2024-01-03T00 warm',
      '2024-01-03T12 warm',
      '2024-01-04T00 delete', // deleted on the next poll tick, 10 minutes later
      '2024-01-04T12 gone',
      '2024-01-05T00 gone',
    ]);
  });

  it('ticks the user clock synchronously for requestSync and rewinds it on reset', () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const simulator = createSimulator();
    linkFakeTimers(simulator, clock);
    const fired: number[] = [];
    setTimeout(() => fired.push(Date.now()), 60 * 60 * 1000);
    simulator.requestSync({ method: 'POST', path: '/_sim/clock/_set', body: { to: '2024-01-02T00:00:00Z' } });
    expect(fired).to.deep.equal([START + 60 * 60 * 1000]);
    expect(Date.now()).to.equal(START + DAY);
    simulator.requestSync({ method: 'POST', path: '/_sim/_reset' });
    expect(Date.now()).to.equal(START);
  });

  it('answers a refused clock move unchanged and leaves both clocks where they were', async () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const simulator = createSimulator();
    linkFakeTimers(simulator, clock);
    const refused = await simulator.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '-1d' } });
    expect(refused.status).to.equal(400);
    expect(Date.now()).to.equal(START);
  });

  it('unlinks: the simulator answers alone again and leaves no timer on the clock', () => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const simulator = createSimulator();
    const link = linkFakeTimers(simulator, clock);
    managedIndex(simulator);
    expect(clock.countTimers()).to.equal(1);
    expect(() => linkFakeTimers(simulator, clock!)).to.throw('already linked');
    link.unlink();
    expect(clock.countTimers()).to.equal(0);
    simulator.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } });
    expect(Date.now()).to.equal(START);
  });
});
