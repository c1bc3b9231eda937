/**
 * The data stream lifecycle's job schedule and error store (ES `DataStreamLifecycleErrorStore`): runs
 * every interval from the anchor, a new interval counts from the change, and a repeated error counts
 * retries while a different one starts afresh.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { DataStreamLifecycleState } from './service';

const MIN = 60_000;

describe('data stream lifecycle: its job schedule', () => {
  it('runs every interval from the anchor; the last run and the time between starts follow', () => {
    const state = new DataStreamLifecycleState(0, 5 * MIN);
    expect(state.nextRunAfter(0)).to.equal(5 * MIN);
    expect(state.nextRunAfter(5 * MIN)).to.equal(10 * MIN);
    expect(state.lastRunAt(4 * MIN)).to.equal(null);
    expect(state.lastRunAt(12 * MIN)).to.equal(10 * MIN);
    expect(state.timeBetweenStartsMillis(9 * MIN)).to.equal(null);
    expect(state.timeBetweenStartsMillis(10 * MIN)).to.equal(5 * MIN);
  });

  it('counts a new interval from the change', () => {
    const state = new DataStreamLifecycleState(0, 5 * MIN);
    state.reschedule(7 * MIN, MIN);
    expect(state.nextRunAfter(7 * MIN)).to.equal(8 * MIN);
    expect(state.lastRunAt(7 * MIN + 30_000)).to.equal(null);
  });
});

describe('data stream lifecycle: its error store', () => {
  it('counts retries of the same error and starts afresh on another', () => {
    const state = new DataStreamLifecycleState(0, 5 * MIN);
    const error = { type: 'illegal_state_exception', reason: 'x', status: 500 };
    state.recordError('i', error, 100);
    state.recordError('i', error, 200);
    expect(state.errors.get('i')).to.deep.equal({
      firstOccurrenceMillis: 100,
      message: '{"type":"illegal_state_exception","reason":"x"}',
      lastRecordedMillis: 200,
      retryCount: 1,
    });
    state.recordError('i', { ...error, reason: 'y' }, 300);
    expect(state.errors.get('i')).to.deep.include({ firstOccurrenceMillis: 300, retryCount: 0 });
  });
});
