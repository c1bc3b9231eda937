/**
 * `ilm-sim twin`: a twin of a user's cluster. `twin capture --url <es> --out <dir>` writes a
 * support-diagnostics-shaped bundle (GET only); `twin <bundle-dir>` (or `--url <es>`, read-only)
 * loads a bundle into a simulator at its instant and forecasts what ILM does over a horizon: per index
 * what happens when, today's problems, problems ahead, storage per tier; as text, `--json` or
 * `--html`, with what-ifs (`--policy`, `--nodes`), `--serve`, and `--feature` (a Gherkin feature
 * asserting the forecast, ../twin/feature). This module only parses arguments, reads and writes the files the user names and prints;
 * the twin (src/twin/) and the engine decide everything. Exit codes as `plan`: 0 no problem, 1
 * problems found (of the kinds `--fail-on` names), 2 bad input.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { Simulator } from '../create-simulator';
import { parseByteSize } from '../engine/xcontent/byte-size';
import { formatEsDate, formatTimeValueToString, parseTimeValue } from '../engine/xcontent/time';
import { storageSvg, humanBytes } from '../report/storage-svg';
import { timelineHtmlChunks } from '../report/timeline-svg';
import { dateMemo } from '../api/sim/lifecycle-view-handlers';
import { mapSource, type BundleNote, type BundleSource } from '../twin/bundle';
import { BundleLocationError, directorySource, writeBundle } from '../twin/bundle-dir';
import { forecast, timelineJson, type Forecast, type IngestOverride } from '../twin/forecast';
import { restoreTwin, type Twin } from '../twin/restore';
import { BundleRefused, readTwinModel, type TwinModel } from '../twin/twin-model';
import { workloadRate } from '../twin/workload';
import { MAX_INSTANTS_PER_CLOCK_REQUEST } from '../sim/simulator';
import type { ClusterAccess } from './twin-http';

// Loaded when an option asks for them (a typed `require`): a forecast from a bundle directory needs
// neither the HTTP server nor the client, and only the terminal output draws the chart.
const serverModule = () => require('../server/node-http') as typeof import('../server/node-http');
const captureModule = () => require('../twin/capture') as typeof import('../twin/capture');
const featureModule = () => require('../twin/feature') as typeof import('../twin/feature');
const planModule = () => require('./plan') as typeof import('./plan');
const clientModule = () => require('./twin-http') as typeof import('./twin-http');

export interface TwinStreams {
  readonly out: { write(text: string): unknown };
  readonly err: { write(text: string): unknown };
  readonly cwd: string;
  readonly color?: boolean;
  /** The wall clock, for a capture from a real cluster (the bundle's instant). */
  readonly nowMillis: () => number;
  /** Resolves when `--serve` should stop (SIGINT, SIGTERM, an abort), with why. */
  readonly waitForStop: () => Promise<string>;
  readonly version: string;
  /** Called at the end of each phase (loading, reading, restoring, forecasting, printing) with its name. */
  readonly mark?: (phase: string) => void;
}

const DAY = 86_400_000;
const DEFAULT_HORIZON = '90d';
const DEFAULT_STUCK_AFTER = '7d';
const PROBLEM_KINDS = ['error', 'stall'] as const;

class TwinInputError extends Error {}

export function twinHelp(): string {
  return [
    'ilm-sim twin <bundle-dir> [options]      forecast a cluster from a support-diagnostics bundle',
    'ilm-sim twin --url <es> [options]        the same, reading a live cluster (GET requests only)',
    'ilm-sim twin capture --url <es> --out <dir>   write a bundle (GET requests only)',
    '  Loads the cluster as the bundle shows it at its instant (policies, templates, nodes, indices',
    '  with their ILM step, data streams, snapshots, SLM) and runs ILM forward: what happens to each',
    '  index when, which indices are in ERROR now, which go to ERROR or stall ahead, storage per tier.',
    `  --horizon <duration>    How far to forecast (default ${DEFAULT_HORIZON})`,
    '  --ingest "<pat>=<rate>" Ingest per write target, e.g. "logs-*=5gb/day", "app=1000docs/hour", "*=0"',
    '                          (repeatable; default: estimated from the bundle, and printed)',
    `  --stuck-after <dur>     A step held longer than this is a stall (default ${DEFAULT_STUCK_AFTER})`,
    '  --fail-on <kinds>       Which problems make the exit status 1: error,stall (default), or none',
    '  --policy <name>=<file>  What if: the policy as PUT _ilm/policy/<name> would change it',
    '  --nodes <file>          What if: these nodes instead (the body of PUT /_sim/nodes, or a list)',
    "  --profile <name>        Run as this profile instead of the nearest to the bundle's version",
    '  --json                  Print the forecast as JSON',
    '  --html <file>           Also write an HTML page: the timeline picture and the storage plot',
    '  --feature <file>        Also write a Gherkin feature that starts from the bundle (the step',
    '                          "Given the cluster captured in <dir>", the directory relative to here),',
    '                          runs the workload and asserts the forecast at a third, two thirds and',
    '                          the end of the horizon: commit it, and your suite shows when a policy',
    '                          change alters what happens; with --policy it loads those policy files',
    "                          over the bundle's (not with --url, --nodes, --profile)",
    "  --serve                 Serve the twin (ES-compatible, clock at the bundle's instant) instead;",
    '  --host <addr>, --port <n>   where --serve listens (default 127.0.0.1, 9200; 0 picks a free port)',
    '  --url <es>, --user <user:password>, --api-key <key>, --ca <file>   a live cluster (GET only)',
    '  --out <dir>             With capture: where to write the bundle',
    '  Exit status: 0 no problem, 1 problems found, 2 bad input.',
  ].join('\n');
}

function duration(text: string, flag: string): number {
  const parsed = parseTimeValue(text, flag);
  if (!parsed.ok || parsed.value.millis <= 0) throw new TwinInputError(`--${flag} [${text}]: expected a positive duration such as 90d`);
  return parsed.value.millis;
}

const PER: Readonly<Record<string, number>> = { day: DAY, d: DAY, hour: DAY / 24, h: DAY / 24, week: 7 * DAY, w: 7 * DAY };

/** `logs-*=5gb/day`, `app=1000docs/hour`, `*=0`. */
export function parseIngestOverride(text: string): IngestOverride {
  const match = /^\s*([^=]+?)\s*=\s*(.+?)\s*$/.exec(text);
  if (!match) throw new TwinInputError(`--ingest "${text}": expected <pattern>=<rate>, e.g. "logs-*=5gb/day" or "*=0"`);
  const [, pattern, rate] = match as unknown as [string, string, string];
  if (rate === '0') return { pattern, bytesPerDay: 0, docsPerDay: 0 };
  const parts = /^(\d+(?:\.\d+)?)\s*(docs?|[a-z]*b)\s*\/\s*(day|d|hour|h|week|w)$/i.exec(rate);
  if (!parts) throw new TwinInputError(`--ingest "${text}": the rate [${rate}] is not "<size>/day" or "<n>docs/day" (or /hour, /week)`);
  const perDay = DAY / PER[parts[3]!.toLowerCase()]!;
  if (/^docs?$/i.test(parts[2]!)) return { pattern, bytesPerDay: NaN, docsPerDay: Number(parts[1]) * perDay };
  let bytes: number;
  try {
    bytes = parseByteSize(`${parts[1]}${parts[2]!.toLowerCase()}`, 'ingest').bytes;
  } catch {
    throw new TwinInputError(`--ingest "${text}": [${parts[1]}${parts[2]}] is not a size such as 5gb`);
  }
  return { pattern, bytesPerDay: bytes * perDay, docsPerDay: null };
}

interface Parsed {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
}

function parse(args: readonly string[]): Parsed {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      horizon: { type: 'string' },
      ingest: { type: 'string', multiple: true },
      'stuck-after': { type: 'string' },
      'fail-on': { type: 'string' },
      policy: { type: 'string', multiple: true },
      nodes: { type: 'string' },
      profile: { type: 'string' },
      json: { type: 'boolean' },
      html: { type: 'string' },
      feature: { type: 'string' },
      serve: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      url: { type: 'string' },
      user: { type: 'string' },
      'api-key': { type: 'string' },
      ca: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }) as Parsed;
}

/** Runs `ilm-sim twin ...` with the arguments after `twin`; resolves to the exit code. */
export async function runTwin(args: readonly string[], streams: TwinStreams): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parse(args);
  } catch (error) {
    streams.err.write(`ilm-sim twin: ${(error as Error).message}\n\n${twinHelp()}\n`);
    return 2;
  }
  if (parsed.values['help']) {
    streams.out.write(`${twinHelp()}\n`);
    return 0;
  }
  try {
    if (parsed.positionals[0] === 'capture') return await capture(parsed, streams);
    return await twin(parsed, streams);
  } catch (error) {
    if (error instanceof TwinInputError || error instanceof BundleLocationError) {
      streams.err.write(`ilm-sim twin: ${error.message}\n`);
      return 2;
    }
    if (error instanceof BundleRefused) {
      streams.err.write(`ilm-sim twin: ${error.message}\n${notesText(error.notes)}`);
      return 2;
    }
    throw error;
  }
}

function text(parsed: Parsed, key: string): string | undefined {
  const value = parsed.values[key];
  return typeof value === 'string' ? value : undefined;
}

function access(parsed: Parsed, streams: TwinStreams): ClusterAccess | null {
  const url = text(parsed, 'url');
  if (url === undefined) return null;
  try {
    new URL(url);
  } catch {
    throw new TwinInputError(`--url [${url}] is not a URL such as https://localhost:9200`);
  }
  const ca = text(parsed, 'ca');
  return {
    url,
    ...(text(parsed, 'user') === undefined ? {} : { user: text(parsed, 'user')! }),
    ...(text(parsed, 'api-key') === undefined ? {} : { apiKey: text(parsed, 'api-key')! }),
    ...(ca === undefined ? {} : { caFile: path.resolve(streams.cwd, ca) }),
  };
}

async function captureFrom(cluster: ClusterAccess, streams: TwinStreams) {
  streams.err.write(`ilm-sim twin: reading ${cluster.url} with GET requests only (nothing is changed)\n`);
  try {
    return await captureModule().captureBundle(clientModule().getTransport(cluster), {
      wallClockMillis: streams.nowMillis(),
      tool: `ilm-sim ${streams.version}`,
    });
  } catch (error) {
    throw new TwinInputError(`cannot read ${cluster.url}: ${(error as Error).message}`);
  }
}

async function capture(parsed: Parsed, streams: TwinStreams): Promise<number> {
  const cluster = access(parsed, streams);
  const out = text(parsed, 'out');
  if (cluster === null || out === undefined) throw new TwinInputError('capture needs --url <es> and --out <dir>');
  const captured = await captureFrom(cluster, streams);
  const dir = path.resolve(streams.cwd, out);
  const written = writeBundle(dir, captured.files);
  streams.out.write(`Bundle of Elasticsearch ${captured.version} at ${formatEsDate(captured.instantMillis)} written to ${dir} (${written.length} files)\n`);
  for (const skip of captured.skipped) streams.out.write(`  left out ${skip.file}: GET ${skip.path} answered ${skip.status}\n`);
  return 0;
}

function notesText(notes: readonly BundleNote[]): string {
  return notes.map((note) => `  - ${note.kind}: ${note.message}\n`).join('');
}

function readJson(file: string, cwd: string, flag: string): unknown {
  try {
    return JSON.parse(readFileSync(path.resolve(cwd, file), 'utf8'));
  } catch (error) {
    throw new TwinInputError(`${flag} ${file}: ${(error as Error).message}`);
  }
}

/** The what-ifs, applied to a restored twin as the requests a user would send. */
function applyWhatIfs(simulator: Simulator, parsed: Parsed, cwd: string): string[] {
  const applied: string[] = [];
  for (const spec of (parsed.values['policy'] as string[] | undefined) ?? []) {
    const at = spec.indexOf('=');
    if (at <= 0) throw new TwinInputError(`--policy ${spec}: expected <name>=<file>`);
    const name = spec.slice(0, at);
    const body = readJson(spec.slice(at + 1), cwd, '--policy');
    const exported = body !== null && typeof body === 'object' && (body as Record<string, unknown>)[name];
    const request = exported && typeof exported === 'object' && 'policy' in exported ? { policy: (exported as { policy: unknown }).policy } : body;
    const answer = simulator.requestSync({ method: 'PUT', path: `/_ilm/policy/${encodeURIComponent(name)}`, body: request as Record<string, unknown> });
    if (answer.status !== 200) throw new TwinInputError(`--policy ${spec}: PUT _ilm/policy/${name} was refused (${answer.status}): ${answer.text}`);
    applied.push(`policy ${name} from ${spec.slice(at + 1)} (indices keep their cached phase until their next phase, as ES does)`);
  }
  const nodesFile = text(parsed, 'nodes');
  if (nodesFile !== undefined) {
    const body = readJson(nodesFile, cwd, '--nodes');
    const answer = simulator.requestSync({
      method: 'PUT',
      path: '/_sim/nodes',
      body: (Array.isArray(body) ? { nodes: body } : body) as Record<string, unknown>,
    });
    if (answer.status !== 200) throw new TwinInputError(`--nodes ${nodesFile}: refused (${answer.status}): ${answer.text}`);
    applied.push(`nodes from ${nodesFile}`);
  }
  return applied;
}

async function twin(parsed: Parsed, streams: TwinStreams): Promise<number> {
  const cluster = access(parsed, streams);
  if (parsed.positionals.length !== (cluster ? 0 : 1))
    throw new TwinInputError(cluster ? '--url and a bundle directory: give one of them' : 'expected one bundle directory (or --url <es>)');
  let source: BundleSource;
  if (cluster) {
    const captured = await captureFrom(cluster, streams);
    source = mapSource(cluster.url, captured.files);
  } else {
    source = directorySource(path.resolve(streams.cwd, parsed.positionals[0]!));
  }
  const horizonMillis = duration(text(parsed, 'horizon') ?? DEFAULT_HORIZON, 'horizon');
  const stuckAfterMillis = duration(text(parsed, 'stuck-after') ?? DEFAULT_STUCK_AFTER, 'stuck-after');
  const failOnText = text(parsed, 'fail-on') ?? PROBLEM_KINDS.join(',');
  const failOn = failOnText === 'none' ? [] : failOnText.split(',').map((k) => k.trim());
  for (const kind of failOn)
    if (!(PROBLEM_KINDS as readonly string[]).includes(kind))
      throw new TwinInputError(`--fail-on [${failOnText}]: expected error, stall, both (error,stall) or none`);
  const overrides = ((parsed.values['ingest'] as string[] | undefined) ?? []).map(parseIngestOverride);
  const featureFile = text(parsed, 'feature');
  if (featureFile !== undefined) {
    // The feature's steps load the bundle directory as it is and the --policy files: nothing else may change it here.
    const clash = ['url', 'nodes', 'profile', 'serve'].filter((flag) => parsed.values[flag] !== undefined);
    if (clash.length > 0)
      throw new TwinInputError(`--feature asserts the bundle directory's cluster as it is: it cannot go with ${clash.map((f) => `--${f}`).join(', ')}`);
  }
  const mark = streams.mark ?? (() => {});
  mark('start (modules loaded)');
  const model = readTwinModel(source, text(parsed, 'profile'));
  mark('read bundle');
  // A plain forecast restores the model once and never resets it: the cluster takes the model's index
  // settings as its own (no copy). What-ifs restore a baseline from it, --feature and --serve restore
  // or reset it again.
  const whatIfsAsked = ((parsed.values['policy'] as string[] | undefined) ?? []).length > 0 || parsed.values['nodes'] !== undefined;
  const consumeModel = !parsed.values['serve'] && featureFile === undefined && !whatIfsAsked;
  const restored = restoreTwin(model, { consumeModel });
  mark('restore');
  const whatIfs = applyWhatIfs(restored.simulator, parsed, streams.cwd);
  if (parsed.values['serve']) return serveTwin(restored, parsed, streams, whatIfs);

  const baseline = whatIfs.length > 0 ? forecast(restoreTwin(model).simulator, { horizonMillis, overrides, stuckAfterMillis }) : null;
  const result = forecast(restored.simulator, { horizonMillis, overrides, stuckAfterMillis, mark });
  const problems = [...result.today, ...result.ahead];
  const failing = problems.filter((p) => failOn.includes(p.kind));
  const changes = baseline ? forecastChanges(baseline, result) : [];
  if (parsed.values['json']) {
    // Written as two pieces: joined, the tens of megabytes of a large forecast would be copied once more.
    streams.out.write(JSON.stringify(forecastJson(model, restored, result, whatIfs, changes), null, 2));
    streams.out.write('\n');
  } else {
    streams.out.write(summary(model, restored, result, whatIfs, changes, streams.color === true));
  }
  mark(parsed.values['json'] ? 'print json' : 'print text');
  const html = text(parsed, 'html');
  if (html !== undefined) {
    writeOut(path.resolve(streams.cwd, html), htmlPage(model, result, whatIfs), streams, 'HTML');
    mark('write html');
  }
  if (featureFile !== undefined) {
    const relative = (file: string) => path.relative(streams.cwd, path.resolve(streams.cwd, file)).split(path.sep).join('/');
    const policyFiles = ((parsed.values['policy'] as string[] | undefined) ?? []).map((spec) => {
      const at = spec.indexOf('=');
      return { name: spec.slice(0, at), file: relative(spec.slice(at + 1)), absolutePath: path.resolve(streams.cwd, spec.slice(at + 1)) };
    });
    const bundlePath = relative(parsed.positionals[0]!) || '.';
    let feature: string;
    try {
      feature = featureModule().forecastFeature(model, {
        bundlePath,
        horizonMillis,
        rates: result.ingest.map(workloadRate),
        policyFiles,
        tool: `ilm-sim ${streams.version}`,
        command: regenerateCommand(parsed, bundlePath),
      });
    } catch (error) {
      throw new TwinInputError(`--feature: ${(error as Error).message}`);
    }
    writeOut(path.resolve(streams.cwd, featureFile), feature, streams, 'Feature');
  }
  return failing.length === 0 ? 0 : 1;
}

/** The command that writes the feature again, for its header: the flags that shape it, as given. */
function regenerateCommand(parsed: Parsed, bundlePath: string): string {
  const quoted = (arg: string) => (/^[\w./:=@,+-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);
  const args = [bundlePath];
  if (text(parsed, 'horizon') !== undefined) args.push('--horizon', text(parsed, 'horizon')!);
  for (const flag of ['ingest', 'policy']) for (const value of (parsed.values[flag] as string[] | undefined) ?? []) args.push(`--${flag}`, value);
  args.push('--feature', text(parsed, 'feature')!);
  return `ilm-sim twin ${args.map(quoted).join(' ')}`;
}

/** Writes the file whole (`content` a string, or pieces written one after the other). */
function writeOut(file: string, content: string | readonly string[], streams: TwinStreams, what: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof content === 'string') writeFileSync(file, content);
    else {
      const fd = openSync(file, 'w');
      try {
        for (const piece of content) {
          const bytes = Buffer.from(piece, 'utf8');
          for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
        }
      } finally {
        closeSync(fd);
      }
    }
  } catch (error) {
    throw new TwinInputError(`cannot write the ${what} to ${file}: ${(error as Error).message}`);
  }
  // Beside --json the notice goes to stderr, so stdout stays one JSON document.
  streams.err.write(`${what} written to ${file}\n`);
}

async function serveTwin(restored: Twin, parsed: Parsed, streams: TwinStreams, whatIfs: readonly string[]): Promise<number> {
  const port = text(parsed, 'port') ?? '9200';
  if (!/^\d+$/.test(port) || Number(port) > 65535) throw new TwinInputError(`invalid port [${port}]: expected an integer from 0 to 65535`);
  const host = text(parsed, 'host') ?? '127.0.0.1';
  let server;
  try {
    server = await serverModule().startServer(restored.simulator, { host, port: Number(port) });
  } catch (error) {
    streams.err.write(`ilm-sim twin: cannot listen on ${host}:${port}: ${(error as { code?: string }).code ?? (error as Error).message}\n`);
    return 1;
  }
  const { model } = restored;
  streams.out.write(`ilm-sim listening on ${server.url}\n`);
  streams.out.write(
    `  twin of ${model.source}: profile ${model.profile.name} (Elasticsearch ${model.versionNumber}), clock starts ${formatEsDate(model.instantMillis)}, poll interval ${model.pollInterval}\n`,
  );
  for (const whatIf of whatIfs) streams.out.write(`  what if: ${whatIf}\n`);
  if (restored.notes.length > 0) streams.out.write(`  what the bundle could not say:\n${notesText(restored.notes)}`);
  const reason = await streams.waitForStop();
  await server.close();
  streams.out.write(`ilm-sim stopped (${reason})\n`);
  return 0;
}

function day(millis: number): string {
  return formatEsDate(millis).slice(0, 16).replace('T', ' ');
}

function eventKey(e: { index: string; atMillis: number; what: string }): string {
  return `${day(e.atMillis)}  ${e.index}  ${e.what}`;
}

/** What a what-if changes: the events only the baseline has, and those only the what-if has. */
function forecastChanges(baseline: Forecast, changed: Forecast): string[] {
  const before = new Set(baseline.events.map(eventKey));
  const after = new Set(changed.events.map(eventKey));
  const out: string[] = [];
  for (const e of baseline.events) if (!after.has(eventKey(e))) out.push(`- ${eventKey(e)}`);
  for (const e of changed.events) if (!before.has(eventKey(e))) out.push(`+ ${eventKey(e)}`);
  return out;
}

function ingestLine(rate: Forecast['ingest'][number]): string {
  return `${rate.target}: ${Math.round(rate.docsPerDay)} docs/day, ${humanBytes(rate.bytesPerDay)}/day (${rate.source}: ${rate.basis})`;
}

function storageLines(result: Forecast): string[] {
  const first = result.storage[0]!;
  const last = result.storage[result.storage.length - 1]!;
  const tiers = [...new Set(result.storage.flatMap((s) => Object.keys(s.tiers)))].sort();
  return tiers.map((tier) => {
    const peak = result.storage.reduce((best, s) => ((s.tiers[tier]?.bytes ?? 0) > (best.tiers[tier]?.bytes ?? 0) ? s : best), first);
    const at = (s: typeof first) => `${humanBytes(s.tiers[tier]?.bytes ?? 0)} in ${s.tiers[tier]?.shards ?? 0} shards`;
    return `${tier}: now ${at(first)}; at the horizon ${at(last)}; peak ${humanBytes(peak.tiers[tier]?.bytes ?? 0)} on ${day(peak.atMillis).slice(0, 10)}`;
  });
}

function header(model: TwinModel, restored: Twin): string[] {
  const managed = model.indices.filter((i) => i.settings.get('index.lifecycle.name')).length;
  return [
    `Twin of ${model.source}`,
    `  at ${formatEsDate(model.instantMillis)}: Elasticsearch ${model.versionNumber}, run as profile ${model.profile.name} (Elasticsearch ${model.profile.version.number})`,
    `  ${model.indices.length} indices (${managed} managed), ${model.dataStreams.length} data streams, ${model.policies.size} policies, ${model.nodes === null ? "ilm-sim's default node" : `${model.nodes.length} nodes`}, ILM ${model.ilmMode}, poll interval ${model.pollInterval}`,
    ...(restored.notes.length === 0
      ? ['  The bundle had everything the twin needs.']
      : ['  What the bundle could not say, and what the twin did:', ...restored.notes.map((n) => `    - ${n.kind}: ${n.message}`)]),
  ];
}

function summary(model: TwinModel, restored: Twin, result: Forecast, whatIfs: readonly string[], changes: readonly string[], color: boolean): string {
  const horizon = formatTimeValueToString(result.endMillis - result.startMillis);
  const lines = [...header(model, restored), ''];
  for (const whatIf of whatIfs) lines.push(`What if: ${whatIf}`);
  lines.push('Workload (ingest per write target; override with --ingest "<pattern>=<rate>"):');
  lines.push(...(result.ingest.length === 0 ? ['  none: no write alias or data stream'] : result.ingest.map((r) => `  ${ingestLine(r)}`)));
  lines.push('', `Today (${day(result.startMillis)}):`);
  lines.push(...(result.today.length === 0 ? ['  no index is in ERROR'] : result.today.map((p) => `  - ${p.text}`)));
  lines.push('', `Forecast to ${day(result.endMillis)} (+${horizon}):`, '');
  if (result.clockContinuations > 0) lines.push(clockLimitLine(result), '');
  // The first 60 lineages only are written as the timeline JSON the chart reads.
  const lineages = result.lineages;
  if (lineages.length > 0)
    lines.push(
      planModule().chart(timelineJson(lineages.slice(0, 60)), result.startMillis, result.endMillis, color),
      ...(lineages.length > 60 ? [`(${lineages.length - 60} more lineages in --json and --html)`] : []),
      '',
    );
  lines.push(`What happens when (${result.events.length} events${result.events.length > 40 ? ', the first 40; all in --json' : ''}):`);
  lines.push(...result.events.slice(0, 40).map((e) => `  ${eventKey(e)}`));
  if (changes.length > 0) lines.push('', 'What the what-if changes (- no longer, + instead):', ...changes.slice(0, 60).map((c) => `  ${c}`));
  lines.push('', 'Problems ahead:');
  lines.push(...(result.ahead.length === 0 ? ['  none'] : result.ahead.map((p) => `  - ${p.kind}: ${p.text}`)));
  lines.push('', 'Storage per tier (primaries and replicas):', ...storageLines(result).map((l) => `  ${l}`), '');
  return lines.join('\n');
}

/** Says that the clock hit the simulator's limit of instants per request and went on to the horizon. */
function clockLimitLine(result: Forecast): string {
  return `  The poll interval is short: ${result.clockContinuations} time${result.clockContinuations === 1 ? '' : 's'} a clock request stopped at the simulator's limit of ${MAX_INSTANTS_PER_CLOCK_REQUEST} instants and the forecast went on; it reached the horizon.`;
}

function forecastJson(model: TwinModel, restored: Twin, result: Forecast, whatIfs: readonly string[], changes: readonly string[]): Record<string, unknown> {
  // Events share their instants (one poll tick moves many indices): each is printed once.
  const date = dateMemo();
  return {
    bundle: {
      source: model.source,
      instant: formatEsDate(model.instantMillis),
      instant_millis: model.instantMillis,
      version: model.versionNumber,
      profile: model.profile.name,
    },
    notes: restored.notes,
    what_ifs: whatIfs,
    horizon: { start_millis: result.startMillis, end_millis: result.endMillis, reached: true, clock_continuations: result.clockContinuations },
    ingest: result.ingest.map((r) => ({ target: r.target, docs_per_day: r.docsPerDay, bytes_per_day: r.bytesPerDay, source: r.source, basis: r.basis })),
    today: result.today,
    problems: result.ahead,
    events: result.events.map((e) => ({ index: e.index, at: date(e.atMillis), at_millis: e.atMillis, what: e.what })),
    changes,
    storage: result.storage.map((s) => ({ at: formatEsDate(s.atMillis), at_millis: s.atMillis, tiers: s.tiers })),
    timeline: result.timeline,
  };
}

/** The HTML page, in pieces (`timelineHtmlChunks`: a large cluster's is tens of megabytes). */
function htmlPage(model: TwinModel, result: Forecast, whatIfs: readonly string[]): string[] {
  const horizon = formatTimeValueToString(result.endMillis - result.startMillis);
  return timelineHtmlChunks({
    title: `ILM forecast: twin of ${path.basename(model.source)} (Elasticsearch ${model.versionNumber})`,
    lineages: result.timeline.indices,
    startMillis: result.startMillis,
    endMillis: result.endMillis,
    notes: [
      `From ${formatEsDate(result.startMillis)} (the bundle's instant) + ${horizon}, run as profile ${model.profile.name}.`,
      ...whatIfs.map((w) => `What if: ${w}`),
      ...result.ingest.map((r) => `Ingest ${ingestLine(r)}`),
      ...storageLines(result).map((l) => `Storage ${l}`),
    ],
    problems: [...result.today.map((p) => `today: ${p.text}`), ...result.ahead.map((p) => `${p.kind}: ${p.text}`)],
    sections: [{ heading: 'Bytes per tier', html: storageSvg(result.storage) }],
  });
}
