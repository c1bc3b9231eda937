/**
 * Steps about indices: create one with settings from a table (`| index.number_of_shards | 2 |`) or
 * a JSON doc string, attach it to a policy, change its settings, delete it, retry its failed step,
 * check that it (or an alias) exists or does not, which indices an alias points to and which one it writes to.
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { expectNoIndex } from '../src/cucumber/advance-until';
import { expectAliasExists, expectAliasPointsTo, expectAliasWriteIndex, expectIndexExists, expectNoAlias } from '../src/cucumber/existence';
import { cellValue } from '../src/cucumber/json-match';
import type { IlmWorld } from '../src/cucumber/world';

const { Given, Then, When } = stepGroup('indices, aliases, templates and documents');

/**
 * A composable template's body as the legacy template a release before 7.8 would be given instead
 * (what 6.x tools wrote): patterns, `order` for `priority`, the `template` block's parts at the top.
 */
function asLegacyTemplate(json: string): string {
  const { index_patterns, priority, template } = JSON.parse(json) as { index_patterns: unknown; priority?: number; template?: Record<string, unknown> };
  return JSON.stringify({ index_patterns, ...(priority === undefined ? {} : { order: priority }), ...(template ?? {}) });
}

function settingsFromTable(table: DataTable): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of table.raw()) settings[key!] = cellValue(value!);
  return settings;
}

Given(
  'an index {string} with settings:',
  {
    says: 'Creates the index with the settings of the table (`setting | value`, values as JSON when they parse); must succeed.',
    example: 'an index "my-index-000001" with settings:\n  | index.number_of_shards | 2            |\n  | index.lifecycle.name   | shrink-index |',
  },
  async function (this: IlmWorld, name: string, table: DataTable) {
    await this.createIndex(name, { settings: settingsFromTable(table) });
  },
);

Given(
  'an index {string} created with:',
  {
    says: 'Creates the index with the JSON `PUT /<index>` body (settings, aliases); must succeed.',
    example: 'an index "logs-000001" created with:\n  """json\n  { "aliases": { "logs": { "is_write_index": true } } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    await this.createIndex(name, json);
  },
);

Given(
  'an index {string} managed by {string}',
  {
    says: 'Creates the index with `index.lifecycle.name` set to the policy; must succeed.',
    example: 'an index "logs-1" managed by "logs"',
  },
  async function (this: IlmWorld, name: string, policy: string) {
    await this.createIndex(name, { settings: { 'index.lifecycle.name': policy } });
  },
);

Given(
  'an index {string} without a policy',
  {
    says: 'Creates the index with no settings; must succeed.',
    example: 'an index "plain" without a policy',
  },
  async function (this: IlmWorld, name: string) {
    await this.createIndex(name, {});
  },
);

When(
  'I create the index {string} with:',
  {
    says: 'Sends `PUT /<index>` with the body and keeps the answer, which may be a refusal.',
    example: 'I create the index "bad" with:\n  """json\n  { "settings": { "index.number_of_shards": 0 } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    await this.send('PUT', `/${encodeURIComponent(name)}`, json);
  },
);

When(
  'the settings of {string} are updated:',
  {
    says: "Updates the index's settings from the table (`PUT /<index>/_settings`); must succeed.",
    example: 'the settings of "my-index-000001" are updated:\n  | index.lifecycle.name | other-policy |',
  },
  async function (this: IlmWorld, name: string, table: DataTable) {
    await this.sendOk('PUT', `/${encodeURIComponent(name)}/_settings`, settingsFromTable(table));
  },
);

When(
  'I delete the index {string}',
  {
    says: 'Sends `DELETE /<index>` and keeps the answer.',
    example: 'I delete the index "logs-000001"',
  },
  async function (this: IlmWorld, name: string) {
    await this.send('DELETE', `/${encodeURIComponent(name)}`);
  },
);

Then(
  'the index {string} does not exist',
  {
    says: 'Asserts that `HEAD /<index>` answers 404; otherwise fails saying where the index is.',
    example: 'the index "logs-000001" does not exist',
  },
  async function (this: IlmWorld, name: string) {
    await expectNoIndex(this, name);
  },
);

When(
  'I retry the failed step of {string}',
  {
    says: 'Sends `POST /<index>/_ilm/retry` and keeps the answer; the re-run happens at the next settle or clock move.',
    example: 'I retry the failed step of "my-index-000001"',
  },
  async function (this: IlmWorld, name: string) {
    await this.retry(name);
  },
);

Given(
  'an index template {string}:',
  {
    says: 'Creates a composable index template from the JSON body (on a release before 7.8, as a legacy template with `order` for `priority`); must succeed.',
    example: 'an index template "logs":\n  """json\n  { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "logs" } } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    // A release without composable templates (6.6, whose router has no `_index_template`: the info
    // `GET /` gives names the release) is given the same template as a legacy one.
    const info = (await this.sendOk('GET', '/')).body as { version: { number: string } };
    const [major, minor] = info.version.number.split('.').map(Number) as [number, number];
    if (major < 7 || (major === 7 && minor < 8)) {
      await this.sendAccepted('PUT', `/_template/${encodeURIComponent(name)}`, asLegacyTemplate(json), 'index template');
      return;
    }
    await this.sendAccepted('PUT', `/_index_template/${encodeURIComponent(name)}`, json, 'index template');
  },
);

Given(
  'an index {string} is the write index of the alias {string}',
  {
    says: 'Creates the index with the alias on it as its write index (`is_write_index: true`), as a rollover bootstrap does; must succeed.',
    example: 'an index "logs-000001" is the write index of the alias "logs"',
  },
  async function (this: IlmWorld, name: string, alias: string) {
    await this.createIndex(name, { aliases: { [alias]: { is_write_index: true } } });
  },
);

When(
  '{int} documents of {word} are indexed into {string}',
  {
    says: "Counts documents of a size into an index, or an alias's or data stream's write index (`POST /_sim/ingest`; documents are counted, not stored).",
    example: '5000 documents of 1kb are indexed into "logs"',
  },
  async function (this: IlmWorld, count: number, size: string, target: string) {
    await this.sendOk('POST', '/_sim/ingest', { index: target, count, bytes_each: size });
  },
);

Then(
  'the index {string} exists',
  {
    says: 'Asserts that an index of that very name exists; fails saying what the name is instead (an alias, say after a shrink, or a data stream) or where the index went.',
    example: 'the index "logs-000002" exists',
  },
  async function (this: IlmWorld, name: string) {
    await expectIndexExists(this, name);
  },
);

Then(
  'the alias {string} exists',
  {
    says: 'Asserts that some index has the alias (`GET /_alias/<name>`).',
    example: 'the alias "logs" exists',
  },
  async function (this: IlmWorld, alias: string) {
    await expectAliasExists(this, alias);
  },
);

Then(
  'the alias {string} does not exist',
  {
    says: 'Asserts that no index has the alias; fails naming the indices it points to.',
    example: 'the alias "logs-old" does not exist',
  },
  async function (this: IlmWorld, alias: string) {
    await expectNoAlias(this, alias);
  },
);

Then(
  'the alias {string} points to {string}',
  {
    says: 'Asserts that the alias points to the index (among others, perhaps); fails naming the indices it points to.',
    example: 'the alias "logs" points to "logs-000001"',
  },
  async function (this: IlmWorld, alias: string, index: string) {
    await expectAliasPointsTo(this, alias, index);
  },
);

Then(
  'the write index of the alias {string} is {string}',
  {
    says: 'Asserts where writes to the alias go, as ES resolves it: the index with `is_write_index: true`, else its only index unless marked `false`.',
    example: 'the write index of the alias "logs" is "logs-000002"',
  },
  async function (this: IlmWorld, alias: string, index: string) {
    await expectAliasWriteIndex(this, alias, index);
  },
);
