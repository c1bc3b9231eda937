/**
 * `GET /_sim/why/<index>` on the waits a person asks about: a rollover held by 8.x's implicit
 * `min_docs: 1`, a phase's `min_age` with the poll tick it starts at, an ERROR with or without an
 * automatic retry in the profile, a shrink waiting for its shards to allocate. Answers only: the
 * route changes nothing (the next explain is the same).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator, type Simulator } from '../../index';

function send(sim: Simulator, method: string, path: string, body?: unknown) {
  const response = sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.text}`);
  return response;
}

type Why = Record<string, unknown> & { explanation: string };

function why(sim: Simulator, index: string): Why {
  return send(sim, 'GET', `/_sim/why/${index}`).body as Why;
}

describe('GET /_sim/why/<index>', () => {
  it('a rollover in 8.19: each condition current against required, the implicit min_docs: 1 holding it', () => {
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    send(sim, 'PUT', '/logs-000001', {
      settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' },
      aliases: { logs: { is_write_index: true } },
    });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '2d' });
    const explainBefore = send(sim, 'GET', '/logs-000001/_ilm/explain').text;
    const answer = why(sim, 'logs-000001');
    expect(answer).to.include({ waiting_for: 'rollover', step: 'check-rollover-ready', next_check: '2024-01-03T00:10:00.000Z', managed: true });
    const rollover = answer['rollover'] as { rule: string; conditions: Array<Record<string, unknown>>; met_at: unknown };
    expect(rollover.rule).to.equal('min-max');
    expect(rollover.met_at).to.equal(null);
    expect(rollover.conditions).to.deep.equal([
      { condition: 'max_age', required: '1d', required_value: 86_400_000, current_value: 172_800_000, unit: 'millis', met: true, implicit: false },
      { condition: 'min_docs', required: '1', required_value: 1, current_value: 0, unit: 'docs', met: false, implicit: true },
      { condition: 'max_primary_shard_docs', required: '200000000', required_value: 200_000_000, current_value: 0, unit: 'docs', met: false, implicit: true },
    ]);
    expect(answer.explanation).to.contain('min_docs 1 (now 0 docs, implicit)').and.contain('unmet: min_docs');
    expect(send(sim, 'GET', '/logs-000001/_ilm/explain').text).to.equal(explainBefore);
  });

  it('a rollover in 7.10 that time alone meets: the poll tick it rolls over at', () => {
    const sim = createSimulator();
    send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    send(sim, 'PUT', '/logs-000001', {
      settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' },
      aliases: { logs: { is_write_index: true } },
    });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '5h' });
    const answer = why(sim, 'logs-000001');
    expect((answer['rollover'] as Record<string, unknown>)['rule']).to.equal('any');
    expect(answer['rollover']).to.include({ met_at: '2024-01-02T00:00:00.000Z' });
  });

  it('a phase min_age: the age, when it is due and the poll tick the phase starts at', () => {
    const sim = createSimulator();
    send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { warm: { min_age: '7d', actions: {} }, cold: { min_age: '30d', actions: {} } } } });
    // Created between poll ticks (they fall every 10m from the start time): due at 00:03, started at 00:10.
    send(sim, 'POST', '/_sim/clock/_advance', { by: '3m' });
    send(sim, 'PUT', '/i', { settings: { 'index.lifecycle.name': 'p' } });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '21d' });
    const answer = why(sim, 'i');
    expect(answer).to.include({ waiting_for: 'phase', phase: 'warm', step: 'complete' });
    expect(answer['next_phase']).to.deep.equal({
      phase: 'cold',
      min_age: '30d',
      min_age_millis: 2_592_000_000,
      age: '21d',
      age_millis: 1_814_400_000,
      due: '2024-01-31T00:03:00.000Z',
      due_millis: Date.UTC(2024, 0, 31, 0, 3),
      starts_at: '2024-01-31T00:10:00.000Z',
      starts_at_millis: Date.UTC(2024, 0, 31, 0, 10),
    });
    expect(answer.explanation).to.equal('the cold phase needs min_age 30d, age is 21d, it starts at 2024-01-31T00:10:00.000Z (a poll tick)');
    // The answer is right: the phase starts at that tick.
    send(sim, 'POST', '/_sim/clock/_set', { to: '2024-01-31T00:09:59.999Z' });
    expect(why(sim, 'i')['phase']).to.equal('warm');
    send(sim, 'POST', '/_sim/clock/_set', { to: '2024-01-31T00:10:00.000Z' });
    expect(why(sim, 'i')['phase']).to.equal('cold');
  });

  it('ERROR: whether and when the profile retries it', () => {
    const seed = (profile: string): Simulator => {
      const sim = createSimulator({ profile });
      send(sim, 'PUT', '/_ilm/policy/shrink-index', { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
      send(sim, 'PUT', '/my-index-000001', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
      send(sim, 'POST', '/_sim/clock/_advance', { by: '7344m' });
      return sim;
    };
    for (const profile of ['7.10', '6.6']) {
      const answer = why(seed(profile), 'my-index-000001');
      expect(answer).to.include({ waiting_for: 'error', step: 'ERROR', next_check: null });
      expect(answer['error']).to.include({ failed_step: 'shrink', automatic_retry: false, retry_at: null });
      expect(answer.explanation).to.contain(
        `ES ${profile} ${profile === '6.6' ? 'never retries automatically' : 'does not retry this step automatically'}: POST /my-index-000001/_ilm/retry`,
      );
    }
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_docs: 1 } } } } } });
    send(sim, 'PUT', '/plain', { settings: { 'index.lifecycle.name': 'p' } });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '10m' });
    const answer = why(sim, 'plain');
    expect(answer['error']).to.include({
      failed_step: 'check-rollover-ready',
      automatic_retry: true,
      retry_at: '2024-01-01T00:20:00.000Z',
      is_auto_retryable_error: true,
    });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '10m' });
    expect(why(sim, 'plain').explanation).to.contain('this is automatic retry 1 after illegal_argument_exception: setting [index.lifecycle.rollover_alias]');
  });

  it('issue 24: on 8.19 the retried error comes first, and a met max_age meets the max_* requirement', () => {
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } } } } });
    send(sim, 'PUT', '/plain', { settings: { 'index.lifecycle.name': 'p' } });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '3d' });
    const explanation = String(why(sim, 'plain').explanation);
    expect(explanation.startsWith('this is automatic retry '), explanation).to.equal(true);
    expect(explanation).to.match(
      /after illegal_argument_exception: setting \[index\.lifecycle\.rollover_alias\] for index \[plain\] is empty or not defined; rollover waits for /,
    );
    expect(explanation).to.contain('max_age 1d (now 3d, met)').and.contain('; unmet: min_docs;');
  });

  it('an allocation wait: the step_info and when the shards become active', () => {
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_ilm/policy/p', {
      policy: { phases: { warm: { min_age: '1d', actions: { allocate: { number_of_replicas: 0, require: { box: 'warm' } } } } } },
    });
    send(sim, 'PUT', '/_sim/allocation', { delay: '2h' });
    send(sim, 'PUT', '/i', { settings: { 'index.lifecycle.name': 'p' } });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '1d' });
    const answer = why(sim, 'i');
    expect(answer).to.include({ waiting_for: 'cluster_change', step: 'check-allocation', shards_active_at: '2024-01-02T02:00:00.000Z' });
    expect(answer.explanation)
      .to.contain('the wait check-allocation is checked on each cluster change: ')
      .and.contain('its shards become active at 2024-01-02T02:00:00.000Z');
  });

  it("an unmanaged index, and a missing one (ES's 404)", () => {
    const sim = createSimulator();
    send(sim, 'PUT', '/u', {});
    expect(why(sim, 'u')).to.include({ managed: false, waiting_for: 'unmanaged' });
    expect(sim.requestSync({ method: 'GET', path: '/_sim/why/nope' }).status).to.equal(404);
  });
});

describe('GET /_sim/timeline: data stream lifecycle generations', () => {
  type Lineage = {
    index: string;
    ended: string | null;
    lineage: Array<{ index: string; start: string; end: string | null }>;
    phases: Array<{ phase: string; start: string; end: string | null }>;
    actions: Array<{ phase: string; action: string; start: string }>;
    waits: Array<{ step: string; action: string; start: string; error?: { type: string; reason: string } }>;
  };
  const timeline = (sim: Simulator) => (send(sim, 'GET', '/_sim/timeline').body as { indices: Lineage[] }).indices;

  it('a downsampled index continues its generation (renamed), with the force merge, the downsamplings and the retention deletion as actions', () => {
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_index_template/metrics', {
      index_patterns: ['metrics-*'],
      data_stream: {},
      priority: 500,
      template: {
        settings: { 'index.mode': 'time_series', 'index.routing_path': 'host' },
        lifecycle: {
          // max_age=auto is 1d for a retention of 14 days or less.
          data_retention: '10d',
          downsampling: [
            { after: '1d', fixed_interval: '1h' },
            { after: '3d', fixed_interval: '1d' },
          ],
        },
      },
    });
    send(sim, 'PUT', '/_data_stream/metrics-app');
    send(sim, 'POST', '/_sim/ingest', { index: 'metrics-app', count: 5, bytes_each: '1kb' });
    send(sim, 'POST', '/_sim/clock/_set', { to: '2024-01-08T00:00:00Z' });
    const first = timeline(sim)[0]!;
    expect(first.index).to.equal('.ds-metrics-app-2024.01.01-000001');
    expect(first.lineage.map((n) => [n.index, n.start])).to.deep.equal([
      ['.ds-metrics-app-2024.01.01-000001', '2024-01-01T00:00:00.000Z'],
      ['downsample-1h-.ds-metrics-app-2024.01.01-000001', '2024-01-03T00:05:00.000Z'],
      ['downsample-1d-.ds-metrics-app-2024.01.01-000001', '2024-01-05T00:00:00.000Z'],
    ]);
    expect(first.phases.map((p) => [p.phase, p.end])).to.deep.equal([
      ['write', '2024-01-02T00:00:00.000Z'],
      ['rolled_over', null],
    ]);
    expect(first.actions.map((a) => [a.action, a.start])).to.deep.equal([
      ['rollover', '2024-01-02T00:00:00.000Z'],
      ['forcemerge', '2024-01-02T00:10:00.000Z'],
      ['downsample', '2024-01-03T00:05:00.000Z'],
      // The engine merges each downsampled index too (a new backing index it has not merged).
      ['forcemerge', '2024-01-03T00:10:00.000Z'],
      ['downsample', '2024-01-05T00:00:00.000Z'],
      ['forcemerge', '2024-01-05T00:05:00.000Z'],
    ]);
    // No generation is drawn for the downsampled index itself (the second, empty, never rolls over: min_docs 1).
    expect(timeline(sim).filter((l) => l.index.startsWith('downsample-'))).to.deep.equal([]);
    expect(timeline(sim)).to.have.length(2);
    send(sim, 'POST', '/_sim/clock/_set', { to: '2024-01-13T00:00:00Z' });
    const deleted = timeline(sim)[0]!;
    expect(deleted.ended).to.equal('deleted');
    expect(deleted.phases[1]).to.include({ phase: 'rolled_over', end: '2024-01-12T00:00:00.000Z' });
    expect(deleted.lineage.map((n) => n.index)).to.have.length(3);
    expect(deleted.actions[deleted.actions.length - 1]).to.include({ action: 'delete', start: '2024-01-12T00:00:00.000Z' });
  });

  it("an error in the lifecycle's error store is an ERROR wait with its type and reason", () => {
    const sim = createSimulator({ profile: '9.1' });
    send(sim, 'PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': 3 } });
    send(sim, 'PUT', '/_index_template/logs', {
      index_patterns: ['logs-*'],
      data_stream: {},
      priority: 500,
      template: { lifecycle: { data_retention: '7d' } },
    });
    send(sim, 'PUT', '/_data_stream/logs-app');
    send(sim, 'POST', '/_sim/ingest', { index: 'logs-app', count: 5, bytes_each: '1kb' });
    send(sim, 'POST', '/_sim/clock/_set', { to: '2024-01-03T00:00:00Z' });
    const waits = timeline(sim)[0]!.waits;
    expect(waits).to.have.length(1);
    expect(waits[0]).to.include({ step: 'ERROR', action: 'rollover', failed_step: 'rollover', start: '2024-01-02T00:00:00.000Z' });
    expect(waits[0]!.error!.type).to.equal('validation_exception');
    expect(waits[0]!.error!.reason).to.contain('this action would add [2] shards, but this cluster currently has [2]/[3] maximum normal shards open');
  });
});
