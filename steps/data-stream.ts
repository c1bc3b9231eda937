/**
 * Step definitions for data streams: creating one, bulk ingestion into one, rolling one over, and
 * reading its backing indices. Each step is one ES request; assertions read `GET /_data_stream`.
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { expect } from 'chai';
import { expectDataStreamBackingIndices, expectDataStreamWriteIndex } from '../src/cucumber/existence';
import type { IlmWorld } from '../src/cucumber/world';

const { Then, When } = stepGroup('data streams');

When(
  'I create the data stream {string}',
  {
    says: 'Sends `PUT /_data_stream/<name>` and keeps the answer.',
    example: 'I create the data stream "logs-app-default"',
  },
  async function (this: IlmWorld, name: string) {
    await this.send('PUT', `/_data_stream/${encodeURIComponent(name)}`);
  },
);

When(
  'I delete the data stream {string}',
  {
    says: 'Sends `DELETE /_data_stream/<name>` and keeps the answer.',
    example: 'I delete the data stream "logs-app-default"',
  },
  async function (this: IlmWorld, name: string) {
    await this.send('DELETE', `/_data_stream/${encodeURIComponent(name)}`);
  },
);

When(
  'I roll over {string}',
  {
    says: 'Sends `POST /<target>/_rollover` (an alias or a data stream) and keeps the answer.',
    example: 'I roll over "logs-app-default"',
  },
  async function (this: IlmWorld, target: string) {
    await this.send('POST', `/${encodeURIComponent(target)}/_rollover`);
  },
);

When(
  '{int} documents are bulk-created in {string}',
  {
    says: 'Sends one `_bulk` request creating that many documents in the target; must succeed.',
    example: '10 documents are bulk-created in "logs-app-default"',
  },
  async function (this: IlmWorld, count: number, target: string) {
    const line = `{"create":{"_index":${JSON.stringify(target)}}}\n{"@timestamp":"2024-01-01T00:00:00Z","message":"m"}\n`;
    await this.sendOk('POST', '/_bulk', line.repeat(count));
  },
);

When(
  'I send this bulk request:',
  {
    says: 'Sends the NDJSON doc string to `POST /_bulk` and keeps the answer.',
    example: 'I send this bulk request:\n  """\n  {"create":{"_index":"logs-app-default"}}\n  {"@timestamp":"2024-01-01T00:00:00Z"}\n  """',
  },
  async function (this: IlmWorld, ndjson: string) {
    await this.send('POST', '/_bulk', `${ndjson}\n`);
  },
);

Then(
  'the data stream {string} has the backing indices:',
  {
    says: "Asserts the data stream's backing indices, oldest first, one per row.",
    example: 'the data stream "logs-app-default" has the backing indices:\n  | .ds-logs-app-default-000001 |',
  },
  async function (this: IlmWorld, name: string, table: DataTable) {
    const response = await this.sendOk('GET', `/_data_stream/${encodeURIComponent(name)}`);
    const [stream] = (response.body as { data_streams: Array<{ indices: Array<{ index_name: string }> }> }).data_streams;
    expect(
      stream?.indices.map((i) => i.index_name),
      `the backing indices of "${name}", oldest first`,
    ).to.deep.equal(table.raw().map((row) => row[0]));
  },
);

When(
  'for {int} days, {int} documents of {word} are indexed into {string} at the start of each day',
  {
    says: "For each day: counts the documents into the target, then advances the clock one day, running that day's ILM. For N days it indexes at start, start + 1d, ..., start + (N-1)d and ends with the clock at start + N days, that instant's poll tick and events already run; no documents are indexed there.",
    example: 'for 7 days, 1000 documents of 1kb are indexed into "logs-app" at the start of each day',
  },
  async function (this: IlmWorld, days: number, count: number, size: string, target: string) {
    for (let day = 0; day < days; day++) {
      await this.sendOk('POST', '/_sim/ingest', { index: target, count, bytes_each: size });
      await this.advance('1d');
    }
  },
);

Then(
  'the data stream {string} has {int} backing indices, the oldest {string}',
  {
    says: 'Asserts how many backing indices the data stream has and which is the oldest.',
    example: 'the data stream "logs-app-default" has 2 backing indices, the oldest ".ds-logs-app-default-000001"',
  },
  async function (this: IlmWorld, name: string, count: number, oldest: string) {
    await expectDataStreamBackingIndices(this, name, count, oldest);
  },
);

Then(
  'the write index of the data stream {string} is {string}',
  {
    says: "Asserts the data stream's write index, its newest backing index; fails naming the backing indices.",
    example: 'the write index of the data stream "logs-app-default" is ".ds-logs-app-default-000002"',
  },
  async function (this: IlmWorld, name: string, index: string) {
    await expectDataStreamWriteIndex(this, name, index);
  },
);
