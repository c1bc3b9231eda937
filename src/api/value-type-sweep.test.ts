/**
 * The value-type and prototype-key sweep (issue 20): every route that reads a JSON body gets a body it
 * would accept, then, at every level of that body, each value swapped for one of another JSON type
 * (object, array, number, string, boolean, null, numbers far past a long) and each object given a
 * `__proto__`, `constructor` or `prototype` key, in all five profiles. Each answer must be an answer
 * (nothing thrown), no 5xx unless ES sends one there, and an error must change nothing (the cluster's
 * observable state is the same before and after). Limits such as huge counts and dense schedules are
 * swept elsewhere; this file keeps to types and names.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { createSimulator, type Simulator } from '../index';
import { PROFILES, type Profile } from '../engine/profile';
import { firstDifference, snapshot } from '../testing/cluster-snapshot';
import { ROUTES, type Route } from './routes';

/** A JSON value that may hold keys JavaScript treats specially: objects are written from entry lists. */
type Json = null | boolean | number | string | { readonly raw: string } | Json[] | { readonly entries: ReadonlyArray<readonly [string, Json]> };

function isEntries(value: Json): value is { readonly entries: ReadonlyArray<readonly [string, Json]> } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'entries' in value;
}

function write(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  if (isEntries(value)) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`).join(',')}}`;
  if (value !== null && typeof value === 'object') return value.raw;
  return JSON.stringify(value);
}

/** Plain JSON into the entry form (the base bodies are written as ordinary literals). */
function fromPlain(value: unknown): Json {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value !== null && typeof value === 'object') return { entries: Object.entries(value).map(([k, v]) => [k, fromPlain(v)] as const) };
  return value as Json;
}

/** The values each position gets instead of its own (numbers past a long are written as text). */
const WRONG_VALUES: ReadonlyArray<readonly [string, Json]> = [
  ['an object', { entries: [] }],
  ['an array', []],
  ['an array of an object', [{ entries: [] }]],
  ['a number', 7],
  ['a negative number', -1],
  ['a string', 'x'],
  ['a boolean', true],
  ['null', null],
  ['a number past a long', { raw: '92233720368547758070' }],
  ['a huge double', { raw: '1e308' }],
];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Every position of a body (the body itself first): its path, value and a way to put another value there. */
function positions(body: Json): Array<{ path: string; value: Json; replace: (v: Json) => Json }> {
  const out: Array<{ path: string; value: Json; replace: (v: Json) => Json }> = [];
  const walk = (value: Json, path: string, replace: (v: Json) => Json): void => {
    out.push({ path, value, replace });
    if (isEntries(value)) {
      value.entries.forEach(([k, v], i) => {
        walk(v, `${path}.${k}`, (w) => replace({ entries: value.entries.map((e, j) => (j === i ? [k, w] : e)) }));
      });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        walk(v, `${path}[${i}]`, (w) => replace(value.map((e, j) => (j === i ? w : e))));
      });
    }
  };
  walk(body, '', (v) => v);
  return out;
}

/** Every way of changing one position of a body: another type of value, or a prototype key added. */
function mutations(body: Json): Array<{ title: string; body: Json }> {
  const out: Array<{ title: string; body: Json }> = [];
  for (const { path, value, replace } of positions(body)) {
    if (path !== '') for (const [name, wrong] of WRONG_VALUES) out.push({ title: `${path} is ${name}`, body: replace(wrong) });
    if (!isEntries(value)) continue;
    for (const key of PROTOTYPE_KEYS) {
      for (const [name, v] of [
        ['an object', { entries: [['index', 'b']] }],
        ['a string', 'x'],
      ] as const) {
        out.push({ title: `${path || 'the body'} gets a ${key} key holding ${name}`, body: replace({ entries: [...value.entries, [key, v]] }) });
      }
    }
  }
  return out;
}

const DAY_POLICY = { policy: { phases: { hot: { actions: { rollover: { max_docs: 5 } } }, delete: { min_age: '30d', actions: { delete: {} } } } } };

/** A body each route accepts on the fixture (or refuses for a reason unrelated to types), and its path. */
function baseRequests(profile: Profile): ReadonlyMap<string, { path: string; body: unknown }> {
  const template = {
    index_patterns: ['z-*'],
    priority: 5,
    version: 1,
    template: { settings: { number_of_shards: 1 }, aliases: { za: { routing: '1' } } },
    composed_of: [],
    _meta: { a: 1 },
  };
  const snapshotBody = { indices: ['b'], include_global_state: false, partial: false, ...(profile.snapshots.api === 'v6.6' ? {} : { metadata: { a: 1 } }) };
  const rollover = { conditions: { max_docs: 1, max_age: '1d' }, settings: { number_of_shards: 1 } };
  const alias = { routing: '1', filter: { term: { a: 1 } }, is_write_index: false };
  const entries: Array<[string, string, unknown]> = [
    ['PUT /_ilm/policy/{policy}', '/_ilm/policy/new-policy', DAY_POLICY],
    [
      'POST /_ilm/move/{index}',
      '/_ilm/move/b',
      { current_step: { phase: 'new', action: 'complete', name: 'complete' }, next_step: { phase: 'delete', action: 'complete', name: 'complete' } },
    ],
    ['POST /_ilm/migrate_to_data_tiers', '/_ilm/migrate_to_data_tiers?dry_run=true', { legacy_template_to_delete: 'lt', node_attribute: 'data' }],
    [
      'PUT /{index}',
      '/new-index',
      {
        settings: { number_of_shards: 1, 'index.lifecycle.name': 'pol' },
        aliases: { al: { is_write_index: true, routing: '1', filter: { term: { a: 1 } } } },
        mappings: { properties: { a: { type: 'keyword' } } },
      },
    ],
    ['PUT /{index}/_settings', '/b/_settings', { index: { number_of_replicas: 0, 'lifecycle.name': 'pol' } }],
    ['PUT /_settings', '/_settings', { index: { number_of_replicas: 0 } }],
    ['PUT /_snapshot/{repository}', '/_snapshot/r2', { type: 'fs', settings: { location: '/y', compress: true } }],
    ['POST /_snapshot/{repository}', '/_snapshot/r2', { type: 'fs', settings: { location: '/y', compress: true } }],
    ['PUT /_snapshot/{repository}/{snapshot}', '/_snapshot/r/s-new', snapshotBody],
    ['POST /_snapshot/{repository}/{snapshot}', '/_snapshot/r/s-new', snapshotBody],
    [
      'PUT /_slm/policy/{policy_id}',
      '/_slm/policy/new-slm',
      {
        name: '<n-{now/d}>',
        schedule: '0 30 1 * * ?',
        repository: 'r',
        config: { indices: ['b'], metadata: { a: 1 } },
        retention: { expire_after: '30d', min_count: 1, max_count: 5 },
      },
    ],
    ['POST /_sim/clock/_advance', '/_sim/clock/_advance', { by: '1h' }],
    ['POST /_sim/clock/_set', '/_sim/clock/_set', { to: '2024-01-02T00:00:00Z' }],
    ['POST /_sim/clock/_next', '/_sim/clock/_next', { within: '1d', until: { index: 'b', phase: 'delete' } }],
    ['POST /_sim/faults', '/_sim/faults', { index: 'b', phase: 'delete', step: 'delete', times: 1, error: { type: 'x_exception', reason: 'y' } }],
    ['PUT /_sim/allocation', '/_sim/allocation', { delay: '2h', index: 'b' }],
    ['PUT /_sim/nodes', '/_sim/nodes', { nodes: [{ name: 'n1', roles: ['data', 'master'], attributes: { box: 'hot' } }] }],
    ['POST /_sim/nodes', '/_sim/nodes', { name: 'n2', roles: ['data'] }],
    ['POST /_sim/ingest', '/_sim/ingest', { index: 'b', count: 5, bytes_each: '1kb' }],
    ['PUT /_index_template/{name}', '/_index_template/t-new', template],
    ['POST /_index_template/{name}', '/_index_template/t-new', template],
    ['POST /_index_template/_simulate_index/{name}', '/_index_template/_simulate_index/z-1', template],
    ['POST /_index_template/_simulate', '/_index_template/_simulate', template],
    ['POST /_index_template/_simulate/{name}', '/_index_template/_simulate/t-new', template],
    [
      'PUT /_component_template/{name}',
      '/_component_template/c-new',
      { template: { settings: { number_of_shards: 1 }, aliases: { ca: {} } }, version: 1, _meta: { a: 1 } },
    ],
    ['POST /_component_template/{name}', '/_component_template/c-new', { template: { settings: { number_of_shards: 1 } }, version: 1 }],
    ['POST /{index}/_rollover', '/logs/_rollover', rollover],
    ['POST /{index}/_rollover/{new_index}', '/logs/_rollover/logs-000009', rollover],
    ['PUT /{index}/_alias/{name}', '/b/_alias/a2', alias],
    ['POST /{index}/_alias/{name}', '/b/_alias/a2', alias],
    ['PUT /{index}/_aliases/{name}', '/b/_aliases/a2', alias],
    ['POST /{index}/_aliases/{name}', '/b/_aliases/a2', alias],
    [
      'POST /_aliases',
      '/_aliases',
      { actions: [{ add: { index: 'b', alias: 'a3', routing: '1', is_write_index: false } }, { remove: { index: 'b', alias: 'a1' } }] },
    ],
    [
      'PUT /_template/{name}',
      '/_template/lt-new',
      { index_patterns: ['y-*'], order: 1, version: 2, settings: { number_of_shards: 1 }, aliases: { ya: {} }, mappings: {} },
    ],
    ['POST /_template/{name}', '/_template/lt-new', { index_patterns: ['y-*'], order: 1, settings: { number_of_shards: 1 } }],
    [
      'PUT /_cluster/settings',
      '/_cluster/settings',
      { persistent: { 'indices.lifecycle.poll_interval': '5m' }, transient: { 'cluster.routing.allocation.enable': 'all' } },
    ],
    ['GET /_cluster/allocation/explain', '/_cluster/allocation/explain', { index: 'b', shard: 0, primary: true }],
    ['POST /_cluster/allocation/explain', '/_cluster/allocation/explain', { index: 'b', shard: 0, primary: true }],
    ['GET /_count', '/_count', { query: { match_all: {} } }],
    ['POST /_count', '/_count', { query: { match_all: {} } }],
    ['GET /{index}/_count', '/b/_count', { query: { match_all: {} } }],
    ['POST /{index}/_count', '/b/_count', { query: { match_all: {} } }],
    ['POST /{index}/_doc', '/b/_doc', { message: 'x', n: [1, { a: true }] }],
    ['PUT /{index}/_doc/{id}', '/b/_doc/1', { message: 'x' }],
    ['POST /{index}/_doc/{id}', '/b/_doc/1', { message: 'x' }],
    ['PUT /{index}/_create/{id}', '/b/_create/1', { message: 'x' }],
    ['POST /{index}/_create/{id}', '/b/_create/1', { message: 'x' }],
    [
      'PUT /_data_stream/{name}/_lifecycle',
      '/_data_stream/ds-app/_lifecycle',
      { data_retention: '7d', enabled: true, downsampling: [{ after: '1d', fixed_interval: '1h' }] },
    ],
  ];
  return new Map(entries.map(([route, path, body]) => [route, { path, body }]));
}

/** Routes whose body is not one JSON object (NDJSON): their lines are swept by bad-input-sweep.test.ts. */
const NOT_JSON_BODIES = new Set(['POST /_bulk', 'PUT /_bulk', 'POST /{index}/_bulk', 'PUT /{index}/_bulk']);

/**
 * Where ES itself answers a 5xx (each modelled where the route is): `List#toArray` over a snapshot's
 * `indices` holding a non-string (`ArrayStoreException`); migrate_to_data_tiers while ILM runs (the
 * fixture's ILM runs); a repository that cannot be built (`RepositoryException`, a 500); settings
 * holding a list of objects (`Settings#fromXContent`'s IllegalStateException); an alias body whose
 * walk meets a value before any field name (`Alias#fromXContent`'s NullPointerException).
 */
function esSendsServerError(route: string, error: { type?: string; reason?: string }): boolean {
  const { type = '', reason = '' } = error;
  if (type === 'array_store_exception') return route.includes('/_snapshot/{repository}/{snapshot}');
  if (type === 'illegal_state_exception') {
    return route === 'POST /_ilm/migrate_to_data_tiers' || reason === 'only value lists are allowed in serialized settings';
  }
  if (type === 'repository_exception') return /^(PUT|POST) \/_snapshot\/\{repository\}$/.test(route);
  if (type === 'null_pointer_exception') return reason === 'fieldName cannot be null';
  return false;
}

function routeKey(route: Route): string {
  return `${route.method} /${route.pattern.join('/')}`;
}

/** A small cluster with something of each kind a body can name (built fresh after each accepted request). */
function fixture(profile: Profile): Simulator {
  const sim = createSimulator({ profile: profile.name });
  const must = (method: string, path: string, body?: unknown): void => {
    const response = sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
    if (response.status !== 200) throw new Error(`fixture ${method} ${path}: ${response.status} ${response.text}`);
  };
  must('PUT', '/_ilm/policy/pol', DAY_POLICY);
  must('PUT', '/b', { settings: { 'index.lifecycle.name': 'pol' }, aliases: { a1: {} } });
  must('PUT', '/logs-000001', { aliases: { logs: { is_write_index: true } } });
  must('PUT', '/_snapshot/r', { type: 'fs', settings: { location: '/x' } });
  must('PUT', '/_snapshot/r/s1?wait_for_completion=true', { indices: 'b' });
  must('PUT', '/_template/lt', { index_patterns: ['lt-*'], settings: { number_of_shards: 1 } });
  if (profile.snapshots.slm) must('PUT', '/_slm/policy/nightly', { name: '<nightly-{now/d}>', schedule: '0 30 1 * * ?', repository: 'r' });
  if (profile.dataStreamLifecycle) {
    must('PUT', '/_index_template/ds', { index_patterns: ['ds-*'], data_stream: {}, priority: 10 });
    must('PUT', '/_data_stream/ds-app');
  }
  return sim;
}

/**
 * Sends requests to a fixture and reports what is wrong with each answer; a fresh fixture follows
 * every accepted request (and every one that broke something), so each request meets the same cluster.
 */
class Checker {
  private sim: Simulator;
  private before: string;

  constructor(private readonly profile: Profile) {
    this.sim = fixture(profile);
    this.before = snapshot(this.sim);
  }

  private reset(): void {
    this.sim = fixture(this.profile);
    this.before = snapshot(this.sim);
  }

  check(key: string, method: string, path: string, title: string, text: string): string[] {
    let response;
    try {
      response = this.sim.requestSync({ method, path, body: text });
    } catch (e) {
      this.reset();
      return [`${title}: threw ${e instanceof Error ? e.message : String(e)}\n    ${text}`];
    }
    const problems: string[] = [];
    if (response.status >= 500) {
      const error = (response.body as { error?: { type?: string; reason?: string } } | null)?.error ?? {};
      if (!esSendsServerError(key, error)) problems.push(`${title}: ${response.status} ${response.text.slice(0, 300)}\n    ${text}`);
    }
    if (response.status < 400) {
      this.reset();
      return problems;
    }
    const after = snapshot(this.sim);
    if (after !== this.before) {
      problems.push(`${title}: refused with ${response.status} but the state changed: ${firstDifference(this.before, after)}\n    ${text}`);
      this.reset();
    }
    return problems;
  }
}

/** Any JSON value up to three levels deep, its object keys often ones JavaScript treats specially. */
const jsonArbitrary: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Json>(null, true, false, 0, -1, 2147483648, 'x', '', { raw: '1e400' }, { raw: '-92233720368547758080' }, { raw: '0.5' }),
    fc.string({ maxLength: 5 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .array(
        fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'index', 'name', 'settings', 'phases', 'actions'), fc.string({ maxLength: 4 })), tie('value')),
        { maxLength: 3 },
      )
      .map((entries) => ({ entries })),
  ),
})).value;

for (const profile of PROFILES.values()) {
  const bases = baseRequests(profile);
  const routes = ROUTES.filter((r) => r.readsBody && !NOT_JSON_BODIES.has(routeKey(r)) && (r.inRelease === undefined || r.inRelease(profile)));

  describe(`value types and prototype keys at every level of every body (profile ${profile.name})`, () => {
    it('every JSON body route has a base body', () => {
      expect(routes.map(routeKey).filter((key) => !bases.has(key))).to.deep.equal([]);
    });

    for (const route of routes) {
      const key = routeKey(route);
      const base = bases.get(key);
      if (!base) continue;
      it(`${key}: no throw, no 5xx unless ES sends one, nothing changed by an error`, () => {
        const checker = new Checker(profile);
        const problems = mutations(fromPlain(base.body)).flatMap((m) => checker.check(key, route.method, base.path, m.title, write(m.body)));
        expect(problems, `${problems.length} problems:\n${problems.join('\n')}`).to.deep.equal([]);
      });
    }

    it('property: any JSON value, prototype keys included, at any position of any body', () => {
      const checker = new Checker(profile);
      const withBases = routes.filter((r) => bases.has(routeKey(r)));
      fc.assert(
        fc.property(fc.nat(), fc.nat(), jsonArbitrary, (routePick, positionPick, value) => {
          const route = withBases[routePick % withBases.length]!;
          const key = routeKey(route);
          const base = bases.get(key)!;
          const places = positions(fromPlain(base.body));
          const place = places[positionPick % places.length]!;
          const problems = checker.check(key, route.method, base.path, `${place.path || 'the body'} is ${write(value)}`, write(place.replace(value)));
          expect(problems, problems.join('\n')).to.deep.equal([]);
        }),
        { numRuns: 150, seed: 20 },
      );
    });
  });
}
