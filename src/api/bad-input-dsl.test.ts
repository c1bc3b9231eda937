/**
 * The bad-input sweep for the data stream lifecycle's routes and settings (8.11+): malformed bodies,
 * wrong value types, prototype keys, unknown streams and parameters, bad global retention and rollover
 * settings. Each must be refused with ES's 4xx error (the exact reason where ES's sources settle it)
 * and change nothing: the cluster snapshot and the lifecycle's own reads are the same after. The
 * 7.x profiles answer every route as their router did ("no handler found").
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';
import { firstDifference, snapshot } from '../testing/cluster-snapshot';
import { DATA_STREAM_LIFECYCLE_CASES as CASES } from '../testing/bad-input-dsl-cases';

function populated(profile: string): Simulator {
  const sim = createSimulator({ profile });
  const must = (method: string, path: string, body?: unknown) => {
    const r = sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.text}`);
  };
  must('PUT', '/_index_template/logs', { index_patterns: ['logs-*'], data_stream: {}, priority: 500, template: { lifecycle: { data_retention: '7d' } } });
  must('PUT', '/_data_stream/logs-app');
  must('POST', '/_sim/ingest', { index: 'logs-app', count: 3, bytes_each: '1kb' });
  must('POST', '/_sim/clock/_advance', { by: '1d' });
  return sim;
}

/** What the sweep compares: the cluster snapshot, the lifecycles, the explains, the stats and the settings. */
function state(sim: Simulator): string {
  const reads = [
    '/_data_stream/*/_lifecycle?include_defaults=true',
    '/logs-app/_lifecycle/explain',
    '/_lifecycle/stats',
    '/_cluster/settings',
    '/_index_template',
    '/_component_template',
  ];
  return [snapshot(sim), ...reads.map((path) => `${path} -> ${sim.requestSync({ method: 'GET', path }).text}`)].join('\n');
}

interface ErrorBody {
  readonly reason?: string;
  readonly caused_by?: ErrorBody;
}

/** The innermost cause's reason (ES chains a parser failure as `failed to parse field [f]` around it). */
function rootReason(body: unknown): string | undefined {
  let error = (body as { error?: ErrorBody }).error;
  while (error?.caused_by) error = error.caused_by;
  return error?.reason;
}

for (const profile of ['8.19', '9.1']) {
  describe(`bad input, data stream lifecycle (${profile})`, () => {
    for (const c of CASES) {
      it(`${c.method} ${c.path}: ${c.what}`, () => {
        const sim = populated(profile);
        const before = state(sim);
        const r = sim.requestSync({ method: c.method, path: c.path, ...(c.body === undefined ? {} : { body: c.body }) });
        expect(r.status, r.text).to.equal(c.status);
        if (c.type !== undefined) expect((r.body as { error?: { type?: string } }).error?.type, r.text).to.equal(c.type);
        if (typeof c.reason === 'string') expect(rootReason(r.body), r.text).to.equal(c.reason);
        else if (c.reason) expect(rootReason(r.body) ?? '', r.text).to.match(c.reason);
        const after = state(sim);
        expect(after === before, firstDifference(before, after)).to.equal(true);
      });
    }
  });
}

describe('bad input, data stream lifecycle: releases without it', () => {
  for (const profile of ['6.6', '7.10', '7.17']) {
    it(`${profile} answers its routes with "no handler found" and refuses its settings as unknown`, () => {
      const sim = createSimulator({ profile });
      for (const [method, path] of [
        ['PUT', '/_data_stream/x/_lifecycle'],
        ['GET', '/_data_stream/x/_lifecycle'],
        ['DELETE', '/_data_stream/x/_lifecycle'],
        ['GET', '/x/_lifecycle/explain'],
        ['GET', '/_lifecycle/stats'],
      ] as const) {
        const r = sim.requestSync({ method, path, ...(method === 'PUT' ? { body: {} } : {}) });
        expect(r.status, r.text).to.equal(400);
        expect(r.body).to.deep.equal({ error: `no handler found for uri [${path}] and method [${method}]` });
      }
      const r = sim.requestSync({ method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'data_streams.lifecycle.poll_interval': '1m' } } });
      expect(r.status, r.text).to.equal(400);
      expect(rootReason(r.body)).to.equal('persistent setting [data_streams.lifecycle.poll_interval], not recognized');
    });
  }
});
