/**
 * The forecast's clock going on past the limit of instants per request (a short poll interval), and its storage samples: one memo carried across samples (what the forecast does) gives
 * exactly the samples a fresh look at every index gives, while indices move between tiers, are
 * deleted and created, change their replica count, and nodes stop and start.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator, simulationOf } from '../create-simulator';
import { MAX_INSTANTS_PER_CLOCK_REQUEST } from '../sim/simulator';
import { mapSource } from './bundle';
import { forecastFeature } from './feature';
import { FIXTURE_DIR } from './fixtures/capture-fixture';
import { estimateIngest, forecast, StorageMemo, storageByTier } from './forecast';
import { restoreTwin } from './restore';
import { bundleFiles } from './test-support';
import { readTwinModel } from './twin-model';
import { workloadRate } from './workload';

const DAY = 86_400_000;

const POLICY = {
  policy: {
    phases: {
      hot: { actions: { set_priority: { priority: 100 } } },
      warm: { min_age: '2d', actions: { set_priority: { priority: 50 } } },
      cold: { min_age: '4d', actions: { set_priority: { priority: 0 } } },
      delete: { min_age: '6d', actions: { delete: {} } },
    },
  },
};

describe('storageByTier', () => {
  it('gives with a memo carried across samples what it gives afresh', () => {
    const nodes = [
      { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'] },
      { name: 'hot-2', roles: ['data_hot', 'data_content'] },
      { name: 'warm-1', roles: ['data_warm'] },
      { name: 'warm-2', roles: ['data_warm'] },
      { name: 'cold-1', roles: ['data_cold'] },
    ];
    const simulator = createSimulator({ profile: '8.19', stackTemplates: false, nodes, startTime: '2024-01-01T00:00:00Z' });
    const send = (method: string, path: string, body?: Record<string, unknown>) => {
      const answer = simulator.requestSync({ method, path, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.below(300);
    };
    send('PUT', '/_ilm/policy/daily', POLICY);
    const cluster = simulationOf(simulator).cluster;
    const memo = new StorageMemo();
    const samples: Array<[unknown, unknown]> = [];
    const sample = (at: number) => samples.push([storageByTier(cluster, at, memo), storageByTier(cluster, at)]);
    for (let day = 0; day < 12; day++) {
      for (let n = 0; n < 3; n++) {
        send('PUT', `/logs-${day}-${n}`, {
          settings: { 'index.lifecycle.name': 'daily', 'index.number_of_shards': 1 + (n % 2), 'index.number_of_replicas': 1 },
        });
        send('POST', '/_sim/ingest', { index: `logs-${day}-${n}`, count: 10 + n, bytes_each: 100 });
      }
      if (day === 3) send('DELETE', '/logs-1-1');
      if (day === 5) send('PUT', '/logs-4-0/_settings', { index: { number_of_replicas: 0 } });
      if (day === 7) send('POST', '/_sim/nodes/warm-2/_stop');
      if (day === 9) send('POST', '/_sim/nodes/warm-2/_start');
      sample(day);
      if (day === 10) {
        // As many indices as at the last sample, one of them new: the memo's rows no longer fit.
        send('DELETE', '/logs-2-0');
        send('PUT', '/logs-swapped', { settings: { 'index.number_of_shards': 2, 'index.number_of_replicas': 1 } });
        send('POST', '/_sim/ingest', { index: 'logs-swapped', count: 7, bytes_each: 100 });
        sample(day + 0.25);
      }
      send('POST', '/_sim/clock/_advance', { by: '1d' });
      sample(day + 0.5);
    }
    for (const [withMemo, afresh] of samples) expect(withMemo).to.deep.equal(afresh);
    // The samples saw indices on more than one tier, and a change of placement.
    const tiersSeen = new Set(samples.flatMap(([s]) => Object.keys((s as { tiers: object }).tiers)));
    expect([...tiersSeen]).to.include.members(['data_hot', 'data_warm', 'data_cold']);
  });
  it('gives what it gives afresh when most indices are deleted, names come back, and copies span tiers', () => {
    const nodes = [
      { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'] },
      { name: 'hot-2', roles: ['data_hot', 'data_content'] },
      { name: 'warm-1', roles: ['data_warm'] },
    ];
    const simulator = createSimulator({ profile: '8.19', stackTemplates: false, nodes, startTime: '2024-01-01T00:00:00Z' });
    const send = (method: string, path: string, body?: Record<string, unknown>) => {
      const answer = simulator.requestSync({ method, path, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.below(300);
    };
    const cluster = simulationOf(simulator).cluster;
    const memo = new StorageMemo();
    const samples: Array<[unknown, unknown]> = [];
    const sample = () => samples.push([storageByTier(cluster, 0, memo), storageByTier(cluster, 0)]);
    const create = (name: string, shards: number, bytes: number) => {
      send('PUT', `/${name}`, { settings: { 'index.number_of_shards': shards, 'index.number_of_replicas': 1 } });
      // 3 shards: a third of the bytes per copy is not a whole number, so the order of the sums shows.
      send('POST', '/_sim/ingest', { index: name, count: 1, bytes_each: bytes });
    };
    for (let n = 0; n < 12; n++) create(`idx-${n}`, 1 + (n % 3), 1000 + 7 * n);
    sample();
    // Copies on two tiers at once: the primary may stay on hot, a replica on warm.
    send('PUT', '/idx-1/_settings', { index: { 'routing.allocation.include._tier_preference': 'data_warm,data_hot' } });
    // Most indices deleted (their rows are dropped), one name created again (a new record, last).
    for (const n of [0, 2, 3, 4, 5, 6, 7, 8]) send('DELETE', `/idx-${n}`);
    create('idx-3', 3, 2000);
    sample();
    send('POST', '/_sim/ingest', { index: 'idx-9', count: 3, bytes_each: 10 });
    create('idx-12', 2, 555);
    sample();
    for (const n of [1, 9, 10, 11, 3, 12]) send('DELETE', `/idx-${n}`);
    sample();
    create('idx-13', 3, 100);
    sample();
    for (const [withMemo, afresh] of samples) expect(withMemo).to.deep.equal(afresh);
    const tiers = samples.map(([s]) => (s as { tiers: Record<string, { shards: number; bytes: number }> }).tiers);
    // idx-1, the first index left, has copies on warm and on hot: warm comes first.
    expect(Object.keys(tiers[1]!)).to.deep.equal(['data_warm', 'data_hot']);
    expect(tiers[3]).to.deep.equal({});
    // Thirds of 100 bytes added copy by copy: not a whole number, as afresh.
    expect(tiers[4]!['data_hot']).to.deep.equal({ shards: 6, bytes: 100 / 3 + 100 / 3 + 100 / 3 + 100 / 3 + 100 / 3 + 100 / 3 });
  });
});

describe('the forecast with a short poll interval', () => {
  it("goes on past the simulator's limit of instants per clock request, to the horizon, and counts how often", () => {
    const files = bundleFiles(FIXTURE_DIR);
    // A poll tick every second: a day without ingest is 86,400 ticks, past the 5,000 one request runs.
    files.set('cluster_settings.json', JSON.stringify({ persistent: { 'indices.lifecycle.poll_interval': '1s' }, transient: {} }));
    const model = readTwinModel(mapSource('short-poll', files));
    expect(model.pollInterval).to.equal('1s');
    const { simulator } = restoreTwin(model);
    const result = forecast(simulator, { horizonMillis: 2 * DAY, overrides: [{ pattern: '*', bytesPerDay: 0, docsPerDay: 0 }] });
    expect(simulationOf(simulator).now).to.equal(result.endMillis);
    expect(result.clockContinuations).to.be.at.least(2 * Math.floor(DAY / 1000 / MAX_INSTANTS_PER_CLOCK_REQUEST));
    expect(result.storage.at(-1)!.atMillis).to.equal(result.endMillis);
    // The feature writer replays the same workload and goes on the same way (it refused before).
    const feature = forecastFeature(model, {
      bundlePath: 'b',
      horizonMillis: 2 * DAY,
      rates: result.ingest.map(workloadRate),
      tool: 'test',
      command: 'test',
    });
    expect(feature).to.contain('Scenario: 2d after the capture');
  });
});

describe("the forecast's timeline", () => {
  it('is written once, when read, and writes the lineages that began in the forecast as GET /_sim/timeline does', () => {
    const { simulator } = restoreTwin(readTwinModel(mapSource('fixture', bundleFiles(FIXTURE_DIR))));
    const result = forecast(simulator, { horizonMillis: 30 * DAY });
    const timeline = result.timeline;
    expect(result.timeline).to.equal(timeline);
    expect(timeline.indices.map((l) => l.index)).to.deep.equal(result.lineages.map((l) => l.index));
    const route = simulator.requestSync({ method: 'GET', path: '/_sim/timeline' });
    const routeLineages = new Map((JSON.parse(route.text) as typeof timeline).indices.map((l) => [l.index, l]));
    // The lineages of indices made during the forecast have no state from the start put in.
    const made = timeline.indices.filter((l) => l.start_millis > result.startMillis);
    expect(made.length, 'indices made during the forecast').to.be.above(0);
    for (const lineage of made) expect(lineage).to.deep.equal(routeLineages.get(lineage.index));
    // The others start at the start, in the phase they were in.
    for (const lineage of timeline.indices.filter((l) => l.start_millis <= result.startMillis))
      expect(lineage.phases[0]!.start_millis, lineage.index).to.be.at.most(result.startMillis);
  });

  it('lists the lineages in the order they begin: those alive at the start by name, then each new one as it comes', () => {
    const { simulator } = restoreTwin(readTwinModel(mapSource('fixture', bundleFiles(FIXTURE_DIR))));
    const result = forecast(simulator, { horizonMillis: 30 * DAY });
    const keys = result.lineages.map((l) => [l.startMillis, l.index] as const);
    const sorted = [...keys].sort(([a, x], [b, y]) => a - b || (x < y ? -1 : x > y ? 1 : 0));
    expect(keys).to.deep.equal(sorted);
    // Both kinds are there: the order is not the history's (which first touches what changes first).
    expect(keys.filter(([at]) => at === result.startMillis).length).to.be.above(1);
    expect(keys.filter(([at]) => at > result.startMillis).length).to.be.above(1);
  });
});

describe('estimateIngest', () => {
  it("takes the rollover alias as a write target, not the alias ILM's shrink leaves with the source's name", async () => {
    const sim = createSimulator({ profile: '7.17' });
    await sim.request({
      method: 'PUT',
      path: '/_ilm/policy/p',
      body: {
        policy: {
          phases: {
            hot: { actions: { rollover: { max_docs: 10 } } },
            warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } },
          },
        },
      },
    });
    await sim.request({
      method: 'PUT',
      path: '/_template/app',
      body: {
        index_patterns: ['app-*'],
        settings: { 'index.number_of_shards': 2, 'index.number_of_replicas': 0, 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'app' },
      },
    });
    await sim.request({ method: 'PUT', path: '/app-000001', body: { aliases: { app: { is_write_index: true } } } });
    for (let day = 0; day < 4; day++) {
      await sim.request({ method: 'POST', path: '/_sim/ingest', body: { index: 'app', count: 20 } });
      await sim.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } });
    }
    const simulation = simulationOf(sim);
    // The shrunk first generation answers to its old name.
    const shrunk = [...simulation.cluster.indices.values()].find((i) => i.name.startsWith('shrink-') && i.aliases.has('app-000001'));
    expect(shrunk, 'app-000001 was shrunk').to.not.equal(undefined);
    expect(estimateIngest(simulation.cluster, simulation.now).map((r) => r.target)).to.deep.equal(['app']);
  });
});
