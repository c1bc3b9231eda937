import { describe, it } from 'node:test';
import { expect } from 'chai';

import { HistoryLog, HistoryRecord } from './history';
import { stepKey } from './step-key';

describe('history log: columns give back exactly the records appended', () => {
  it('round-trips every field, null policy and from, and the error of a failure, in order', () => {
    const log = new HistoryLog();
    const records: HistoryRecord[] = [
      { index: 'a', policy: 'p', timeMillis: 1_704_067_200_000, from: null, to: stepKey('new', 'complete', 'complete'), success: true },
      {
        index: 'b',
        policy: null,
        timeMillis: 1_704_067_200_001,
        from: stepKey('hot', 'rollover', 'check-rollover-ready'),
        to: stepKey('hot', 'rollover', 'ERROR'),
        success: false,
        error: { type: 'x', reason: 'y' },
      },
      {
        index: 'a',
        policy: 'q',
        timeMillis: 2 ** 53 - 1,
        from: stepKey('new', 'complete', 'complete'),
        to: stepKey('delete', 'delete', 'complete'),
        success: true,
      },
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
    expect(last).to.deep.equal({
      index: `idx-${n - 1}`,
      policy: 'p',
      timeMillis: n - 1,
      from: { phase: 'warm', action: 'shrink', name: 'shrink' },
      to: last.to,
      success: false,
    });
    expect(log.at(65_537).error).to.deep.equal({ reason: 'r' });
    expect(log.at(65_536).error).to.equal(undefined);
    expect(log.at(0).from).to.equal(null);
    expect(log.at(1).to).to.equal(log.at(2).to);
  });
});

// Issue 14, item 3: 100,000 index lifecycles grew the log without bound (the answer to GET
// /_sim/history no longer fitted in a string). The log shows its newest `limit` records, holds at most
// one chunk more, and a deleted index's name goes with its last record.
describe('history log: bounded by its limit', () => {
  const CHUNK = 65_536;
  /** `indices` lifecycles of `perIndex` records each, every index released after its last record. */
  function lifecycles(log: HistoryLog, indices: number, perIndex: number): void {
    const to = log.keyId('delete', 'delete', 'complete');
    for (let i = 0; i < indices; i++) {
      const id = log.nameId(`idx-${i}`);
      for (let r = 0; r < perIndex; r++) log.append(id, 'p', i, -1, to, true, r === 0 ? { type: 't', reason: `r${i}` } : undefined);
      log.releaseName(id);
    }
  }

  it('shows exactly the newest records and holds at most one chunk more', () => {
    const log = new HistoryLog(100_000);
    lifecycles(log, 100_000, 5);
    expect(log.length).to.equal(500_000);
    expect(log.first).to.equal(400_000);
    expect(log.filter(() => true)).to.have.length(100_000);
    expect(log.held.records).to.be.at.most(100_000 + CHUNK);
    expect(log.at(log.first).index).to.equal('idx-80000');
    expect(log.at(log.length - 5).error).to.deep.equal({ type: 't', reason: 'r99999' });
    // Names: only those a held record names (about 33,000 indices of 5 records), not 100,000.
    expect(log.held.names).to.be.at.most((100_000 + CHUNK) / 5 + 1);
  });

  it("keeps a live index's name while it lives, even when its records are dropped", () => {
    const log = new HistoryLog(10);
    const to = log.keyId('hot', 'rollover', 'check-rollover-ready');
    const live = log.nameId('live');
    log.append(live, 'p', 0, -1, to, true);
    lifecycles(log, CHUNK, 2);
    expect(log.holdsName(live)).to.equal(true);
    log.releaseName(live);
    expect(log.holdsName(live)).to.equal(false);
  });

  it('records nothing and keeps no name of a deleted index with limit 0', () => {
    const log = new HistoryLog(0);
    lifecycles(log, 1000, 3);
    expect(log.length).to.equal(0);
    expect([...log]).to.deep.equal([]);
    expect(log.held).to.deep.equal({ names: 0, records: 0 });
  });

  it('refuses a limit that is not a non-negative integer', () => {
    expect(() => new HistoryLog(-1)).to.throw('history limit must be a non-negative integer, got [-1]');
    expect(() => new HistoryLog(1.5)).to.throw('history limit must be a non-negative integer');
  });
});
