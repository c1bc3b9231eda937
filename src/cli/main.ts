/**
 * The `ilm-sim` command line: `ilm-sim serve` starts the ES-compatible HTTP server around one
 * simulator and runs until SIGINT/SIGTERM (optionally recording the session to a file), and
 * `ilm-sim replay FILE` checks that a recording replays byte-identically, `ilm-sim plan` (./plan)
 * runs a policy forward on a workload, and `ilm-sim twin` (./twin) forecasts a captured cluster. This is the only module
 * that touches process-level things (signals, exit codes, the console): argv, the output streams and
 * the environment arrive as arguments, and the exit code is returned, so tests can drive it like any
 * function.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SimRequest } from '../index';
import type { NodeSpec } from '../engine/cluster/topology';
import { formatEsDate } from '../engine/xcontent/time';
import type { RecordFile } from '../record/record-file';

// Each command loads the modules it uses when it runs (a typed `require`): `twin` and `plan` never need
// the HTTP server, the recorder or the step reference, and `--version` none of them.
const simulatorModule = () => require('../index') as typeof import('../index');
const profileModule = () => require('../engine/profile') as typeof import('../engine/profile');
const recordFileModule = () => require('../record/record-file') as typeof import('../record/record-file');
const recorderModule = () => require('../record/recorder') as typeof import('../record/recorder');
const recordingFormatModule = () => require('../record/recording-format') as typeof import('../record/recording-format');
const replayModule = () => require('../record/replay') as typeof import('../record/replay');
const serverModule = () => require('../server/node-http') as typeof import('../server/node-http');
const stepReferenceModule = () => require('../cucumber/step-reference') as typeof import('../cucumber/step-reference');
const initModule = () => require('./init') as typeof import('./init');
const planModule = () => require('./plan') as typeof import('./plan');
const twinModule = () => require('./twin') as typeof import('./twin');

export interface OutputStream {
  write(text: string): unknown;
}

export type Environment = Readonly<Record<string, string | undefined>>;

export interface MainOptions {
  /** Stops `serve` when aborted; without it, SIGINT and SIGTERM stop it. */
  readonly stop?: AbortSignal;
  /** The directory `init` writes into; default the process's working directory. */
  readonly cwd?: string;
}

/** Options of `serve`: flag, environment variable, default, description (the last two asked for when needed: they load modules). */
const SERVE_OPTIONS: ReadonlyArray<readonly [string, string, () => string, () => string]> = [
  ['host', 'ILM_SIM_HOST', () => serverModule().DEFAULT_HOST, () => 'Address to listen on (loopback unless you ask otherwise).'],
  ['port', 'ILM_SIM_PORT', () => String(serverModule().DEFAULT_PORT), () => 'Port to listen on; 0 picks a free one (the URL printed shows it).'],
  [
    'profile',
    'ILM_SIM_PROFILE',
    () => profileModule().DEFAULT_PROFILE.name,
    () => `Elasticsearch version to mirror: ${[...simulatorModule().PROFILES.keys()].join(', ')}.`,
  ],
  ['start-time', 'ILM_SIM_START_TIME', () => simulatorModule().DEFAULT_START_TIME, () => 'Virtual clock start: ISO 8601 instant or epoch millis.'],
  ['poll-interval', 'ILM_SIM_POLL_INTERVAL', () => simulatorModule().DEFAULT_POLL_INTERVAL, () => 'indices.lifecycle.poll_interval in ES syntax (min 1s).'],
  ['seed', 'ILM_SIM_SEED', () => '0', () => 'Seed of the simulator PRNG (index UUIDs).'],
  ['nodes', 'ILM_SIM_NODES', () => '', () => 'JSON file listing the nodes (name, roles, attributes); default one node with every role.'],
];

function helpText(): string {
  const lines = [
    'Usage: ilm-sim serve [options]',
    '       ilm-sim replay <file>',
    '       ilm-sim plan <policy.json> [options]',
    '       ilm-sim plan --lifecycle <lifecycle.json> [options]',
    '       ilm-sim twin <bundle-dir> | --url <es> [options]',
    '       ilm-sim twin capture --url <es> --out <dir>',
    '       ilm-sim init [--typescript] [--force]',
    '       ilm-sim steps [--markdown]',
    '       ilm-sim --version',
    '       ilm-sim --help',
    '',
    'Runs a deterministic simulator of Elasticsearch Index Lifecycle Management behind an',
    'Elasticsearch-compatible HTTP API whose clock you control. Point curl or an official',
    'Elasticsearch client at the printed URL.',
    '',
    'Options of serve (each may also come from the environment variable shown):',
  ];
  for (const [flag, variable, fallback, description] of SERVE_OPTIONS) {
    lines.push(`  --${flag} <value>`.padEnd(26) + description());
    lines.push(`${' '.repeat(26)}env ${variable}, default ${fallback()}`);
  }
  lines.push(
    `${`  --record <file>`.padEnd(26)}Record every request and its response to <file>, one JSON line`,
    `${' '.repeat(26)}each, written as the request is applied. The file is created once the`,
    `${' '.repeat(26)}server listens; an existing file is refused, a symbolic link never followed.`,
    `${`  --overwrite`.padEnd(26)}With --record: replace an existing file (still never a symbolic link).`,
    `${`  --no-stack-templates`.padEnd(26)}Start without the built-in stack templates (logs-*-*, metrics-*-*,`,
    `${' '.repeat(26)}synthetics-*-*, their components and ILM policies) that 7.9+ installs:`,
    `${' '.repeat(26)}the node setting stack.templates.enabled: false.`,
    `${`  -h, --help`.padEnd(26)}Show this help.`,
    `${`  -v, --version`.padEnd(26)}Print the version of ilm-sim.`,
    '',
    'init:',
    '  Writes a starter into the current directory: cucumber.json, features/support/ (loads',
    '  ilm-sim/cucumber, plus one step of your own), features/logs-policy.feature, policies/logs.json,',
    '  templates/logs.json, and a `test` script in package.json. Refuses to overwrite a file unless',
    '  --force is given. --typescript writes the support files in TypeScript, run by ts-node',
    `  (install ${initModule().TYPESCRIPT_TOOLS.join(' ')}).`,
    '  Then: npx cucumber-js',
    '',
    'steps:',
    '  Prints every step of the step library (ilm-sim/cucumber): its parameters, what it does or',
    '  asserts, and an example. --markdown prints the table the README holds.',
    '',
    ...planModule()
      .planHelp()
      .split('\n')
      .slice(1)
      .map((line, i) => (i === 0 ? 'plan <policy.json> | plan --lifecycle <lifecycle.json>:' : line)),
    '',
    'twin:',
    ...twinModule().twinHelp().split('\n'),
    '',
    'replay <file>:',
    "  Builds a simulator from the options in the recording's first line, sends every recorded",
    '  request again in order and checks each response (status, headers, exact text) is identical.',
    '  Takes no other options (ILM_SIM_* variables do not apply). Exit status: 0 every response',
    '  identical; 1 a difference (its line, request, expected and actual status and text are',
    '  printed); 2 the file cannot be read or is not a valid recording.',
    '',
    'Clock control (not part of Elasticsearch):',
    '  GET  /_sim/clock                      the virtual time',
    '  POST /_sim/clock/_advance {"by":"5d"}  run every ILM poll and event up to now + 5d',
    '  POST /_sim/clock/_set {"to":"<ISO>"}   the same, up to an instant (never backwards)',
    '  POST /_sim/_settle                    run what is due now (e.g. the re-run after a retry)',
    '  POST /_sim/_reset                     empty cluster, clock back to the start time',
    '  GET  /_sim/timeline[?index=<pattern>] phases, actions and waits of each index lineage',
    '  GET  /_sim/why/<index>                what the current step waits for, and when it is next checked',
    '',
    'Requests with a body need "Content-Type: application/json", as with Elasticsearch.',
    'Stop with Ctrl-C (SIGINT) or SIGTERM; started through npm (npx), it also stops when npm exits.',
    '',
  );
  return lines.join('\n');
}

class UsageError extends Error {}

interface ServeConfig {
  readonly host: string;
  readonly port: number;
  readonly profile: string;
  readonly startTime: number | string;
  readonly pollInterval: string;
  readonly seed: number;
  /** The topology file (`--nodes`), or null for the default one node. */
  readonly nodes: string | null;
  /** The file to record the session to, or null. */
  readonly record: string | null;
  /** `--overwrite`: the recording may replace an existing file (never a symbolic link). */
  readonly overwrite: boolean;
  /** `--no-stack-templates`: the node setting `stack.templates.enabled: false`. */
  readonly stackTemplates: boolean;
}

function parseServeConfig(values: Record<string, string | boolean | undefined>, env: Environment): ServeConfig {
  const pick = (flag: string, variable: string, fallback: () => string): string => {
    const value = values[flag];
    if (typeof value === 'string') return value;
    return env[variable] ?? fallback();
  };
  const raw = Object.fromEntries(SERVE_OPTIONS.map(([flag, variable, fallback]) => [flag, pick(flag, variable, fallback)]));
  const port = raw['port']!;
  if (!/^\d+$/.test(port) || Number(port) > 65535) throw new UsageError(`invalid port [${port}]: expected an integer from 0 to 65535`);
  const seed = raw['seed']!;
  if (!/^-?\d+$/.test(seed) || !Number.isSafeInteger(Number(seed))) throw new UsageError(`invalid seed [${seed}]: expected an integer`);
  const startTime = raw['start-time']!;
  const record = values['record'];
  if (record === '') throw new UsageError('--record needs a file name');
  const overwrite = values['overwrite'] === true;
  if (overwrite && typeof record !== 'string') throw new UsageError('--overwrite goes with --record');
  return {
    host: raw['host']!,
    port: Number(port),
    profile: raw['profile']!,
    startTime: /^-?\d+$/.test(startTime) ? Number(startTime) : startTime,
    pollInterval: raw['poll-interval']!,
    seed: Number(seed),
    nodes: raw['nodes'] === '' ? null : raw['nodes']!,
    record: typeof record === 'string' ? record : null,
    overwrite,
    stackTemplates: values['no-stack-templates'] !== true,
  };
}

/** The `--nodes` file: a JSON array of nodes, or an object with `nodes` (as `PUT /_sim/nodes` takes). */
function readNodesFile(path: string): NodeSpec[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the nodes file [${path}]: ${(error as Error).message}`);
  }
  const list = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)['nodes'] : parsed;
  return list as NodeSpec[];
}

/** How often a server started through npm checks that npm is still there. */
const PARENT_CHECK_MILLIS = 500;

/**
 * Whether this process was started by npm (`npx ilm-sim serve`, `npm exec`, an npm script): npm sets
 * `npm_command` (7+) or `npm_lifecycle_event` for what it runs.
 */
function startedByNpm(env: Environment): boolean {
  return env['npm_command'] !== undefined || env['npm_lifecycle_event'] !== undefined;
}

/**
 * Resolves when `signal` aborts or, without one, on the first SIGINT or SIGTERM; or with
 * 'recording failed' as soon as `failure` aborts. Started by npm, it also resolves when its parent
 * goes away: a signal to `npx ilm-sim serve` ends npm and its shell without passing the signal on, and
 * the server would live on orphaned, holding its port (issue 14, item 10).
 */
function waitForStop(signal: AbortSignal | undefined, failure: AbortSignal, env: Environment = {}, parent = process.ppid): Promise<string> {
  return new Promise((resolve) => {
    const cleanups: Array<() => void> = [];
    const finish = (reason: string): void => {
      for (const cleanup of cleanups) cleanup();
      resolve(reason);
    };
    const onFailure = (): void => finish('recording failed');
    if (failure.aborted) return finish('recording failed');
    failure.addEventListener('abort', onFailure, { once: true });
    cleanups.push(() => failure.removeEventListener('abort', onFailure));
    if (signal) {
      const onAbort = (): void => finish('stop');
      if (signal.aborted) return finish('stop');
      signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
      return;
    }
    const onSignal = (name: string): void => finish(name);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    cleanups.push(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    });
    if (startedByNpm(env)) {
      const watch = setInterval(() => {
        if (process.ppid !== parent) finish('npm exited');
      }, PARENT_CHECK_MILLIS);
      watch.unref();
      cleanups.push(() => clearInterval(watch));
    }
  });
}

/** What to do about a recording file that could not be opened. */
function recordOpenHint(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EEXIST') return ' (the file exists: add --overwrite to replace it; a symbolic link is never followed)';
  if (code === 'ELOOP') return ' (a symbolic link: --record never writes through one)';
  return '';
}

async function serve(config: ServeConfig, stdout: OutputStream, stderr: OutputStream, stop: AbortSignal | undefined, env: Environment): Promise<number> {
  // The parent as it was at the start: npm may be gone before the server has started listening.
  const parent = process.ppid;
  let simulator;
  try {
    const nodes = config.nodes === null ? undefined : readNodesFile(config.nodes);
    simulator = simulatorModule().createSimulator({
      startTime: config.startTime,
      profile: config.profile,
      pollInterval: config.pollInterval,
      seed: config.seed,
      stackTemplates: config.stackTemplates,
      ...(nodes ? { nodes } : {}),
    });
  } catch (error) {
    stderr.write(`ilm-sim: ${(error as Error).message}\n`);
    return 2;
  }
  // The server answers through `serving`: the plain simulator until the recording is open, then the
  // recording one. The file is opened only once listening worked (issue 14, item 9: a busy port used
  // to leave an existing recording emptied to its header).
  let serving = simulator;
  const front = {
    ...simulator,
    requestSync: (request: SimRequest) => serving.requestSync(request),
    request: async (request: SimRequest) => serving.requestSync(request),
  };
  let server;
  try {
    server = await serverModule().startServer(front, { host: config.host, port: config.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    stderr.write(`ilm-sim: cannot listen on ${config.host}:${config.port}: ${code ?? (error as Error).message}\n`);
    return 1;
  }
  // A failed write stops the server: a recording with a request missing would not replay.
  const recordingFailed = new AbortController();
  let recordFile: RecordFile | null = null;
  if (config.record !== null) {
    try {
      recordFile = recordFileModule().openRecordFile(config.record, { overwrite: config.overwrite });
    } catch (error) {
      await server.close();
      stderr.write(`ilm-sim: cannot record to ${config.record}: ${(error as Error).message}${recordOpenHint(error)}\n`);
      return 1;
    }
    const file = recordFile;
    serving = recorderModule().recordTo(simulator, (line) => {
      if (recordingFailed.signal.aborted) return;
      try {
        file.append(line);
      } catch (error) {
        stderr.write(`ilm-sim: recording to ${file.path} failed, stopping: ${(error as Error).message}\n`);
        recordingFailed.abort();
      }
    });
    if (recordingFailed.signal.aborted) {
      await server.close();
      recordFile.close();
      return 1;
    }
  }
  const version = simulator.profile.version.number;
  stdout.write(`ilm-sim listening on ${server.url}\n`);
  stdout.write(
    `  profile ${simulator.profile.name} (Elasticsearch ${version}), clock starts ${formatEsDate(simulator.options.startMillis)}, ` +
      `poll interval ${config.pollInterval}, seed ${config.seed}\n`,
  );
  stdout.write(`  time machine page: ${server.pageUrl}\n`);
  if (recordFile) stdout.write(`  recording to ${recordFile.path}\n`);
  const reason = await waitForStop(stop, recordingFailed.signal, env, parent);
  await server.close();
  recordFile?.close();
  stdout.write(`ilm-sim stopped (${reason})\n`);
  return recordingFailed.signal.aborted ? 1 : 0;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `ilm-sim replay FILE`: 0 identical, 1 a difference (on stdout), 2 unreadable or malformed (on stderr). */
function replay(file: string, stdout: OutputStream, stderr: OutputStream): number {
  let result;
  try {
    result = replayModule().replayRecording(recordFileModule().readRecordFile(file));
  } catch (error) {
    if (error instanceof recordingFormatModule().MalformedRecordingError) {
      stderr.write(`ilm-sim replay: ${file}: not a valid recording: ${error.message}\n`);
    } else {
      const code = (error as NodeJS.ErrnoException).code;
      stderr.write(`ilm-sim replay: cannot read ${file}: ${code ?? (error as Error).message}\n`);
    }
    return 2;
  }
  const { options } = result;
  if (!result.identical) {
    stdout.write(
      `ilm-sim replay: ${file}: ${plural(result.matched, 'request')} identical, then a ${replayModule().formatDifference(result.difference, result.requests)}`,
    );
    return 1;
  }
  stdout.write(
    `ilm-sim replay: ${plural(result.requests, 'request')} from ${file} replayed, every response identical ` +
      `(profile ${options.profile}, clock started ${formatEsDate(options.startMillis)}, poll interval ${options.pollInterval}, seed ${options.seed})\n`,
  );
  return 0;
}

/** The version in the package's own package.json (two levels up from src/cli, three from dist/src/cli). */
function packageVersion(): string {
  const up = basename(resolve(__dirname, '..', '..')) === 'dist' ? ['..', '..', '..'] : ['..', '..'];
  const manifest = JSON.parse(readFileSync(join(__dirname, ...up, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function runInit(
  cwd: string,
  rest: readonly string[],
  values: Record<string, string | boolean | undefined>,
  stdout: OutputStream,
  stderr: OutputStream,
): number {
  const given = Object.keys(values).filter((name) => name !== 'force' && name !== 'typescript');
  if (rest.length > 0 || given.length > 0) {
    stderr.write(`ilm-sim: init takes only --force and --typescript (got ${[...rest, ...given.map((name) => `--${name}`)].join(', ')})\n`);
    return 2;
  }
  const typescript = values['typescript'] === true;
  const result = initModule().init(cwd, { force: values['force'] === true, typescript });
  if (result.conflicts.length > 0) {
    stderr.write(`ilm-sim: init wrote nothing, these files exist: ${result.conflicts.join(', ')} (use --force to overwrite them)\n`);
    return 1;
  }
  stdout.write(`ilm-sim init wrote:\n${result.written.map((name) => `  ${name}\n`).join('')}`);
  if (result.scripts.length > 0) stdout.write(`package.json scripts: ${result.scripts.join(', ')}\n`);
  if (typescript) stdout.write(`\nThe TypeScript support files need: npm install --save-dev ${initModule().TYPESCRIPT_TOOLS.join(' ')}\n`);
  stdout.write('\nNext: npx cucumber-js   (features/logs-policy.feature runs policies/logs.json under a virtual clock)\n');
  return 0;
}

/** `ilm-sim steps [--markdown]`: the step reference, read from the step definitions themselves. */
function runSteps(args: readonly string[], stdout: OutputStream, stderr: OutputStream): number {
  const markdown = args.length === 1 && args[0] === '--markdown';
  if (args.length > 0 && !markdown) {
    stderr.write(`ilm-sim: steps takes only --markdown (got ${args.join(' ')})\n`);
    return 2;
  }
  const { stepReference, stepReferenceMarkdown, stepReferenceText } = stepReferenceModule();
  const entries = stepReference();
  stdout.write(markdown ? stepReferenceMarkdown(entries) : stepReferenceText(entries));
  return 0;
}

/**
 * ILM_SIM_TIMINGS=1: each phase of `twin` prints its wall and CPU milliseconds (since the previous
 * mark; the first since the process started) to stderr, for `npm run bench:twin`.
 */
function phaseTimer(stderr: OutputStream): (phase: string) => void {
  let wall = performance.now();
  let cpu = process.cpuUsage();
  let first = true;
  return (phase) => {
    const nowWall = performance.now();
    const used = process.cpuUsage(first ? undefined : cpu);
    stderr.write(`ilm-sim-timing ${phase} wall ${(first ? nowWall : nowWall - wall).toFixed(0)} cpu ${((used.user + used.system) / 1000).toFixed(0)}\n`);
    first = false;
    wall = nowWall;
    cpu = process.cpuUsage();
  };
}

/** Runs the command line; resolves to the process exit code. */
export async function main(argv: readonly string[], stdout: OutputStream, stderr: OutputStream, env: Environment, options: MainOptions = {}): Promise<number> {
  if (argv[0] === 'twin') {
    const terminal = (stream: OutputStream) => (stream as { isTTY?: boolean }).isTTY === true;
    const failure = new AbortController();
    return twinModule().runTwin(argv.slice(1), {
      out: stdout,
      err: stderr,
      cwd: options.cwd ?? process.cwd(),
      color: terminal(stdout) && env['NO_COLOR'] === undefined,
      nowMillis: () => Date.now(),
      waitForStop: () => waitForStop(options.stop, failure.signal, env),
      version: packageVersion(),
      ...(env['ILM_SIM_TIMINGS'] ? { mark: phaseTimer(stderr) } : {}),
    });
  }
  if (argv[0] === 'plan') {
    const terminal = (stream: OutputStream) => (stream as { isTTY?: boolean }).isTTY === true;
    return planModule().runPlan(argv.slice(1), {
      out: stdout,
      err: { write: (text) => stderr.write(text), isTTY: terminal(stderr) },
      cwd: options.cwd ?? process.cwd(),
      color: terminal(stdout) && env['NO_COLOR'] === undefined,
    });
  }
  if (argv[0] === 'steps') return runSteps(argv.slice(1), stdout, stderr);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        force: { type: 'boolean' },
        typescript: { type: 'boolean' },
        record: { type: 'string' },
        overwrite: { type: 'boolean' },
        'no-stack-templates': { type: 'boolean' },
        ...Object.fromEntries(SERVE_OPTIONS.map(([flag]) => [flag, { type: 'string' as const }])),
      },
    });
  } catch (error) {
    stderr.write(`ilm-sim: ${(error as Error).message}\n\n${helpText()}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values['help'] === true || positionals[0] === 'help') {
    stdout.write(helpText());
    return 0;
  }
  if (values['version'] === true) {
    stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (positionals[0] === 'init') {
    return runInit(options.cwd ?? process.cwd(), positionals.slice(1), values as Record<string, string | boolean | undefined>, stdout, stderr);
  }
  if (values['force'] !== undefined || values['typescript'] !== undefined) {
    stderr.write(`ilm-sim: --${values['force'] !== undefined ? 'force' : 'typescript'} belongs to init\n`);
    return 2;
  }
  if (positionals[0] === 'replay') {
    const given = Object.keys(values).filter((name) => name !== 'help');
    if (given.length > 0) {
      stderr.write(
        `ilm-sim: replay takes no options (${given.map((name) => `--${name}`).join(', ')}): the recording's first line sets the simulator options\n`,
      );
      return 2;
    }
    if (positionals.length !== 2) {
      stderr.write(`ilm-sim: replay needs exactly one recording file, got ${positionals.length - 1}\n\n${helpText()}`);
      return 2;
    }
    return replay(positionals[1]!, stdout, stderr);
  }
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    const what = positionals.length === 0 ? 'missing command' : `unknown command [${positionals.join(' ')}]`;
    stderr.write(`ilm-sim: ${what}\n\n${helpText()}`);
    return 2;
  }
  let config: ServeConfig;
  try {
    config = parseServeConfig(values as Record<string, string | boolean | undefined>, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`ilm-sim: ${error.message}\n`);
    return 2;
  }
  return serve(config, stdout, stderr, options.stop, env);
}
