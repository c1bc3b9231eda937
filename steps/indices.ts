/**
 * Steps about indices: create one with settings from a table (`| index.number_of_shards | 2 |`) or
 * a JSON doc string, attach it to a policy, change its settings, delete it, retry its failed step,
 * check that it does not exist.
 */
import { DataTable, Given, Then, When } from '../src/cucumber/cucumber';
import { expectNoIndex } from '../src/cucumber/advance-until';
import { cellValue } from '../src/cucumber/json-match';
import type { IlmWorld } from '../src/cucumber/world';

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

Given('an index {string} with settings:', async function (this: IlmWorld, name: string, table: DataTable) {
  await this.createIndex(name, { settings: settingsFromTable(table) });
});

Given('an index {string} created with:', async function (this: IlmWorld, name: string, json: string) {
  await this.createIndex(name, json);
});

Given('an index {string} managed by {string}', async function (this: IlmWorld, name: string, policy: string) {
  await this.createIndex(name, { settings: { 'index.lifecycle.name': policy } });
});

Given('an index {string} without a policy', async function (this: IlmWorld, name: string) {
  await this.createIndex(name, {});
});

When('I create the index {string} with:', async function (this: IlmWorld, name: string, json: string) {
  await this.send('PUT', `/${encodeURIComponent(name)}`, json);
});

When('the settings of {string} are updated:', async function (this: IlmWorld, name: string, table: DataTable) {
  await this.sendOk('PUT', `/${encodeURIComponent(name)}/_settings`, settingsFromTable(table));
});

When('I delete the index {string}', async function (this: IlmWorld, name: string) {
  await this.send('DELETE', `/${encodeURIComponent(name)}`);
});

Then('the index {string} does not exist', async function (this: IlmWorld, name: string) {
  await expectNoIndex(this, name);
});

When('I retry the failed step of {string}', async function (this: IlmWorld, name: string) {
  await this.retry(name);
});

Given('an index template {string}:', async function (this: IlmWorld, name: string, json: string) {
  // A release without composable templates (6.6, whose router has no `_index_template`: the info
  // `GET /` gives names the release) is given the same template as a legacy one.
  const info = (await this.sendOk('GET', '/')).body as { version: { number: string } };
  const [major, minor] = info.version.number.split('.').map(Number) as [number, number];
  if (major < 7 || (major === 7 && minor < 8)) {
    await this.sendAccepted('PUT', `/_template/${encodeURIComponent(name)}`, asLegacyTemplate(json), 'index template');
    return;
  }
  await this.sendAccepted('PUT', `/_index_template/${encodeURIComponent(name)}`, json, 'index template');
});

Given('an index {string} is the write index of the alias {string}', async function (this: IlmWorld, name: string, alias: string) {
  await this.createIndex(name, { aliases: { [alias]: { is_write_index: true } } });
});

When('{int} documents of {word} are indexed into {string}', async function (this: IlmWorld, count: number, size: string, target: string) {
  await this.sendOk('POST', '/_sim/ingest', { index: target, count, bytes_each: size });
});
