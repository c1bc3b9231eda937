/**
 * `ilm-sim twin` driven as a function: `twin capture` from a running server writes a bundle; the
 * kept bundle's forecast names today's failing rollover and the stalled warm migration (exit 1, or 0
 * with `--fail-on none`), prints the estimated ingest and takes `--ingest`; `--json` is one JSON
 * document; ILM_SIM_TIMINGS=1 adds each phase's times on stderr; a `--policy` what-if lists the events it changes; `--serve` prints its URL and answers
 * with the bundle's clock; bad input exits 2 with a message.
 */
import { expect } from 'chai';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { startServer } from '../server';
import { FIXTURE_DIR } from '../twin/fixtures/capture-fixture';
import { main } from './main';
import { Capture } from './test-support';

async function twin(args: string[], cwd = tmpdir(), stop?: AbortSignal, env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const out = new Capture();
  const err = new Capture();
  const code = await main(['twin', ...args], out, err, env, { cwd, ...(stop ? { stop } : {}) });
  return { code, out: out.text, err: err.text };
}

describe('ilm-sim twin', () => {
  it('capture writes a bundle from a running server, GET only, at its clock', async () => {
    const server = await startServer({ port: 0, profile: '7.17', startTime: '2024-03-01T00:00:00Z' });
    try {
      await server.simulator.request({
        method: 'PUT',
        path: '/_ilm/policy/p',
        body: { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } },
      });
      await server.simulator.request({ method: 'PUT', path: '/idx', body: { settings: { 'index.lifecycle.name': 'p' } } });
      const dir = path.join(mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-')), 'bundle');
      const result = await twin(['capture', '--url', server.url, '--out', dir]);
      expect(result.code).to.equal(0);
      expect(result.err).to.contain('with GET requests only (nothing is changed)');
      expect(result.out).to.contain('Bundle of Elasticsearch 7.17.6 at 2024-03-01T00:00:00.000Z written to');
      expect(JSON.parse(readFileSync(path.join(dir, 'diagnostic_manifest.json'), 'utf8')).timestamp).to.equal('2024-03-01T00:00:00.000Z');
      expect(existsSync(path.join(dir, 'commercial', 'ilm_explain.json'))).to.equal(true);
      const forecast = await twin([dir, '--horizon', '3d']);
      expect(forecast.out).to.match(/idx\s+deleted/);
      expect(forecast.code).to.equal(0);
    } finally {
      await server.close();
    }
  });

  it('ILM_SIM_TIMINGS=1 prints each phase with its wall and CPU time to stderr, and only then', async () => {
    const html = path.join(mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-')), 'forecast.html');
    const timed = await twin([FIXTURE_DIR, '--horizon', '2d', '--json', '--html', html], tmpdir(), undefined, { ILM_SIM_TIMINGS: '1' });
    const phases = timed.err
      .split('\n')
      .filter((line) => line.startsWith('ilm-sim-timing '))
      .map((line) => /^ilm-sim-timing (.+) wall \d+ cpu \d+$/.exec(line)?.[1]);
    expect(phases).to.deep.equal([
      'start (modules loaded)',
      'read bundle',
      'restore',
      'forecast: run the clock (and sample storage)',
      'forecast: timeline, events, problems',
      'print json',
      'write html',
    ]);
    JSON.parse(timed.out);
    const plain = await twin([FIXTURE_DIR, '--horizon', '2d', '--json']);
    expect(plain.err).not.to.contain('ilm-sim-timing');
    expect(plain.out).to.equal(timed.out);
  });

  it("forecasts the kept bundle: today's failing rollover, the stalled migration, the estimated ingest", async () => {
    const result = await twin([FIXTURE_DIR, '--horizon', '10d']);
    expect(result.code).to.equal(1);
    expect(result.out).to.contain('run as profile 8.19 (Elasticsearch 8.19.0)');
    expect(result.out).to.contain('The bundle had everything the twin needs.');
    expect(result.out).to.match(/logs-app-prod: \d+ docs\/day, [\d.]+kb\/day \(estimated: /);
    expect(result.out).to.contain('legacy-000001 keeps failing at hot/rollover/check-rollover-ready');
    expect(result.out).to.contain('stalls on warm/migrate/check-migration');
    expect((await twin([FIXTURE_DIR, '--horizon', '10d', '--fail-on', 'none'])).code).to.equal(0);
  });

  it('takes --ingest: no ingest means no rollover ahead', async () => {
    const none = await twin([FIXTURE_DIR, '--horizon', '10d', '--ingest', '*=0', '--json']);
    const body = JSON.parse(none.out) as { ingest: Array<{ source: string; docs_per_day: number }>; events: Array<{ what: string }> };
    expect(body.ingest.every((r) => r.source === 'given' && r.docs_per_day === 0)).to.equal(true);
    expect(body.events.filter((e) => e.what.startsWith('continues as') || e.what === 'enters hot')).to.deep.equal([]);
    const busy = JSON.parse((await twin([FIXTURE_DIR, '--horizon', '10d', '--ingest', 'logs-*=20mb/day', '--json'])).out) as {
      events: Array<{ what: string }>;
    };
    expect(busy.events.filter((e) => e.what === 'enters hot').length).to.be.greaterThan(3);
  });

  it("says when the clock went on past the simulator's limit of instants per request (a 1s poll interval), in text and JSON", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-')), 'bundle');
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    writeFileSync(path.join(dir, 'cluster_settings.json'), JSON.stringify({ persistent: { 'indices.lifecycle.poll_interval': '1s' }, transient: {} }));
    const text = await twin([dir, '--horizon', '2d', '--ingest', '*=0', '--fail-on', 'none']);
    expect(text.code, text.err).to.equal(0);
    expect(text.out).to.match(
      /The poll interval is short: \d+ times a clock request stopped at the simulator's limit of 5000 instants and the forecast went on; it reached the horizon\./,
    );
    const json = await twin([dir, '--horizon', '2d', '--ingest', '*=0', '--fail-on', 'none', '--json']);
    const horizon = (JSON.parse(json.out) as { horizon: { end_millis: number; reached: boolean; clock_continuations: number } }).horizon;
    expect(horizon.reached).to.equal(true);
    expect(horizon.clock_continuations).to.be.at.least(34);
    // The kept bundle's own 10m poll interval never reaches the limit: no such line.
    expect((await twin([FIXTURE_DIR, '--horizon', '2d', '--fail-on', 'none'])).out).to.not.contain('The poll interval is short');
  });

  it('a --policy what-if shows what it changes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-'));
    writeFileSync(
      path.join(dir, 'slow.json'),
      JSON.stringify({ policy: { phases: { hot: { actions: {} }, delete: { min_age: '10d', actions: { delete: {} } } } } }),
    );
    const result = await twin([FIXTURE_DIR, '--horizon', '10d', '--policy', 'slow=slow.json'], dir);
    expect(result.out).to.contain('What if: policy slow from slow.json');
    expect(result.out).to.match(/\+ \d{4}-\d\d-\d\d \d\d:\d\d {2}metrics-old {2}deleted/);
  });

  it('--html writes the picture and the storage plot', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-'));
    const result = await twin([FIXTURE_DIR, '--horizon', '10d', '--html', 'forecast.html'], dir);
    const page = readFileSync(path.join(dir, 'forecast.html'), 'utf8');
    expect(result.err).to.contain('HTML written to');
    expect(page).to.contain('<h2>Bytes per tier</h2>');
    expect(page).to.contain('data_warm: ');
  });

  it('--serve serves the twin at the bundle instant and prints its URL', async () => {
    const stop = new AbortController();
    const out = new Capture();
    const done = main(['twin', FIXTURE_DIR, '--serve', '--port', '0'], out, new Capture(), {}, { stop: stop.signal });
    const [, url] = (await out.waitFor(/listening on (http:\/\/\S+)\n/)) as unknown as [string, string];
    const clock = (await (await fetch(`${url}/_sim/clock`)).json()) as { now: string };
    expect(clock.now).to.equal('2024-01-10T00:00:00.000Z');
    stop.abort();
    expect(await done).to.equal(0);
  });

  it('bad input exits 2 with a message', async () => {
    expect(await twin(['/no/such/bundle'])).to.deep.include({ code: 2, err: 'ilm-sim twin: /no/such/bundle: no such bundle directory\n' });
    expect((await twin([FIXTURE_DIR, '--horizon', 'soon'])).err).to.contain('--horizon [soon]: expected a positive duration');
    expect((await twin([FIXTURE_DIR, '--ingest', 'logs-*=lots'])).err).to.contain('is not "<size>/day" or "<n>docs/day"');
    expect((await twin([FIXTURE_DIR, '--fail-on', 'warnings'])).code).to.equal(2);
    expect((await twin(['capture', '--out', '/tmp/x'])).err).to.contain('capture needs --url <es> and --out <dir>');
  });
});
