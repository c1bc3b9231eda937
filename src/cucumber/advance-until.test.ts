/**
 * The failure messages of the steps for users' own material, which a feature cannot assert (a failing
 * step fails its scenario): the until-steps' "where it got stuck", the phase and "does not exist"
 * assertions, reading policy and template files, the profile hint of a refused policy, and bad simulator
 * options. The helpers are driven directly against an in-process simulator; the last group runs a small
 * feature through Cucumber's own API to check that each failure is reported at its tag or step.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { createSimulator, PROFILES } from '../index';
import { advanceUntil, durationMillis, expectAtStep, expectInPhase, expectNoIndex, formatDuration, Requester } from './advance-until';
import { describeEsError, profileHint, profilesAccepting } from './refusal';
import { checkSimulatorOption, optionFromTag } from './simulator-options';
import { policyBody, readJsonFile, templateBody } from '../index';

function world(): Requester & { must(method: string, path: string, body?: unknown): Promise<unknown> } {
  const sim = createSimulator();
  const send = (method: string, path: string, body?: unknown) => sim.request(body === undefined ? { method, path } : { method, path, body });
  return {
    send,
    async must(method, path, body) {
      const response = await send(method, path, body);
      expect(response.status, response.text).to.be.within(200, 299);
      return response.body;
    },
  };
}

async function clock(w: Requester): Promise<string> {
  return ((await w.send('GET', '/_sim/clock')).body as { now: string }).now;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a failure');
}

const SHRINK_ERROR = 'illegal_argument_exception: the number of target shards [4] must be less that the number of source shards [2]';

async function shrinkToError() {
  const w = world();
  await w.must('PUT', '/_ilm/policy/shrink-index', { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
  await w.must('PUT', '/my-index-000001', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
  return w;
}

describe("the until-steps past the server's instant limit", () => {
  it('go on after the server stops at its limit of instants per request, up to the bound (43,200 SLM fires in 12h)', async () => {
    const w = world();
    await w.must('PUT', '/_snapshot/repo', { type: 'fs', settings: { location: '/tmp/repo' } });
    await w.must('PUT', '/_slm/policy/every-second', { schedule: '* * * * * ?', name: 'snap', repository: 'repo' });
    await w.must('PUT', '/i', {});
    const message = await failure(advanceUntil(w, 'i', { gone: true }, '12h'));
    // Not the server's 429: the step went on from each stop and ended at its own bound.
    expect(message).to.include('the bound of 12h was reached');
    expect(await clock(w)).to.equal('2024-01-01T12:00:00.000Z');
  });
});

describe('advance until: durations', () => {
  it('reads the {duration} units and writes spans for people', () => {
    expect(durationMillis('365d')).to.equal(31_536_000_000);
    expect(durationMillis('90m')).to.equal(5_400_000);
    expect(durationMillis('1500micros')).to.equal(1);
    expect(() => durationMillis('-1d')).to.throw('[-1d] is not a duration such as 30d, 12h or 90m');
    expect([formatDuration(31_536_000_000), formatDuration(441_600_000), formatDuration(5_400_000), formatDuration(20)]).to.deep.equal([
      '365d',
      '5.1d',
      '1.5h',
      '20ms',
    ]);
  });
});

describe('advance until: reaching the target', () => {
  it('stops at the first instant the index is at the step (the shrink ERROR at 00:20 on day 5)', async () => {
    const w = await shrinkToError();
    await advanceUntil(w, 'my-index-000001', { step: { phase: 'warm', action: 'shrink', step: 'ERROR' } });
    expect(await clock(w)).to.equal('2024-01-06T00:20:00.000Z');
  });

  it('does not move the clock when the index is already there', async () => {
    const w = await shrinkToError();
    await advanceUntil(w, 'my-index-000001', { phase: 'new' }, '30d');
    expect(await clock(w)).to.equal('2024-01-01T00:00:00.000Z');
  });
});

describe('advance until: where the index got stuck', () => {
  it('an ERROR with nothing more scheduled: the clock ends at the bound, the message gives the failed step and its reason', async () => {
    const w = await shrinkToError();
    const message = await failure(advanceUntil(w, 'my-index-000001', { step: { phase: 'warm', action: 'complete', step: 'complete' } }));
    expect(message).to.equal(
      [
        'the clock advanced 365d to 2024-12-31T00:00:00.000Z and "my-index-000001" is not at step warm/complete/complete: ILM has nothing scheduled within the bound of 365d, so the clock was moved to the bound.',
        `"my-index-000001" is at warm/shrink/ERROR since 2024-01-06T00:20:00.000Z (for 360d): the step shrink failed: ${SHRINK_ERROR}; ES 7.10 does not retry this step automatically: POST /my-index-000001/_ilm/retry once the cause is fixed.`,
      ].join('\n'),
    );
    expect(await clock(w)).to.equal('2024-12-31T00:00:00.000Z');
  });

  it('a wait that can never end fails at once with the reason, the clock unmoved (issue 24)', async () => {
    const w = await shrinkToError();
    const before = await clock(w);
    const message = await failure(advanceUntil(w, 'my-index-000001', { phase: 'cold' }));
    expect(message.split('\n')[0]).to.equal(
      'POST /_sim/clock/_next was refused: 400 illegal_argument_exception: [until.phase] the policy [shrink-index] that [my-index-000001] follows has no phase [cold], so it can never be in it (its phases: [new, warm])',
    );
    expect(await clock(w)).to.equal(before);
  });

  it('a `within` bound that ILM keeps working through: "the bound was reached", with the retries so far', async () => {
    const w = world();
    await w.must('PUT', '/_ilm/policy/daily', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    await w.must('PUT', '/no-alias', { settings: { 'index.lifecycle.name': 'daily' } });
    const message = await failure(advanceUntil(w, 'no-alias', { step: { phase: 'hot', action: 'complete', step: 'complete' } }, '1h'));
    expect(message).to.equal(
      [
        'the clock advanced 1h to 2024-01-01T01:00:00.000Z and "no-alias" is not at step hot/complete/complete: the bound of 1h was reached.',
        '"no-alias" is at hot/rollover/ERROR since 2024-01-01T01:00:00.000Z: the step check-rollover-ready failed: illegal_argument_exception: setting [index.lifecycle.rollover_alias] for index [no-alias] is empty or not defined; ILM retries it automatically at the next poll tick, 2024-01-01T01:10:00.000Z (retries so far: 2).',
      ].join('\n'),
    );
    expect(await clock(w)).to.equal('2024-01-01T01:00:00.000Z');
  });

  it('"is at step" in one line: where the index is and what it waits for (min_age, age, the poll tick the phase starts)', async () => {
    const w = world();
    await w.must('PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '7d', actions: {} }, cold: { min_age: '30d', actions: {} } } } });
    await w.must('PUT', '/i', { settings: { 'index.lifecycle.name': 'p' } });
    await w.must('POST', '/_sim/clock/_advance', { by: '21d' });
    const message = await failure(expectAtStep(w, 'i', { phase: 'cold', action: 'complete', step: 'complete' }));
    expect(message).to.equal(
      'expected "i" at cold/complete/complete, but it is at warm/complete/complete since 2024-01-08T00:00:00.000Z (for 14d): the cold phase needs min_age 30d, age is 21d, it starts at 2024-01-31T00:00:00.000Z (a poll tick)',
    );
  });

  it('a wait step shows its step_info and how long it has waited', async () => {
    const w = world();
    await w.must('PUT', '/_ilm/policy/daily', { policy: { phases: { hot: { actions: { rollover: { max_docs: 1000 } } } } } });
    await w.must('PUT', '/logs-000001', {
      settings: { 'index.lifecycle.name': 'daily', 'index.lifecycle.rollover_alias': 'logs' },
      aliases: { logs: { is_write_index: true } },
    });
    const message = await failure(advanceUntil(w, 'logs-000002', { step: { phase: 'hot', action: 'rollover', step: 'check-rollover-ready' } }, '30d'));
    expect(message).to.match(
      /^the clock advanced 30d to 2024-01-31T00:00:00.000Z and "logs-000002" is not at step hot\/rollover\/check-rollover-ready: ILM has nothing scheduled within the bound of 30d, so the clock was moved to the bound.\n"logs-000002" does not exist.$/,
    );
    const stuck = await failure(expectInPhase(w, 'logs-000001', 'warm'));
    expect(stuck).to.match(
      /^expected "logs-000001" to be in the "warm" phase, but it is at hot\/rollover\/check-rollover-ready since 2024-01-01T00:10:00.000Z \(for 30d\)/,
    );
  });

  it('an index deleted while waiting for a step it passed within one instant: when ILM deleted it, and that explain never showed the step', async () => {
    const w = world();
    await w.must('PUT', '/_ilm/policy/delete-after-90m', { policy: { phases: { delete: { min_age: '90m', actions: { delete: {} } } } } });
    await w.must('PUT', '/logs', { settings: { 'index.lifecycle.name': 'delete-after-90m' } });
    const message = await failure(advanceUntil(w, 'logs', { step: { phase: 'delete', action: 'delete', step: 'delete' } }, '1d'));
    expect(message).to.equal(
      [
        'the clock advanced 1d to 2024-01-02T00:00:00.000Z and "logs" is not at step delete/delete/delete: ILM has nothing scheduled within the bound of 1d, so the clock was moved to the bound.',
        '"logs" does not exist: ILM\'s delete action deleted it at 2024-01-01T01:40:00.000Z.',
        'Its history shows it was at step delete/delete/delete from 2024-01-01T01:40:00.000Z until 2024-01-01T01:40:00.000Z (ILM went on within the same instant, so explain never shows it there).',
      ].join('\n'),
    );
    expect(await failure(expectInPhase(w, 'logs', 'delete'))).to.equal(
      'expected "logs" to be in the "delete" phase, but it does not exist: ILM\'s delete action deleted it at 2024-01-01T01:40:00.000Z',
    );
  });

  it('an index deleted by a request, and one that never existed', async () => {
    const w = world();
    await w.must('PUT', '/_ilm/policy/delete-after-90m', { policy: { phases: { delete: { min_age: '90m', actions: { delete: {} } } } } });
    await w.must('PUT', '/logs', { settings: { 'index.lifecycle.name': 'delete-after-90m' } });
    await w.must('DELETE', '/logs');
    expect(await failure(advanceUntil(w, 'logs', { phase: 'delete' }, '1d'))).to.have.string(
      '"logs" does not exist (the ILM history last moved it to new/complete/complete at 2024-01-01T00:00:00.000Z).',
    );
    expect(await failure(advanceUntil(w, 'nothing', { phase: 'hot' }, '1d'))).to.have.string('\n"nothing" does not exist.');
  });

  it('an index without a policy, waited on to be gone and asserted to be gone', async () => {
    const w = world();
    await w.must('PUT', '/plain', {});
    expect(await failure(advanceUntil(w, 'plain', { gone: true }, '30d'))).to.equal(
      [
        'the clock advanced 30d to 2024-01-31T00:00:00.000Z and "plain" still exists: ILM has nothing scheduled within the bound of 30d, so the clock was moved to the bound.',
        '"plain" is not managed by ILM (explain shows "managed": false; is index.lifecycle.name set?).',
      ].join('\n'),
    );
    expect(await failure(expectNoIndex(w, 'plain'))).to.equal(
      'expected the index "plain" not to exist, but it exists and is not managed by ILM (explain shows "managed": false; is index.lifecycle.name set?)',
    );
    await w.must('DELETE', '/plain');
    await expectNoIndex(w, 'plain');
  });

  it('after a shrink, the source name is an alias of the shrunken index: the failure says so (issue 24)', async () => {
    const sim = createSimulator({ profile: '6.6' });
    const w: Requester = { send: (method, path, body) => sim.request(body === undefined ? { method, path } : { method, path, body }) };
    await w.send('PUT', '/_ilm/policy/p', { policy: { phases: { warm: { actions: { shrink: { number_of_shards: 1 } } } } } });
    await w.send('PUT', '/my-index-000001', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p' } });
    await advanceUntil(w, 'shrink-my-index-000001', { step: { phase: 'completed', action: 'completed', step: 'completed' } });
    expect(await failure(expectNoIndex(w, 'my-index-000001'))).to.equal(
      'expected the index "my-index-000001" not to exist, and no index of that name does, but the name is an alias of "shrink-my-index-000001", so HEAD /my-index-000001 answers 200 ' +
        '(as in ES: ILM\'s shrink, searchable_snapshot and downsample actions give the index they replace its name as an alias). "shrink-my-index-000001" is at completed/completed/completed since 2024-01-01T00:00:00.000Z: the policy [p] has run to its end: it stays here.',
    );
  });
});

describe('user files: policies and templates as PUT bodies or GET exports', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-files-'));
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return name;
  };

  it('sends a PUT body as written', () => {
    const text = '{ "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }\n';
    expect(policyBody('p', file('put.json', text), dir)).to.deep.equal({ body: text, absolutePath: path.join(dir, 'put.json'), form: 'put-body' });
  });

  it('takes the named policy (or the only one) from a GET export, sending only its "policy"', () => {
    const exported = (_name: string) => ({
      version: 4,
      modified_date: '2023-01-01T00:00:00.000Z',
      policy: { phases: { hot: { min_age: '0ms', actions: {} } } },
      in_use_by: { indices: [] },
    });
    file('export.json', JSON.stringify({ a: exported('a'), b: { ...exported('b'), policy: { phases: {} } } }));
    expect(policyBody('b', 'export.json', dir).body).to.equal('{"policy":{"phases":{}}}');
    file('one.json', JSON.stringify({ policy: exported('policy') }));
    expect(policyBody('renamed', 'one.json', dir)).to.include({ body: '{"policy":{"phases":{"hot":{"min_age":"0ms","actions":{}}}}}', form: 'export' });
    expect(() => policyBody('c', 'export.json', dir)).to.throw(
      `"export.json" holds the lifecycle policies [a, b], none named "c" (${path.join(dir, 'export.json')})`,
    );
    file('other.json', '{"phases": {}}');
    expect(() => policyBody('p', 'other.json', dir)).to.throw(
      '"other.json" is neither a PUT _ilm/policy body ({"policy": {...}}) nor a GET _ilm/policy answer ({"p": {"policy": {...}}}); its top-level fields are [phases]',
    );
  });

  it('takes a template from a GET _index_template or _component_template export, without its read-only dates', () => {
    file(
      'templates.json',
      JSON.stringify({
        index_templates: [{ name: 't', index_template: { index_patterns: ['t-*'], priority: 1, created_date_millis: 1, modified_date_millis: 2 } }],
      }),
    );
    expect(templateBody('index', 't', 'templates.json', dir).body).to.equal('{"index_patterns":["t-*"],"priority":1}');
    file('components.json', JSON.stringify({ component_templates: [{ name: 'c', component_template: { template: { settings: {} }, version: 3 } }] }));
    expect(templateBody('component', 'c', 'components.json', dir).body).to.equal('{"template":{"settings":{}},"version":3}');
    expect(templateBody('component', 'c', file('component-put.json', '{"template":{}}'), dir).form).to.equal('put-body');
  });

  it('a missing file names the resolved path and the working directory; bad JSON its line and column', () => {
    expect(() => readJsonFile('policies/missing.json', dir)).to.throw(
      `cannot read "policies/missing.json": there is no such file (resolved to ${path.join(dir, 'policies', 'missing.json')}; the working directory is ${dir})`,
    );
    file('bad.json', '{\n  "policy": {\n    "phases" {}\n  }\n}\n');
    expect(() => readJsonFile('bad.json', dir)).to.throw(/^"bad.json" is not valid JSON: .* \(line 3, column 14\) \(.*bad\.json\)$/);
    file('empty.json', '');
    expect(() => readJsonFile('empty.json', dir)).to.throw('"empty.json" is not valid JSON: Unexpected end of JSON input (line 1, column 1)');
  });
});

describe('a refused policy: ES answer verbatim, plus the profiles that accept it', () => {
  const body = { policy: { phases: { hot: { actions: { rollover: { max_primary_shard_size: '50gb' } } } } } };
  const request = { method: 'PUT', path: '/_ilm/policy/p', body };

  it('7.10 refuses max_primary_shard_size; 7.17 (7.13+), 8.19 and 9.1 accept it', () => {
    const response = createSimulator({ profile: '7.10' }).requestSync(request);
    expect(describeEsError(response)).to.equal(
      '400 x_content_parse_exception: [1:77] [put_lifecycle_request] failed to parse field [policy] (root cause: x_content_parse_exception: [1:52] [rollover] unknown field [max_primary_shard_size])',
    );
    expect(profilesAccepting(request)).to.deep.equal(['7.17', '8.19', '9.1']);
    expect(profileHint(request, undefined, response, 'policy')).to.equal('profile 7.10 refuses this policy; the profiles that accept it: 7.17, 8.19, 9.1');
  });

  it("the summary names ES's innermost cause, not only the parse exception around it (issue 24)", () => {
    const response = createSimulator({ profile: '7.10' }).requestSync({
      method: 'PUT',
      path: '/_ilm/policy/p',
      body: { policy: { phases: { wram: { actions: {} } } } },
    });
    expect(describeEsError(response)).to.equal(
      '400 x_content_parse_exception: [1:43] [put_lifecycle_request] failed to parse field [policy] (root cause: illegal_argument_exception: Timeseries lifecycle does not support phase [wram])',
    );
  });

  it('no hint when every profile refuses the body, or when the refusal is not a 400', () => {
    const bad = { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { hot: { actions: { explode: {} } } } } } };
    const response = createSimulator().requestSync(bad);
    expect(response.status).to.equal(400);
    expect(profileHint(bad, '7.10', response, 'policy')).to.equal('');
    expect(profileHint(request, '7.10', { ...response, status: 404 }, 'policy')).to.equal('');
  });
});

describe('simulator options are checked when chosen', () => {
  it('an unknown profile names the known ones', () => {
    expect(() => checkSimulatorOption('profile', '7.1')).to.throw(`unknown profile [7.1]; known profiles: ${[...PROFILES.keys()].join(', ')}`);
    expect(() => checkSimulatorOption('profile', '8.19')).not.to.throw();
  });

  it("a bad poll interval, start time or seed gets createSimulator's reason", () => {
    expect(() => checkSimulatorOption('pollInterval', '1x')).to.throw(/indices.lifecycle.poll_interval/);
    expect(() => checkSimulatorOption('startTime', 'yesterday')).to.throw(/^invalid startTime \[yesterday\]/);
    expect(() => optionFromTag('@seed:abc')).to.throw('invalid seed [abc]: must be an integer');
    expect(optionFromTag('@start-time:0')).to.deep.equal({ key: 'startTime', value: 0 });
    expect(optionFromTag('@slow')).to.equal(null);
  });
});

describe('through Cucumber: each failure is reported at its tag or step', () => {
  interface Failed {
    readonly scenario: string;
    readonly at: string;
    readonly message: string;
  }

  /** Runs `feature` with the step library in this process and lists the failed hooks and steps. */
  async function run(feature: string): Promise<Failed[]> {
    const { loadConfiguration, runCucumber } = await import('@cucumber/cucumber/api');
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-cucumber-'));
    writeFileSync(path.join(dir, 'user.feature'), feature);
    const environment = { cwd: process.cwd(), stdout: { write: () => true } as never, stderr: process.stderr };
    const { runConfiguration } = await loadConfiguration(
      { file: false, provided: { paths: [path.join(dir, 'user.feature')], require: [path.join(__dirname, 'index.ts')], format: [] } },
      environment,
    );
    const pickles = new Map<string, { name: string; steps: Map<string, string> }>();
    const testSteps = new Map<string, { testCase: string; label: string }>();
    const testCases = new Map<string, string>();
    const startedCases = new Map<string, string>();
    const failed: Failed[] = [];
    await runCucumber(runConfiguration, environment, (envelope) => {
      if (envelope.pickle) pickles.set(envelope.pickle.id, { name: envelope.pickle.name, steps: new Map(envelope.pickle.steps.map((s) => [s.id, s.text])) });
      if (envelope.testCase) {
        const pickle = pickles.get(envelope.testCase.pickleId)!;
        testCases.set(envelope.testCase.id, pickle.name);
        for (const step of envelope.testCase.testSteps) {
          testSteps.set(step.id, { testCase: envelope.testCase.id, label: step.pickleStepId ? pickle.steps.get(step.pickleStepId)! : 'a Before hook' });
        }
      }
      if (envelope.testCaseStarted) startedCases.set(envelope.testCaseStarted.id, envelope.testCaseStarted.testCaseId);
      const finished = envelope.testStepFinished;
      if (finished && finished.testStepResult.status === 'FAILED') {
        const step = testSteps.get(finished.testStepId)!;
        failed.push({ scenario: testCases.get(step.testCase)!, at: step.label, message: finished.testStepResult.message ?? '' });
      }
    });
    return failed;
  }

  it('a bad @profile tag, a bad profile step, a policy 7.10 refuses, a component template, an until-step that times out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-material-'));
    writeFileSync(path.join(dir, 'big.json'), JSON.stringify({ policy: { phases: { hot: { actions: { rollover: { max_primary_shard_size: '50gb' } } } } } }));
    writeFileSync(path.join(dir, 'component.json'), JSON.stringify({ template: { settings: { 'index.number_of_shards': 1 } } }));
    const failed = await run(
      [
        'Feature: failures',
        '  @profile:7.1',
        '  Scenario: a bad tag',
        '    Given an index "a" without a policy',
        '  Scenario: a bad step',
        '    Given the simulator mirrors Elasticsearch "9"',
        '  Scenario: a policy from a file',
        `    Given the lifecycle policy "big" from the file "${path.join(dir, 'big.json')}"`,
        '  Scenario: a component template',
        `    Given the component template "c" from the file "${path.join(dir, 'component.json')}"`,
        '  @profile:6.6',
        '  Scenario: a component template in 6.6',
        `    Given the component template "c" from the file "${path.join(dir, 'component.json')}"`,
        '  @seed:x',
        '  Scenario: a bad seed',
        '    Given an index "a" without a policy',
        '  Scenario: a bound',
        '    Given an index "a" without a policy',
        '    When the clock advances until "a" is in the "hot" phase within 2d',
        '',
      ].join('\n'),
    );
    const known = [...PROFILES.keys()].join(', ');
    expect(failed.map((f) => [f.scenario, f.at, f.message.split('\n')[0]])).to.deep.equal([
      ['a bad tag', 'a Before hook', `Error: the tag @profile:7.1: unknown profile [7.1]; known profiles: ${known}`],
      ['a bad step', 'the simulator mirrors Elasticsearch "9"', `Error: unknown profile [9]; known profiles: ${known}`],
      [
        'a policy from a file',
        `the lifecycle policy "big" from the file "${path.join(dir, 'big.json')}"`,
        `Error: PUT /_ilm/policy/big with the body in ${path.join(dir, 'big.json')} was refused: 400 x_content_parse_exception: [1:77] [put_lifecycle_request] failed to parse field [policy] (root cause: x_content_parse_exception: [1:52] [rollover] unknown field [max_primary_shard_size])`,
      ],
      [
        'a component template in 6.6',
        `the component template "c" from the file "${path.join(dir, 'component.json')}"`,
        `Error: Elasticsearch 6.6 has no component templates (PUT /_component_template/c answered "no handler found"), so "${path.join(dir, 'component.json')}" cannot be loaded; they came in 7.8`,
      ],
      ['a bad seed', 'a Before hook', 'Error: the tag @seed:x: invalid seed [x]: must be an integer'],
      [
        'a bound',
        'the clock advances until "a" is in the "hot" phase within 2d',
        'Error: the clock advanced 2d to 2024-01-03T00:00:00.000Z and "a" is not in the "hot" phase: ILM has nothing scheduled within the bound of 2d, so the clock was moved to the bound.',
      ],
    ]);
    const policy = failed[2]!.message.split('\n');
    expect(policy[1]).to.equal('profile 7.10 refuses this policy; the profiles that accept it: 7.17, 8.19, 9.1');
    expect(policy[2]).to.match(
      /^Elasticsearch answered: \{"error":\{"root_cause":\[\{"type":"x_content_parse_exception","reason":"\[1:52\] \[rollover\] unknown field \[max_primary_shard_size\]"\}\]/,
    );
  });
});
