/**
 * The wait-time threshold: the setting's default and text, the breach instant counted from
 * `step_time` (ES `waitedMoreThanThresholdLevel`, strictly after), and the setting's validation per
 * release (7.13+ only, at least 1h).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, createCluster, setLifecycle } from '../cluster/cluster';
import { validateSettings } from '../cluster/index-settings';
import { EsException } from '../errors';
import { PROFILE_6_6, PROFILE_7_10, PROFILE_7_17, PROFILE_8_19, PROFILE_9_1, type Profile } from '../profile';
import { SETTING_WAIT_TIME_THRESHOLD, thresholdBreached, thresholdBreachedFrom, waitTimeThreshold } from './wait-threshold';

const T0 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

function index(threshold?: string, stepTime?: number) {
  const cluster = createCluster(() => 'uuid');
  const settings = new Map<string, string>(threshold === undefined ? [] : [[SETTING_WAIT_TIME_THRESHOLD, threshold]]);
  const made = addIndex(cluster, 'logs', T0, settings);
  if (stepTime !== undefined) setLifecycle(made, { phase: 'warm', action: 'shrink', step: 'check-shrink-allocation', stepTime });
  return made;
}

function refusal(value: string, profile: Profile): unknown {
  try {
    validateSettings(new Map([[SETTING_WAIT_TIME_THRESHOLD, value]]), profile);
    return null;
  } catch (e) {
    if (!(e instanceof EsException)) throw e;
    return { type: e.error.type, reason: e.error.reason };
  }
}

describe('wait-time threshold', () => {
  it('defaults to 12h and keeps the unit as written', () => {
    expect(waitTimeThreshold(index())).to.deep.equal({ millis: 12 * HOUR, text: '12h' });
    expect(waitTimeThreshold(index('90m'))).to.deep.equal({ millis: 1.5 * HOUR, text: '90m' });
  });

  it('is breached one millisecond after step_time + threshold, not at it', () => {
    const waiting = index(undefined, T0 + HOUR);
    expect(thresholdBreachedFrom(waiting)).to.equal(T0 + 13 * HOUR + 1);
    expect(thresholdBreached(waiting, T0 + 13 * HOUR)).to.equal(false);
    expect(thresholdBreached(waiting, T0 + 13 * HOUR + 1)).to.equal(true);
  });

  it('follows the index setting', () => {
    const waiting = index('1h', T0);
    expect(thresholdBreached(waiting, T0 + HOUR + 1)).to.equal(true);
    expect(thresholdBreached(index('2h', T0), T0 + HOUR + 1)).to.equal(false);
  });

  it('is never breached without a step time', () => {
    expect(thresholdBreachedFrom(index())).to.equal(null);
    expect(thresholdBreached(index(), Number.MAX_SAFE_INTEGER)).to.equal(false);
  });
});

describe('index.lifecycle.step.wait_time_threshold', () => {
  it('is a time value of at least 1h on 7.17, 8.19 and 9.1', () => {
    for (const profile of [PROFILE_7_17, PROFILE_8_19, PROFILE_9_1]) {
      expect(refusal('1h', profile), profile.name).to.equal(null);
      expect(refusal('2d', profile), profile.name).to.equal(null);
      expect(refusal('59m', profile), profile.name).to.deep.equal({
        type: 'illegal_argument_exception',
        reason: 'failed to parse value [59m] for setting [index.lifecycle.step.wait_time_threshold], must be >= [1h]',
      });
      expect(refusal('soon', profile), profile.name).to.deep.equal({
        type: 'illegal_argument_exception',
        reason: 'failed to parse setting [index.lifecycle.step.wait_time_threshold] with value [soon] as a time value: unit is missing or unrecognized',
      });
    }
  });

  it('is unknown before 7.13 (6.6, 7.10)', () => {
    for (const profile of [PROFILE_6_6, PROFILE_7_10]) {
      const refused = refusal('12h', profile) as { type: string; reason: string };
      expect(refused.type, profile.name).to.equal('illegal_argument_exception');
      expect(refused.reason, profile.name).to.match(/^unknown setting \[index\.lifecycle\.step\.wait_time_threshold\]/);
    }
  });
});
