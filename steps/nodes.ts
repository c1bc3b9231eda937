/**
 * Steps that shape the simulated cluster's nodes (`/_sim/nodes`): the whole topology from a table
 * (`name | roles | attributes`, roles and `key=value` attributes comma-separated), a node joining, and
 * a node leaving (stopping) and coming back. Every step is one `/_sim` request, in-process and over HTTP.
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import type { IlmWorld } from '../src/cucumber/world';

const { Given, When } = stepGroup('nodes');

/** A table row as `/_sim/nodes` takes a node. */
function nodeOf(row: Record<string, string>): Record<string, unknown> {
  const list = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  const attributes: Record<string, string> = {};
  for (const pair of list(row['attributes'])) {
    const eq = pair.indexOf('=');
    attributes[eq < 0 ? pair : pair.slice(0, eq).trim()] = eq < 0 ? '' : pair.slice(eq + 1).trim();
  }
  return { name: row['name'], ...(row['roles'] !== undefined ? { roles: list(row['roles']) } : {}), attributes };
}

Given(
  'a cluster with the nodes:',
  {
    says: "Replaces the cluster's nodes with the table `name | roles | attributes` (roles and `key=value` attributes comma-separated); every index is placed again.",
    example:
      'a cluster with the nodes:\n  | name   | roles                        | attributes    |\n  | hot-1  | master,data_hot,data_content | box_type=hot  |\n  | warm-1 | data_warm                    | box_type=warm |',
  },
  async function (this: IlmWorld, table: DataTable) {
    await this.sendOk('PUT', '/_sim/nodes', { nodes: table.hashes().map(nodeOf) });
  },
);

When(
  'a node joins the cluster:',
  {
    says: 'Adds the nodes of the table (same columns).',
    example: 'a node joins the cluster:\n  | name   | roles     |\n  | cold-1 | data_cold |',
  },
  async function (this: IlmWorld, table: DataTable) {
    for (const row of table.hashes()) await this.sendOk('POST', '/_sim/nodes', nodeOf(row));
  },
);

When(
  'the node {string} leaves the cluster',
  {
    says: 'Stops the node: its copies are unassigned, a replica is promoted.',
    example: 'the node "warm-1" leaves the cluster',
  },
  async function (this: IlmWorld, name: string) {
    await this.sendOk('POST', `/_sim/nodes/${encodeURIComponent(name)}/_stop`);
  },
);

When(
  'the node {string} comes back',
  {
    says: 'Starts the stopped node again; its primaries return with it.',
    example: 'the node "warm-1" comes back',
  },
  async function (this: IlmWorld, name: string) {
    await this.sendOk('POST', `/_sim/nodes/${encodeURIComponent(name)}/_start`);
  },
);
