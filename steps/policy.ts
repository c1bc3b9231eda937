/**
 * Steps about lifecycle policies: create or update one from a JSON doc string (must succeed), or try
 * to (the answer is kept for the assertion steps), and delete one.
 */
import { stepGroup } from '../src/cucumber/step-catalogue';
import type { IlmWorld } from '../src/cucumber/world';

const { Given, When } = stepGroup('policies');

Given(
  'a lifecycle policy {string}:',
  {
    says: 'Creates (or replaces) the lifecycle policy from the JSON `PUT _ilm/policy` body; must succeed.',
    example: 'a lifecycle policy "logs":\n  """json\n  { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    await this.putPolicy(name, json);
  },
);

When(
  'the lifecycle policy {string} is updated to:',
  {
    says: 'Updates the lifecycle policy to the JSON body; must succeed.',
    example:
      'the lifecycle policy "shrink-index" is updated to:\n  """json\n  { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    await this.putPolicy(name, json);
  },
);

When(
  'I put the lifecycle policy {string}:',
  {
    says: 'Sends `PUT _ilm/policy/<name>` with the body and keeps the answer, which may be a refusal (check it with the response steps).',
    example: 'I put the lifecycle policy "bad":\n  """json\n  { "policy": { "phases": { "wram": { "actions": {} } } } }\n  """',
  },
  async function (this: IlmWorld, name: string, json: string) {
    await this.send('PUT', `/_ilm/policy/${encodeURIComponent(name)}`, json);
  },
);

When(
  'I delete the lifecycle policy {string}',
  {
    says: 'Sends `DELETE _ilm/policy/<name>` and keeps the answer.',
    example: 'I delete the lifecycle policy "logs"',
  },
  async function (this: IlmWorld, name: string) {
    await this.send('DELETE', `/_ilm/policy/${encodeURIComponent(name)}`);
  },
);

When(
  'I get the lifecycle policy {string}',
  {
    says: 'Sends `GET _ilm/policy/<name>` and keeps the answer.',
    example: 'I get the lifecycle policy "logs"',
  },
  async function (this: IlmWorld, name: string) {
    await this.send('GET', `/_ilm/policy/${encodeURIComponent(name)}`);
  },
);

When(
  'I get all lifecycle policies',
  {
    says: 'Sends `GET _ilm/policy` and keeps the answer.',
    example: 'I get all lifecycle policies',
  },
  async function (this: IlmWorld) {
    await this.send('GET', '/_ilm/policy');
  },
);
