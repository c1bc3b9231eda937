/**
 * Steps about lifecycle policies: create or update one from a JSON doc string (must succeed), or try
 * to (the answer is kept for the assertion steps), and delete one.
 */
import { Given, When } from '../src/cucumber/cucumber';
import type { IlmWorld } from '../src/cucumber/world';

Given('a lifecycle policy {string}:', async function (this: IlmWorld, name: string, json: string) {
  await this.putPolicy(name, json);
});

When('the lifecycle policy {string} is updated to:', async function (this: IlmWorld, name: string, json: string) {
  await this.putPolicy(name, json);
});

When('I put the lifecycle policy {string}:', async function (this: IlmWorld, name: string, json: string) {
  await this.send('PUT', `/_ilm/policy/${encodeURIComponent(name)}`, json);
});

When('I delete the lifecycle policy {string}', async function (this: IlmWorld, name: string) {
  await this.send('DELETE', `/_ilm/policy/${encodeURIComponent(name)}`);
});

When('I get the lifecycle policy {string}', async function (this: IlmWorld, name: string) {
  await this.send('GET', `/_ilm/policy/${encodeURIComponent(name)}`);
});

When('I get all lifecycle policies', async function (this: IlmWorld) {
  await this.send('GET', '/_ilm/policy');
});
