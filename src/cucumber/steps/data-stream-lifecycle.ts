/**
 * Step definitions for the data stream lifecycle (8.11+): setting and removing a stream's lifecycle,
 * and reading it and its explain record. Each step is one ES request (`PUT|DELETE|GET
 * /_data_stream/<name>/_lifecycle`, `GET /<index>/_lifecycle/explain`); assertions compare parts.
 */
import { expect } from 'chai';
import { DataTable, Then, When } from '../cucumber';
import { cellValue, getPath, hasPath } from '../json-match';
import type { IlmWorld } from '../world';

When('I set the lifecycle of the data stream {string} to:', async function (this: IlmWorld, name: string, json: string) {
  await this.send('PUT', `/_data_stream/${encodeURIComponent(name)}/_lifecycle`, json);
});

When('I remove the lifecycle of the data stream {string}', async function (this: IlmWorld, name: string) {
  await this.send('DELETE', `/_data_stream/${encodeURIComponent(name)}/_lifecycle`);
});

Then('the lifecycle of the data stream {string} contains:', async function (this: IlmWorld, name: string, json: string) {
  const response = await this.sendOk('GET', `/_data_stream/${encodeURIComponent(name)}/_lifecycle`);
  this.expectContains(getPath(response.body, 'data_streams.0'), json);
});

/** The data stream lifecycle's explain record of one index (`GET /<index>/_lifecycle/explain`). */
async function lifecycleRecord(world: IlmWorld, index: string): Promise<unknown> {
  const response = await world.sendOk('GET', `/${encodeURIComponent(index)}/_lifecycle/explain`);
  const record = (response.body as { indices?: Record<string, unknown> }).indices?.[index];
  expect(record, `lifecycle explain of ${index} returned ${response.text}`).to.be.an('object');
  return record;
}

Then('the data stream lifecycle explain of {string} contains:', async function (this: IlmWorld, index: string, json: string) {
  this.expectContains(await lifecycleRecord(this, index), json);
});

Then('the data stream lifecycle explain of {string} has:', async function (this: IlmWorld, index: string, table: DataTable) {
  const record = await lifecycleRecord(this, index);
  for (const [path, value] of table.raw()) expect(getPath(record, path!), `${path} of "${index}": ${JSON.stringify(record)}`).to.deep.equal(cellValue(value!));
});

Then('the data stream lifecycle explain of {string} has no {string}', async function (this: IlmWorld, index: string, path: string) {
  const record = await lifecycleRecord(this, index);
  expect(hasPath(record, path), `${path} of "${index}": ${JSON.stringify(record)}`).to.equal(false);
});
