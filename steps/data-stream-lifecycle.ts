/**
 * Step definitions for the data stream lifecycle (8.11+): setting and removing a stream's lifecycle,
 * and reading it and its explain record. Each step is one ES request (`PUT|DELETE|GET
 * /_data_stream/<name>/_lifecycle`, `GET /<index>/_lifecycle/explain`); assertions compare parts.
 */
import { expect } from 'chai';
import type { DataTable } from '../src/cucumber/cucumber';
import { cellValue, getPath, hasPath } from '../src/cucumber/json-match';
import { stepGroup } from '../src/cucumber/step-catalogue';
import type { IlmWorld } from '../src/cucumber/world';

const { Then, When } = stepGroup('data stream lifecycle');

When(
  'I set the lifecycle of the data stream {string} to:',
  {
    says: 'Sends `PUT /_data_stream/<name>/_lifecycle` with the doc string as its body and keeps the answer.',
    example: 'I set the lifecycle of the data stream "logs-app" to:\n  """json\n  { "data_retention": "7d" }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    await this.send('PUT', `/_data_stream/${encodeURIComponent(name)}/_lifecycle`, json);
  },
);

When(
  'I remove the lifecycle of the data stream {string}',
  {
    says: 'Sends `DELETE /_data_stream/<name>/_lifecycle` and keeps the answer.',
    example: 'I remove the lifecycle of the data stream "logs-app"',
  },
  async function (this: IlmWorld, name: string) {
    await this.send('DELETE', `/_data_stream/${encodeURIComponent(name)}/_lifecycle`);
  },
);

Then(
  'the lifecycle of the data stream {string} contains:',
  {
    says: 'Asserts `GET /_data_stream/<name>/_lifecycle` answers 200 and its first stream contains the doc string (a JSON subset).',
    example: 'the lifecycle of the data stream "logs-app" contains:\n  """json\n  { "lifecycle": { "enabled": true, "data_retention": "7d" } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    const response = await this.sendOk('GET', `/_data_stream/${encodeURIComponent(name)}/_lifecycle`);
    this.expectContains(getPath(response.body, 'data_streams.0'), json);
  },
);

/** The data stream lifecycle's explain record of one index (`GET /<index>/_lifecycle/explain`). */
async function lifecycleRecord(world: IlmWorld, index: string): Promise<unknown> {
  const response = await world.sendOk('GET', `/${encodeURIComponent(index)}/_lifecycle/explain`);
  const record = (response.body as { indices?: Record<string, unknown> }).indices?.[index];
  expect(record, `lifecycle explain of ${index} returned ${response.text}`).to.be.an('object');
  return record;
}

Then(
  'the data stream lifecycle explain of {string} contains:',
  {
    says: "Asserts the index's `GET /<index>/_lifecycle/explain` record contains the doc string (a JSON subset).",
    example: 'the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" contains:\n  """json\n  { "managed_by_lifecycle": true }\n  """',
  },
  async function (this: IlmWorld, index: string, json: string) {
    this.expectContains(await lifecycleRecord(this, index), json);
  },
);

Then(
  'the data stream lifecycle explain of {string} has:',
  {
    says: "Asserts each row's path of the index's data stream lifecycle explain record equals its value.",
    example: 'the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has:\n  | managed_by_lifecycle | true |',
  },
  async function (this: IlmWorld, index: string, table: DataTable) {
    const record = await lifecycleRecord(this, index);
    for (const [path, value] of table.raw())
      expect(getPath(record, path!), `${path} of "${index}": ${JSON.stringify(record)}`).to.deep.equal(cellValue(value!));
  },
);

Then(
  'the data stream lifecycle explain of {string} has no {string}',
  {
    says: "Asserts the index's data stream lifecycle explain record has no such path.",
    example: 'the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has no "error"',
  },
  async function (this: IlmWorld, index: string, path: string) {
    const record = await lifecycleRecord(this, index);
    expect(hasPath(record, path), `${path} of "${index}": ${JSON.stringify(record)}`).to.equal(false);
  },
);
