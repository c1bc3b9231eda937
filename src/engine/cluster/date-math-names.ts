/**
 * Date math in index, alias and snapshot names (`<logs-{now/d}-000001>`, `<logs-{now/M{yyyy.MM}}>`,
 * `<logs-{now/d{yyyy.MM.dd|+12:00}}>`), resolved on the simulator's clock the way ES
 * `IndexNameExpressionResolver.DateMathExpressionResolver` and `JavaDateMathParser` do: the same
 * scanning rules, escapes and error messages. Pure: `now` is an argument; time zones are computed from
 * the instant (fixed offsets directly, region ids through `Intl`), never from the host clock.
 */
import { EsError, EsException, illegalArgument, numberFormat, parseException } from '../errors';
import { utcCalendar, utcMillis } from '../xcontent/time';

const UNIT_MILLIS: Readonly<Record<string, number>> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, H: 3_600_000, m: 60_000, s: 1000 };

/** Whether a name is a date-math expression (ES: it starts with `<` and ends with `>`). */
export function isDateMathName(name: string): boolean {
  return name.startsWith('<') && name.endsWith('>');
}

/**
 * ES `DateMathExpressionResolver#resolveExpression`: a name in angle brackets has its `{...}`
 * placeholders replaced by the formatted instant (default format `uuuu.MM.dd`, UTC); any other name
 * comes back unchanged.
 */
export function resolveDateMathName(expression: string, now: number): string {
  if (!isDateMathName(expression)) return expression;
  const text = expression;
  const whole = text.slice(1, -1);
  let escaped = false;
  let inDateFormat = false;
  let inPlaceHolder = false;
  let before = '';
  let placeholder = '';
  for (let i = 1; i < text.length - 1; i++) {
    const escapedChar = escaped;
    if (escaped) escaped = false;
    const c = text[i]!;
    if (c === '\\') {
      if (escapedChar) {
        before += c;
        escaped = false;
      } else {
        escaped = true;
      }
      continue;
    }
    if (inPlaceHolder) {
      if (c === '{') {
        if (inDateFormat && escapedChar) placeholder += c;
        else if (!inDateFormat) {
          inDateFormat = true;
          placeholder += c;
        } else {
          throw new EsException(parseException(`invalid dynamic name expression [${whole}]. invalid character in placeholder at position [${i}]`));
        }
      } else if (c === '}') {
        if (inDateFormat && escapedChar) placeholder += c;
        else if (inDateFormat) {
          inDateFormat = false;
          placeholder += c;
        } else {
          before += resolvePlaceholder(placeholder, now);
          placeholder = '';
          inPlaceHolder = false;
        }
      } else {
        placeholder += c;
      }
    } else if (c === '{') {
      if (escapedChar) before += c;
      else inPlaceHolder = true;
    } else {
      if (c === '}' && !escapedChar) {
        throw new EsException(
          parseException(
            `invalid dynamic name expression [${whole}]. invalid character at position [${i}]. \`{\` and \`}\` are reserved characters and should be escaped when used as part of the index name using \`\\\` (e.g. \`\\{text\\}\`)`,
          ),
        );
      }
      before += c;
    }
  }
  if (inPlaceHolder) throw new EsException(parseException(`invalid dynamic name expression [${whole}]. date math placeholder is open ended`));
  if (before.length === 0) throw new EsException(parseException('nothing captured'));
  return before;
}

/** One `{math{format|zone}}` placeholder's text (without its outer braces). */
function resolvePlaceholder(placeholder: string, now: number): string {
  const formatAt = placeholder.indexOf('{');
  let math = placeholder;
  let pattern = 'uuuu.MM.dd';
  let zone = 'UTC';
  if (formatAt >= 0) {
    if (placeholder.lastIndexOf('}') !== placeholder.length - 1) {
      throw new EsException(parseException(`invalid dynamic name expression [${placeholder}]. missing closing \`}\` for date math format`));
    }
    if (formatAt === placeholder.length - 2) throw new EsException(parseException(`invalid dynamic name expression [${placeholder}]. missing date format`));
    math = placeholder.slice(0, formatAt);
    const patternAndZone = placeholder.slice(formatAt + 1, -1);
    const bar = patternAndZone.indexOf('|');
    pattern = bar === -1 ? patternAndZone : patternAndZone.slice(0, bar);
    if (bar !== -1) zone = patternAndZone.slice(bar + 1);
  }
  const offsetOf = zoneOffsets(zone);
  return formatDatePattern(evaluateDateMath(math, now, offsetOf, pattern), pattern, offsetOf);
}

/** Offset of a zone (millis to add to UTC) at an instant; ES `DateUtils.of`. */
type ZoneOffsets = (instant: number) => number;

function zoneRulesError(zone: string): EsError {
  // Java's `ZoneRulesException` is no ElasticsearchException: ES names it by its class, status 500.
  return { type: 'zone_rules_exception', reason: `Unknown time-zone ID: ${zone}`, status: 500 };
}

function zoneOffsets(zone: string): ZoneOffsets {
  if (zone === 'UTC' || zone === 'Z' || zone === 'GMT' || zone === 'UT') return () => 0;
  const fixed = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (fixed) {
    const millis = (Number(fixed[2]) * 60 + Number(fixed[3] ?? '0')) * 60_000 * (fixed[1] === '-' ? -1 : 1);
    return () => millis;
  }
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new EsException(zoneRulesError(zone));
  }
  return (instant) => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    const wall = utcMillis(parts['year']!, parts['month']!, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!);
    return wall - (instant - (((instant % 1000) + 1000) % 1000));
  };
}

/** The instant whose wall-clock time in the zone is `local` (the earlier one in a gap or overlap). */
function fromLocal(local: number, offsetOf: ZoneOffsets): number {
  const guess = local - offsetOf(local);
  return local - offsetOf(guess);
}

/** ES `JavaDateMathParser#parseMath` over `now` (rounding down), in the zone. */
function evaluateDateMath(math: string, now: number, offsetOf: ZoneOffsets, pattern: string): number {
  if (!math.startsWith('now')) {
    throw new EsException(parseException(`failed to parse date field [${math}] with format [${pattern}]`));
  }
  let local = now + offsetOf(now);
  const text = math.slice(3);
  let i = 0;
  while (i < text.length) {
    const c = text[i++]!;
    let round = false;
    let sign = 0;
    if (c === '/') round = true;
    else if (c === '+') sign = 1;
    else if (c === '-') sign = -1;
    else throw new EsException(parseException(`operator not supported for date math [${math}]`));
    if (i >= text.length) throw new EsException(parseException(`truncated date math [${math}]`));
    let amount = 1;
    if (/[0-9]/.test(text[i]!)) {
      if (round) throw new EsException(parseException(`rounding \`/\` can only be used on single unit types [${math}]`));
      const start = i;
      while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      if (i >= text.length) throw new EsException(parseException(`truncated date math [${math}]`));
      // `Integer.parseInt` of the digits: beyond an int it is a NumberFormatException.
      const digits = text.slice(start, i);
      amount = Number(digits);
      if (amount > 2147483647) throw new EsException(numberFormat(digits));
    }
    const unit = text[i++]!;
    local = round ? roundDown(local, unit, math) : addUnits(local, sign * amount, unit, math);
    if (!(Math.abs(local) <= CALENDAR_LIMIT_MILLIS)) throw new EsException(pastCalendar(math));
  }
  return fromLocal(local, offsetOf);
}

/** The simulator's calendar: JavaScript's date range, years -271821 to 275760. */
const CALENDAR_LIMIT_MILLIS = 8.64e15;

/**
 * Divergence: java.time computes dates up to the year 999999999 (and prints years past 9999 with a `+`),
 * so ES would name an index `logs-+2739823.05.13` for `{now+1000000000d}`; the simulator's calendar
 * ends in the year 275760, and it refuses such date math with a 400 instead of answering a 500.
 */
function pastCalendar(math: string): EsError {
  return illegalArgument(`date math [${math}] reaches past the simulator's calendar (years -271821 to 275760)`);
}

function unitNotSupported(unit: string, math: string): EsException {
  return new EsException(parseException(`unit [${unit}] not supported for date math [${math}]`));
}

function addUnits(t: number, amount: number, unit: string, math: string): number {
  if (unit === 'y' || unit === 'M') {
    const c = utcCalendar(t);
    const months = c.year * 12 + (c.month - 1) + (unit === 'y' ? amount * 12 : amount);
    const year = Math.floor(months / 12);
    if (Math.abs(year) > 275_760) throw new EsException(pastCalendar(math));
    const month = (((months % 12) + 12) % 12) + 1;
    // java.time clamps the day to the target month's length.
    const lastDay = utcCalendar(utcMillis(year, month + 1, 1) - 86_400_000).day;
    return utcMillis(year, month, Math.min(c.day, lastDay), c.hour, c.minute, c.second) + (((t % 1000) + 1000) % 1000);
  }
  const size = UNIT_MILLIS[unit];
  if (size === undefined) throw unitNotSupported(unit, math);
  return t + amount * size;
}

function roundDown(t: number, unit: string, math: string): number {
  const c = utcCalendar(t);
  switch (unit) {
    case 'y':
      return utcMillis(c.year, 1, 1);
    case 'M':
      return utcMillis(c.year, c.month, 1);
    case 'w':
      return utcMillis(c.year, c.month, c.day) - ((c.weekday + 5) % 7) * 86_400_000;
    case 'd':
      return utcMillis(c.year, c.month, c.day);
    case 'h':
    case 'H':
      return utcMillis(c.year, c.month, c.day, c.hour);
    case 'm':
      return utcMillis(c.year, c.month, c.day, c.hour, c.minute);
    case 's':
      return utcMillis(c.year, c.month, c.day, c.hour, c.minute, c.second);
    default:
      throw unitNotSupported(unit, math);
  }
}

/**
 * The instant formatted with a Java date pattern in the zone. Divergence: only the letters index
 * names use (`yyyy`/`uuuu`/`yy`, `MM`, `dd`, `HH`, `mm`, `ss`, quoted text) are known; any other
 * pattern is refused with a parse error.
 */
function formatDatePattern(t: number, pattern: string, offsetOf: ZoneOffsets): string {
  const c = utcCalendar(t + offsetOf(t));
  const two = (n: number) => String(n).padStart(2, '0');
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const letter = pattern[i]!;
    if (letter === "'") {
      const close = pattern.indexOf("'", i + 1);
      if (close < 0) throw new EsException(parseException(`Invalid format: [${pattern}]: Pattern ends with an incomplete string literal: ${pattern}`));
      out += close === i + 1 ? "'" : pattern.slice(i + 1, close);
      i = close + 1;
      continue;
    }
    let run = 1;
    while (pattern[i + run] === letter) run++;
    if (/[A-Za-z]/.test(letter)) {
      // java.time's `SignStyle.EXCEEDS_PAD`: a year wider than the four letters gets a `+`.
      if ((letter === 'y' || letter === 'u') && run === 4) out += `${c.year > 9999 ? '+' : ''}${String(c.year).padStart(4, '0')}`;
      else if ((letter === 'y' || letter === 'u') && run === 2) out += two(c.year % 100);
      else if (letter === 'M' && run === 2) out += two(c.month);
      else if (letter === 'd' && run === 2) out += two(c.day);
      else if (letter === 'H' && run === 2) out += two(c.hour);
      else if (letter === 'm' && run === 2) out += two(c.minute);
      else if (letter === 's' && run === 2) out += two(c.second);
      else throw new EsException(parseException(`Invalid format: [${pattern}]: unsupported pattern letters [${letter.repeat(run)}]`));
    } else {
      out += letter.repeat(run);
    }
    i += run;
  }
  return out;
}
