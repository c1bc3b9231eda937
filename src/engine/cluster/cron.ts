/**
 * The Quartz-style cron schedules SLM uses (ES `xpack.core.scheduler.Cron`, a fork of Quartz's
 * `CronExpression`: seconds, minutes, hours, day of month, month, day of week, optional year),
 * evaluated in UTC as ES evaluates them: when does a schedule next fire after an instant. Supports
 * lists, ranges (overflowing ones such as `22-2` and `NOV-FEB` wrap), steps (`*` or a start before
 * `/`), names, `?`, and the day rules `L`, `L-n`, `LW`, `nW` (day of month), `L`, `nL` and `n#k` (day of
 * week). Pure: `after` is an argument; nothing here reads a clock.
 *
 * Divergence: ES's parser is lenient in ways the simulator refuses (trailing characters it skips, a
 * `W` after a list, a year range beyond 2199); such expressions are invalid here.
 */
import { monthLength, utcCalendar, utcMillis } from '../xcontent/time';

/** How the day of the month or of the week is chosen. */
type DayRule =
  | { readonly kind: 'any' } // '?'
  | { readonly kind: 'set'; readonly values: ReadonlySet<number> }
  | { readonly kind: 'last-day'; readonly offset: number; readonly weekday: boolean } // L, L-n, LW, L-nW
  | { readonly kind: 'nearest-weekday'; readonly day: number } // nW
  | { readonly kind: 'last-weekday-of-month'; readonly weekday: number } // nL
  | { readonly kind: 'nth-weekday'; readonly weekday: number; readonly nth: number }; // n#k

interface CronFields {
  readonly seconds: readonly number[];
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly dayOfMonth: DayRule;
  readonly months: ReadonlySet<number>;
  readonly dayOfWeek: DayRule;
  readonly years: ReadonlySet<number> | null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MAX_YEAR = 2199;

interface FieldSpec {
  readonly min: number;
  readonly max: number;
  /** The modulus an overflowing range wraps at (null: it may not overflow). */
  readonly wrap: number | null;
  readonly names?: readonly string[];
}

const SECONDS: FieldSpec = { min: 0, max: 59, wrap: 60 };
const MINUTES: FieldSpec = { min: 0, max: 59, wrap: 60 };
const HOURS: FieldSpec = { min: 0, max: 23, wrap: 24 };
const DAYS: FieldSpec = { min: 1, max: 31, wrap: 31 };
const MONTH_FIELD: FieldSpec = { min: 1, max: 12, wrap: 12, names: MONTHS };
const WEEKDAY_FIELD: FieldSpec = { min: 1, max: 7, wrap: 7, names: WEEKDAYS };
const YEARS: FieldSpec = { min: 1970, max: MAX_YEAR, wrap: null };

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (const c of s) if (c < '0' || c > '9') return false;
  return true;
}

function fieldValue(text: string, spec: FieldSpec): number {
  if (spec.names) {
    const named = spec.names.indexOf(text);
    if (named >= 0) return named + 1;
  }
  return isDigits(text) ? Number(text) : NaN;
}

/** A list of values, ranges and steps; null when invalid. Overflowing ranges wrap as ES's `addToSet` does. */
function parseSet(text: string, spec: FieldSpec): Set<number> | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const slash = part.indexOf('/');
    const range = slash < 0 ? part : part.slice(0, slash);
    const stepText = slash < 0 ? undefined : part.slice(slash + 1);
    if (stepText !== undefined && !isDigits(stepText)) return null;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step < 1 || step > spec.max) return null;
    let from: number;
    let to: number;
    if (range === '*' || (range === '' && stepText !== undefined)) {
      from = spec.min;
      to = spec.max;
    } else if (range.includes('-')) {
      const [a, b, extra] = range.split('-');
      if (extra !== undefined) return null;
      from = fieldValue(a!, spec);
      to = fieldValue(b!, spec);
    } else {
      from = fieldValue(range, spec);
      to = stepText === undefined ? from : spec.max;
    }
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < spec.min || from > spec.max || to < spec.min || to > spec.max) return null;
    let end = to;
    if (to < from) {
      if (spec.wrap === null) return null;
      end = to + spec.wrap;
    }
    for (let v = from; v <= end; v += step) {
      const real = v > spec.max ? v % spec.wrap! : v;
      out.add(real === 0 && spec.min === 1 ? spec.wrap! : real);
    }
  }
  return out;
}

function parseDayOfMonth(text: string): DayRule | null {
  if (text === '?') return { kind: 'any' };
  if (text.startsWith('L')) {
    // L, L-n, LW, L-nW; ES refuses L in a list.
    let rest = text.slice(1);
    const weekday = rest.endsWith('W');
    if (weekday) rest = rest.slice(0, -1);
    let offset = 0;
    if (rest.length > 0) {
      if (!rest.startsWith('-') || !isDigits(rest.slice(1))) return null;
      offset = Number(rest.slice(1));
      if (offset > 30) return null;
    }
    return { kind: 'last-day', offset, weekday };
  }
  if (text.endsWith('W')) {
    const day = text.slice(0, -1);
    if (!isDigits(day) || Number(day) < 1 || Number(day) > 31) return null;
    return { kind: 'nearest-weekday', day: Number(day) };
  }
  const values = parseSet(text, DAYS);
  return values ? { kind: 'set', values } : null;
}

function parseDayOfWeek(text: string): DayRule | null {
  if (text === '?') return { kind: 'any' };
  // `L` alone is Saturday (the last day of the week).
  if (text === 'L') return { kind: 'set', values: new Set([7]) };
  if (text.endsWith('L')) {
    const weekday = fieldValue(text.slice(0, -1), WEEKDAY_FIELD);
    if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) return null;
    return { kind: 'last-weekday-of-month', weekday };
  }
  const hash = text.indexOf('#');
  if (hash >= 0) {
    const weekday = fieldValue(text.slice(0, hash), WEEKDAY_FIELD);
    const nth = text.slice(hash + 1);
    if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7 || !isDigits(nth) || Number(nth) < 1 || Number(nth) > 5) return null;
    return { kind: 'nth-weekday', weekday, nth: Number(nth) };
  }
  const values = parseSet(text, WEEKDAY_FIELD);
  return values ? { kind: 'set', values } : null;
}

/** Parses a schedule (case-insensitive, as ES upper-cases it); null when it is not a valid cron expression. */
export function parseCron(expression: string): CronFields | null {
  const held = PARSED.get(expression);
  if (held !== undefined) return held;
  const parsed = parseCronFields(expression);
  // A bounded memo (deterministic: the same text always gives the same fields): SLM asks at every fire.
  if (PARSED.size >= PARSED_LIMIT) PARSED.clear();
  PARSED.set(expression, parsed);
  return parsed;
}

const PARSED = new Map<string, CronFields | null>();
const PARSED_LIMIT = 256;

function parseCronFields(expression: string): CronFields | null {
  const parts = expression
    .toUpperCase()
    .split(/[ \t]+/)
    .filter((p) => p.length > 0);
  if (parts.length < 6 || parts.length > 7) return null;
  const [s, m, h, dom, mon, dow, year] = parts as [string, string, string, string, string, string, string | undefined];
  // ES: exactly one of day-of-month and day-of-week is `?`.
  if ((dom === '?') === (dow === '?')) return null;
  const sorted = (set: Set<number> | null): number[] | null => (set ? [...set].sort((a, b) => a - b) : null);
  const seconds = sorted(parseSet(s, SECONDS));
  const minutes = sorted(parseSet(m, MINUTES));
  const hours = sorted(parseSet(h, HOURS));
  const months = parseSet(mon, MONTH_FIELD);
  const dayOfMonth = parseDayOfMonth(dom);
  const dayOfWeek = parseDayOfWeek(dow);
  const years = year === undefined ? null : parseSet(year, YEARS);
  if (!seconds || !minutes || !hours || !months || !dayOfMonth || !dayOfWeek) return null;
  if (year !== undefined && !years) return null;
  return { seconds, minutes, hours, dayOfMonth, months, dayOfWeek, years };
}

/** ES's nearest weekday (Monday to Friday) to `day`, never leaving the month. */
function nearestWeekday(year: number, month: number, day: number): number {
  const last = monthLength(year, month);
  const target = Math.min(day, last);
  const weekday = utcCalendar(utcMillis(year, month, target)).weekday;
  if (weekday === 7) return target === 1 ? target + 2 : target - 1; // Saturday
  if (weekday === 1) return target === last ? target - 2 : target + 1; // Sunday
  return target;
}

/** Whether a day (weekday 1 = Sunday .. 7 = Saturday) matches the day rules. */
function dayMatches(cron: CronFields, year: number, month: number, day: number, weekday: number): boolean {
  const last = monthLength(year, month);
  const dom = cron.dayOfMonth;
  switch (dom.kind) {
    case 'any':
      break;
    case 'set':
      if (!dom.values.has(day)) return false;
      break;
    case 'last-day': {
      const target = last - dom.offset;
      if (target < 1) return false;
      if (day !== (dom.weekday ? nearestWeekday(year, month, target) : target)) return false;
      break;
    }
    case 'nearest-weekday':
      if (dom.day > last || day !== nearestWeekday(year, month, dom.day)) return false;
      break;
    default:
      return false;
  }
  const dow = cron.dayOfWeek;
  switch (dow.kind) {
    case 'any':
      return true;
    case 'set':
      return dow.values.has(weekday);
    case 'last-weekday-of-month':
      return weekday === dow.weekday && day + 7 > last;
    case 'nth-weekday':
      return weekday === dow.weekday && Math.ceil(day / 7) === dow.nth;
    default:
      return false;
  }
}

/** The first instant strictly after `after` when the schedule fires, or undefined (invalid, or never before 2200). */
export function nextCronFire(expression: string, after: number): number | undefined {
  const cron = parseCron(expression);
  if (!cron) return undefined;
  // ES moves a second ahead and drops the milliseconds: the first candidate is the next whole second.
  const first = after - (((after % 1000) + 1000) % 1000) + 1000;
  const start = utcCalendar(first);
  for (let year = start.year; year <= MAX_YEAR; year++) {
    if (cron.years !== null && !cron.years.has(year)) continue;
    for (let month = year === start.year ? start.month : 1; month <= 12; month++) {
      if (!cron.months.has(month)) continue;
      const firstDay = year === start.year && month === start.month ? start.day : 1;
      const days = monthLength(year, month);
      for (let day = firstDay; day <= days; day++) {
        const dayStart = utcMillis(year, month, day);
        if (!dayMatches(cron, year, month, day, utcCalendar(dayStart).weekday)) continue;
        // Hours and minutes wholly before the first candidate are passed over without looking at
        // their seconds, so one call costs at most 24 + 60 + 60 steps per day, not 86,400.
        for (const h of cron.hours) {
          if (dayStart + (h + 1) * 3_600_000 <= first) continue;
          for (const m of cron.minutes) {
            if (dayStart + (h * 60 + m + 1) * 60_000 <= first) continue;
            for (const s of cron.seconds) {
              const t = dayStart + ((h * 60 + m) * 60 + s) * 1000;
              if (t >= first) return t;
            }
          }
        }
      }
    }
  }
  return undefined;
}
