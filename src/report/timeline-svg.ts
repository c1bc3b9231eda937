/**
 * The timeline as a picture, built from the timeline JSON (`GET /_sim/timeline`): one row per index
 * lineage, a real-date axis, a coloured band per phase, ERROR spans hatched in red, long waits
 * outlined, renames and deletions marked, a legend; plus the HTML page `ilm-sim plan --html` writes
 * and the compact text table a failing scenario attaches. Pure string building: no clock, no I/O.
 */
import type { LineageJson } from './timeline-json';

export interface TimelinePictureOptions {
  readonly startMillis: number;
  readonly endMillis: number;
  /** Drawn as a dashed "now" line when inside the range. */
  readonly nowMillis?: number;
  /** A wait at least this long (not ERROR, not a phase's `complete`) is outlined (default 7d). */
  readonly longWaitMillis?: number;
  /** Width of the picture in pixels (default 1200). */
  readonly width?: number;
  /** Lineages left out of the picture, said under it ("and 88 more indices"). */
  readonly moreRows?: number;
}

const DAY = 86_400_000;
/** A wait this long is worth a mark (a daily rollover's one-day wait is not). */
const LONG_WAIT = 7 * DAY;
const HOUR = 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Phase colours (Elastic's palette for hot, warm, cold, frozen; grey for delete). */
export const PHASE_COLORS: Readonly<Record<string, string>> = {
  new: '#d3dae6',
  hot: '#e7664c',
  warm: '#d6bf57',
  cold: '#6092c0',
  frozen: '#54b399',
  delete: '#98a2b3',
  // The data stream lifecycle's two spans (src/sim/timeline.ts `LIFECYCLE_SPANS`): its write index, then a rolled-over generation.
  write: '#7ac29a',
  rolled_over: '#9ab6d9',
};

/** A generation the data stream lifecycle manages, as the timeline draws it (no policy; `write`/`rolled_over` spans). */
export function isLifecycleGeneration(lineage: LineageJson): boolean {
  return lineage.policy === null && lineage.phases.some((p) => p.phase === 'write' || p.phase === 'rolled_over');
}
const ERROR_COLOR = '#bd271e';
const WAIT_COLOR = '#343741';
const TEXT_COLOR = '#1a1c21';
const GRID_COLOR = '#e3e8f2';
const FONT = 'font-family="-apple-system, \'Segoe UI\', Helvetica, Arial, sans-serif"';

/** The narrowest a phase band is drawn, and an ERROR mark, in pixels: an instant still shows. */
const MIN_SPAN_PIXELS = 4;
const MIN_ERROR_PIXELS = 8;
const ROW = 30;
const BAND = 20;
const TOP = 44;

const XML_SPECIAL = /[&<>"']/;

export function escapeXml(text: string): string {
  // Most texts (index names, dates) have nothing to escape: a picture of 20,000 lineages has ~200,000.
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Instants printed lately: a timeline's spans share their instants (poll ticks, one action's steps). */
const ISO_PRINTED = new Map<number, string>();

function iso(millis: number): string {
  let text = ISO_PRINTED.get(millis);
  if (text === undefined) {
    const full = new Date(millis).toISOString();
    text = full.endsWith(':00.000Z') ? `${full.slice(0, -8)}Z` : full;
    if (ISO_PRINTED.size >= 4096) ISO_PRINTED.clear();
    ISO_PRINTED.set(millis, text);
  }
  return text;
}

/** About how wide a 12px sans-serif text is (capitals are wider), to lay out labels that must not collide. */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch === ' ' ? 3.4 : /[A-Z]/.test(ch) ? 8.2 : /[0-9]/.test(ch) ? 6.7 : 6.4;
  return width;
}

/** The units of `span`, largest first. */
const SPAN_UNITS = [
  ['d', DAY],
  ['h', HOUR],
  ['m', 60_000],
  ['s', 1000],
] as const;

/** A span for people: `9d`, `5.5h`, `20m`. */
function span(millis: number): string {
  for (const [unit, size] of SPAN_UNITS) {
    if (millis >= size) {
      const value = millis / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')}${unit}`;
    }
  }
  return `${millis}ms`;
}

/** One way to space the axis: a calendar unit and how many of it between two ticks. */
interface TickStep {
  readonly unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
  readonly count: number;
}

/** From the finest to the coarsest: the first whose labels fit side by side is used. */
const TICK_STEPS: readonly TickStep[] = [
  ...[1, 5, 10, 15, 30].map((count) => ({ unit: 'minute' as const, count })),
  ...[1, 2, 3, 6, 12].map((count) => ({ unit: 'hour' as const, count })),
  ...[1, 2].map((count) => ({ unit: 'day' as const, count })),
  ...[1, 2].map((count) => ({ unit: 'week' as const, count })),
  ...[1, 2, 3, 6].map((count) => ({ unit: 'month' as const, count })),
  ...[1, 2, 5, 10, 20, 50, 100].map((count) => ({ unit: 'year' as const, count })),
];
/** Room kept between two axis labels, in pixels. */
const TICK_LABEL_GAP = 12;

function dayLabel(d: Date, withYear: boolean): string {
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}${withYear ? `, ${d.getUTCFullYear()}` : ''}`;
}

/** The instants of one step's ticks in [start, end], at UTC calendar boundaries. */
function tickInstants(step: TickStep, start: number, end: number): number[] {
  const out: number[] = [];
  const s = new Date(start);
  let at: number;
  let next: (at: number) => number;
  if (step.unit === 'minute' || step.unit === 'hour' || step.unit === 'day') {
    const size = (step.unit === 'minute' ? 60_000 : step.unit === 'hour' ? HOUR : DAY) * step.count;
    // Multiples of the step from a UTC midnight (a day is a multiple of every minute and hour step).
    const midnight = Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate());
    at = midnight + Math.ceil((start - midnight) / size) * size;
    next = (t) => t + size;
  } else if (step.unit === 'week') {
    // Mondays.
    const midnight = Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate());
    const monday = midnight - ((s.getUTCDay() + 6) % 7) * DAY;
    at = monday < start ? monday + 7 * DAY : monday;
    next = (t) => t + 7 * step.count * DAY;
  } else if (step.unit === 'month') {
    // Months whose number is a multiple of the step (Jan, Apr, Jul, Oct for three).
    const month = Math.ceil((s.getUTCMonth() + (start > Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), 1) ? 1 : 0)) / step.count) * step.count;
    at = Date.UTC(s.getUTCFullYear(), month, 1);
    next = (t) => Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth() + step.count, 1);
  } else {
    const year = Math.ceil((s.getUTCFullYear() + (start > Date.UTC(s.getUTCFullYear(), 0, 1) ? 1 : 0)) / step.count) * step.count;
    at = Date.UTC(year, 0, 1);
    next = (t) => Date.UTC(new Date(t).getUTCFullYear() + step.count, 0, 1);
  }
  for (; at <= end && out.length <= 1000; at = next(at)) out.push(at);
  return out;
}

/** The labels of one step's ticks: the first (and each new year, or new day for hours) says more; midnight is its day. */
function tickLabels(step: TickStep, instants: readonly number[]): string[] {
  let previous: Date | null = null;
  return instants.map((at) => {
    const d = new Date(at);
    const newYear = previous === null || previous.getUTCFullYear() !== d.getUTCFullYear();
    const newDay = previous === null || previous.getUTCDate() !== d.getUTCDate() || previous.getUTCMonth() !== d.getUTCMonth() || newYear;
    const first = previous === null;
    previous = d;
    if (step.unit === 'year') return String(d.getUTCFullYear());
    if (step.unit === 'month') return newYear ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : MONTHS[d.getUTCMonth()]!;
    if (step.unit === 'minute' || step.unit === 'hour') {
      const time = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
      if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0) return dayLabel(d, newYear);
      return first || newDay ? `${dayLabel(d, false)} ${time}` : time;
    }
    return dayLabel(d, newYear);
  });
}

/** About how wide an axis label is; generous, so labels laid out with it never touch. */
function tickLabelWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[ ,.:]/.test(ch) ? 3.6 : /[A-Z]/.test(ch) ? 9 : 6.8;
  return width;
}

/**
 * Axis ticks at UTC calendar boundaries (minutes, hours, days, Mondays, months, years): the finest step whose
 * labels, centred on their ticks `pixelsPerMilli` apart, keep a gap between neighbours.
 */
function axisTicks(start: number, end: number, pixelsPerMilli: number): Array<{ at: number; label: string }> {
  for (const step of TICK_STEPS) {
    const instants = tickInstants(step, start, end);
    if (instants.length > 200) continue;
    const labels = tickLabels(step, instants);
    const fits = instants.every(
      (at, i) => i === 0 || (at - instants[i - 1]!) * pixelsPerMilli >= (tickLabelWidth(labels[i - 1]!) + tickLabelWidth(labels[i]!)) / 2 + TICK_LABEL_GAP,
    );
    if (fits) return instants.map((at, i) => ({ at, label: labels[i]! }));
  }
  return [];
}

/** The SVG picture of some lineages over [startMillis, endMillis]. */
export function timelineSvg(lineages: readonly LineageJson[], options: TimelinePictureOptions): string {
  return svgParts(lineages, options).join('\n');
}

/** The picture's elements, in order: `timelineSvg` is them joined by newlines. */
function svgParts(lineages: readonly LineageJson[], options: TimelinePictureOptions): string[] {
  const width = options.width ?? 1200;
  const longWait = options.longWaitMillis ?? LONG_WAIT;
  const start = options.startMillis;
  const end = Math.max(options.endMillis, start + HOUR);
  const labelWidth = Math.min(300, Math.max(90, 7 * Math.max(...lineages.map((l) => l.index.length), 5) + 20));
  const left = labelWidth;
  const right = width - 20;
  // What lasts is drawn up to now (or to the end of the range when now is not given).
  const open = Math.min(options.nowMillis ?? end, end);
  const x = (millis: number) => left + ((Math.min(Math.max(millis, start), end) - start) / (end - start)) * (right - left);
  const height = TOP + lineages.length * ROW + 70 + (options.moreRows ? 18 : 0);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12" role="img" aria-label="ILM timeline of ${lineages.length} indices">`,
    '<defs><pattern id="ilm-error-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#bd271e"/><rect width="2.5" height="6" fill="#f8d7d4"/></pattern></defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  );
  // Row stripes first, then the axis' grid lines over them.
  lineages.forEach((_, row) => {
    if (row % 2 === 1) parts.push(`<rect x="0" y="${TOP + row * ROW}" width="${width}" height="${ROW}" fill="#f5f7fa"/>`);
  });
  // Axis: grid lines and date labels.
  for (const tick of axisTicks(start, end, (right - left) / (end - start))) {
    const tx = x(tick.at).toFixed(1);
    parts.push(`<line x1="${tx}" y1="${TOP - 8}" x2="${tx}" y2="${TOP + lineages.length * ROW}" stroke="${GRID_COLOR}"/>`);
    // A label that would run off the right edge is left out (its grid line stays).
    if (x(tick.at) + tickLabelWidth(tick.label) / 2 <= width - 2)
      parts.push(`<text x="${tx}" y="${TOP - 14}" text-anchor="middle" fill="#69707d">${escapeXml(tick.label)}</text>`);
  }
  // A picture's instants repeat (poll ticks, the start): each one's x, as written, is worked out once.
  const xTexts = new Map<number, string>();
  const xText = (millis: number) => {
    let text = xTexts.get(millis);
    if (text === undefined) xTexts.set(millis, (text = x(millis).toFixed(1)));
    return text;
  };
  for (let row = 0; row < lineages.length; row++) {
    const lineage = lineages[row]!;
    const y = TOP + row * ROW + (ROW - BAND) / 2;
    // The titles name the index escaped once (the instants, spans and words around it need no escaping).
    const index = escapeXml(lineage.index);
    const names = lineage.lineage;
    const label = lineage.index.length > 40 ? escapeXml(`…${lineage.index.slice(-39)}`) : index;
    const allNames = names.length === 1 && names[0]!.index === lineage.index ? index : escapeXml(names.map((n) => n.index).join(' → '));
    parts.push(
      `<text x="${left - 10}" y="${y + BAND / 2 + 4}" text-anchor="end" fill="${TEXT_COLOR}"><title>${allNames}</title>${label}${names.length > 1 ? ` <tspan fill="#69707d">+${names.length - 1}</tspan>` : ''}</text>`,
    );
    // A phase too short to see (one that passed in an instant) gets a sliver of MIN_SPAN_PIXELS, drawn
    // over its neighbours so that it shows.
    const slivers: string[] = [];
    const marks: number[] = [];
    for (const p of lineage.phases) if (x(p.end_millis ?? open) - x(p.start_millis) < MIN_SPAN_PIXELS) marks.push(x(p.start_millis));
    for (const w of lineage.waits) if (w.step === 'ERROR' && x(w.end_millis ?? open) - x(w.start_millis) < MIN_ERROR_PIXELS) marks.push(x(w.start_millis));
    const notches: number[] = [];
    for (let i = 1; i < names.length; i++) notches.push(x(names[i]!.start_millis));
    if (isLifecycleGeneration(lineage)) for (const a of lineage.actions) if (a.action === 'forcemerge') notches.push(x(a.start_millis));
    for (const phase of lineage.phases) {
      const from = x(phase.start_millis);
      const to = x(phase.end_millis ?? open);
      const color = PHASE_COLORS[phase.phase] ?? '#b0b0b0';
      const title = `${index}: ${escapeXml(phase.phase)} from ${iso(phase.start_millis)}${phase.end_millis === null ? '' : ` to ${iso(phase.end_millis)} (${span(phase.end_millis - phase.start_millis)})`}`;
      const w = to - from;
      if (w < MIN_SPAN_PIXELS) {
        slivers.push(
          `<rect x="${Math.min(from, right - MIN_SPAN_PIXELS).toFixed(1)}" y="${y}" width="${MIN_SPAN_PIXELS}" height="${BAND}" fill="${color}" stroke="#ffffff" stroke-width="0.5"><title>${title}</title></rect>`,
        );
        continue;
      }
      parts.push(`<rect x="${xText(phase.start_millis)}" y="${y}" width="${w.toFixed(1)}" height="${BAND}" fill="${color}"><title>${title}</title></rect>`);
      // The name starts after a mark drawn over the band's start (an instant's ERROR or phase).
      const marked = marks.some((at) => at >= from - 1 && at <= from + 1);
      let inset = marked ? MIN_ERROR_PIXELS + 5 : 5;
      // A rename's notch or a force merge's diamond just inside the band: the name starts after it.
      for (const at of notches) if (at > from + 1 && at - from < inset + phase.phase.length * 7 + 3) inset = Math.max(inset, at - from + 6);
      if (w > phase.phase.length * 7 + 3 + inset) {
        const dark = phase.phase === 'warm' || phase.phase === 'new' || phase.phase === 'delete' || phase.phase === 'write' || phase.phase === 'rolled_over';
        parts.push(
          `<text x="${(from + inset).toFixed(1)}" y="${y + BAND / 2 + 4}" fill="${dark ? TEXT_COLOR : '#ffffff'}" pointer-events="none">${escapeXml(phase.phase)}</text>`,
        );
      }
    }
    parts.push(...slivers);
    // A rename: a white notch where the next index takes over (under the ERROR marks, which must show).
    for (let i = 1; i < names.length; i++) {
      const name = names[i]!;
      const nx = xText(name.start_millis);
      parts.push(
        `<g><title>${escapeXml(`${name.index} from ${iso(name.start_millis)}`)}</title><line x1="${nx}" y1="${y}" x2="${nx}" y2="${y + BAND}" stroke="#ffffff" stroke-width="2"/><path d="M${nx} ${y + 1} l-4 -6 h8 z" fill="${WAIT_COLOR}"/></g>`,
      );
    }
    for (const wait of lineage.waits) {
      const lasted = (wait.end_millis ?? open) - wait.start_millis;
      const from = x(wait.start_millis);
      const to = x(wait.end_millis ?? open);
      if (wait.step === 'ERROR') {
        const reason = wait.error ? `${wait.error.type}: ${wait.error.reason}` : '';
        const title = `${wait.index}: ERROR at ${wait.phase}/${wait.action}/${wait.failed_step ?? '?'} from ${iso(wait.start_millis)}${wait.end_millis === null ? '' : ` for ${span(lasted)}`}${wait.retries ? `, ${wait.retries} retries` : ''}\n${reason}`;
        // An ERROR that lasted no time (retried at once) still shows: MIN_ERROR_PIXELS wide.
        const w = Math.max(to - from, MIN_ERROR_PIXELS);
        parts.push(
          `<rect x="${Math.min(from, right - w).toFixed(1)}" y="${y - 2}" width="${w.toFixed(1)}" height="${BAND + 4}" fill="url(#ilm-error-hatch)" stroke="${ERROR_COLOR}"><title>${escapeXml(title)}</title></rect>`,
        );
        if (w > 60) {
          parts.push(
            `<rect x="${(from + 3).toFixed(1)}" y="${y + 2}" width="52" height="${BAND - 4}" rx="2" fill="#ffffff" opacity="0.92" pointer-events="none"/>`,
          );
          parts.push(
            `<text x="${(from + 29).toFixed(1)}" y="${y + BAND / 2 + 4}" text-anchor="middle" font-weight="bold" fill="${ERROR_COLOR}" pointer-events="none">ERROR</text>`,
          );
        }
      } else if (wait.step !== 'complete' && lasted >= longWait) {
        const title = `${wait.index}: waited ${span(lasted)} on ${wait.phase}/${wait.action}/${wait.step} from ${iso(wait.start_millis)}`;
        parts.push(
          `<rect x="${(from + 0.5).toFixed(1)}" y="${y + 0.5}" width="${Math.max(to - from - 1, 1).toFixed(1)}" height="${BAND - 1}" fill="none" stroke="${WAIT_COLOR}" stroke-width="1.5" stroke-dasharray="4 2"><title>${escapeXml(title)}</title></rect>`,
        );
      }
    }
    // The data stream lifecycle's force merges: a small diamond on the band's top edge.
    for (const action of lineage.actions) {
      if (action.action !== 'forcemerge' || !isLifecycleGeneration(lineage)) continue;
      const mx = x(action.start_millis);
      parts.push(
        `<g><title>${escapeXml(`${lineage.index}: forcemerge by the data stream lifecycle at ${iso(action.start_millis)}`)}</title><path d="M${mx.toFixed(1)} ${y - 4} l4 4 l-4 4 l-4 -4 z" fill="${WAIT_COLOR}" stroke="#ffffff" stroke-width="0.75"/></g>`,
      );
    }
    if (lineage.ended !== null && lineage.end_millis !== null) {
      const dx = x(lineage.end_millis);
      const cy = y + BAND / 2;
      const word =
        lineage.ended === 'deleted'
          ? isLifecycleGeneration(lineage)
            ? 'deleted by the data stream lifecycle (data_retention)'
            : 'deleted by ILM'
          : 'gone (deleted outside ILM)';
      parts.push(
        `<g><title>${names.length === 1 ? allNames : escapeXml(names[names.length - 1]!.index)}: ${word} at ${iso(lineage.end_millis)}</title><circle cx="${(dx + 7).toFixed(1)}" cy="${cy}" r="6" fill="${WAIT_COLOR}"/><path d="M${(dx + 4.5).toFixed(1)} ${cy - 2.5} l5 5 m0 -5 l-5 5" stroke="#ffffff" stroke-width="1.5"/></g>`,
      );
    }
  }
  if (options.nowMillis !== undefined && options.nowMillis >= start && options.nowMillis <= end) {
    const nx = x(options.nowMillis).toFixed(1);
    parts.push(`<line x1="${nx}" y1="${TOP - 8}" x2="${nx}" y2="${TOP + lineages.length * ROW}" stroke="${TEXT_COLOR}" stroke-dasharray="3 3"/>`);
    parts.push(`<text x="${nx}" y="${TOP + lineages.length * ROW + 14}" text-anchor="middle" fill="${TEXT_COLOR}">now</text>`);
  }
  if (options.moreRows) {
    parts.push(
      `<text x="10" y="${TOP + lineages.length * ROW + 16}" fill="#69707d">… and ${options.moreRows} more ${options.moreRows === 1 ? 'index' : 'indices'}</text>`,
    );
  }
  // Legend.
  let legendY = TOP + lineages.length * ROW + 34;
  let lx = left;
  const item = (swatch: string, text: string) => {
    const itemWidth = 34 + textWidth(text);
    if (lx + itemWidth > width - 10) {
      lx = left;
      legendY += 20;
    }
    parts.push(`<g transform="translate(${lx.toFixed(1)},${legendY})">${swatch}<text x="22" y="11" fill="${TEXT_COLOR}">${escapeXml(text)}</text></g>`);
    lx += itemWidth;
  };
  const shownNew = lineages.some((l) => l.phases.some((p) => p.phase === 'new'));
  if (shownNew) item(`<rect width="16" height="14" fill="${PHASE_COLORS['new']}"/>`, 'new (before the first phase)');
  // ILM's phases unless every row is a data stream lifecycle generation; the lifecycle's spans when one is.
  const lifecycle = lineages.some(isLifecycleGeneration);
  if (!lifecycle || !lineages.every(isLifecycleGeneration))
    for (const phase of ['hot', 'warm', 'cold', 'frozen', 'delete']) item(`<rect width="16" height="14" fill="${PHASE_COLORS[phase]}"/>`, phase);
  if (lifecycle) {
    item(`<rect width="16" height="14" fill="${PHASE_COLORS['write']}"/>`, 'write (data stream lifecycle)');
    item(`<rect width="16" height="14" fill="${PHASE_COLORS['rolled_over']}"/>`, 'rolled_over');
    item(`<path d="M8 1 l4 4 l-4 4 l-4 -4 z" fill="${WAIT_COLOR}"/>`, 'forcemerge');
  }
  item(`<rect width="16" height="14" fill="url(#ilm-error-hatch)" stroke="${ERROR_COLOR}"/>`, 'ERROR');
  item(
    `<rect x="0.5" y="0.5" width="15" height="13" fill="none" stroke="${WAIT_COLOR}" stroke-width="1.5" stroke-dasharray="4 2"/>`,
    `wait ≥ ${span(longWait)}`,
  );
  item(`<circle cx="8" cy="7" r="6" fill="${WAIT_COLOR}"/><path d="M5.5 4.5 l5 5 m0 -5 l-5 5" stroke="#ffffff" stroke-width="1.5"/>`, 'deleted');
  item(
    `<rect y="4" width="16" height="10" fill="#98a2b3"/><line x1="8" y1="4" x2="8" y2="14" stroke="#ffffff" stroke-width="2"/><path d="M8 5 l-4 -6 h8 z" fill="${WAIT_COLOR}"/>`,
    lifecycle ? 'renamed (downsample)' : 'renamed',
  );
  parts.push('</svg>');
  return parts;
}

/** The range a picture of these lineages covers: their first start to the latest end (or now). */
export function timelineRange(lineages: readonly LineageJson[], nowMillis: number): { startMillis: number; endMillis: number } {
  const startMillis = Math.min(...lineages.map((l) => l.start_millis), nowMillis);
  const endMillis = Math.max(nowMillis, ...lineages.map((l) => l.end_millis ?? nowMillis));
  return { startMillis, endMillis: endMillis + Math.max(60_000, Math.round((endMillis - startMillis) * 0.03)) };
}

/** A compact text table of the lineages: phases with their times, then long waits and ERRORs. */
export function timelineText(lineages: readonly LineageJson[], nowMillis: number, longWaitMillis = LONG_WAIT): string {
  const lines: string[] = [];
  for (const lineage of lineages) {
    const names = lineage.lineage.map((n) => n.index).join(' -> ');
    const ending = lineage.ended === 'deleted' ? `, deleted at ${iso(lineage.end_millis!)}` : lineage.ended === 'gone' ? ', gone (deleted outside ILM)' : '';
    lines.push(`${names} (${isLifecycleGeneration(lineage) ? 'data stream lifecycle' : `policy ${lineage.policy ?? '-'}`}${ending})`);
    for (const phase of lineage.phases) {
      const until =
        phase.end_millis === null
          ? `now (${span(nowMillis - phase.start_millis)})`
          : `${iso(phase.end_millis)} (${span(phase.end_millis - phase.start_millis)})`;
      lines.push(`  ${phase.phase.padEnd(7)} ${iso(phase.start_millis)} -> ${until}`);
    }
    for (const wait of lineage.waits) {
      const lasted = (wait.end_millis ?? nowMillis) - wait.start_millis;
      if (wait.step === 'ERROR') {
        const reason = wait.error ? `: ${wait.error.type}: ${wait.error.reason}` : '';
        lines.push(
          `  ERROR   ${iso(wait.start_millis)} for ${span(lasted)}${wait.end_millis === null ? ' (still)' : ''} at ${wait.phase}/${wait.action}/${wait.failed_step ?? '?'}${wait.retries ? `, ${wait.retries} retries` : ''}${reason}`,
        );
      } else if (wait.step !== 'complete' && lasted >= longWaitMillis) {
        lines.push(
          `  waited  ${iso(wait.start_millis)} for ${span(lasted)}${wait.end_millis === null ? ' (still)' : ''} at ${wait.phase}/${wait.action}/${wait.step} (${wait.index})`,
        );
      }
    }
  }
  return lines.join('\n');
}

export interface TimelinePage {
  readonly title: string;
  readonly lineages: readonly LineageJson[];
  readonly startMillis: number;
  readonly endMillis: number;
  readonly longWaitMillis?: number;
  readonly nowMillis?: number;
  readonly notes?: readonly string[];
  readonly problems?: readonly string[];
  /** More sections after the picture (already HTML), such as the twin's storage plot. */
  readonly sections?: ReadonlyArray<{ readonly heading: string; readonly html: string }>;
}

/** A self-contained HTML page: title, notes, the picture, the problems (or that there are none). */
export function timelineHtml(page: TimelinePage): string {
  return timelineHtmlChunks(page).join('');
}

/** Parts of the page joined per this many: pieces of a few hundred kilobytes. */
const PARTS_PER_CHUNK = 2048;

/**
 * The page of `timelineHtml` in pieces that, written one after the other, make the same text. A large
 * picture is tens of megabytes: one string would be copied again at each join (and held as two bytes
 * a character if one character anywhere is not Latin-1, such as the legend's `≥`); the pieces
 * without such a character stay one byte a character and are written as they are.
 */
export function timelineHtmlChunks(page: TimelinePage): string[] {
  const svg = svgParts(page.lineages, {
    startMillis: page.startMillis,
    endMillis: page.endMillis,
    ...(page.longWaitMillis !== undefined ? { longWaitMillis: page.longWaitMillis } : {}),
    ...(page.nowMillis !== undefined ? { nowMillis: page.nowMillis } : {}),
  });
  const problems = page.problems ?? [];
  const lines = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeXml(page.title)}</title>`,
    '<style>body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1a1c21;margin:24px 32px;max-width:1240px}h1{font-size:22px;font-weight:600}p.note{color:#535966;margin:4px 0}figure{margin:16px 0;overflow-x:auto}ul.problems li{margin:6px 0}.ok{color:#017d73;font-weight:600}.bad{color:#bd271e;font-weight:600}</style>',
    '</head><body>',
    `<h1>${escapeXml(page.title)}</h1>`,
    ...(page.notes ?? []).map((note) => `<p class="note">${escapeXml(note)}</p>`),
    // The picture's elements are lines of their own, between `<figure>` and `</figure>`.
    `<figure>${svg[0]}`,
    ...svg.slice(1, -1),
    `${svg[svg.length - 1]}</figure>`,
    ...(page.sections ?? []).map((section) => `<h2>${escapeXml(section.heading)}</h2><figure>${section.html}</figure>`),
    problems.length === 0
      ? '<p class="ok">No problems found.</p>'
      : `<p class="bad">${problems.length} problem${problems.length === 1 ? '' : 's'}:</p><ul class="problems">${problems.map((p) => `<li>${escapeXml(p)}</li>`).join('')}</ul>`,
    '</body></html>',
    '',
  ];
  const chunks: string[] = [];
  for (let from = 0; from < lines.length; from += PARTS_PER_CHUNK) {
    const to = Math.min(lines.length, from + PARTS_PER_CHUNK);
    // Each chunk but the last ends with the newline between its last line and the next chunk's first.
    chunks.push(lines.slice(from, to).join('\n') + (to < lines.length ? '\n' : ''));
  }
  return chunks;
}
