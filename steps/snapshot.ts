/**
 * Steps about snapshots: register a repository, create an SLM policy, run it now, and check what SLM
 * did (the snapshots a repository holds, the counters of `GET /_slm/stats`). Each is one ES request
 * (`PUT _snapshot/<repo>`, `PUT _slm/policy/<id>`, `POST _slm/policy/<id>/_execute`,
 * `GET _snapshot/<repo>/_all`, `GET _slm/stats`); no step reaches into the simulator.
 */
import { expect } from 'chai';
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { cellValue, getPath } from '../src/cucumber/json-match';
import type { IlmWorld } from '../src/cucumber/world';

const { Given, Then, When } = stepGroup('snapshots');

Given(
  'a snapshot repository {string} of type fs',
  {
    says: 'Registers an `fs` snapshot repository; must succeed.',
    example: 'a snapshot repository "backups" of type fs',
  },
  async function (this: IlmWorld, name: string) {
    await this.sendOk('PUT', `/_snapshot/${encodeURIComponent(name)}`, { type: 'fs', settings: { location: `/mnt/snapshots/${name}` } });
  },
);

Given(
  'an SLM policy {string}:',
  {
    says: 'Creates the SLM policy from the JSON body; must succeed.',
    example: 'an SLM policy "nightly":\n  """json\n  { "schedule": "0 30 1 * * ?", "name": "<nightly-{now/d}>", "repository": "backups" }\n  """',
  },
  async function (this: IlmWorld, id: string, json: string) {
    await this.sendOk('PUT', `/_slm/policy/${encodeURIComponent(id)}`, json);
  },
);

When(
  'the SLM policy {string} is executed',
  {
    says: 'Runs the SLM policy now (`POST /_slm/policy/<id>/_execute`); must succeed.',
    example: 'the SLM policy "nightly" is executed',
  },
  async function (this: IlmWorld, id: string) {
    await this.sendOk('POST', `/_slm/policy/${encodeURIComponent(id)}/_execute`);
  },
);

/** The snapshots of a `GET _snapshot/<repo>/_all` answer, whatever the release's shape (6.6, 7.x, 8.x). */
function snapshotsOf(body: unknown): Array<Record<string, unknown>> {
  const direct = getPath(body, 'snapshots');
  if (Array.isArray(direct)) return direct as Array<Record<string, unknown>>;
  const nested = getPath(body, 'responses.0.snapshots');
  return Array.isArray(nested) ? (nested as Array<Record<string, unknown>>) : [];
}

Then(
  'the repository {string} has {int} snapshot(s)',
  {
    says: 'Asserts how many snapshots the repository holds.',
    example: 'the repository "backups" has 8 snapshots',
  },
  async function (this: IlmWorld, repository: string, count: number) {
    const response = await this.sendOk('GET', `/_snapshot/${encodeURIComponent(repository)}/_all`);
    expect(
      snapshotsOf(response.body).map((s) => s['snapshot']),
      response.text,
    ).to.have.length(count);
  },
);

Then(
  'the repository {string} has the snapshots:',
  {
    says: "Asserts the repository's snapshot names, oldest first, one per row.",
    example: 'the repository "backups" has the snapshots:\n  | nightly-2024.01.01-abc |',
  },
  async function (this: IlmWorld, repository: string, table: DataTable) {
    const response = await this.sendOk('GET', `/_snapshot/${encodeURIComponent(repository)}/_all`);
    const names = snapshotsOf(response.body).map((s) => s['snapshot']);
    expect(names, response.text).to.deep.equal(table.raw().map((row) => row[0]));
  },
);

Then(
  'the SLM stats show:',
  {
    says: 'Asserts values of `GET /_slm/stats`, one `path | value` row each.',
    example: 'the SLM stats show:\n  | total_snapshots_taken | 31 |',
  },
  async function (this: IlmWorld, table: DataTable) {
    const response = await this.sendOk('GET', '/_slm/stats');
    for (const [path, value] of table.raw()) {
      expect(getPath(response.body, path!), `${path} in ${response.text}`).to.deep.equal(cellValue(value!));
    }
  },
);
