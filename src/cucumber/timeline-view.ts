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

/** Whether a lineage concerns one of the names a step quotes: an index of it, or its data stream's. */
export function namedBy(lineage: LineageJson, names: readonly string[]): boolean {
  const backing = (index: string, stream: string) =>
    index.startsWith(`.ds-${stream}-`) && /^(\d{4}\.\d{2}\.\d{2}-)?\d{6}$/.test(index.slice(stream.length + 5));
  return lineage.lineage.some(({ index }) => names.some((name) => index === name || backing(index, name)));
}

/** A written instant in UTC and how much it spans: `2024-02-01` a day, `2024-02-01T00:20` a minute, ... */
const WRITTEN_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?)?(?:Z|[+-]00:?00)?$/;
const SPAN_MILLIS = [86_400_000, 3_600_000, 60_000, 1000, 1];

/**
 * Whether a table cell names this instant: a cell covers everything its last written field spans, in
 * UTC (`2024-02-01` any instant of that day, `2024-02-01T00:20` any of that minute, a full ISO instant
 * that millisecond); other spellings Date.parse reads must be the instant itself.
 */
export function cellMatchesInstant(cell: string, millis: number): boolean {
  const match = WRITTEN_INSTANT.exec(cell.trim());
  if (match === null) return Date.parse(cell) === millis;
  const fields = match.slice(1).map((f) => (f === undefined ? undefined : Number(f)));
  const written = fields.slice(3).filter((f) => f !== undefined).length;
  const [year, month, day, hour = 0, minute = 0, second = 0] = fields as number[];
  const fraction = match[7] === undefined ? 0 : Number(match[7].padEnd(3, '0'));
  const start = Date.UTC(year!, month! - 1, day!, hour, minute, second, fraction);
  return millis >= start && millis < start + SPAN_MILLIS[written]!;
}

/**
 * Rows `phase | entered | left` of a lineage, as the expected table spells them: a cell that names the
 * instant (see `cellMatchesInstant`) keeps the expected text; `left` is empty while the phase lasts,
 * and, for the phase the index was deleted in, is the deletion instant (the phase ends there).
 */
export function phaseRows(lineage: LineageJson, expected: ReadonlyArray<Record<string, string>>, columns: readonly string[]): Array<Record<string, string>> {
  return lineage.phases.map((span, i) => {
    const want = expected[i] ?? {};
    const shown = (millis: number | null, text: string | null, column: string): string => {
      if (millis === null) return '';
      const cell = want[column];
      return cell !== undefined && cell !== '' && cellMatchesInstant(cell, millis) ? cell : (text ?? '');
    };
    const row: Record<string, string> = {
      phase: span.phase,
      entered: shown(span.start_millis, span.start, 'entered'),
      left: shown(span.end_millis, span.end, 'left'),
    };
    return Object.fromEntries(columns.map((c) => [c, row[c] ?? `(no column "${c}": use phase, entered, left)`]));
  });
}

function tableText(columns: readonly string[], rows: ReadonlyArray<Record<string, string>>): string {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line([...columns]), ...rows.map((r) => line(columns.map((c) => r[c] ?? '')))].join('\n');
}

/**
 * Null when the lineage went through the expected phases, else the failure: both tables, and why a
 * `left` differs when the phase ended by the index's deletion.
 */
export function phasesMismatch(
  index: string,
  lineage: LineageJson,
  expected: ReadonlyArray<Record<string, string>>,
  columns: readonly string[],
): string | null {
  const actual = phaseRows(lineage, expected, columns);
  if (JSON.stringify(actual) === JSON.stringify(expected)) return null;
  const notes: string[] = [];
  const last = lineage.phases[lineage.phases.length - 1];
  const lastWanted = expected[lineage.phases.length - 1];
  if (last !== undefined && lineage.ended === 'deleted' && columns.includes('left') && lastWanted?.['phase'] === last.phase && lastWanted['left'] === '') {
    notes.push(
      `The ${last.phase} phase ended when the index was deleted, at ${last.end}: its "left" is that instant. An empty "left" means the phase still lasts.`,
    );
  }
  notes.push('A date written shorter matches any instant it spans, in UTC: 2024-02-01 any time that day, 2024-02-01T00:20 any time in that minute.');
  const names = lineage.lineage.map((n) => n.index).join(' -> ');
  return `the phases of "${index}" (lineage ${names}) differ.\nexpected:\n${tableText(columns, expected)}\nactual:\n${tableText(columns, actual)}\n${notes.join('\n')}`;
}
