/**
 * Property-based tests of the whole simulator (issue 5, item 5): random valid policies, index settings,
 * request sequences, clock moves and injected faults, for every profile. After every request: no
 * exception, JSON answers with ES-shaped errors, ERROR records with `failed_step` and `step_info`,
 * times never past the clock, phases only forward; then a replay on a fresh simulator must give
 * byte-identical answers, and (liveness) once faults are cleared no index stays in ERROR.
 *
 * Runs: `npm test` runs 1000 cases in all. Longer: `ILM_SIM_PROPERTY_RUNS=20000 node --require
 * ts-node/register/transpile-only --test src/properties.test.ts`. A failure prints fast-check's seed and
 * path; rerun exactly that case with `ILM_SIM_PROPERTY_SEED=<seed> ILM_SIM_PROPERTY_PATH=<path>` and
 * `--test-name-pattern '<the failing test's name>'` (a path belongs to one property).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { createSimulator } from './index';
import { PROFILES, type Profile } from './engine/profile';
import { scenarioArbitrary, type Scenario } from './testing/ilm-arbitraries';
import { checkReplay, InvariantViolation, ObservedSimulator, recover } from './testing/observed-simulator';

/** Total generated cases over the properties below (safety 30% and liveness 20% per profile). */
const TOTAL_RUNS = positiveInteger(process.env['ILM_SIM_PROPERTY_RUNS'], 1000);
const SEED = process.env['ILM_SIM_PROPERTY_SEED'];
const PATH = process.env['ILM_SIM_PROPERTY_PATH'];
const MAX_REQUESTS = 24;

function positiveInteger(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`ILM_SIM_PROPERTY_RUNS must be a positive integer, not [${text}]`);
  return value;
}

function parameters<T>(numRuns: number): fc.Parameters<T> {
  // The invariant's message goes into the report itself, beside the seed, path and counterexample.
  if (SEED === undefined) return { numRuns, includeErrorInReport: true };
  return { numRuns, includeErrorInReport: true, seed: Number(SEED), ...(PATH === undefined ? {} : { path: PATH }) };
}

/**
 * Whether `POST /_sim/faults` exists. Until it does, only the fault branch of the generator is left
 * out (the rest of every property still runs) and the test says so in its diagnostics.
 */
function faultApiAvailable(profile: Profile): boolean {
  const probe = createSimulator({ profile: profile.name }).requestSync({
    method: 'POST',
    path: '/_sim/faults',
    body: { index: 'probe', step: 'init', error: { type: 'illegal_state_exception', reason: 'probe' } },
  });
  const error = (probe.body as { error?: unknown } | null)?.error;
  return !(probe.status === 400 && typeof error === 'string' && error.startsWith('no handler found'));
}

function runScenario(profile: Profile, scenario: Scenario): ObservedSimulator {
  const observed = new ObservedSimulator(scenario.options, profile);
  for (const request of scenario.requests) observed.send(request);
  return observed;
}

const profiles = [...PROFILES.values()];

describe('properties: invariants after every request, and byte-identical replay', () => {
  for (const profile of profiles) {
    it(`profile ${profile.name}: ${Math.round(TOTAL_RUNS * 0.3)} random scenarios`, (t) => {
      const withFaults = faultApiAvailable(profile);
      if (!withFaults) t.diagnostic('POST /_sim/faults has no handler yet: the fault branch of the generator is off');
      fc.assert(
        fc.property(scenarioArbitrary(profile, { withFaults, maxRequests: MAX_REQUESTS }), (scenario) => {
          const observed = runScenario(profile, scenario);
          checkReplay(scenario.options, observed.exchanges);
        }),
        parameters(Math.round(TOTAL_RUNS * 0.3)),
      );
    });
  }
});

describe('properties: liveness, no index stays in ERROR once faults are cleared', () => {
  for (const profile of profiles) {
    it(`profile ${profile.name}: ${Math.round(TOTAL_RUNS * 0.2)} random scenarios, then recovery`, (t) => {
      const withFaults = faultApiAvailable(profile);
      if (!withFaults) t.diagnostic('POST /_sim/faults has no handler yet: the fault branch of the generator is off');
      fc.assert(
        fc.property(scenarioArbitrary(profile, { withFaults, maxRequests: MAX_REQUESTS }), (scenario) => {
          const observed = runScenario(profile, scenario);
          const stuck = recover(observed, withFaults);
          if (Object.keys(stuck).length > 0) {
            throw new InvariantViolation(`still in ERROR after recovery: ${JSON.stringify(stuck)}`);
          }
        }),
        parameters(Math.round(TOTAL_RUNS * 0.2)),
      );
    });
  }
});

describe('properties: a broken invariant is caught, shrunk and reported with its seed and path', () => {
  const profile = PROFILES.get('7.10')!;
  // Deliberately false: "no index ever reaches the warm phase".
  const neverWarm = fc.property(scenarioArbitrary(profile, { withFaults: false, maxRequests: MAX_REQUESTS }), (scenario) => {
    const observed = new ObservedSimulator(scenario.options, profile);
    for (const request of scenario.requests) {
      observed.send(request);
      for (const [name, record] of Object.entries(observed.lastExplain)) {
        if (record['phase'] === 'warm') throw new InvariantViolation(`[${name}] reached warm`);
      }
    }
  });
  let memo: fc.RunDetails<[Scenario]> | undefined;
  const run = (): fc.RunDetails<[Scenario]> => (memo ??= fc.check(neverWarm, { numRuns: 500, seed: 20240101, includeErrorInReport: true }));

  it('fails, and the report carries the seed, the path and the counterexample', () => {
    const result = run();
    expect(result.failed).to.equal(true);
    const report = fc.defaultReportMessage(result) ?? '';
    expect(report).to.include(`seed: ${result.seed}`);
    expect(report).to.include(`path: "${result.counterexamplePath}"`);
    expect(report).to.include('Counterexample:');
    expect(report).to.include('reached warm');
  });

  it('shrinks to a policy with a warm phase and an index using it (the setup keeps one of each)', () => {
    const [scenario] = run().counterexample!;
    expect(scenario.requests.length).to.be.at.most(3);
    expect(scenario.requests.every((r) => r.method === 'PUT')).to.equal(true);
    expect(JSON.stringify(scenario.requests)).to.include('"warm":{');
  });

  it('the printed seed and path replay the same counterexample at once', () => {
    const result = run();
    const again = fc.check(neverWarm, { numRuns: 1, seed: result.seed, path: result.counterexamplePath! });
    expect(again.failed).to.equal(true);
    expect(again.counterexample).to.deep.equal(result.counterexample);
  });
});

describe('properties: regressions they found', () => {
  // The liveness property found 6.6 shrunken indices shrinking themselves without end while a fault
  // held their source before `copy-execution-state`: `shrink-shrink-...-idx` grows past any length.
  // ES validates every new index name, a resize target included (MetadataCreateIndexService
  // #validateIndexName, es-ilm-api.md 3.1 rule 5), so the `shrink` step fails and the chain stops.
  // 7.13+ generates the name first (`generate-index-name`) and refuses it there, as a validation error.
  for (const profile of profiles) {
    const generated = profile.chains.shrink === 'v7.16' || profile.chains.shrink === 'v8';
    it(`profile ${profile.name}: a shrink whose target name would pass 255 bytes fails at the ${generated ? 'generate-index-name' : 'shrink'} step`, () => {
      const sim = createSimulator({ profile: profile.name });
      const name = 'a'.repeat(250);
      const send = (method: string, path: string, body?: unknown) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
      expect(send('PUT', '/_ilm/policy/p', { policy: { phases: { warm: { actions: { shrink: { number_of_shards: 1 } } } } } }).status).to.equal(200);
      expect(send('PUT', `/${name}`, { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } }).status).to.equal(200);
      send('POST', '/_sim/clock/_advance', { by: '1h' });
      const indices = (send('GET', '/*/_ilm/explain').body as { indices: Record<string, Record<string, unknown>> }).indices;
      const short = (n: string): string => `${n.slice(0, 10)}... (${n.length} characters)`;
      expect(Object.keys(indices).map(short), 'the indices after the shrink step ran').to.deep.equal([short(name)]);
      if (generated) {
        expect(indices[name]).to.include({ step: 'ERROR', failed_step: 'generate-index-name' });
        const info = indices[name]!['step_info'] as Record<string, unknown>;
        expect(info['type']).to.equal('action_request_validation_exception');
        expect(String(info['reason'])).to.match(
          /^Validation Failed: 1: Invalid index name \[shrink-[a-z0-9_-]{4}-a{250}\], index name is too long, \(262 > 255\);$/,
        );
        return;
      }
      const target = `shrink-${name}`;
      expect(indices[name]).to.include({ step: 'ERROR', failed_step: 'shrink' });
      expect(indices[name]!['step_info']).to.deep.equal({
        type: 'invalid_index_name_exception',
        reason: `Invalid index name [${target}], index name is too long, (257 > 255)`,
        index_uuid: '_na_',
        index: target,
      });
    });
  }
});
