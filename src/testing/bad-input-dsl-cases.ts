/**
 * The data stream lifecycle's bad-input cases (8.11+), shared by `api/bad-input-dsl.test.ts`, which runs
 * them, and the main sweep (`api/bad-input-sweep.test.ts`), which counts their routes as covered. Test
 * data only: nothing here runs a request.
 */

export interface Case {
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly status: number;
  readonly type?: string;
  /** The innermost cause's reason, exactly or as a pattern. */
  readonly reason?: string | RegExp;
}

export const DATA_STREAM_LIFECYCLE_CASES: readonly Case[] = [
  {
    what: 'PUT without a body',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    status: 400,
    type: 'parse_exception',
    reason: 'request body is required',
  },
  {
    what: 'an unknown field',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { retention: '7d' },
    status: 400,
    type: 'x_content_parse_exception',
    reason: /\[put_data_stream_lifecycle_request\] unknown field \[retention\]/,
  },
  {
    what: 'a prototype key',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: '{"__proto__":{"data_retention":"1d"}}',
    status: 400,
    type: 'x_content_parse_exception',
    reason: /unknown field \[__proto__\]/,
  },
  {
    what: 'retention as an object',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { data_retention: {} },
    status: 400,
    type: 'x_content_parse_exception',
    reason: /data_retention doesn't support values of type: START_OBJECT/,
  },
  {
    what: 'retention not a time',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { data_retention: 'soon' },
    status: 400,
    reason: /failed to parse setting \[data_retention\] with value \[soon\]/,
  },
  {
    what: 'enabled not a boolean',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { enabled: 'maybe' },
    status: 400,
    reason: 'Failed to parse value [maybe] as only [true] or [false] are allowed.',
  },
  {
    what: 'downsampling as a string',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { downsampling: '1h' },
    status: 400,
    type: 'x_content_parse_exception',
  },
  {
    what: 'no downsampling round',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { downsampling: [] },
    status: 400,
    reason: 'Downsampling configuration should have at least one round configured.',
  },
  {
    what: 'a downsampling round under 5m',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { downsampling: [{ after: '1d', fixed_interval: '1m' }] },
    status: 400,
    reason: 'A downsampling round must have a fixed interval of at least five minutes but found: 1m',
  },
  {
    what: 'a round without fixed_interval',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { downsampling: [{ after: '1d' }] },
    status: 400,
    reason: 'Required [fixed_interval]',
  },
  {
    what: 'eleven rounds',
    method: 'PUT',
    path: '/_data_stream/logs-app/_lifecycle',
    body: { downsampling: Array.from({ length: 11 }, (_, i) => ({ after: `${i + 1}d`, fixed_interval: `${5 * 2 ** i}m` })) },
    status: 400,
    reason: 'Downsampling configuration supports maximum 10 configured rounds. Found: 11',
  },
  { what: 'a body that is not JSON', method: 'PUT', path: '/_data_stream/logs-app/_lifecycle', body: '{"data_retention":', status: 400 },
  {
    what: 'a missing stream (PUT)',
    method: 'PUT',
    path: '/_data_stream/nope/_lifecycle',
    body: { data_retention: '1d' },
    status: 404,
    type: 'index_not_found_exception',
    reason: 'no such index [nope]',
  },
  { what: 'a missing stream (GET)', method: 'GET', path: '/_data_stream/nope/_lifecycle', status: 404, type: 'index_not_found_exception' },
  { what: 'a missing stream (DELETE)', method: 'DELETE', path: '/_data_stream/nope/_lifecycle', status: 404, type: 'index_not_found_exception' },
  {
    what: 'include_defaults not a boolean',
    method: 'GET',
    path: '/_data_stream/logs-app/_lifecycle?include_defaults=lots',
    status: 400,
    type: 'illegal_argument_exception',
  },
  {
    what: 'an unknown parameter',
    method: 'GET',
    path: '/_data_stream/logs-app/_lifecycle?verbose=true',
    status: 400,
    type: 'illegal_argument_exception',
    reason: /unrecognized parameter: \[verbose\]/,
  },
  { what: 'explain of a missing index', method: 'GET', path: '/nope/_lifecycle/explain', status: 404, type: 'index_not_found_exception' },
  { what: 'stats with a parameter', method: 'GET', path: '/_lifecycle/stats?include_defaults=true', status: 400, type: 'illegal_argument_exception' },
  {
    what: 'a default global retention above the max',
    method: 'PUT',
    path: '/_cluster/settings',
    body: { persistent: { 'data_streams.lifecycle.retention.default': '5d', 'data_streams.lifecycle.retention.max': '1d' } },
    status: 400,
    reason: 'Default global retention [5d] cannot be greater than the max global retention [1d].',
  },
  {
    what: 'a global retention under 10s',
    method: 'PUT',
    path: '/_cluster/settings',
    body: { transient: { 'data_streams.lifecycle.retention.max': '1s' } },
    status: 400,
    reason: 'Global retention values should be greater than 10s',
  },
  {
    what: 'a global retention not a time',
    method: 'PUT',
    path: '/_cluster/settings',
    body: { persistent: { 'data_streams.lifecycle.retention.default': 'forever' } },
    status: 400,
  },
  {
    what: 'a rollover setting without =',
    method: 'PUT',
    path: '/_cluster/settings',
    body: { persistent: { 'cluster.lifecycle.default.rollover': 'max_age' } },
    status: 400,
    reason: "Invalid condition: 'max_age', format must be 'condition=value'",
  },
  {
    what: 'an unknown rollover condition',
    method: 'PUT',
    path: '/_cluster/settings',
    body: { persistent: { 'cluster.lifecycle.default.rollover': 'max_weight=1' } },
    status: 400,
    reason: "Unknown condition: 'max_weight'",
  },
  {
    what: 'a poll interval under 1s',
    method: 'PUT',
    path: '/_cluster/settings',
    body: { persistent: { 'data_streams.lifecycle.poll_interval': '10ms' } },
    status: 400,
    reason: 'failed to parse value [10ms] for setting [data_streams.lifecycle.poll_interval], must be >= [1s]',
  },
  {
    what: 'a template lifecycle with an unknown field',
    method: 'PUT',
    path: '/_index_template/logs',
    body: { index_patterns: ['logs-*'], data_stream: {}, priority: 500, template: { lifecycle: { keep: '1d' } } },
    status: 400,
    type: 'x_content_parse_exception',
  },
  {
    what: 'a component template lifecycle not an object',
    method: 'PUT',
    path: '/_component_template/c',
    body: { template: { lifecycle: 'forever' } },
    status: 400,
    type: 'x_content_parse_exception',
  },
  {
    what: 'prefer_ilm not a boolean',
    method: 'PUT',
    path: '/.ds-logs-app-2024.01.01-000001/_settings',
    body: { 'index.lifecycle.prefer_ilm': 'sometimes' },
    status: 400,
    type: 'illegal_argument_exception',
  },
];

/** The routes the cases cover, as the main sweep names routes (`METHOD /pattern`). */
export const DATA_STREAM_LIFECYCLE_SWEPT_ROUTES: readonly string[] = [
  'PUT /_data_stream/{name}/_lifecycle',
  'GET /_data_stream/{name}/_lifecycle',
  'DELETE /_data_stream/{name}/_lifecycle',
  'GET /{index}/_lifecycle/explain',
];
