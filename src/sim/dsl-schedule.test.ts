/**
 * The data stream lifecycle's job in the simulator: runs that would find nothing to do are skipped,
 * which must change nothing a client sees. A fault that matches no index keeps every run (faults may
 * fire at any run), so the same month with and without one must answer alike.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator } from '../index';

function month(everyRun: boolean): string {
  const sim = createSimulator({ profile: '8.19' });
  const send = (method: string, path: string, body?: unknown) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  send('PUT', '/_index_template/logs', {
    index_patterns: ['logs-*'],
    data_stream: {},
    priority: 500,
    template: {
      settings: { 'index.mode': 'time_series', 'index.routing_path': 'host' },
      lifecycle: { data_retention: '9d', downsampling: [{ after: '2d', fixed_interval: '1h' }] },
    },
  });
  send('PUT', '/_data_stream/logs-a');
  send('PUT', '/_data_stream/logs-b');
  if (everyRun) send('POST', '/_sim/faults', { index: 'no-such-index-*', action: 'rollover', error: { type: 'illegal_state_exception', reason: 'never' } });
  const out: string[] = [];
  for (let day = 0; day < 30; day++) {
    send('POST', '/_sim/ingest', { index: day % 3 === 0 ? 'logs-b' : 'logs-a', count: 10, bytes_each: '1kb' });
    send('POST', '/_sim/clock/_advance', { by: day % 2 === 0 ? '17h' : '31h' });
    out.push(send('GET', '/_data_stream/logs-*?filter_path=data_streams.indices.index_name').text);
    out.push(send('GET', '/logs-*/_lifecycle/explain').text);
  }
  out.push(send('GET', '/_sim/timeline').text);
  return out.join('\n');
}

describe('data stream lifecycle schedule', () => {
  it('skipping idle runs answers exactly as running every one', () => {
    const skipped = month(false);
    expect(skipped).to.include('downsample-1h-');
    expect(skipped).to.equal(month(true));
  });
});
