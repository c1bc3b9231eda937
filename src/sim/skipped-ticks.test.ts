/**
 * Poll ticks an unmet async wait is known to fail are skipped (`nextChange` in `steps.ts`: the
 * rollover check, the time-series end time wait, the replicate_for wait). This
 * checks that the skipping is exact: the same requests give byte-identical history and explain with
 * the skipping on, and with it off (any registered fault turns it off; this one never fires).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../index';

type Send = (method: string, path: string, body?: unknown) => { status: number; text: string };

function run(profile: string, skipping: boolean, script: (send: Send) => void): string {
  const sim = createSimulator({ profile, pollInterval: '10m' });
  const send: Send = (method, path, body) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  if (!skipping) {
    const added = send('POST', '/_sim/faults', {
      index: 'never-matches-*',
      step: 'check-rollover-ready',
      error: { type: 'illegal_state_exception', reason: 'x' },
    });
    expect(added.status, added.text).to.equal(200);
  }
  script(send);
  return [send('GET', '/_sim/history').text, send('GET', '/*/_ilm/explain?expand_wildcards=all').text].join('\n');
}

const SCRIPTS: Record<string, (send: Send) => void> = {
  'alias rollover on max_age with documents arriving late': (send) => {
    send('PUT', '/_ilm/policy/p', {
      policy: { phases: { hot: { actions: { rollover: { max_age: '2d', max_docs: 50 } } }, delete: { min_age: '3d', actions: { delete: {} } } } },
    });
    send('PUT', '/logs-000001', {
      settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' },
      aliases: { logs: { is_write_index: true } },
    });
    send('POST', '/_sim/clock/_advance', { by: '3d' });
    send('POST', '/_sim/ingest', { index: 'logs', count: 10, bytes_each: '1kb' });
    send('POST', '/_sim/clock/_advance', { by: '1d' });
    send('POST', '/_sim/ingest', { index: 'logs', count: 60, bytes_each: '1kb' });
    send('POST', '/_sim/clock/_advance', { by: '10d' });
  },
  'data stream with min_age and max_age, ingest every 7 hours': (send) => {
    send('PUT', '/_ilm/policy/p', {
      policy: { phases: { hot: { actions: { rollover: { max_age: '1d', min_age: '30h' } } }, delete: { min_age: '2d', actions: { delete: {} } } } },
    });
    send('PUT', '/_index_template/t', { index_patterns: ['logs-*'], data_stream: {}, template: { settings: { 'index.lifecycle.name': 'p' } } });
    for (let i = 0; i < 40; i++) {
      send('POST', '/_sim/ingest', { index: 'logs-app', count: 3, bytes_each: '1kb' });
      send('POST', '/_sim/clock/_advance', { by: '7h' });
    }
  },
};

describe('skipping poll ticks an unmet rollover check cannot pass changes nothing', () => {
  for (const profile of ['7.10', '8.19']) {
    for (const [name, script] of Object.entries(SCRIPTS)) {
      if (profile === '7.10' && name.includes('min_age')) continue;
      it(`${profile}: ${name}`, () => {
        const skipping = run(profile, true, script);
        const everyTick = run(profile, false, script);
        expect(skipping).to.equal(everyTick);
        expect(skipping).to.include('attempt-rollover');
      });
    }
  }
});

describe('an idle stretch never sends the clock back', () => {
  // Found with the test above: after 60 idle days the first tick an index needed was the one after
  // the last tick that had run (day 0), so its history went back in time.
  it('the first tick after 60 idle days falls after the clock', () => {
    const sim = createSimulator({ profile: '7.10' });
    const send: Send = (method, path, body) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
    send('PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_docs: 1 } } } } } });
    send('POST', '/_sim/clock/_advance', { by: '60d' });
    send('PUT', '/logs-000001', {
      settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' },
      aliases: { logs: { is_write_index: true } },
    });
    send('POST', '/_sim/ingest', { index: 'logs', count: 5, bytes_each: '1kb' });
    send('POST', '/_sim/clock/_advance', { by: '1h' });
    const history = (JSON.parse(send('GET', '/_sim/history').text) as { history: Array<{ '@timestamp': string }> }).history;
    const times = history.map((record) => record['@timestamp']);
    expect(times.length).to.be.greaterThan(5);
    for (const time of times) expect(time >= '2024-03-01T00:00:00.000Z', time).to.equal(true);
    expect(times).to.include('2024-03-01T00:20:00.000Z');
  });
});

describe('skipping poll ticks other time-bound waits cannot pass changes nothing', () => {
  const cases: Array<{ profile: string; name: string; waited: string; script: (send: Send) => void }> = [
    {
      profile: '8.19',
      name: 'downsample waiting for the time-series end time',
      waited: 'check-ts-end-time-passed',
      script: (send) => {
        send('PUT', '/_ilm/policy/p', { policy: { phases: { warm: { actions: { downsample: { fixed_interval: '1h' } } } } } });
        send('PUT', '/metrics', {
          settings: {
            'index.lifecycle.name': 'p',
            'index.mode': 'time_series',
            'index.routing_path': 'host',
            'index.time_series.end_time': '2024-01-03T05:07:00Z',
          },
        });
        for (let i = 0; i < 5; i++) send('POST', '/_sim/clock/_advance', { by: '17h' });
      },
    },
    {
      profile: '9.1',
      name: 'a mounted index waiting out replicate_for',
      waited: 'check-replicate-for-time-passed',
      script: (send) => {
        send('PUT', '/_snapshot/backups', { type: 'fs', settings: { location: '/tmp/backups' } });
        send('PUT', '/_ilm/policy/p', {
          policy: { phases: { cold: { actions: { searchable_snapshot: { snapshot_repository: 'backups', replicate_for: '2d' } } } } },
        });
        send('PUT', '/logs', { settings: { 'index.lifecycle.name': 'p' } });
        for (let i = 0; i < 5; i++) send('POST', '/_sim/clock/_advance', { by: '13h' });
      },
    },
  ];
  for (const { profile, name, waited, script } of cases) {
    it(`${profile}: ${name}`, () => {
      const skipping = run(profile, true, script);
      const everyTick = run(profile, false, script);
      expect(skipping).to.equal(everyTick);
      expect(skipping).to.include(`"name":"${waited}"`);
    });
  }
});
