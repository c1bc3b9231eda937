/**
 * The Quartz-style cron schedules SLM uses (ES `Cron`: seconds, minutes, hours, day of month, month,
 * day of week, optional year), evaluated in UTC: when does a schedule next fire after an instant.
 * Pure; `after` is an argument. Divergence: the `L`, `W` and `#` forms are refused as invalid.
 */
import { monthLength, utcCalendar, utcMillis } from '../xcontent/time';

interface CronFields {
  readonly seconds: ReadonlySet<number>;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly days: ReadonlySet<number> | null;
  readonly months: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number> | null;
  readonly years: ReadonlySet<number> | null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function parseField(text: string, min: number, max: number, names: readonly string[] = [], nameBase = 1): Set<number> | null {
  const out = new Set<number>();
  const value = (s: string): number => {
    const named = names.indexOf(s.toUpperCase());
    if (named >= 0) return named + nameBase;
    if (!/^\d+$/.test(s)) return NaN;
    return Number(s);
  };
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/') as [string, string | undefined];
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) return null;
    let from: number;
    let to: number;
    if (range === '*' || range === '?') {
      from = min;
      to = max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-') as [string, string];
      from = value(a);
      to = value(b);
    } else {
      from = value(range);
      to = stepText === undefined ? from : max;
    }
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < min || to > max || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** Parses a schedule; null when it is not a valid cron expression. */
export function parseCron(expression: string): CronFields | null {
  const parts = expression.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) return null;
  const [s, m, h, dom, mon, dow, year] = parts as [string, string, string, string, string, string, string | undefined];
  // Quartz wants exactly one of day-of-month and day-of-week to be `?`.
  if ((dom === '?') === (dow === '?')) return null;
  const seconds = parseField(s, 0, 59);
  const minutes = parseField(m, 0, 59);
  const hours = parseField(h, 0, 23);
  const months = parseField(mon, 1, 12, MONTHS);
  const days = dom === '?' ? null : parseField(dom, 1, 31);
  const weekdays = dow === '?' ? null : parseField(dow, 1, 7, WEEKDAYS);
  const years = year === undefined ? null : parseField(year, 1970, 2199);
  if (!seconds || !minutes || !hours || !months) return null;
  if (dom !== '?' && !days) return null;
  if (dow !== '?' && !weekdays) return null;
  if (year !== undefined && !years) return null;
  return { seconds, minutes, hours, days, months, weekdays, years };
}

/** The first instant strictly after `after` when the schedule fires, or undefined (invalid or never). */
export function nextCronFire(expression: string, after: number): number | undefined {
  const cron = parseCron(expression);
  if (!cron) return undefined;
  const start = utcCalendar(after - (((after % 1000) + 1000) % 1000) + 1000);
  const sorted = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);
  const hours = sorted(cron.hours);
  const minutes = sorted(cron.minutes);
  const seconds = sorted(cron.seconds);
  let year = start.year;
  let month = start.month;
  let day = start.day;
  // Walk day by day for at most ten years; each matching day tries its times in order.
  for (let guard = 0; guard < 3660; guard++) {
    if (day > monthLength(year, month)) {
      day = 1;
      month++;
      if (month > 12) {
        month = 1;
        year++;
      }
    }
    const dayStart = utcMillis(year, month, day);
    const weekday = utcCalendar(dayStart).weekday;
    const matches =
      cron.months.has(month) &&
      (cron.years === null || cron.years.has(year)) &&
      (cron.days === null || cron.days.has(day)) &&
      (cron.weekdays === null || cron.weekdays.has(weekday));
    if (matches) {
      for (const h of hours) {
        for (const m of minutes) {
          for (const s of seconds) {
            const t = dayStart + ((h * 60 + m) * 60 + s) * 1000;
            if (t > after) return t;
          }
        }
      }
    }
    day++;
  }
  return undefined;
}
