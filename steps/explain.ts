/**
 * Assertions on explain records. "the explain record of X" reads a fresh record with the default
 * query; "I explain X with Q" keeps the whole response for the response steps; "X is in the P phase"
 * and "X is at step K" fail in one line saying where X is instead and why it waits there (from
 * `GET /_sim/why`). Values in tables are JSON when they parse as JSON (`2`, `true`, `"2"`), otherwise
 * the string as written.
 */
import { DataTable, Then, When } from '../src/cucumber/cucumber';
import { expect } from 'chai';
import { expectAtStep, expectInPhase } from '../src/cucumber/advance-until';
import { cellValue, getPath, hasPath } from '../src/cucumber/json-match';
import type { StepKeyText } from '../src/cucumber/parameter-types';
import type { IlmWorld } from '../src/cucumber/world';

When('I explain {string}', async function (this: IlmWorld, index: string) {
  await this.send('GET', `/${encodeURIComponent(index)}/_ilm/explain`);
});

When('I explain {string} with {string}', async function (this: IlmWorld, index: string, query: string) {
  await this.send('GET', `/${encodeURIComponent(index)}/_ilm/explain?${query}`);
});

Then('{string} is at step {stepKey}', async function (this: IlmWorld, index: string, key: StepKeyText) {
  await expectAtStep(this, index, key);
});

Then('{string} is in the {string} phase', async function (this: IlmWorld, index: string, phase: string) {
  await expectInPhase(this, index, phase);
});

Then('the explain record of {string} has:', async function (this: IlmWorld, index: string, table: DataTable) {
  const record = await this.explainRecord(index);
  for (const [path, value] of table.raw()) {
    expect(getPath(record, path!), `${path} of "${index}" ${brief(record)}`).to.deep.equal(cellValue(value!));
  }
});

Then('the explain record of {string} has no {string}', async function (this: IlmWorld, index: string, field: string) {
  const record = await this.explainRecord(index);
  expect(hasPath(record, field), `${field} of "${index}" ${brief(record)}`).to.equal(false);
});

Then('the explain record of {string} contains:', async function (this: IlmWorld, index: string, json: string) {
  this.expectContains(await this.explainRecord(index), json);
});

Then('the explain record of {string} is exactly:', async function (this: IlmWorld, index: string, json: string) {
  const record = await this.explainRecord(index);
  this.expectExactly(JSON.stringify(record), json);
});

Then('the explain record of {string} has its fields in this order:', async function (this: IlmWorld, index: string, table: DataTable) {
  const record = await this.explainRecord(index);
  expect(Object.keys(record)).to.deep.equal(table.raw().map((row) => row[0]));
});

Then('the explain record of {string} has {string} matching {string}', async function (this: IlmWorld, index: string, path: string, pattern: string) {
  const record = await this.explainRecord(index);
  expect(String(getPath(record, path)), `${path} of "${index}" ${brief(record)}`).to.match(new RegExp(pattern));
});

/** The record in a few words for a failure: its position and step_info, not its every field. */
function brief(record: Record<string, unknown>): string {
  if (record['managed'] === false) return '(not managed by ILM)';
  const info = record['step_info'] === undefined ? '' : `, step_info ${JSON.stringify(record['step_info'])}`;
  return `(at ${String(record['phase'])}/${String(record['action'])}/${String(record['step'])}${info})`;
}
