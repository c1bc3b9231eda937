import { describe, it } from 'node:test';
import { expect } from 'chai';

import { HistoryLog, HistoryRecord } from './history';
import { stepKey } from './step-key';

describe('history log: columns give back exactly the records appended', () => {
  it('round-trips every field, null policy and from, and the error of a failure, in order', () => {
    const log = new HistoryLog();
    const records: HistoryRecord[] = [
      { index: 'a', policy: 'p', timeMillis: 1_704_067_200_000, from: null, to: stepKey('new', 'complete', 'complete'), success: true },
      { index: 'b', policy: null, timeMillis: 1_704_067_200_001, from: stepKey('hot', 'rollover', 'check-rollover-ready'), to: stepKey('hot', 'rollover', 'ERROR'), success: false, error: { type: 'x', reason: 'y' } },
      { index: 'a', policy: 'q', timeMillis: 2 ** 53 - 1, from: stepKey('new', 'complete', 'complete'), to: stepKey('delete', 'delete', 'complete'), success: true },
    ];
    for (const record of records) log.push(record);
    expect(log.length).to.equal(3);
    expect(JSON.stringify(log.filter(() => true))).to.equal(JSON.stringify(records));
    expect(log.filter((r) => r.index === 'a').map((r) => r.policy)).to.deep.equal(['p', 'q']);
    expect([...log].map((r) => r.to.action)).to.deep.equal(['complete', 'rollover', 'delete']);
  });

  it('keeps records across chunk boundaries and hands out one shared key per (phase, action, name)', () => {
    const log = new HistoryLog();
    const n = 70_000;
    const to = log.keyId('warm', 'shrink', 'shrink');
    expect(log.keyId('warm', 'shrink', 'shrink')).to.equal(to);
    for (let i = 0; i < n; i++) log.append(log.nameId(`idx-${i}`), 'p', i, i === 0 ? -1 : to, to, i % 2 === 0, i === 65_537 ? { reason: 'r' } : undefined);
    expect(log.length).to.equal(n);
    const last = log.at(n - 1);
    expect(last).to.deep.equal({ index: `idx-${n - 1}`, policy: 'p', timeMillis: n - 1, from: { phase: 'warm', action: 'shrink', name: 'shrink' }, to: last.to, success: false });
    expect(log.at(65_537).error).to.deep.equal({ reason: 'r' });
    expect(log.at(65_536).error).to.equal(undefined);
    expect(log.at(0).from).to.equal(null);
    expect(log.at(1).to).to.equal(log.at(2).to);
  });
});
