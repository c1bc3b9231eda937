/**
 * The captured-cluster steps' logic: making the scenario's simulator the twin of a support-diagnostics
 * bundle (its profile, its instant as the clock; ../twin via the package entry point), and moving the
 * clock while write targets receive documents at the rates a table gives, with the very requests the
 * twin's forecast sends, so a feature `ilm-sim twin --feature` wrote replays its forecast. It reads
 * the bundle's files and nothing else.
 */
import * as path from 'node:path';
import { CLOCK_LIMITS_PER_STEP, durationMillis, isClockLimit } from './advance-until';
import type { DataTable } from './cucumber';
import { twinOfBundleDirectory, workloadRequests, type WorkloadRate } from '../index';
import type { IlmWorld } from './world';

/** Makes the scenario's simulator the twin of the bundle in `dir` (relative to the working directory). */
export function startFromCapturedCluster(world: IlmWorld, dir: string): void {
  const full = path.resolve(process.cwd(), dir);
  const twin = twinOfBundleDirectory(full);
  world.useSimulator(twin.simulator, `the cluster captured in "${dir}"`);
}

const COLUMNS = ['target', 'docs per day', 'bytes each'] as const;

/** The table's rates: `| target | docs per day | bytes each |`, a row per write target. */
export function workloadRates(table: DataTable): WorkloadRate[] {
  const [head, ...rows] = table.raw();
  if (!head || head.join('|') !== COLUMNS.join('|'))
    throw new Error(`the table's first row must be | ${COLUMNS.join(' | ')} |, not | ${(head ?? []).join(' | ')} |`);
  return rows.map((row) => {
    const [target, docs, bytes] = row as [string, string, string];
    const docsPerDay = Number(docs);
    const bytesEach = Number(bytes);
    if (docs.trim() === '' || bytes.trim() === '' || !(docsPerDay >= 0) || !Number.isSafeInteger(bytesEach) || bytesEach < 0) {
      throw new Error(`| ${row.join(' | ')} |: docs per day must be a number >= 0 and bytes each a whole number >= 0`);
    }
    return { target, docsPerDay, bytesEach };
  });
}

/**
 * Moves the clock `durationText` ahead, sending each target's documents as they fall due (hour by
 * hour). Where the server stops a clock request at its limit of instants (a short poll interval), the
 * step sends it again to go on, as `the clock advances by` does, up to `CLOCK_LIMITS_PER_STEP` times
 * per request.
 */
export async function advanceWithWorkload(world: IlmWorld, durationText: string, rates: readonly WorkloadRate[]): Promise<void> {
  const clock = await world.sendOk('GET', '/_sim/clock');
  const start = (clock.body as { now_millis: number }).now_millis;
  const millis = durationMillis(durationText);
  for (const request of workloadRequests(rates, start, start + millis, world.workloadOwed)) {
    let answer = await world.send(request.method, request.path, request.body);
    for (let round = 0; round < CLOCK_LIMITS_PER_STEP && isClockLimit(answer); round++) answer = await world.send(request.method, request.path, request.body);
    world.expectAccepted({ method: request.method, path: request.path, body: request.body }, answer);
  }
}
