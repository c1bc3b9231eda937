/**
 * Steps that declare faults (`/_sim/faults`) and read the lifecycle history (`/_sim/history`):
 * a step that fails N times, or until cleared, or with a probability drawn from the seeded PRNG;
 * a wait step held as if shards were not allocated or the index were not green.
 */
import { DataTable, Given, Then, When } from '../src/cucumber/cucumber';
import { expect } from 'chai';
import type { IlmWorld } from '../src/cucumber/world';
import { historyPages } from '../src/cucumber/advance-until';

function failure(type: string, reason: string) {
  return { error: { type, reason } };
}

Given(
  'the {word} step of {string} fails {int} time(s) with {word}: {string}',
  async function (this: IlmWorld, step: string, index: string, times: number, type: string, reason: string) {
    await this.addFault({ index, step, times, ...failure(type, reason) });
  },
);

Given(
  'the {word} step of {string} fails with {word}: {string}',
  async function (this: IlmWorld, step: string, index: string, type: string, reason: string) {
    await this.addFault({ index, step, ...failure(type, reason) });
  },
);

Given(
  'every step of the {word} action on {string} fails with {word}: {string}',
  async function (this: IlmWorld, action: string, index: string, type: string, reason: string) {
    await this.addFault({ index, action, ...failure(type, reason) });
  },
);

Given(
  'the {word} step of {string} fails with probability {float} with {word}: {string}',
  async function (this: IlmWorld, step: string, index: string, probability: number, type: string, reason: string) {
    await this.addFault({ index, step, probability, ...failure(type, reason) });
  },
);

Given('the {word} step of {string} waits because shards are not allocated', async function (this: IlmWorld, step: string, index: string) {
  await this.addFault({ index, step, condition: 'shards_not_allocated' });
});

Given('the {word} step of {string} waits because the index is not green', async function (this: IlmWorld, step: string, index: string) {
  await this.addFault({ index, step, condition: 'cluster_not_green' });
});

Given('the {word} step of {string} waits because a snapshot is in progress', async function (this: IlmWorld, step: string, index: string) {
  await this.addFault({ index, step, condition: 'snapshot_in_progress' });
});

When('the faults are cleared', async function (this: IlmWorld) {
  await this.sendOk('DELETE', '/_sim/faults');
});

Then('the history of {string} is:', async function (this: IlmWorld, index: string, table: DataTable) {
  const records = await historyPages(this, index);
  const key = (k: unknown) => (k ? `${(k as { phase: string }).phase}/${(k as { action: string }).action}/${(k as { name: string }).name}` : '-');
  const actual = records.map((r) => {
    const row: Record<string, string> = { at: String(r['@timestamp']), from: key(r['from']), to: key(r['to']), success: String(r['success']) };
    return row;
  });
  const columns = table.raw()[0]!;
  const expected = table.hashes();
  expect(actual.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])))).to.deep.equal(expected);
});
