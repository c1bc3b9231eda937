/**
 * Assertions on explain records. "the explain record of X" reads a fresh record with the default
 * query; "I explain X with Q" keeps the whole response for the response steps; "X is in the P phase"
 * and "X is at step K" fail in one line saying where X is instead and why it waits there (from
 * `GET /_sim/why`). Values in tables are JSON when they parse as JSON (`2`, `true`, `"2"`), otherwise
 * the string as written.
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { expect } from 'chai';
import { expectAtStep, expectInPhase } from '../src/cucumber/advance-until';
import { cellValue, getPath, hasPath } from '../src/cucumber/json-match';
import type { StepKeyText } from '../src/cucumber/parameter-types';
import type { IlmWorld } from '../src/cucumber/world';

const { Then, When } = stepGroup('explain');

When(
  'I explain {string}',
  {
    says: 'Sends `GET /<index>/_ilm/explain` and keeps the whole answer for the response steps.',
    example: 'I explain "logs-*"',
  },
  async function (this: IlmWorld, index: string) {
    await this.send('GET', `/${encodeURIComponent(index)}/_ilm/explain`);
  },
);

When(
  'I explain {string} with {string}',
  {
    says: 'The same with a query string (`human`, `only_errors=true`, ...).',
    example: 'I explain "my-index-000001" with "human"',
  },
  async function (this: IlmWorld, index: string, query: string) {
    await this.send('GET', `/${encodeURIComponent(index)}/_ilm/explain?${query}`);
  },
);

Then(
  '{string} is at step {stepKey}',
  {
    says: "Asserts that the index's explain record is at `phase/action/step`; fails saying where it is instead, since when and why it waits there.",
    example: '"my-index-000001" is at step warm/shrink/ERROR',
  },
  async function (this: IlmWorld, index: string, key: StepKeyText) {
    await expectAtStep(this, index, key);
  },
);

Then(
  '{string} is in the {string} phase',
  {
    says: 'Asserts that the index is in the phase; fails saying where it is instead and why.',
    example: '"my-index-000001" is in the "warm" phase',
  },
  async function (this: IlmWorld, index: string, phase: string) {
    await expectInPhase(this, index, phase);
  },
);

Then(
  'the explain record of {string} has:',
  {
    says: "Asserts fields of the index's explain record, one `path | value` row each (dotted paths, values as JSON when they parse).",
    example:
      'the explain record of "my-index-000001" has:\n  | failed_step    | shrink                     |\n  | step_info.type | illegal_argument_exception |',
  },
  async function (this: IlmWorld, index: string, table: DataTable) {
    const record = await this.explainRecord(index);
    for (const [path, value] of table.raw()) {
      expect(getPath(record, path!), `${path} of "${index}" ${brief(record)}`).to.deep.equal(cellValue(value!));
    }
  },
);

Then(
  'the explain record of {string} has no {string}',
  {
    says: 'Asserts that the explain record has no such field (a dotted path).',
    example: 'the explain record of "my-index-000001" has no "failed_step"',
  },
  async function (this: IlmWorld, index: string, field: string) {
    const record = await this.explainRecord(index);
    expect(hasPath(record, field), `${field} of "${index}" ${brief(record)}`).to.equal(false);
  },
);

Then(
  'the explain record of {string} contains:',
  {
    says: 'Asserts that the explain record contains the partial JSON (objects by their listed keys, arrays element by element).',
    example: 'the explain record of "my-index-000001" contains:\n  """json\n  { "step_info": { "type": "illegal_argument_exception" } }\n  """',
  },
  async function (this: IlmWorld, index: string, json: string) {
    this.expectContains(await this.explainRecord(index), json);
  },
);

Then(
  'the explain record of {string} is exactly:',
  {
    says: 'Asserts that the explain record is exactly the JSON, field order included.',
    example: 'the explain record of "plain" is exactly:\n  """json\n  { "index": "plain", "managed": false }\n  """',
  },
  async function (this: IlmWorld, index: string, json: string) {
    const record = await this.explainRecord(index);
    this.expectExactly(JSON.stringify(record), json);
  },
);

Then(
  'the explain record of {string} has its fields in this order:',
  {
    says: "Asserts the explain record's field names, in order, one per row.",
    example: 'the explain record of "plain" has its fields in this order:\n  | index   |\n  | managed |',
  },
  async function (this: IlmWorld, index: string, table: DataTable) {
    const record = await this.explainRecord(index);
    expect(Object.keys(record)).to.deep.equal(table.raw().map((row) => row[0]));
  },
);

Then(
  'the explain record of {string} has {string} matching {string}',
  {
    says: 'Asserts that a field of the explain record matches a regular expression.',
    example: 'the explain record of "my-index-000001" has "step_info.reason" matching "target shards"',
  },
  async function (this: IlmWorld, index: string, path: string, pattern: string) {
    const record = await this.explainRecord(index);
    expect(String(getPath(record, path)), `${path} of "${index}" ${brief(record)}`).to.match(new RegExp(pattern));
  },
);

/** The record in a few words for a failure: its position and step_info, not its every field. */
function brief(record: Record<string, unknown>): string {
  if (record['managed'] === false) return '(not managed by ILM)';
  const info = record['step_info'] === undefined ? '' : `, step_info ${JSON.stringify(record['step_info'])}`;
  return `(at ${String(record['phase'])}/${String(record['action'])}/${String(record['step'])}${info})`;
}
