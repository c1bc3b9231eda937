/**
 * Step definitions for data streams: creating one, bulk ingestion into one, rolling one over, and
 * reading its backing indices. Each step is one ES request; assertions read `GET /_data_stream`.
 */
import { DataTable, Then, When } from '../cucumber';
import { expect } from 'chai';
import type { IlmWorld } from '../world';

When('I create the data stream {string}', async function (this: IlmWorld, name: string) {
  await this.send('PUT', `/_data_stream/${encodeURIComponent(name)}`);
});

When('I delete the data stream {string}', async function (this: IlmWorld, name: string) {
  await this.send('DELETE', `/_data_stream/${encodeURIComponent(name)}`);
});

When('I roll over {string}', async function (this: IlmWorld, target: string) {
  await this.send('POST', `/${encodeURIComponent(target)}/_rollover`);
});

When('{int} documents are bulk-created in {string}', async function (this: IlmWorld, count: number, target: string) {
  const line = `{"create":{"_index":${JSON.stringify(target)}}}\n{"@timestamp":"2024-01-01T00:00:00Z","message":"m"}\n`;
  await this.sendOk('POST', '/_bulk', line.repeat(count));
});

When('I send this bulk request:', async function (this: IlmWorld, ndjson: string) {
  await this.send('POST', '/_bulk', `${ndjson}\n`);
});

Then('the data stream {string} has the backing indices:', async function (this: IlmWorld, name: string, table: DataTable) {
  const response = await this.sendOk('GET', `/_data_stream/${encodeURIComponent(name)}`);
  const [stream] = (response.body as { data_streams: Array<{ indices: Array<{ index_name: string }> }> }).data_streams;
  expect(stream?.indices.map((i) => i.index_name), `the backing indices of "${name}", oldest first`).to.deep.equal(table.raw().map((row) => row[0]));
});

/**
 * Day by day from now: index the documents, then advance the clock 1d (running every poll tick and
 * event on the way). For N days it indexes at start, start + 1d, ..., start + (N-1)d and ends with the
 * clock at start + N days, that instant's poll tick and events already run; no documents are indexed there.
 */
When(
  'for {int} days, {int} documents of {word} are indexed into {string} at the start of each day',
  async function (this: IlmWorld, days: number, count: number, size: string, target: string) {
    for (let day = 0; day < days; day++) {
      await this.sendOk('POST', '/_sim/ingest', { index: target, count, bytes_each: size });
      await this.advance('1d');
    }
  },
);

Then('the data stream {string} has {int} backing indices, the oldest {string}', async function (this: IlmWorld, name: string, count: number, oldest: string) {
  const response = await this.sendOk('GET', `/_data_stream/${encodeURIComponent(name)}`);
  const [stream] = (response.body as { data_streams: Array<{ indices: Array<{ index_name: string }> }> }).data_streams;
  const names = stream?.indices.map((i) => i.index_name) ?? [];
  const shown = names.length > 6 ? [...names.slice(0, 3), '...', ...names.slice(-2)] : names;
  expect(names.length, `the number of backing indices of "${name}" (${shown.join(', ')})`).to.equal(count);
  expect(names[0], `the oldest backing index of "${name}"`).to.equal(oldest);
});
