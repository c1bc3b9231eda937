/**
 * Issue 6's engine bench: workload 1 (N indices created at once under a warm forcemerge+shrink / cold /
 * delete policy, then a simulated year at the 10m poll interval, all through `createSimulator().requestSync`)
 * with wall time, the exact number of step transitions, transitions per second and peak memory, and a bare
 * loop applying the same transitions to a plain array in the same run, so the engine/bare ratio is printed.
 * It also times N indices waiting idle for min_age over 60 days and explain of one index and of all, and
 * runs workload 2 (S data streams rolling over daily, then the same warm/cold/delete, for the same days)
 * with its own bare loop and ratio; it reports "skipped: data streams unavailable" when the API has none.
 *
 * Each part runs in its own child process (its peak RSS is its own; past its time budget it is stopped and
 * reported as unfinished, with the progress it made). Flags win over environment variables:
 *   --indices N   ILM_SIM_BENCH_INDICES          indices per part (default 100000)
 *   --streams N   ILM_SIM_BENCH_STREAMS          data streams of workload 2 (default 1000)
 *   --days N      ILM_SIM_BENCH_DAYS             simulated days of workloads 1 and 2 (default 365)
 *   --budget S    ILM_SIM_BENCH_BUDGET_SECONDS   wall-time budget per part (default 120)
 *   --only PART   w1 | idle | w2: run one part in this process, no budget (for `node --cpu-prof`)
 *   --no-count    ILM_SIM_BENCH_COUNT=0          workload 1 without counting transitions (no lineage, no bare loop)
 */
import { ChildProcess, fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createSimulator, Simulator } from '../src/index';
import { simulationOf } from '../src/create-simulator';
import type { HistoryLog } from '../src/engine/cluster/history';

const MIB = 1024 * 1024;
const POLICY_1 = 'bench-warm-cold-delete';

/** Issue 6, workload 1: warm at 7d (forcemerge to 1 segment, shrink 2 -> 1 shard), cold at 30d, delete at 90d. */
const WORKLOAD_1_POLICY = {
  policy: {
    phases: {
      warm: { min_age: '7d', actions: { forcemerge: { max_num_segments: 1 }, shrink: { number_of_shards: 1 } } },
      cold: { min_age: '30d', actions: {} },
      delete: { min_age: '90d', actions: { delete: {} } },
    },
  },
};

/** The idle check: nothing is due before day 121, and the check advances 120 days. */
const IDLE_POLICY = { policy: { phases: { delete: { min_age: '121d', actions: { delete: {} } } } } };

interface Options {
  readonly indices: number;
  /** Data streams of workload 2. */
  readonly streams: number;
  readonly days: number;
  readonly count: boolean;
  readonly budgetSeconds: number;
}

/** One step transition of lineage 0 (the first index, then its `shrink-` copy). */
interface LineageStep {
  readonly phase: string;
  readonly action: string;
  readonly step: string;
  readonly atMillis: number;
}

interface Workload1Result {
  readonly part: 'w1';
  finished: boolean;
  /** The error that stopped the part (the simulator threw), if any. */
  failure: string | null;
  readonly indices: number;
  readonly days: number;
  created: number;
  daysDone: number;
  createSeconds: number;
  yearSeconds: number;
  busyDays: number;
  busySeconds: number;
  idleSeconds: number;
  slowestDay: { day: number; seconds: number; transitions: number };
  readonly counted: boolean;
  transitions: number;
  createTransitions: number;
  errorTransitions: number;
  lineage: LineageStep[];
  /** Entries of `GET /_sim/history` that are step changes, when that route exists and N is small. */
  historyTransitions: number | null;
  remainingIndices: number | null;
  peakHeapUsedMiB: number;
  maxRssMiB: number;
}

interface IdleResult {
  readonly part: 'idle';
  finished: boolean;
  failure: string | null;
  readonly indices: number;
  created: number;
  createSeconds: number;
  dailySeconds: number[];
  oneAdvanceSeconds: number | null;
  transitions: number;
  explainOneMillis: number | null;
  explainAllSeconds: number | null;
  explainAllBytes: number | null;
  maxRssMiB: number;
}

interface Workload2Result {
  readonly part: 'w2';
  finished: boolean;
  failure: string | null;
  /** Why the workload did not run (data streams unavailable), or null when it ran. */
  skipped: string | null;
  readonly streams: number;
  readonly days: number;
  createSeconds: number;
  daysDone: number;
  /** Advancing the clock only (the timed year), and the daily ingest requests separately. */
  yearSeconds: number;
  ingestSeconds: number;
  transitions: number;
  createTransitions: number;
  errorTransitions: number;
  /** Distinct indices that made a transition (backing indices and their shrunken copies). */
  indicesSeen: number;
  remainingIndices: number | null;
  lineage: LineageStep[];
  peakHeapUsedMiB: number;
  maxRssMiB: number;
}

type PartResult = Workload1Result | IdleResult | Workload2Result;
/** Where a part reports its progress (to the parent process, or nowhere when run in-process). */
type Report = (snapshot: PartResult) => Promise<void>;

function since(startedNanos: bigint): number {
  return Number(process.hrtime.bigint() - startedNanos) / 1e9;
}

function indexName(i: number): string {
  return `bench-${String(i + 1).padStart(6, '0')}`;
}

function call(sim: Simulator, method: string, path: string, body?: unknown): unknown {
  const response = sim.requestSync({ method, path, body });
  if (response.status !== 200) throw new Error(`${method} ${path}: status ${response.status}: ${response.text.slice(0, 500)}`);
  return response.body;
}

function maxRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024; // kilobytes
}

/**
 * Counts step transitions exactly, from the simulator's lifecycle history (ES's ILM history): it holds
 * one record per change of an index's (phase, action, step), written by `setLifecycle` (the only
 * writer of `IndexMetadata.lifecycle`), plus one when an action removes an index, which is not a
 * transition and is left out. `init` (which only records the lifecycle date) and `step_info` updates
 * are not transitions; the shrunken index's first position (copied by `copy-execution-state`) is.
 * The records are read after each request, outside the timed work, so counting costs the engine
 * nothing.
 */
class TransitionCounter {
  private count = 0;
  private errorCount = 0;
  readonly lineage: LineageStep[] = [];
  private history: HistoryLog | null = null;
  private read = 0;

  /** Names of the indices that made a transition (only when asked for: workload 2's index count). */
  private readonly seenNames: Set<string> | null;

  constructor(
    readonly lineageNames: Set<string>,
    trackSeen = false,
  ) {
    this.seenNames = trackSeen ? new Set() : null;
  }

  /**
   * Counts from now on the transitions of this simulator (its cluster's lifecycle history). A day of a
   * workload writes more records than the default `historyLimit` keeps, so counted simulators keep
   * them all (`countedSimulator`), as every simulator did before the limit existed.
   */
  install(sim: Simulator): void {
    this.history = simulationOf(sim).cluster.history;
    this.read = this.history.length;
  }

  /** Stops counting (what was recorded until now is still read). */
  uninstall(): void {
    this.catchUp();
    this.history = null;
  }

  get transitions(): number {
    this.catchUp();
    return this.count;
  }

  get errors(): number {
    this.catchUp();
    return this.errorCount;
  }

  get seen(): ReadonlySet<string> | null {
    this.catchUp();
    return this.seenNames;
  }

  private catchUp(): void {
    const history = this.history;
    if (history === null) return;
    for (; this.read < history.length; this.read++) {
      const record = history.at(this.read);
      // A removal record (`recordRemoval`) ends in `<action>/complete` of an action other than `complete`.
      if (record.to.name === 'complete' && record.to.action !== 'complete') continue;
      this.count++;
      this.seenNames?.add(record.index);
      if (record.to.name === 'ERROR') this.errorCount++;
      if (this.lineageNames.has(record.index)) {
        this.lineage.push({ phase: record.to.phase, action: record.to.action, step: record.to.name, atMillis: record.timeMillis });
      }
    }
  }
}

/** Creates N indices with PUT /<index>, reporting every 1,000 so a stopped part still shows how far it got. */
async function createIndices(sim: Simulator, count: number, policy: string, progress: (created: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < count; i++) {
    call(sim, 'PUT', `/${indexName(i)}`, { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': policy } });
    if ((i + 1) % 1000 === 0 || i + 1 === count) await progress(i + 1);
  }
}

function countIndices(sim: Simulator): number {
  return Object.keys((call(sim, 'GET', '/*/_ilm/explain') as { indices: Record<string, unknown> }).indices).length;
}

/** Step changes in the simulator's own lifecycle history, if it has one (removal records excluded). */
function historyTransitions(sim: Simulator): number | null {
  const response = sim.requestSync({ method: 'GET', path: '/_sim/history' });
  if (response.status !== 200) return null;
  const records = (response.body as { history: Array<{ from: { action: string } | null; to: { action: string; name: string } }> }).history;
  // A removal record (`recordRemoval`) ends in `<action>/complete` of an action other than `complete`.
  return records.filter((r) => !(r.to.name === 'complete' && r.to.action !== 'complete')).length;
}

async function runWorkload1(options: Options, report: Report): Promise<Workload1Result> {
  const first = indexName(0);
  const counter = new TransitionCounter(new Set([first, `shrink-${first}`]));
  const result: Workload1Result = {
    part: 'w1',
    finished: false,
    failure: null,
    indices: options.indices,
    days: options.days,
    created: 0,
    daysDone: 0,
    createSeconds: 0,
    yearSeconds: 0,
    busyDays: 0,
    busySeconds: 0,
    idleSeconds: 0,
    slowestDay: { day: 0, seconds: 0, transitions: 0 },
    counted: options.count,
    transitions: 0,
    createTransitions: 0,
    errorTransitions: 0,
    lineage: counter.lineage,
    historyTransitions: null,
    remainingIndices: null,
    peakHeapUsedMiB: 0,
    maxRssMiB: 0,
  };
  const update = async (): Promise<void> => {
    result.transitions = counter.transitions;
    result.errorTransitions = counter.errors;
    result.peakHeapUsedMiB = Math.max(result.peakHeapUsedMiB, process.memoryUsage().heapUsed / MIB);
    result.maxRssMiB = maxRssMiB();
    await report(result);
  };

  try {
    await simulateWorkload1(options, result, counter, update);
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  }
  counter.uninstall();
  await update();
  return result;
}

/** A simulator whose history keeps every record when transitions are counted. */
function countedSimulator(count: boolean): Simulator {
  const sim = createSimulator(count ? { historyLimit: Number.MAX_SAFE_INTEGER } : {});
  // Thousands of indices on the one default node: past ES's default shard limit (1000 per data node),
  // which a real cluster of that size raises too.
  call(sim, 'PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': 1_000_000 } });
  return sim;
}

async function simulateWorkload1(options: Options, result: Workload1Result, counter: TransitionCounter, update: () => Promise<void>): Promise<void> {
  const sim = countedSimulator(options.count);
  if (options.count) counter.install(sim);
  call(sim, 'PUT', `/_ilm/policy/${POLICY_1}`, WORKLOAD_1_POLICY);
  const createStarted = process.hrtime.bigint();
  await createIndices(sim, options.indices, POLICY_1, async (created) => {
    result.created = created;
    result.createSeconds = since(createStarted);
    result.createTransitions = counter.transitions;
    await update();
  });
  result.createTransitions = counter.transitions;

  let yearSeconds = 0;
  for (let day = 1; day <= options.days; day++) {
    const before = counter.transitions;
    const started = process.hrtime.bigint();
    call(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    const seconds = since(started);
    yearSeconds += seconds;
    const transitions = counter.transitions - before;
    if (transitions > 0 || !options.count) {
      result.busyDays++;
      result.busySeconds += seconds;
    } else {
      result.idleSeconds += seconds;
    }
    if (seconds > result.slowestDay.seconds) result.slowestDay = { day, seconds, transitions };
    result.daysDone = day;
    result.yearSeconds = yearSeconds;
    await update();
  }
  result.transitions = counter.transitions;
  result.remainingIndices = countIndices(sim);
  if (options.indices <= 2000) result.historyTransitions = historyTransitions(sim);
  result.finished = true;
}

async function runIdle(options: Options, report: Report): Promise<IdleResult> {
  const counter = new TransitionCounter(new Set());
  const result: IdleResult = {
    part: 'idle',
    finished: false,
    failure: null,
    indices: options.indices,
    created: 0,
    createSeconds: 0,
    dailySeconds: [],
    oneAdvanceSeconds: null,
    transitions: 0,
    explainOneMillis: null,
    explainAllSeconds: null,
    explainAllBytes: null,
    maxRssMiB: 0,
  };
  const update = async (): Promise<void> => {
    result.transitions = counter.transitions;
    result.maxRssMiB = maxRssMiB();
    await report(result);
  };
  try {
    await simulateIdle(options, result, counter, update);
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  }
  counter.uninstall();
  await update();
  return result;
}

async function simulateIdle(options: Options, result: IdleResult, counter: TransitionCounter, update: () => Promise<void>): Promise<void> {
  const sim = countedSimulator(true);
  call(sim, 'PUT', '/_ilm/policy/bench-idle', IDLE_POLICY);
  const createStarted = process.hrtime.bigint();
  await createIndices(sim, options.indices, 'bench-idle', async (created) => {
    result.created = created;
    result.createSeconds = since(createStarted);
    await update();
  });
  counter.install(sim);
  for (let day = 1; day <= 60; day++) {
    const started = process.hrtime.bigint();
    call(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    result.dailySeconds.push(since(started));
    await update();
  }
  const oneStarted = process.hrtime.bigint();
  call(sim, 'POST', '/_sim/clock/_advance', { by: '60d' });
  result.oneAdvanceSeconds = since(oneStarted);
  counter.uninstall();
  await update();

  const last = indexName(options.indices - 1);
  const rounds = 100;
  const explainStarted = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) call(sim, 'GET', `/${last}/_ilm/explain`);
  result.explainOneMillis = (since(explainStarted) * 1000) / rounds;
  const allStarted = process.hrtime.bigint();
  const all = sim.requestSync({ method: 'GET', path: '/*/_ilm/explain' });
  result.explainAllSeconds = since(allStarted);
  if (all.status !== 200) throw new Error(`GET /*/_ilm/explain: status ${all.status}`);
  result.explainAllBytes = Buffer.byteLength(all.text);
  result.finished = true;
}

const POLICY_2 = 'bench-rollover-warm-cold-delete';
const STREAM_PREFIX = 'bench-stream-';

function streamName(i: number): string {
  return `${STREAM_PREFIX}${String(i + 1).padStart(4, '0')}`;
}

/**
 * Issue 6, workload 2: data streams rolling over daily (hot rollover max_age 1d), then workload 1's
 * warm/cold/delete, all through the public API: a composable template with `"data_stream": {}` and
 * `index.lifecycle.name`, each stream created by its first `POST /<stream>/_doc`, and every day
 * `POST /_sim/ingest` of 1,000 documents to each stream's write index (so every generation has
 * documents when its rollover conditions are checked) before `POST /_sim/clock/_advance {"by":"1d"}`.
 * Reports "skipped: data streams unavailable" when the API does not answer `GET /_data_stream`.
 */
async function runWorkload2(options: Options, report: Report): Promise<Workload2Result> {
  const counter = new TransitionCounter(new Set(), true);
  const result: Workload2Result = {
    part: 'w2',
    finished: false,
    failure: null,
    skipped: null,
    streams: options.streams,
    days: options.days,
    createSeconds: 0,
    daysDone: 0,
    yearSeconds: 0,
    ingestSeconds: 0,
    transitions: 0,
    createTransitions: 0,
    errorTransitions: 0,
    indicesSeen: 0,
    remainingIndices: null,
    lineage: counter.lineage,
    peakHeapUsedMiB: 0,
    maxRssMiB: 0,
  };
  const update = async (): Promise<void> => {
    result.transitions = counter.transitions;
    result.errorTransitions = counter.errors;
    result.indicesSeen = counter.seen?.size ?? 0;
    result.peakHeapUsedMiB = Math.max(result.peakHeapUsedMiB, process.memoryUsage().heapUsed / MIB);
    result.maxRssMiB = maxRssMiB();
    await report(result);
  };
  try {
    await simulateWorkload2(options, result, counter, update);
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  }
  counter.uninstall();
  await update();
  return result;
}

async function simulateWorkload2(options: Options, result: Workload2Result, counter: TransitionCounter, update: () => Promise<void>): Promise<void> {
  const sim = countedSimulator(true);
  const probe = sim.requestSync({ method: 'GET', path: '/_data_stream' });
  if (probe.status !== 200) {
    result.skipped = `data streams unavailable (GET /_data_stream answered ${probe.status})`;
    result.finished = true;
    return;
  }
  call(sim, 'PUT', `/_ilm/policy/${POLICY_2}`, {
    policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, ...WORKLOAD_1_POLICY.policy.phases } },
  });
  call(sim, 'PUT', '/_index_template/bench-streams', {
    index_patterns: [`${STREAM_PREFIX}*`],
    data_stream: {},
    template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': POLICY_2 } },
  });
  // Lineage 0: the first stream's first backing index and its shrunken copy.
  const first = streamName(0);
  const createStarted = process.hrtime.bigint();
  counter.install(sim);
  for (let i = 0; i < options.streams; i++) {
    const response = sim.requestSync({ method: 'POST', path: `/${streamName(i)}/_doc`, body: { '@timestamp': '2024-01-01T00:00:00.000Z', message: 'bench' } });
    if (response.status !== 201) throw new Error(`POST /${streamName(i)}/_doc: status ${response.status}: ${response.text.slice(0, 500)}`);
    if (i === 0) {
      const backing = (call(sim, 'GET', `/_data_stream/${first}`) as { data_streams: Array<{ indices: Array<{ index_name: string }> }> }).data_streams[0]!
        .indices[0]!.index_name;
      counter.lineageNames.add(backing).add(`shrink-${backing}`);
    }
    if ((i + 1) % 100 === 0) {
      result.createSeconds = since(createStarted);
      await update();
    }
  }
  result.createSeconds = since(createStarted);
  result.createTransitions = counter.transitions;
  for (let day = 1; day <= options.days; day++) {
    const ingestStarted = process.hrtime.bigint();
    for (let i = 0; i < options.streams; i++) call(sim, 'POST', '/_sim/ingest', { index: streamName(i), count: 1000 });
    result.ingestSeconds += since(ingestStarted);
    const started = process.hrtime.bigint();
    call(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    result.yearSeconds += since(started);
    result.daysDone = day;
    await update();
  }
  result.remainingIndices = countIndices(sim);
  result.finished = true;
}

/**
 * The unavoidable work of workload 1 without a simulator: N records in a plain array (created here),
 * and the same number of transitions applied to them, replaying lineage 0's steps (step, action, phase
 * and their times) for every record in time order.
 */
function runBareLoop(indices: number, lineage: readonly LineageStep[], transitions: number): { seconds: number; applied: number; checksum: number } {
  interface Row {
    phase: string;
    action: string;
    step: string;
    phaseTime: number;
    actionTime: number;
    stepTime: number;
  }
  const started = process.hrtime.bigint();
  const rows: Row[] = new Array<Row>(indices);
  for (let i = 0; i < indices; i++) rows[i] = { phase: 'new', action: 'init', step: 'init', phaseTime: 0, actionTime: 0, stepTime: 0 };
  let applied = 0;
  // Whole passes of each lineage step over the rows, the last one partial, so exactly `transitions` are applied.
  for (let s = 0; applied < transitions; s = (s + 1) % lineage.length) {
    const next = lineage[s]!;
    const limit = Math.min(indices, transitions - applied);
    for (let i = 0; i < limit; i++) {
      const row = rows[i]!;
      const at = next.atMillis + i; // distinct per row, so no pass folds away
      if (row.phase !== next.phase) {
        row.phase = next.phase;
        row.phaseTime = at;
      }
      if (row.action !== next.action) {
        row.action = next.action;
        row.actionTime = at;
      }
      row.step = next.step;
      row.stepTime = at;
    }
    applied += limit;
  }
  let checksum = 0;
  for (const row of rows) checksum = (checksum + row.stepTime + row.phaseTime + row.actionTime + row.step.length) % 1_000_000_007;
  return { seconds: since(started), applied, checksum };
}

function runPart(part: string, options: Options, report: Report): Promise<PartResult> {
  switch (part) {
    case 'w1':
      return runWorkload1(options, report);
    case 'idle':
      return runIdle(options, report);
    case 'w2':
      return runWorkload2(options, report);
    default:
      throw new Error(`unknown part [${part}]; expected w1, idle or w2`);
  }
}

/** Runs a part in a child process; past the budget the child is stopped and its last progress returned. */
function inChild(part: string, options: Options): Promise<PartResult | null> {
  const args = [
    `--child=${part}`,
    `--indices=${options.indices}`,
    `--streams=${options.streams}`,
    `--days=${options.days}`,
    ...(options.count ? [] : ['--no-count']),
  ];
  const child: ChildProcess = fork(__filename, args, { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    let last: PartResult | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, options.budgetSeconds * 1000);
    child.on('message', (message) => (last = message as PartResult));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (last && (code === 0 || signal === 'SIGKILL')) resolve(last);
      else if (signal === 'SIGKILL') resolve(null);
      else reject(new Error(`part ${part} exited with ${code ?? signal} before reporting`));
    });
  });
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (n: number): string => `${n.toFixed(3)} s`;
const out = (line: string): void => void process.stdout.write(`${line}\n`);

function printWorkload1(w1: Workload1Result, budgetSeconds: number): void {
  out(
    `workload 1: ${fmt(w1.indices)} indices created at once, warm 7d (forcemerge 1 segment + shrink 2 -> 1 shard) / cold 30d / delete 90d, ${w1.days} days, poll 10m, one POST /_sim/clock/_advance {"by":"1d"} per day`,
  );
  if (w1.failure !== null) {
    out(`  FAILED: the simulator threw after ${fmt(w1.created)} indices and ${w1.daysDone} complete days: ${w1.failure}`);
  } else if (!w1.finished) {
    const where =
      w1.created < w1.indices ? `${fmt(w1.created)} of ${fmt(w1.indices)} indices created` : `indices created, ${w1.daysDone} of ${w1.days} days simulated`;
    out(`  DID NOT FINISH within the ${budgetSeconds} s budget (stopped; ${where}); figures below are up to that point`);
  }
  out(`  create   ${fmt(w1.created)} x PUT /<index>: ${secs(w1.createSeconds)} (${fmt(w1.created / w1.createSeconds)} indices/s)`);
  if (w1.daysDone > 0) {
    const detail = w1.counted
      ? ` (${w1.busyDays} day(s) with transitions: ${secs(w1.busySeconds)}; ${w1.daysDone - w1.busyDays} days without: ${secs(w1.idleSeconds)}; slowest, day ${w1.slowestDay.day}: ${secs(w1.slowestDay.seconds)} for ${fmt(w1.slowestDay.transitions)} transitions)`
      : '';
    out(`  year     ${w1.daysDone} days: ${secs(w1.yearSeconds)}${detail}`);
    out(`  total    ${secs(w1.createSeconds + w1.yearSeconds)}`);
  }
  if (w1.counted) {
    const yearTransitions = w1.transitions - w1.createTransitions;
    out(
      `  transitions ${fmt(w1.transitions)}, exact: every change of (phase, action, step) (${fmt(w1.createTransitions)} while creating, ${fmt(yearTransitions)} while advancing, ${w1.errorTransitions} into ERROR; lineage 0 = source + shrink-<index> made ${w1.lineage.length})`,
    );
    if (w1.historyTransitions !== null)
      out(
        `  cross-check: GET /_sim/history holds ${fmt(w1.historyTransitions)} step changes (${w1.historyTransitions === w1.transitions ? 'equal' : 'DIFFERENT'})`,
      );
    if (w1.yearSeconds > 0)
      out(
        `  rate     ${fmt(yearTransitions / w1.yearSeconds)} transitions/s while advancing, ${fmt(w1.transitions / (w1.createSeconds + w1.yearSeconds))} transitions/s over create + advance`,
      );
  } else {
    out('  transitions not counted (--no-count)');
  }
  out(
    `  memory   peak RSS ${fmt(w1.maxRssMiB)} MiB (getrusage maxRSS of the part's process); peak heapUsed ${fmt(w1.peakHeapUsedMiB)} MiB (sampled every 1,000 indices and every day)`,
  );
  if (w1.remainingIndices !== null) out(`  end      ${fmt(w1.remainingIndices)} indices left after ${w1.days} days`);
}

/** Runs the bare loop for a workload's transitions and prints it with the engine/bare ratio. */
function printBare(
  rows: number,
  lineage: readonly LineageStep[],
  transitions: number,
  yearSeconds: number,
  createSeconds: number,
  daysDone: number,
  finished: boolean,
): void {
  if (lineage.length === 0 || transitions === 0 || daysDone === 0) {
    out(`  bare loop and ratio: not run (${daysDone === 0 ? 'stopped before the clock moved' : 'no transitions counted'})`);
    return;
  }
  const bare = runBareLoop(rows, lineage, transitions);
  out(
    `  bare     the same ${fmt(bare.applied)} transitions on a plain array of ${fmt(rows)} rows (step, action, phase and their times), in this process: ${secs(bare.seconds)}, ${fmt(bare.applied / bare.seconds)} transitions/s (checksum ${bare.checksum})`,
  );
  const scope = finished ? '' : ` (partial: up to day ${daysDone})`;
  out(`  ratio    engine/bare${scope}: advance ${fmt(yearSeconds / bare.seconds)}x, create + advance ${fmt((createSeconds + yearSeconds) / bare.seconds)}x`);
}

function printWorkload2(w2: Workload2Result, budgetSeconds: number): void {
  if (w2.skipped !== null) {
    out(`workload 2: skipped: ${w2.skipped}`);
    return;
  }
  out(
    `workload 2: ${fmt(w2.streams)} data streams (composable template "data_stream": {}), hot rollover max_age 1d then warm 7d (forcemerge + shrink) / cold 30d / delete 90d, ${w2.days} days, poll 10m; each day POST /_sim/ingest 1,000 docs per stream, then POST /_sim/clock/_advance {"by":"1d"}`,
  );
  if (w2.failure !== null) out(`  FAILED: the simulator threw after ${w2.daysDone} complete days: ${w2.failure}`);
  else if (!w2.finished)
    out(`  DID NOT FINISH within the ${budgetSeconds} s budget (stopped after ${w2.daysDone} of ${w2.days} days); figures below are up to that point`);
  out(`  create   ${fmt(w2.streams)} x POST /<stream>/_doc: ${secs(w2.createSeconds)}`);
  if (w2.daysDone > 0) {
    out(`  year     ${w2.daysDone} days: ${secs(w2.yearSeconds)} advancing the clock (+ ${secs(w2.ingestSeconds)} of ingest requests, not counted)`);
    const yearTransitions = w2.transitions - w2.createTransitions;
    out(
      `  transitions ${fmt(w2.transitions)} (${fmt(w2.createTransitions)} while creating, ${w2.errorTransitions} into ERROR) over ${fmt(w2.indicesSeen)} indices; lineage 0 made ${w2.lineage.length}`,
    );
    if (w2.yearSeconds > 0) out(`  rate     ${fmt(yearTransitions / w2.yearSeconds)} transitions/s while advancing`);
  }
  out(`  memory   peak RSS ${fmt(w2.maxRssMiB)} MiB; peak heapUsed ${fmt(w2.peakHeapUsedMiB)} MiB (sampled every day)`);
  if (w2.remainingIndices !== null) out(`  end      ${fmt(w2.remainingIndices)} indices alive after ${w2.days} days`);
}

function printIdle(idle: IdleResult, budgetSeconds: number): void {
  out(`idle check: ${fmt(idle.indices)} indices waiting for min_age 121d, 60 x POST /_sim/clock/_advance {"by":"1d"}, then one {"by":"60d"}`);
  if (idle.failure !== null) out(`  FAILED: the simulator threw: ${idle.failure}`);
  else if (!idle.finished)
    out(`  DID NOT FINISH within the ${budgetSeconds} s budget (stopped; ${fmt(idle.created)} indices created, ${idle.dailySeconds.length} days advanced)`);
  out(`  create   ${fmt(idle.created)} x PUT /<index>: ${secs(idle.createSeconds)}`);
  if (idle.dailySeconds.length > 0) {
    const sorted = [...idle.dailySeconds].sort((a, b) => a - b);
    const total = sorted.reduce((a, b) => a + b, 0);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    out(
      `  advance  ${sorted.length} x 1d: ${(total * 1000).toFixed(2)} ms in all (median ${(median * 1000).toFixed(3)} ms, max ${(sorted[sorted.length - 1]! * 1000).toFixed(3)} ms per day)` +
        (idle.oneAdvanceSeconds !== null ? `; 1 x 60d: ${(idle.oneAdvanceSeconds * 1000).toFixed(3)} ms` : '') +
        `; ${fmt(idle.transitions)} transitions`,
    );
  }
  if (idle.explainOneMillis !== null && idle.explainAllSeconds !== null && idle.explainAllBytes !== null) {
    out(
      `  explain  GET /${indexName(idle.indices - 1)}/_ilm/explain: ${idle.explainOneMillis.toFixed(3)} ms; GET /*/_ilm/explain: ${secs(idle.explainAllSeconds)} for ${fmt(idle.explainAllBytes / 1024)} KiB`,
    );
  }
  out(
    `  memory   peak RSS ${fmt(idle.maxRssMiB)} MiB (getrusage maxRSS of the part's process${idle.explainAllBytes !== null ? ', includes the full explain' : ''})`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      indices: { type: 'string' },
      streams: { type: 'string' },
      days: { type: 'string' },
      budget: { type: 'string' },
      only: { type: 'string' },
      child: { type: 'string' },
      'no-count': { type: 'boolean' },
    },
  });
  const env = process.env;
  const options: Options = {
    indices: Number(values.indices ?? env['ILM_SIM_BENCH_INDICES'] ?? 100_000),
    streams: Number(values.streams ?? env['ILM_SIM_BENCH_STREAMS'] ?? 1_000),
    days: Number(values.days ?? env['ILM_SIM_BENCH_DAYS'] ?? 365),
    count: !values['no-count'] && env['ILM_SIM_BENCH_COUNT'] !== '0',
    budgetSeconds: Number(values.budget ?? env['ILM_SIM_BENCH_BUDGET_SECONDS'] ?? 120),
  };
  if (!Number.isSafeInteger(options.indices) || options.indices < 1) throw new Error(`invalid indices [${options.indices}]`);
  if (!Number.isSafeInteger(options.streams) || options.streams < 1) throw new Error(`invalid streams [${options.streams}]`);
  if (!Number.isSafeInteger(options.days) || options.days < 1) throw new Error(`invalid days [${options.days}]`);
  if (!(options.budgetSeconds > 0)) throw new Error(`invalid budget [${options.budgetSeconds}]`);

  if (values.child) {
    const send: Report = (snapshot) =>
      new Promise((resolve) => {
        process.send!(snapshot, () => resolve());
      });
    await runPart(values.child, options, send);
    process.disconnect();
    return;
  }
  const parts = values.only ? [values.only] : ['w1', 'idle', 'w2'];
  out(
    `ilm-sim engine bench, Node ${process.version}, ${fmt(options.indices)} indices, ${options.days} days` +
      (values.only ? `, part ${values.only} in this process` : `, budget ${options.budgetSeconds} s per part`),
  );
  for (const part of parts) {
    const result = values.only ? await runPart(part, options, async () => undefined) : await inChild(part, options);
    if (result === null) {
      out(`${part}: DID NOT FINISH within the ${options.budgetSeconds} s budget (stopped before its first report)`);
      continue;
    }
    switch (result.part) {
      case 'w1':
        printWorkload1(result, options.budgetSeconds);
        if (result.counted)
          printBare(result.created, result.lineage, result.transitions, result.yearSeconds, result.createSeconds, result.daysDone, result.finished);
        else out('bare loop and ratio: not run (no transitions counted)');
        break;
      case 'idle':
        printIdle(result, options.budgetSeconds);
        break;
      case 'w2':
        printWorkload2(result, options.budgetSeconds);
        if (result.skipped === null)
          printBare(result.indicesSeen, result.lineage, result.transitions, result.yearSeconds, result.createSeconds, result.daysDone, result.finished);
        break;
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
