/**
 * The workload's requests: whole documents per step with the fractions carried (also across calls
 * given the same `owed`), the clock set at each step's end, a day at a time without ingest.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { workloadRequests } from './workload';

const HOUR = 3_600_000;

describe('workloadRequests', () => {
  it('sends the whole documents due each hour and carries the fractions', () => {
    const requests = [...workloadRequests([{ target: 'logs', docsPerDay: 36, bytesEach: 10 }], 0, 3 * HOUR)];
    // 1.5 documents an hour: 1, then 2 (1 + the two halves), then 1 with a half owed.
    expect(requests.filter((r) => r.path === '/_sim/ingest').map((r) => r.body['count'])).to.deep.equal([1, 2, 1]);
    expect(requests.filter((r) => r.path === '/_sim/clock/_set').map((r) => r.body['to'])).to.deep.equal([HOUR, 2 * HOUR, 3 * HOUR]);
    expect(requests[0]).to.deep.equal({ method: 'POST', path: '/_sim/ingest', body: { index: 'logs', count: 1, bytes_each: 10 } });
  });

  it('continues from the fractions another call left', () => {
    const owed = new Map<string, number>();
    const rates = [{ target: 'logs', docsPerDay: 12, bytesEach: 1 }];
    const first = [...workloadRequests(rates, 0, HOUR, owed)];
    expect(first.map((r) => r.path)).to.deep.equal(['/_sim/clock/_set']);
    const second = [...workloadRequests(rates, HOUR, 2 * HOUR, owed)];
    expect(second[0]!.body).to.deep.equal({ index: 'logs', count: 1, bytes_each: 1 });
  });

  it('moves a day at a time without ingest, ending at the end', () => {
    const requests = [...workloadRequests([{ target: 'logs', docsPerDay: 0, bytesEach: 0 }], 0, 36 * HOUR)];
    expect(requests.map((r) => r.body['to'])).to.deep.equal([24 * HOUR, 36 * HOUR]);
  });
});
