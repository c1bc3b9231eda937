/**
 * The twin round trip as a function (for the property test and for rerunning a counterexample):
 * run a generated cluster to day D, capture a bundle from it over HTTP (`ilm-sim serve`'s server),
 * load the twin, continue both to D+H with the same requests, and give each side's explain records
 * after every day and its lifecycle history written from D on, with UUIDs and the random parts of
 * generated names set aside.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { simulationOf, type Simulator } from '../create-simulator';
import { startServer } from '../server';
import { TWIN_START_TIME, type TwinScenario } from '../testing/twin-arbitraries';
import { mapSource } from './bundle';
import { captureBundle } from './capture';
import { restoreTwin } from './restore';
import { readTwinModel } from './twin-model';

function send(simulator: Simulator, request: { method: string; path: string; body?: unknown }): void {
  const answer = simulator.requestSync({ method: request.method, path: request.path, body: request.body as Record<string, unknown> });
  if (answer.status >= 500) throw new Error(`${request.method} ${request.path} answered ${answer.status}: ${answer.text}`);
}

function runDay(simulator: Simulator, day: TwinScenario['days'][number]): void {
  for (const request of day) send(simulator, request);
  send(simulator, { method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } });
}

/** Names with their random parts set aside: 8.x shrink targets and SLM snapshot names. */
function normalise(text: string): string {
  return text
    .replace(/shrink-[a-z0-9_-]{0,4}-(?=[a-z.])/g, 'shrink-~-')
    .replace(/("(?:snapshot_name|snapshot)"\s*:\s*"[^"]*?)-[a-z0-9_-]{22}"/g, '$1-~"')
    .replace(/"(uuid|index_uuid)"\s*:\s*"[^"]*"/g, '"$1":"~"');
}

/** Every explain record, in index name order (names normalised, so in name order rather than ES's map order). */
export function explainRecords(simulator: Simulator): unknown[] {
  const body = JSON.parse(normalise(simulator.requestSync({ method: 'GET', path: '/*/_ilm/explain?expand_wildcards=all' }).text)) as {
    indices: Record<string, unknown>;
  };
  return Object.keys(body.indices)
    .sort()
    .map((name) => body.indices[name]);
}

function explainAll(simulator: Simulator): string {
  return JSON.stringify(explainRecords(simulator));
}

function historyAfter(simulator: Simulator, first: number): string {
  const log = simulationOf(simulator).cluster.history;
  const out: unknown[] = [];
  for (let n = Math.max(first, log.first); n < log.length; n++) out.push(JSON.parse(normalise(JSON.stringify(log.at(n)))));
  // At one instant ILM visits indices in name order, and random name parts (set aside above) change
  // that order: records of one instant are compared per index (a stable sort keeps each index's order).
  const key = (r: unknown) => r as { timeMillis: number; index: string };
  out.sort((a, b) => key(a).timeMillis - key(b).timeMillis || (key(a).index < key(b).index ? -1 : key(a).index > key(b).index ? 1 : 0));
  return JSON.stringify(out);
}

export async function roundTrip(scenario: TwinScenario): Promise<{ original: string[]; twin: string[]; notes: string[] }> {
  const server = await startServer({
    port: 0,
    profile: scenario.profile,
    startTime: TWIN_START_TIME,
    pollInterval: scenario.pollInterval,
    seed: scenario.seed,
    ...(scenario.nodes ? { nodes: scenario.nodes } : {}),
  });
  try {
    const original = server.simulator;
    for (const request of scenario.setup) send(original, request);
    for (let day = 0; day < scenario.captureDay; day++) runDay(original, scenario.days[day]!);
    const captured = await captureBundle(
      async (path) => {
        const answer = await fetch(server.url + path);
        return { status: answer.status, text: await answer.text() };
      },
      { wallClockMillis: 0, tool: 'round-trip test' },
    );
    const historyMark = simulationOf(original).cluster.history.length;
    const twin = restoreTwin(readTwinModel(mapSource('captured', captured.files)), { seed: scenario.seed + 1 });
    const states = { original: [] as string[], twin: [] as string[] };
    for (const [side, simulator] of [
      ['original', original],
      ['twin', twin.simulator],
    ] as const) {
      states[side].push(explainAll(simulator));
      for (let day = scenario.captureDay; day < scenario.days.length; day++) {
        runDay(simulator, scenario.days[day]!);
        states[side].push(explainAll(simulator));
      }
      states[side].push(historyAfter(simulator, side === 'original' ? historyMark : 0));
    }
    return { ...states, notes: twin.notes.filter((n) => n.kind !== 'noted').map((n) => `${n.kind}: ${n.message}`) };
  } finally {
    await server.close();
  }
}

/** The repository's root, where Cucumber runs a written feature (its bundle paths are relative to it). */
export const REPOSITORY_ROOT = path.resolve(__dirname, '../..');

/** Runs Cucumber on one feature file from the repository's root, with the step library. */
export function runCucumber(feature: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [path.join(REPOSITORY_ROOT, 'node_modules/@cucumber/cucumber/bin/cucumber.js'), feature], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A bundle directory's files by their path inside it (`commercial/ilm_explain.json`), as text. */
export function bundleFiles(dir: string, under = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(path.join(dir, under))) {
    const relative = under === '' ? name : `${under}/${name}`;
    if (statSync(path.join(dir, relative)).isDirectory()) for (const [file, text] of bundleFiles(dir, relative)) files.set(file, text);
    else files.set(relative, readFileSync(path.join(dir, relative), 'utf8'));
  }
  return files;
}
