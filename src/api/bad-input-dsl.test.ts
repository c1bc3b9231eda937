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

interface Case {
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly status: number;
  readonly type?: string;
  /** The innermost cause's reason, exactly or as a pattern. */
  readonly reason?: string | RegExp;
}

const CASES: readonly Case[] = [
  { what: 'PUT without a body', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', status: 400, type: 'parse_exception', reason: 'request body is required' },
  { what: 'an unknown field', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { retention: '7d' }, status: 400, type: 'x_content_parse_exception', reason: /\[put_data_stream_lifecycle_request\] unknown field \[retention\]/ },
  { what: 'a prototype key', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: '{"__proto__":{"data_retention":"1d"}}', status: 400, type: 'x_content_parse_exception', reason: /unknown field \[__proto__\]/ },
  { what: 'retention as an object', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { data_retention: {} }, status: 400, type: 'x_content_parse_exception', reason: /data_retention doesn't support values of type: START_OBJECT/ },
  { what: 'retention not a time', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { data_retention: 'soon' }, status: 400, reason: /failed to parse setting \[data_retention\] with value \[soon\]/ },
  { what: 'enabled not a boolean', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { enabled: 'maybe' }, status: 400, reason: 'Failed to parse value [maybe] as only [true] or [false] are allowed.' },
  { what: 'downsampling as a string', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { downsampling: '1h' }, status: 400, type: 'x_content_parse_exception' },
  { what: 'no downsampling round', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { downsampling: [] }, status: 400, reason: 'Downsampling configuration should have at least one round configured.' },
  { what: 'a downsampling round under 5m', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { downsampling: [{ after: '1d', fixed_interval: '1m' }] }, status: 400, reason: 'A downsampling round must have a fixed interval of at least five minutes but found: 1m' },
  { what: 'a round without fixed_interval', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { downsampling: [{ after: '1d' }] }, status: 400, reason: 'Required [fixed_interval]' },
  { what: 'eleven rounds', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: { downsampling: Array.from({ length: 11 }, (_, i) => ({ after: `${i + 1}d`, fixed_interval: `${5 * 2 ** i}m` })) }, status: 400, reason: 'Downsampling configuration supports maximum 10 configured rounds. Found: 11' },
  { what: 'a body that is not JSON', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: '{"data_retention":', status: 400 },
  { what: 'a missing stream (PUT)', method: 'PUT', path: '/_data_stream/nope/_lifecycle', body: { data_retention: '1d' }, status: 404, type: 'index_not_found_exception', reason: 'no such index [nope]' },
  { what: 'a missing stream (GET)', method: 'GET', path: '/_data_stream/nope/_lifecycle', status: 404, type: 'index_not_found_exception' },
  { what: 'a missing stream (DELETE)', method: 'DELETE', path: '/_data_stream/nope/_lifecycle', status: 404, type: 'index_not_found_exception' },
  { what: 'include_defaults not a boolean', method: 'GET', path: '/_data_stream/logs-app/_lifecycle?include_defaults=lots', status: 400, type: 'illegal_argument_exception' },
  { what: 'an unknown parameter', method: 'GET', path: '/_data_stream/logs-app/_lifecycle?verbose=true', status: 400, type: 'illegal_argument_exception', reason: /unrecognized parameter: \[verbose\]/ },
  { what: 'explain of a missing index', method: 'GET', path: '/nope/_lifecycle/explain', status: 404, type: 'index_not_found_exception' },
  { what: 'stats with a parameter', method: 'GET', path: '/_lifecycle/stats?include_defaults=true', status: 400, type: 'illegal_argument_exception' },
  { what: 'a default global retention above the max', method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'data_streams.lifecycle.retention.default': '5d', 'data_streams.lifecycle.retention.max': '1d' } }, status: 400, reason: 'Default global retention [5d] cannot be greater than the max global retention [1d].' },
  { what: 'a global retention under 10s', method: 'PUT', path: '/_cluster/settings', body: { transient: { 'data_streams.lifecycle.retention.max': '1s' } }, status: 400, reason: 'Global retention values should be greater than 10s' },
  { what: 'a global retention not a time', method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'data_streams.lifecycle.retention.default': 'forever' } }, status: 400 },
  { what: 'a rollover setting without =', method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'cluster.lifecycle.default.rollover': 'max_age' } }, status: 400, reason: "Invalid condition: 'max_age', format must be 'condition=value'" },
  { what: 'an unknown rollover condition', method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'cluster.lifecycle.default.rollover': 'max_weight=1' } }, status: 400, reason: "Unknown condition: 'max_weight'" },
  { what: 'a poll interval under 1s', method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'data_streams.lifecycle.poll_interval': '10ms' } }, status: 400, reason: 'failed to parse value [10ms] for setting [data_streams.lifecycle.poll_interval], must be >= [1s]' },
  { what: 'a template lifecycle with an unknown field', method: 'PUT', path: '/_index_template/logs', body: { index_patterns: ['logs-*'], data_stream: {}, priority: 500, template: { lifecycle: { keep: '1d' } } }, status: 400, type: 'x_content_parse_exception' },
  { what: 'a component template lifecycle not an object', method: 'PUT', path: '/_component_template/c', body: { template: { lifecycle: 'forever' } }, status: 400, type: 'x_content_parse_exception' },
  { what: 'prefer_ilm not a boolean', method: 'PUT', path: '/.ds-logs-app-2024.01.01-000001/_settings', body: { 'index.lifecycle.prefer_ilm': 'sometimes' }, status: 400, type: 'illegal_argument_exception' },
];

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
  const reads = ['/_data_stream/*/_lifecycle?include_defaults=true', '/logs-app/_lifecycle/explain', '/_lifecycle/stats', '/_cluster/settings', '/_index_template', '/_component_template'];
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
      for (const [method, path] of [['PUT', '/_data_stream/x/_lifecycle'], ['GET', '/_data_stream/x/_lifecycle'], ['DELETE', '/_data_stream/x/_lifecycle'], ['GET', '/x/_lifecycle/explain'], ['GET', '/_lifecycle/stats']] as const) {
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
