/**
 * The 8.x/9.x built-in stack templates (ES `x-pack/plugin/core/template-resources/src/main/resources/`
 * `*@template.json`, `*@settings.json`, `*@mappings.json`, `*@lifecycle.json`): 8.12 renamed them to the
 * `@` names (`StackTemplateRegistry`) and kept installing the old names marked `deprecated`
 * (`LegacyStackTemplateRegistry`, registry version 5). Data only.
 */
import type { BuiltIn, StackCatalogue } from './built-in';

/** `LegacyStackTemplateRegistry.REGISTRY_VERSION` (8.12 onwards). */
const LEGACY_VERSION = 5;

const meta = (description: string) => ({ description, managed: true });

const TOTAL_FIELDS = { total_fields: { ignore_dynamic_beyond_limit: true } };

/** The `@` component templates' bodies without `version`/`deprecated` (added per registry below). */
const COMPONENTS: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
  [
    'data-streams@mappings',
    'data-streams-mappings',
    {
      template: {
        mappings: {
          dynamic_templates: [
            { match_ip: { match_mapping_type: 'string', match: 'ip', mapping: { type: 'ip' } } },
            { match_message: { match_mapping_type: 'string', match: 'message', mapping: { type: 'match_only_text' } } },
            { strings_as_keyword: { mapping: { ignore_above: 1024, type: 'keyword' }, match_mapping_type: 'string' } },
          ],
          date_detection: false,
          properties: {
            '@timestamp': { type: 'date' },
            data_stream: { properties: { dataset: { type: 'constant_keyword' }, namespace: { type: 'constant_keyword' } } },
            ecs: { properties: { version: { ignore_above: 1024, type: 'keyword' } } },
            host: { type: 'object' },
          },
        },
      },
      _meta: meta('general mapping conventions for data streams'),
    },
  ],
  [
    'logs@mappings',
    'logs-mappings',
    {
      template: {
        mappings: {
          date_detection: false,
          // The newest stored file also maps `@timestamp` as `date_nanos`, a later change (discussed in
          // elastic/elasticsearch#102548); the logs@mappings Elastic documents for 9.x (docs-content#2689)
          // has only these fields, leaving `@timestamp` to the data stream's default `date`.
          properties: {
            'data_stream.type': { type: 'constant_keyword', value: 'logs' },
            'data_stream.dataset': { type: 'constant_keyword' },
            'data_stream.namespace': { type: 'constant_keyword' },
          },
        },
      },
      _meta: meta('default mappings for the logs index template installed by x-pack'),
    },
  ],
  [
    'ecs@mappings',
    'ecs@dynamic_templates',
    {
      template: {
        mappings: {
          dynamic_templates: [
            { ecs_timestamp: { mapping: { ignore_malformed: false, type: 'date' }, match: '@timestamp' } },
            { ecs_message_match_only_text: { mapping: { type: 'match_only_text' }, path_match: ['message', '*.message'] } },
            { ecs_ip: { mapping: { type: 'ip' }, path_match: ['ip', '*.ip', '*_ip'], match_mapping_type: 'string' } },
            { ecs_wildcard: { mapping: { type: 'wildcard' }, path_match: ['*.io.text', '*.message_id', '*registry.data.strings', '*url.path'] } },
            {
              ecs_path_match_wildcard_and_match_only_text: {
                mapping: { fields: { text: { type: 'match_only_text' } }, type: 'wildcard' },
                path_match: ['*.body.content', '*url.full', '*url.original'],
              },
            },
            {
              ecs_match_wildcard_and_match_only_text: {
                mapping: { fields: { text: { type: 'match_only_text' } }, type: 'wildcard' },
                match: ['*command_line', '*stack_trace'],
              },
            },
            {
              ecs_path_match_keyword_and_match_only_text: {
                mapping: { fields: { text: { type: 'match_only_text' } }, type: 'keyword' },
                path_match: [
                  '*.title',
                  '*.executable',
                  '*.name',
                  '*.working_directory',
                  '*.full_name',
                  '*file.path',
                  '*file.target_path',
                  '*os.full',
                  'email.subject',
                  'vulnerability.description',
                  'user_agent.original',
                ],
              },
            },
            {
              ecs_date: {
                mapping: { type: 'date' },
                path_match: [
                  '*.timestamp',
                  '*_timestamp',
                  '*.not_after',
                  '*.not_before',
                  '*.accessed',
                  'created',
                  '*.created',
                  '*.installed',
                  '*.creation_date',
                  '*.ctime',
                  '*.mtime',
                  'ingested',
                  '*.ingested',
                  '*.start',
                  '*.end',
                ],
              },
            },
            { ecs_path_match_float: { mapping: { type: 'float' }, path_match: ['*.score.*', '*_score*'], path_unmatch: '*.version' } },
            { ecs_usage_double_scaled_float: { mapping: { type: 'scaled_float', scaling_factor: 1000 }, path_match: '*.usage', match_mapping_type: 'double' } },
            { ecs_usage_long_scaled_float: { mapping: { type: 'scaled_float', scaling_factor: 1000 }, path_match: '*.usage', match_mapping_type: 'long' } },
            { ecs_geo_point: { mapping: { type: 'geo_point' }, path_match: ['location', '*.location'] } },
            { ecs_flattened: { mapping: { type: 'flattened' }, path_match: ['*structured_data', '*exports', '*imports'] } },
            { all_strings_to_keywords: { mapping: { ignore_above: 1024, type: 'keyword' }, match_mapping_type: 'string' } },
          ],
        },
      },
      _meta: meta('dynamic mappings based on ECS, installed by x-pack'),
    },
  ],
  [
    'logs@settings',
    'logs-settings',
    {
      template: {
        settings: {
          index: {
            lifecycle: { name: 'logs@lifecycle' },
            codec: 'best_compression',
            mapping: { ignore_malformed: true, ...TOTAL_FIELDS },
            default_pipeline: 'logs@default-pipeline',
          },
        },
      },
      _meta: meta('default settings for the logs index template installed by x-pack'),
    },
  ],
  [
    'metrics@mappings',
    'metrics-mappings',
    {
      template: {
        mappings: {
          dynamic_templates: [
            { long_metrics: { match_mapping_type: 'long', mapping: { type: 'long', index: false } } },
            { float_metrics: { match_mapping_type: 'double', mapping: { type: 'float', index: false } } },
            { double_metrics: { mapping: { type: 'double', index: false } } },
            { histogram_metrics: { mapping: { type: 'histogram' } } },
            { summary_metrics: { mapping: { type: 'aggregate_metric_double', metrics: ['sum', 'value_count'], default_metric: 'value_count' } } },
            { histogram: { mapping: { type: 'histogram', ignore_malformed: true } } },
            { counter_long: { mapping: { type: 'long', time_series_metric: 'counter', ignore_malformed: true } } },
            { gauge_long: { mapping: { type: 'long', time_series_metric: 'gauge', ignore_malformed: true } } },
            { counter_double: { mapping: { type: 'double', time_series_metric: 'counter', ignore_malformed: true } } },
            { gauge_double: { mapping: { type: 'double', time_series_metric: 'gauge', ignore_malformed: true } } },
          ],
          properties: { data_stream: { properties: { type: { type: 'constant_keyword', value: 'metrics' } } } },
        },
      },
      _meta: meta('default mappings for the metrics index template installed by x-pack'),
    },
  ],
  [
    'metrics@settings',
    'metrics-settings',
    {
      template: {
        settings: {
          index: {
            lifecycle: { name: 'metrics' },
            codec: 'best_compression',
            mapping: { ignore_malformed: true, ...TOTAL_FIELDS },
            query: { default_field: ['message'] },
          },
        },
      },
      _meta: meta('default settings for the metrics index template installed by x-pack'),
    },
  ],
  [
    'metrics@tsdb-settings',
    'metrics-tsdb-settings',
    {
      template: { settings: { index: { lifecycle: { name: 'metrics' }, mapping: TOTAL_FIELDS, query: { default_field: ['message'] } } } },
      _meta: meta('default settings for the metrics index template installed by x-pack'),
    },
  ],
  [
    'synthetics@mappings',
    'synthetics-mappings',
    {
      template: { mappings: { properties: { data_stream: { properties: { type: { type: 'constant_keyword', value: 'synthetics' } } } } } },
      _meta: meta('default mappings for the synthetics index template installed by x-pack'),
    },
  ],
  [
    'synthetics@settings',
    'synthetics-settings',
    {
      template: { settings: { index: { lifecycle: { name: 'synthetics' }, codec: 'best_compression' } } },
      _meta: meta('default settings for the synthetics index template installed by x-pack'),
    },
  ],
];

const ROLLOVER_30D = { rollover: { max_primary_shard_size: '50gb', max_age: '30d' } };
const WARM_2D = { min_age: '2d', actions: { shrink: { number_of_shards: 1 }, forcemerge: { max_num_segments: 1 } } };

function retentionPolicy(days: number, cold: boolean): Record<string, unknown> {
  const phases: Record<string, unknown> = {
    hot: { actions: days === 7 ? { rollover: { max_primary_shard_size: '50gb', max_age: '7d' } } : ROLLOVER_30D },
    warm: WARM_2D,
    ...(cold ? { cold: { min_age: '30d', actions: {} } } : {}),
    delete: { min_age: `${days}d`, actions: { delete: {} } },
  };
  const phasesWord = cold ? 'the hot, warm, and cold phases' : 'the hot and warm phases';
  return { phases, _meta: meta(`built-in ILM policy using ${phasesWord} with a retention of ${days} days`) };
}

/** [current name, legacy name, policy body]. */
const POLICIES: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
  ...(['logs', 'metrics', 'synthetics'] as const).map(
    (family) =>
      [
        `${family}@lifecycle`,
        family,
        { phases: { hot: { actions: ROLLOVER_30D } }, _meta: meta(`default policy for the ${family} index template installed by x-pack`) },
      ] as const,
  ),
  ['7-days@lifecycle', '7-days-default', retentionPolicy(7, false)],
  ['30-days@lifecycle', '30-days-default', retentionPolicy(30, false)],
  ['90-days@lifecycle', '90-days-default', retentionPolicy(90, true)],
  ['180-days@lifecycle', '180-days-default', retentionPolicy(180, true)],
  ['365-days@lifecycle', '365-days-default', retentionPolicy(365, true)],
];

/** `deprecated` as the registries' resource files write it (`data-streams@mappings` and `metrics` leave it out). */
const WITHOUT_DEPRECATED = new Set(['data-streams@mappings']);

function catalogue(registryVersion: number): StackCatalogue {
  const current = COMPONENTS.map(([name, , body]) => ({
    name,
    body: { ...body, version: registryVersion, ...(WITHOUT_DEPRECATED.has(name) ? {} : { deprecated: false }) },
  }));
  const legacy = COMPONENTS.map(([, name, body]) => ({ name, body: { ...body, version: LEGACY_VERSION, deprecated: true } }));
  const familyTemplate = (family: string, composedOf: string[], custom: string | null, deprecatedField: boolean): BuiltIn => ({
    name: family,
    body: {
      index_patterns: [`${family}-*-*`],
      priority: 100,
      data_stream: {},
      composed_of: composedOf,
      ...(custom === null ? {} : { ignore_missing_component_templates: [custom] }),
      allow_auto_create: true,
      _meta: meta(`default ${family} template installed by x-pack`),
      version: registryVersion,
      ...(deprecatedField ? { deprecated: false } : {}),
    },
  });
  return {
    componentTemplates: [...current, ...legacy],
    indexTemplates: [
      familyTemplate('logs', ['logs@mappings', 'logs@settings', 'logs@custom', 'ecs@mappings'], 'logs@custom', true),
      familyTemplate('metrics', ['metrics@mappings', 'data-streams@mappings', 'metrics@settings'], null, false),
      familyTemplate('synthetics', ['synthetics@mappings', 'data-streams@mappings', 'synthetics@settings'], null, true),
    ],
    policies: [
      ...POLICIES.map(([name, , body]) => ({ name, body, deprecated: false })),
      ...POLICIES.map(([, name, body]) => ({ name, body, deprecated: true })),
    ],
    enabledSettingDynamic: true,
  };
}

/** 8.19: `StackTemplateRegistry.REGISTRY_VERSION` 14. */
export const STACK_V8_19: StackCatalogue = catalogue(14);

/** 9.1: `StackTemplateRegistry.REGISTRY_VERSION` 16. */
export const STACK_V9_1: StackCatalogue = catalogue(16);
