/**
 * An example of a team's own code under test, as a user of ilm-sim would write it: a watcher that
 * checks ILM every hour through the official client and retries every index in ERROR, driven by the
 * scenario's fake clock (`this.fakeClock`, linked to the simulator) and talking to the simulator in
 * process through `connectionFor`. The steps below are the team's own, extending ilm-sim's World.
 */
import type { Client } from '@elastic/elasticsearch';
import { expect } from 'chai';
import { Given, Then } from '@cucumber/cucumber';
import { IlmWorld } from '../../src/cucumber';
import { connectionFor } from '../../src/client';
import type { Simulator } from '../../src/index';

/** The team's watcher: every `intervalMillis`, retry each index whose explain record is in ERROR. */
export class RetryWatcher {
  readonly retries: Array<{ index: string; at: string }> = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly client: Client) {}

  start(intervalMillis: number): void {
    this.timer = setInterval(() => void this.check(), intervalMillis);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    const explain = await this.client.ilm.explainLifecycle({ index: '*', only_errors: true });
    for (const [index, record] of Object.entries(explain.indices)) {
      if (record.managed && record.step === 'ERROR') {
        await this.client.ilm.retry({ index });
        this.retries.push({ index, at: new Date().toISOString() });
      }
    }
  }
}

const watchers = new WeakMap<IlmWorld, RetryWatcher>();

function watcherOf(world: IlmWorld): RetryWatcher {
  const watcher = watchers.get(world);
  if (!watcher) throw new Error('the scenario started no watcher');
  return watcher;
}

Given("the team's watcher retries indices in ERROR every {int} minutes", async function (this: IlmWorld, minutes: number) {
  // The clock is faked from here on and linked to this scenario's simulator.
  const clock = this.fakeClock;
  await this.send('GET', '/_sim/clock');
  const simulator: Simulator = this.simulator;
  // Loaded here, not at the top: every other scenario's run would pay for loading the client.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client: OfficialClient } = require('@elastic/elasticsearch') as typeof import('@elastic/elasticsearch');
  const client = new OfficialClient({ node: 'http://localhost:9200', Connection: connectionFor(simulator) });
  const watcher = new RetryWatcher(client);
  watcher.start(minutes * 60 * 1000);
  watchers.set(this, watcher);
  expect(clock.now).to.equal(Date.now());
});

Then('the watcher has retried {string} {int} time(s)', function (this: IlmWorld, index: string, times: number) {
  const retries = watcherOf(this).retries.filter((retry) => retry.index === index);
  expect(retries.length, JSON.stringify(watcherOf(this).retries)).to.equal(times);
});

Then('the watcher retried {string} last at {string}', function (this: IlmWorld, index: string, instant: string) {
  const retries = watcherOf(this).retries.filter((retry) => retry.index === index);
  expect(retries.at(-1)?.at).to.equal(instant);
});

Given("the scenario's fake clock ticks {int}d and {int}h", async function (this: IlmWorld, days: number, hours: number) {
  await this.fakeClock.tickAsync((days * 24 + hours) * 60 * 60 * 1000);
});
