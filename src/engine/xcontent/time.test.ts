import { describe, it } from 'node:test';
import { expect } from 'chai';

import {
  formatAge,
  formatEsDate,
  formatHumanReadable,
  formatJavaInstantString,
  formatTimeValueToString,
  parseInstant,
  parseTimeValue,
  timeValueStringRep,
  type TimeUnit,
} from './time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatAge (toHumanReadableString(2))', () => {
  const cases: Array<[number, string]> = [
    [0, '0s'],
    [999, '999ms'],
    [1500, '1.5s'],
    [15000, '15s'],
    [59999, '59.99s'],
    [90000, '1.5m'],
    [123456, '2.05m'],
    [3600000, '1h'],
    [86400001, '1d'],
    [441000000, '5.1d'],
    [1234567890, '14.28d'],
    [DAY + 23 * HOUR + 59 * MINUTE, '1.99d'], // 1.9993d, truncated not rounded
    [36 * HOUR, '1.5d'],
    [90 * MINUTE, '1.5h'],
    [3 * MINUTE, '3m'],
    [10500, '10.5s'],
    [1.5, '1.5ms'], // 1 500 micros
    [0.005, '5micros'],
    [0.000005, '5nanos'],
    [-1, '-1'],
    [2 ** 62, '106751.99d'], // nanos saturate at Long.MAX_VALUE
  ];
  for (const [millis, expected] of cases) {
    it(`${millis} ms -> ${expected}`, () => {
      expect(formatAge(millis)).to.equal(expected);
    });
  }
});

describe('formatTimeValueToString (toHumanReadableString(1))', () => {
  const cases: Array<[number, string]> = [
    [123456, '2m'],
    [300 * SECOND, '5m'],
    [DAY + 23 * HOUR + 59 * MINUTE, '1.9d'],
    [59999, '59.9s'],
    [1234567890, '14.2d'],
    [0, '0s'],
    [-1, '-1'],
  ];
  for (const [millis, expected] of cases) {
    it(`${millis} ms -> ${expected}`, () => {
      expect(formatTimeValueToString(millis)).to.equal(expected);
    });
  }
});

describe('formatHumanReadable fraction digits', () => {
  const cases: Array<[number, number, string]> = [
    [1234567890, 0, '14d'],
    [1234567890, 4, '14.2889d'],
    [1234567890, 99, '14.2889802083d'], // clamped to 10 digits
    [1234567890, -3, '14d'],
    [86400001, 10, '1.0000000115d'],
  ];
  for (const [millis, digits, expected] of cases) {
    it(`${millis} ms with ${digits} digits -> ${expected}`, () => {
      expect(formatHumanReadable(millis, digits)).to.equal(expected);
    });
  }
});

describe('parseTimeValue successes', () => {
  const cases: Array<[unknown, string, TimeUnit, number, number]> = [
    // input, string rep, unit, duration, millis
    ['30d', '30d', 'd', 30, 30 * DAY],
    ['1h', '1h', 'h', 1, HOUR],
    ['10s', '10s', 's', 10, 10 * SECOND],
    ['300s', '300s', 's', 300, 300 * SECOND],
    ['500ms', '500ms', 'ms', 500, 500],
    [' 5d ', '5d', 'd', 5, 5 * DAY],
    ['5D', '5d', 'd', 5, 5 * DAY],
    ['5H', '5h', 'h', 5, 5 * HOUR],
    ['5S', '5s', 's', 5, 5 * SECOND],
    ['5MS', '5ms', 'ms', 5, 5],
    ['5m', '5m', 'm', 5, 5 * MINUTE],
    ['5 m', '5m', 'm', 5, 5 * MINUTE],
    ['+5d', '5d', 'd', 5, 5 * DAY],
    ['0', '0ms', 'ms', 0, 0],
    ['00', '0ms', 'ms', 0, 0],
    [0, '0ms', 'ms', 0, 0],
    ['0d', '0d', 'd', 0, 0],
    ['-1', '-1', 'ms', -1, -1],
    ['-001', '-1', 'ms', -1, -1],
    [-1, '-1', 'ms', -1, -1],
    ['-1d', '-1', 'd', -1, -DAY], // ES keeps the unit: millis() is -1 day
    ['5nanos', '5nanos', 'nanos', 5, 0.000005],
    ['5micros', '5micros', 'micros', 5, 0.005],
    ['5NANOS', '5nanos', 'nanos', 5, 0.000005],
  ];
  for (const [input, rep, unit, duration, millis] of cases) {
    it(`${JSON.stringify(input)} -> ${rep}`, () => {
      const r = parseTimeValue(input, 'min_age');
      if (!r.ok) throw new Error(r.reason);
      expect(r.value.unit).to.equal(unit);
      expect(r.value.duration).to.equal(duration);
      expect(r.value.millis).to.be.closeTo(millis, 1e-12);
      expect(timeValueStringRep(r.value)).to.equal(rep);
    });
  }

  it('accepts the largest Java long (and saturates millis like TimeUnit.toMillis)', () => {
    const r = parseTimeValue('9223372036854775807d', 'max_age');
    if (!r.ok) throw new Error(r.reason);
    expect(r.value.millis).to.equal(2 ** 63);
  });
});

describe('parseTimeValue errors (messages verbatim, original text echoed)', () => {
  const unitMissing = (name: string, v: string): string =>
    `failed to parse setting [${name}] with value [${v}] as a time value: unit is missing or unrecognized`;
  const cases: Array<[unknown, string, string]> = [
    ['10', 'min_age', unitMissing('min_age', '10')],
    ['5y', 'min_age', unitMissing('min_age', '5y')],
    ['5M', 'max_age', unitMissing('max_age', '5M')],
    [' 5m ', 'min_age', unitMissing('min_age', ' 5m ')], // the m check looks at the untrimmed text
    ['', 'min_age', unitMissing('min_age', '')],
    ['-0', 'min_age', unitMissing('min_age', '-0')],
    [5, 'min_age', unitMissing('min_age', '5')],
    [true, 'min_age', unitMissing('min_age', 'true')],
    ['-5d', 'min_age', 'failed to parse setting [min_age] with value [-5d] as a time value: negative durations are not supported'],
    [' -5D', 'timeout', 'failed to parse setting [timeout] with value [ -5D] as a time value: negative durations are not supported'],
    ['1.5d', 'min_age', 'failed to parse [1.5d], fractional time values are not supported'],
    ['1.5D', 'min_age', 'failed to parse [1.5D], fractional time values are not supported'],
    ['5.s', 'min_age', 'failed to parse [5.s], fractional time values are not supported'],
    ['1e3s', 'min_age', 'failed to parse [1e3s], fractional time values are not supported'],
    // out of the long range: Long.parseLong fails, Double.parseDouble does not
    ['99999999999999999999d', 'min_age', 'failed to parse [99999999999999999999d], fractional time values are not supported'],
    ['9223372036854775808d', 'min_age', 'failed to parse [9223372036854775808d], fractional time values are not supported'],
    ['xd', 'min_age', 'failed to parse [xd]'],
    ['d', 'min_age', 'failed to parse [d]'],
    ['5 5h', 'min_age', 'failed to parse [5 5h]'],
    ['nand', 'min_age', 'failed to parse [nand]'],
    [null, 'min_age', "Can't get text on a VALUE_NULL"],
    [{}, 'min_age', "min_age doesn't support values of type: START_OBJECT"],
    [['1d'], 'min_age', "min_age doesn't support values of type: START_ARRAY"],
    [undefined, 'min_age', 'min_age is not a JSON value'],
  ];
  for (const [input, name, reason] of cases) {
    it(`${JSON.stringify(input) ?? 'undefined'} -> ${reason}`, () => {
      expect(parseTimeValue(input, name)).to.deep.equal({ ok: false, reason });
    });
  }
});

describe('formatEsDate (strict_date_optional_time, UTC)', () => {
  const cases: Array<[number, string]> = [
    [1539611121981, '2018-10-15T13:45:21.981Z'],
    [0, '1970-01-01T00:00:00.000Z'],
    [Date.UTC(2024, 0, 1), '2024-01-01T00:00:00.000Z'],
    [Date.UTC(2024, 1, 29, 18, 42, 0, 7), '2024-02-29T18:42:00.007Z'],
    [-1, '1969-12-31T23:59:59.999Z'],
    [253402300800000, '+10000-01-01T00:00:00.000Z'],
  ];
  for (const [millis, expected] of cases) {
    it(`${millis} -> ${expected}`, () => {
      expect(formatEsDate(millis)).to.equal(expected);
    });
  }
  it('rejects non-integers', () => {
    expect(() => formatEsDate(1.5)).to.throw(RangeError);
  });
});

describe('formatJavaInstantString (ZonedDateTime UTC toString)', () => {
  const cases: Array<[number, string]> = [
    [Date.UTC(2024, 0, 1), '2024-01-01T00:00Z'], // exact midnight: no seconds
    [Date.UTC(2024, 0, 1, 5), '2024-01-01T05:00Z'], // zero minutes
    [Date.UTC(2019, 1, 13, 18, 42), '2019-02-13T18:42Z'], // zero seconds
    [Date.UTC(2019, 1, 13, 18, 42, 8), '2019-02-13T18:42:08Z'], // zero millis
    [Date.UTC(2019, 1, 13, 18, 42, 8, 123), '2019-02-13T18:42:08.123Z'],
    [Date.UTC(2019, 1, 13, 18, 42, 0, 120), '2019-02-13T18:42:00.120Z'], // millis force seconds
    [0, '1970-01-01T00:00Z'],
    [-1, '1969-12-31T23:59:59.999Z'],
    [-62167219200000, '0000-01-01T00:00Z'],
    [-62167219200001, '-0001-12-31T23:59:59.999Z'],
    [253402300800000, '+10000-01-01T00:00Z'],
  ];
  for (const [millis, expected] of cases) {
    it(`${millis} -> ${expected}`, () => {
      expect(formatJavaInstantString(millis)).to.equal(expected);
    });
  }
});

describe('parseInstant', () => {
  const accepted: Array<[unknown, number]> = [
    [0, 0],
    [1700000000000, 1700000000000],
    [-86400000, -86400000],
    ['1700000000000', 1700000000000],
    ['0', 0],
    ['2024-01-01', Date.UTC(2024, 0, 1)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2024-01-01T00:00:00Z', Date.UTC(2024, 0, 1)],
    ['2024-01-01T10:20Z', Date.UTC(2024, 0, 1, 10, 20)],
    ['2018-10-15T13:45:21.981Z', 1539611121981],
    ['2018-10-15T13:45:21.9Z', Date.UTC(2018, 9, 15, 13, 45, 21, 900)],
    ['2018-10-15T13:45:21.981999999Z', 1539611121981], // sub-millisecond digits truncated
    ['2018-10-15T13:45:21,981Z', 1539611121981],
    ['2024-01-01T02:00:00+02:00', Date.UTC(2024, 0, 1)],
    ['2024-01-01T02:00:00+0200', Date.UTC(2024, 0, 1)],
    ['2024-01-01T02:00:00+02', Date.UTC(2024, 0, 1)],
    ['2023-12-31T19:30:00-04:30', Date.UTC(2024, 0, 1)],
    ['2024-01-01T00:00:00-00:00', Date.UTC(2024, 0, 1)],
    ['0000-01-01', -62167219200000],
    ['1969-12-31T23:59:59.999Z', -1],
  ];
  for (const [input, millis] of accepted) {
    it(`accepts ${JSON.stringify(input)}`, () => {
      expect(parseInstant(input)).to.deep.equal({ ok: true, millis });
    });
  }

  const rejected: Array<[unknown, string]> = [
    ['2024-01-01T10:00:00', 'time zone'],
    ['2024-01-01T10:00', 'time zone'],
    ['2024-02-30', 'no such date'],
    ['2023-02-29', 'no such date'],
    ['2024-13-01', 'no such date'],
    ['2024-01-01T24:00:00Z', 'no such time'],
    ['2024-01-01T23:59:60Z', 'no such time'],
    ['2024-01-01T00:00:00+19:00', 'offset out of range'],
    ['2024-01-01T00:00:00+01:60', 'offset out of range'],
    ['2024-01-01Z', 'expected epoch milliseconds'],
    [' 2024-01-01', 'expected epoch milliseconds'],
    ['20240101T000000Z', 'invalid instant'],
    ['Jan 1 2024', 'expected epoch milliseconds'],
    ['', 'expected epoch milliseconds'],
    ['-5', 'expected epoch milliseconds'],
    ['1.5', 'expected epoch milliseconds'],
    ['99999999999999999999', 'must not exceed'],
    [1.5, 'finite integer'],
    [Number.NaN, 'finite integer'],
    [Number.POSITIVE_INFINITY, 'finite integer'],
    [2 ** 60, 'finite integer'],
    [null, 'got null'],
    [true, 'got boolean'],
    [{}, 'got object'],
    [[], 'got an array'],
  ];
  for (const [input, fragment] of rejected) {
    it(`rejects ${String(input)}`, () => {
      const r = parseInstant(input);
      expect(r.ok).to.equal(false);
      if (!r.ok) expect(r.reason).to.contain(fragment);
    });
  }
});
