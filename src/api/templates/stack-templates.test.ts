/**
 * Tests for installing the built-in stack templates: what a fresh simulator of each profile holds,
 * the `stackTemplates: false` option, a reset putting them back after a user changed them, the
 * `stack.templates.enabled` cluster setting per release, and the creation cost staying small.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

const get = (sim: ReturnType<typeof createSimulator>, path: string) => sim.requestSync({ method: 'GET', path });
const names = (body: unknown, list: 'index_templates' | 'component_templates') =>
  ((body as Record<string, Array<{ name: string }>>)[list] ?? []).map((t) => t.name);

describe('built-in stack templates (ES StackTemplateRegistry at start-up)', () => {
  it('6.6 starts empty; 7.10 and 7.17 with logs, metrics and synthetics; 8.19 and 9.1 with the @ names and the legacy ones', () => {
    expect(get(createSimulator({ profile: '6.6' }), '/_ilm/policy').body).to.deep.equal({});
    for (const profile of ['7.10', '7.17']) {
      const sim = createSimulator({ profile });
      expect(names(get(sim, '/_index_template').body, 'index_templates')).to.deep.equal(['logs', 'metrics', 'synthetics']);
      expect(Object.keys(get(sim, '/_ilm/policy').body as object)).to.deep.equal(['logs', 'metrics', 'synthetics']);
    }
    for (const profile of ['8.19', '9.1']) {
      const sim = createSimulator({ profile });
      expect(names(get(sim, '/_index_template').body, 'index_templates')).to.deep.equal(['logs', 'metrics', 'synthetics']);
      const components = names(get(sim, '/_component_template').body, 'component_templates');
      expect(components).to.include.members([
        'logs@settings',
        'logs@mappings',
        'ecs@mappings',
        'data-streams@mappings',
        'logs-settings',
        'ecs@dynamic_templates',
      ]);
      expect(components).to.have.length(18);
      expect(Object.keys(get(sim, '/_ilm/policy').body as object)).to.have.length(16);
    }
  });

  it('policies carry the start instant, version 1, the _meta the release keeps and the template using them', () => {
    const sim = createSimulator({ profile: '7.17', startTime: '2025-03-01T12:00:00Z' });
    expect(get(sim, '/_ilm/policy/metrics').text).to.equal(
      '{"metrics":{"version":1,"modified_date":"2025-03-01T12:00Z","policy":{"phases":{"hot":{"min_age":"0ms","actions":{"rollover":{"max_primary_shard_size":"50gb","max_age":"30d"}}}},"_meta":{"description":"default policy for the metrics index template installed by x-pack","managed":true}},"in_use_by":{"indices":[],"data_streams":[],"composable_templates":["metrics"]}}}',
    );
  });

  it('stackTemplates: false starts as a blank cluster; reset keeps it blank', () => {
    const sim = createSimulator({ profile: '8.19', stackTemplates: false });
    expect(sim.options.stackTemplates).to.equal(false);
    expect(get(sim, '/_index_template').body).to.deep.equal({ index_templates: [] });
    sim.requestSync({ method: 'POST', path: '/_sim/_reset' });
    expect(get(sim, '/_component_template').body).to.deep.equal({ component_templates: [] });
    expect(createSimulator().options).not.to.have.property('stackTemplates');
    expect(() => createSimulator({ stackTemplates: 'no' as unknown as boolean })).to.throw('invalid stackTemplates [no]: must be true or false');
  });

  it('a deleted or overwritten built-in stays so until a reset puts it back', () => {
    const sim = createSimulator({ profile: '8.19' });
    expect(sim.requestSync({ method: 'DELETE', path: '/_index_template/logs' }).status).to.equal(200);
    expect(
      sim.requestSync({ method: 'PUT', path: '/_ilm/policy/logs@lifecycle', body: { policy: { phases: { delete: { actions: { delete: {} } } } } } }).status,
    ).to.equal(200);
    expect((get(sim, '/_ilm/policy/logs@lifecycle').body as Record<string, { version: number }>)['logs@lifecycle']!.version).to.equal(2);
    expect(get(sim, '/_index_template/logs').status).to.equal(404);
    sim.requestSync({ method: 'POST', path: '/_sim/_reset' });
    expect(get(sim, '/_index_template/logs').status).to.equal(200);
    expect((get(sim, '/_ilm/policy/logs@lifecycle').body as Record<string, { version: number }>)['logs@lifecycle']!.version).to.equal(1);
  });

  it('a built-in policy re-put unchanged is a no-op in 8.x (its canonical form matches)', () => {
    const sim = createSimulator({ profile: '8.19' });
    const body = {
      policy: {
        phases: { hot: { actions: { rollover: { max_primary_shard_size: '50gb', max_age: '30d' } } } },
        _meta: { description: 'default policy for the synthetics index template installed by x-pack', managed: true },
      },
    };
    expect(sim.requestSync({ method: 'PUT', path: '/_ilm/policy/synthetics@lifecycle', body }).status).to.equal(200);
    // The stored policy also says `deprecated: false`, which a PUT without it does not: a new version.
    expect((get(sim, '/_ilm/policy/synthetics@lifecycle').body as Record<string, { version: number }>)['synthetics@lifecycle']!.version).to.equal(2);
  });

  it('stack.templates.enabled: unknown in 6.6, static in 7.10, dynamic (and in the defaults) from 7.17', () => {
    const put = (profile: string) =>
      createSimulator({ profile }).requestSync({ method: 'PUT', path: '/_cluster/settings', body: { transient: { 'stack.templates.enabled': 'false' } } })
        .body as { error?: { reason: string } };
    expect(put('6.6').error!.reason).to.equal('transient setting [stack.templates.enabled], not recognized');
    expect(put('7.10').error!.reason).to.equal('transient setting [stack.templates.enabled], not dynamically updateable');
    expect(put('9.1')).to.deep.equal({ acknowledged: true, persistent: {}, transient: { stack: { templates: { enabled: 'false' } } } });
    const defaults = (sim: ReturnType<typeof createSimulator>) =>
      (get(sim, '/_cluster/settings?include_defaults&flat_settings').body as { defaults: Record<string, string> }).defaults['stack.templates.enabled'];
    expect(defaults(createSimulator({ profile: '6.6' }))).to.equal(undefined);
    expect(defaults(createSimulator({ profile: '7.17' }))).to.equal('true');
    expect(defaults(createSimulator({ profile: '7.17', stackTemplates: false }))).to.equal('false');
  });

  it('list settings show as arrays, nested or flat', () => {
    const sim = createSimulator({ profile: '7.10' });
    const nested = get(sim, '/_component_template/metrics-settings').body as {
      component_templates: Array<{ component_template: { template: { settings: unknown } } }>;
    };
    expect(nested.component_templates[0]!.component_template.template.settings).to.deep.equal({
      index: { codec: 'best_compression', lifecycle: { name: 'metrics' }, query: { default_field: ['message'] } },
    });
    const flat = get(sim, '/_component_template/metrics-settings?flat_settings').body as typeof nested;
    expect(flat.component_templates[0]!.component_template.template.settings).to.deep.equal({
      'index.codec': 'best_compression',
      'index.lifecycle.name': 'metrics',
      'index.query.default_field': ['message'],
    });
  });

  it('creating a simulator stays cheap with the built-ins (parsed once per profile)', () => {
    for (const profile of ['7.10', '8.19']) createSimulator({ profile });
    const started = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) createSimulator({ profile: '8.19' });
    const millisEach = Number(process.hrtime.bigint() - started) / 1e6 / 100;
    expect(millisEach).to.be.below(5);
  });
});
