/**
 * `ilm-sim twin --feature`: a Gherkin feature that starts from the captured cluster (the step library's
 * `Given the cluster captured in "<bundle>"`), runs the forecast's workload for part of the horizon
 * and asserts, with the library's existing steps, where the twin then is. The assertions are read from
 * a twin driven by the very requests the feature's steps send (./workload), so the file passes against
 * the same bundle and policies and fails when a change alters what happens. It returns text: no files,
 * no console.
 */
import { simulationOf, type Simulator } from '../create-simulator';
import { formatEsDate } from '../engine/xcontent/time';
import { policyBody } from '../files/user-files';
import { restoreTwin } from './restore';
import type { TwinModel } from './twin-model';
import { sendWorkloadRequest, workloadRequests, workloadStepMillis, type WorkloadRate } from './workload';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** At most this many of each kind of assertion per scenario, so the file stays readable. */
export const FEATURE_LIMIT = 20;
/** The steps' `{stepKey}` parameter (phase/action/step). */
const STEP_KEY = /^[a-z_]+\/[a-z_-]+\/[A-Za-z_-]+$/;

export interface FeatureOptions {
  /** The bundle's directory as the feature names it: relative to where the suite runs. */
  readonly bundlePath: string;
  readonly horizonMillis: number;
  /** The workload the forecast ran (`workloadRate` of its ingest estimates or overrides). */
  readonly rates: readonly WorkloadRate[];
  /** How many scenarios split the horizon (default 3). */
  readonly scenarios?: number;
  /**
   * Policy files put over the bundle's policies (`--policy name=file`), as the feature's
   * `the lifecycle policy "<name>" from the file "<file>"` steps put them: `file` as the feature names
   * it (relative to where the suite runs), `absolutePath` to read it here.
   */
  readonly policyFiles?: readonly { readonly name: string; readonly file: string; readonly absolutePath: string }[];
  /** Who wrote it, for the header (`ilm-sim 0.2.0`). */
  readonly tool: string;
  /** The command that writes it again, for the header. */
  readonly command: string;
}

/** A duration as the steps' `{duration}` takes it: the largest whole unit. */
export function durationText(millis: number): string {
  for (const [unit, size] of [
    ['d', DAY],
    ['h', HOUR],
    ['m', MINUTE],
    ['s', 1000],
  ] as const)
    if (millis % size === 0) return `${millis / size}${unit}`;
  return `${millis}ms`;
}

/** Where each scenario ends, after the start: whole days (the workload's steps fall on them), the last at the horizon. */
export function scenarioEndsMillis(horizonMillis: number, scenarios: number): number[] {
  const ends = new Set<number>();
  for (let k = 1; k < scenarios; k++) {
    const end = Math.floor((horizonMillis * k) / scenarios / DAY) * DAY;
    if (end > 0 && end < horizonMillis) ends.add(end);
  }
  ends.add(horizonMillis);
  return [...ends].sort((a, b) => a - b);
}

/** The feature's text for the twin of `model` (restored afresh here; the caller's twin is left alone). */
export function forecastFeature(model: TwinModel, options: FeatureOptions): string {
  const simulator = restoreTwin(model).simulator;
  const policyFiles = options.policyFiles ?? [];
  for (const { name, absolutePath } of policyFiles) {
    const answer = simulator.requestSync({ method: 'PUT', path: `/_ilm/policy/${encodeURIComponent(name)}`, body: policyBody(name, absolutePath).body });
    if (answer.status !== 200) throw new Error(`PUT _ilm/policy/${name} from ${absolutePath} was refused (${answer.status}): ${answer.text}`);
  }
  const given = [
    `    Given the cluster captured in "${options.bundlePath}"`,
    ...policyFiles.map(({ name, file }) => `    And the lifecycle policy "${name}" from the file "${file}"`),
  ];
  const sim = simulationOf(simulator);
  const start = sim.now;
  const ends = scenarioEndsMillis(options.horizonMillis, options.scenarios ?? 3).map((e) => start + e);
  const bundleIndices = model.indices.map((i) => i.name).sort();
  const scenarios: string[][] = [];
  const requests = workloadRequests(options.rates, start, ends[ends.length - 1]!, new Map(), workloadStepMillis(options.rates));
  for (const end of ends) {
    // The same requests, in the same order, as the scenario's workload step sends up to `end`.
    for (let next = requests.next(); !next.done; next = requests.next()) {
      // A clock request stopped at the limit of instants goes on, as the feature's workload step does.
      const { answer } = sendWorkloadRequest(
        (request) => simulator.requestSync(request),
        () => sim.now,
        next.value,
      );
      // The feature's step fails on any other refusal: so does writing it.
      if (answer.status >= 300) throw new Error(`${next.value.method} ${next.value.path} answered ${answer.status}: ${answer.text}`);
      if (next.value.path === '/_sim/clock/_set' && next.value.body['to'] === end) break;
    }
    scenarios.push(scenario(simulator, end - start, given, bundleIndices, options.rates));
  }
  const name = model.clusterName ?? 'unnamed';
  const instant = formatEsDate(model.instantMillis);
  return [
    `# Written by ${options.tool}; after a change you meant, write it again: ${options.command}`,
    `Feature: ILM forecast of the cluster "${name}" as captured at ${instant}`,
    '',
    `  The support-diagnostics bundle "${options.bundlePath}" of the cluster "${name}" (Elasticsearch`,
    `  ${model.versionNumber}, run as profile ${model.profile.name}) captured at ${instant}. Each scenario starts`,
    '  from the captured cluster, runs the workload the forecast estimated and asserts where ILM then is.',
    `  A failure after a change${policyFiles.length > 0 ? ` to ${policyFiles.map((p) => p.file).join(', ')} or` : ''} to the bundle shows what the change alters.`,
    '',
    `  # Asserted per scenario, a bounded selection (at most ${FEATURE_LIMIT} of each kind, in name order): each`,
    "  # data stream's backing indices and write index, each write alias's write index, every index in",
    `  # ERROR, and the bundle's own indices (${bundleIndices.length}${bundleIndices.length > FEATURE_LIMIT ? `, the first ${FEATURE_LIMIT}` : ''}): their step, or that they are gone.`,
    ...scenarios.flatMap((lines) => ['', ...lines]),
    '',
  ].join('\n');
}

interface Explained {
  readonly managed: boolean;
  readonly key: string | null;
}

function explain(simulator: Simulator, index: string): Explained | null {
  const answer = simulator.requestSync({ method: 'GET', path: `/${encodeURIComponent(index)}/_ilm/explain?expand_wildcards=all` });
  if (answer.status !== 200) return null;
  const record = (answer.body as { indices?: Record<string, Record<string, unknown>> }).indices?.[index];
  if (!record) return null;
  const key = [record['phase'], record['action'], record['step']].every((p) => typeof p === 'string')
    ? `${String(record['phase'])}/${String(record['action'])}/${String(record['step'])}`
    : null;
  return { managed: record['managed'] === true, key };
}

function scenario(
  simulator: Simulator,
  afterMillis: number,
  given: readonly string[],
  bundleIndices: readonly string[],
  rates: readonly WorkloadRate[],
): string[] {
  const { cluster } = simulationOf(simulator);
  const after = durationText(afterMillis);
  const lines = [`  Scenario: ${after} after the capture (${formatEsDate(simulationOf(simulator).now)})`, ...given];
  if (rates.length > 0) {
    lines.push(`    When the clock advances by ${after} while the write targets receive:`);
    lines.push(...tableLines([['target', 'docs per day', 'bytes each'], ...rates.map((r) => [r.target, String(r.docsPerDay), String(r.bytesEach)])]));
  } else {
    lines.push(`    When the clock advances by ${after}`);
  }
  const asserted = new Set<string>();
  const checks: string[] = [];
  const atStep = (index: string): void => {
    if (asserted.has(index)) return;
    asserted.add(index);
    const explained = explain(simulator, index);
    if (!explained) checks.push(`the index "${index}" does not exist`);
    else if (explained.managed && explained.key && STEP_KEY.test(explained.key)) checks.push(`"${index}" is at step ${explained.key}`);
    else checks.push(`the index "${index}" exists`);
  };
  for (const ds of [...cluster.dataStreams.values()].sort((a, b) => (a.name < b.name ? -1 : 1)).slice(0, FEATURE_LIMIT)) {
    checks.push(`the data stream "${ds.name}" has ${ds.indices.length} backing indices, the oldest "${ds.indices[0]}"`);
    const write = ds.indices[ds.indices.length - 1]!;
    checks.push(`the write index of the data stream "${ds.name}" is "${write}"`);
    atStep(write);
  }
  const writeAliases = [...cluster.aliasHolders]
    .map(([alias, holders]) => [alias, [...holders].find((name) => cluster.indices.get(name)?.aliases.get(alias)?.isWriteIndex === true)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [alias, write] of writeAliases.slice(0, FEATURE_LIMIT)) {
    checks.push(`the write index of the alias "${alias}" is "${write}"`);
    atStep(write);
  }
  const inError = [...cluster.indices.values()]
    .filter((i) => i.lifecycle?.step === 'ERROR')
    .map((i) => i.name)
    .sort();
  for (const name of inError.slice(0, FEATURE_LIMIT)) atStep(name);
  for (const name of bundleIndices.slice(0, FEATURE_LIMIT)) atStep(name);
  const managed = [...cluster.indices.values()].filter((i) => i.settings.lifecycleName).length;
  const gone = bundleIndices.filter((name) => !cluster.indices.has(name)).length;
  lines.push(
    `    # Here the twin has ${cluster.indices.size} indices (${managed} managed), ${inError.length} in ERROR; ${gone} of the bundle's ${bundleIndices.length} are gone.`,
  );
  lines.push(...checks.map((check, i) => `    ${i === 0 ? 'Then' : 'And'} ${check}`));
  return lines;
}

/** A Gherkin table, columns padded to their widest cell. */
function tableLines(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows.map((row) => `      | ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`);
}
