/**
 * Assertions on the last response, in the style of ES's YAML REST tests: status, error type and
 * reason, root cause, exact or partial bodies, and "nothing changed" checks around a bad request.
 */
import { DataTable, Given, Then } from '../src/cucumber/cucumber';
import { expect } from 'chai';
import { cellValue, getPath } from '../src/cucumber/json-match';
import type { IlmWorld } from '../src/cucumber/world';

Then('the response status is {int}', function (this: IlmWorld, status: number) {
  const response = this.requireResponse();
  expect(response.status, response.text).to.equal(status);
});

Then('the request fails with status {int} and error {string}', function (this: IlmWorld, status: number, type: string) {
  this.expectError(status, type);
});

Then(
  'the request fails with status {int}, error {string} and reason {string}',
  function (this: IlmWorld, status: number, type: string, reason: string) {
    this.expectError(status, type, reason);
  },
);

Then('the error reason is {string}', function (this: IlmWorld, reason: string) {
  const response = this.requireResponse();
  expect(getPath(response.body, 'error.reason'), response.text).to.equal(reason);
});

Then('the root cause is {string} with reason {string}', function (this: IlmWorld, type: string, reason: string) {
  const response = this.requireResponse();
  const root = getPath(response.body, 'error.root_cause.0');
  expect(root, response.text).to.deep.include({ type, reason });
});

Then('the response is:', function (this: IlmWorld, json: string) {
  this.expectExactly(this.requireResponse().text, json);
});

Then('the response contains:', function (this: IlmWorld, json: string) {
  this.expectContains(this.requireResponse().body, json);
});

Then('the response has:', function (this: IlmWorld, table: DataTable) {
  const response = this.requireResponse();
  for (const [path, value] of table.raw()) {
    expect(getPath(response.body, path!), `${path} in ${response.text}`).to.deep.equal(cellValue(value!));
  }
});

Then('the response has the keys {string}', function (this: IlmWorld, keys: string) {
  const body = this.requireResponse().body as Record<string, unknown>;
  const [path, list] = keys.includes(':') ? keys.split(':') : ['', keys];
  const target = (path ? getPath(body, path.trim()) : body) as Record<string, unknown>;
  expect(Object.keys(target ?? {})).to.deep.equal(list!.split(',').map((k) => k.trim()).filter((k) => k.length > 0));
});

Given('I remember the cluster state', async function (this: IlmWorld) {
  await this.remember();
});

Then('the cluster state is unchanged', async function (this: IlmWorld) {
  await this.expectUnchanged();
});

Then(
  'the request fails with status {int}, error {string} and reason:',
  function (this: IlmWorld, status: number, type: string, reason: string) {
    this.expectError(status, type, reason);
  },
);

Then('the response has the header {string} with:', function (this: IlmWorld, name: string, value: string) {
  const response = this.requireResponse();
  expect(response.headers[name.toLowerCase()], JSON.stringify(response.headers)).to.equal(value.trim());
});

Then('the response has no header {string}', function (this: IlmWorld, name: string) {
  const response = this.requireResponse();
  expect(response.headers, JSON.stringify(response.headers)).to.not.have.property(name.toLowerCase());
});
