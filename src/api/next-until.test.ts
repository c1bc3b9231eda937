/**
 * Property test of `POST /_sim/clock/_next` with `until` (issue 24): for generated scenarios (policies,
 * indices, clock moves, retries, faults), the server's walk ends at the first instant where the
 * condition holds, the same instant, answer and cluster that stepping one due instant at a time (`_next`
 * without `until`, reading explain after each) finds on a replay of the same scenario. A refused `until`
 * moves nothing, and stepping never meets it either. It never reads the simulator's internals: both sides speak requests only.
 *
 * More cases: `ILM_SIM_PROPERTY_RUNS=2000 node --require ts-node/register/transpile-only --test src/api/next-until.test.ts`.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { createSimulator, type Simulator } from '../create-simulator';
import { PROFILES, type Profile } from '../engine/profile';
import { INDEX_NAMES, scenarioArbitrary, type Scenario } from '../testing/ilm-arbitraries';

const RUNS = Number(process.env['ILM_SIM_PROPERTY_RUNS'] ?? 100);

type Until = { index: string; phase: string } | { index: string; step: string } | { index: string; exists: false };

/** Conditions a scenario may wait for: phases, phase ends, a shrink's ERROR, the end of a 6.x policy, gone. */
function untilArbitrary(profile: Profile): fc.Arbitrary<Until> {
  const index = fc.constantFrom(...INDEX_NAMES);
  const phases = ['new', ...profile.phases];
  return fc.oneof(
    fc.tuple(index, fc.constantFrom(...phases)).map(([i, phase]) => ({ index: i, phase })),
    fc
      .tuple(
        index,
        fc.constantFrom(...phases.map((p) => `${p}/complete/complete`), 'warm/shrink/ERROR', 'hot/forcemerge/ERROR', 'completed/completed/completed'),
      )
      .map(([i, step]) => ({ index: i, step })),
    index.map((i) => ({ index: i, exists: false as const })),
  );
}

interface Case {
  readonly scenario: Scenario;
  /** The condition, or `settled`: the step the index shows once what is due now has run (a retry's re-run). */
  readonly until: Until | { readonly index: string; readonly settled: true };
  readonly within: string;
  /** Whether the target is retried right before the walk (the re-run is then due at the current instant). */
  readonly retryFirst: boolean;
}

function caseArbitrary(profile: Profile): fc.Arbitrary<Case> {
  return fc.record({
    scenario: scenarioArbitrary(profile, { withFaults: true, maxRequests: 12 }),
    until: fc.oneof(
      untilArbitrary(profile),
      fc.constantFrom(...INDEX_NAMES).map((index) => ({ index, settled: true as const })),
    ),
    within: fc.constantFrom('0ms', '10m', '6h', '1d', '3d'),
    retryFirst: fc.boolean(),
  });
}

function send(sim: Simulator, method: string, path: string, body?: unknown) {
  return sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
}

function prepared(profile: Profile, c: Case): Simulator {
  const sim = createSimulator({ ...c.scenario.options, profile: profile.name });
  for (const request of c.scenario.requests) send(sim, request.method, request.path, request.body);
  if (c.retryFirst) send(sim, 'POST', `/${c.until.index}/_ilm/retry`);
  return sim;
}

/** The case's condition; `settled` becomes the step the index is at after `POST /_sim/_settle` (gone: not there). */
function conditionOf(profile: Profile, c: Case): Until {
  if (!('settled' in c.until)) return c.until;
  const probe = prepared(profile, c);
  send(probe, 'POST', '/_sim/_settle');
  const record = recordOf(probe, c.until.index);
  if (record === null) return { index: c.until.index, exists: false };
  if (record['phase'] === undefined) return { index: c.until.index, phase: 'new' };
  return { index: c.until.index, step: `${String(record['phase'])}/${String(record['action'])}/${String(record['step'])}` };
}

/** The explain record `until` reads: the record of that name, else the first the name resolves to. */
function recordOf(sim: Simulator, index: string): Record<string, unknown> | null {
  const response = send(sim, 'GET', `/${index}/_ilm/explain`);
  if (response.status === 404) return null;
  const records = (response.body as { indices: Record<string, Record<string, unknown>> }).indices;
  return records[index] ?? Object.values(records).find((r) => r['index'] === index) ?? Object.values(records)[0] ?? null;
}

function holds(until: Until, record: Record<string, unknown> | null): boolean {
  if ('exists' in until) return record === null;
  if (record === null) return false;
  if ('phase' in until) return record['phase'] === until.phase;
  return `${String(record['phase'])}/${String(record['action'])}/${String(record['step'])}` === until.step;
}

function nowOf(sim: Simulator): number {
  return (send(sim, 'GET', '/_sim/clock').body as { now_millis: number }).now_millis;
}

/** Everything a user can see of the cluster: the clock and every index's explain record. */
function observable(sim: Simulator): string {
  return `${send(sim, 'GET', '/_sim/clock').text}\n${send(sim, 'GET', '/*/_ilm/explain?expand_wildcards=all').text}`;
}

/**
 * The reference: one due instant at a time. The condition is read before each move and again after
 * `POST /_sim/_settle` has run what is due at this very instant (a retry's re-run); then `_next` moves
 * to the next due instant. When none is left within the bound the clock goes to the bound, as `until`
 * does, and the condition is read there.
 */
function stepOneAtATime(sim: Simulator, until: Until, boundMillis: number): { now: number; reached: boolean; instants: number } {
  let instants = 0;
  for (;;) {
    if (holds(until, recordOf(sim, until.index))) return { now: nowOf(sim), reached: true, instants };
    send(sim, 'POST', '/_sim/_settle');
    if (holds(until, recordOf(sim, until.index))) return { now: nowOf(sim), reached: true, instants };
    const now = nowOf(sim);
    const answer = send(sim, 'POST', '/_sim/clock/_next', { within: `${boundMillis - now}ms` }).body as { advanced: boolean };
    if (answer.advanced) {
      instants++;
      continue;
    }
    if (now < boundMillis) send(sim, 'POST', '/_sim/clock/_set', { to: boundMillis });
    return { now: nowOf(sim), reached: holds(until, recordOf(sim, until.index)), instants };
  }
}

describe('properties: _next with until stops where stepping one instant at a time first finds the condition', () => {
  for (const profile of PROFILES.values()) {
    it(`profile ${profile.name}: ${RUNS} random scenarios`, () => {
      fc.assert(
        fc.property(caseArbitrary(profile), (c) => {
          const until = conditionOf(profile, c);
          const walked = prepared(profile, c);
          const before = observable(walked);
          const start = nowOf(walked);
          const millis = Number(/^(\d+)/.exec(c.within)![1]) * { ms: 1, m: 60_000, h: 3_600_000, d: 86_400_000 }[/[a-z]+$/.exec(c.within)![0] as 'ms']!;
          const response = send(walked, 'POST', '/_sim/clock/_next', { within: c.within, until });
          if (response.status === 400) {
            // Refused (an `until` it can never meet): nothing moved, nothing ran.
            expect((response.body as { error: { type: string } }).error.type).to.equal('illegal_argument_exception');
            expect(observable(walked), 'a refused until changes nothing').to.equal(before);
            // And it is right: stepping to the bound never meets it.
            expect(stepOneAtATime(prepared(profile, c), until, start + millis).reached, `refused, yet met: ${response.text}`).to.equal(false);
            return;
          }
          expect(response.status, response.text).to.equal(200);
          const answer = response.body as { now_millis: number; reached: boolean; instants: number };
          const stepped = prepared(profile, c);
          const reference = stepOneAtATime(stepped, until, start + millis);
          expect({ now: answer.now_millis, reached: answer.reached, instants: answer.instants }, response.text).to.deep.equal(reference);
          expect(observable(walked), 'the same cluster afterwards').to.equal(observable(stepped));
        }),
        { numRuns: RUNS, includeErrorInReport: true },
      );
    });
  }
});
