/**
 * The step library's reading of `GET /_sim/timeline`: the JSON shape it answers, fetching the lineage
 * an index belongs to, and the phase rows the phase-level step compares. It only reads; it speaks
 * the `/_sim` vocabulary, so it works in process and over HTTP alike.
 */
import type { LineageJson, TimelineJson } from '../index';
import type { Requester } from './advance-until';

/** The timeline of the lineages matching `pattern` (default all). */
export async function readTimeline(world: Requester, pattern?: string): Promise<TimelineJson> {
  const path = `/_sim/timeline${pattern === undefined ? '' : `?index=${encodeURIComponent(pattern)}`}`;
  const response = await world.send('GET', path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
  return response.body as TimelineJson;
}

/** The lineage `index` belongs to now (its latest one, when the name was used again), or null. */
export async function lineageOf(world: Requester, index: string): Promise<LineageJson | null> {
  const lineages = (await readTimeline(world, index)).indices.filter((l) => l.lineage.some((n) => n.index === index));
  return lineages[lineages.length - 1] ?? null;
}

/**
 * Rows `phase | entered | left` of a lineage, as the expected table spells them: an instant written
 * another way (`2024-01-09`, `2024-01-09T00:10Z`) that is the same instant keeps the expected text;
 * `left` is empty while the phase lasts.
 */
export function phaseRows(lineage: LineageJson, expected: ReadonlyArray<Record<string, string>>, columns: readonly string[]): Array<Record<string, string>> {
  return lineage.phases.map((span, i) => {
    const want = expected[i] ?? {};
    const shown = (millis: number | null, text: string | null, column: string): string => {
      if (millis === null) return '';
      const cell = want[column];
      return cell !== undefined && Date.parse(cell) === millis ? cell : (text ?? '');
    };
    const row: Record<string, string> = { phase: span.phase, entered: shown(span.start_millis, span.start, 'entered'), left: shown(span.end_millis, span.end, 'left') };
    return Object.fromEntries(columns.map((c) => [c, row[c] ?? `(no column "${c}": use phase, entered, left)`]));
  });
}
