/**
 * The bad-input sweep (issue 5, item 6): every route of `routes.ts`, `/_sim` included, gets malformed
 * requests (wrong JSON types, missing and extra fields, extreme numbers, very long and unicode names,
 * empty bodies, bodies where none is allowed, unknown or unparsable query parameters) on a populated
 * cluster (policies, managed and unmanaged indices, an alias, one index in ERROR, a pending fault, a
 * snapshot repository with a snapshot, and where the release has them a data stream and an SLM policy).
 * Each must be refused with a 4xx ES error body (ES's exact bytes where es-ilm-api.md or
 * es-ilm-engine.md settle them), and must change nothing: the snapshot of the observable state is
 * the same after, and so is the future (a probe run afterwards gives the same answers as on an
 * untouched cluster, which catches hidden changes such as scheduled events or PRNG draws).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type SimRequest, type Simulator } from '../index';
import { PROFILES, type Profile } from '../engine/profile';
import { firstDifference, snapshot } from '../testing/cluster-snapshot';
import { matchPath, ROUTES, type Route } from './routes';
import { DATA_STREAM_LIFECYCLE_SWEPT_ROUTES } from '../testing/bad-input-dsl-cases';

// ---------------------------------------------------------------------------------------------------
// The populated cluster

const ERROR_POLICY = 'failing-policy';
const LIFECYCLE_POLICY = 'hot-warm-delete';
const UNUSED_POLICY = 'unused-policy';
const ERROR_INDEX = 'my-index-000001';
const MANAGED_INDEX = 'managed-index';
const UNMANAGED_INDEX = 'unmanaged-index';
const PENDING_INDEX = 'pending-index';
const ALIAS = 'logs-alias';
const MISSING_INDEX = 'missing-index';
const REPOSITORY = 'my-repo';
const SNAPSHOT = 'snap-1';
const DATA_STREAM = 'logs-ds-app';
const SLM_POLICY = 'nightly';

/**
 * How long the fixtures run. In 8.x the failing index is created 10 minutes before the end, so its
 * rollover check fails at the last tick (8.x retries on the next tick, and the index would alternate
 * between ERROR and the failed step from then on).
 */
function fixtureMinutes(profile: Profile): number {
  return waitsForTargetCount(profile) ? 7354 : 7344;
}

/** 7.16+ waits at `check-target-shards-count` where older releases fail the `shrink` step. */
function waitsForTargetCount(profile: Profile): boolean {
  return profile.chains.shrink === 'v7.16' || profile.chains.shrink === 'v8';
}

/** The step ERROR_INDEX fails at: before 7.16 a shrink to 4 shards of a 2-shard index fails outright. */
function errorStep(profile: Profile): string {
  return waitsForTargetCount(profile) ? 'check-rollover-ready' : 'shrink';
}

function send(sim: Simulator, method: string, path: string, body?: unknown) {
  return sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
}

/** Builds the cluster every case starts from; each setup request must succeed (a fault is optional). */
function populate(profile: Profile): Simulator {
  const sim = createSimulator({ profile: profile.name });
  const must = (method: string, path: string, body?: unknown): void => {
    const response = send(sim, method, path, body);
    if (response.status !== 200) throw new Error(`setup ${method} ${path} answered ${response.status}: ${response.text}`);
  };
  // Since 7.16 a shrink to a shard count that is not a factor waits at check-target-shards-count instead
  // of failing, so there the index fails a rollover without `index.lifecycle.rollover_alias` instead.
  const v8 = waitsForTargetCount(profile);
  must('PUT', `/_ilm/policy/${ERROR_POLICY}`, {
    policy: { phases: v8 ? { hot: { actions: { rollover: { max_docs: 1 } } } } : { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } },
  });
  must('PUT', `/_ilm/policy/${LIFECYCLE_POLICY}`, {
    policy: {
      phases: {
        hot: { actions: profile.phaseActions.hot.includes('set_priority') ? { set_priority: { priority: 50 } } : {} },
        warm: { min_age: '1d', actions: { readonly: {} } },
        delete: { min_age: '30d', actions: { delete: {} } },
      },
    },
  });
  must('PUT', `/_ilm/policy/${UNUSED_POLICY}`, { policy: { phases: { delete: { min_age: '90d', actions: { delete: {} } } } } });
  must('PUT', `/${MANAGED_INDEX}`, { settings: { 'index.number_of_shards': 1, 'index.lifecycle.name': LIFECYCLE_POLICY }, aliases: { [ALIAS]: {} } });
  must('PUT', `/${UNMANAGED_INDEX}`, { settings: { 'index.number_of_shards': 3 } });
  must('PUT', `/${PENDING_INDEX}`, { settings: { 'index.lifecycle.name': 'not-yet-a-policy' } });
  // A pending fault, so that a bad request that clears or fires faults shows up; optional.
  send(sim, 'POST', '/_sim/faults', {
    index: MANAGED_INDEX,
    phase: 'delete',
    step: 'delete',
    times: 1,
    error: { type: 'illegal_state_exception', reason: 'disk on fire' },
  });
  must('PUT', `/_snapshot/${REPOSITORY}`, { type: 'fs', settings: { location: '/mnt/backups' } });
  must('PUT', `/_snapshot/${REPOSITORY}/${SNAPSHOT}?wait_for_completion=true`, { indices: MANAGED_INDEX });
  if (profile.dataStreams !== 'none') {
    must('PUT', '/_index_template/logs-ds', {
      index_patterns: ['logs-ds-*'],
      data_stream: {},
      priority: 10,
      template: { settings: { 'index.lifecycle.name': LIFECYCLE_POLICY } },
    });
    must('PUT', `/_data_stream/${DATA_STREAM}`);
  }
  if (profile.snapshots.slm) {
    must('PUT', `/_slm/policy/${SLM_POLICY}`, {
      name: '<nightly-{now/d}>',
      schedule: '0 30 1 * * ?',
      repository: REPOSITORY,
      config: { indices: [MANAGED_INDEX] },
    });
  }
  // 8.x retries the failed step on every poll tick: its failing index joins one tick before the end
  // (when the rollover check fails) rather than flipping in and out of ERROR for five days.
  const errorIndex = () => must('PUT', `/${ERROR_INDEX}`, { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': ERROR_POLICY } });
  if (v8) {
    must('POST', '/_sim/clock/_advance', { by: `${fixtureMinutes(profile) - 10}m` });
    errorIndex();
    must('POST', '/_sim/clock/_advance', { by: '10m' });
  } else {
    errorIndex();
    must('POST', '/_sim/clock/_advance', { by: `${fixtureMinutes(profile)}m` });
  }
  return sim;
}

/**
 * What happens next on a cluster: a new index, a retry, an hour of poll ticks, then (with the failing
 * index no longer managed, so 8.x's automatic retries stop costing a cycle every tick) a month of
 * them, then the whole state. The history keeps the failing index's first hour.
 */
function probe(sim: Simulator): string {
  send(sim, 'PUT', '/probe-index', { settings: { 'index.lifecycle.name': LIFECYCLE_POLICY } });
  send(sim, 'POST', `/${ERROR_INDEX}/_ilm/retry`);
  send(sim, 'POST', '/_sim/clock/_advance', { by: '1h' });
  send(sim, 'POST', `/${ERROR_INDEX}/_ilm/remove`);
  send(sim, 'POST', '/_sim/clock/_advance', { by: '31d' });
  return snapshot(sim);
}

// ---------------------------------------------------------------------------------------------------
// ES error bodies (es-ilm-api.md section 1.1: type, reason, metadata; root cause first; status last)

function esError(status: number, type: string, reason: string, metadata: Record<string, string> = {}): string {
  const cause = { type, reason, ...metadata };
  return JSON.stringify({ error: { root_cause: [cause], ...cause }, status });
}
const illegalArgument = (reason: string): string => esError(400, 'illegal_argument_exception', reason);
/** An error with one cause; `rootIsCause` when ES's root-cause guess unwraps to it (both ElasticsearchExceptions). */
function chainedError(status: number, outer: { type: string; reason: string }, cause: { type: string; reason: string }, rootIsCause: boolean): string {
  return JSON.stringify({ error: { root_cause: [rootIsCause ? cause : outer], ...outer, caused_by: cause }, status });
}
const parseException = (reason: string): string => esError(400, 'parse_exception', reason);
const indexNotFound = (name: string): string =>
  esError(404, 'index_not_found_exception', `no such index [${name}]`, {
    'resource.type': 'index_or_alias',
    'resource.id': name,
    index_uuid: '_na_',
    index: name,
  });
const invalidIndexName = (name: string, description: string): string =>
  esError(400, 'invalid_index_name_exception', `Invalid index name [${name}], ${description}`, { index_uuid: '_na_', index: name });
const policyNotFound = (name: string): string => esError(404, 'resource_not_found_exception', `Lifecycle policy not found: ${name}`);
const invalidPolicyName = (name: string, description: string): string => illegalArgument(`invalid policy name [${name}]: ${description}`);
/**
 * ES `RestRequest#paramAsTime` -> `TimeValue#parseTimeValue`: status and reason. The type changed
 * (ElasticsearchParseException in 6.x, IllegalArgumentException once TimeValue moved to libs/core),
 * so it is left to the profile.
 */
const badTimeParam = (param: string, value: string): Expectation => ({
  status: 400,
  reason: `failed to parse setting [${param}] with value [${value}] as a time value: unit is missing or unrecognized`,
});
/** ES `Booleans#parseBoolean`, behind `RestRequest#paramAsBoolean`. */
const badBoolean = (value: string): string => illegalArgument(`Failed to parse value [${value}] as only [true] or [false] are allowed.`);
/** ES `IndicesOptions.WildcardStates#parseParameter`. */
const badWildcard = (value: string): string => illegalArgument(`No valid expand wildcard value [${value}]`);

// ---------------------------------------------------------------------------------------------------
// The cases

interface Expectation {
  /** ES's exact answer, where the reference settles it. */
  readonly text?: string;
  /** Otherwise at least this status (any 4xx when absent), error type and reason. */
  readonly status?: number;
  readonly type?: string;
  readonly reason?: string;
}

interface SweepCase extends Expectation {
  /** The route the request is aimed at, as `METHOD /pattern` from routes.ts. */
  readonly route: string;
  readonly title: string;
  readonly request: SimRequest;
}

const LONG = 'x'.repeat(300);
/** 130 two-byte characters: 260 UTF-8 bytes. */
const UNICODE = 'é'.repeat(130);
/** 64 four-byte characters: 256 UTF-8 bytes. */
const EMOJI = '🙂'.repeat(64);
const enc = encodeURIComponent;

const VALID_POLICY = { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } };
const VALID_BODIES: Readonly<Record<string, unknown>> = { 'PUT /_ilm/policy/{policy}': VALID_POLICY, 'POST /{index}/_doc': { message: 'hello' } };
const MALFORMED_BODIES: ReadonlyArray<readonly [string, unknown]> = [
  ['truncated JSON', '{"a":'],
  ['a JSON array', '[]'],
  ['a JSON string', '"text"'],
  ['a JSON number', '1e309'],
  ['JSON null', 'null'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])],
];

/** Keys a JS object literal would treat specially; ES treats them as ordinary names. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor'];
/**
 * Routes where a top-level `__proto__` is data: a document, and the create-snapshot body, whose unknown
 * keys the simulator passes over for every name alike (handle.test.ts checks `__proto__` answers as `foo`).
 */
const FREE_FORM_BODIES = new Set([
  'POST /{index}/_doc',
  'PUT /_snapshot/{repository}/{snapshot}',
  'POST /_snapshot/{repository}/{snapshot}',
  // A document's body is the document: any field name is fine.
  'PUT /{index}/_doc/{id}',
  'POST /{index}/_doc/{id}',
  'PUT /{index}/_create/{id}',
  'POST /{index}/_create/{id}',
  // ES 7.x-8.x `RestIndexPutAliasAction` passes over value fields it does not know (a 2025 change,
  // elastic/elasticsearch#124737, rejects them with "Unsupported field [x]"; the release it reached is
  // not settled here, so every profile accepts them, as 7.x and 8.x do).
  'PUT /{index}/_alias/{name}',
  'POST /{index}/_alias/{name}',
  'PUT /{index}/_aliases/{name}',
  'POST /{index}/_aliases/{name}',
]);

function routeKey(route: Pick<Route, 'method' | 'pattern'>): string {
  return `${route.method} /${route.pattern.join('/')}`;
}

/** Path parameter values for the generic cases: ones that make the request otherwise fine (or harmful if accepted). */
function concretePath(route: Route): string {
  const key = routeKey(route);
  const values: Record<string, string> = {
    index:
      key === 'PUT /{index}' ? 'new-index' : key === 'DELETE /{index}' ? UNMANAGED_INDEX : key === 'POST /{index}/_ilm/retry' ? ERROR_INDEX : MANAGED_INDEX,
    policy: key.startsWith('PUT') ? 'new-policy' : key.startsWith('DELETE') ? UNUSED_POLICY : ERROR_POLICY,
    name: key.includes('_settings')
      ? 'index.number_of_shards'
      : key.includes('_data_stream')
        ? key.startsWith('PUT')
          ? 'logs-ds-new'
          : DATA_STREAM
        : 'new-template',
    id: 'fault-1',
    repository: REPOSITORY,
    snapshot: key.startsWith('PUT') || key.startsWith('POST') ? 'new-snap' : SNAPSHOT,
    policy_id: key.startsWith('PUT') ? 'new-slm' : SLM_POLICY,
    new_index: 'new-index',
  };
  return `/${route.pattern.map((segment) => (segment.startsWith('{') ? (values[segment.slice(1, -1)] ?? 'x') : segment)).join('/')}`;
}

/** Routes a release lacks (data streams came in 7.9, SLM in 7.4, `/_license` in 7.0, ...): see routes.ts. */
function missingFromRelease(route: Route, profile: Profile): boolean {
  return route.inRelease !== undefined && !route.inRelease(profile);
}

/** ES's answer when no route of the release has the path (`RestController#handleBadRequest`): the uri as sent. */
const unknownEndpoint = (method: string, uri: string): Expectation => ({
  text: JSON.stringify({ error: `no handler found for uri [${uri}] and method [${method}]` }),
  status: 400,
});

/**
 * A route the profile's release lacks answers as that release's router does, whatever the parameters
 * or body: "no handler found" when no route of the release has the path (a HEAD sends the status
 * alone), and nothing is applied. Where the release routes the path elsewhere (6.6's `GET
 * /_data_stream/_stats` is index stats of `_data_stream`), that route's own cases cover the answer.
 */
function missingRouteCases(route: Route, profile: Profile): SweepCase[] {
  const key = routeKey(route);
  const path = concretePath(route);
  const segments = path.split('/').filter((s) => s.length > 0);
  const elsewhere = matchPath(segments, profile).length > 0;
  const expect = (uri: string): Expectation => (route.method === 'HEAD' || elsewhere ? { status: 400 } : unknownEndpoint(route.method, uri));
  if (elsewhere && matchPath(segments, profile).some((m) => m.route.method === route.method)) return [];
  const body = route.readsBody ? { body: VALID_BODIES[key] ?? {} } : {};
  const cases: SweepCase[] = [
    { route: key, title: 'a release without the route', request: { method: route.method, path, ...body }, ...expect(path) },
    {
      route: key,
      title: 'a release without the route, an unknown query parameter',
      request: { method: route.method, path: `${path}?xyzzy=1` },
      ...expect(`${path}?xyzzy=1`),
    },
    { route: key, title: 'a release without the route, a body', request: { method: route.method, path, body: '{"a":1}' }, ...expect(path) },
  ];
  if (route.readsBody) {
    for (const [title, malformed] of MALFORMED_BODIES)
      cases.push({
        route: key,
        title: `a release without the route, a body that is ${title}`,
        request: { method: route.method, path, body: malformed },
        ...expect(path),
      });
  }
  return cases;
}

/**
 * A case written for a route answers, in a release without the route, as that release's router does
 * ("no handler found" with the uri as sent, where no route of the release has the path).
 */
function absentAnswer(key: string, request: SimRequest, profile: Profile, expectation: Expectation): Expectation {
  const route = ROUTES.find((r) => routeKey(r) === key);
  if (route === undefined || !missingFromRelease(route, profile)) return expectation;
  const rawPath = request.path.split('?')[0]!;
  const segments = rawPath
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => decodeURIComponent(s));
  if (matchPath(segments, profile).length > 0) return expectation;
  return request.method === 'HEAD' ? { status: 400 } : unknownEndpoint(request.method, request.path);
}

/** Cases every route gets from the table: an unknown parameter, a body where none is read, malformed bodies. */
function genericCases(route: Route, profile: Profile): SweepCase[] {
  if (missingFromRelease(route, profile)) return missingRouteCases(route, profile);
  const key = routeKey(route);
  const path = concretePath(route);
  // A HEAD answer has no body, so only its status is pinned.
  const statusOnly = route.method === 'HEAD';
  const cases: SweepCase[] = [
    {
      route: key,
      title: 'an unknown query parameter',
      request: { method: route.method, path: `${path}?xyzzy=1` },
      ...(statusOnly ? { status: 400 } : { text: illegalArgument(`request [${path}] contains unrecognized parameter: [xyzzy]`) }),
    },
  ];
  if (!route.readsBody) {
    cases.push({
      route: key,
      title: 'a body where none is read',
      request: { method: route.method, path, body: '{"a":1}' },
      ...(statusOnly ? { status: 400 } : { text: illegalArgument(`request [${route.method} ${path}] does not support having a body`) }),
    });
  } else {
    for (const [title, body] of MALFORMED_BODIES) cases.push({ route: key, title: `a body that is ${title}`, request: { method: route.method, path, body } });
    // Issue 14, item 7: to ES `__proto__` and `constructor` are names like any other, so a body that
    // holds only one of them (around what the route would accept) is refused as any unknown field is.
    if (!FREE_FORM_BODIES.has(key)) {
      for (const name of PROTOTYPE_KEYS) {
        cases.push({
          route: key,
          title: `a body whose only key is ${name}`,
          request: { method: route.method, path, body: `{"${name}":${JSON.stringify(VALID_BODIES[key] ?? 1)}}` },
        });
      }
    }
  }
  return cases;
}

/**
 * Query parameters ES parses before it acts (`RestRequest#paramAsTime` for `master_timeout` and
 * `timeout`, `IndicesOptions#fromRequest` for `expand_wildcards`): an unparsable value is refused.
 * One list per parameter, since each is one missing check at the request edge.
 */
function parameterCases(route: Route, param: 'master_timeout' | 'timeout' | 'expand_wildcards'): SweepCase[] {
  const key = routeKey(route);
  const path = concretePath(route);
  const head = route.method === 'HEAD';
  if (!route.params.includes(param) || path.startsWith('/_sim')) return [];
  if (param === 'expand_wildcards') {
    return [
      {
        route: key,
        title: '?expand_wildcards=bogus',
        request: { method: route.method, path: `${path}?expand_wildcards=bogus`, ...(route.readsBody ? { body: { 'index.priority': 1 } } : {}) },
        ...(head ? { status: 400 } : { text: badWildcard('bogus') }),
      },
    ];
  }
  // ES reads the time parameters right after the body for put policy, move to step and index a
  // document, so those get a valid body; move to step needs the index's current step (a specific case).
  if (key === 'POST /_ilm/move/{index}') return [];
  const body = VALID_BODIES[key];
  return [
    {
      route: key,
      title: `?${param}=xyz`,
      request: { method: route.method, path: `${path}?${param}=xyz`, ...(body === undefined ? {} : { body }) },
      // Not "bogus": ES reads a trailing s as seconds and answers "failed to parse [bogus]" instead.
      ...(head ? { status: 400 } : badTimeParam(param, 'xyz')),
    },
  ];
}

/** A body nested deeper than any parser should follow (ES 8's Jackson refuses past 1000 levels with a 400). */
const DEEP_BODY = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

function nestingCases(route: Route): SweepCase[] {
  if (!route.readsBody) return [];
  return [
    { route: routeKey(route), title: 'a body nested 100 000 levels deep', request: { method: route.method, path: concretePath(route), body: DEEP_BODY } },
  ];
}

interface ClusterFacts {
  readonly profile: Profile;
  readonly uuid: (index: string) => string;
  readonly currentStep: (index: string) => { phase: string; action: string; name: string };
}

/** Cases written for each route, with ES's exact answer where the reference settles it. */
function specificCases(facts: ClusterFacts): SweepCase[] {
  const { profile } = facts;
  // 7.x and later answer these alike; 6.6 differs.
  const modern = profile.name !== '6.6';
  const cases: SweepCase[] = [];
  const add = (route: string, title: string, request: SimRequest, expectation: Expectation = {}): void => {
    cases.push({ route, title, request, ...absentAnswer(route, request, profile, expectation) });
  };

  // PUT /_ilm/policy/{policy} (es-ilm-api.md 2.1, es-ilm-engine.md 3)
  const putPolicy = 'PUT /_ilm/policy/{policy}';
  add(putPolicy, 'no body', { method: 'PUT', path: '/_ilm/policy/p' }, { text: parseException('request body is required') });
  add(putPolicy, 'an empty body', { method: 'PUT', path: '/_ilm/policy/p', body: '' }, { text: parseException('request body is required') });
  add(putPolicy, 'an empty object', { method: 'PUT', path: '/_ilm/policy/p', body: {} }, { status: 400 });
  add(putPolicy, 'policy is a number', { method: 'PUT', path: '/_ilm/policy/p', body: { policy: 1 } }, { status: 400, type: 'x_content_parse_exception' });
  add(putPolicy, 'phases is an array', { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: [] } } }, { status: 400 });
  add(
    putPolicy,
    'an extra top-level field',
    { method: 'PUT', path: '/_ilm/policy/p', body: { ...VALID_POLICY, extra: 1 } },
    { status: 400, type: 'x_content_parse_exception' },
  );
  add(
    putPolicy,
    'an extra field in policy',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: {}, name: 'p' } } },
    { status: 400, type: 'x_content_parse_exception' },
  );
  add(putPolicy, 'an unknown phase', { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { lukewarm: { actions: {} } } } } }, { status: 400 });
  add(
    putPolicy,
    'an action the phase does not allow',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { hot: { actions: { delete: {} } } } } } },
    { status: 400 },
  );
  add(
    putPolicy,
    'forcemerge in hot without rollover',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { hot: { actions: { forcemerge: { max_num_segments: 1 } } } } } } },
    { status: 400 },
  );
  add(
    putPolicy,
    'a phase without actions',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { min_age: '1d' } } } } },
    { status: 400, type: 'x_content_parse_exception' },
  );
  add(
    putPolicy,
    'an unknown action with a 300-character unicode name',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { actions: { ['ü'.repeat(300)]: {} } } } } } },
    { status: 400 },
  );
  add(
    putPolicy,
    'an extra field in an action',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { actions: { readonly: { fast: true } } } } } } },
    { status: 400, type: 'x_content_parse_exception' },
  );
  for (const [title, value] of [
    ['0', '0'],
    ['-1', '-1'],
    ['1e309', '1e309'],
    ['9223372036854775808', '9223372036854775808'],
    ['2147483648', '2147483648'],
    ['a string', '"two"'],
    ['an array', '[2]'],
    ['an object', '{}'],
    ['null', 'null'],
  ] as const) {
    add(
      putPolicy,
      `shrink number_of_shards ${title}`,
      { method: 'PUT', path: '/_ilm/policy/p', body: `{"policy":{"phases":{"warm":{"actions":{"shrink":{"number_of_shards":${value}}}}}}}` },
      { status: 400, type: 'x_content_parse_exception' },
    );
  }
  add(
    putPolicy,
    'shrink without number_of_shards',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { actions: { shrink: {} } } } } } },
    { status: 400, type: 'x_content_parse_exception' },
  );
  add(
    putPolicy,
    'forcemerge max_num_segments 0',
    { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { actions: { forcemerge: { max_num_segments: 0 } } } } } } },
    { status: 400, type: 'x_content_parse_exception' },
  );
  if (modern) {
    add(
      putPolicy,
      'set_priority -1',
      { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { actions: { set_priority: { priority: -1 } } } } } } },
      { status: 400, type: 'x_content_parse_exception' },
    );
    add(
      putPolicy,
      'migrate enabled is a string',
      { method: 'PUT', path: '/_ilm/policy/p', body: { policy: { phases: { warm: { actions: { migrate: { enabled: 'maybe' } } } } } } },
      { status: 400, type: 'x_content_parse_exception' },
    );
  }
  for (const [title, value] of [
    ['1e309', '1e309'],
    ['"-5d"', '"-5d"'],
    ['"5x"', '"5x"'],
    ['9223372036854775808d', '"9223372036854775808d"'],
    ['true', 'true'],
    ['an object', '{}'],
    ['a 400-character string', JSON.stringify('9'.repeat(400))],
  ] as const) {
    add(
      putPolicy,
      `min_age ${title}`,
      { method: 'PUT', path: '/_ilm/policy/p', body: `{"policy":{"phases":{"warm":{"min_age":${value},"actions":{}}}}}` },
      { status: 400, type: 'x_content_parse_exception' },
    );
  }
  // Policy names (es-ilm-engine.md 3.4: checked in this order, UTF-8 bytes for the length).
  add(
    putPolicy,
    'a 300-character name',
    { method: 'PUT', path: `/_ilm/policy/${LONG}`, body: VALID_POLICY },
    { text: invalidPolicyName(LONG, 'name is too long, (300 > 255)') },
  );
  add(
    putPolicy,
    'a 130-character, 260-byte unicode name',
    { method: 'PUT', path: `/_ilm/policy/${enc(UNICODE)}`, body: VALID_POLICY },
    { text: invalidPolicyName(UNICODE, 'name is too long, (260 > 255)') },
  );
  add(
    putPolicy,
    'a 256-byte emoji name',
    { method: 'PUT', path: `/_ilm/policy/${enc(EMOJI)}`, body: VALID_POLICY },
    { text: invalidPolicyName(EMOJI, 'name is too long, (256 > 255)') },
  );
  add(
    putPolicy,
    'a name starting with _',
    { method: 'PUT', path: '/_ilm/policy/_private', body: VALID_POLICY },
    { text: invalidPolicyName('_private', "must not start with '_'") },
  );
  add(
    putPolicy,
    'a name with a comma',
    { method: 'PUT', path: `/_ilm/policy/${enc('a,b')}`, body: VALID_POLICY },
    { text: invalidPolicyName('a,b', "must not contain ','") },
  );
  add(
    putPolicy,
    'a name with a space',
    { method: 'PUT', path: `/_ilm/policy/${enc('a b')}`, body: VALID_POLICY },
    { text: invalidPolicyName('a b', 'must not contain spaces') },
  );

  // GET /_ilm/policy[/{policy}] (es-ilm-api.md 2.2)
  const getPolicy = 'GET /_ilm/policy/{policy}';
  add(getPolicy, 'a 300-character missing name', { method: 'GET', path: `/_ilm/policy/${LONG}` }, { text: policyNotFound(LONG) });
  add(getPolicy, 'a unicode missing name', { method: 'GET', path: `/_ilm/policy/${enc(UNICODE)}` }, { text: policyNotFound(UNICODE) });
  add(
    getPolicy,
    'a list with a missing name',
    { method: 'GET', path: `/_ilm/policy/${ERROR_POLICY},no-such-policy` },
    { text: policyNotFound('no-such-policy') },
  );
  add(
    getPolicy,
    'a wildcard in a list',
    { method: 'GET', path: '/_ilm/policy/shrink*,hot-warm-delete' },
    {
      text: illegalArgument('wildcard only supports a single value, please use comma-separated values or a single wildcard value'),
    },
  );
  add('GET /_ilm/policy', '?master_timeout=-5', { method: 'GET', path: '/_ilm/policy?master_timeout=-5' }, badTimeParam('master_timeout', '-5'));

  // DELETE /_ilm/policy/{policy} (es-ilm-api.md 2.3)
  const deletePolicy = 'DELETE /_ilm/policy/{policy}';
  add(
    deletePolicy,
    'a policy in use',
    { method: 'DELETE', path: `/_ilm/policy/${ERROR_POLICY}` },
    {
      text: illegalArgument(`Cannot delete policy [${ERROR_POLICY}]. It is in use by one or more indices: [${ERROR_INDEX}]`),
    },
  );
  add(deletePolicy, 'a 300-character missing name', { method: 'DELETE', path: `/_ilm/policy/${LONG}` }, { text: policyNotFound(LONG) });
  add(deletePolicy, 'a unicode missing name', { method: 'DELETE', path: `/_ilm/policy/${enc(UNICODE)}` }, { text: policyNotFound(UNICODE) });

  // GET /{index}/_ilm/explain (es-ilm-api.md 2.4)
  const explain = 'GET /{index}/_ilm/explain';
  add(explain, 'a missing index', { method: 'GET', path: `/${MISSING_INDEX}/_ilm/explain` }, { text: indexNotFound(MISSING_INDEX) });
  add(explain, 'a 300-character missing index', { method: 'GET', path: `/${LONG}/_ilm/explain` }, { text: indexNotFound(LONG) });
  add(explain, 'a unicode missing index', { method: 'GET', path: `/${enc(UNICODE)}/_ilm/explain` }, { text: indexNotFound(UNICODE) });
  add(
    explain,
    'an existing and a missing index',
    { method: 'GET', path: `/${MANAGED_INDEX},${MISSING_INDEX}/_ilm/explain` },
    { text: indexNotFound(MISSING_INDEX) },
  );
  add(explain, 'only_managed=maybe', { method: 'GET', path: `/${MANAGED_INDEX}/_ilm/explain?only_managed=maybe` }, { text: badBoolean('maybe') });
  add(explain, 'only_errors=2', { method: 'GET', path: `/${MANAGED_INDEX}/_ilm/explain?only_errors=2` }, { text: badBoolean('2') });
  add(explain, 'a path that is not valid percent-encoding', { method: 'GET', path: '/%E0%A4%A/_ilm/explain' }, { status: 400 });

  // POST /{index}/_ilm/retry (es-ilm-api.md 2.5)
  const retry = 'POST /{index}/_ilm/retry';
  const notInError = (name: string): string =>
    illegalArgument(`cannot retry an action for an index [${name}] that has not encountered an error when running a Lifecycle Policy`);
  add(retry, 'a managed index not in ERROR', { method: 'POST', path: `/${MANAGED_INDEX}/_ilm/retry` }, { text: notInError(MANAGED_INDEX) });
  add(retry, 'an unmanaged index', { method: 'POST', path: `/${UNMANAGED_INDEX}/_ilm/retry` }, { text: notInError(UNMANAGED_INDEX) });
  add(retry, 'a missing index', { method: 'POST', path: `/${MISSING_INDEX}/_ilm/retry` }, modern ? { status: 400 } : { text: indexNotFound(MISSING_INDEX) });
  add(
    retry,
    'an index in ERROR with a missing one (all or nothing)',
    { method: 'POST', path: `/${ERROR_INDEX},${MISSING_INDEX}/_ilm/retry` },
    modern ? { status: 400 } : { status: 404 },
  );
  add(retry, 'a 300-character missing index', { method: 'POST', path: `/${LONG}/_ilm/retry` }, modern ? { status: 400 } : { text: indexNotFound(LONG) });

  // POST /_ilm/move/{index} (es-ilm-api.md 2.6, es-ilm-engine.md 4.5)
  const move = 'POST /_ilm/move/{index}';
  const current = facts.currentStep(MANAGED_INDEX);
  const stepJson = (key: { phase: string; action: string; name: string }): string => JSON.stringify({ phase: key.phase, action: key.action, name: key.name });
  const wrongStep = { phase: 'hot', action: 'nope', name: 'nope' };
  add(move, 'no body', { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}` }, { text: parseException('request body is required') });
  add(move, 'an empty object', { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}`, body: {} }, { status: 400 });
  add(
    move,
    'current_step is a string',
    { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}`, body: { current_step: 'hot', next_step: { phase: 'warm' } } },
    { status: 400 },
  );
  add(
    move,
    'an extra field',
    { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}`, body: { current_step: current, next_step: current, force: true } },
    { status: 400 },
  );
  add(
    move,
    'a missing index',
    { method: 'POST', path: `/_ilm/move/${MISSING_INDEX}`, body: { current_step: current, next_step: current } },
    modern ? { text: illegalArgument(`index [${MISSING_INDEX}] does not exist`) } : { status: 400 },
  );
  add(
    move,
    'an unmanaged index',
    { method: 'POST', path: `/_ilm/move/${UNMANAGED_INDEX}`, body: { current_step: current, next_step: current } },
    modern ? { text: illegalArgument(`index [${UNMANAGED_INDEX}] is not associated with an Index Lifecycle Policy`) } : { status: 400 },
  );
  add(
    move,
    'a wrong current step',
    { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}`, body: { current_step: wrongStep, next_step: current } },
    modern
      ? { text: illegalArgument(`index [${MANAGED_INDEX}] is not on current step [${stepJson(wrongStep)}], currently: [${stepJson(current)}]`) }
      : { status: 400 },
  );
  const nowhere = { phase: 'warm', action: 'nope', name: 'nope' };
  add(
    move,
    'a next step the policy does not have',
    { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}`, body: { current_step: current, next_step: nowhere } },
    modern
      ? { text: illegalArgument(`step [${stepJson(nowhere)}] for index [${MANAGED_INDEX}] with policy [${LIFECYCLE_POLICY}] does not exist`) }
      : { status: 400 },
  );
  add(
    move,
    '?master_timeout=xyz on a move to the current step',
    { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}?master_timeout=xyz`, body: { current_step: current, next_step: current } },
    badTimeParam('master_timeout', 'xyz'),
  );
  add(
    move,
    'a 300-character unicode phase',
    { method: 'POST', path: `/_ilm/move/${MANAGED_INDEX}`, body: { current_step: { ...current, phase: 'ß'.repeat(300) }, next_step: current } },
    { status: 400 },
  );

  // POST /{index}/_ilm/remove (es-ilm-api.md 2.7)
  add('POST /{index}/_ilm/remove', 'a missing index', { method: 'POST', path: `/${MISSING_INDEX}/_ilm/remove` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    'POST /{index}/_ilm/remove',
    'an existing and a missing index',
    { method: 'POST', path: `/${MANAGED_INDEX},${MISSING_INDEX}/_ilm/remove` },
    { text: indexNotFound(MISSING_INDEX) },
  );

  // Index reads (es-ilm-api.md 3.2)
  add('GET /{index}', 'a missing index', { method: 'GET', path: `/${MISSING_INDEX}` }, { text: indexNotFound(MISSING_INDEX) });
  add('GET /{index}', 'a 300-character missing index', { method: 'GET', path: `/${LONG}` }, { text: indexNotFound(LONG) });
  add('HEAD /{index}', 'a missing index', { method: 'HEAD', path: `/${MISSING_INDEX}` }, { status: 404 });
  add('HEAD /{index}', 'a 300-character unicode missing index', { method: 'HEAD', path: `/${enc(UNICODE)}` }, { status: 404 });
  add('GET /{index}/_settings', 'a missing index', { method: 'GET', path: `/${MISSING_INDEX}/_settings` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    'GET /_settings/{name}',
    'an unknown value in a list of expand_wildcards',
    { method: 'GET', path: '/_settings/index.number_of_shards?expand_wildcards=open,bogus' },
    { text: badWildcard('bogus') },
  );
  add(
    'GET /{index}/_settings/{name}',
    'a missing index',
    { method: 'GET', path: `/${MISSING_INDEX}/_settings/index.number_of_shards` },
    { text: indexNotFound(MISSING_INDEX) },
  );

  // PUT /{index} (es-ilm-api.md 3.1: names checked in this order)
  const create = 'PUT /{index}';
  const badName = (name: string, description: string, path = `/${enc(name)}`): void =>
    add(
      create,
      `index name ${JSON.stringify(name.length > 20 ? `${name.slice(0, 12)}...` : name)}`,
      { method: 'PUT', path, body: {} },
      { text: invalidIndexName(name, description) },
    );
  badName('Upper-Case', 'must be lowercase');
  badName('_underscore', "must not start with '_', '-', or '+'");
  badName('-dash', "must not start with '_', '-', or '+'");
  badName('+plus', "must not start with '_', '-', or '+'");
  badName('a#b', "must not contain '#'");
  if (modern) badName('a:b', "must not contain ':'"); // 6.x only warned
  badName('a*b', 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
  badName('a b', 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
  badName('a,b', 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
  badName('..', "must not be '.' or '..'", '/..');
  badName(LONG, 'index name is too long, (300 > 255)');
  badName(UNICODE, 'index name is too long, (260 > 255)');
  badName(EMOJI, 'index name is too long, (256 > 255)');
  add(
    create,
    'an index that exists',
    { method: 'PUT', path: `/${MANAGED_INDEX}`, body: {} },
    {
      text: esError(400, 'resource_already_exists_exception', `index [${MANAGED_INDEX}/${facts.uuid(MANAGED_INDEX)}] already exists`, {
        index_uuid: facts.uuid(MANAGED_INDEX),
        index: MANAGED_INDEX,
      }),
    },
  );
  add(create, 'the name of an alias', { method: 'PUT', path: `/${ALIAS}`, body: {} }, { text: invalidIndexName(ALIAS, 'already exists as alias') });
  add(create, 'settings is a string', { method: 'PUT', path: '/new-index', body: { settings: 'fast' } }, { status: 400 });
  add(create, 'aliases is a number', { method: 'PUT', path: '/new-index', body: { aliases: 1 } }, { status: 400 });
  add(create, 'an unknown top-level key', { method: 'PUT', path: '/new-index', body: { setings: {} } }, { status: 400 });
  add(
    create,
    'an unknown setting',
    { method: 'PUT', path: '/new-index', body: { settings: { 'index.foo': 1 } } },
    {
      text: illegalArgument(
        'unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
      ),
    },
  );
  for (const value of ['0', '-1', '1025', '1e309', '9223372036854775808', '"two"', '1.5', 'true']) {
    add(
      create,
      `number_of_shards ${value}`,
      { method: 'PUT', path: '/new-index', body: `{"settings":{"index.number_of_shards":${value}}}` },
      { status: 400, type: 'illegal_argument_exception' },
    );
  }
  for (const value of ['-5', '1e309', '9223372036854775808', '"yesterday"']) {
    add(
      create,
      `origination_date ${value}`,
      { method: 'PUT', path: '/new-index', body: `{"settings":{"index.lifecycle.origination_date":${value}}}` },
      { status: 400, type: 'illegal_argument_exception' },
    );
  }
  if (profile.parseOriginationDate) {
    add(
      create,
      'parse_origination_date on a name without a date',
      { method: 'PUT', path: '/logs-x', body: { settings: { 'index.lifecycle.parse_origination_date': true } } },
      {
        text: illegalArgument("index name [logs-x] does not match pattern '^.*-(\\d{4}.\\d{2}.\\d{2})(-[\\d]+)?$'"),
      },
    );
  }

  // DELETE /{index}
  const remove = 'DELETE /{index}';
  add(remove, 'a missing index', { method: 'DELETE', path: `/${MISSING_INDEX}` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    remove,
    'an existing and a missing index (all or nothing)',
    { method: 'DELETE', path: `/${UNMANAGED_INDEX},${MISSING_INDEX}` },
    { text: indexNotFound(MISSING_INDEX) },
  );
  add(remove, 'a 300-character missing index', { method: 'DELETE', path: `/${LONG}` }, { text: indexNotFound(LONG) });

  // PUT /{index}/_settings
  const update = 'PUT /{index}/_settings';
  add(update, 'no body', { method: 'PUT', path: `/${MANAGED_INDEX}/_settings` }, { text: parseException('request body is required') });
  add(update, 'a missing index', { method: 'PUT', path: `/${MISSING_INDEX}/_settings`, body: { 'index.priority': 1 } }, { text: indexNotFound(MISSING_INDEX) });
  add(
    update,
    'an existing and a missing index (all or nothing)',
    { method: 'PUT', path: `/${MANAGED_INDEX},${MISSING_INDEX}/_settings`, body: { 'index.priority': 1 } },
    { text: indexNotFound(MISSING_INDEX) },
  );
  add(
    update,
    'the final number_of_shards',
    { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: { 'index.number_of_shards': 3 } },
    { status: 400, type: 'illegal_argument_exception' },
  );
  add(
    update,
    'an unknown setting',
    { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: { 'index.foo': 1 } },
    {
      text: illegalArgument(
        'unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
      ),
    },
  );
  add(
    update,
    'a valid and an unknown setting (all or nothing)',
    { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: { 'index.priority': 7, 'index.foo': 1 } },
    { status: 400 },
  );
  for (const value of ['-1', '1e309', '9223372036854775808', '"high"', '{"a":1}']) {
    add(update, `priority ${value}`, { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: `{"index.priority":${value}}` }, { status: 400 });
  }
  add(
    update,
    'origination_date "yesterday"',
    { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: { 'index.lifecycle.origination_date': 'yesterday' } },
    { status: 400 },
  );

  // The /_sim control plane: the contract (architecture.md) says errors are ES-shaped 400s.
  const advance = 'POST /_sim/clock/_advance';
  add(advance, 'no body', { method: 'POST', path: '/_sim/clock/_advance' }, { status: 400 });
  add(advance, 'an empty object', { method: 'POST', path: '/_sim/clock/_advance', body: {} }, { status: 400 });
  add(advance, 'an extra field', { method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d', dry_run: true } }, { status: 400 });
  // Issue 14, item 11: setting values are echoed and parsed as written, not as JavaScript prints them.
  for (const written of ['1E2', '2.0', '9007199254740993']) {
    add(
      'PUT /{index}',
      `number_of_shards written as ${written}`,
      { method: 'PUT', path: '/number-index', body: `{"settings":{"index.number_of_shards":${written}}}` },
      {
        status: 400,
        type: 'illegal_argument_exception',
        reason: `Failed to parse value [${written}] for setting [index.number_of_shards]`,
      },
    );
  }
  add(
    'PUT /{index}',
    'an object in a settings list',
    { method: 'PUT', path: '/list-index', body: { settings: { 'index.routing.allocation.include._name': [{ a: 1 }] } } },
    {
      status: 500,
      type: 'illegal_state_exception',
      reason: 'only value lists are allowed in serialized settings',
    },
  );
  add(
    'PUT /{index}/_settings',
    'number_of_replicas written as 1e0',
    { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: '{"index.number_of_replicas":1e0}' },
    {
      status: 400,
      type: 'illegal_argument_exception',
      reason: 'Failed to parse value [1e0] for setting [index.number_of_replicas]',
    },
  );
  // Issue 14, item 6: DELETE /<alias> deleted the alias's indices; ES refuses it since 6.0 (#25268).
  add(
    'DELETE /{index}',
    'an alias',
    { method: 'DELETE', path: `/${ALIAS}` },
    {
      text: illegalArgument(`The provided expression [${ALIAS}] matches an alias, specify the corresponding concrete indices instead.`),
    },
  );
  add(
    'DELETE /{index}',
    'an index and an alias',
    { method: 'DELETE', path: `/${UNMANAGED_INDEX},${ALIAS}` },
    {
      text: illegalArgument(`The provided expression [${ALIAS}] matches an alias, specify the corresponding concrete indices instead.`),
    },
  );
  // Issue 14, item 5: aliases of a new index are validated as ES's AliasValidator and Metadata.Builder do.
  const aliasCase = (title: string, aliases: Record<string, unknown>, expectation: Expectation): void =>
    add('PUT /{index}', `aliases: ${title}`, { method: 'PUT', path: '/alias-index', body: { aliases } }, expectation);
  aliasCase('an empty name', { '': {} }, { text: illegalArgument('alias name is required') });
  aliasCase('_all', { _all: {} }, { text: esError(400, 'invalid_alias_name_exception', "Invalid alias name [_all]: must not start with '_', '-', or '+'") });
  aliasCase(
    'a comma list',
    { 'a,b': {} },
    {
      text: esError(400, 'invalid_alias_name_exception', 'Invalid alias name [a,b]: must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]'),
    },
  );
  aliasCase(
    'the name of an existing index',
    { [UNMANAGED_INDEX]: {} },
    {
      status: 400,
      type: 'invalid_alias_name_exception',
      reason: `Invalid alias name [${UNMANAGED_INDEX}], ${profile.dataStreams === 'none' ? 'an index' : 'an index or data stream'} exists with the same name as the alias`,
    },
  );
  aliasCase(
    'the name of the new index',
    { 'alias-index': {} },
    {
      status: 500,
      type: 'illegal_state_exception',
      reason:
        profile.dataStreams === 'none'
          ? 'index and alias names need to be unique, but the following duplicates were found [alias-index (alias of [alias-index])]'
          : 'index, alias, and data stream names need to be unique, but the following duplicates were found [alias-index (alias of [alias-index]) conflicts with index]',
    },
  );
  // Issue 14, item 5: an alias value that is not an object sends ES's `Alias.fromXContent` reading on
  // past it (src/api/indices/alias-spec.ts); 8.0+ refuses the tokens it meets (PR #71889).
  const noAlias = { text: illegalArgument('No alias is specified') };
  aliasCase('a number', { a: 5 }, noAlias);
  aliasCase('null', { a: null }, noAlias);
  aliasCase('a string', { a: 'yes' }, noAlias);
  aliasCase('an array', { a: [1] }, profile.aliasParsing === 'strict' ? { text: illegalArgument('Unknown token [VALUE_NUMBER] in alias [a]') } : noAlias);
  if (profile.aliasParsing === 'strict') {
    aliasCase('a number before an alias', { a: 5, b: {} }, { text: illegalArgument('Unknown field [b] in alias [a]') });
    aliasCase('is_write_index null', { a: { is_write_index: null } }, { text: illegalArgument('Unknown token [VALUE_NULL] in alias [a]') });
  }
  // Issue 14, item 3: the history is read a page at a time; bad paging parameters are refused.
  for (const [query, reason] of [
    ['size=abc', 'Failed to parse int parameter [size] with value [abc]'],
    ['size=10001', '[size] must be at most [10000], got [10001]'],
    ['from=-1', 'Failed to parse int parameter [from] with value [-1]'],
    ['after=1e3', 'Failed to parse int parameter [after] with value [1e3]'],
    ['from=0&after=0', '[from] and [after] cannot be used together'],
  ] as const) {
    add('GET /_sim/history', `?${query}`, { method: 'GET', path: `/_sim/history?${query}` }, { text: illegalArgument(reason) });
  }
  // Issue 14, item 7: `__proto__` once carried the field through the prototype and moved the clock.
  add(
    advance,
    'the field inside __proto__',
    { method: 'POST', path: '/_sim/clock/_advance', body: '{"__proto__":{"by":"5d"}}' },
    {
      text: illegalArgument('unknown field [__proto__], expected only [by]'),
    },
  );
  add(
    'POST /_sim/clock/_set',
    'the field inside __proto__',
    { method: 'POST', path: '/_sim/clock/_set', body: '{"__proto__":{"to":"2090-01-01"}}' },
    {
      text: illegalArgument('unknown field [__proto__], expected only [to]'),
    },
  );
  add(
    'PUT /{index}',
    'settings inside __proto__',
    { method: 'PUT', path: '/proto-index', body: '{"settings":{"__proto__":{"index.number_of_shards":3}}}' },
    {
      text: illegalArgument(
        'unknown setting [index.__proto__.index.number_of_shards] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
      ),
    },
  );
  add(
    'PUT /{index}/_settings',
    'a setting named __proto__',
    { method: 'PUT', path: `/${MANAGED_INDEX}/_settings`, body: '{"index":{"__proto__":"1"}}' },
    {
      text: illegalArgument(
        'unknown setting [index.__proto__] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
      ),
    },
  );
  for (const value of ['true', 'null', '[]', '{}', '"5x"', '"-1d"', '-1', '"-1"', '1e309', '9223372036854775808', '"1.5d"', '""']) {
    add(advance, `by ${value}`, { method: 'POST', path: '/_sim/clock/_advance', body: `{"by":${value}}` }, { status: 400 });
  }
  add(advance, 'by a 300-character string', { method: 'POST', path: '/_sim/clock/_advance', body: { by: `${'9'.repeat(299)}d` } }, { status: 400 });
  // Beyond what the clock can represent: must be refused, not thrown, and must not move the clock.
  for (const value of ['"9223372036854775807ms"', '"106751991167d"', '"9223372036854775807micros"']) {
    add(advance, `by ${value} (past the end of time)`, { method: 'POST', path: '/_sim/clock/_advance', body: `{"by":${value}}` }, { status: 400 });
  }
  // Issue 14, item 11: numbers are echoed as the request wrote them, not as JavaScript prints them.
  const unitMissing = (field: string, text: string): Expectation => ({
    text: illegalArgument(`failed to parse setting [${field}] with value [${text}] as a time value: unit is missing or unrecognized`),
  });
  add(advance, 'by -1E2 (echoed as written)', { method: 'POST', path: '/_sim/clock/_advance', body: '{"by":-1E2}' }, unitMissing('by', '-1E2'));
  const set = 'POST /_sim/clock/_set';
  add(set, 'no body', { method: 'POST', path: '/_sim/clock/_set' }, { status: 400 });
  add(set, 'backwards', { method: 'POST', path: '/_sim/clock/_set', body: { to: 0 } }, { status: 400 });
  add(
    set,
    'backwards by one millisecond, as ISO',
    { method: 'POST', path: '/_sim/clock/_set', body: { to: new Date(Date.UTC(2024, 0, 1) + fixtureMinutes(profile) * 60_000 - 1).toISOString() } },
    { status: 400 },
  );
  for (const value of ['"yesterday"', 'true', 'null', '[]', '1e309', '9223372036854775808', '"2024-13-45T00:00:00Z"', '-1', '""']) {
    add(set, `to ${value}`, { method: 'POST', path: '/_sim/clock/_set', body: `{"to":${value}}` }, { status: 400 });
  }
  add(
    set,
    'to 9007199254740993 (echoed as written)',
    { method: 'POST', path: '/_sim/clock/_set', body: '{"to":9007199254740993}' },
    {
      text: illegalArgument('[to] invalid instant [9007199254740993]: epoch milliseconds must be a finite integer within ±9007199254740991'),
    },
  );
  add(set, 'an extra field', { method: 'POST', path: '/_sim/clock/_set', body: { to: '2030-01-01T00:00:00Z', by: '1d' } }, { status: 400 });

  const next = 'POST /_sim/clock/_next';
  add(next, 'an extra field', { method: 'POST', path: '/_sim/clock/_next', body: { within: '1d', by: '1d' } }, { status: 400 });
  for (const value of ['true', 'null', '[]', '{}', '"5x"', '"-1d"', '-1', '1e309', '"1.5d"', '""']) {
    add(next, `within ${value}`, { method: 'POST', path: '/_sim/clock/_next', body: `{"within":${value}}` }, { status: 400 });
  }
  add(next, 'a body that is not JSON', { method: 'POST', path: '/_sim/clock/_next', body: '{"within":' }, { status: 400 });
  add(next, 'no field', { method: 'POST', path: '/_sim/clock/_next', body: {} }, { text: illegalArgument('required field [within] is missing') });
  const untilCases: Array<[string, unknown, string]> = [
    ['until that is not an object', 'warm', '[until] must be an object such as {"index": "logs", "phase": "warm"}, not "warm"'],
    ['until without an index', { phase: 'warm' }, '[until.index] must be an index name'],
    ['until with an unknown field', { index: MANAGED_INDEX, colour: 'blue' }, 'unknown field [colour] in [until], expected [index, step, phase, exists]'],
    [
      'until with two conditions',
      { index: MANAGED_INDEX, phase: 'warm', exists: false },
      '[until] needs exactly one of [step], [phase] and [exists], got [phase, exists]',
    ],
    ['until with no condition', { index: MANAGED_INDEX }, '[until] needs exactly one of [step], [phase] and [exists], got []'],
    [
      'until a step that is not phase/action/step',
      { index: MANAGED_INDEX, step: 'warm/shrink' },
      '[until.step] must be "<phase>/<action>/<step>", not "warm/shrink"',
    ],
    ['until a phase that is not a string', { index: MANAGED_INDEX, phase: 5 }, '[until.phase] must be a phase name, not 5'],
    ['until exists true', { index: MANAGED_INDEX, exists: true }, '[until.exists] can only be false (wait until the index is gone), not true'],
  ];
  for (const [label, until, reason] of untilCases) {
    add(next, label, { method: 'POST', path: '/_sim/clock/_next', body: { within: '30d', until } }, { text: illegalArgument(reason) });
  }
  add(
    next,
    'until with a bad within',
    { method: 'POST', path: '/_sim/clock/_next', body: { within: '5x', until: { index: MANAGED_INDEX, phase: 'warm' } } },
    { status: 400 },
  );

  const allocation = 'PUT /_sim/allocation';
  add(allocation, 'no body', { method: 'PUT', path: '/_sim/allocation' }, { status: 400 });
  add(allocation, 'no delay', { method: 'PUT', path: '/_sim/allocation', body: { index: 'logs-*' } }, { status: 400 });
  for (const value of ['"-1"', '"2 hours"', 'true', 'null', '[]', '{}', '""']) {
    add(allocation, `delay ${value}`, { method: 'PUT', path: '/_sim/allocation', body: `{"delay":${value}}` }, { status: 400 });
  }
  add(allocation, 'delay -1E2 (echoed as written)', { method: 'PUT', path: '/_sim/allocation', body: '{"delay":-1E2}' }, unitMissing('delay', '-1E2'));
  add(allocation, 'an empty index pattern', { method: 'PUT', path: '/_sim/allocation', body: { delay: '1h', index: '' } }, { status: 400 });
  add(allocation, 'an unknown field', { method: 'PUT', path: '/_sim/allocation', body: { delay: '1h', node: 'n1' } }, { status: 400 });

  const putNodes = 'PUT /_sim/nodes';
  add(putNodes, 'no body', { method: 'PUT', path: '/_sim/nodes' }, { status: 400 });
  add(putNodes, 'no nodes field', { method: 'PUT', path: '/_sim/nodes', body: {} }, { status: 400 });
  add(putNodes, 'an empty list', { method: 'PUT', path: '/_sim/nodes', body: { nodes: [] } }, { status: 400, reason: '[nodes] must name at least one node' });
  add(putNodes, 'nodes is an object', { method: 'PUT', path: '/_sim/nodes', body: { nodes: {} } }, { status: 400 });
  add(putNodes, 'a node without a name', { method: 'PUT', path: '/_sim/nodes', body: { nodes: [{ roles: ['data'] }] } }, { status: 400 });
  add(
    putNodes,
    'a name twice',
    { method: 'PUT', path: '/_sim/nodes', body: { nodes: [{ name: 'a' }, { name: 'a' }] } },
    { status: 400, reason: '[nodes] names the node [a] twice' },
  );
  add(putNodes, 'an unknown role', { method: 'PUT', path: '/_sim/nodes', body: { nodes: [{ name: 'a', roles: ['data_lukewarm'] }] } }, { status: 400 });
  add(
    putNodes,
    'an attribute that is a number',
    { method: 'PUT', path: '/_sim/nodes', body: { nodes: [{ name: 'a', attributes: { rack: 1 } }] } },
    { status: 400 },
  );
  add(putNodes, 'an unknown field', { method: 'PUT', path: '/_sim/nodes', body: { nodes: [{ name: 'a' }], seed: 1 } }, { status: 400 });
  const addNode = 'POST /_sim/nodes';
  add(addNode, 'no body', { method: 'POST', path: '/_sim/nodes' }, { status: 400 });
  add(addNode, 'a node without a name', { method: 'POST', path: '/_sim/nodes', body: { roles: ['data'] } }, { status: 400 });
  add(
    addNode,
    'the default node again',
    { method: 'POST', path: '/_sim/nodes', body: { name: 'ilm-sim' } },
    { status: 400, reason: 'a node named [ilm-sim] is already in the cluster' },
  );
  add('DELETE /_sim/nodes/{name}', 'an unknown node', { method: 'DELETE', path: '/_sim/nodes/nope' }, { status: 404 });
  add('DELETE /_sim/nodes/{name}', 'the last node', { method: 'DELETE', path: '/_sim/nodes/ilm-sim' }, { status: 400 });
  add('POST /_sim/nodes/{name}/_stop', 'an unknown node', { method: 'POST', path: '/_sim/nodes/nope/_stop' }, { status: 404, reason: 'no node named [nope]' });
  add('POST /_sim/nodes/{name}/_start', 'an unknown node', { method: 'POST', path: '/_sim/nodes/nope/_start' }, { status: 404 });

  const faults = 'POST /_sim/faults';
  const error = { type: 'illegal_state_exception', reason: 'boom' };
  add(faults, 'no body', { method: 'POST', path: '/_sim/faults' }, { status: 400 });
  add(faults, 'an empty object', { method: 'POST', path: '/_sim/faults', body: {} }, { status: 400 });
  add(faults, 'neither step nor action', { method: 'POST', path: '/_sim/faults', body: { index: '*', error } }, { status: 400 });
  add(faults, 'error is a string', { method: 'POST', path: '/_sim/faults', body: { step: 'shrink', error: 'boom' } }, { status: 400 });
  add(faults, 'error without a reason', { method: 'POST', path: '/_sim/faults', body: { step: 'shrink', error: { type: 'x' } } }, { status: 400 });
  add(faults, 'error type is a number', { method: 'POST', path: '/_sim/faults', body: { step: 'shrink', error: { type: 1, reason: 'r' } } }, { status: 400 });
  add(faults, 'an unknown field', { method: 'POST', path: '/_sim/faults', body: { step: 'shrink', error, severity: 'high' } }, { status: 400 });
  add(faults, 'an empty step name', { method: 'POST', path: '/_sim/faults', body: { step: '', error } }, { status: 400 });
  add(faults, 'index is a number', { method: 'POST', path: '/_sim/faults', body: { index: 5, step: 'shrink', error } }, { status: 400 });
  for (const value of ['0', '-1', '1.5', '1e309', '9223372036854775808', '"3"']) {
    add(
      faults,
      `times ${value}`,
      { method: 'POST', path: '/_sim/faults', body: `{"step":"shrink","times":${value},"error":{"type":"x","reason":"y"}}` },
      { status: 400 },
    );
  }
  for (const value of ['2', '-0.1', '1e309', '"half"', 'null']) {
    add(
      faults,
      `probability ${value}`,
      { method: 'POST', path: '/_sim/faults', body: `{"step":"shrink","probability":${value},"error":{"type":"x","reason":"y"}}` },
      { status: 400 },
    );
  }
  add('DELETE /_sim/faults/{id}', 'a missing fault', { method: 'DELETE', path: '/_sim/faults/fault-999' }, { status: 404 });
  add('DELETE /_sim/faults/{id}', 'a 300-character unicode id', { method: 'DELETE', path: `/_sim/faults/${enc('ф'.repeat(300))}` }, { status: 404 });

  // Seeing a lifecycle: why reads one concrete index, by name (a pattern or an alias is not one).
  const why = 'GET /_sim/why/{index}';
  add(why, 'a missing index', { method: 'GET', path: `/_sim/why/${MISSING_INDEX}` }, { text: indexNotFound(MISSING_INDEX) });
  add(why, 'a 300-character missing index', { method: 'GET', path: `/_sim/why/${LONG}` }, { text: indexNotFound(LONG) });
  add(why, 'a unicode missing index', { method: 'GET', path: `/_sim/why/${enc(UNICODE)}` }, { text: indexNotFound(UNICODE) });
  add(why, 'a wildcard pattern', { method: 'GET', path: '/_sim/why/managed-*' }, { text: indexNotFound('managed-*') });
  add(why, 'an alias', { method: 'GET', path: `/_sim/why/${ALIAS}` }, { text: indexNotFound(ALIAS) });

  // Routes added with rollover: templates and ingestion.
  add('POST /_sim/ingest', 'an empty object', { method: 'POST', path: '/_sim/ingest', body: {} }, { status: 400 });
  add('POST /_sim/ingest', 'a negative count', { method: 'POST', path: '/_sim/ingest', body: { index: MANAGED_INDEX, count: -1 } }, { status: 400 });
  add('POST /_sim/ingest', 'count 1e309', { method: 'POST', path: '/_sim/ingest', body: `{"index":"${MANAGED_INDEX}","count":1e309}` }, { status: 400 });
  add(
    'POST /_sim/ingest',
    'count 9223372036854775808',
    { method: 'POST', path: '/_sim/ingest', body: `{"index":"${MANAGED_INDEX}","count":9223372036854775808}` },
    { status: 400 },
  );
  add(
    'POST /_sim/ingest',
    'bytes_each is an object',
    { method: 'POST', path: '/_sim/ingest', body: { index: MANAGED_INDEX, count: 1, bytes_each: { a: 1 } } },
    {
      text: illegalArgument('[bytes_each] must be a size'),
    },
  );
  add('POST /_sim/ingest', 'index is a number', { method: 'POST', path: '/_sim/ingest', body: { index: 1, count: 1 } }, { status: 400 });
  const putTemplate = 'PUT /_index_template/{name}';
  add(putTemplate, 'no body', { method: 'PUT', path: '/_index_template/t' }, { status: 400 });
  add(putTemplate, 'no index_patterns', { method: 'PUT', path: '/_index_template/t', body: { template: {} } }, { status: 400 });
  add(putTemplate, 'an unknown field', { method: 'PUT', path: '/_index_template/t', body: { index_patterns: ['x-*'], colour: 'blue' } }, { status: 400 });
  add(putTemplate, 'priority -1', { method: 'PUT', path: '/_index_template/t', body: { index_patterns: ['x-*'], priority: -1 } }, { status: 400 });
  add(putTemplate, 'priority 1e309', { method: 'PUT', path: '/_index_template/t', body: '{"index_patterns":["x-*"],"priority":1e309}' }, { status: 400 });
  add(
    putTemplate,
    'an unknown setting',
    { method: 'PUT', path: '/_index_template/t', body: { index_patterns: ['x-*'], template: { settings: { 'index.foo': 1 } } } },
    { status: 400 },
  );
  add('GET /_index_template/{name}', 'a missing template', { method: 'GET', path: `/_index_template/${LONG}` }, { status: 404 });
  add('DELETE /_index_template/{name}', 'a missing template', { method: 'DELETE', path: `/_index_template/${enc(UNICODE)}` }, { status: 404 });
  add('POST /{index}/_doc', 'an invalid index name', { method: 'POST', path: '/Upper-Case/_doc', body: { a: 1 } }, { status: 400 });

  // ---- Routes added with data streams, rollover, bulk and snapshots ----
  const dataStreams = profile.dataStreams !== 'none';
  const v8 = profile.dataStreams === 'v8';
  // 7.11+ data streams (7.17 and 8.x): names may start with '.', DELETE resolves names like indices.
  const since711 = v8 || profile.dataStreams === 'v7.17';
  const noHandler = (method: string, path: string): Expectation => ({
    text: JSON.stringify({ error: `no handler found for uri [${path}] and method [${method}]` }),
  });
  const resourceNotFound = (reason: string): string => esError(404, 'resource_not_found_exception', reason);
  const INVALID_CHARS = 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]';

  // PUT /_data_stream/{name} (ES MetadataCreateDataStreamService#validate: the index-name rules with
  // `data_stream [name]` in front, lowercase, then the backing-index prefix; 7.9/7.10 refused any '.').
  const putStream = 'PUT /_data_stream/{name}';
  const streamName = (title: string, name: string, description: string): void =>
    add(
      putStream,
      title,
      { method: 'PUT', path: `/_data_stream/${enc(name)}` },
      dataStreams ? { text: illegalArgument(`data_stream [${name}] ${description}`) } : noHandler('PUT', `/_data_stream/${enc(name)}`),
    );
  streamName('an uppercase name', 'Logs-ds-Upper', 'must be lowercase');
  streamName('a name starting with _', '_logs-ds', "must not start with '_', '-', or '+'");
  streamName('a name starting with -', '-logs-ds', "must not start with '_', '-', or '+'");
  streamName('a name with #', 'logs-ds-a#b', "must not contain '#'");
  streamName('a name with *', 'logs-ds-a*b', INVALID_CHARS);
  streamName('a 308-character name', `logs-ds-${LONG}`, 'index name is too long, (308 > 255)');
  streamName('a backing-index name', '.ds-logs-ds-x', since711 ? "must not start with '.ds-'" : "must not start with '.'");
  add(
    putStream,
    'a stream that exists',
    { method: 'PUT', path: `/_data_stream/${DATA_STREAM}` },
    dataStreams
      ? { text: esError(400, 'resource_already_exists_exception', `data_stream [${DATA_STREAM}] already exists`) }
      : noHandler('PUT', `/_data_stream/${DATA_STREAM}`),
  );
  add(
    putStream,
    'no matching template',
    { method: 'PUT', path: '/_data_stream/metrics-app' },
    dataStreams ? { text: illegalArgument('no matching index template found for data stream [metrics-app]') } : noHandler('PUT', '/_data_stream/metrics-app'),
  );

  // GET and DELETE /_data_stream/{name}: a missing name is an index_not_found_exception from the
  // index-name resolver in 8.x; 7.10's delete matched names itself (DeleteDataStreamAction).
  const getStream = 'GET /_data_stream/{name}';
  add(
    getStream,
    'a missing stream',
    { method: 'GET', path: '/_data_stream/missing-stream' },
    dataStreams ? { text: indexNotFound('missing-stream') } : noHandler('GET', '/_data_stream/missing-stream'),
  );
  add(
    getStream,
    'a stream and a missing one',
    { method: 'GET', path: `/_data_stream/${DATA_STREAM},missing-stream` },
    dataStreams ? { text: indexNotFound('missing-stream') } : noHandler('GET', `/_data_stream/${DATA_STREAM},missing-stream`),
  );
  // RestGetDataStreamsAction reads ?verbose (8.x) and ?include_defaults with paramAsBoolean.
  if (v8) {
    add(getStream, 'verbose=maybe', { method: 'GET', path: `/_data_stream/${DATA_STREAM}?verbose=maybe` }, { text: badBoolean('maybe') });
    add('GET /_data_stream', 'include_defaults=maybe', { method: 'GET', path: '/_data_stream?include_defaults=maybe' }, { text: badBoolean('maybe') });
  }
  const deleteStream = 'DELETE /_data_stream/{name}';
  add(
    deleteStream,
    'a missing stream',
    { method: 'DELETE', path: '/_data_stream/missing-stream' },
    !dataStreams
      ? noHandler('DELETE', '/_data_stream/missing-stream')
      : since711
        ? { text: indexNotFound('missing-stream') }
        : { text: resourceNotFound('data_streams matching [missing-stream] not found') },
  );
  // 7.10 deleted the streams that matched and ignored the rest, so only 7.11+ refuses this one.
  if (since711)
    add(
      deleteStream,
      'a stream and a missing one (all or nothing)',
      { method: 'DELETE', path: `/_data_stream/${DATA_STREAM},missing-stream` },
      { text: indexNotFound('missing-stream') },
    );
  add(
    deleteStream,
    'an index that is not a stream',
    { method: 'DELETE', path: `/_data_stream/${UNMANAGED_INDEX}` },
    !dataStreams
      ? noHandler('DELETE', `/_data_stream/${UNMANAGED_INDEX}`)
      : since711
        ? { text: indexNotFound(UNMANAGED_INDEX) }
        : { text: resourceNotFound(`data_streams matching [${UNMANAGED_INDEX}] not found`) },
  );

  // POST /{index}/_rollover[/{new_index}] (ES MetadataRolloverService#validate, then the new index's name).
  // Divergence (reported): 6.6 said "source alias does not exist" / "source alias is a concrete index".
  const rollover = 'POST /{index}/_rollover';
  const rolloverNamed = 'POST /{index}/_rollover/{new_index}';
  const sixSix = { status: 400, type: 'illegal_argument_exception' };
  const missingTarget = (target: string): Expectation =>
    !modern
      ? sixSix
      : v8
        ? { text: resourceNotFound(`rollover target [${target}] does not exist`) }
        : { text: illegalArgument(`rollover target [${target}] does not exist`) };
  add(rollover, 'a missing target', { method: 'POST', path: `/${MISSING_INDEX}/_rollover` }, missingTarget(MISSING_INDEX));
  add(
    rollover,
    'a concrete index',
    { method: 'POST', path: `/${UNMANAGED_INDEX}/_rollover` },
    modern ? { text: illegalArgument('rollover target is a [concrete index] but one of [alias,data_stream] was expected') } : sixSix,
  );
  add(rollover, 'dry_run=maybe', { method: 'POST', path: `/${ALIAS}/_rollover?dry_run=maybe` }, { text: badBoolean('maybe') });
  // RolloverRequest.PARSER (`rollover`) and its conditions parser (`conditions`; 8.x `rollover_conditions`):
  // x_content_parse_exception chains at ES's [line:column].
  const conditionsParser = v8 ? 'rollover_conditions' : 'conditions';
  const xParse = (reason: string, cause?: { type: string; reason: string }, causeOfCause?: { type: string; reason: string }): string => {
    const outer: Record<string, unknown> = { type: 'x_content_parse_exception', reason };
    if (cause) outer['caused_by'] = causeOfCause ? { ...cause, caused_by: causeOfCause } : cause;
    // ES's root-cause guess unwraps a parse exception to a parse-exception cause, and stops at an IAE.
    const root = causeOfCause ? cause! : (cause ?? outer);
    return JSON.stringify({ error: { root_cause: [{ type: root.type, reason: root.reason }], ...outer }, status: 400 });
  };
  const failedConditions = (at: string): string => `${at} [rollover] failed to parse field [conditions]`;
  add(
    rollover,
    'max_age "5x"',
    { method: 'POST', path: `/${ALIAS}/_rollover`, body: '{"conditions":{"max_age":"5x"}}' },
    {
      text: xParse(
        failedConditions('[1:26]'),
        { type: 'x_content_parse_exception', reason: `[1:26] [${conditionsParser}] failed to parse field [max_age]` },
        { type: 'illegal_argument_exception', reason: 'failed to parse setting [max_age] with value [5x] as a time value: unit is missing or unrecognized' },
      ),
    },
  );
  add(
    rollover,
    'max_age a number (declareString)',
    { method: 'POST', path: `/${ALIAS}/_rollover`, body: '{"conditions":{"max_age":5}}' },
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: failedConditions('[1:26]'),
    },
  );
  add(
    rollover,
    'max_docs "many"',
    { method: 'POST', path: `/${ALIAS}/_rollover`, body: '{"conditions":{"max_docs":"many"}}' },
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: failedConditions('[1:27]'),
    },
  );
  // 7.7+ raises an unknown field after reading its value (so the wrapper points at the value); 6.x at the name.
  add(
    rollover,
    'an unknown condition',
    { method: 'POST', path: `/${ALIAS}/_rollover`, body: '{"conditions":{"max_bananas":1}}' },
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: failedConditions(modern ? '[1:30]' : '[1:16]'),
    },
  );
  add(
    rollover,
    'conditions is an array',
    { method: 'POST', path: `/${ALIAS}/_rollover`, body: '{"conditions":[]}' },
    {
      text: esError(400, 'x_content_parse_exception', "[1:15] [rollover] conditions doesn't support values of type: START_ARRAY"),
    },
  );
  add(
    rollover,
    'an unknown top-level field',
    { method: 'POST', path: `/${ALIAS}/_rollover`, body: '{"condition":{}}' },
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: `[1:2] [rollover] unknown field [condition]${modern ? ' did you mean [conditions]?' : ', parser not found'}`,
    },
  );
  add(
    rollover,
    'a bad body before a bad dry_run',
    { method: 'POST', path: `/${ALIAS}/_rollover?dry_run=maybe`, body: '{"conditions":[]}' },
    {
      text: esError(400, 'x_content_parse_exception', "[1:15] [rollover] conditions doesn't support values of type: START_ARRAY"),
    },
  );
  if (v8) {
    add(
      rollover,
      'a min_* condition alone (the API accepts it)',
      { method: 'POST', path: `/${ALIAS}/_rollover?dry_run=maybe`, body: { conditions: { min_docs: 1 } } },
      { text: badBoolean('maybe') },
    );
  }
  add(rolloverNamed, 'a missing target', { method: 'POST', path: `/${MISSING_INDEX}/_rollover/new-index` }, missingTarget(MISSING_INDEX));
  add(
    rolloverNamed,
    'an uppercase new index',
    { method: 'POST', path: `/${ALIAS}/_rollover/Upper-Case` },
    { text: invalidIndexName('Upper-Case', 'must be lowercase') },
  );
  add(
    rolloverNamed,
    'a new index starting with _',
    { method: 'POST', path: `/${ALIAS}/_rollover/_bad` },
    { text: invalidIndexName('_bad', "must not start with '_', '-', or '+'") },
  );
  add(
    rolloverNamed,
    'a 300-character new index',
    { method: 'POST', path: `/${ALIAS}/_rollover/${LONG}` },
    { text: invalidIndexName(LONG, 'index name is too long, (300 > 255)') },
  );
  add(
    rolloverNamed,
    'the name of the alias',
    { method: 'POST', path: `/${ALIAS}/_rollover/${ALIAS}` },
    { text: invalidIndexName(ALIAS, 'already exists as alias') },
  );
  add(
    rolloverNamed,
    'an index that exists',
    { method: 'POST', path: `/${ALIAS}/_rollover/${UNMANAGED_INDEX}` },
    {
      text: esError(400, 'resource_already_exists_exception', `index [${UNMANAGED_INDEX}/${facts.uuid(UNMANAGED_INDEX)}] already exists`, {
        index_uuid: facts.uuid(UNMANAGED_INDEX),
        index: UNMANAGED_INDEX,
      }),
    },
  );
  if (dataStreams) {
    const noCreateIndexFields = illegalArgument('aliases, mappings, and index settings may not be specified when rolling over a data stream');
    add(
      rollover,
      'aliases for a data stream',
      { method: 'POST', path: `/${DATA_STREAM}/_rollover`, body: { aliases: { 'logs-x': {} } } },
      { text: noCreateIndexFields },
    );
    add(
      rollover,
      'settings for a data stream',
      { method: 'POST', path: `/${DATA_STREAM}/_rollover`, body: { settings: { 'index.number_of_replicas': 0 } } },
      { text: noCreateIndexFields },
    );
    add(
      rollover,
      'mappings for a data stream',
      { method: 'POST', path: `/${DATA_STREAM}/_rollover`, body: { mappings: { properties: { a: { type: 'keyword' } } } } },
      { text: noCreateIndexFields },
    );
    add(
      rolloverNamed,
      'a new index name for a data stream',
      { method: 'POST', path: `/${DATA_STREAM}/_rollover/new-index` },
      {
        text: illegalArgument('new index name may not be specified when rolling over a data stream'),
      },
    );
  }

  // POST|PUT [/{index}]/_bulk (ES BulkRequestParser, then BulkRequest#validate).
  const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
  for (const [method, target] of [
    ['POST', ''],
    ['PUT', ''],
    ['POST', `/${MANAGED_INDEX}`],
    ['PUT', `/${MANAGED_INDEX}`],
  ] as const) {
    const route = `${method} ${target === '' ? '' : '/{index}'}/_bulk`;
    const path = `${target}/_bulk`;
    add(
      route,
      'no newline after the last line',
      { method, path, body: `${line({ index: { _index: MANAGED_INDEX } })}{"a":1}` },
      {
        text: illegalArgument('The bulk request must be terminated by a newline [\\n]'),
      },
    );
    add(
      route,
      'an unknown action',
      { method, path, body: line({ upsert: { _index: MANAGED_INDEX } }) + line({ a: 1 }) },
      {
        text: illegalArgument('Malformed action/metadata line [1], expected field [create], [delete], [index] or [update] but found [upsert]'),
      },
    );
    add(
      route,
      'an empty action line',
      { method, path, body: line({}) },
      {
        text: illegalArgument('Malformed action/metadata line [1], expected FIELD_NAME but found [END_OBJECT]'),
      },
    );
    add(
      route,
      'a valid item then an unknown action (all or nothing)',
      { method, path, body: line({ index: { _index: MANAGED_INDEX } }) + line({ a: 1 }) + line({ upsert: {} }) + line({ a: 1 }) },
      {
        text: illegalArgument('Malformed action/metadata line [3], expected field [create], [delete], [index] or [update] but found [upsert]'),
      },
    );
    add(
      route,
      'an action line that is an array',
      { method, path, body: '[]\n' },
      {
        text: illegalArgument('Malformed action/metadata line [1], expected START_OBJECT but found [START_ARRAY]'),
      },
    );
    add(
      route,
      'an action whose metadata is a string',
      { method, path, body: line({ index: 'x' }) + line({ a: 1 }) },
      {
        text: illegalArgument('Malformed action/metadata line [1], expected START_OBJECT or END_OBJECT but found [VALUE_STRING]'),
      },
    );
    add(
      route,
      'an unknown metadata field',
      { method, path, body: line({ index: { _index: MANAGED_INDEX, bogus: 1 } }) + line({ a: 1 }) },
      {
        text: illegalArgument('Action/metadata line [1] contains an unknown parameter [bogus]'),
      },
    );
    add(
      route,
      'a metadata field that is an array',
      { method, path, body: line({ index: { _index: [MANAGED_INDEX] } }) + line({ a: 1 }) },
      {
        text: illegalArgument('Malformed action/metadata line [1], expected a simple value for field [_index] but found [START_ARRAY]'),
      },
    );
    add(route, 'no body', { method, path }, { text: parseException('request body is required') });
    add(route, 'an empty body', { method, path, body: '' }, { text: parseException('request body is required') });
    add(
      route,
      'refresh=maybe (refused before anything is counted)',
      { method, path: `${path}?refresh=maybe`, body: line({ index: { _index: MANAGED_INDEX } }) + line({ a: 1 }) },
      {
        text: illegalArgument('Unknown value for refresh: [maybe].'),
      },
    );
  }
  add(
    'POST /_bulk',
    'items without an index',
    { method: 'POST', path: '/_bulk', body: line({ index: {} }) + line({ a: 1 }) + line({ create: {} }) + line({ a: 2 }) },
    {
      text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: index is missing;2: index is missing;'),
    },
  );
  // Issue 14, item 4: the NDJSON media types reach the bulk parser (and its refusals) like JSON does;
  // mismatched compatible versions are refused before it.
  for (const contentType of ['application/x-ndjson', 'application/vnd.elasticsearch+x-ndjson; compatible-with=8']) {
    const accept = contentType.includes('compatible-with') ? 'application/vnd.elasticsearch+json; compatible-with=8' : 'application/json';
    add(
      'POST /_bulk',
      `${contentType}: no newline after the last line`,
      {
        method: 'POST',
        path: '/_bulk',
        headers: { 'content-type': contentType, accept },
        body: `${line({ index: { _index: MANAGED_INDEX } })}{"a":1}`,
      },
      { text: illegalArgument('The bulk request must be terminated by a newline [\\n]') },
    );
  }
  add(
    'POST /_bulk',
    'NDJSON with compatible-with=9 and an Accept of 8',
    {
      method: 'POST',
      path: '/_bulk',
      headers: { 'content-type': 'application/vnd.elasticsearch+x-ndjson; compatible-with=9', accept: 'application/vnd.elasticsearch+json; compatible-with=8' },
      body: line({ index: { _index: MANAGED_INDEX } }) + line({ a: 1 }),
    },
    { status: 400, type: 'media_type_header_exception', reason: 'Invalid media-type value on headers [Accept, Content-Type]' },
  );
  add(
    'POST /_bulk',
    'NDJSON as text/x-ndjson (not a type ES reads)',
    {
      method: 'POST',
      path: '/_bulk',
      headers: { 'content-type': 'text/x-ndjson' },
      body: line({ index: { _index: MANAGED_INDEX } }) + line({ a: 1 }),
    },
    { text: '{"error":"Content-Type header [text/x-ndjson] is not supported","status":406}' },
  );
  add(
    'POST /_bulk',
    'only blank lines',
    { method: 'POST', path: '/_bulk', body: '\n\n' },
    { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: no requests added;') },
  );

  // Snapshot repositories (ES PutRepositoryRequest, RepositoriesService, GetRepositoriesAction).
  const putRepo = 'PUT /_snapshot/{repository}';
  const postRepo = 'POST /_snapshot/{repository}';
  add(putRepo, 'no body', { method: 'PUT', path: '/_snapshot/new-repo' }, { text: parseException('request body is required') });
  add(postRepo, 'no body', { method: 'POST', path: '/_snapshot/new-repo' }, { text: parseException('request body is required') });
  add(
    putRepo,
    'no type',
    { method: 'PUT', path: '/_snapshot/new-repo', body: { settings: { location: '/mnt/x' } } },
    {
      text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: type is missing;'),
    },
  );
  // RepositoriesService: an unknown type is thrown as is; what a repository's constructor refuses is
  // wrapped as "failed to create repository" (both RepositoryExceptions, so the root cause is the inner one).
  const repositoryException = (reason: string): Expectation => ({ status: 500, text: esError(500, 'repository_exception', reason) });
  const failedToCreate = (name: string, why: string): Expectation => ({
    status: 500,
    text: chainedError(
      500,
      { type: 'repository_exception', reason: `[${name}] failed to create repository` },
      { type: 'repository_exception', reason: `[${name}] ${why}` },
      true,
    ),
  });
  add(
    putRepo,
    'an unknown type',
    { method: 'PUT', path: '/_snapshot/new-repo', body: { type: 'ftp' } },
    repositoryException('[new-repo] repository type [ftp] does not exist'),
  );
  add(
    putRepo,
    'type is a number (read with toString)',
    { method: 'PUT', path: '/_snapshot/new-repo', body: { type: 1 } },
    repositoryException('[new-repo] repository type [1] does not exist'),
  );
  // Issue 14, item 11: ES reads `type` with Java's toString() of what convertToMap made of it.
  add(
    putRepo,
    'type is an object (Java map text)',
    { method: 'PUT', path: '/_snapshot/new-repo', body: '{"type":{"a":1,"b":"x"}}' },
    repositoryException('[new-repo] repository type [{a=1, b=x}] does not exist'),
  );
  add(
    putRepo,
    'type is an array (Java list text)',
    { method: 'PUT', path: '/_snapshot/new-repo', body: '{"type":[1,"x",1.0]}' },
    repositoryException('[new-repo] repository type [[1, x, 1.0]] does not exist'),
  );
  add(
    putRepo,
    'type is 1E2 (a Java double)',
    { method: 'PUT', path: '/_snapshot/new-repo', body: '{"type":1E2}' },
    repositoryException('[new-repo] repository type [100.0] does not exist'),
  );
  add(
    putRepo,
    'an fs repository without a location',
    { method: 'PUT', path: '/_snapshot/new-repo', body: { type: 'fs', settings: {} } },
    failedToCreate('new-repo', 'missing location'),
  );
  add(
    postRepo,
    'a url repository without a url',
    { method: 'POST', path: '/_snapshot/new-repo', body: { type: 'url' } },
    failedToCreate('new-repo', 'missing url'),
  );
  add(
    putRepo,
    'settings is a string',
    { method: 'PUT', path: '/_snapshot/new-repo', body: { type: 'fs', settings: 'loc' } },
    {
      text: illegalArgument('Malformed settings section, should include an inner object'),
    },
  );
  add(
    putRepo,
    'verify=maybe',
    { method: 'PUT', path: '/_snapshot/new-repo?verify=maybe', body: { type: 'fs', settings: { location: '/mnt/x' } } },
    { text: badBoolean('maybe') },
  );
  add(
    putRepo,
    'a name with #',
    { method: 'PUT', path: `/_snapshot/${enc('a#b')}`, body: { type: 'fs', settings: { location: '/mnt/x' } } },
    repositoryException("[a#b] must not contain '#'"),
  );
  add(
    putRepo,
    'a name with *',
    { method: 'PUT', path: '/_snapshot/a*b', body: { type: 'fs', settings: { location: '/mnt/x' } } },
    repositoryException('[a*b] must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]'),
  );
  add(
    postRepo,
    'a name with # and no type (the request is validated first)',
    { method: 'POST', path: `/_snapshot/${enc('a#b')}`, body: { settings: { location: '/mnt/x' } } },
    {
      text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: type is missing;'),
    },
  );
  const repositoryMissing = (name: string): string => esError(404, 'repository_missing_exception', `[${name}] missing`);
  add('GET /_snapshot/{repository}', 'a missing repository', { method: 'GET', path: '/_snapshot/missing-repo' }, { text: repositoryMissing('missing-repo') });
  add(
    'GET /_snapshot/{repository}',
    'a repository and a missing one',
    { method: 'GET', path: `/_snapshot/${REPOSITORY},missing-repo` },
    { text: repositoryMissing('missing-repo') },
  );
  add(
    'DELETE /_snapshot/{repository}',
    'a missing repository',
    { method: 'DELETE', path: '/_snapshot/missing-repo' },
    { text: repositoryMissing('missing-repo') },
  );

  // Snapshots (ES SnapshotsService#createSnapshot and #validate, TransportGetSnapshotsAction).
  const putSnapshot = 'PUT /_snapshot/{repository}/{snapshot}';
  const postSnapshot = 'POST /_snapshot/{repository}/{snapshot}';
  add(putSnapshot, 'a missing repository', { method: 'PUT', path: '/_snapshot/missing-repo/new-snap' }, { text: repositoryMissing('missing-repo') });
  add(postSnapshot, 'a missing repository', { method: 'POST', path: '/_snapshot/missing-repo/new-snap' }, { text: repositoryMissing('missing-repo') });
  // Issue 14, item 11: XContentMapValues#nodeBooleanValue reads the value's Java toString().
  add(
    putSnapshot,
    'include_global_state is an object',
    { method: 'PUT', path: `/_snapshot/${REPOSITORY}/new-snap`, body: '{"include_global_state":{"a":1}}' },
    {
      text: chainedError(
        400,
        { type: 'illegal_argument_exception', reason: 'Could not convert [include_global_state] to boolean' },
        { type: 'illegal_argument_exception', reason: 'Failed to parse value [{a=1}] as only [true] or [false] are allowed.' },
        false,
      ),
    },
  );
  // 8.x throws SnapshotNameAlreadyInUseException (a subclass, so its own type); 6.x/7.x the parent.
  const taken = `[${REPOSITORY}:${SNAPSHOT}] Invalid snapshot name [${SNAPSHOT}], snapshot with the same name already exists`;
  add(
    putSnapshot,
    'a name already taken',
    { method: 'PUT', path: `/_snapshot/${REPOSITORY}/${SNAPSHOT}` },
    {
      text: esError(400, v8 ? 'snapshot_name_already_in_use_exception' : 'invalid_snapshot_name_exception', taken),
    },
  );
  // SnapshotsService#validate: the first rule broken, before the repository is looked up.
  const badSnapshotName = (route: string, method: string, name: string, description: string, repository = REPOSITORY): void =>
    add(
      route,
      `snapshot name ${JSON.stringify(name)} in repository ${repository}`,
      { method, path: `/_snapshot/${repository}/${enc(name)}` },
      {
        text: esError(400, 'invalid_snapshot_name_exception', `[${repository}:${name}] Invalid snapshot name [${name}], ${description}`),
      },
    );
  badSnapshotName(putSnapshot, 'PUT', 'Snap-Upper', 'must be lowercase');
  badSnapshotName(putSnapshot, 'PUT', '_snap', "must not start with '_'");
  badSnapshotName(putSnapshot, 'PUT', 'a#b', "must not contain '#'");
  badSnapshotName(postSnapshot, 'POST', 'a,b', "must not contain ','");
  badSnapshotName(postSnapshot, 'POST', 'a b', 'must not contain whitespace');
  badSnapshotName(postSnapshot, 'POST', 'a*b', 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
  badSnapshotName(putSnapshot, 'PUT', 'Snap-Upper', 'must be lowercase', 'missing-repo');
  add(
    putSnapshot,
    'indices is a number',
    { method: 'PUT', path: `/_snapshot/${REPOSITORY}/new-snap`, body: { indices: 5 } },
    {
      text: illegalArgument('malformed indices section, should be an array of strings'),
    },
  );
  // XContentMapValues#nodeBooleanValue wraps Booleans#parseBoolean (both IAEs: the outer is the root cause).
  add(
    putSnapshot,
    'include_global_state "maybe"',
    { method: 'PUT', path: `/_snapshot/${REPOSITORY}/new-snap`, body: { include_global_state: 'maybe' } },
    {
      text: chainedError(
        400,
        { type: 'illegal_argument_exception', reason: 'Could not convert [include_global_state] to boolean' },
        { type: 'illegal_argument_exception', reason: 'Failed to parse value [maybe] as only [true] or [false] are allowed.' },
        false,
      ),
    },
  );
  add(
    postSnapshot,
    'a bad body before a bad wait_for_completion',
    { method: 'POST', path: `/_snapshot/${REPOSITORY}/new-snap?wait_for_completion=maybe`, body: { indices: true } },
    {
      text: illegalArgument('malformed indices section, should be an array of strings'),
    },
  );
  if (modern) {
    add(
      putSnapshot,
      'metadata is a string',
      { method: 'PUT', path: `/_snapshot/${REPOSITORY}/new-snap`, body: { metadata: 'x' } },
      { text: illegalArgument('malformed metadata, should be an object') },
    );
  }
  add(
    putSnapshot,
    'wait_for_completion=maybe',
    { method: 'PUT', path: `/_snapshot/${REPOSITORY}/new-snap?wait_for_completion=maybe` },
    { text: badBoolean('maybe') },
  );
  add(
    putSnapshot,
    'a missing index',
    { method: 'PUT', path: `/_snapshot/${REPOSITORY}/new-snap`, body: { indices: MISSING_INDEX } },
    { text: indexNotFound(MISSING_INDEX) },
  );
  add(
    postSnapshot,
    'an open-ended date-math name',
    { method: 'POST', path: `/_snapshot/${REPOSITORY}/${enc('<snap-{now/d>')}` },
    { status: 400, type: 'parse_exception' },
  );
  const snapshotMissing = (name: string): string => esError(404, 'snapshot_missing_exception', `[${REPOSITORY}:${name}] is missing`);
  add(
    'GET /_snapshot/{repository}/{snapshot}',
    'a missing snapshot',
    { method: 'GET', path: `/_snapshot/${REPOSITORY}/missing-snap` },
    { text: snapshotMissing('missing-snap') },
  );
  add(
    'GET /_snapshot/{repository}/{snapshot}',
    'a snapshot and a missing one',
    { method: 'GET', path: `/_snapshot/${REPOSITORY}/${SNAPSHOT},missing-snap` },
    { text: snapshotMissing('missing-snap') },
  );
  add(
    'GET /_snapshot/{repository}/{snapshot}',
    'a missing repository',
    { method: 'GET', path: `/_snapshot/missing-repo/${SNAPSHOT}` },
    { text: repositoryMissing('missing-repo') },
  );
  add(
    'DELETE /_snapshot/{repository}/{snapshot}',
    'a missing snapshot',
    { method: 'DELETE', path: `/_snapshot/${REPOSITORY}/missing-snap` },
    { text: snapshotMissing('missing-snap') },
  );
  add(
    'DELETE /_snapshot/{repository}/{snapshot}',
    'a missing repository',
    { method: 'DELETE', path: `/_snapshot/missing-repo/${SNAPSHOT}` },
    { text: repositoryMissing('missing-repo') },
  );

  // SLM (7.4+; ES SnapshotLifecyclePolicy#validate, the put/get/delete/execute transport actions).
  const slm = profile.snapshots.slm;
  const putSlm = 'PUT /_slm/policy/{policy_id}';
  const validSlm = { name: 'snap', schedule: '0 30 1 * * ?', repository: REPOSITORY };
  const slmCase = (route: string, title: string, method: string, path: string, expectation: Expectation, body?: unknown): void =>
    add(route, title, { method, path, ...(body === undefined ? {} : { body }) }, slm ? expectation : noHandler(method, path));
  slmCase(putSlm, 'no body', 'PUT', '/_slm/policy/new-slm', { text: parseException('request body is required') });
  slmCase(putSlm, 'an empty object', 'PUT', '/_slm/policy/new-slm', { status: 400 }, {});
  slmCase(putSlm, 'no repository', 'PUT', '/_slm/policy/new-slm', { status: 400 }, { name: 'snap', schedule: '0 30 1 * * ?' });
  slmCase(
    putSlm,
    'a schedule that is not cron',
    'PUT',
    '/_slm/policy/new-slm',
    { status: 400, type: 'action_request_validation_exception' },
    { ...validSlm, schedule: 'every day' },
  );
  slmCase(
    putSlm,
    'an uppercase snapshot name',
    'PUT',
    '/_slm/policy/new-slm',
    { status: 400, type: 'action_request_validation_exception' },
    { ...validSlm, name: 'Snap' },
  );
  slmCase(
    putSlm,
    'a missing repository',
    'PUT',
    '/_slm/policy/new-slm',
    { text: illegalArgument('no such repository [missing-repo]') },
    { ...validSlm, repository: 'missing-repo' },
  );
  slmCase(
    putSlm,
    'an id starting with _',
    'PUT',
    '/_slm/policy/_slm',
    { text: esError(400, 'action_request_validation_exception', "Validation Failed: 1: invalid policy id [_slm]: must not start with '_';") },
    validSlm,
  );
  // SnapshotLifecyclePolicy#validate lists every id rule broken.
  const FILE_CHARS = 'must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]';
  slmCase(
    putSlm,
    'an id with a comma',
    'PUT',
    `/_slm/policy/${enc('a,b')}`,
    { text: esError(400, 'action_request_validation_exception', `Validation Failed: 1: invalid policy id [a,b]: ${FILE_CHARS};`) },
    validSlm,
  );
  slmCase(
    putSlm,
    'an id breaking two rules',
    'PUT',
    `/_slm/policy/${enc('_a*b')}`,
    {
      text: esError(
        400,
        'action_request_validation_exception',
        `Validation Failed: 1: invalid policy id [_a*b]: ${FILE_CHARS};2: invalid policy id [_a*b]: must not start with '_';`,
      ),
    },
    validSlm,
  );
  slmCase(
    putSlm,
    'a 300-character id',
    'PUT',
    `/_slm/policy/${LONG}`,
    {
      text: esError(400, 'action_request_validation_exception', `Validation Failed: 1: invalid policy id [${LONG}]: name is too long, (300 > 255 bytes);`),
    },
    validSlm,
  );
  slmCase(
    putSlm,
    'a 260-byte unicode id',
    'PUT',
    `/_slm/policy/${enc(UNICODE)}`,
    {
      text: esError(400, 'action_request_validation_exception', `Validation Failed: 1: invalid policy id [${UNICODE}]: name is too long, (260 > 255 bytes);`),
    },
    validSlm,
  );
  // SnapshotLifecyclePolicy.PARSER (`snapshot_lifecycle`, lenient about unknown fields).
  const slmBody = (extra: string): string => `{"name":"snap","schedule":"0 30 1 * * ?","repository":"${REPOSITORY}",${extra}}`;
  slmCase(
    putSlm,
    'config is a string',
    'PUT',
    '/_slm/policy/new-slm',
    {
      text: esError(400, 'x_content_parse_exception', "[1:74] [snapshot_lifecycle] config doesn't support values of type: VALUE_STRING"),
    },
    slmBody('"config":"all"'),
  );
  slmCase(
    putSlm,
    'name is a number',
    'PUT',
    '/_slm/policy/new-slm',
    {
      text: esError(400, 'x_content_parse_exception', "[1:9] [snapshot_lifecycle] name doesn't support values of type: VALUE_NUMBER"),
    },
    '{"name":5,"schedule":"0 30 1 * * ?","repository":"my-repo"}',
  );
  slmCase(
    putSlm,
    'retention expire_after "5x"',
    'PUT',
    '/_slm/policy/new-slm',
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: '[1:97] [snapshot_lifecycle] failed to parse field [retention]',
    },
    slmBody('"retention":{"expire_after":"5x"}'),
  );
  // SnapshotRetentionConfiguration's constructor: counts of at least 1, min_count not above max_count.
  slmCase(
    putSlm,
    'retention min_count 0',
    'PUT',
    '/_slm/policy/new-slm',
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: '[1:91] [snapshot_lifecycle] failed to parse field [retention]',
    },
    slmBody('"retention":{"min_count":0}'),
  );
  slmCase(
    putSlm,
    'retention min_count above max_count',
    'PUT',
    '/_slm/policy/new-slm',
    {
      status: 400,
      type: 'x_content_parse_exception',
      reason: '[1:105] [snapshot_lifecycle] failed to parse field [retention]',
    },
    slmBody('"retention":{"min_count":5,"max_count":2}'),
  );
  slmCase('GET /_slm/policy/{policy_id}', 'a missing policy', 'GET', '/_slm/policy/missing-slm', {
    text: resourceNotFound('snapshot lifecycle policy or policies [missing-slm] not found'),
  });
  slmCase('DELETE /_slm/policy/{policy_id}', 'a missing policy', 'DELETE', '/_slm/policy/missing-slm', { status: 404, type: 'resource_not_found_exception' });
  slmCase('POST /_slm/policy/{policy_id}/_execute', 'a missing policy', 'POST', '/_slm/policy/missing-slm/_execute', {
    text: illegalArgument('no such snapshot lifecycle policy [missing-slm]'),
  });

  // ---- Routes added for the tools around ILM (issue 13): aliases, legacy templates ----
  const aliasesNotFound = (name: string): string =>
    esError(404, 'aliases_not_found_exception', `aliases [${name}] missing`, { 'resource.type': 'aliases', 'resource.id': name });
  const aliasMissing = (name: string): Expectation => ({ text: JSON.stringify({ error: `alias [${name}] missing`, status: 404 }) });
  add('GET /_alias/{name}', 'a missing alias', { method: 'GET', path: '/_alias/missing-alias' }, aliasMissing('missing-alias'));
  add('GET /_alias/{name}', 'a 300-character alias', { method: 'GET', path: `/_alias/${LONG}` }, aliasMissing(LONG));
  add('HEAD /_alias/{name}', 'a missing alias', { method: 'HEAD', path: `/_alias/${enc(UNICODE)}` }, { status: 404 });
  add('GET /{index}/_alias', 'a missing index', { method: 'GET', path: `/${MISSING_INDEX}/_alias` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    'GET /{index}/_alias',
    'a bad expand_wildcards',
    { method: 'GET', path: `/${MANAGED_INDEX}/_alias?expand_wildcards=bogus` },
    { text: badWildcard('bogus') },
  );
  add('GET /{index}/_alias/{name}', 'an alias the index does not hold', { method: 'GET', path: `/${UNMANAGED_INDEX}/_alias/${ALIAS}` }, aliasMissing(ALIAS));
  add('HEAD /{index}/_alias/{name}', 'a missing index', { method: 'HEAD', path: `/${MISSING_INDEX}/_alias/${ALIAS}` }, { status: 404 });
  for (const segment of ['_alias', '_aliases']) {
    for (const method of ['PUT', 'POST']) {
      const route = `${method} /{index}/${segment}/{name}`;
      add(route, 'a missing index', { method, path: `/${MISSING_INDEX}/${segment}/a` }, { text: indexNotFound(MISSING_INDEX) });
      add(
        route,
        'an alias named like an index',
        { method, path: `/${MANAGED_INDEX}/${segment}/${UNMANAGED_INDEX}` },
        { status: 400, type: 'invalid_alias_name_exception' },
      );
      add(
        route,
        "an alias starting with '_'",
        { method, path: `/${MANAGED_INDEX}/${segment}/_x` },
        { text: esError(400, 'invalid_alias_name_exception', "Invalid alias name [_x]: must not start with '_', '-', or '+'") },
      );
      add(route, 'a 300-character alias', { method, path: `/${MANAGED_INDEX}/${segment}/${LONG}` }, { status: 400, type: 'invalid_alias_name_exception' });
      add(
        route,
        'a second write index',
        { method, path: `/${UNMANAGED_INDEX}/${segment}/w`, body: { is_write_index: true, index: `${MANAGED_INDEX},${UNMANAGED_INDEX}` } },
        { status: 500, type: 'illegal_state_exception' },
      );
      add(route, 'date math left open', { method, path: `/${MANAGED_INDEX}/${segment}/${enc('<a-{now/d>')}` }, { status: 400, type: 'parse_exception' });
    }
    const route = `DELETE /{index}/${segment}/{name}`;
    add(route, 'an alias the index does not hold', { method: 'DELETE', path: `/${UNMANAGED_INDEX}/${segment}/${ALIAS}` }, { text: aliasesNotFound(ALIAS) });
    add(route, 'a missing index', { method: 'DELETE', path: `/${MISSING_INDEX}/${segment}/${ALIAS}` }, { text: indexNotFound(MISSING_INDEX) });
  }
  const updateAliases = 'POST /_aliases';
  add(updateAliases, 'no body', { method: 'POST', path: '/_aliases' }, { text: parseException('request body is required') });
  add(
    updateAliases,
    'no actions',
    { method: 'POST', path: '/_aliases', body: { actions: [] } },
    { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: Must specify at least one alias action;') },
  );
  add(updateAliases, 'an unknown top-level field', { method: 'POST', path: '/_aliases', body: { acts: [] } }, { status: 400 });
  add(updateAliases, 'actions as an object', { method: 'POST', path: '/_aliases', body: { actions: { add: {} } } }, { status: 400 });
  add(
    updateAliases,
    'an unknown action',
    { method: 'POST', path: '/_aliases', body: { actions: [{ rename: { index: MANAGED_INDEX, alias: 'x' } }] } },
    { status: 400 },
  );
  add(
    updateAliases,
    'an unknown field in an action',
    { method: 'POST', path: '/_aliases', body: { actions: [{ add: { index: MANAGED_INDEX, alias: 'x', colour: 'blue' } }] } },
    { status: 400 },
  );
  add(
    updateAliases,
    'an add without an index',
    { method: 'POST', path: '/_aliases', body: { actions: [{ add: { alias: 'x' } }] } },
    { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: One of [index] or [indices] is required;') },
  );
  add(
    updateAliases,
    'a later action on a missing index',
    { method: 'POST', path: '/_aliases', body: { actions: [{ add: { index: MANAGED_INDEX, alias: 'x' } }, { remove_index: { index: MISSING_INDEX } }] } },
    { text: indexNotFound(MISSING_INDEX) },
  );
  add(
    updateAliases,
    'a remove_index and then a second write index',
    {
      method: 'POST',
      path: '/_aliases',
      body: {
        actions: [
          { remove_index: { index: UNMANAGED_INDEX } },
          { add: { index: PENDING_INDEX, alias: ALIAS, is_write_index: true } },
          { add: { index: MANAGED_INDEX, alias: ALIAS, is_write_index: true } },
        ],
      },
    },
    { status: 500, type: 'illegal_state_exception' },
  );
  add(
    updateAliases,
    'a must_exist remove that finds nothing',
    { method: 'POST', path: '/_aliases', body: { actions: [{ remove: { index: UNMANAGED_INDEX, alias: ALIAS, must_exist: true } }] } },
    { text: aliasesNotFound(ALIAS) },
  );

  for (const method of ['PUT', 'POST']) {
    const route = `${method} /_template/{name}`;
    add(route, 'no body', { method, path: '/_template/t' }, { text: parseException('request body is required') });
    add(
      route,
      'no index_patterns',
      { method, path: '/_template/t', body: { settings: {} } },
      { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: index patterns are missing;') },
    );
    add(
      route,
      'an unknown key',
      { method, path: '/_template/t', body: { index_patterns: ['x-*'], colour: 'blue' } },
      { text: parseException('unknown key [colour] in the template ') },
    );
    add(
      route,
      'an uppercase name',
      { method, path: '/_template/Upper', body: { index_patterns: ['x-*'] } },
      {
        text: esError(400, 'invalid_index_template_exception', 'index_template [Upper] invalid, cause [Validation Failed: 1: name must be lower cased;]'),
      },
    );
    add(
      route,
      'a version that is not an integer',
      { method, path: '/_template/t', body: { index_patterns: ['x-*'], version: 'one' } },
      { text: illegalArgument('Malformed [version] value, should be an integer') },
    );
    add(
      route,
      'an unknown setting',
      { method, path: '/_template/t', body: { index_patterns: ['x-*'], settings: { 'index.foo': 1 } } },
      { status: 400, type: 'illegal_argument_exception' },
    );
    add(
      route,
      'an order that is not a number',
      { method, path: '/_template/t?order=high', body: { index_patterns: ['x-*'] } },
      { status: 400, type: 'number_format_exception' },
    );
    add(
      route,
      'settings as a string',
      { method, path: '/_template/t', body: { index_patterns: ['x-*'], settings: 'x' } },
      { text: illegalArgument('Malformed [settings] section, should include an inner object') },
    );
  }
  add('GET /_template/{name}', 'a missing template', { method: 'GET', path: `/_template/${LONG}` }, { text: '{}', status: 404 });
  add('HEAD /_template/{name}', 'a missing template', { method: 'HEAD', path: `/_template/${enc(UNICODE)}` }, { status: 404 });
  add(
    'DELETE /_template/{name}',
    'a missing template',
    { method: 'DELETE', path: '/_template/missing-template' },
    { text: esError(404, 'index_template_missing_exception', 'index_template [missing-template] missing') },
  );

  // Component templates (7.8+) and the rest of the composable-template routes.
  const components = profile.dataStreams !== 'none';
  for (const method of ['PUT', 'POST']) {
    const route = `${method} /_component_template/{name}`;
    const component = (title: string, body: unknown, expectation: Expectation): void =>
      add(
        route,
        title,
        { method, path: '/_component_template/c', ...(body === undefined ? {} : { body }) },
        components ? expectation : noHandler(method, '/_component_template/c'),
      );
    component('no body', undefined, { text: parseException('request body is required') });
    component('no template', { version: 1 }, { text: illegalArgument('Required [template]') });
    component('an unknown field', { template: {}, colour: 'blue' }, { text: illegalArgument('[component_template] unknown field [colour]') });
    component('an unknown template field', { template: { index_patterns: ['x'] } }, { text: illegalArgument('[template] unknown field [index_patterns]') });
    component('a version that is a string', { template: {}, version: 'one' }, { status: 400 });
    component('an unknown setting', { template: { settings: { 'index.foo': 1 } } }, { status: 400, type: 'illegal_argument_exception' });
  }
  add(
    'GET /_component_template/{name}',
    'a missing template',
    { method: 'GET', path: `/_component_template/${LONG}` },
    components ? { text: resourceNotFound(`component template matching [${LONG}] not found`) } : noHandler('GET', `/_component_template/${LONG}`),
  );
  add('HEAD /_component_template/{name}', 'a missing template', { method: 'HEAD', path: '/_component_template/missing' }, { status: components ? 404 : 400 });
  add(
    'DELETE /_component_template/{name}',
    'a missing template',
    { method: 'DELETE', path: '/_component_template/missing' },
    components ? { text: resourceNotFound('missing') } : noHandler('DELETE', '/_component_template/missing'),
  );
  add(
    'DELETE /_component_template/{name}',
    'two names, one missing',
    { method: 'DELETE', path: '/_component_template/a,b' },
    components ? { text: resourceNotFound('a,b') } : noHandler('DELETE', '/_component_template/a,b'),
  );
  add('HEAD /_index_template/{name}', 'a missing template', { method: 'HEAD', path: `/_index_template/${enc(UNICODE)}` }, { status: 404 });
  add(
    'POST /_index_template/{name}',
    'a component that does not exist',
    { method: 'POST', path: '/_index_template/t', body: { index_patterns: ['x-*'], composed_of: ['nope'] } },
    {
      text: esError(
        400,
        'invalid_index_template_exception',
        'index_template [t] invalid, cause [index template [t] specifies component templates [nope] that do not exist]',
      ),
    },
  );
  add('POST /_index_template/{name}', 'no index_patterns', { method: 'POST', path: '/_index_template/t', body: { template: {} } }, { status: 400 });
  const simulate = 'POST /_index_template/_simulate_index/{name}';
  add(
    simulate,
    'a template body without patterns',
    { method: 'POST', path: '/_index_template/_simulate_index/x', body: { template: {} } },
    { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: index patterns are missing;') },
  );
  add(
    simulate,
    'a template body naming a missing component',
    { method: 'POST', path: '/_index_template/_simulate_index/x', body: { index_patterns: ['x'], composed_of: ['nope'] } },
    { status: 400, type: 'invalid_index_template_exception' },
  );
  add(
    simulate,
    'a template body with an unknown setting',
    { method: 'POST', path: '/_index_template/_simulate_index/x', body: { index_patterns: ['x'], template: { settings: { 'index.foo': 1 } } } },
    { status: 400, type: 'illegal_argument_exception' },
  );
  for (const [route, path] of [
    ['POST /_index_template/_simulate', '/_index_template/_simulate'],
    ['POST /_index_template/_simulate/{name}', '/_index_template/_simulate/x'],
  ] as const) {
    add(
      route,
      'a template body without patterns',
      { method: 'POST', path, body: { template: {} } },
      { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: index patterns are missing;') },
    );
    add(
      route,
      'a template body naming a missing component',
      { method: 'POST', path, body: { index_patterns: ['x'], composed_of: ['nope'] } },
      {
        status: 400,
        type: 'invalid_index_template_exception',
      },
    );
  }
  add(
    'POST /_index_template/_simulate/{name}',
    'a template that does not exist',
    { method: 'POST', path: '/_index_template/_simulate/nope' },
    { text: esError(400, 'illegal_argument_exception', 'unable to simulate template [nope] that does not exist') },
  );
  // A policy's `_meta` (7.14+): older releases refuse it as an unknown field; newer ones refuse a non-object.
  const metaBody = profile.policyMeta ? '{"policy":{"_meta":"x","phases":{}}}' : '{"policy":{"_meta":{},"phases":{}}}';
  add(
    'PUT /_ilm/policy/{policy}',
    profile.policyMeta ? '_meta that is not an object' : '_meta before 7.14',
    { method: 'PUT', path: '/_ilm/policy/new-policy', body: metaBody },
    { status: 400, type: 'x_content_parse_exception' },
  );

  // Cluster settings, health and the _cat tables.
  const putSettings = 'PUT /_cluster/settings';
  add(putSettings, 'no body', { method: 'PUT', path: '/_cluster/settings' }, { text: parseException('request body is required') });
  add(
    putSettings,
    'no settings',
    { method: 'PUT', path: '/_cluster/settings', body: {} },
    { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: no settings to update;') },
  );
  add(
    putSettings,
    'an unknown setting',
    { method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'cluster.colour': 'blue' } } },
    { text: illegalArgument('persistent setting [cluster.colour], not recognized') },
  );
  add(
    putSettings,
    'a retention schedule that is not cron',
    { method: 'PUT', path: '/_cluster/settings', body: { persistent: { 'slm.retention_schedule': 'nightly' } } },
    {
      text: illegalArgument('invalid cron expression [nightly] for SLM retention schedule [slm.retention_schedule]'),
    },
  );
  add(
    putSettings,
    'a poll interval under 1s',
    { method: 'PUT', path: '/_cluster/settings', body: { transient: { 'indices.lifecycle.poll_interval': '10ms' } } },
    {
      text: illegalArgument('failed to parse value [10ms] for setting [indices.lifecycle.poll_interval], must be >= [1s]'),
    },
  );
  add(
    putSettings,
    'a poll interval without a unit',
    { method: 'PUT', path: '/_cluster/settings', body: { persistent: { indices: { lifecycle: { poll_interval: '5' } } } } },
    { status: 400, type: 'illegal_argument_exception' },
  );
  add(
    putSettings,
    'a good setting beside a bad one',
    {
      method: 'PUT',
      path: '/_cluster/settings',
      body: { persistent: { 'indices.lifecycle.poll_interval': '1m', 'action.destructive_requires_name': 'maybe' } },
    },
    { status: 400 },
  );
  add(putSettings, 'an unknown scope', { method: 'PUT', path: '/_cluster/settings', body: { permanent: {} } }, { status: 400 });
  add(putSettings, 'persistent as a string', { method: 'PUT', path: '/_cluster/settings', body: { persistent: 'x' } }, { status: 400 });
  const health = 'GET /_cluster/health/{index}';
  const missingHealth = `${JSON.stringify({
    cluster_name: 'ilm-sim',
    status: 'red',
    timed_out: true,
    number_of_nodes: 1,
    number_of_data_nodes: 1,
    active_primary_shards: 0,
    active_shards: 0,
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: 0,
    ...(profile.healthUnassignedPrimaries ? { unassigned_primary_shards: 0 } : {}),
    delayed_unassigned_shards: 0,
    number_of_pending_tasks: 0,
    number_of_in_flight_fetch: 0,
    task_max_waiting_in_queue_millis: 0,
  }).slice(0, -1)},"active_shards_percent_as_number":100.0}`;
  add(health, 'a missing index', { method: 'GET', path: `/_cluster/health/${MISSING_INDEX}` }, { text: missingHealth, status: 408 });
  add(
    health,
    'an unknown level',
    { method: 'GET', path: `/_cluster/health/${MANAGED_INDEX}?level=everything` },
    { text: illegalArgument('level must be one of [cluster, indices, shards] but was [everything]') },
  );
  add(
    health,
    'an unknown status to wait for',
    { method: 'GET', path: `/_cluster/health/${MANAGED_INDEX}?wait_for_status=blue` },
    { text: illegalArgument('unknown cluster health status [blue]') },
  );
  const catIndices = 'GET /_cat/indices/{index}';
  add(catIndices, 'a missing index', { method: 'GET', path: `/_cat/indices/${MISSING_INDEX}` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    catIndices,
    'an unknown format',
    { method: 'GET', path: `/_cat/indices/${MANAGED_INDEX}?format=xml` },
    { text: illegalArgument('Unsupported format [xml]') },
  );
  add(catIndices, 'an unknown byte unit', { method: 'GET', path: `/_cat/indices/${MANAGED_INDEX}?bytes=furlong` }, { status: 400 });
  add(catIndices, 'an unknown health', { method: 'GET', path: `/_cat/indices/${MANAGED_INDEX}?health=blue` }, { status: 400 });
  add(
    catIndices,
    'a sort by an unknown column',
    { method: 'GET', path: `/_cat/indices/${MANAGED_INDEX}?s=colour` },
    { status: 500, type: 'unsupported_operation_exception' },
  );
  const catShards = 'GET /_cat/shards/{index}';
  add(catShards, 'a missing index', { method: 'GET', path: `/_cat/shards/${MISSING_INDEX}` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    catShards,
    'an unknown format',
    { method: 'GET', path: `/_cat/shards/${MANAGED_INDEX}?format=xml` },
    { text: illegalArgument('Unsupported format [xml]') },
  );
  add(catShards, 'an unknown byte unit', { method: 'GET', path: `/_cat/shards/${MANAGED_INDEX}?bytes=furlong` }, { status: 400 });
  add(
    catShards,
    'a sort by an unknown column',
    { method: 'GET', path: `/_cat/shards/${MANAGED_INDEX}?s=colour` },
    { status: 500, type: 'unsupported_operation_exception' },
  );
  const catAllocation = 'GET /_cat/allocation/{node_id}';
  add(
    catAllocation,
    'an unknown format',
    { method: 'GET', path: '/_cat/allocation/ilm-sim?format=xml' },
    { text: illegalArgument('Unsupported format [xml]') },
  );
  add(catAllocation, 'an unknown byte unit', { method: 'GET', path: '/_cat/allocation/ilm-sim?bytes=furlong' }, { status: 400 });
  add(
    catAllocation,
    'a sort by an unknown column',
    { method: 'GET', path: '/_cat/allocation/ilm-sim?s=colour' },
    { status: 500, type: 'unsupported_operation_exception' },
  );
  // The allocation explain API (issue 15): a refused request explains nothing and changes nothing.
  for (const method of ['GET', 'POST']) {
    const explain = `${method} /_cluster/allocation/explain`;
    const path = '/_cluster/allocation/explain';
    add(explain, 'a missing index', { method, path, body: { index: MISSING_INDEX, shard: 0, primary: true } }, { text: indexNotFound(MISSING_INDEX) });
    add(
      explain,
      'a shard out of range',
      { method, path, body: { index: MANAGED_INDEX, shard: 7, primary: true } },
      { status: 404, type: 'shard_not_found_exception' },
    );
    add(
      explain,
      'a negative shard',
      { method, path, body: { index: MANAGED_INDEX, shard: -1, primary: true } },
      { status: 404, type: 'shard_not_found_exception' },
    );
    add(
      explain,
      'no primary',
      { method, path, body: { index: MANAGED_INDEX, shard: 0 } },
      { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: primary must be specified;') },
    );
    add(
      explain,
      'only current_node',
      { method, path, body: { current_node: 'ilm-sim' } },
      {
        text: esError(
          400,
          'action_request_validation_exception',
          'Validation Failed: 1: index must be specified;2: shard must be specified;3: primary must be specified;',
        ),
      },
    );
    add(
      explain,
      'an unknown field',
      { method, path, body: { index: MANAGED_INDEX, shard: 0, primary: true, colour: 'red' } },
      { status: 400, type: 'x_content_parse_exception' },
    );
    add(explain, 'shard is not a number', { method, path, body: { index: MANAGED_INDEX, shard: 'first', primary: true } }, { status: 400 });
    add(
      explain,
      'primary is an object',
      { method, path, body: { index: MANAGED_INDEX, shard: 0, primary: {} } },
      { status: 400, type: 'x_content_parse_exception' },
    );
    add(explain, 'the body is an array', { method, path, body: '[]' }, { status: 400 });
    add(
      explain,
      'an unknown current_node',
      { method, path, body: { index: MANAGED_INDEX, shard: 0, primary: true, current_node: 'nowhere' } },
      { text: illegalArgument('failed to resolve [nowhere], no matching nodes') },
    );
    add(
      explain,
      'include_yes_decisions that is not a boolean',
      { method, path: `${path}?include_yes_decisions=maybe`, body: { index: MANAGED_INDEX, shard: 0, primary: true } },
      { text: badBoolean('maybe') },
    );
    add(
      explain,
      'include_disk_info that is not a boolean',
      { method, path: `${path}?include_disk_info=maybe`, body: { index: MANAGED_INDEX, shard: 0, primary: true } },
      { text: badBoolean('maybe') },
    );
  }
  const catAliases = 'GET /_cat/aliases/{name}';
  add(catAliases, 'an unknown format', { method: 'GET', path: `/_cat/aliases/${ALIAS}?format=xml` }, { text: illegalArgument('Unsupported format [xml]') });
  add(
    catAliases,
    'a sort by an unknown column',
    { method: 'GET', path: `/_cat/aliases/${ALIAS}?s=colour:desc` },
    { status: 500, type: 'unsupported_operation_exception' },
  );
  add(catAliases, 'v that is not a boolean', { method: 'GET', path: `/_cat/aliases/${ALIAS}?v=maybe` }, { text: badBoolean('maybe') });

  // Refresh, stats, data stream stats, the ILM health indicator, SLM's PUT execute.
  for (const method of ['POST', 'GET']) {
    add(`${method} /{index}/_refresh`, 'a missing index', { method, path: `/${MISSING_INDEX}/_refresh` }, { text: indexNotFound(MISSING_INDEX) });
    add(
      `${method} /{index}/_refresh`,
      'a bad allow_no_indices',
      { method, path: `/${MANAGED_INDEX}/_refresh?allow_no_indices=perhaps` },
      { text: badBoolean('perhaps') },
    );
  }
  // Closing and opening (issue 16, item 3): a refused request closes or opens nothing.
  for (const action of ['_close', '_open']) {
    add(`POST /{index}/${action}`, 'a missing index', { method: 'POST', path: `/${MISSING_INDEX}/${action}` }, { text: indexNotFound(MISSING_INDEX) });
    add(
      `POST /{index}/${action}`,
      'a bad allow_no_indices',
      { method: 'POST', path: `/${MANAGED_INDEX}/${action}?allow_no_indices=perhaps` },
      { text: badBoolean('perhaps') },
    );
    add(
      `POST /{index}/${action}`,
      'a missing index among present ones',
      { method: 'POST', path: `/${MANAGED_INDEX},${MISSING_INDEX}/${action}` },
      { text: indexNotFound(MISSING_INDEX) },
    );
  }
  add(
    'GET /_stats/{metric}',
    'an unknown metric',
    { method: 'GET', path: '/_stats/colour' },
    { text: illegalArgument('request [/_stats/colour] contains unrecognized metric: [colour]') },
  );
  add('GET /{index}/_stats', 'a missing index', { method: 'GET', path: `/${MISSING_INDEX}/_stats` }, { text: indexNotFound(MISSING_INDEX) });
  add(
    'GET /{index}/_stats',
    'an unknown level',
    { method: 'GET', path: `/${MANAGED_INDEX}/_stats?level=galaxy` },
    { status: 400, type: 'illegal_argument_exception' },
  );
  add(
    'GET /{index}/_stats/{metric}',
    'an unknown metric',
    { method: 'GET', path: `/${MANAGED_INDEX}/_stats/docs,colour` },
    {
      text: illegalArgument(`request [/${MANAGED_INDEX}/_stats/docs,colour] contains unrecognized metric: [colour]`),
    },
  );
  // Node stats (`node-stats-handlers.ts`): an unknown metric, `_all` beside others, a bad level.
  add(
    'GET /_nodes/stats/{metric}',
    'an unknown metric',
    { method: 'GET', path: '/_nodes/stats/jvm,colour' },
    {
      text: illegalArgument('request [/_nodes/stats/jvm,colour] contains unrecognized metric: [colour]'),
    },
  );
  add(
    'GET /_nodes/stats/{metric}',
    '_all beside a metric',
    { method: 'GET', path: '/_nodes/stats/_all,os' },
    {
      text: illegalArgument('request [/_nodes/stats/_all,os] contains _all and individual metrics [_all,os]'),
    },
  );
  add(
    'GET /_nodes/{node_id}/stats',
    'an unknown level',
    { method: 'GET', path: '/_nodes/_local/stats?level=galaxy' },
    {
      text: illegalArgument('level parameter must be one of [indices] or [node] or [shards] but was [galaxy]'),
    },
  );
  add(
    'GET /_nodes/{node_id}/stats/{metric}',
    'an unknown metric',
    { method: 'GET', path: '/_nodes/_local/stats/fs,weather' },
    {
      text: illegalArgument('request [/_nodes/_local/stats/fs,weather] contains unrecognized metric: [weather]'),
    },
  );
  // Count (`monitoring-handlers.ts`): a missing index, a malformed body, a query the simulator cannot count.
  for (const method of ['GET', 'POST']) {
    add(`${method} /{index}/_count`, 'a missing index', { method, path: `/${MISSING_INDEX}/_count` }, { text: indexNotFound(MISSING_INDEX) });
    add(
      `${method} /{index}/_count`,
      'a bad ignore_unavailable',
      { method, path: `/${MANAGED_INDEX}/_count?ignore_unavailable=perhaps` },
      { text: badBoolean('perhaps') },
    );
    add(
      `${method} /{index}/_count`,
      'a body field other than query',
      { method, path: `/${MANAGED_INDEX}/_count`, body: { size: 0 } },
      {
        status: 400,
        type: 'parsing_exception',
      },
    );
    add(
      `${method} /_count`,
      'a query that is not match_all',
      { method, path: '/_count', body: { query: { term: { user: 'kimchy' } } } },
      {
        status: 400,
        type: 'illegal_argument_exception',
      },
    );
    add(`${method} /_count`, 'an empty query', { method, path: '/_count', body: { query: {} } }, { status: 400, type: 'parsing_exception' });
    add(
      `${method} /_count`,
      'a match_all with an unknown field',
      { method, path: '/_count', body: { query: { match_all: { colour: 1 } } } },
      {
        status: 400,
        type: 'parsing_exception',
      },
    );
    add(`${method} /_count`, 'a query string', { method, path: '/_count?q=user:kimchy' }, { status: 400, type: 'illegal_argument_exception' });
    add(`${method} /_count`, 'a body that is not JSON', { method, path: '/_count', body: '{"query":' }, { status: 400 });
  }
  add(
    'GET /_data_stream/{name}/_stats',
    'a missing stream',
    { method: 'GET', path: '/_data_stream/missing-stream/_stats' },
    dataStreams ? { text: indexNotFound('missing-stream') } : noHandler('GET', '/_data_stream/missing-stream/_stats'),
  );
  const healthReport = profile.dataStreams === 'v8';
  add(
    'GET /_health_report/{feature}',
    'an unknown indicator',
    { method: 'GET', path: '/_health_report/weather' },
    healthReport ? { text: resourceNotFound('Did not find indicator weather') } : noHandler('GET', '/_health_report/weather'),
  );
  add(
    'GET /_health_report/{feature}',
    'verbose that is not a boolean',
    { method: 'GET', path: '/_health_report/ilm?verbose=lots' },
    healthReport ? { text: badBoolean('lots') } : noHandler('GET', '/_health_report/ilm?verbose=lots'),
  );
  add(
    'PUT /_slm/policy/{policy_id}/_execute',
    'a missing policy',
    { method: 'PUT', path: '/_slm/policy/missing-slm/_execute' },
    profile.snapshots.slm
      ? { text: illegalArgument('no such snapshot lifecycle policy [missing-slm]') }
      : noHandler('PUT', '/_slm/policy/missing-slm/_execute'),
  );

  // The documented parameters the official clients send (issue 13, group 6).
  add(
    'GET /{index}',
    'an unknown feature',
    { method: 'GET', path: `/${MANAGED_INDEX}?features=aliases,colour` },
    { text: illegalArgument('Invalid features specified [colour]') },
  );
  add(
    'PUT /_settings',
    'an unknown setting',
    { method: 'PUT', path: '/_settings?reopen=true', body: { 'index.colour': 'blue' } },
    { status: 400, type: 'illegal_argument_exception' },
  );
  add('PUT /_settings', 'no body', { method: 'PUT', path: '/_settings' }, { text: parseException('request body is required') });
  for (const method of ['PUT', 'POST']) {
    const docRoute = `${method} /{index}/_doc/{id}`;
    add(
      docRoute,
      'internal versioning',
      { method, path: `/${MANAGED_INDEX}/_doc/1?version=3`, body: { a: 1 } },
      {
        text: esError(
          400,
          'action_request_validation_exception',
          'Validation Failed: 1: internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead;',
        ),
      },
    );
    add(
      docRoute,
      'if_seq_no without a primary term',
      { method, path: `/${MANAGED_INDEX}/_doc/1?if_seq_no=3`, body: { a: 1 } },
      {
        text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: ifSeqNo is set, but primary term is [0];'),
      },
    );
    add(
      docRoute,
      'a version that is not a number',
      { method, path: `/${MANAGED_INDEX}/_doc/1?version=x&version_type=external`, body: { a: 1 } },
      { status: 400, type: 'number_format_exception' },
    );
    add(
      docRoute,
      'an unknown version type',
      { method, path: `/${MANAGED_INDEX}/_doc/1?version=1&version_type=sometimes`, body: { a: 1 } },
      { text: illegalArgument('No version type match [sometimes]') },
    );
    add(
      docRoute,
      'a conditional write on a document never stored',
      { method, path: `/${MANAGED_INDEX}/_doc/1?if_seq_no=0&if_primary_term=1`, body: { a: 1 } },
      { status: 409, type: 'version_conflict_engine_exception' },
    );
    add(docRoute, 'an invalid index name', { method, path: '/Upper-Case/_doc/1', body: { a: 1 } }, { status: 400 });
    const createRoute = `${method} /{index}/_create/{id}`;
    add(createRoute, 'no body', { method, path: `/${MANAGED_INDEX}/_create/1` }, { text: parseException('request body is required') });
    add(
      createRoute,
      'internal versioning',
      { method, path: `/${MANAGED_INDEX}/_create/1?version=3`, body: { a: 1 } },
      { status: 400, type: 'action_request_validation_exception' },
    );
  }
  add(
    'GET /_cluster/state/{metric}',
    'an unknown metric',
    { method: 'GET', path: '/_cluster/state/weather' },
    { text: illegalArgument('Unknown metric [weather]') },
  );
  add(
    'GET /_cluster/state/{metric}/{index}',
    'a missing index',
    { method: 'GET', path: `/_cluster/state/metadata/${MISSING_INDEX}` },
    { text: indexNotFound(MISSING_INDEX) },
  );
  add(
    'GET /_cluster/state/{metric}/{index}',
    'an unknown metric',
    { method: 'GET', path: `/_cluster/state/weather/${MANAGED_INDEX}` },
    { text: illegalArgument('Unknown metric [weather]') },
  );
  const migrate = 'POST /_ilm/migrate_to_data_tiers';
  add(
    migrate,
    'while ILM runs',
    { method: 'POST', path: '/_ilm/migrate_to_data_tiers', body: { node_attribute: 'data' } },
    profile.migrateToDataTiers
      ? { text: esError(500, 'illegal_state_exception', 'stop ILM before migrating to data tiers, current state is [RUNNING]'), status: 500 }
      : noHandler('POST', '/_ilm/migrate_to_data_tiers'),
  );
  add(
    migrate,
    'an unknown field',
    { method: 'POST', path: '/_ilm/migrate_to_data_tiers?dry_run=true', body: { colour: 'blue' } },
    profile.migrateToDataTiers
      ? { text: illegalArgument('[index_template] unknown field [colour]') }
      : noHandler('POST', '/_ilm/migrate_to_data_tiers?dry_run=true'),
  );
  const snapshotPaging = profile.snapshots.api === 'v8';
  add(
    'GET /_snapshot/{repository}/{snapshot}',
    'an unknown sort',
    { method: 'GET', path: `/_snapshot/${REPOSITORY}/_all?sort=colour` },
    snapshotPaging
      ? { text: illegalArgument('No matching sort order for [colour]') }
      : { text: illegalArgument(`request [/_snapshot/${REPOSITORY}/_all] contains unrecognized parameter: [sort]`) },
  );
  add(
    'GET /_snapshot/{repository}/{snapshot}',
    'size 0',
    { method: 'GET', path: `/_snapshot/${REPOSITORY}/_all?size=0` },
    snapshotPaging
      ? { text: esError(400, 'action_request_validation_exception', 'Validation Failed: 1: size must be -1 or greater than 0;') }
      : { status: 400, type: 'illegal_argument_exception' },
  );
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// Running a case

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Sends the case and returns what is wrong with the answer (empty when it is right). */
function checkAnswer(sim: Simulator, sweepCase: SweepCase): string[] {
  let response;
  try {
    response = sim.requestSync(sweepCase.request);
  } catch (e) {
    return [`threw instead of answering: ${e instanceof Error ? (e.stack ?? e.message).split('\n').slice(0, 4).join(' | ') : String(e)}`];
  }
  const problems: string[] = [];
  const answer = `${response.status} ${response.text.slice(0, 600)}`;
  // A 4xx, unless the case says ES answers 5xx (a repository that fails to build is a 500 repository_exception).
  const serverError = sweepCase.status !== undefined && sweepCase.status >= 500;
  if (!serverError && (response.status < 400 || response.status > 499)) problems.push(`expected a 4xx answer, got ${answer}`);
  if (sweepCase.text !== undefined && response.text !== sweepCase.text) problems.push(`expected exactly\n    ${sweepCase.text}\n  got\n    ${answer}`);
  if (sweepCase.status !== undefined && response.status !== sweepCase.status) problems.push(`expected status ${sweepCase.status}, got ${answer}`);
  if (sweepCase.request.method === 'HEAD') return problems;
  // ES's exact bytes, given by the case, settle the shape too (`GET _alias` and `GET _template` answer a
  // 404 with a bare `error` string or an empty object).
  if (sweepCase.text !== undefined && response.text === sweepCase.text) return problems;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return [...problems, `the answer is not JSON: ${answer}`];
  }
  const error = isObject(body) ? body['error'] : undefined;
  if (typeof error === 'string') {
    // ES's bare routing errors (no handler: 400; wrong method: 405; a body type it cannot read: 406).
    if (![400, 405, 406].includes(response.status)) problems.push(`a bare error string with status ${response.status}`);
  } else if (
    !isObject(error) ||
    typeof error['type'] !== 'string' ||
    typeof error['reason'] !== 'string' ||
    !isObject(body) ||
    body['status'] !== response.status
  ) {
    problems.push(`not an ES error body (error.type, error.reason, status): ${answer}`);
  } else {
    if (sweepCase.type !== undefined && error['type'] !== sweepCase.type) problems.push(`expected error type ${sweepCase.type}, got ${answer}`);
    if (sweepCase.reason !== undefined && error['reason'] !== sweepCase.reason)
      problems.push(`expected the reason ${JSON.stringify(sweepCase.reason)}, got ${answer}`);
  }
  return problems;
}

function describeRequest(request: SimRequest): string {
  const body =
    request.body instanceof Uint8Array
      ? `bytes[${[...request.body].join(',')}]`
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  const text = `${request.method} ${request.path}${body === undefined ? '' : ` ${body}`}`;
  return text.length > 200 ? `${text.slice(0, 200)}... (${text.length} characters)` : text;
}

for (const profile of PROFILES.values()) {
  const reference = populate(profile);
  const before = snapshot(reference);
  const future = probe(populate(profile));
  const facts: ClusterFacts = {
    profile,
    uuid: (index) => {
      const settings = send(reference, 'GET', `/${index}/_settings/index.uuid?flat_settings`).body as Record<string, { settings: Record<string, string> }>;
      return settings[index]!.settings['index.uuid']!;
    },
    currentStep: (index) => {
      const record = (send(reference, 'GET', `/${index}/_ilm/explain`).body as { indices: Record<string, Record<string, string>> }).indices[index]!;
      return { phase: record['phase']!, action: record['action']!, name: record['step']! };
    },
  };
  const routeKeys = ROUTES.map(routeKey);
  const cases = [...ROUTES.flatMap((route) => genericCases(route, profile)), ...specificCases(facts)];

  describe(`bad-input sweep (profile ${profile.name}): refused with ES's errors, nothing changed`, () => {
    it('the populated cluster is what the cases assume', () => {
      const explain = (send(reference, 'GET', '/*/_ilm/explain').body as { indices: Record<string, Record<string, unknown>> }).indices;
      expect(explain[ERROR_INDEX]).to.include({ step: 'ERROR', failed_step: errorStep(profile) });
      expect(explain[MANAGED_INDEX]).to.include({ managed: true, phase: 'warm' });
      expect(explain[UNMANAGED_INDEX]).to.deep.equal({ index: UNMANAGED_INDEX, managed: false });
      expect(explain[PENDING_INDEX]).to.include({ managed: true, policy: 'not-yet-a-policy' });
      // Taking a snapshot changes nothing, and building the cluster is deterministic.
      expect(snapshot(reference)).to.equal(before);
      expect(snapshot(populate(profile))).to.equal(before);
    });

    it('every route with a path parameter or a body has cases written for it, and every case names a route', () => {
      // The generic cases cover what a route without either can get wrong.
      const specific = new Set([...specificCases(facts).map((c) => c.route), ...DATA_STREAM_LIFECYCLE_SWEPT_ROUTES]);
      const needing = ROUTES.filter((r) => r.readsBody || r.pattern.some((segment) => segment.startsWith('{'))).map(routeKey);
      expect(
        needing.filter((key) => !specific.has(key)),
        'routes without cases of their own in bad-input-sweep.test.ts',
      ).to.deep.equal([]);
      expect(
        [...specific].filter((key) => !routeKeys.includes(key)),
        'cases naming a route that routes.ts does not have',
      ).to.deep.equal([]);
    });

    const run = (sweepCase: SweepCase): string[] => {
      const sim = populate(profile);
      const problems = checkAnswer(sim, sweepCase);
      const after = snapshot(sim);
      if (after !== before) problems.push(`the state changed:\n${firstDifference(before, after)}`);
      else {
        const next = probe(sim);
        if (next !== future) problems.push(`the state changed where snapshots do not look (what happens next differs):\n${firstDifference(future, next)}`);
      }
      return problems.length === 0 ? [] : [`${describeRequest(sweepCase.request)}\n  ${problems.join('\n  ')}`];
    };

    for (const sweepCase of cases) {
      it(`${sweepCase.route}: ${sweepCase.title}`, () => {
        const problems = run(sweepCase);
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });
    }

    const deep = ROUTES.flatMap(nestingCases);
    it(`a body nested 100 000 levels deep is refused, not thrown, by each of the ${deep.length} routes that read a body`, () => {
      const problems = deep.flatMap(run);
      expect(problems, `${problems.length} of ${deep.length} routes:\n${problems.join('\n')}`).to.deep.equal([]);
    });

    for (const param of ['master_timeout', 'timeout', 'expand_wildcards'] as const) {
      const paramCases = ROUTES.filter((route) => !missingFromRelease(route, profile)).flatMap((route) => parameterCases(route, param));
      it(`?${param}=${param === 'expand_wildcards' ? 'bogus' : 'xyz'} is refused by each of the ${paramCases.length} routes that take it`, () => {
        const problems = paramCases.flatMap(run);
        expect(problems, `${problems.length} of ${paramCases.length} routes:\n${problems.join('\n')}`).to.deep.equal([]);
      });
    }
  });
}
