/** Downsample interval rules: ES estimateMillis, createRounding and validateDownsamplingIntervals. */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { estimateIntervalMillis, validateDownsampleInterval, validateDownsamplingIntervals } from './downsample-validation';
import { EsException } from '../errors';
import type { Phase } from '../cluster/policy-model';

const ORDER = ['hot', 'warm', 'cold', 'frozen', 'delete'];

function phases(intervals: Record<string, string>): Map<string, Phase> {
  return new Map(
    Object.entries(intervals).map(([name, interval]) => [
      name,
      { name, minAge: null, actions: new Map([['downsample', { action: 'downsample', settings: { fixed_interval: interval } }]]) },
    ]),
  );
}

const intervalOf = (phase: Phase) => (phase.actions.get('downsample')?.settings['fixed_interval'] as string | undefined) ?? null;

function errorOf(fn: () => void): { type: string; reason: string } | null {
  try {
    fn();
  } catch (e) {
    if (e instanceof EsException) return { type: e.error.type, reason: e.error.reason };
    throw e;
  }
  return null;
}

describe('downsample intervals', () => {
  it('estimates fixed and calendar intervals as ES does', () => {
    expect(estimateIntervalMillis('90m')).to.equal(5_400_000);
    expect(estimateIntervalMillis('1d')).to.equal(86_400_000);
    expect(estimateIntervalMillis('1M')).to.equal(2_629_746_000);
    expect(estimateIntervalMillis('week')).to.equal(604_800_000);
  });

  it('the rollup step refuses an interval that is neither a time value nor a calendar unit', () => {
    expect(errorOf(() => validateDownsampleInterval('1x'))?.reason).to.equal(
      'failed to parse setting [createRounding] with value [1x] as a time value: unit is missing or unrecognized',
    );
    expect(errorOf(() => validateDownsampleInterval('0s'))?.reason).to.equal('Zero or negative time interval not supported');
    expect(errorOf(() => validateDownsampleInterval('1h'))).to.equal(null);
  });

  it('one downsample action is never compared', () => {
    expect(errorOf(() => validateDownsamplingIntervals(phases({ warm: 'nonsense' }), ORDER, intervalOf))).to.equal(null);
  });

  it('a later interval must be greater, in phase order', () => {
    expect(errorOf(() => validateDownsamplingIntervals(phases({ cold: '1h', warm: '2h' }), ORDER, intervalOf))?.reason).to.equal(
      'Downsampling interval [1h] for phase [cold] must be greater than the interval [2h] for phase [warm]',
    );
  });

  it('a later interval must be a multiple of the earlier one', () => {
    expect(errorOf(() => validateDownsamplingIntervals(phases({ hot: '1h', warm: '2h', cold: '3h' }), ORDER, intervalOf))?.reason).to.equal(
      'Downsampling interval [3h] for phase [cold] must be a multiple of the interval [2h] for phase [warm]',
    );
    expect(errorOf(() => validateDownsamplingIntervals(phases({ hot: '1h', warm: '2h', cold: '1d' }), ORDER, intervalOf))).to.equal(null);
  });

  it('a bad interval fails the comparison with the estimateMillis message', () => {
    expect(errorOf(() => validateDownsamplingIntervals(phases({ warm: '1x', cold: '1d' }), ORDER, intervalOf))?.reason).to.equal(
      'failed to parse setting [DateHistogramInterval#estimateMillis] with value [1x] as a time value: unit is missing or unrecognized',
    );
  });

  it('a zero first interval is Java dividing by zero', () => {
    expect(errorOf(() => validateDownsamplingIntervals(phases({ warm: '0s', cold: '1d' }), ORDER, intervalOf))).to.deep.equal({
      type: 'arithmetic_exception',
      reason: '/ by zero',
    });
  });
});
