/**
 * The alias APIs Beats, Logstash and every client use around a rollover alias: `GET|HEAD /_alias`,
 * `/{index}/_alias[/{name}]` (ES `RestGetAliasesAction`), `PUT|POST /{index}/_alias/{name}`
 * (`RestIndexPutAliasAction`), `DELETE /{index}/_alias/{name}` (`RestIndexDeleteAliasesAction`) and
 * `POST /_aliases` (`RestIndicesAliasesAction`). Requests are parsed here; the changes are made all
 * or nothing by `engine/cluster/aliases.ts`.
 *
 * Divergence: ES lists the indices of `GET _alias` in the order of an unordered map; the simulator
 * sorts them by name.
 */
import { AliasAction, aliasesNotFound, applyAliasActions, findAliases } from '../../engine/cluster/aliases';
import type { AliasMetadata, IndexMetadata } from '../../engine/cluster/cluster';
import { resolveDateMathName } from '../../engine/cluster/date-math-names';
import { resolveIndices, simpleMatch, STRICT_EXPAND_OPEN } from '../../engine/cluster/index-resolver';
import { aliasMetadataToXContent } from '../../engine/cluster/index-view';
import { actionRequestValidation, EsException, illegalArgument, parseException } from '../../engine/errors';
import { arrayOf, booleanValue, checkValueTypes, FieldTypes, nested, stringArray, textValue, typedObject } from '../../engine/xcontent/object-parser';
import {
  aliasMetadataFromBody,
  bodyAsMap,
  booleanParam,
  commaList,
  expandHidden,
  HandlerResult,
  isObject,
  ok,
  pathParam,
  RequestContext,
  requiredBody,
} from '../context';

/** The acknowledgement of an alias change: 8.14+ adds `errors` (ES `IndicesAliasesResponse`). */
function aliasesAcknowledged(ctx: RequestContext, results?: readonly Record<string, unknown>[]): HandlerResult {
  if (!ctx.sim.profile.aliasActionResults) return ok({ acknowledged: true });
  const errors = (results ?? []).some((r) => r['status'] !== 200);
  return ok({ acknowledged: true, errors, ...(errors ? { action_results: results } : {}) });
}

/**
 * `GET /_alias[/{name}]`, `GET /{index}/_alias[/{name}]` and their HEAD forms. Without names every
 * resolved index is listed (an index without aliases as `{"aliases":{}}`); with names only the
 * indices holding one, and an explicitly named alias found nowhere makes the answer a 404 that still
 * lists what was found (ES `RestGetAliasesAction#buildRestResponse`).
 */
export function getAliases(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const expression = ctx.params.has('index') ? pathParam(ctx, 'index') : '_all';
  // ES `GetAliasesRequest`: strict, expanding open and hidden indices unless told otherwise.
  const indices = resolveIndices(sim.cluster, expression, {
    ignoreUnavailable: booleanParam(ctx, 'ignore_unavailable', false),
    allowNoIndices: booleanParam(ctx, 'allow_no_indices', true),
    expandHidden: ctx.query.has('expand_wildcards') ? expandHidden(ctx) : true,
  });
  const named = ctx.params.has('name');
  const requested = named ? commaList(pathParam(ctx, 'name')) : [];
  const found = findAliases(sortedByName(indices), requested);
  const returned = new Set<string>();
  for (const aliases of found.values()) for (const [alias] of aliases) returned.add(alias);
  const missing = [...missingAliases(requested, returned)].sort();
  const out: Record<string, unknown> = {};
  if (missing.length > 0) {
    out['error'] = missing.length === 1 ? `alias [${missing[0]}] missing` : `aliases [${missing.join(',')}] missing`;
    out['status'] = 404;
  }
  for (const [index, aliases] of found) {
    if (named && aliases.length === 0) continue;
    const entry: Record<string, unknown> = {};
    for (const [alias, metadata] of aliases) entry[alias] = aliasMetadataToXContent(metadata);
    out[index] = { aliases: entry };
  }
  return ok(out, missing.length > 0 ? 404 : 200);
}

function sortedByName(indices: readonly IndexMetadata[]): IndexMetadata[] {
  return [...indices].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Explicitly requested names not returned and not excluded by a later `-pattern` (ES's rule). */
function missingAliases(requested: readonly string[], returned: ReadonlySet<string>): Set<string> {
  const missing = new Set<string>();
  let firstWildcard = requested.findIndex((a) => a.includes('*'));
  if (firstWildcard < 0) firstWildcard = requested.length;
  for (let i = 0; i < requested.length; i++) {
    const name = requested[i]!;
    if (name === '_all' || name.includes('*') || (i > firstWildcard && name.startsWith('-'))) continue;
    let j = Math.max(i + 1, firstWildcard);
    for (; j < requested.length; j++) {
      const other = requested[j]!;
      if (other.startsWith('-') && (other.slice(1) === '_all' || simpleMatch(other.slice(1), name))) break;
    }
    if (j === requested.length && !returned.has(name)) missing.add(name);
  }
  return missing;
}

/** `PUT|POST /{index}/_alias/{name}`: one add action; the body may name the index and alias too. */
export function putAlias(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  let indexExpression = pathParam(ctx, 'index');
  let alias = pathParam(ctx, 'name');
  let metadata: AliasMetadata = {};
  if (ctx.body !== null && ctx.body.trim().length > 0) {
    const body = bodyAsMap(ctx.body);
    if (typeof body['index'] === 'string') indexExpression = body['index'];
    if (typeof body['alias'] === 'string') alias = body['alias'];
    metadata = aliasMetadataFromBody(body);
  }
  const indices = resolveIndices(sim.cluster, indexExpression, STRICT_EXPAND_OPEN);
  applyAliasActions(sim.cluster, sim.profile, [{ type: 'add', indices, alias: resolveDateMathName(alias, sim.now), metadata }]);
  sim.clusterChanged();
  return aliasesAcknowledged(ctx);
}

/** `DELETE /{index}/_alias/{name}`: names may be a comma list or patterns; none found is a 404. */
export function deleteAlias(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const indices = resolveIndices(sim.cluster, pathParam(ctx, 'index'), STRICT_EXPAND_OPEN);
  const aliases = commaList(pathParam(ctx, 'name'));
  const changed = applyAliasActions(sim.cluster, sim.profile, [{ type: 'remove', indices, aliases, mustExist: false }]);
  if (!changed) throw new EsException(aliasesNotFound(aliases));
  sim.clusterChanged();
  return aliasesAcknowledged(ctx);
}

/** The fields of each alias action, by action name (a Map: a name from the request is looked up by own keys only). */
const ACTION_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['add', ['index', 'indices', 'alias', 'aliases', 'filter', 'routing', 'index_routing', 'search_routing', 'is_write_index', 'is_hidden', 'must_exist']],
  ['remove', ['index', 'indices', 'alias', 'aliases', 'must_exist']],
  ['remove_index', ['index', 'indices', 'must_exist']],
]);

/**
 * The value types of ES `IndicesAliasesRequest.PARSER` (`aliases`), its `alias_action` parser and the
 * `add`, `remove` and `remove_index` parsers of `AliasActions`: names are `declareString`, lists
 * `declareStringArray`, routings `ValueType.INT` read as text (a number or a string), flags booleans.
 */
const ALIASES_TYPES = (() => {
  const targets: FieldTypes = [
    ['index', 'STRING', textValue],
    ['indices', 'STRING_ARRAY', stringArray],
    ['must_exist', 'BOOLEAN', booleanValue],
  ];
  const named: FieldTypes = [...targets, ['alias', 'STRING', textValue], ['aliases', 'STRING_ARRAY', stringArray]];
  const add: FieldTypes = [
    ...named,
    ['filter', 'OBJECT'],
    ['routing', 'INT', textValue],
    ['index_routing', 'INT', textValue],
    ['search_routing', 'INT', textValue],
    ['is_write_index', 'BOOLEAN', booleanValue],
    ['is_hidden', 'BOOLEAN', booleanValue],
  ];
  const action = nested('alias_action', [
    ['add', 'OBJECT', nested('add', add)],
    ['remove', 'OBJECT', nested('remove', named)],
    ['remove_index', 'OBJECT', nested('remove_index', targets)],
  ]);
  return typedObject('aliases', [['actions', 'OBJECT_ARRAY', (p) => arrayOf(p, action)]]);
})();

function names(spec: Record<string, unknown>, one: string, many: string): string[] {
  const out: string[] = [];
  const single = spec[one];
  if (typeof single === 'string') out.push(single);
  const list = spec[many];
  if (typeof list === 'string') out.push(list);
  else if (Array.isArray(list)) for (const item of list) out.push(String(item));
  return out;
}

/**
 * `POST /_aliases {"actions": [...]}`: ES `IndicesAliasesRequest` parsing and `AliasActions#validate`,
 * then every action resolved and applied at once.
 *
 * Divergence: ES's object parser names the JSON position of a wrongly typed field; the simulator
 * refuses the same bodies with `parse_exception` or the validation message, without positions.
 */
export function updateAliases(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) {
    if (key !== 'actions') throw new EsException(illegalArgument(`[aliases] unknown field [${key}]`));
  }
  checkValueTypes(ctx.body, ALIASES_TYPES);
  const rawActions = body['actions'];
  if (rawActions !== undefined && !Array.isArray(rawActions)) throw new EsException(parseException('[aliases] failed to parse field [actions]'));
  const actions: AliasAction[] = [];
  const described: Array<{ type: string; indices: IndexMetadata[]; aliases: string[] }> = [];
  for (const raw of rawActions ?? []) {
    if (!isObject(raw)) throw new EsException(parseException('[aliases] failed to parse field [actions]'));
    const keys = Object.keys(raw);
    const type = keys[0];
    const fields = type === undefined ? undefined : ACTION_FIELDS.get(type);
    if (keys.length !== 1 || type === undefined || fields === undefined) {
      throw new EsException(illegalArgument(`[alias_action] unknown field [${keys.find((k) => !ACTION_FIELDS.has(k)) ?? keys[1]}]`));
    }
    const spec = raw[type];
    if (!isObject(spec)) throw new EsException(parseException(`[alias_action] failed to parse field [${type}]`));
    for (const field of Object.keys(spec)) {
      if (!fields.includes(field)) throw new EsException(illegalArgument(`[${type}] unknown field [${field}]`));
    }
    const indexExpressions = names(spec, 'index', 'indices');
    const aliasNames = type === 'remove_index' ? [] : names(spec, 'alias', 'aliases');
    const problems: string[] = [];
    if (indexExpressions.length === 0) problems.push('One of [index] or [indices] is required');
    if (type !== 'remove_index' && aliasNames.length === 0) problems.push('One of [alias] or [aliases] is required');
    if (problems.length > 0) throw new EsException(actionRequestValidation(problems));
    const mustExist = spec['must_exist'] === true;
    const indices = resolveIndices(sim.cluster, indexExpressions.join(','), STRICT_EXPAND_OPEN);
    described.push({ type, indices, aliases: aliasNames });
    if (type === 'add') {
      const metadata = aliasMetadataFromBody(spec);
      for (const alias of aliasNames) actions.push({ type: 'add', indices, alias: resolveDateMathName(alias, sim.now), metadata });
    } else if (type === 'remove') {
      actions.push({ type: 'remove', indices, aliases: aliasNames, mustExist });
    } else {
      actions.push({ type: 'remove_index', indices });
    }
  }
  if (actions.length === 0) throw new EsException(actionRequestValidation(['Must specify at least one alias action']));
  // Which removes found nothing (8.14+ reports them per action; 7.x fails only when nothing at all changes).
  const emptyRemoves = described.map(
    (d) => d.type === 'remove' && !d.indices.some((i) => d.aliases.some((p) => [...i.aliases.keys()].some((k) => simpleMatch(p, k)))),
  );
  const changed = applyAliasActions(sim.cluster, sim.profile, actions);
  if (!changed && !sim.profile.aliasActionResults) {
    const all = described.flatMap((d) => d.aliases);
    throw new EsException(aliasesNotFound(all));
  }
  sim.clusterChanged();
  const results = described.map((d, i) => {
    const action = { type: d.type, indices: d.indices.map((x) => x.name).sort(), aliases: d.aliases };
    if (!emptyRemoves[i]) return { action, status: 200 };
    const error = aliasesNotFound(d.aliases);
    return { action, status: 404, error: { type: error.type, reason: error.reason, 'resource.type': 'aliases', 'resource.id': d.aliases.join(', ') } };
  });
  return aliasesAcknowledged(ctx, results);
}
