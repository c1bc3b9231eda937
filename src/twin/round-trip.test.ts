/**
 * The twin's main test (issue 23): run a generated cluster to day D, capture a bundle from it over
 * HTTP (`ilm-sim serve`'s server) with `captureBundle`, load the twin, continue both to D+H with the
 * same requests, and compare every index's explain record and the lifecycle history written from D
 * on. UUIDs and the random parts of generated names (shrink targets, snapshots) are set aside; nothing
 * else is. A property over many seeds and every profile.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { PROFILES } from '../engine/profile';
import { twinScenarioArbitrary } from '../testing/twin-arbitraries';
import { roundTrip } from './test-support';

const RUNS_PER_PROFILE = Number(process.env['ILM_SIM_TWIN_RUNS'] ?? 12);

describe('the twin round trip: simulate to D, capture over HTTP, load, continue both to D+H', () => {
  for (const profile of PROFILES.values()) {
    it(`gives the same explain records and history from D on (profile ${profile.name})`, async () => {
      await fc.assert(
        fc.asyncProperty(twinScenarioArbitrary(profile), async (scenario) => {
          const { original, twin, notes } = await roundTrip(scenario);
          // A captured bundle of a simulated cluster is complete: the twin assumes nothing.
          expect(notes, 'notes').to.deep.equal([]);
          for (let day = 0; day < original.length; day++) expect(twin[day], `day D+${day} of ${original.length - 2}`).to.equal(original[day]);
        }),
        {
          numRuns: RUNS_PER_PROFILE,
          includeErrorInReport: true,
          seed: process.env['ILM_SIM_TWIN_SEED'] === undefined ? undefined : Number(process.env['ILM_SIM_TWIN_SEED']),
        },
      );
    });
  }
});
