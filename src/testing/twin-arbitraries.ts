/**
 * fast-check arbitraries for the twin's round trip (issue 23): a whole cluster's life as plain
 * requests, for any profile: nodes (the default node, or hot/warm/cold nodes), generated policies
 * (with and without rollover), a legacy template with a bootstrapped rollover alias, a data stream
 * (7.9+), plain managed indices, a snapshot repository and an SLM policy (7.4+), and one ingest per
 * simulated day. The test runs it to day D, captures, and goes on to D+H on both sides. It sends
 * nothing itself.
 */
import * as fc from 'fast-check';

import type { Profile } from '../engine/profile';
import { policyArbitrary, shrinkTargets, type GeneratedRequest } from './ilm-arbitraries';

export interface TwinScenario {
  readonly profile: string;
  readonly seed: number;
  readonly pollInterval: string;
  readonly nodes: ReadonlyArray<{ name: string; roles?: string[]; attributes?: Record<string, string> }> | undefined;
  /** Requests that build the cluster, at the start instant. */
  readonly setup: readonly GeneratedRequest[];
  /** One batch of ingest requests per simulated day, each followed by a one-day advance. */
  readonly days: ReadonlyArray<readonly GeneratedRequest[]>;
  /** The day the bundle is captured (after that many days). */
  readonly captureDay: number;
}

const START = '2024-01-01T00:00:00.000Z';

function tieredNodes(profile: Profile): TwinScenario['nodes'] {
  if (!profile.nodeRoles.includes('data_hot')) {
    // Before data tiers: attribute-based hot/warm (`node.attr.box_type`).
    return [
      { name: 'node-hot', attributes: { box_type: 'hot' } },
      { name: 'node-warm', attributes: { box_type: 'warm' } },
    ];
  }
  return [
    { name: 'node-hot', roles: ['master', 'data_hot', 'data_content', 'ingest'] },
    { name: 'node-warm', roles: ['data_warm'] },
    { name: 'node-cold', roles: ['data_cold'] },
  ];
}

export function twinScenarioArbitrary(profile: Profile): fc.Arbitrary<TwinScenario> {
  const shardUnit = 2;
  const shrinkTarget = shrinkTargets(shardUnit)[0]!;
  const hasDataStreams = profile.dataStreams !== 'none';
  const hasSlm = profile.snapshots.slm;
  return fc
    .record({
      seed: fc.integer({ min: 0, max: 1000 }),
      pollInterval: fc.constantFrom('10m', '1h'),
      tiered: fc.boolean(),
      rolloverPolicy: policyArbitrary(profile, shrinkTarget),
      plainPolicy: policyArbitrary(profile, shrinkTarget),
      maxDocs: fc.integer({ min: 5, max: 40 }),
      withDataStream: fc.boolean(),
      withSlm: fc.boolean(),
      withAliasIndex: fc.boolean(),
      captureDay: fc.integer({ min: 1, max: 8 }),
      ingest: fc.array(fc.record({ rollover: fc.nat({ max: 25 }), stream: fc.nat({ max: 25 }), plain: fc.nat({ max: 5 }) }), { minLength: 10, maxLength: 16 }),
      plainReplicas: fc.integer({ min: 0, max: 1 }),
    })
    .map((d) => {
      const setup: GeneratedRequest[] = [];
      const hot = (d.rolloverPolicy.phases['hot'] as { actions?: Record<string, unknown> } | undefined) ?? { actions: {} };
      const rolloverPhases = { ...d.rolloverPolicy.phases, hot: { ...hot, actions: { ...(hot.actions ?? {}), rollover: { max_docs: d.maxDocs } } } };
      setup.push({ method: 'PUT', path: '/_ilm/policy/rolling', body: { policy: { phases: rolloverPhases } } });
      setup.push({ method: 'PUT', path: '/_ilm/policy/plain', body: { policy: d.plainPolicy } });
      const legacyBody = {
        index_patterns: ['app-*'],
        settings: { 'index.lifecycle.name': 'rolling', 'index.lifecycle.rollover_alias': 'app', 'index.number_of_shards': shardUnit },
      };
      setup.push({ method: 'PUT', path: '/_template/app', body: profile.name === '6.6' ? { ...legacyBody, mappings: { _doc: {} } } : legacyBody });
      if (d.withAliasIndex) setup.push({ method: 'PUT', path: '/app-000001', body: { aliases: { app: { is_write_index: true } } } });
      const withStream = hasDataStreams && d.withDataStream;
      if (withStream) {
        setup.push({
          method: 'PUT',
          path: '/_index_template/logs-app',
          body: {
            index_patterns: ['logs-app-*'],
            priority: 500,
            data_stream: {},
            template: { settings: { 'index.lifecycle.name': 'rolling', 'index.number_of_shards': shardUnit } },
          },
        });
        setup.push({ method: 'PUT', path: '/_data_stream/logs-app-default' });
      }
      setup.push({
        method: 'PUT',
        path: '/plain-a',
        body: { settings: { 'index.lifecycle.name': 'plain', 'index.number_of_shards': shardUnit, 'index.number_of_replicas': d.plainReplicas } },
      });
      setup.push({ method: 'PUT', path: '/unmanaged', body: { settings: { 'index.number_of_shards': 1 } } });
      const withSlm = hasSlm && d.withSlm;
      if (withSlm) {
        setup.push({ method: 'PUT', path: '/_snapshot/backups', body: { type: 'fs', settings: { location: '/snapshots' } } });
        setup.push({
          method: 'PUT',
          path: '/_slm/policy/nightly',
          body: { schedule: '0 30 1 * * ?', name: '<nightly-{now/d}>', repository: 'backups', config: { indices: ['*'] } },
        });
      }
      const days = d.ingest.map((day) => {
        const out: GeneratedRequest[] = [];
        if (d.withAliasIndex && day.rollover > 0)
          out.push({ method: 'POST', path: '/_sim/ingest', body: { index: 'app', count: day.rollover, bytes_each: 512 } });
        if (withStream && day.stream > 0) out.push({ method: 'POST', path: '/_sim/ingest', body: { index: 'logs-app-default', count: day.stream } });
        if (day.plain > 0) out.push({ method: 'POST', path: '/_sim/ingest', body: { index: 'plain-a', count: day.plain } });
        return out;
      });
      return {
        profile: profile.name,
        seed: d.seed,
        pollInterval: d.pollInterval,
        nodes: d.tiered ? tieredNodes(profile) : undefined,
        setup,
        days,
        captureDay: Math.min(d.captureDay, days.length - 1),
      };
    });
}

export const TWIN_START_TIME = START;
