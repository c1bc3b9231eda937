/**
 * `npm run test:clients`: real third-party tools, unmodified, against `ilm-sim serve` (issue 13, item 5).
 * It installs the Debian packages it needs (apt-get, only when missing), starts one server per profile on
 * port 0, and runs each tool through a real ILM workflow, asserting on what Elasticsearch would answer:
 * explain records, rollover targets, the indices Curator deleted, the exporter's metric values. It prints
 * a PASS or FAIL line per case and exits non-zero when any case fails. Nothing here is imported by src/.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { strict as assert } from 'node:assert';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { jsClientCases } from './js-clients';
import { bootstrapCases } from './bootstrap';
import { runCurator, runTool } from './tools';
import { es, Profile } from './http';

const ROOT = join(__dirname, '..');
const PYTHON = '/usr/bin/python3'; // Debian's, which sees python3-elasticsearch (a pyenv python3 does not)
const DEBIAN_PACKAGES = ['python3-elasticsearch', 'elasticsearch-curator', 'prometheus-elasticsearch-exporter'];

export interface Case {
  name: string;
  profile: Profile;
  run(url: string): Promise<void>;
}

/** Installs the Debian packages that are missing, or throws saying why it cannot. */
function ensureDebianPackages(): void {
  const missing = DEBIAN_PACKAGES.filter((pkg) => {
    try {
      return !execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).includes('install ok installed');
    } catch {
      return true;
    }
  });
  if (missing.length === 0) {
    console.log(`packages: ${DEBIAN_PACKAGES.map(installedVersion).join(', ')} already installed`);
    return;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages ${missing.join(', ')}; run as root, or install them: apt-get install -y ${missing.join(' ')}`);
  }
  try {
    execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`missing Debian packages ${missing.join(', ')} and apt-get is not available to install them`);
  }
  console.log(`packages: apt-get install -y ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env });
  console.log(`packages: ${DEBIAN_PACKAGES.map(installedVersion).join(', ')}`);
}

function installedVersion(pkg: string): string {
  return `${pkg} ${execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' })}`;
}

/** Starts `ilm-sim serve --port 0` under a profile and resolves to its URL, read from its first line. */
function startServer(profile: Profile): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'ilm-sim.js'), 'serve', '--port', '0', '--profile', profile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`ilm-sim serve --profile ${profile} printed no URL in 60s: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ilm-sim listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child });
      }
    });
    child.on('exit', (code) => reject(new Error(`ilm-sim serve --profile ${profile} exited (${code}): ${out}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

const pythonCase: Case = {
  name: 'python3-elasticsearch: policy, legacy template, write alias, bulk, rollover, delete phase',
  profile: '7.17',
  async run(url) {
    console.log(indent(await runTool(PYTHON, [join(__dirname, 'python_client.py'), url])));
  },
};

const curatorCase: Case = {
  name: 'elasticsearch-curator: delete_indices with the ilm filter, alias action on the managed indices',
  profile: '7.17',
  async run(url) {
    await es(url, 'PUT', '/_ilm/policy/cur-policy', { policy: { phases: { hot: { actions: { set_priority: { priority: 100 } } } } } });
    for (const index of ['cur-old-000001', 'cur-old-000002', 'other-000001']) await es(url, 'PUT', `/${index}`);
    await es(url, 'PUT', '/cur-kept-000001', { settings: { 'index.lifecycle.name': 'cur-policy' } });
    await es(url, 'POST', '/_sim/clock/_advance', { by: '2d' });
    console.log(indent(await runCurator(url)));
    const left = (await es(url, 'GET', '/_cat/indices?h=index&s=index&format=json')).body as { index: string }[];
    assert.deepEqual(
      left.map((row) => row.index),
      ['cur-kept-000001', 'other-000001'],
      'curator deleted exactly the unmanaged cur-* indices',
    );
    const alias = (await es(url, 'GET', '/_alias/cur-managed')).body;
    assert.deepEqual(alias, { 'cur-kept-000001': { aliases: { 'cur-managed': {} } } }, 'curator aliased exactly the managed index');
    const explain = (await es(url, 'GET', '/cur-kept-000001/_ilm/explain')).body as { indices: Record<string, { phase: string }> };
    assert.equal(explain.indices['cur-kept-000001']!.phase, 'hot', 'the managed index is still under ILM');
  },
};

/** Fetches the exporter's /metrics with node:http and parses the sample lines. */
function scrape(port: number): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/metrics' }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`/metrics answered ${res.statusCode}`));
        const samples = new Map<string, number>();
        for (const line of text.split('\n')) {
          if (line === '' || line.startsWith('#')) continue;
          const cut = line.lastIndexOf(' ');
          // The `cluster` label (always "ilm-sim") is dropped so keys read as name{other labels}.
          const key = line
            .slice(0, cut)
            .replace(/cluster="[^"]*",?/, '')
            .replace(',}', '}')
            .replace('{}', '');
          samples.set(key, Number(line.slice(cut + 1)));
        }
        resolve(samples);
      });
    }).on('error', reject);
  });
}

function metric(samples: Map<string, number>, key: string): number | undefined {
  return samples.get(key);
}

/** A metric of the one node (labelled with its name), with an optional further label, e.g. `area="heap"`. */
function nodeMetric(samples: Map<string, number>, name: string, label?: string): number | undefined {
  for (const [key, value] of samples) {
    if (key.startsWith(`${name}{`) && key.includes('name="ilm-sim"') && (label === undefined || key.includes(label))) return value;
  }
  return undefined;
}

const exporterCase: Case = {
  name: 'prometheus-elasticsearch-exporter: health, index docs and store, node stats, aliases across a rollover, SLM, deleted index gone',
  profile: '7.17',
  async run(url) {
    const port = await freePort();
    const exporter = spawn(
      'prometheus-elasticsearch-exporter',
      [
        `--es.uri=${url}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--es.indices',
        '--es.indices_settings',
        '--es.aliases',
        '--es.cluster_settings',
        '--es.slm',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    exporter.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    exporter.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      console.log(`    ${await runTool('prometheus-elasticsearch-exporter', ['--version']).then((v) => v.split('\n')[0])}`);
      await es(url, 'PUT', '/_ilm/policy/exp-policy', {
        policy: {
          phases: {
            hot: { actions: { rollover: { max_docs: 1000 } } },
            delete: { min_age: '1d', actions: { delete: {} } },
          },
        },
      });
      await es(url, 'PUT', '/exp-000001', {
        settings: { 'index.lifecycle.name': 'exp-policy', 'index.lifecycle.rollover_alias': 'exp' },
        aliases: { exp: { is_write_index: true } },
      });
      await es(url, 'POST', '/_sim/ingest', { index: 'exp', count: 1500, bytes_each: '1kb' });
      let samples: Map<string, number> | undefined;
      for (let attempt = 0; attempt < 50 && !samples; attempt++) {
        samples = await scrape(port).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 200)));
      }
      if (!samples) throw new Error(`the exporter never answered /metrics:\n${log}`);
      // One node, one replica by default: the replica is unassigned and the cluster yellow, as ES answers.
      assert.equal(metric(samples, 'elasticsearch_cluster_health_up'), 1);
      assert.equal(metric(samples, 'elasticsearch_cluster_health_status{color="yellow"}'), 1, 'health yellow');
      assert.equal(metric(samples, 'elasticsearch_cluster_health_status{color="green"}'), 0);
      assert.equal(metric(samples, 'elasticsearch_cluster_health_unassigned_shards'), 1, 'the replica unassigned');
      assert.equal(metric(samples, 'elasticsearch_cluster_health_active_primary_shards'), 1);
      assert.equal(metric(samples, 'elasticsearch_indices_docs_primary{index="exp-000001"}'), 1500, 'doc count');
      assert.equal(metric(samples, 'elasticsearch_indices_store_size_bytes_primary{index="exp-000001"}'), 1500 * 1024, 'store size');
      assert.equal(metric(samples, 'elasticsearch_indices_aliases{alias="exp",index="exp-000001"}'), 1, 'alias on the first index');
      assert.equal(metric(samples, 'elasticsearch_slm_stats_operation_mode{operation_mode="RUNNING"}'), 1, 'SLM running');
      assert.equal(metric(samples, 'elasticsearch_clustersettings_stats_up'), 1);
      // Node stats (`GET /_nodes/_local/stats`): the node-level metrics of the one node.
      assert.equal(metric(samples, 'elasticsearch_node_stats_up'), 1, 'node stats scraped');
      assert.equal(nodeMetric(samples, 'elasticsearch_indices_docs'), 1500, 'node-level doc count');
      assert.equal(nodeMetric(samples, 'elasticsearch_indices_store_size_bytes'), 1500 * 1024, 'node-level store size');
      assert.ok((nodeMetric(samples, 'elasticsearch_jvm_memory_used_bytes', 'area="heap"') ?? 0) > 0, 'heap used');
      assert.ok(!log.includes('failed to fetch and decode node stats'), `the exporter read node stats without errors:\n${log}`);

      await es(url, 'POST', '/_sim/clock/_advance', { by: '20m' }); // the rollover (max_docs 1000)
      samples = await scrape(port);
      assert.equal(metric(samples, 'elasticsearch_indices_docs_primary{index="exp-000002"}'), 0, 'the rollover target, empty');
      assert.equal(metric(samples, 'elasticsearch_indices_aliases{alias="exp",index="exp-000002"}'), 1, 'alias on the new index');
      assert.equal(metric(samples, 'elasticsearch_cluster_health_active_primary_shards'), 2);
      assert.equal(metric(samples, 'elasticsearch_cluster_health_unassigned_shards'), 2);

      await es(url, 'POST', '/_sim/clock/_advance', { by: '2d' }); // the delete phase of exp-000001
      samples = await scrape(port);
      assert.equal(metric(samples, 'elasticsearch_indices_docs_primary{index="exp-000001"}'), undefined, 'deleted index gone');
      assert.equal(metric(samples, 'elasticsearch_indices_docs_primary{index="exp-000002"}'), 0);
      assert.equal(metric(samples, 'elasticsearch_cluster_health_active_primary_shards'), 1);
      assert.equal(metric(samples, 'elasticsearch_index_stats_up'), 1);
      assert.equal(nodeMetric(samples, 'elasticsearch_indices_docs'), 0, 'node-level doc count after the delete phase');
    } finally {
      exporter.kill();
    }
  },
};

async function main(): Promise<number> {
  const started = Date.now();
  ensureDebianPackages();
  const cases: Case[] = [pythonCase, curatorCase, exporterCase, ...jsClientCases, ...bootstrapCases];
  const servers = new Map<Profile, { url: string; child: ChildProcess }>();
  let failed = 0;
  try {
    for (const c of cases) {
      let server = servers.get(c.profile);
      if (!server) {
        server = await startServer(c.profile);
        servers.set(c.profile, server);
        console.log(`ilm-sim serve --profile ${c.profile}: ${server.url}`);
      }
      await es(server.url, 'POST', '/_sim/_reset');
      const t0 = Date.now();
      try {
        await c.run(server.url);
        console.log(`PASS [${c.profile}] ${c.name} (${Date.now() - t0} ms)`);
      } catch (error) {
        failed++;
        console.log(`FAIL [${c.profile}] ${c.name}\n${indent(error instanceof Error ? (error.stack ?? error.message) : String(error))}`);
      }
    }
  } finally {
    for (const { child } of servers.values()) child.kill();
  }
  console.log(`${cases.length - failed} passed, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error) => {
    console.error(`test:clients: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
