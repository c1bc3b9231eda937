/**
 * The data stream lifecycle's configuration: the request parser's ES messages, template composition,
 * the effective retention under global retention, `max_age=auto` per retention, and the default
 * rollover setting's parser and printing.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { EsException } from '../errors';
import { PROFILE_8_19 } from '../profile';
import { JsonTokenizer } from '../xcontent/json-tokens';
import { parseTimeValue, TimeValue } from '../xcontent/time';
import {
  autoMaxAgeMillis,
  composeLifecycles,
  DEFAULT_ROLLOVER,
  effectiveRetention,
  globalRetentionError,
  lifecycleOf,
  parseLifecycleBody,
  parseRolloverSetting,
  retentionWarning,
  rolloverToXContent,
} from './data-stream-lifecycle-config';

const DAY = 86_400_000;

function tv(text: string): TimeValue {
  const parsed = parseTimeValue(text, 'x');
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

function parse(json: string) {
  return parseLifecycleBody(new JsonTokenizer(json), 'put_data_stream_lifecycle_request');
}

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof EsException) {
      let error = e.error;
      while (error.causedBy) error = error.causedBy;
      return error.reason;
    }
    throw e;
  }
  throw new Error('no error');
}

describe('data stream lifecycle: the request body', () => {
  it('reads retention, downsampling and enabled; absent enabled means true', () => {
    const lifecycle = lifecycleOf(parse('{"data_retention":"7d","downsampling":[{"after":"1d","fixed_interval":"1h"}]}'));
    expect(lifecycle.enabled).to.equal(true);
    expect(lifecycle.dataRetention?.millis).to.equal(7 * DAY);
    expect(lifecycle.downsampling?.map((r) => r.fixedInterval)).to.deep.equal(['1h']);
    expect(lifecycleOf(parse('{"enabled":false}')).enabled).to.equal(false);
  });

  it('refuses what ES refuses, with its messages', () => {
    expect(reasonOf(() => parse('{"retention":"7d"}'))).to.match(/\[put_data_stream_lifecycle_request\] unknown field \[retention\]/);
    expect(reasonOf(() => parse('{"downsampling":[]}'))).to.equal('Downsampling configuration should have at least one round configured.');
    expect(reasonOf(() => parse('{"downsampling":[{"after":"1d","fixed_interval":"1m"}]}'))).to.equal(
      'A downsampling round must have a fixed interval of at least five minutes but found: 1m',
    );
    expect(reasonOf(() => parse('{"downsampling":[{"after":"2d","fixed_interval":"1h"},{"after":"1d","fixed_interval":"2h"}]}'))).to.equal(
      "A downsampling round must have a later 'after' value than the proceeding, 1d is not after 2d.",
    );
    expect(reasonOf(() => parse('{"data_retention":"soon"}'))).to.match(/failed to parse setting \[data_retention\] with value \[soon\]/);
  });
});

describe('data stream lifecycle: templates compose', () => {
  it('later templates set enabled and what they name; null resets', () => {
    const a = parse('{"data_retention":"30d","downsampling":[{"after":"1d","fixed_interval":"1h"}]}');
    const b = parse('{"data_retention":null}');
    const composed = composeLifecycles([a, b])!;
    expect(composed.dataRetention).to.equal(null);
    expect(composed.downsampling?.length).to.equal(1);
    expect(composeLifecycles([])).to.equal(null);
  });
});

describe('data stream lifecycle: effective retention', () => {
  const own = lifecycleOf(parse('{"data_retention":"10d"}'));
  const none = lifecycleOf(parse('{}'));
  it('is the stream own without global retention, or for an internal stream', () => {
    expect(effectiveRetention(own, null, false)).to.deep.include({ source: 'data_stream_configuration' });
    expect(effectiveRetention(own, { defaultRetention: null, maxRetention: tv('3d') }, true).retention?.millis).to.equal(10 * DAY);
  });
  it('is capped by the max and filled in by the default', () => {
    const global = { defaultRetention: tv('2d'), maxRetention: tv('3d') };
    expect(effectiveRetention(own, global, false)).to.deep.equal({ retention: tv('3d'), source: 'max_global_retention' });
    expect(effectiveRetention(none, global, false)).to.deep.equal({ retention: tv('2d'), source: 'default_global_retention' });
    expect(effectiveRetention(none, { defaultRetention: null, maxRetention: tv('3d') }, false)).to.deep.equal({
      retention: tv('3d'),
      source: 'max_global_retention',
    });
  });
  it('is none while the lifecycle is disabled', () => {
    expect(effectiveRetention(lifecycleOf(parse('{"data_retention":"1d","enabled":false}')), null, false).retention).to.equal(null);
  });
  it('refuses a default above the max and values under 10s', () => {
    expect(globalRetentionError('5d', '1d')).to.equal('Default global retention [5d] cannot be greater than the max global retention [1d].');
    expect(globalRetentionError(null, '5s')).to.equal('Global retention values should be greater than 10s');
    expect(globalRetentionError('-1', '1d')).to.equal(null);
  });
});

describe('data stream lifecycle: max_age=auto and the default rollover', () => {
  it('follows the retention (ES RolloverConfigurationTests#testAutoMaxAgeCalculation)', () => {
    expect(autoMaxAgeMillis(null, PROFILE_8_19)).to.equal(30 * DAY);
    expect(autoMaxAgeMillis(tv('91d'), PROFILE_8_19)).to.equal(30 * DAY);
    expect(autoMaxAgeMillis(tv('90d'), PROFILE_8_19)).to.equal(7 * DAY);
    expect(autoMaxAgeMillis(tv('14d'), PROFILE_8_19)).to.equal(DAY);
    expect(autoMaxAgeMillis(tv('1d'), PROFILE_8_19)).to.equal(DAY);
    expect(autoMaxAgeMillis(tv('1d'), { ...PROFILE_8_19, dataStreamLifecycle: { hourlyRolloverForSubDayRetention: true } })).to.equal(3_600_000);
  });
  it('parses the setting and prints the concrete conditions, then the automatic one', () => {
    const config = parseRolloverSetting(DEFAULT_ROLLOVER);
    expect(config.automatic).to.deep.equal(['max_age']);
    expect(Object.keys(rolloverToXContent(config, tv('7d'), PROFILE_8_19))).to.deep.equal([
      'min_docs',
      'max_primary_shard_docs',
      'max_primary_shard_size',
      'max_age',
    ]);
    expect(rolloverToXContent(config, tv('7d'), PROFILE_8_19)['max_age']).to.equal('1d [automatic]');
  });
  it('refuses bad settings with ES messages', () => {
    expect(reasonOf(() => parseRolloverSetting('max_age'))).to.equal("Invalid condition: 'max_age', format must be 'condition=value'");
    expect(reasonOf(() => parseRolloverSetting('max_docs=auto'))).to.equal("Condition 'max_docs' does not support automatic configuration.");
    expect(reasonOf(() => parseRolloverSetting('max_weight=1'))).to.equal("Unknown condition: 'max_weight'");
    expect(reasonOf(() => parseRolloverSetting(' '))).to.equal('The rollover conditions cannot be null or blank');
  });

  it('warns when the global retention overrides the retention a request sets (ES addWarningHeaderIfDataRetentionNotEffective)', () => {
    const global = { defaultRetention: tv('7d'), maxRetention: tv('30d') };
    const own = (text: string | null) => ({ enabled: true, dataRetention: text === null ? null : tv(text), downsampling: null });
    expect(retentionWarning(own('365d'), global, false)).to.equal(
      'The retention provided [365d] is exceeding the max allowed data retention of this project [30d]. The max retention of [30d] will be applied',
    );
    expect(retentionWarning(own(null), global, false)).to.equal(
      'Not providing a retention is not allowed for this project. The default retention of [7d] will be applied.',
    );
    expect(retentionWarning(own(null), { defaultRetention: null, maxRetention: tv('30d') }, false)).to.equal(
      'Not providing a retention is not allowed for this project. The max retention of [30d] will be applied',
    );
    expect(retentionWarning(own('30d'), global, false)).to.equal(null);
    expect(retentionWarning(own('365d'), global, true)).to.equal(null);
    expect(retentionWarning(own('365d'), null, false)).to.equal(null);
    expect(retentionWarning({ ...own('365d'), enabled: false }, global, false)).to.equal(null);
  });
});
