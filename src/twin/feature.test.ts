/**
 * The feature writer's arithmetic: the scenarios end on whole days and the last at the horizon, and
 * durations are written in the largest whole unit the steps take. (Running a written feature against
 * its bundle is src/cli/twin-feature.test.ts.)
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { durationText, scenarioEndsMillis } from './feature';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the feature writer', () => {
  it('ends the scenarios on whole days, the last at the horizon', () => {
    expect(scenarioEndsMillis(90 * DAY, 3)).to.deep.equal([30 * DAY, 60 * DAY, 90 * DAY]);
    expect(scenarioEndsMillis(10 * DAY, 3)).to.deep.equal([3 * DAY, 6 * DAY, 10 * DAY]);
    expect(scenarioEndsMillis(36 * HOUR, 3)).to.deep.equal([DAY, 36 * HOUR]);
    expect(scenarioEndsMillis(5 * HOUR, 3)).to.deep.equal([5 * HOUR]);
  });

  it('writes durations in the largest whole unit', () => {
    expect(durationText(30 * DAY)).to.equal('30d');
    expect(durationText(36 * HOUR)).to.equal('36h');
    expect(durationText(90_000)).to.equal('90s');
    expect(durationText(1500)).to.equal('1500ms');
  });
});
