/**
 * Data stream lifecycle bench (issue 22): a year of N data streams managed by the data stream lifecycle
 * (7 days of retention, so a daily rollover), each taking documents every day, in process. It prints the
 * wall time of the simulated year, the lifecycle's schedule (a run every 5 minutes) and the backing
 * indices left; and the same year for the same
 * streams without a lifecycle (the floor: ingestion and the clock alone). Options: --streams N (default 50).
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createSimulator } from '../src/index';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '50' } } });
const streams = Number(values.streams);

function year(withLifecycle: boolean): { millis: number; backing: number } {
  const sim = createSimulator({ profile: '8.19' });
  const send = (method: string, path: string, body?: unknown) => {
    const r = sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.text}`);
    return r;
  };
  const template = withLifecycle ? { lifecycle: { data_retention: '7d' } } : {};
  send('PUT', '/_index_template/bench', { index_patterns: ['bench-*'], data_stream: {}, priority: 500, template });
  for (let i = 0; i < streams; i++) send('PUT', `/_data_stream/bench-${i}`);
  const start = performance.now();
  for (let day = 0; day < 365; day++) {
    for (let i = 0; i < streams; i++) send('POST', '/_sim/ingest', { index: `bench-${i}`, count: 100, bytes_each: '1kb' });
    send('POST', '/_sim/clock/_advance', { by: '1d' });
  }
  const millis = performance.now() - start;
  const body = send('GET', '/_data_stream/bench-*?filter_path=data_streams.indices.index_name').body as { data_streams: Array<{ indices: unknown[] }> };
  return { millis, backing: body.data_streams.reduce((n, ds) => n + ds.indices.length, 0) };
}

const floor = year(false);
const managed = year(true);
const runs = (365 * 24 * 60) / 5;
console.log(`data stream lifecycle, ${streams} streams, one simulated year (8.19), daily ingestion:`);
console.log(`  without a lifecycle: ${floor.millis.toFixed(0)} ms, ${floor.backing} backing indices left`);
console.log(
  `  with data_retention 7d: ${managed.millis.toFixed(0)} ms (${(managed.millis / floor.millis).toFixed(2)}x the floor) for a schedule of ${runs} lifecycle runs (runs with nothing to do are skipped), ${managed.backing} backing indices left (${(managed.backing / streams).toFixed(1)} per stream)`,
);
