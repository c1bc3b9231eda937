/**
 * Renders the implementation coverage table (docs/coverage.md) from the route table, the action
 * registry and the profiles, so the documentation cannot drift from the code: `coverage.test.ts`
 * fails when the committed file differs. It reads no files itself.
 */
import { ACTIONS } from '../engine/lifecycle/actions/registry';
import { knownActions } from '../engine/lifecycle/policy-parser';
import { PROFILES } from '../engine/profile';
import { ROUTES } from './routes';

/** Every action any mirrored ES release has, in ES's documentation order. */
const ES_ACTIONS = [
  'rollover',
  'set_priority',
  'unfollow',
  'readonly',
  'shrink',
  'forcemerge',
  'allocate',
  'migrate',
  'freeze',
  'searchable_snapshot',
  'wait_for_snapshot',
  'delete',
  'downsample',
];

export function coverageMarkdown(): string {
  const profiles = [...PROFILES.values()];
  const header = `| | ${profiles.map((p) => p.name).join(' | ')} |\n| --- | ${profiles.map(() => '---').join(' | ')} |`;
  const routeHeader = `| route | parameters | ${profiles.map((p) => p.name).join(' | ')} |\n| --- | --- | ${profiles.map(() => '---').join(' | ')} |`;
  const routeRows = ROUTES.filter((r) => r.pattern[0] !== '_sim').map((r) => {
    const params = r.params.length === 0 ? '' : r.params.map((p) => `\`${p}\``).join(', ');
    const cells = profiles.map((p) => (r.inRelease === undefined || r.inRelease(p) ? 'yes' : 'not in this release'));
    return `| \`${r.method} /${r.pattern.join('/')}\` | ${params} | ${cells.join(' | ')} |`;
  });
  const simRows = ROUTES.filter((r) => r.pattern[0] === '_sim').map((r) => `| \`${r.method} /${r.pattern.join('/')}\` |`);
  const actionRows = ES_ACTIONS.map((action) => {
    const cells = profiles.map((p) => {
      if (!knownActions(p).has(action)) return 'not in this release';
      return ACTIONS.has(action) ? 'runs' : 'refused at PUT (not simulated yet)';
    });
    return `| \`${action}\` | ${cells.join(' | ')} |`;
  });
  return [
    '# Implementation coverage',
    '',
    'Generated from the code (`src/api/coverage.ts`); `src/api/coverage.test.ts` fails when this file is',
    'out of date. Regenerate with `npm run docs:coverage`.',
    '',
    '## Elasticsearch endpoints, per profile',
    '',
    'Every route also takes `pretty`, `human`, `error_trace` and `filter_path`. A release without a route',
    "answers as its router does: the path falls to a route that release had (6.6's `GET /_data_stream` is",
    '`GET /{index}` of an index named `_data_stream`), else `no handler found`.',
    '',
    routeHeader,
    ...routeRows,
    '',
    "Each route's first release is the `since` of Elastic's REST definitions (elasticsearch-specification),",
    'recorded beside the route in `src/api/routes.ts`: composable (`_index_template`) and component templates',
    'arrived in ES 7.8, data streams in 7.9, SLM in 7.4-7.6, `migrate_to_data_tiers` in 7.14, `_health_report`',
    'in 8.7. The 6.6 profile has only the legacy `_template` API, so it never applies a composable template.',
    '',
    '## Simulator control routes (every profile)',
    '',
    '| route |',
    '| --- |',
    ...simRows,
    '',
    '## ILM actions, per profile',
    '',
    header,
    ...actionRows,
    '',
  ].join('\n');
}
