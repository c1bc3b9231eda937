/**
 * Steps about snapshots: register a repository, create an SLM policy and run it now. Each is one ES
 * request (`PUT _snapshot/<repo>`, `PUT _slm/policy/<id>`, `POST _slm/policy/<id>/_execute`).
 */
import { Given, When } from '../cucumber';
import type { IlmWorld } from '../world';

Given('a snapshot repository {string} of type fs', async function (this: IlmWorld, name: string) {
  await this.sendOk('PUT', `/_snapshot/${encodeURIComponent(name)}`, { type: 'fs', settings: { location: `/mnt/snapshots/${name}` } });
});

Given('an SLM policy {string}:', async function (this: IlmWorld, id: string, json: string) {
  await this.sendOk('PUT', `/_slm/policy/${encodeURIComponent(id)}`, json);
});

When('the SLM policy {string} is executed', async function (this: IlmWorld, id: string) {
  await this.sendOk('POST', `/_slm/policy/${encodeURIComponent(id)}/_execute`);
});
