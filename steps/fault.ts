/**
 * Steps that declare faults (`/_sim/faults`) and read the lifecycle history (`/_sim/history`):
 * a step that fails N times, or until cleared, or with a probability drawn from the seeded PRNG;
 * a wait step held as if shards were not allocated or the index were not green.
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { expect } from 'chai';
import type { IlmWorld } from '../src/cucumber/world';
import { historyPages } from '../src/cucumber/advance-until';

const { Given, Then, When } = stepGroup('faults and history');

function failure(type: string, reason: string) {
  return { error: { type, reason } };
}

Given(
  'the {word} step of {string} fails {int} time(s) with {word}: {string}',
  {
    says: "Makes a step fail on the indices matching a pattern that many times, with this error type and reason, on ILM's own path into ERROR.",
    example: 'the attempt-rollover step of "logs-*" fails 2 times with illegal_state_exception: "rollover refused"',
  },
  async function (this: IlmWorld, step: string, index: string, times: number, type: string, reason: string) {
    await this.addFault({ index, step, times, ...failure(type, reason) });
  },
);

Given(
  'the {word} step of {string} fails with {word}: {string}',
  {
    says: 'Makes the step fail until the faults are cleared.',
    example: 'the shrink step of "my-index-000001" fails with illegal_state_exception: "disk full"',
  },
  async function (this: IlmWorld, step: string, index: string, type: string, reason: string) {
    await this.addFault({ index, step, ...failure(type, reason) });
  },
);

Given(
  'every step of the {word} action on {string} fails with {word}: {string}',
  {
    says: 'Makes every step of an action fail until the faults are cleared.',
    example: 'every step of the shrink action on "my-index-000001" fails with illegal_state_exception: "no"',
  },
  async function (this: IlmWorld, action: string, index: string, type: string, reason: string) {
    await this.addFault({ index, action, ...failure(type, reason) });
  },
);

Given(
  'the {word} step of {string} fails with probability {float} with {word}: {string}',
  {
    says: 'Makes the step fail with a probability, drawn from the seeded PRNG.',
    example: 'the attempt-rollover step of "logs-*" fails with probability 0.5 with illegal_state_exception: "flaky"',
  },
  async function (this: IlmWorld, step: string, index: string, probability: number, type: string, reason: string) {
    await this.addFault({ index, step, probability, ...failure(type, reason) });
  },
);

Given(
  'the {word} step of {string} waits because shards are not allocated',
  {
    says: 'Holds a wait step as if shards were not allocated, with the `step_info` ES shows.',
    example: 'the check-shrink-allocation step of "my-index-000001" waits because shards are not allocated',
  },
  async function (this: IlmWorld, step: string, index: string) {
    await this.addFault({ index, step, condition: 'shards_not_allocated' });
  },
);

Given(
  'the {word} step of {string} waits because the index is not green',
  {
    says: 'Holds a wait step as if the index were not green.',
    example: 'the wait-for-index-color step of "logs-*" waits because the index is not green',
  },
  async function (this: IlmWorld, step: string, index: string) {
    await this.addFault({ index, step, condition: 'cluster_not_green' });
  },
);

Given(
  'the {word} step of {string} waits because a snapshot is in progress',
  {
    says: "Holds an async action that ES retries after a snapshot (`delete`, shrink's `aliases`, ...) on its step.",
    example: 'the delete step of "logs-000001" waits because a snapshot is in progress',
  },
  async function (this: IlmWorld, step: string, index: string) {
    await this.addFault({ index, step, condition: 'snapshot_in_progress' });
  },
);

When(
  'the faults are cleared',
  {
    says: 'Removes every fault (a cluster change: held waits are checked again).',
    example: 'the faults are cleared',
  },
  async function (this: IlmWorld) {
    await this.sendOk('DELETE', '/_sim/faults');
  },
);

Then(
  'the history of {string} is:',
  {
    says: "Asserts the index's ILM history (`GET /_sim/history`), oldest first, with any of the columns `at`, `from`, `to`, `success`.",
    example: 'the history of "logs" is:\n  | at                       | to                    |\n  | 2024-01-01T00:00:00.000Z | new/complete/complete |',
  },
  async function (this: IlmWorld, index: string, table: DataTable) {
    const records = await historyPages(this, index);
    const key = (k: unknown) => (k ? `${(k as { phase: string }).phase}/${(k as { action: string }).action}/${(k as { name: string }).name}` : '-');
    const actual = records.map((r) => {
      const row: Record<string, string> = { at: String(r['@timestamp']), from: key(r['from']), to: key(r['to']), success: String(r['success']) };
      return row;
    });
    const columns = table.raw()[0]!;
    const expected = table.hashes();
    expect(actual.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])))).to.deep.equal(expected);
  },
);
