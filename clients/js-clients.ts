/**
 * The official JavaScript client at its 7.x, 8.x and 9.x majors (`elasticsearch-7`, `elasticsearch-8` and
 * `@elastic/elasticsearch` in devDependencies), each over HTTP against the release it speaks to: a
 * policy, a composable template carrying index.lifecycle.*, a write alias, a bulk, the rollover and the
 * delete phase, checked through the client's own explain, alias, exists and cat answers.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Case } from './run';
import { es, Profile } from './http';

const POLICY = {
  phases: {
    hot: { actions: { rollover: { max_docs: 100 } } },
    delete: { min_age: '1d', actions: { delete: {} } },
  },
};
const TEMPLATE = {
  index_patterns: ['js-logs-*'],
  template: { settings: { 'index.lifecycle.name': 'js-policy', 'index.lifecycle.rollover_alias': 'js-logs', 'index.number_of_replicas': 0 } },
};
const DOCS = Array.from({ length: 150 }, (_, n) => ({ n }));

interface Explained {
  indices: Record<string, { policy?: string; phase?: string; action?: string; step?: string }>;
}

/** What each major's workflow reports back, for the shared assertions. */
interface Seen {
  version: string;
  bulkErrors: boolean;
  bulkItems: number;
  catDocs: string | undefined;
  explain: Explained;
  aliases: Record<string, { aliases: Record<string, { is_write_index?: boolean }> }>;
  firstExistsAfterDelete: boolean;
  secondExistsAfterDelete: boolean;
  status: string;
}

/** 7.x: request bodies under `body`, answers under `.body`. */
async function run7(url: string): Promise<Seen> {
  const { Client } = require('elasticsearch-7') as typeof import('elasticsearch-7');
  const client = new Client({ node: url });
  const version = (await client.info()).body.version.number;
  await client.ilm.putLifecycle({ policy: 'js-policy', body: { policy: POLICY } });
  await client.indices.putIndexTemplate({ name: 'js-template', body: TEMPLATE });
  await client.indices.create({ index: 'js-logs-000001', body: { aliases: { 'js-logs': { is_write_index: true } } } });
  const bulk = (await client.bulk({ body: DOCS.flatMap((doc) => [{ index: { _index: 'js-logs' } }, doc]) })).body;
  const catDocs = (await client.cat.indices({ index: 'js-logs-000001', format: 'json' })).body[0]?.['docs.count'];
  await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '20m' } });
  const explain = (await client.ilm.explainLifecycle({ index: 'js-logs-*' })).body as Explained;
  const aliases = (await client.indices.getAlias({ name: 'js-logs' })).body as Seen['aliases'];
  await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '2d' } });
  const firstExistsAfterDelete = (await client.indices.exists({ index: 'js-logs-000001' })).body;
  const secondExistsAfterDelete = (await client.indices.exists({ index: 'js-logs-000002' })).body;
  const status = (await client.ilm.getStatus()).body.operation_mode;
  await client.close();
  return { version, bulkErrors: bulk.errors, bulkItems: bulk.items.length, catDocs, explain, aliases, firstExistsAfterDelete, secondExistsAfterDelete, status };
}

/** 8.x and 9.x: flat parameters, answers as the resolved value. */
async function run8or9(url: string, Client: typeof import('@elastic/elasticsearch').Client): Promise<Seen> {
  const client = new Client({ node: url });
  const version = (await client.info()).version.number;
  await client.ilm.putLifecycle({ name: 'js-policy', policy: POLICY });
  await client.indices.putIndexTemplate({ name: 'js-template', ...TEMPLATE });
  await client.indices.create({ index: 'js-logs-000001', aliases: { 'js-logs': { is_write_index: true } } });
  const bulk = await client.bulk({ operations: DOCS.flatMap((doc) => [{ index: { _index: 'js-logs' } }, doc]) });
  const catDocs = (await client.cat.indices({ index: 'js-logs-000001', format: 'json' }))[0]?.['docs.count'] ?? undefined;
  await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '20m' } });
  const explain = (await client.ilm.explainLifecycle({ index: 'js-logs-*' })) as unknown as Explained;
  const aliases = (await client.indices.getAlias({ name: 'js-logs' })) as unknown as Seen['aliases'];
  await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '2d' } });
  const firstExistsAfterDelete = await client.indices.exists({ index: 'js-logs-000001' });
  const secondExistsAfterDelete = await client.indices.exists({ index: 'js-logs-000002' });
  const status = (await client.ilm.getStatus()).operation_mode;
  await client.close();
  return {
    version,
    bulkErrors: bulk.errors,
    bulkItems: bulk.items.length,
    catDocs: catDocs ?? undefined,
    explain,
    aliases,
    firstExistsAfterDelete,
    secondExistsAfterDelete,
    status,
  };
}

function jsCase(major: 7 | 8 | 9, module: string, profile: Profile, version: string, run: (url: string) => Promise<Seen>): Case {
  // The clients' package.json is not in their exports map: read it from node_modules.
  const clientVersion = (JSON.parse(readFileSync(join(__dirname, '..', 'node_modules', module, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    name: `@elastic/elasticsearch ${clientVersion} (${major}.x): policy, composable template, write alias, bulk, rollover, delete phase`,
    profile,
    async run(url) {
      const seen = await run(url);
      assert.equal(seen.version, version, 'GET / version');
      assert.equal(seen.bulkErrors, false, 'bulk errors');
      assert.equal(seen.bulkItems, 150, 'bulk items');
      assert.equal(seen.catDocs, '150', '_cat/indices docs.count');
      const first = seen.explain.indices['js-logs-000001'];
      const second = seen.explain.indices['js-logs-000002'];
      assert.deepEqual([first?.phase, first?.action, first?.step], ['hot', 'complete', 'complete'], 'the first index rolled over');
      assert.equal(second?.policy, 'js-policy', 'the rollover target is managed');
      assert.deepEqual(
        seen.aliases,
        {
          'js-logs-000001': { aliases: { 'js-logs': { is_write_index: false } } },
          'js-logs-000002': { aliases: { 'js-logs': { is_write_index: true } } },
        },
        'the write alias moved to the rollover target',
      );
      assert.equal(seen.firstExistsAfterDelete, false, 'the delete phase removed the first index');
      assert.equal(seen.secondExistsAfterDelete, true, 'the second index is kept');
      assert.equal(seen.status, 'RUNNING');
      const left = (await es(url, 'GET', '/_cat/indices?h=index&format=json')).body as { index: string }[];
      assert.deepEqual(
        left.map((row) => row.index),
        ['js-logs-000002'],
      );
    },
  };
}

export const jsClientCases: Case[] = [
  jsCase(7, 'elasticsearch-7', '7.17', '7.17.6', run7),
  jsCase(8, 'elasticsearch-8', '8.19', '8.19.0', (url) => run8or9(url, (require('elasticsearch-8') as typeof import('@elastic/elasticsearch')).Client)),
  jsCase(9, '@elastic/elasticsearch', '9.1', '9.1.3', (url) =>
    run8or9(url, (require('@elastic/elasticsearch') as typeof import('@elastic/elasticsearch')).Client),
  ),
];
