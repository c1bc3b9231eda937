/**
 * `npm run bench`: explain requests per second and latency percentiles over loopback for the
 * simulator's HTTP server, beside a bare node:http server answering a fixed JSON body, in the same run
 * and on the same machine, with the ratio printed. Each server runs in its own child process (so the
 * load generator does not share its event loop); the run is bounded in request count and stops itself.
 * Options: --requests N (default 20000), --concurrency N (default 32).
 */
import { ChildProcess, fork } from 'node:child_process';
import * as http from 'node:http';
import { parseArgs } from 'node:util';
import { createSimulator } from '../src/index';
import { startServer } from '../src/server/node-http';

const FIXED_BODY = JSON.stringify({ indices: { 'my-index-000001': { index: 'my-index-000001', managed: true, step: 'ERROR' } } });
const EXPLAIN_PATH = '/my-index-000001/_ilm/explain';

/** Child side: start one server, report its port to the parent, run until told to stop. */
async function runTarget(kind: string): Promise<void> {
  let close: () => Promise<void>;
  let port: number;
  if (kind === 'sim') {
    const simulator = createSimulator();
    // The seed story up to its ERROR, so explain returns the full record.
    simulator.requestSync({
      method: 'PUT',
      path: '/_ilm/policy/shrink-index',
      body: { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } },
    });
    simulator.requestSync({
      method: 'PUT',
      path: '/my-index-000001',
      body: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } },
    });
    simulator.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '5d' } });
    simulator.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1h' } });
    const server = await startServer(simulator, { port: 0 });
    port = server.port;
    close = () => server.close();
  } else {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'x-elastic-product': 'Elasticsearch',
        'content-length': Buffer.byteLength(FIXED_BODY),
      });
      res.end(FIXED_BODY);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    close = () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
  }
  process.send?.({ port });
  process.once('disconnect', () => void close());
}

interface Result {
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50Millis: number;
  readonly p99Millis: number;
  readonly bytes: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Sends `requests` GETs with `concurrency` in flight over keep-alive connections. */
async function load(port: number, requests: number, concurrency: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let bytes = 0;
  let next = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port, path: EXPLAIN_PATH, agent }, (res) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      req.on('error', reject);
    });
  const worker = async (): Promise<void> => {
    while (next < requests) {
      next++;
      await one();
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests, seconds, rps: requests / seconds, p50Millis: percentile(latencies, 50), p99Millis: percentile(latencies, 99), bytes: bytes / requests };
}

function startTarget(kind: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(__filename, [`--target=${kind}`], { execArgv: ['--require', 'ts-node/register/transpile-only'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function measure(kind: string, requests: number, concurrency: number): Promise<Result> {
  const { child, port } = await startTarget(kind);
  try {
    await load(port, Math.min(2000, requests), concurrency); // warm-up (JIT, connections)
    return await load(port, requests, concurrency);
  } finally {
    child.removeAllListeners('exit');
    child.disconnect();
  }
}

function line(name: string, r: Result): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50Millis.toFixed(2).padStart(6)} ms   p99 ${r.p99Millis.toFixed(2).padStart(6)} ms   ${r.bytes.toFixed(0)} B/response`;
}

async function bench(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string' }, concurrency: { type: 'string' } } });
  const requests = Number(values.requests ?? 20000);
  const concurrency = Number(values.concurrency ?? 32);
  process.stdout.write(`GET ${EXPLAIN_PATH} over loopback, ${requests} requests, ${concurrency} in flight, Node ${process.version}\n`);
  const bare = await measure('bare', requests, concurrency);
  process.stdout.write(`${line('bare node:http (fixed JSON)', bare)}\n`);
  const sim = await measure('sim', requests, concurrency);
  process.stdout.write(`${line('ilm-sim explain', sim)}\n`);
  process.stdout.write(`ratio ilm-sim / bare: throughput ${(sim.rps / bare.rps).toFixed(2)}x, p99 latency ${(sim.p99Millis / bare.p99Millis).toFixed(2)}x\n`);
}

const target = process.argv.find((a) => a.startsWith('--target='));
(target ? runTarget(target.slice('--target='.length)) : bench()).catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
