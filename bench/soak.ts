/**
 * `npm run bench:soak` (issue 14): a long run of mixed traffic against one simulator, in process through
 * `requestSync` as a client would send it, while indices are created and deleted by ILM without end: every
 * simulated hour `--per-hour` new indices under a delete-after-a-day policy, plus explain, policy reads
 * and updates, settings reads, document ingestion and history pages. Once a day has passed the number of
 * live indices is flat, so retained memory must be too. It prints requests/s and p99 latency per window,
 * and retained heap (after a forced GC) with the live index and history record counts at checkpoints;
 * at the end the first and last windows and the heap change between the first and last checkpoints where
 * both counts are flat (the history at its `historyLimit`). Measurement only: it changes nothing in src/.
 * Options: --lifecycles N (default 100000), --per-hour N (default 100), --history-limit N (default 100000).
 * Run with node's --expose-gc (the npm script does); without it the heap figures include garbage.
 */
import { parseArgs } from 'node:util';
import { createSimulator, Simulator } from '../src/index';

interface Window {
  readonly requests: number;
  readonly seconds: number;
  readonly p99Millis: number;
}

interface Checkpoint {
  readonly lifecycles: number;
  readonly live: number;
  readonly historyRecords: number;
  readonly heapBytes: number;
}

function retainedHeap(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function must(simulator: Simulator, method: string, path: string, body?: unknown): unknown {
  const response = simulator.requestSync(body === undefined ? { method, path } : { method, path, body });
  if (response.status >= 300 && !(method === 'GET' && response.status === 404)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
  }
  return response.body;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      lifecycles: { type: 'string', default: '100000' },
      'per-hour': { type: 'string', default: '100' },
      'history-limit': { type: 'string', default: '100000' },
    },
  });
  const lifecycles = Number(values.lifecycles);
  const perHour = Number(values['per-hour']);
  const historyLimit = Number(values['history-limit']);
  for (const [name, value] of [
    ['lifecycles', lifecycles],
    ['per-hour', perHour],
    ['history-limit', historyLimit],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0 || (name !== 'history-limit' && value === 0)) throw new Error(`--${name} must be a positive integer`);
  }
  if (!(globalThis as { gc?: unknown }).gc) process.stdout.write('soak: run with node --expose-gc for retained-heap figures (these include garbage)\n');

  const simulator = createSimulator({ historyLimit });
  // The soak keeps a day of indices alive (2,400 with a replica each): more than ES's default shard limit
  // for one node (`cluster.max_shards_per_node` 1000), which a real cluster would raise as well.
  must(simulator, 'PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': 100_000 } });
  must(simulator, 'PUT', '/_ilm/policy/soak', { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
  must(simulator, 'PUT', '/_ilm/policy/spare', { policy: { phases: { warm: { min_age: '30d', actions: { readonly: {} } } } } });

  const windows: Window[] = [];
  const checkpoints: Checkpoint[] = [];
  let latencies: number[] = [];
  let windowStart = process.hrtime.bigint();
  const timed = (method: string, path: string, body?: unknown): unknown => {
    const started = process.hrtime.bigint();
    const answer = must(simulator, method, path, body);
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (latencies.length === 20_000) {
      const seconds = Number(process.hrtime.bigint() - windowStart) / 1e9;
      const sorted = latencies.sort((a, b) => a - b);
      windows.push({ requests: sorted.length, seconds, p99Millis: percentile(sorted, 0.99) });
      latencies = [];
      windowStart = process.hrtime.bigint();
    }
    return answer;
  };

  const startedAt = process.hrtime.bigint();
  const checkpointEvery = Math.max(perHour, Math.floor(lifecycles / 10));
  let created = 0;
  let hour = 0;
  while (created < lifecycles) {
    const batch = Math.min(perHour, lifecycles - created);
    for (let i = 0; i < batch; i++) {
      const name = `soak-${String(created).padStart(7, '0')}`;
      timed('PUT', `/${name}`, { settings: { 'index.lifecycle.name': 'soak' } });
      created++;
      // Mixed traffic around each creation: an explain, a settings read and a few documents.
      timed('GET', `/${name}/_ilm/explain`);
      if (i % 4 === 0) timed('POST', '/_sim/ingest', { index: name, count: 100, bytes_each: '1kb' });
      if (i % 10 === 0) timed('GET', `/${name}/_settings`);
    }
    timed('GET', '/_ilm/policy');
    timed('GET', '/soak-*/_ilm/explain?only_errors=true');
    timed('GET', '/_sim/history?size=100');
    if (hour % 24 === 0) timed('PUT', '/_ilm/policy/spare', { policy: { phases: { warm: { min_age: `${30 + (hour % 7)}d`, actions: { readonly: {} } } } } });
    timed('POST', '/_sim/clock/_advance', { by: '1h' });
    hour++;
    if (created % checkpointEvery < perHour || created === lifecycles) {
      const live = Object.keys((must(simulator, 'GET', '/soak-*/_ilm/explain') as { indices: object }).indices).length;
      checkpoints.push({ lifecycles: created, live, historyRecords: historyCount(simulator), heapBytes: retainedHeap() });
      const last = checkpoints[checkpoints.length - 1]!;
      process.stdout.write(
        `  ${String(created).padStart(7)} lifecycles, day ${String(Math.floor(hour / 24)).padStart(4)}: ${String(last.live).padStart(5)} live indices, ${String(last.historyRecords).padStart(7)} history records, retained heap ${(last.heapBytes / 1024 / 1024).toFixed(1)} MiB\n`,
      );
    }
  }
  const totalSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;

  const first = windows[1] ?? windows[0];
  const last = windows[windows.length - 1];
  process.stdout.write(
    `\nsoak: ${lifecycles} index lifecycles (${perHour} an hour, deleted after a day), historyLimit ${historyLimit}, ${totalSeconds.toFixed(1)} s\n`,
  );
  if (first && last) {
    for (const [label, w] of [
      ['start (2nd window)', first],
      ['end (last window)', last],
    ] as const) {
      process.stdout.write(
        `  ${label.padEnd(20)} ${String(Math.round(w.requests / w.seconds)).padStart(7)} requests/s, p99 ${w.p99Millis.toFixed(3)} ms (${w.requests} requests)\n`,
      );
    }
  }
  // Flat from the first checkpoint where the live count and the history are both at their plateau.
  const finalCheckpoint = checkpoints[checkpoints.length - 1]!;
  const plateau = checkpoints.find((c) => c.live === finalCheckpoint.live && c.historyRecords >= Math.min(historyLimit, finalCheckpoint.historyRecords));
  if (plateau && plateau !== finalCheckpoint) {
    const change = (finalCheckpoint.heapBytes - plateau.heapBytes) / plateau.heapBytes;
    process.stdout.write(
      `  retained heap from ${plateau.lifecycles} to ${finalCheckpoint.lifecycles} lifecycles (live and history flat): ${(plateau.heapBytes / 1024 / 1024).toFixed(1)} -> ${(finalCheckpoint.heapBytes / 1024 / 1024).toFixed(1)} MiB (${(change * 100).toFixed(1)}%, ${Math.abs(change) <= 0.1 ? 'flat within 10%' : 'NOT flat within 10%'})\n`,
    );
  } else {
    process.stdout.write('  the live index count or the history did not reach a plateau before the end: raise --lifecycles\n');
  }
}

/** How many records the history holds now (pages of `GET /_sim/history` counted). */
function historyCount(simulator: Simulator): number {
  let count = 0;
  let after: number | undefined;
  for (;;) {
    const page = must(simulator, 'GET', `/_sim/history?size=10000${after === undefined ? '' : `&after=${after}`}`) as {
      history: unknown[];
      next_after?: number;
    };
    count += page.history.length;
    if (page.next_after === undefined) return count;
    after = page.next_after;
  }
}

main();
