/**
 * Tests for the built-in stack template catalogue per release: which templates, components and
 * policies each profile's registries install, their priorities, patterns, versions and policy phases,
 * and that every composed component is either installed or allowed to be missing.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { stackCatalogue, stackTemplatesSetting } from './catalogue';

const names = (items: ReadonlyArray<{ name: string }>) => items.map((i) => i.name);

describe('stack template catalogue (ES StackTemplateRegistry per release)', () => {
  it('6.6 has no stack registry and no stack.templates.enabled setting', () => {
    expect(stackCatalogue('6.6')).to.equal(null);
    expect(stackTemplatesSetting('6.6')).to.equal('absent');
  });

  it('the setting is static in 7.10 and dynamic from 7.11 (elastic/elasticsearch#63764)', () => {
    expect(stackTemplatesSetting('7.10')).to.equal('static');
    for (const profile of ['7.17', '8.19', '9.1']) expect(stackTemplatesSetting(profile)).to.equal('dynamic');
  });

  it('7.10 installs logs, metrics and synthetics with their two components and max_size policies', () => {
    const catalogue = stackCatalogue('7.10')!;
    expect(names(catalogue.indexTemplates)).to.deep.equal(['logs', 'metrics', 'synthetics']);
    expect(names(catalogue.componentTemplates)).to.deep.equal([
      'logs-mappings',
      'logs-settings',
      'metrics-mappings',
      'metrics-settings',
      'synthetics-mappings',
      'synthetics-settings',
    ]);
    expect(names(catalogue.policies)).to.deep.equal(['logs', 'metrics', 'synthetics']);
    const logs = catalogue.indexTemplates[0]!.body;
    expect(logs).to.deep.include({ index_patterns: ['logs-*-*'], priority: 100, data_stream: {}, composed_of: ['logs-mappings', 'logs-settings'], version: 1 });
    expect(logs).not.to.have.property('allow_auto_create');
    expect(catalogue.policies[0]!.body).to.deep.equal({ phases: { hot: { actions: { rollover: { max_size: '50gb', max_age: '30d' } } } } });
  });

  it('7.17 composes data-streams-mappings, allows auto-creation and gives the policies _meta', () => {
    const catalogue = stackCatalogue('7.17')!;
    expect(names(catalogue.componentTemplates)).to.include('data-streams-mappings');
    expect(catalogue.indexTemplates[0]!.body).to.deep.include({
      composed_of: ['logs-mappings', 'data-streams-mappings', 'logs-settings'],
      allow_auto_create: true,
    });
    expect(catalogue.policies[0]!.body).to.deep.equal({
      phases: { hot: { actions: { rollover: { max_primary_shard_size: '50gb', max_age: '30d' } } } },
      _meta: { description: 'default policy for the logs index template installed by x-pack', managed: true },
    });
  });

  for (const [profile, version] of [
    ['8.19', 14],
    ['9.1', 16],
  ] as const) {
    it(`${profile} installs the @ names (version ${version}) and the deprecated legacy names beside them`, () => {
      const catalogue = stackCatalogue(profile)!;
      expect(names(catalogue.indexTemplates)).to.deep.equal(['logs', 'metrics', 'synthetics']);
      const logs = catalogue.indexTemplates[0]!.body;
      expect(logs).to.deep.include({
        index_patterns: ['logs-*-*'],
        priority: 100,
        composed_of: ['logs@mappings', 'logs@settings', 'logs@custom', 'ecs@mappings'],
        ignore_missing_component_templates: ['logs@custom'],
        allow_auto_create: true,
        version,
        deprecated: false,
      });
      expect(names(catalogue.policies)).to.deep.equal([
        'logs@lifecycle',
        'metrics@lifecycle',
        'synthetics@lifecycle',
        '7-days@lifecycle',
        '30-days@lifecycle',
        '90-days@lifecycle',
        '180-days@lifecycle',
        '365-days@lifecycle',
        'logs',
        'metrics',
        'synthetics',
        '7-days-default',
        '30-days-default',
        '90-days-default',
        '180-days-default',
        '365-days-default',
      ]);
      expect(catalogue.policies.filter((p) => p.deprecated).map((p) => p.name)).to.deep.equal(names(catalogue.policies).slice(8));
      const legacyLogsSettings = catalogue.componentTemplates.find((c) => c.name === 'logs-settings')!.body;
      expect(legacyLogsSettings).to.deep.include({ version: 5, deprecated: true });
      const ninety = catalogue.policies.find((p) => p.name === '90-days@lifecycle')!.body['phases'] as Record<string, unknown>;
      expect(Object.keys(ninety)).to.deep.equal(['hot', 'warm', 'cold', 'delete']);
      expect(ninety['delete']).to.deep.equal({ min_age: '90d', actions: { delete: {} } });
      const logsSettings = catalogue.componentTemplates.find((c) => c.name === 'logs@settings')!.body['template'] as Record<string, any>;
      expect(logsSettings['settings'].index.lifecycle).to.deep.equal({ name: 'logs@lifecycle' });
    });
  }

  for (const profile of ['7.10', '7.17', '8.19', '9.1']) {
    it(`${profile}: every composed component is installed or may be missing, every named policy is installed`, () => {
      const catalogue = stackCatalogue(profile)!;
      const components = new Set(names(catalogue.componentTemplates));
      const policies = new Set(names(catalogue.policies));
      for (const { body } of catalogue.indexTemplates) {
        const ignorable = (body['ignore_missing_component_templates'] as string[] | undefined) ?? [];
        for (const c of body['composed_of'] as string[]) expect(components.has(c) || ignorable.includes(c), c).to.equal(true);
      }
      for (const { body } of catalogue.componentTemplates) {
        const settings = ((body['template'] as Record<string, any>)['settings'] ?? {}) as Record<string, any>;
        const lifecycle = settings['index']?.lifecycle?.name;
        if (lifecycle !== undefined) expect(policies.has(lifecycle), lifecycle).to.equal(true);
      }
    });
  }
});
