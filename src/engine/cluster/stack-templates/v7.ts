/**
 * The 7.x built-in stack templates (ES 7.9-7.17 `x-pack/plugin/core/src/main/resources/logs-*.json`,
 * `metrics-*.json`, `synthetics-*.json`, `data-streams-mappings.json`, loaded by
 * `StackTemplateRegistry` with `xpack.stack.template.version` = its `REGISTRY_VERSION`, 1 throughout 7.x).
 * Data only; what differs between 7.10 and 7.17 is spelled out where it is built.
 */
import type { BuiltIn, StackCatalogue } from './built-in';

const VERSION = 1;

const meta = (description: string) => ({ description, managed: true });

/** `ecs.version`, `host.ip` and the `data_stream.*` constant keywords every 7.x mappings component has. */
function dataStreamProperties(type: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '@timestamp': { type: 'date' },
    data_stream: {
      properties: {
        type: { type: 'constant_keyword', value: type },
        dataset: { type: 'constant_keyword' },
        namespace: { type: 'constant_keyword' },
      },
    },
    ecs: { properties: { version: { ignore_above: 1024, type: 'keyword' } } },
    host: { properties: { ip: { type: 'ip' } } },
    ...extra,
  };
}

const STRINGS_AS_KEYWORD = { strings_as_keyword: { mapping: { ignore_above: 1024, type: 'keyword' }, match_mapping_type: 'string' } };

const LOGS_MAPPINGS: BuiltIn = {
  name: 'logs-mappings',
  body: {
    template: {
      mappings: {
        dynamic_templates: [
          {
            ...STRINGS_AS_KEYWORD,
            match_ip: { match_mapping_type: 'string', path_match: '*.ip', mapping: { type: 'ip' } },
            match_message: { match_mapping_type: 'string', path_match: '*.message', mapping: { type: 'text' } },
          },
        ],
        date_detection: false,
        properties: dataStreamProperties('logs', { message: { type: 'text' } }),
      },
    },
    _meta: meta('default mappings for the logs index template installed by x-pack'),
    version: VERSION,
  },
};

const METRICS_MAPPINGS: BuiltIn = {
  name: 'metrics-mappings',
  body: {
    template: { mappings: { dynamic_templates: [STRINGS_AS_KEYWORD], date_detection: false, properties: dataStreamProperties('metrics') } },
    _meta: meta('default mappings for the metrics index template installed by x-pack'),
    version: VERSION,
  },
};

const SYNTHETICS_MAPPINGS: BuiltIn = {
  name: 'synthetics-mappings',
  body: {
    template: {
      mappings: {
        dynamic_templates: [STRINGS_AS_KEYWORD],
        date_detection: false,
        properties: dataStreamProperties('synthetics', { observer: { properties: { ip: { type: 'ip' } } } }),
      },
    },
    _meta: meta('default mappings for the synthetics index template installed by x-pack'),
    version: VERSION,
  },
};

/** 7.11+: general conventions for data streams (ES's file carries `synthetics` as the type value). */
const DATA_STREAMS_MAPPINGS: BuiltIn = {
  name: 'data-streams-mappings',
  body: {
    template: {
      mappings: {
        dynamic_templates: [{ match_ip: { match_mapping_type: 'string', match: 'ip', mapping: { type: 'ip' } } }, STRINGS_AS_KEYWORD],
        date_detection: false,
        properties: dataStreamProperties('synthetics', { observer: { properties: { ip: { type: 'ip' } } } }),
      },
    },
    _meta: meta('general mapping conventions for data streams'),
    version: VERSION,
  },
};

function settingsComponent(family: string, settings: Record<string, unknown>): BuiltIn {
  return {
    name: `${family}-settings`,
    body: {
      template: { settings: { index: settings } },
      _meta: meta(`default settings for the ${family} index template installed by x-pack`),
      version: VERSION,
    },
  };
}

/** Every 7.x family's settings: its policy, `best_compression`, and `message` as the default query field. */
function familySettings(family: string): BuiltIn {
  return settingsComponent(family, { lifecycle: { name: family }, codec: 'best_compression', query: { default_field: ['message'] } });
}

function indexTemplate(family: string, composedOf: string[], allowAutoCreate: boolean): BuiltIn {
  return {
    name: family,
    body: {
      index_patterns: [`${family}-*-*`],
      priority: 100,
      data_stream: {},
      composed_of: composedOf,
      ...(allowAutoCreate ? { allow_auto_create: true } : {}),
      _meta: meta(`default ${family} template installed by x-pack`),
      version: VERSION,
    },
  };
}

/** The 30-day/50gb hot-phase policy of each family (`max_size` before 7.13, then `max_primary_shard_size`). */
function familyPolicy(family: string, sizeCondition: 'max_size' | 'max_primary_shard_size', withMeta: boolean): BuiltIn {
  return {
    name: family,
    body: {
      phases: { hot: { actions: { rollover: { [sizeCondition]: '50gb', max_age: '30d' } } } },
      ...(withMeta ? { _meta: meta(`default policy for the ${family} index template installed by x-pack`) } : {}),
    },
  };
}

/**
 * 7.10 (the registry as 7.9 introduced it): no `data-streams-mappings`, no `allow_auto_create` (7.11),
 * policies without `_meta` (7.14) rolling over at `max_size`.
 */
export const STACK_V7_10: StackCatalogue = {
  componentTemplates: [LOGS_MAPPINGS, familySettings('logs'), METRICS_MAPPINGS, familySettings('metrics'), SYNTHETICS_MAPPINGS, familySettings('synthetics')],
  indexTemplates: [
    indexTemplate('logs', ['logs-mappings', 'logs-settings'], false),
    indexTemplate('metrics', ['metrics-mappings', 'metrics-settings'], false),
    indexTemplate('synthetics', ['synthetics-mappings', 'synthetics-settings'], false),
  ],
  policies: [familyPolicy('logs', 'max_size', false), familyPolicy('metrics', 'max_size', false), familyPolicy('synthetics', 'max_size', false)],
  enabledSettingDynamic: false,
};

/** 7.17: `data-streams-mappings` composed in, `allow_auto_create`, policies with `_meta` rolling over at `max_primary_shard_size`. */
export const STACK_V7_17: StackCatalogue = {
  componentTemplates: [
    DATA_STREAMS_MAPPINGS,
    LOGS_MAPPINGS,
    // `mapping.ignore_malformed: true` came with 8.8 (elastic/elasticsearch#95329), not in 7.x.
    familySettings('logs'),
    METRICS_MAPPINGS,
    familySettings('metrics'),
    SYNTHETICS_MAPPINGS,
    familySettings('synthetics'),
  ],
  indexTemplates: [
    indexTemplate('logs', ['logs-mappings', 'data-streams-mappings', 'logs-settings'], true),
    indexTemplate('metrics', ['metrics-mappings', 'data-streams-mappings', 'metrics-settings'], true),
    indexTemplate('synthetics', ['synthetics-mappings', 'data-streams-mappings', 'synthetics-settings'], true),
  ],
  policies: [
    familyPolicy('logs', 'max_primary_shard_size', true),
    familyPolicy('metrics', 'max_primary_shard_size', true),
    familyPolicy('synthetics', 'max_primary_shard_size', true),
  ],
  enabledSettingDynamic: true,
};
