/**
 * The ILM bootstrap Beats and Logstash send, written from their documented setup (Filebeat 7.17's
 * `setup.ilm.*` with a legacy template; Logstash 8's `ilm_*` options with a composable template): the
 * ILM availability check, the policy, the template carrying index.lifecycle.name and rollover_alias, the
 * write-alias check, and the date-math first index `<name-{now/d}-000001>` URL-encoded with the write alias.
 * Then events, a day on the clock, and the rollover checked: the next index named after its own day.
 */
import { strict as assert } from 'node:assert';
import type { Case } from './run';
import { es, Profile } from './http';

export interface Shipper {
  name: string;
  profile: Profile;
  version: string;
  alias: string;
  policy: string;
  /** Is ILM available? Beats read GET /_xpack, Logstash 8 the license. */
  checkAvailable(url: string): Promise<void>;
  putTemplate(url: string, answerOfHead: number): Promise<void>;
}

export const filebeat: Shipper = {
  name: 'Filebeat 7.17 setup.ilm (legacy template)',
  profile: '7.17',
  version: '7.17.6',
  alias: 'filebeat-7.17.6',
  policy: 'filebeat',
  async checkAvailable(url) {
    const xpack = (await es(url, 'GET', '/_xpack')).body as { features: { ilm: { available: boolean; enabled: boolean } } };
    assert.deepEqual([xpack.features.ilm.available, xpack.features.ilm.enabled], [true, true], 'GET /_xpack: ILM available and enabled');
  },
  async putTemplate(url, answerOfHead) {
    const name = 'filebeat-7.17.6';
    assert.equal(answerOfHead, 404, `HEAD /_template/${name} before setup`);
    await es(url, 'PUT', `/_template/${name}`, {
      index_patterns: [`${name}-*`],
      order: 1,
      settings: { index: { lifecycle: { name: 'filebeat', rollover_alias: name }, number_of_replicas: 0, 'mapping.total_fields.limit': 10000 } },
      mappings: { properties: { '@timestamp': { type: 'date' }, message: { type: 'text' } } },
    });
    assert.equal((await es(url, 'HEAD', `/_template/${name}`, undefined, [404])).status, 200, 'the template exists');
  },
};

export const logstash: Shipper = {
  name: 'Logstash 8 ilm_* options (composable template)',
  profile: '8.19',
  version: '8.19.0',
  alias: 'logstash',
  policy: 'logstash-policy',
  async checkAvailable(url) {
    const license = (await es(url, 'GET', '/_license')).body as { license: { status: string } };
    assert.equal(license.license.status, 'active', 'GET /_license');
  },
  async putTemplate(url, answerOfHead) {
    assert.equal(answerOfHead, 404, 'HEAD /_index_template/ecs-logstash before setup');
    await es(url, 'PUT', '/_index_template/ecs-logstash', {
      index_patterns: ['logstash-*'],
      priority: 200,
      template: {
        settings: { index: { lifecycle: { name: 'logstash-policy', rollover_alias: 'logstash' }, number_of_replicas: 0 } },
        mappings: { properties: { '@timestamp': { type: 'date' } } },
      },
    });
  },
};

/**
 * The shipper's ILM bootstrap against `url`: the version and ILM checks, the policy (with `phases`,
 * written only when missing, as `ilm.overwrite: false`), the template, the write-alias check and the
 * date-math first index with the write alias. Answers the first index's name. Also used by
 * `capture-bundles.ts` to make the twin's fixtures from the same workflow.
 */
export async function bootstrap(url: string, shipper: Shipper, phases: Record<string, unknown>): Promise<string> {
  const info = (await es(url, 'GET', '/')).body as { version: { number: string } };
  assert.equal(info.version.number, shipper.version);
  await shipper.checkAvailable(url);
  // The policy: written only when missing, as both shippers do (ilm.overwrite false).
  assert.equal((await es(url, 'GET', `/_ilm/policy/${shipper.policy}`, undefined, [404])).status, 404);
  await es(url, 'PUT', `/_ilm/policy/${shipper.policy}`, { policy: { phases } });
  const templatePath = shipper.profile === '7.17' ? `/_template/${shipper.alias}` : '/_index_template/ecs-logstash';
  await shipper.putTemplate(url, (await es(url, 'HEAD', templatePath, undefined, [404])).status);
  // The write alias: checked, then created with the date-math first index.
  assert.equal((await es(url, 'HEAD', `/_alias/${shipper.alias}`, undefined, [404])).status, 404, 'no write alias yet');
  const created = (
    await es(url, 'PUT', `/${encodeURIComponent(`<${shipper.alias}-{now/d}-000001>`)}`, {
      aliases: { [shipper.alias]: { is_write_index: true } },
    })
  ).body as { index: string };
  assert.equal((await es(url, 'HEAD', `/_alias/${shipper.alias}`)).status, 200);
  return created.index;
}

function bootstrapCase(shipper: Shipper): Case {
  return {
    name: `${shipper.name}: policy, template, <${shipper.alias}-{now/d}-000001> with the write alias, rollover to the next day's name`,
    profile: shipper.profile,
    async run(url) {
      const first = await bootstrap(url, shipper, { hot: { min_age: '0ms', actions: { rollover: { max_size: '50gb', max_age: '1d' } } } });
      assert.equal(first, `${shipper.alias}-2024.01.01-000001`, 'date math resolved on the simulated clock (2024-01-01)');

      const events = Array.from(
        { length: 20 },
        (_, n) => `{"create":{}}\n{"@timestamp":"2024-01-01T00:00:${String(n).padStart(2, '0')}Z","message":"event ${n}"}\n`,
      ).join('');
      const bulk = (await es(url, 'POST', `/${shipper.alias}/_bulk`, events)).body as { errors: boolean; items: { create: { _index: string } }[] };
      assert.equal(bulk.errors, false);
      assert.deepEqual([...new Set(bulk.items.map((item) => item.create._index))], [first], 'events went to the write index');
      const settings = (await es(url, 'GET', `/${first}/_settings`)).body as Record<
        string,
        { settings: { index: { lifecycle: { name: string; rollover_alias: string } } } }
      >;
      assert.deepEqual(settings[first]!.settings.index.lifecycle, { name: shipper.policy, rollover_alias: shipper.alias }, 'the template put ILM on the index');

      await es(url, 'POST', '/_sim/clock/_advance', { by: '25h' });
      const second = `${shipper.alias}-2024.01.02-000002`;
      const explain = (await es(url, 'GET', `/${shipper.alias}-*/_ilm/explain`)).body as {
        indices: Record<string, { action?: string; step?: string; policy?: string }>;
      };
      assert.deepEqual(Object.keys(explain.indices).sort(), [first, second], 'the rollover target is named after its own day');
      assert.deepEqual([explain.indices[first]!.action, explain.indices[first]!.step], ['complete', 'complete'], 'the first index rolled over');
      assert.equal(explain.indices[second]!.policy, shipper.policy);
      const aliases = (await es(url, 'GET', `/_alias/${shipper.alias}`)).body as Record<string, { aliases: Record<string, { is_write_index?: boolean }> }>;
      assert.equal(aliases[second]!.aliases[shipper.alias]!.is_write_index, true, 'the write alias moved');
      assert.equal(aliases[first]!.aliases[shipper.alias]!.is_write_index, false);
      const more = (await es(url, 'POST', `/${shipper.alias}/_bulk`, events)).body as { items: { create: { _index: string } }[] };
      assert.equal(more.items[0]!.create._index, second, "new events go to the new day's index");
      const cat = (await es(url, 'GET', `/_cat/indices/${shipper.alias}-*?h=index,docs.count&s=index&format=json`)).body;
      assert.deepEqual(cat, [
        { index: first, 'docs.count': '20' },
        { index: second, 'docs.count': '20' },
      ]);
    },
  };
}

export const bootstrapCases: Case[] = [bootstrapCase(filebeat), bootstrapCase(logstash)];
