/*
 * Time values and instants for the ILM simulator: parsing and printing of Elasticsearch duration strings
 * ("30d", "500ms"), the human-readable duration format used for `age`, and the two date printers that appear in
 * API responses, plus a strict instant parser for simulator options.
 * Everything here is a pure function of its arguments: it never reads the wall clock, draws random
 * numbers, sets timers, touches the process or the console, or imports node modules. The simulated clock
 * lives elsewhere.
 */

/** A point in time (epoch milliseconds, UTC) or a duration in milliseconds. */
export type Millis = number;

/** Units understood by ES `TimeValue` (the suffix printed by `getStringRep`). */
export type TimeUnit = 'nanos' | 'micros' | 'ms' | 's' | 'm' | 'h' | 'd';

/**
 * A parsed duration, as ES keeps it: the number and unit exactly as written, plus its length in milliseconds.
 *
 * - `millis` is fractional for `nanos` and `micros` values (5nanos -> 0.000005). ES itself truncates here
 *   (`TimeValue.millis()` is a long); use `Math.trunc` where the ES integer is wanted.
 * - `duration` is `-1` for every accepted negative form (`-1`, `-1d`, `-01h`, ...). Note that `millis` is then
 *   -1 times the unit (`-1d` -> -86 400 000), exactly like ES; only the bare `-1` is ES's MINUS_ONE (-1 ms).
 * - `millis` saturates at Java's Long.MAX_VALUE (as a double, 2^63) like `TimeUnit.toMillis`.
 * - `duration` is a JS number: values above 2^53 (only reachable with absurd inputs such as
 *   `9223372036854775807d`, which ES accepts) lose precision in `duration` and hence in `timeValueStringRep`.
 */
export interface TimeValue {
  readonly duration: number;
  readonly unit: TimeUnit;
  readonly millis: number;
}

export type ParseTimeValueResult = { ok: true; value: TimeValue } | { ok: false; reason: string };
export type ParseInstantResult = { ok: true; millis: number } | { ok: false; reason: string };

// ---------------------------------------------------------------------------------------------------------------
// Java helpers (behaviour of the JDK functions ES relies on)
// ---------------------------------------------------------------------------------------------------------------

const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;
/** (double) Long.MAX_VALUE, i.e. 2^63. */
const LONG_MAX_AS_DOUBLE = 2 ** 63;

/** Java `String.trim()`: strips every char <= U+0020 at both ends (unlike JS trim, which is Unicode-aware). */
function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * Java `Character.digit(char, 10)`: ASCII digits and every other BMP Unicode decimal digit (general category Nd).
 * Nd characters come in aligned runs of ten (0..9), so a digit's value is its offset from the start of its run.
 * A lone UTF-16 surrogate is never a digit, matching Java's per-char loop in Long.parseLong.
 */
function javaDigit(codeUnit: number): number {
  if (codeUnit >= 0x30 && codeUnit <= 0x39) return codeUnit - 0x30;
  if (codeUnit < 0x80 || !DECIMAL_DIGIT.test(String.fromCharCode(codeUnit))) return -1;
  let start = codeUnit;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCharCode(start - 1))) start--;
  return (codeUnit - start) % 10;
}

/** Java `Long.parseLong(s)`: optional sign, at least one digit, within the signed 64-bit range; else null. */
function javaParseLong(s: string): bigint | null {
  if (s.length === 0) return null;
  let i = 0;
  let negative = false;
  const first = s.charAt(0);
  if (first === '+' || first === '-') {
    negative = first === '-';
    i = 1;
    if (s.length === 1) return null;
  }
  let value = 0n;
  for (; i < s.length; i++) {
    const digit = javaDigit(s.charCodeAt(i));
    if (digit < 0) return null;
    value = value * 10n + BigInt(digit);
  }
  if (negative) value = -value;
  return value < LONG_MIN || value > LONG_MAX ? null : value;
}

/**
 * Whether Java `Double.parseDouble(s)` would succeed, for an already lower-cased and trimmed `s`. Grammar: optional
 * sign, then a decimal literal (`5`, `5.`, `.5`, `1.5e3`) or a hex literal with binary exponent (`0x1.8p1`),
 * then an optional `f`/`d` type suffix. `NaN`/`Infinity` are case-sensitive in Java, so after lower-casing they
 * can never match.
 */
const JAVA_DOUBLE_SYNTAX = /^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?|0x(?:[0-9a-f]+\.?|[0-9a-f]*\.[0-9a-f]+)p[+-]?[0-9]+)[fd]?$/;

/**
 * Java `Double.toString(v)` (JDK 19+ shortest-digit algorithm): plain notation with at least one fraction digit
 * for 1e-3 <= |v| < 1e7, otherwise `d.dddE[-]n`. JS shortest round-trip digits are the same for every value this
 * module formats (see formatHumanReadable).
 */
function javaDoubleToString(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(v);
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = String(v); // never exponential in this range
    return plain.includes('.') ? plain : `${plain}.0`;
  }
  const exp = v.toExponential(); // shortest digits, e.g. "1.5e+7", "2e-4"
  const eAt = exp.indexOf('e');
  let mantissa = exp.slice(0, eAt);
  if (!mantissa.includes('.')) mantissa += '.0';
  const exponent = exp.slice(eAt + 1).replace('+', '');
  return `${mantissa}E${exponent}`;
}

// ---------------------------------------------------------------------------------------------------------------
// TimeValue parsing (ES TimeValue.parseTimeValue(String, String))
// ---------------------------------------------------------------------------------------------------------------

/** Milliseconds per unit for the units that are whole milliseconds. */
const UNIT_MILLIS: Readonly<Record<'ms' | 's' | 'm' | 'h' | 'd', bigint>> = {
  ms: 1n,
  s: 1000n,
  m: 60_000n,
  h: 3_600_000n,
  d: 86_400_000n,
};

function makeTimeValue(duration: bigint, unit: TimeUnit): TimeValue {
  let millis: number;
  if (unit === 'nanos') {
    millis = Number(duration) / 1e6;
  } else if (unit === 'micros') {
    millis = Number(duration) / 1e3;
  } else {
    const exact = duration * UNIT_MILLIS[unit];
    millis = exact > LONG_MAX ? LONG_MAX_AS_DOUBLE : Number(exact);
  }
  return Object.freeze({ duration: Number(duration), unit, millis });
}

/**
 * The text ES's `p.text()` would hand to `parseTimeValue` for a decoded JSON value, or an error reason.
 *
 * All ILM duration fields (`min_age`, rollover `max_age`, `min_age` conditions, downsample `timeout`, ...) are
 * declared with `ObjectParser.ValueType.VALUE`, which admits strings, numbers, booleans and null:
 * - strings: as is;
 * - numbers: their JSON text. We only have the decoded number, so `String(n)` stands in for it. This is exact for
 *   ordinary integers (0 -> "0", -1 -> "-1", 5 -> "5"), but JSON `0.0`, `-0`, `1.0` or `1e3` decode to 0, 0, 1 and
 *   1000: ES would reject `0.0`/`-0` ("unit is missing") and echo `1e3` verbatim, while we see "0"/"1000". Callers
 *   that kept the raw token text should pass that string instead.
 * - booleans: Jackson's text, `"true"` / `"false"` (which then fail with "unit is missing or unrecognized");
 * - null: `p.text()` throws `IllegalStateException("Can't get text on a VALUE_NULL at <line>:<col>")`; we return
 *   that message without the location, which we do not know;
 * - objects/arrays never reach the value parser: ObjectParser throws
 *   `[<parser>] <field> doesn't support values of type: START_OBJECT` (or START_ARRAY). We return the message
 *   without the leading `[<parser>] ` (the caller knows the parser name, e.g. `phase`).
 * - anything else (undefined, functions, symbols) is not a JSON value; a bigint is treated like a number.
 */
function timeValueText(input: unknown, settingName: string): { ok: true; text: string } | { ok: false; reason: string } {
  switch (typeof input) {
    case 'string':
      return { ok: true, text: input };
    case 'number':
    case 'bigint':
    case 'boolean':
      return { ok: true, text: String(input) };
    case 'object':
      if (input === null) return { ok: false, reason: "Can't get text on a VALUE_NULL" };
      return {
        ok: false,
        reason: `${settingName} doesn't support values of type: ${Array.isArray(input) ? 'START_ARRAY' : 'START_OBJECT'}`,
      };
    default:
      return { ok: false, reason: `${settingName} is not a JSON value` };
  }
}

/**
 * ES `TimeValue.parseTimeValue(value, settingName)`.
 *
 * The input is lower-cased and Java-trimmed, then the unit suffix is looked for in the order nanos, micros, ms, s,
 * m, h, d. The `m` test alone is made on the original text (ES treats `M` as months), so `"5M"` and also `" 5m "`
 * (trailing blank) are rejected while `"5MS"`, `"5D"` and `" 5d "` are accepted. Without a suffix only `-1`
 * (`-0*1`) and zero (`0+`) are accepted. The number before the suffix is read like Java `Long.parseLong` (optional
 * sign, digits, 64-bit range); `-1` is the only negative allowed. A number out of the 64-bit range is reported as
 * "fractional" because Java's `Double.parseDouble` accepts it. Every message echoes the original, untrimmed,
 * un-lowercased text.
 */
export function parseTimeValue(input: unknown, settingName: string): ParseTimeValueResult {
  const text = timeValueText(input, settingName);
  if (!text.ok) return text;
  const original = text.text;
  const normalized = javaTrim(original.toLowerCase());

  let unit: TimeUnit | undefined;
  if (normalized.endsWith('nanos')) unit = 'nanos';
  else if (normalized.endsWith('micros')) unit = 'micros';
  else if (normalized.endsWith('ms')) unit = 'ms';
  else if (normalized.endsWith('s')) unit = 's';
  else if (original.endsWith('m')) unit = 'm';
  else if (normalized.endsWith('h')) unit = 'h';
  else if (normalized.endsWith('d')) unit = 'd';

  if (unit === undefined) {
    if (/^-0*1$/.test(normalized)) return { ok: true, value: makeTimeValue(-1n, 'ms') };
    if (/^0+$/.test(normalized)) return { ok: true, value: makeTimeValue(0n, 'ms') };
    return {
      ok: false,
      reason: `failed to parse setting [${settingName}] with value [${original}] as a time value: unit is missing or unrecognized`,
    };
  }

  const numberText = javaTrim(normalized.slice(0, normalized.length - unit.length));
  const value = javaParseLong(numberText);
  if (value === null) {
    if (JAVA_DOUBLE_SYNTAX.test(numberText)) {
      return { ok: false, reason: `failed to parse [${original}], fractional time values are not supported` };
    }
    return { ok: false, reason: `failed to parse [${original}]` };
  }
  if (value < -1n) {
    return {
      ok: false,
      reason: `failed to parse setting [${settingName}] with value [${original}] as a time value: negative durations are not supported`,
    };
  }
  return { ok: true, value: makeTimeValue(value, unit) };
}

/** ES `TimeValue.getStringRep()`: the parsed number and unit verbatim (`30d`, `300s`, `0ms`), `-1` when negative. */
export function timeValueStringRep(v: TimeValue): string {
  if (v.duration < 0) return integerText(v.duration);
  return `${integerText(v.duration)}${v.unit}`;
}

/** A whole number printed like Java's long (never exponential). */
function integerText(n: number): string {
  return BigInt(Math.trunc(n)).toString();
}

// ---------------------------------------------------------------------------------------------------------------
// Human-readable durations (ES TimeValue.toHumanReadableString(n))
// ---------------------------------------------------------------------------------------------------------------

const NANOS_PER_MICRO = 1e3;
const NANOS_PER_MILLI = 1e6;
const NANOS_PER_SECOND = 1e9;
const NANOS_PER_MINUTE = 6e10;
const NANOS_PER_HOUR = 3.6e12;
const NANOS_PER_DAY = 8.64e13;

/**
 * ES `TimeValue.formatDecimal`: Java's digits of `value`, at most `fractionDigits` fraction digits kept by
 * truncation, trailing zeros dropped, and the point dropped when nothing (non-zero) is left. An exponent, if any,
 * is kept.
 */
function formatDecimal(value: number, fractionDigits: number): string {
  const p = javaDoubleToString(value);
  const fractionStart = p.indexOf('.') + 1;
  const exponentAt = p.indexOf('E');
  const fractionEnd = exponentAt === -1 ? Math.min(fractionStart + fractionDigits, p.length) : exponentAt;
  const exponent = exponentAt === -1 ? '' : p.slice(exponentAt);
  const shownFraction = p.slice(fractionStart, fractionEnd);
  if (fractionDigits <= 0 || !/[1-9]/.test(shownFraction)) {
    return p.slice(0, fractionStart - 1) + exponent;
  }
  const kept = shownFraction.slice(0, fractionDigits).replace(/0+$/, '');
  return p.slice(0, fractionStart) + kept + exponent;
}

/**
 * ES `TimeValue.timeValueMillis(millis).toHumanReadableString(fractionDigits)`.
 *
 * Negative -> the number itself (`-1`; ES cannot even build a TimeValue below -1, so other negatives are printed
 * the same way after truncation toward zero). Zero -> `0s`. Otherwise the largest unit in which the value is at
 * least 1 (d, h, m, s, ms, micros, nanos) with at most `fractionDigits` (clamped to 0..10) fraction digits, cut
 * off rather than rounded: 59 999 ms -> `59.99s`, 1.9993 days -> `1.99d`.
 *
 * Fractional `millis` (from nanos/micros values) are rounded to whole nanoseconds first. Like ES, the nanosecond
 * count saturates at Long.MAX_VALUE, so the largest output is `106751.99d`. Values in the chosen unit are always
 * in [1, 106752), where JS shortest round-trip digits equal JDK 19+ `Double.toString`; JDKs before 19 could
 * print an extra digit, which can only affect the last, truncated, digit.
 */
export function formatHumanReadable(millis: number, fractionDigits: number): string {
  if (Number.isNaN(millis)) throw new RangeError('formatHumanReadable: millis is NaN');
  if (millis < 0) {
    if (millis === -Infinity || millis < Number(LONG_MIN)) return LONG_MIN.toString();
    return integerText(millis);
  }
  const digits = Number.isFinite(fractionDigits) ? Math.min(10, Math.max(0, Math.trunc(fractionDigits))) : fractionDigits > 0 ? 10 : 0;
  // (double) of the Java long nanos(): the correctly rounded product, saturated at Long.MAX_VALUE.
  const rawNanos = Number.isInteger(millis) ? millis * NANOS_PER_MILLI : Math.round(millis * NANOS_PER_MILLI);
  const nanos = Math.min(rawNanos, LONG_MAX_AS_DOUBLE);
  if (nanos === 0) return '0s';
  let value = nanos;
  let suffix = 'nanos';
  if (nanos >= NANOS_PER_DAY) {
    value = nanos / NANOS_PER_DAY;
    suffix = 'd';
  } else if (nanos >= NANOS_PER_HOUR) {
    value = nanos / NANOS_PER_HOUR;
    suffix = 'h';
  } else if (nanos >= NANOS_PER_MINUTE) {
    value = nanos / NANOS_PER_MINUTE;
    suffix = 'm';
  } else if (nanos >= NANOS_PER_SECOND) {
    value = nanos / NANOS_PER_SECOND;
    suffix = 's';
  } else if (nanos >= NANOS_PER_MILLI) {
    value = nanos / NANOS_PER_MILLI;
    suffix = 'ms';
  } else if (nanos >= NANOS_PER_MICRO) {
    value = nanos / NANOS_PER_MICRO;
    suffix = 'micros';
  }
  return formatDecimal(value, digits) + suffix;
}

/** Explain's `age` and `time_since_index_creation`: `toHumanReadableString(2)` (`2.05m`, `14.28d`). */
export function formatAge(millis: number): string {
  return formatHumanReadable(millis, 2);
}

/** ES `TimeValue.toString()` = `toHumanReadableString(1)` (`2m` for 123 456 ms); used in phase-timing messages. */
export function formatTimeValueToString(millis: number): string {
  return formatHumanReadable(millis, 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------------------------

const MILLIS_PER_DAY = 86_400_000;

interface UtcFields {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
  hour: number;
  minute: number;
  second: number;
  milli: number;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of daysFromCivil. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

function utcFields(millis: number, caller: string): UtcFields {
  if (!Number.isSafeInteger(millis)) {
    throw new RangeError(`${caller}: expected an integer number of epoch milliseconds, got ${String(millis)}`);
  }
  const days = Math.floor(millis / MILLIS_PER_DAY);
  let rest = millis - days * MILLIS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  const milli = rest - second * 1000;
  return { year, month, day, hour, minute, second, milli };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Year as printed by both java.time `LocalDate.toString()` and ES's `appendValue(YEAR, 4, .., EXCEEDS_PAD)`:
 * four digits for 0..9999, `+` and all digits above, `-` and at least four digits below zero.
 */
function yearText(year: number): string {
  if (year < 0) return `-${pad(-year, 4)}`;
  if (year > 9999) return `+${year}`;
  return pad(year, 4);
}

function dateText(f: UtcFields): string {
  return `${yearText(f.year)}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
}

/**
 * The ES `strict_date_optional_time` printer in UTC, as used for `?human` companions of `*_millis` fields:
 * `2018-10-15T13:45:21.981Z`, always seconds and exactly three fraction digits. Throws RangeError for a value
 * that is not a safe integer.
 */
export function formatEsDate(millis: number): string {
  const f = utcFields(millis, 'formatEsDate');
  return `${dateText(f)}T${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}.${pad(f.milli, 3)}Z`;
}

/**
 * Java `ZonedDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC).toString()`, as used for the GET
 * policy `modified_date`: `HH:mm`, then `:ss` only if seconds or millis are non-zero, then `.SSS` only if millis
 * are non-zero, then `Z` (`2024-01-01T00:00Z`, `...T18:42:08Z`, `...T18:42:00.120Z`). Throws RangeError for a
 * value that is not a safe integer.
 */
export function formatJavaInstantString(millis: number): string {
  const f = utcFields(millis, 'formatJavaInstantString');
  let time = `${pad(f.hour, 2)}:${pad(f.minute, 2)}`;
  if (f.second > 0 || f.milli > 0) {
    time += `:${pad(f.second, 2)}`;
    if (f.milli > 0) time += `.${pad(f.milli, 3)}`;
  }
  return `${dateText(f)}T${time}Z`;
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

const INSTANT_FORMS =
  'expected epoch milliseconds (an integer or a string of digits), a date YYYY-MM-DD (midnight UTC), ' +
  'or a date-time YYYY-MM-DDTHH:mm[:ss[.fraction]] followed by Z or an offset such as +02:00';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Strict instant parser for simulator options and control routes. Accepts:
 * - a number that is a safe integer: epoch milliseconds (may be negative);
 * - a string of ASCII digits only: epoch milliseconds;
 * - `YYYY-MM-DD`: midnight UTC of that day;
 * - `YYYY-MM-DDTHH:mm[:ss[.f…]]` with `Z` or an offset `±HH`, `±HHMM`, `±HH:MM` (at most ±18:00, as in
 *   java.time). Up to nine fraction digits are allowed (`.` or `,`); digits beyond milliseconds are dropped
 *   (truncation, i.e. towards the past).
 * A date-time without a zone is rejected: its meaning would depend on the machine's time zone. So are
 * leap seconds (`:60`), `24:00`, impossible calendar dates, surrounding blanks and every other form.
 * Computed with integer arithmetic only; no Date parsing is involved.
 */
/** `written`: a number's text as the request wrote it, for the message (`numberAsWritten`). */
export function parseInstant(input: unknown, written?: string): ParseInstantResult {
  if (typeof input === 'number') {
    if (Number.isSafeInteger(input)) return { ok: true, millis: input };
    return {
      ok: false,
      reason: `invalid instant [${written ?? String(input)}]: epoch milliseconds must be a finite integer within ±${Number.MAX_SAFE_INTEGER}`,
    };
  }
  if (typeof input !== 'string') {
    return { ok: false, reason: `invalid instant: got ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}; ${INSTANT_FORMS}` };
  }
  if (/^[0-9]+$/.test(input)) {
    const millis = Number(input);
    if (Number.isSafeInteger(millis)) return { ok: true, millis };
    return { ok: false, reason: `invalid instant [${input}]: epoch milliseconds must not exceed ${Number.MAX_SAFE_INTEGER}` };
  }
  const m = ISO_INSTANT.exec(input);
  if (m === null) {
    return { ok: false, reason: `invalid instant [${input}]: ${INSTANT_FORMS}` };
  }
  const [, yearS, monthS, dayS, hourS, minuteS, secondS, fractionS, zulu, sign, offHourS, offMinuteS] = m;
  const year = Number(yearS);
  const month = Number(monthS);
  const day = Number(dayS);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, reason: `invalid instant [${input}]: no such date` };
  }
  let millis = daysFromCivil(year, month, day) * MILLIS_PER_DAY;
  if (hourS === undefined) return { ok: true, millis };

  if (zulu === undefined && sign === undefined) {
    return {
      ok: false,
      reason: `invalid instant [${input}]: a date-time needs Z or an explicit offset such as +02:00 (a local time would depend on the machine's time zone)`,
    };
  }
  const hour = Number(hourS);
  const minute = Number(minuteS);
  const second = secondS === undefined ? 0 : Number(secondS);
  if (hour > 23 || minute > 59 || second > 59) {
    return { ok: false, reason: `invalid instant [${input}]: no such time of day` };
  }
  const milli = fractionS === undefined ? 0 : Number(fractionS.slice(0, 3).padEnd(3, '0'));
  millis += ((hour * 60 + minute) * 60 + second) * 1000 + milli;
  if (sign !== undefined) {
    const offHour = Number(offHourS);
    const offMinute = offMinuteS === undefined ? 0 : Number(offMinuteS);
    if (offMinute > 59 || offHour * 60 + offMinute > 18 * 60) {
      return { ok: false, reason: `invalid instant [${input}]: offset out of range (at most ±18:00)` };
    }
    const offsetMillis = (offHour * 60 + offMinute) * 60_000;
    millis += sign === '+' ? -offsetMillis : offsetMillis;
  }
  return { ok: true, millis };
}

const WEEKDAY_NAMES = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Java `new Date(millis).toString()` on a JVM whose default time zone is UTC (`EEE MMM dd HH:mm:ss zzz
 * yyyy`, e.g. `Mon Jan 01 00:00:00 UTC 2024`), as ILM's `wait-for-snapshot` step_info prints it.
 * Divergence: a JVM in another zone prints its local time and zone name; the simulator assumes UTC.
 */
export function formatJavaDateToString(millis: number): string {
  const f = utcFields(millis, 'formatJavaDateToString');
  const days = Math.floor(millis / MILLIS_PER_DAY);
  const weekday = WEEKDAY_NAMES[((days % 7) + 7) % 7]!;
  return `${weekday} ${MONTH_NAMES[f.month - 1]} ${pad(f.day, 2)} ${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)} UTC ${f.year}`;
}

/** The UTC calendar fields of an instant (for date-math names and cron schedules). */
export function utcCalendar(millis: number): { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number } {
  const f = utcFields(millis, 'utcCalendar');
  const days = Math.floor(millis / MILLIS_PER_DAY);
  // 1 = Sunday ... 7 = Saturday (Quartz numbering); 1970-01-01 was a Thursday.
  const weekday = ((((days + 4) % 7) + 7) % 7) + 1;
  return { year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, second: f.second, weekday };
}

/** Epoch millis of a UTC calendar instant (month 1..12; out-of-range days/months are not normalised). */
export function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return daysFromCivil(year, month, day) * MILLIS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000;
}

/** Days in a month of the proleptic Gregorian calendar. */
export function monthLength(year: number, month: number): number {
  return daysInMonth(year, month);
}
