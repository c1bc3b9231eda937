/**
 * The whole observable state of a simulator as one string, read only through requests: the clock,
 * every policy, every index's explain record (human), index metadata and settings, ILM status, faults,
 * history, index templates, snapshot repositories and their snapshots, data streams and SLM policies
 * (on a release without the last two their reads answer "no handler", which compares the same). Tests compare two snapshots to prove a request changed nothing; taking
 * one must not change anything either (it only sends reads).
 */
import type { Simulator } from '../index';

export const SNAPSHOT_READS: readonly string[] = [
  '/_sim/clock',
  '/_ilm/policy',
  '/*/_ilm/explain?human&expand_wildcards=all',
  '/*?expand_wildcards=all&flat_settings',
  '/_settings?expand_wildcards=all&flat_settings',
  '/_ilm/status',
  '/_sim/faults',
  '/_sim/history',
  '/_index_template',
  '/_template',
  '/_component_template',
  '/_cluster/settings',
  '/_alias',
  '/_snapshot',
  '/_data_stream?expand_wildcards=all',
  '/_slm/policy',
  '/_slm/status',
  '/_slm/stats',
];

function read(sim: Simulator, path: string): string {
  try {
    const response = sim.requestSync({ method: 'GET', path });
    return `GET ${path} -> ${response.status} ${response.text}`;
  } catch (e) {
    return `GET ${path} -> threw ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** The snapshots of every registered repository (the list depends on the state, so it is read first). */
function snapshotReads(sim: Simulator): string[] {
  let names: string[] = [];
  try {
    const repositories = sim.requestSync({ method: 'GET', path: '/_snapshot' }).body;
    if (repositories !== null && typeof repositories === 'object' && !Array.isArray(repositories)) names = Object.keys(repositories);
  } catch {
    // The /_snapshot line of the snapshot already records what went wrong.
  }
  return names.map((name) => `/_snapshot/${encodeURIComponent(name)}/_all`);
}

/** One line per read: `GET <path> -> <status> <text>` (or what it threw, so a broken state still compares). */
export function snapshot(sim: Simulator): string {
  return [...SNAPSHOT_READS, ...snapshotReads(sim)].map((path) => read(sim, path)).join('\n');
}

/** Where two snapshots first differ: the read, and both texts around the first differing character. */
export function firstDifference(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    let at = 0;
    while (at < x.length && x[at] === y[at]) at++;
    const from = Math.max(0, at - 120);
    const read = x.slice(0, x.indexOf(' -> ') + 4) || y.slice(0, y.indexOf(' -> ') + 4);
    return `${read}\n  before: ...${x.slice(from, at + 200)}\n  after:  ...${y.slice(from, at + 200)}`;
  }
  return '(no difference)';
}
