/**
 * `npm run fixtures:twin`: makes the support-diagnostics bundles kept in `src/twin/fixtures/` from the
 * workflows the client suite drives (clients/bootstrap.ts's Filebeat and Logstash ILM bootstraps,
 * Curator with clients/curator-actions.yml) on hot-warm-cold clusters, against `ilm-sim serve`'s
 * server: the workflow, days of ingest on the simulated clock (so indices sit in hot, warm, cold, one
 * in ERROR, a write index waiting for its rollover), then `captureBundle` as `ilm-sim twin capture`
 * does. For each bundle it also continues the original cluster to the horizon with the workload the
 * twin's forecast estimates from the bundle, and writes every explain record there to
 * `src/twin/fixtures/expected/<name>.json`, which src/twin/bundles.test.ts holds the twin to.
 * Deterministic: the same run writes the same files. Needs Curator (Debian `elasticsearch-curator`,
 * which `npm run test:clients` installs). Nothing here is imported by src/.
 */
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../src/server';
import type { NodeSpec } from '../src/engine/cluster/topology';
import { mapSource } from '../src/twin/bundle';
import { writeBundle } from '../src/twin/bundle-dir';
import { captureBundle } from '../src/twin/capture';
import { estimateIngest } from '../src/twin/forecast';
import { restoreTwin } from '../src/twin/restore';
import { explainRecords } from '../src/twin/test-support';
import { readTwinModel } from '../src/twin/twin-model';
import { sendWorkloadRequest, workloadRate, workloadRequests } from '../src/twin/workload';
import { simulationOf } from '../src/create-simulator';
import { bootstrap, filebeat, logstash, type Shipper } from './bootstrap';
import { es, type Profile } from './http';
import { runCurator } from './tools';

const FIXTURES = join(__dirname, '..', 'src', 'twin', 'fixtures');
const DAY = 86_400_000;
/** How far the kept expectation reaches past the capture. */
const HORIZON_DAYS = 20;

interface Recipe {
  readonly name: string;
  readonly profile: Profile;
  readonly nodes: readonly NodeSpec[];
  /** Drives the workflow from an empty cluster to the instant of the capture. */
  drive(url: string): Promise<void>;
}

/** Filebeat 7.17's bootstrap with a hot-warm-cold policy on `node.attr.data` nodes, and a Curator run. */
const filebeatCurator717: Recipe = {
  name: 'filebeat-curator-7.17',
  profile: '7.17',
  nodes: [
    { name: 'hot-1', roles: ['master', 'data', 'ingest'], attributes: { data: 'hot' } },
    { name: 'warm-1', roles: ['data'], attributes: { data: 'warm' } },
    { name: 'cold-1', roles: ['data'], attributes: { data: 'cold' } },
  ],
  async drive(url) {
    // `setup.ilm.policy_file` with the team's own policy: hot, then warm and cold by node attribute.
    await bootstrap(url, filebeat, {
      hot: { min_age: '0ms', actions: { rollover: { max_size: '50gb', max_age: '1d' } } },
      warm: { min_age: '2d', actions: { allocate: { require: { data: 'warm' } }, forcemerge: { max_num_segments: 1 } } },
      cold: { min_age: '5d', actions: { allocate: { require: { data: 'cold' } }, set_priority: { priority: 0 } } },
      delete: { min_age: '9d', actions: { delete: {} } },
    });
    // The Curator workflow of the client suite: unmanaged cur-* deleted, the managed one aliased.
    await es(url, 'PUT', '/_ilm/policy/cur-policy', { policy: { phases: { hot: { actions: { set_priority: { priority: 100 } } } } } });
    for (const index of ['cur-old-000001', 'cur-old-000002', 'other-000001']) await es(url, 'PUT', `/${index}`, { settings: { number_of_replicas: 0 } });
    await es(url, 'PUT', '/cur-kept-000001', { settings: { 'index.lifecycle.name': 'cur-policy', number_of_replicas: 0 } });
    for (let day = 0; day < 8; day++) {
      await es(url, 'POST', '/_sim/ingest', { index: filebeat.alias, count: 2000, bytes_each: 700 });
      if (day === 2) await runCurator(url);
      // An index someone created by hand under the template's pattern: ILM tries to roll it over, but
      // the rollover alias does not point to it (ERROR).
      if (day === 3) await es(url, 'PUT', `/${filebeat.alias}-reindexed`);
      await es(url, 'POST', '/_sim/clock/_advance', { by: '1d' });
    }
    // On a poll tick at which the hand-made index goes to ERROR (its automatic retries alternate). On a
    // tick: the twin ticks at the bundle's instant + k x the poll interval, as the original does then.
    await es(url, 'POST', '/_sim/clock/_advance', { by: '290m' });
  },
};

const tierNodes: readonly NodeSpec[] = [
  { name: 'hot-1', roles: ['master', 'data_hot', 'data_content', 'ingest'] },
  { name: 'hot-2', roles: ['data_hot', 'data_content'] },
  { name: 'warm-1', roles: ['data_warm'] },
  { name: 'cold-1', roles: ['data_cold'] },
];

/**
 * Logstash's `ilm_*` bootstrap (composable template, rollover alias) with a hot-warm-cold policy on
 * `node.roles` data tiers, beside a data stream whose replicas the one warm node cannot hold.
 */
function logstashTiers(profile: '8.19' | '9.1', version: string): Recipe {
  const shipper: Shipper = { ...logstash, profile, version, name: `Logstash ${profile.split('.')[0]} ilm_* options` };
  return {
    name: `logstash-tiers-${profile}`,
    profile,
    nodes: tierNodes,
    async drive(url) {
      await bootstrap(url, shipper, {
        hot: { min_age: '0ms', actions: { rollover: { max_primary_shard_size: '50gb', max_age: '1d' } } },
        warm: { min_age: '2d', actions: { set_priority: { priority: 50 }, forcemerge: { max_num_segments: 1 } } },
        cold: { min_age: '4d', actions: { set_priority: { priority: 0 } } },
        delete: { min_age: '8d', actions: { delete: {} } },
      });
      await es(url, 'PUT', '/_ilm/policy/logs-nginx', {
        policy: {
          phases: {
            hot: { actions: { rollover: { max_docs: 5000 } } },
            warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } },
            delete: { min_age: '6d', actions: { delete: {} } },
          },
        },
      });
      await es(url, 'PUT', '/_index_template/logs-nginx', {
        index_patterns: ['logs-nginx-*'],
        priority: 300,
        data_stream: {},
        template: { settings: { 'index.lifecycle.name': 'logs-nginx', 'index.number_of_shards': 2, 'index.number_of_replicas': 1 } },
      });
      await es(url, 'PUT', '/_data_stream/logs-nginx-default');
      for (let day = 0; day < 8; day++) {
        await es(url, 'POST', '/_sim/ingest', { index: shipper.alias, count: 3000, bytes_each: 900 });
        await es(url, 'POST', '/_sim/ingest', { index: 'logs-nginx-default', count: 2000, bytes_each: 400 });
        // A hand-made index under the template's pattern, not behind the rollover alias (ERROR).
        if (day === 4) await es(url, 'PUT', `/${shipper.alias}-backfill-000001`);
        await es(url, 'POST', '/_sim/clock/_advance', { by: '1d' });
      }
      // On a poll tick at which the hand-made index goes to ERROR (see above).
      await es(url, 'POST', '/_sim/clock/_advance', { by: '410m' });
    },
  };
}

export const RECIPES: readonly Recipe[] = [filebeatCurator717, logstashTiers('8.19', '8.19.0'), logstashTiers('9.1', '9.1.3')];

async function capture(recipe: Recipe): Promise<void> {
  const server = await startServer({
    port: 0,
    profile: recipe.profile,
    stackTemplates: false,
    startTime: '2024-01-01T00:00:00Z',
    seed: 1,
    nodes: recipe.nodes,
  });
  try {
    await recipe.drive(server.url);
    const captured = await captureBundle(
      async (path) => {
        const answer = await fetch(server.url + path);
        return { status: answer.status, text: await answer.text() };
      },
      { wallClockMillis: 0, tool: 'ilm-sim npm run fixtures:twin' },
    );
    const dir = join(FIXTURES, recipe.name);
    rmSync(dir, { recursive: true, force: true });
    writeBundle(dir, captured.files);
    // The original, continued with the workload the twin's forecast estimates from the bundle.
    const twin = restoreTwin(readTwinModel(mapSource(recipe.name, captured.files)));
    const original = server.simulator;
    const start = simulationOf(original).now;
    const rates = estimateIngest(simulationOf(twin.simulator).cluster, start).map(workloadRate);
    for (const request of workloadRequests(rates, start, start + HORIZON_DAYS * DAY)) {
      const { answer } = sendWorkloadRequest(
        (r) => original.requestSync(r),
        () => simulationOf(original).now,
        request,
      );
      if (answer.status >= 300) throw new Error(`${request.path} answered ${answer.status}: ${answer.text}`);
    }
    mkdirSync(join(FIXTURES, 'expected'), { recursive: true });
    const expected = { bundle: recipe.name, profile: recipe.profile, horizon_days: HORIZON_DAYS, rates, explain: explainRecords(original) };
    writeFileSync(join(FIXTURES, 'expected', `${recipe.name}.json`), `${JSON.stringify(expected, null, 2)}\n`);
    console.log(`${recipe.name}: ${captured.files.size} files, ${simulationOf(original).cluster.indices.size} indices at the horizon`);
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  for (const recipe of RECIPES) if (only.length === 0 || only.includes(recipe.name)) await capture(recipe);
}

if (require.main === module)
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  });
