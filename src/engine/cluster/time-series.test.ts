/** Time-series index settings: the checks ES runs on a new index and the end-time default. */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { EsException } from '../errors';
import { DEFAULT_END_TIME_MILLIS, isTimeSeries, timeSeriesEndMillis, validateIndexMode, validateTimeSeriesSettings } from './time-series';

function reasonOf(fn: () => void): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof EsException) return e.error.reason;
    throw e;
  }
  return 'no error';
}

const settings = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('time-series settings (ES IndexMode, IndexSettings.TIME_SERIES_*)', () => {
  it('a time_series index with a routing path (plain or as a list) passes', () => {
    expect(reasonOf(() => validateTimeSeriesSettings(settings({ 'index.mode': 'time_series', 'index.routing_path': 'host' })))).to.equal('no error');
    expect(reasonOf(() => validateTimeSeriesSettings(settings({ 'index.mode': 'time_series', 'index.routing_path.0': 'host' })))).to.equal('no error');
  });

  it('refuses a time_series index without a routing path', () => {
    expect(reasonOf(() => validateTimeSeriesSettings(settings({ 'index.mode': 'time_series' })))).to.equal(
      '[index.mode=time_series] requires a non-empty [index.routing_path]',
    );
  });

  it('refuses time-series settings on a standard index, explicit or not', () => {
    expect(reasonOf(() => validateTimeSeriesSettings(settings({ 'index.routing_path': 'host' })))).to.equal(
      '[index.routing_path] requires [index.mode=time_series]',
    );
    expect(reasonOf(() => validateTimeSeriesSettings(settings({ 'index.mode': 'standard', 'index.time_series.start_time': '2024-01-01T00:00:00Z' })))).to.equal(
      '[index.time_series.start_time] requires [index.mode=time_series]',
    );
    expect(reasonOf(() => validateTimeSeriesSettings(settings({ 'index.time_series.end_time': '2024-01-01T00:00:00Z' })))).to.equal(
      '[index.time_series.end_time] requires [index.mode=time_series]',
    );
  });

  it('refuses an end time before the start time', () => {
    const bad = {
      'index.mode': 'time_series',
      'index.routing_path': 'h',
      'index.time_series.start_time': '2024-01-02T00:00:00Z',
      'index.time_series.end_time': '2024-01-01T00:00:00Z',
    };
    expect(reasonOf(() => validateTimeSeriesSettings(settings(bad)))).to.equal('index.time_series.end_time must be larger than index.time_series.start_time');
  });

  it('reads the end time, defaulting to the year 9999', () => {
    expect(timeSeriesEndMillis(settings({}))).to.equal(DEFAULT_END_TIME_MILLIS);
    expect(timeSeriesEndMillis(settings({ 'index.time_series.end_time': '2024-01-05T00:00:00Z' }))).to.equal(Date.UTC(2024, 0, 5));
    expect(isTimeSeries(settings({ 'index.mode': 'time_series' }))).to.equal(true);
    expect(isTimeSeries(settings({}))).to.equal(false);
  });

  it('refuses an unknown index mode with ES wording', () => {
    expect(reasonOf(() => validateIndexMode('tsdb'))).to.equal('[tsdb] is an invalid index mode, valid modes are: [standardtime_serieslogsdblookup]');
    expect(reasonOf(() => validateIndexMode('time_series'))).to.equal('no error');
  });
});
