/**
 * Twin bench (issue 23): a 20,000-index, 10-node bundle forecast 90 days ahead, as a whole process
 * (`ilm-sim twin <bundle> --horizon 90d --json`, the built package in dist/, as an installed user
 * runs it), beside `ilm-sim plan` on the same policy over the same horizon. The bundle is made first:
 * a simulated hot/warm/cold cluster of 10 nodes with 20,000 managed indices (daily indices of 200
 * services, created over 100 days), captured with `captureBundle` into a temporary directory. Prints
 * the machine's load average, the bundle's size, the wall and CPU times (min and median of --runs;
 * the child's own user + system CPU, which the load inflates less) of the terminal, `--json` and `--html`
 * outputs, each phase's times (the CLI's ILM_SIM_TIMINGS marks) and the forecast's figures; removes
 * its files at the end. It builds dist/ first (`npm run build`). Options: --runs N (default 3),
 * --indices N (default 20000), --bundle DIR (make the bundle there once and keep it; reused when present).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createSimulator } from '../src/index';
import { captureBundle } from '../src/twin/capture';
import { writeBundle } from '../src/twin/bundle-dir';

const ROOT = resolve(__dirname, '..');
const DAY = 86_400_000;

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, indices: { type: 'string', default: '20000' }, bundle: { type: 'string' } },
});
const runs = Number(values.runs);
const indexCount = Number(values.indices);

const POLICY = {
  policy: {
    phases: {
      hot: { actions: { set_priority: { priority: 100 } } },
      warm: { min_age: '30d', actions: { set_priority: { priority: 50 } } },
      cold: { min_age: '60d', actions: { set_priority: { priority: 0 } } },
      delete: { min_age: '120d', actions: { delete: {} } },
    },
  },
};

async function makeBundle(dir: string): Promise<{ millis: number }> {
  const started = Date.now();
  const nodes = [
    ...[1, 2, 3, 4].map((n) => ({ name: `hot-${n}`, roles: ['master', 'data_hot', 'data_content', 'ingest'] })),
    ...[1, 2, 3].map((n) => ({ name: `warm-${n}`, roles: ['data_warm'] })),
    ...[1, 2, 3].map((n) => ({ name: `cold-${n}`, roles: ['data_cold'] })),
  ];
  const sim = createSimulator({ profile: '8.19', stackTemplates: false, nodes, historyLimit: 0, startTime: '2024-01-01T00:00:00Z' });
  const send = (method: string, path: string, body?: unknown) => {
    const answer = sim.requestSync({ method, path, ...(body === undefined ? {} : { body: body as Record<string, unknown> }) });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer;
  };
  // 20,000 indices of 2 copies on 10 nodes pass ES's default 1,000 shards per node (as such a cluster
  // would have, the setting is raised; the bundle carries it).
  send('PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': indexCount + 1000 } });
  send('PUT', '/_ilm/policy/daily', POLICY);
  send('PUT', '/_template/services', {
    index_patterns: ['svc-*'],
    settings: { 'index.lifecycle.name': 'daily', 'index.number_of_shards': 1, 'index.number_of_replicas': 1 },
  });
  const services = 200;
  const days = Math.ceil(indexCount / services);
  let made = 0;
  for (let day = 0; day < days && made < indexCount; day++) {
    const date = new Date(Date.parse('2024-01-01T00:00:00Z') + day * DAY).toISOString().slice(0, 10).replace(/-/g, '.');
    for (let s = 0; s < services && made < indexCount; s++, made++) send('PUT', `/svc-${String(s).padStart(3, '0')}-${date}`);
    send('POST', '/_sim/clock/_advance', { by: '1d' });
  }
  const captured = await captureBundle(
    async (path) => {
      const answer = sim.requestSync({ method: 'GET', path });
      return { status: answer.status, text: answer.text };
    },
    { wallClockMillis: 0, tool: 'bench' },
  );
  writeBundle(dir, captured.files);
  return { millis: Date.now() - started };
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    total += entry.isDirectory() ? sizeOf(join(dir, entry.name)) : statSync(join(dir, entry.name)).size;
  return total;
}

/** The child prints its own CPU time (user + system) on its last stderr line: a wall time alone grows with the load. */
const CPU_MARK = 'bench-cpu-millis ';

interface Run {
  readonly millis: number;
  readonly cpuMillis: number;
  /** The twin's phases (ILM_SIM_TIMINGS): name -> wall and CPU milliseconds. */
  readonly phases: ReadonlyMap<string, { wall: number; cpu: number }>;
}

const TIMING_LINE = /^ilm-sim-timing (.+) wall (\d+) cpu (\d+)$/;

function timeRuns(label: string, args: readonly string[]): Run[] {
  const times: Run[] = [];
  const cli = JSON.stringify(join(ROOT, 'dist', 'src', 'cli', 'main.js'));
  const script = `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\n${CPU_MARK}' + (u.user + u.system) / 1000 + '\\n'); }); require(${cli}).main(process.argv.slice(1), process.stdout, process.stderr, process.env).then((c) => { process.exitCode = c; })`;
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, ['-e', script, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: { ...process.env, ILM_SIM_TIMINGS: '1' },
    });
    const millis = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0 && result.status !== 1) throw new Error(`${label} exited ${result.status}: ${result.stderr}`);
    const lines = result.stderr.split('\n');
    const cpuLine = lines.find((line) => line.startsWith(CPU_MARK));
    if (!cpuLine) throw new Error(`${label} printed no CPU time: ${result.stderr.slice(0, 300)}`);
    const phases = new Map<string, { wall: number; cpu: number }>();
    for (const line of lines) {
      const match = TIMING_LINE.exec(line);
      if (match) phases.set(match[1]!, { wall: Number(match[2]), cpu: Number(match[3]) });
    }
    times.push({ millis, cpuMillis: Number(cpuLine.slice(CPU_MARK.length)), phases });
    if (run === 0 && label.startsWith('twin') && args.includes('--json')) {
      const body = JSON.parse(result.stdout) as { events: unknown[]; problems: unknown[]; storage: unknown[] };
      console.log(
        `  ${label}: ${body.events.length} events, ${body.problems.length} problems ahead, ${body.storage.length} storage samples, ${(result.stdout.length / 1048576).toFixed(1)} MB of JSON`,
      );
    }
  }
  return times;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function report(label: string, times: readonly Run[]): void {
  const line = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `min ${sorted[0]!.toFixed(0).padStart(6)} ms, median ${median(values).toFixed(0).padStart(6)} ms`;
  };
  console.log(`${label.padEnd(44)} wall ${line(times.map((t) => t.millis))}   CPU ${line(times.map((t) => t.cpuMillis))}   (${times.length} runs)`);
}

/** The median wall and CPU time of each phase the twin printed, in its order. */
function reportPhases(label: string, times: readonly Run[]): void {
  console.log(`  phases of ${label} (median of ${times.length} runs; "start" is node's start and module loading):`);
  for (const phase of times[0]?.phases.keys() ?? []) {
    const of = (pick: (p: { wall: number; cpu: number }) => number) => median(times.map((t) => (t.phases.get(phase) ? pick(t.phases.get(phase)!) : 0)));
    console.log(
      `    ${phase.padEnd(48)} wall ${of((p) => p.wall)
        .toFixed(0)
        .padStart(6)} ms   CPU ${of((p) => p.cpu)
        .toFixed(0)
        .padStart(6)} ms`,
    );
  }
}

async function mainBench(): Promise<void> {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'ilm-sim-twin-bench-'));
  try {
    // --bundle <dir>: made there once and kept, then reused (a bundle takes ~10 s to make).
    const bundle = values.bundle === undefined ? join(dir, 'bundle') : resolve(values.bundle);
    const made = values.bundle !== undefined && existsSync(join(bundle, 'diagnostic_manifest.json')) ? { millis: 0 } : await makeBundle(bundle);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (wall times grow with it)`,
    );
    console.log(`bundle: ${indexCount} indices, 10 nodes, ${(sizeOf(bundle) / 1048576).toFixed(1)} MB, made in ${(made.millis / 1000).toFixed(1)} s`);
    writeFileSync(join(dir, 'daily.json'), JSON.stringify(POLICY));
    const twinArgs = ['twin', bundle, '--horizon', '90d', '--ingest', '*=0'];
    const json = timeRuns('twin --json', [...twinArgs, '--json']);
    const terminal = timeRuns('twin', twinArgs);
    const html = timeRuns('twin --html', [...twinArgs, '--html', join(dir, 'forecast.html')]);
    const plan = timeRuns('plan', ['plan', join(dir, 'daily.json'), '--horizon', '90d']);
    report(`twin ${indexCount} indices, 90d, --json (whole process)`, json);
    report(`twin ${indexCount} indices, 90d, terminal`, terminal);
    report(`twin ${indexCount} indices, 90d, --html`, html);
    report('plan, same policy, 90d (whole process)', plan);
    reportPhases('twin --json', json);
    reportPhases('twin --html', html);
    console.log(
      `load average after ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void mainBench();
