/**
 * Steps about indices: create one with settings from a table (`| index.number_of_shards | 2 |`) or
 * a JSON doc string, attach it to a policy, change its settings, delete it, retry its failed step,
 * check that it does not exist.
 */
import { DataTable, Given, Then, When } from '../cucumber';
import { expectNoIndex } from '../advance-until';
import { cellValue } from '../json-match';
import type { IlmWorld } from '../world';

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
  await this.sendAccepted('PUT', `/_index_template/${encodeURIComponent(name)}`, json, 'index template');
});

Given('an index {string} is the write index of the alias {string}', async function (this: IlmWorld, name: string, alias: string) {
  await this.createIndex(name, { aliases: { [alias]: { is_write_index: true } } });
});

When('{int} documents of {word} are indexed into {string}', async function (this: IlmWorld, count: number, size: string, target: string) {
  await this.sendOk('POST', '/_sim/ingest', { index: target, count, bytes_each: size });
});
