/**
 * The bad-input sweep's limits family (issue 20, items 1-3): huge shard and replica counts, dense SLM
 * schedules and clock requests of every size. Each case asserts no 5xx (unless ES sends one), no state
 * change when refused, and bounded work counted in work done (shard copies listed, instants run,
 * snapshots taken), never in wall time.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';
import { PROFILES } from '../engine/profile';
import { firstDifference, snapshot } from '../testing/cluster-snapshot';
import { MAX_INSTANTS_PER_CLOCK_REQUEST } from '../sim/simulator';
import { SIMULATOR_MAX_SHARD_COPIES_PER_ACTION } from '../engine/cluster/shard-limit';
import { DEFAULT_BOUND } from '../cucumber/advance-until';
import { DEFAULT_UNTIL_WITHIN } from './sim/sim-handlers';

function send(sim: Simulator, method: string, path: string, body?: unknown) {
  return sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
}

function must(sim: Simulator, method: string, path: string, body?: unknown) {
  const response = send(sim, method, path, body);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).to.be.below(300);
  return response;
}

interface ErrorBody {
  error: { type: string; reason: string };
  status: number;
}

/** Sends a request that must be refused with `status` and change nothing observable. */
function refused(sim: Simulator, status: number, method: string, path: string, body?: unknown): ErrorBody['error'] {
  const before = snapshot(sim);
  const response = send(sim, method, path, body);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).to.equal(status);
  const after = snapshot(sim);
  expect(after === before, `${method} ${path} changed the cluster: ${firstDifference(before, after)}`).to.equal(true);
  return (response.body as ErrorBody).error;
}

function catShardLines(sim: Simulator): number {
  const text = must(sim, 'GET', '/_cat/shards').body as string;
  return text.split('\n').filter((line) => line.length > 0).length;
}

/**
 * ES `ReferenceDocs.MAX_SHARDS_PER_NODE`, which the message ends with from elastic/elasticsearch#110993
 * (2024): the release's guide page on 8.x (as 8.18 clusters print it), the docs site's page on 9.x.
 */
const SHARD_DOCS_LINK: Record<string, string> = {
  '8.19': 'https://www.elastic.co/guide/en/elasticsearch/reference/8.19/size-your-shards.html#troubleshooting-max-shards-open',
  '9.1': 'https://www.elastic.co/docs/deploy-manage/production-guidance/optimize-performance/size-shards#troubleshooting-max-shards-open',
};

const SHARD_WORDING: Record<string, (n: number, held: number, max: number, release?: string) => string> = {
  total: (n, held, max) =>
    `Validation Failed: 1: this action would add [${n}] total shards, but this cluster currently has [${held}]/[${max}] maximum shards open;`,
  normal: (n, held, max, release) =>
    `Validation Failed: 1: this action would add [${n}] shards, but this cluster currently has [${held}]/[${max}] maximum normal shards open${
      release && SHARD_DOCS_LINK[release] ? `; for more information, see ${SHARD_DOCS_LINK[release]}` : ''
    };`,
};

describe('bad-input limits: shard and replica counts', () => {
  for (const profile of PROFILES.values()) {
    it(`${profile.name}: number_of_replicas 2147483647 is refused at once and nothing lists its copies`, () => {
      const sim = createSimulator({ profile: profile.name });
      const error = refused(sim, 400, 'PUT', '/big', { settings: { number_of_shards: 1, number_of_replicas: 2147483647 } });
      expect(error.type).to.equal('validation_exception');
      if (profile.shardLimit === 'warn') {
        // 6.x only warned; the simulator's own ceiling refuses it.
        expect(error.reason).to.equal(
          `Validation Failed: 1: this action would add [2147483648] shards, but the simulator adds at most [${SIMULATOR_MAX_SHARD_COPIES_PER_ACTION}] shard copies in one action;`,
        );
      } else {
        expect(error.reason).to.equal(SHARD_WORDING[profile.shardLimit]!(2147483648, 0, 1000, profile.name));
      }
      expect(catShardLines(sim)).to.equal(0);
    });
  }

  for (const name of ['7.10', '7.17', '8.19']) {
    const profile = PROFILES.get(name)!;
    const wording = (n: number, held: number, max: number) => SHARD_WORDING[profile.shardLimit]!(n, held, max, name);
    it(`${name}: the limit of 1000 per data node holds on create, replicas, _open and rollover`, () => {
      const sim = createSimulator({ profile: name });
      must(sim, 'PUT', '/a', { settings: { number_of_shards: 1, number_of_replicas: 998 } });
      must(sim, 'PUT', '/b', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
      expect(catShardLines(sim)).to.equal(1000);
      expect(refused(sim, 400, 'PUT', '/c', { settings: { number_of_shards: 1, number_of_replicas: 0 } }).reason).to.equal(wording(1, 1000, 1000));
      expect(refused(sim, 400, 'PUT', '/b/_settings', { index: { number_of_replicas: 100000000 } }).reason).to.equal(wording(100000000, 1000, 1000));
      must(sim, 'POST', '/b/_close');
      must(sim, 'PUT', '/c', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
      expect(refused(sim, 400, 'POST', '/b/_open').reason).to.equal(wording(1, 1000, 1000));
      must(sim, 'DELETE', '/c');
      must(sim, 'DELETE', '/a');
      must(sim, 'POST', '/b/_open');
      must(sim, 'PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': 3 } });
      must(sim, 'PUT', '/logs-000001', { settings: { number_of_shards: 1, number_of_replicas: 1 }, aliases: { logs: { is_write_index: true } } });
      expect(refused(sim, 400, 'POST', '/logs/_rollover').reason).to.equal(wording(2, 3, 3));
    });
  }

  it('counts data nodes of a configured topology, and none while no data node is up', () => {
    const sim = createSimulator({
      profile: '8.19',
      nodes: [
        { name: 'm', roles: ['master'] },
        { name: 'h1', roles: ['data_hot', 'data_content'] },
        { name: 'h2', roles: ['data_hot', 'data_content'] },
      ],
    });
    must(sim, 'PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': 2 } });
    must(sim, 'PUT', '/a', { settings: { number_of_shards: 2, number_of_replicas: 1 } });
    expect(refused(sim, 400, 'PUT', '/b', { settings: { number_of_shards: 1, number_of_replicas: 0 } }).reason).to.equal(
      SHARD_WORDING['normal']!(1, 4, 4, '8.19'),
    );
  });

  it('validates cluster.max_shards_per_node, the disk watermarks and logger levels as ES does', () => {
    const sim = createSimulator({ profile: '8.19' });
    const put = (key: string, value: unknown) => refused(sim, 400, 'PUT', '/_cluster/settings', { persistent: { [key]: value } });
    expect(put('cluster.max_shards_per_node', '-5')).to.include({
      type: 'illegal_argument_exception',
      reason: 'Failed to parse value [-5] for setting [cluster.max_shards_per_node] must be >= 1',
    });
    expect(put('cluster.max_shards_per_node', 'abc')).to.include({
      type: 'illegal_argument_exception',
      reason: 'Failed to parse value [abc] for setting [cluster.max_shards_per_node]',
    });
    expect(put('cluster.max_shards_per_node', '2147483648').reason).to.equal('Failed to parse value [2147483648] for setting [cluster.max_shards_per_node]');
    expect(put('cluster.routing.allocation.disk.watermark.low', 'abc')).to.include({
      type: 'parse_exception',
      reason: 'failed to parse setting [cluster.routing.allocation.disk.watermark.low] with value [abc] as a size in bytes: unit is missing or unrecognized',
    });
    expect(put('cluster.routing.allocation.disk.watermark.high', '150%')).to.include({
      type: 'parse_exception',
      reason: 'Percentage should be in [0-100], got [150%]',
    });
    expect(put('logger.org.elasticsearch.xpack.ilm', 'loud')).to.include({ type: 'illegal_argument_exception', reason: 'Unknown level constant [LOUD].' });
    must(sim, 'PUT', '/_cluster/settings', {
      persistent: {
        'cluster.routing.allocation.disk.watermark.low': '0.8',
        'cluster.routing.allocation.disk.watermark.high': '500mb',
        'logger.org.elasticsearch': 'debug',
      },
    });
  });
});

describe('bad-input limits: dense SLM schedules', () => {
  function withRepository(profile: string): Simulator {
    const sim = createSimulator({ profile });
    must(sim, 'PUT', '/_snapshot/repo', { type: 'fs', settings: { location: '/tmp/repo' } });
    return sim;
  }

  for (const name of ['7.17', '8.19', '9.1']) {
    it(`${name}: slm.minimum_interval refuses a schedule firing more often than every 15m`, () => {
      const sim = withRepository(name);
      const error = refused(sim, 400, 'PUT', '/_slm/policy/x', { schedule: '0 * * * * ?', name: 'snap', repository: 'repo' });
      expect(error).to.include({
        type: 'illegal_argument_exception',
        reason: 'invalid schedule [0 * * * * ?]: schedule would be too frequent, executing more than every [15m]',
      });
      must(sim, 'PUT', '/_slm/policy/x', { schedule: '0 0/15 * * * ?', name: 'snap', repository: 'repo' });
      must(sim, 'PUT', '/_cluster/settings', { persistent: { 'slm.minimum_interval': '1m' } });
      expect(refused(sim, 400, 'PUT', '/_slm/policy/y', { schedule: '0/30 * * * * ?', name: 'snap', repository: 'repo' }).reason).to.equal(
        'invalid schedule [0/30 * * * * ?]: schedule would be too frequent, executing more than every [1m]',
      );
      expect(refused(sim, 400, 'PUT', '/_cluster/settings', { persistent: { 'slm.minimum_interval': '-1' } }).type).to.equal('illegal_argument_exception');
    });
  }

  it('7.10 has no minimum interval: a per-second schedule is kept, and a 30-day advance stops at the instant limit', () => {
    const sim = withRepository('7.10');
    expect(refused(sim, 400, 'PUT', '/_cluster/settings', { persistent: { 'slm.minimum_interval': '0' } }).reason).to.equal(
      'persistent setting [slm.minimum_interval], not recognized',
    );
    must(sim, 'PUT', '/_slm/policy/x', { schedule: '* * * * * ?', name: 'snap', repository: 'repo' });
    const start = (must(sim, 'GET', '/_sim/clock').body as { now_millis: number }).now_millis;
    const response = send(sim, 'POST', '/_sim/clock/_advance', { by: '30d' });
    expect(response.status).to.equal(429);
    const error = (response.body as ErrorBody).error;
    expect(error.type).to.equal('es_rejected_execution_exception');
    const clock = must(sim, 'GET', '/_sim/clock').body as { now_millis: number; now: string };
    // It names the instant it stopped at, which is where the clock is, and the limit.
    expect(error.reason).to.include(`the clock stopped at [${clock.now}] after running [${MAX_INSTANTS_PER_CLOCK_REQUEST}] instants`);
    expect(clock.now_millis).to.equal(start + MAX_INSTANTS_PER_CLOCK_REQUEST * 1000);
    const stats = must(sim, 'GET', '/_slm/stats').body as { total_snapshots_taken: number; total_snapshots_failed: number };
    expect(stats.total_snapshots_taken + stats.total_snapshots_failed).to.equal(MAX_INSTANTS_PER_CLOCK_REQUEST);
    // Asking again goes on from there, and a small move within the limit completes.
    must(sim, 'POST', '/_sim/clock/_advance', { by: '100s' });
  });

  it('a repository holds at most its max_number_of_snapshots: SLM runs past it fail as ES fails them', () => {
    const sim = createSimulator({ profile: '7.10' });
    must(sim, 'PUT', '/_snapshot/repo', { type: 'fs', settings: { location: '/tmp/repo', max_number_of_snapshots: 3 } });
    must(sim, 'PUT', '/_slm/policy/x', { schedule: '0 * * * * ?', name: 'snap', repository: 'repo' });
    must(sim, 'POST', '/_sim/clock/_advance', { by: '10m' });
    const policy = (must(sim, 'GET', '/_slm/policy/x').body as Record<string, { last_failure?: { details: string }; stats: Record<string, number> }>)['x']!;
    expect(policy.stats).to.include({ snapshots_taken: 3, snapshots_failed: 7 });
    expect(policy.last_failure!.details).to.include(
      '[repo] Cannot add another snapshot to this repository as it already contains [3] snapshots and is configured to hold up to [3] snapshots only.',
    );
  });

  it('a per-second retention schedule is bounded by the instant limit too', () => {
    const sim = withRepository('7.10');
    must(sim, 'PUT', '/_slm/policy/x', { schedule: '0 0 1 * * ?', name: 'snap', repository: 'repo', retention: { max_count: 2 } });
    must(sim, 'PUT', '/_cluster/settings', { persistent: { 'slm.retention_schedule': '* * * * * ?' } });
    const response = send(sim, 'POST', '/_sim/clock/_advance', { by: '2d' });
    expect(response.status).to.equal(429);
    const stats = must(sim, 'GET', '/_slm/stats').body as { retention_runs: number };
    expect(stats.retention_runs).to.be.at.most(MAX_INSTANTS_PER_CLOCK_REQUEST);
  });
});

describe('bad-input limits: clock requests of every size', () => {
  it('_next with until and no within is bounded like the until-steps (one year), never the end of time', () => {
    expect(DEFAULT_UNTIL_WITHIN).to.equal(DEFAULT_BOUND);
    const sim = createSimulator({ profile: '8.19' });
    must(sim, 'PUT', '/_snapshot/repo', { type: 'fs', settings: { location: '/tmp/repo' } });
    must(sim, 'PUT', '/_slm/policy/x', { schedule: '0 0 1 * * ?', name: 'snap', repository: 'repo', retention: { max_count: 1 } });
    must(sim, 'PUT', '/i', {});
    const start = (must(sim, 'GET', '/_sim/clock').body as { now_millis: number }).now_millis;
    const body = must(sim, 'POST', '/_sim/clock/_next', { until: { index: 'i', exists: false } }).body as {
      now_millis: number;
      reached: boolean;
      instants: number;
    };
    expect(body.reached).to.equal(false);
    expect(body.now_millis).to.equal(start + 365 * 86_400_000);
    // One snapshot and one retention run a day: 730 instants, not the 1.6 million to the year 2199.
    expect(body.instants).to.equal(365 * 2);
  });

  for (const [by, ok] of [
    ['0s', true],
    ['1ms', true],
    ['7d', true],
    ['100000d', true],
    ['2147483647d', false],
    ['99999999999999d', false],
  ] as const) {
    it(`_advance by ${by} on an idle cluster ${ok ? 'completes' : 'is refused'} without 5xx`, () => {
      const sim = createSimulator({ profile: '7.17' });
      const response = ok ? must(sim, 'POST', '/_sim/clock/_advance', { by }) : send(sim, 'POST', '/_sim/clock/_advance', { by });
      expect(response.status).to.be.below(500);
    });
  }

  it('_set far ahead with a dense schedule stops at the instant limit, and _next without until moves one instant', () => {
    const sim = createSimulator({ profile: '7.10' });
    must(sim, 'PUT', '/_snapshot/repo', { type: 'fs', settings: { location: '/tmp/repo' } });
    must(sim, 'PUT', '/_slm/policy/x', { schedule: '* * * * * ?', name: 'snap', repository: 'repo' });
    const response = send(sim, 'POST', '/_sim/clock/_set', { to: '2100-01-01T00:00:00Z' });
    expect(response.status).to.equal(429);
    expect((response.body as ErrorBody).error.reason).to.include('short of [2100-01-01T00:00:00.000Z]');
    const before = (must(sim, 'GET', '/_sim/clock').body as { now_millis: number }).now_millis;
    const next = must(sim, 'POST', '/_sim/clock/_next', { within: '1d' }).body as { now_millis: number; advanced: boolean };
    expect(next.advanced).to.equal(true);
    expect(next.now_millis).to.equal(before + 1000);
  });
});
