import { describe, it } from 'node:test';
import { expect } from 'chai';

import { errorOf } from '../../testing/error-of';
import { resolveDateMathName } from './date-math-names';

const at = (iso: string): number => Date.parse(iso);

describe('date math in names (ES DateMathExpressionResolver)', () => {
  const now = at('2024-03-15T13:45:10Z');

  it('resolves the Beats/Logstash first index name', () => {
    expect(resolveDateMathName('<logs-{now/d}-000001>', now)).to.equal('logs-2024.03.15-000001');
  });

  it('applies arithmetic, rounding, formats and quoted text', () => {
    expect(resolveDateMathName('<logs-{now-1d/d}>', now)).to.equal('logs-2024.03.14');
    expect(resolveDateMathName('<logs-{now/M{yyyy.MM}}>', now)).to.equal('logs-2024.03');
    expect(resolveDateMathName('<logs-{now/w}>', now)).to.equal('logs-2024.03.11');
    expect(resolveDateMathName('<logs-{now+1M/d}>', at('2024-01-31T10:00:00Z'))).to.equal('logs-2024.02.29');
    expect(resolveDateMathName("<logs-{now{yyyy'w'MM}}>", now)).to.equal('logs-2024w03');
  });

  it('rounds and formats in the given time zone', () => {
    expect(resolveDateMathName('<logs-{now/d{yyyy.MM.dd|+12:00}}>', now)).to.equal('logs-2024.03.16');
    expect(resolveDateMathName('<logs-{now/d{yyyy.MM.dd|-14:00}}>', now)).to.equal('logs-2024.03.14');
    expect(resolveDateMathName('<logs-{now/d{yyyy.MM.dd HH|Europe/Berlin}}>', at('2024-03-15T23:30:00Z'))).to.equal('logs-2024.03.16 00');
    expect(resolveDateMathName('<logs-{now{HH|America/New_York}}>', at('2024-07-01T12:00:00Z'))).to.equal('logs-08');
  });

  it('keeps escaped braces and leaves names without angle brackets alone', () => {
    expect(resolveDateMathName('<logs-\\{x\\}-{now/d}>', now)).to.equal('logs-{x}-2024.03.15');
    expect(resolveDateMathName('plain-{now}', now)).to.equal('plain-{now}');
  });

  it("refuses malformed expressions with ES's messages", () => {
    expect(errorOf(() => resolveDateMathName('<logs-{now/d>', now)).reason).to.equal(
      'invalid dynamic name expression [logs-{now/d]. date math placeholder is open ended',
    );
    expect(errorOf(() => resolveDateMathName('<logs-}>', now)).reason).to.match(
      /^invalid dynamic name expression \[logs-\}\]\. invalid character at position \[6\]/,
    );
    expect(errorOf(() => resolveDateMathName('<logs-{now{}}>', now)).reason).to.equal('invalid dynamic name expression [now{}]. missing date format');
    expect(errorOf(() => resolveDateMathName('<logs-{now/1d}>', now)).reason).to.equal('rounding `/` can only be used on single unit types [now/1d]');
    expect(errorOf(() => resolveDateMathName('<logs-{now+1x}>', now)).reason).to.equal('unit [x] not supported for date math [now+1x]');
    expect(errorOf(() => resolveDateMathName('<{now{yyyy|Mars/Base}}>', now))).to.deep.include({ type: 'zone_rules_exception', status: 500 });
    expect(errorOf(() => resolveDateMathName('<>', now)).reason).to.equal('nothing captured');
  });
});

describe('date math past the calendar (issue 20, item 7)', () => {
  const now = Date.parse('2024-03-15T13:45:10Z');

  it('refuses an amount beyond an int as Integer.parseInt does', () => {
    const error = errorOf(() => resolveDateMathName('<logs-{now+2147483648d}>', now));
    expect(error).to.include({ type: 'number_format_exception', reason: 'For input string: "2147483648"', status: 400 });
  });

  it('refuses a result past the calendar with a 400, not a RangeError', () => {
    for (const math of ['now+1000000000d', 'now+2147483647d', 'now-2147483647d/d', 'now+2147483647y', 'now-300000y']) {
      const error = errorOf(() => resolveDateMathName(`<logs-{${math}}>`, now));
      expect(error, math).to.include({ type: 'illegal_argument_exception', status: 400 });
      expect(error.reason, math).to.contain(`date math [${math}]`);
    }
  });

  it('prints a year past 9999 with a plus sign, as java.time does', () => {
    expect(resolveDateMathName('<logs-{now+10000y}>', now)).to.equal('logs-+12024.03.15');
  });
});
