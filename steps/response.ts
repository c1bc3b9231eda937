/**
 * Assertions on the last response, in the style of ES's YAML REST tests: status, error type and
 * reason, root cause, exact or partial bodies, and "nothing changed" checks around a bad request.
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { expect } from 'chai';
import { cellValue, getPath } from '../src/cucumber/json-match';
import type { IlmWorld } from '../src/cucumber/world';

const { Given, Then } = stepGroup('responses and state');

Then(
  'the response status is {int}',
  {
    says: 'Asserts the HTTP status of the last answer.',
    example: 'the response status is 404',
  },
  function (this: IlmWorld, status: number) {
    const response = this.requireResponse();
    expect(response.status, response.text).to.equal(status);
  },
);

Then(
  'the request fails with status {int} and error {string}',
  {
    says: "Asserts the last answer's status and `error.type`.",
    example: 'the request fails with status 404 and error "index_not_found_exception"',
  },
  function (this: IlmWorld, status: number, type: string) {
    this.expectError(status, type);
  },
);

Then(
  'the request fails with status {int}, error {string} and reason {string}',
  {
    says: "Asserts the last answer's status, `error.type` and `error.reason`, verbatim.",
    example: 'the request fails with status 400, error "illegal_argument_exception" and reason "policy [p] does not exist"',
  },
  function (this: IlmWorld, status: number, type: string, reason: string) {
    this.expectError(status, type, reason);
  },
);

Then(
  'the error reason is {string}',
  {
    says: "Asserts the last answer's `error.reason`, verbatim.",
    example: 'the error reason is "no such index [nope]"',
  },
  function (this: IlmWorld, reason: string) {
    const response = this.requireResponse();
    expect(getPath(response.body, 'error.reason'), response.text).to.equal(reason);
  },
);

Then(
  'the root cause is {string} with reason {string}',
  {
    says: "Asserts the type and reason of the last answer's first `error.root_cause`.",
    example: 'the root cause is "index_not_found_exception" with reason "no such index [nope]"',
  },
  function (this: IlmWorld, type: string, reason: string) {
    const response = this.requireResponse();
    const root = getPath(response.body, 'error.root_cause.0');
    expect(root, response.text).to.deep.include({ type, reason });
  },
);

Then(
  'the response is:',
  {
    says: 'Asserts that the last answer is exactly this JSON (key order and number tokens as written), or exactly this text when it is not JSON.',
    example: 'the response is:\n  """json\n  {"acknowledged":true}\n  """',
  },
  function (this: IlmWorld, json: string) {
    this.expectExactly(this.requireResponse().text, json);
  },
);

Then(
  'the response contains:',
  {
    says: 'Asserts that the last answer contains the partial JSON.',
    example: 'the response contains:\n  """json\n  { "acknowledged": true }\n  """',
  },
  function (this: IlmWorld, json: string) {
    this.expectContains(this.requireResponse().body, json);
  },
);

Then(
  'the response has:',
  {
    says: 'Asserts values in the last answer, one `path | value` row each (dotted paths, array indices as numbers).',
    example: 'the response has:\n  | operation_mode | RUNNING |',
  },
  function (this: IlmWorld, table: DataTable) {
    const response = this.requireResponse();
    for (const [path, value] of table.raw()) {
      expect(getPath(response.body, path!), `${path} in ${response.text}`).to.deep.equal(cellValue(value!));
    }
  },
);

Then(
  'the response has the keys {string}',
  {
    says: 'Asserts the keys of the last answer, in order, or of the object at a path (`"path: a, b"`).',
    example: 'the response has the keys "indices: logs-000001, logs-000002"',
  },
  function (this: IlmWorld, keys: string) {
    const body = this.requireResponse().body as Record<string, unknown>;
    const [path, list] = keys.includes(':') ? keys.split(':') : ['', keys];
    const target = (path ? getPath(body, path.trim()) : body) as Record<string, unknown>;
    expect(Object.keys(target ?? {})).to.deep.equal(
      list!
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k.length > 0),
    );
  },
);

Given(
  'I remember the cluster state',
  {
    says: "Records the clock, the policies and every index's explain record, for `the cluster state is unchanged`.",
    example: 'I remember the cluster state',
  },
  async function (this: IlmWorld) {
    await this.remember();
  },
);

Then(
  'the cluster state is unchanged',
  {
    says: 'Asserts that the clock, the policies and every explain record are as remembered (a refused request changed nothing).',
    example: 'the cluster state is unchanged',
  },
  async function (this: IlmWorld) {
    await this.expectUnchanged();
  },
);

Then(
  'the request fails with status {int}, error {string} and reason:',
  {
    says: 'The same as the one-line form, with the reason as a doc string (for long reasons).',
    example:
      'the request fails with status 400, error "x_content_parse_exception" and reason:\n  """\n  [1:30] [lifecycle_policy] failed to parse field [phases]\n  """',
  },
  function (this: IlmWorld, status: number, type: string, reason: string) {
    this.expectError(status, type, reason);
  },
);

Then(
  'the response has the header {string} with:',
  {
    says: 'Asserts a header of the last answer, its value as the doc string.',
    example:
      'the response has the header "Warning" with:\n  """\n  299 Elasticsearch-9.1.3-0c781091a2f57de895a73a1391ff8426c0153c8d "The freeze action in ILM is deprecated and will be removed in a future version; ..."\n  """',
  },
  function (this: IlmWorld, name: string, value: string) {
    const response = this.requireResponse();
    expect(response.headers[name.toLowerCase()], JSON.stringify(response.headers)).to.equal(value.trim());
  },
);

Then(
  'the response has no header {string}',
  {
    says: 'Asserts that the last answer has no such header.',
    example: 'the response has no header "Warning"',
  },
  function (this: IlmWorld, name: string) {
    const response = this.requireResponse();
    expect(response.headers, JSON.stringify(response.headers)).to.not.have.property(name.toLowerCase());
  },
);
