import { describe, it } from 'node:test';
import { expect } from 'chai';
import { nextCronFire, parseCron } from './cron';

const at = (iso: string): number => Date.parse(iso);
const next = (expression: string, after: string): string | undefined => {
  const t = nextCronFire(expression, at(after));
  return t === undefined ? undefined : new Date(t).toISOString();
};

describe('cron: ES Cron (Quartz) rules, in UTC', () => {
  it('fires strictly after the instant, on whole seconds', () => {
    expect(next('*/20 * * * * ?', '2024-01-01T00:00:05.500Z')).to.equal('2024-01-01T00:00:20.000Z');
    expect(next('0 30 1 * * ?', '2024-01-01T01:30:00.000Z')).to.equal('2024-01-02T01:30:00.000Z');
    expect(next('0 30 1 * * ?', '2024-01-01T01:29:59.999Z')).to.equal('2024-01-01T01:30:00.000Z');
  });
  it('reads names in any case, and wraps overflowing ranges', () => {
    expect(next('0 30 1 ? * mon', '2024-01-01T02:00:00Z')).to.equal('2024-01-08T01:30:00.000Z');
    expect(next('0 0 22-2 * * ?', '2024-01-01T02:30:00Z')).to.equal('2024-01-01T22:00:00.000Z');
    expect(next('0 0 22-2 * * ?', '2024-01-01T23:30:00Z')).to.equal('2024-01-02T00:00:00.000Z');
    expect(next('0 0 0 1 NOV-FEB ?', '2024-02-15T00:00:00Z')).to.equal('2024-11-01T00:00:00.000Z');
    expect(next('0 0 0 1 1 ? 2026', '2024-03-01T00:00:00Z')).to.equal('2026-01-01T00:00:00.000Z');
  });
  it('L, L-n and LW in the day of the month', () => {
    expect(next('0 0 12 L * ?', '2024-02-10T00:00:00Z')).to.equal('2024-02-29T12:00:00.000Z');
    expect(next('0 0 12 L-2 * ?', '2024-02-10T00:00:00Z')).to.equal('2024-02-27T12:00:00.000Z');
    // 31 March 2024 is a Sunday: the last weekday is Friday the 29th.
    expect(next('0 0 12 LW * ?', '2024-03-01T00:00:00Z')).to.equal('2024-03-29T12:00:00.000Z');
  });
  it('nW: the nearest weekday, never leaving the month', () => {
    // 15 June 2024 is a Saturday; 1 June 2024 too (so Monday the 3rd).
    expect(next('0 0 12 15W * ?', '2024-06-01T00:00:00Z')).to.equal('2024-06-14T12:00:00.000Z');
    expect(next('0 0 12 1W * ?', '2024-05-31T13:00:00Z')).to.equal('2024-06-03T12:00:00.000Z');
  });
  it('L, nL and n#k in the day of the week', () => {
    expect(next('0 0 0 ? * L', '2024-01-01T00:00:00Z')).to.equal('2024-01-06T00:00:00.000Z');
    expect(next('0 0 12 ? * 6L', '2024-01-01T00:00:00Z')).to.equal('2024-01-26T12:00:00.000Z');
    expect(next('0 0 12 ? * 2#3', '2024-01-01T00:00:00Z')).to.equal('2024-01-15T12:00:00.000Z');
    // February and March 2024 have four Mondays: the next fifth one is 29 April.
    expect(next('0 0 12 ? * MON#5', '2024-02-01T00:00:00Z')).to.equal('2024-04-29T12:00:00.000Z');
  });
  it('refuses what ES refuses', () => {
    for (const bad of ['0 0 0 L,15 * ?', '0 0 0 ? * 2#6', '0 0 0 ? * 2#1,3#2', '0 0 0 * * *', '0 0 0 ? * ?', '0 0 0 ? 13 MON', '0 0 ? * * MON', '* * * * *']) {
      expect(parseCron(bad), bad).to.equal(null);
    }
  });
});
