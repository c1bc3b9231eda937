/**
 * Steps that shape the simulated cluster's nodes (`/_sim/nodes`): the whole topology from a table
 * (`name | roles | attributes`, roles and `key=value` attributes comma-separated), a node joining, and
 * a node leaving (stopping) and coming back. Every step is one `/_sim` request, in-process and over HTTP.
 */
import { DataTable, Given, When } from '../src/cucumber/cucumber';
import type { IlmWorld } from '../src/cucumber/world';

/** A table row as `/_sim/nodes` takes a node. */
function nodeOf(row: Record<string, string>): Record<string, unknown> {
  const list = (text: string | undefined) => (text ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  const attributes: Record<string, string> = {};
  for (const pair of list(row['attributes'])) {
    const eq = pair.indexOf('=');
    attributes[eq < 0 ? pair : pair.slice(0, eq).trim()] = eq < 0 ? '' : pair.slice(eq + 1).trim();
  }
  return { name: row['name'], ...(row['roles'] !== undefined ? { roles: list(row['roles']) } : {}), attributes };
}

Given('a cluster with the nodes:', async function (this: IlmWorld, table: DataTable) {
  await this.sendOk('PUT', '/_sim/nodes', { nodes: table.hashes().map(nodeOf) });
});

When('a node joins the cluster:', async function (this: IlmWorld, table: DataTable) {
  for (const row of table.hashes()) await this.sendOk('POST', '/_sim/nodes', nodeOf(row));
});

When('the node {string} leaves the cluster', async function (this: IlmWorld, name: string) {
  await this.sendOk('POST', `/_sim/nodes/${encodeURIComponent(name)}/_stop`);
});

When('the node {string} comes back', async function (this: IlmWorld, name: string) {
  await this.sendOk('POST', `/_sim/nodes/${encodeURIComponent(name)}/_start`);
});
