/**
 * Assertions on explain records. "the explain record of X" reads a fresh record with the default
 * query; "I explain X with Q" keeps the whole response for the response steps; "X is in the P phase"
 * fails saying where X is instead. Values in tables are JSON when they parse as JSON (`2`, `true`,
 * `"2"`), otherwise the string as written.
 */
import { DataTable, Then, When } from '../cucumber';
import { expect } from 'chai';
import { expectInPhase } from '../advance-until';
import { cellValue, getPath, hasPath } from '../json-match';
import type { StepKeyText } from '../parameter-types';
import type { IlmWorld } from '../world';

When('I explain {string}', async function (this: IlmWorld, index: string) {
  await this.send('GET', `/${encodeURIComponent(index)}/_ilm/explain`);
});

When('I explain {string} with {string}', async function (this: IlmWorld, index: string, query: string) {
  await this.send('GET', `/${encodeURIComponent(index)}/_ilm/explain?${query}`);
});

Then('{string} is at step {stepKey}', async function (this: IlmWorld, index: string, key: StepKeyText) {
  const record = await this.explainRecord(index);
  expect({ phase: record['phase'], action: record['action'], step: record['step'] }, JSON.stringify(record)).to.deep.equal(key);
});

Then('{string} is in the {string} phase', async function (this: IlmWorld, index: string, phase: string) {
  await expectInPhase(this, index, phase);
});

Then('the explain record of {string} has:', async function (this: IlmWorld, index: string, table: DataTable) {
  const record = await this.explainRecord(index);
  for (const [path, value] of table.raw()) {
    expect(getPath(record, path!), `${path} in ${JSON.stringify(record)}`).to.deep.equal(cellValue(value!));
  }
});

Then('the explain record of {string} has no {string}', async function (this: IlmWorld, index: string, field: string) {
  const record = await this.explainRecord(index);
  expect(hasPath(record, field), `${field} in ${JSON.stringify(record)}`).to.equal(false);
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
  expect(String(getPath(record, path)), `${path} in ${JSON.stringify(record)}`).to.match(new RegExp(pattern));
});
