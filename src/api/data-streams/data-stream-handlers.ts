/**
 * Handlers for data streams and the writes and rollovers around them: `PUT/GET/DELETE /_data_stream`,
 * `POST /<target>/_rollover` (aliases and data streams) and `POST [/<target>]/_bulk`. They parse the
 * request once, call the engine (`data-streams.ts`, `rollover-service.ts`) and serialise ES's answer
 * for the selected release; the rules live in the engine.
 */
import { aliasExists, DataStream, IndexMetadata, indicesForAlias, lifecyclePolicyName, numberOfReplicas } from '../../engine/cluster/cluster';
import { conditionFields, conditionResults, ConditionValue } from '../../engine/lifecycle/rollover-conditions';
import { JsonTokenizer } from '../../engine/xcontent/json-tokens';
import { anyValue, FieldSpec, parseObject } from '../../engine/xcontent/object-parser';
import type { Profile } from '../../engine/profile';
import { lifecycleToXContent } from '../../engine/cluster/data-stream-lifecycle-config';
import { defaultRolloverOf, globalRetentionOf, isInternalStream } from '../../engine/lifecycle/data-stream-lifecycle/service';
import {
  backingIndexName,
  hasEnabledLifecycle,
  managedByName,
  createDataStream,
  dataStreamSpec,
  deleteDataStreams,
  resolveDataStreams,
  rolloverDataStream,
  writeIndexOfStream,
} from '../../engine/cluster/data-streams';
import { actionRequestValidation, EsError, EsException, illegalArgument, indexClosed, resourceNotFound, throwableXContent } from '../../engine/errors';
import { composedSettings, matchingTemplate } from '../../engine/cluster/index-creation';
import { javaHashMapOrder } from '../../engine/xcontent/java-order';
import { nextRolloverName, rolloverAlias, writeIndexOf } from '../../engine/cluster/rollover-service';
import { resolveDateMathName } from '../../engine/cluster/date-math-names';
import {
  ACKNOWLEDGED,
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
  UTF8,
} from '../context';
import { countDocument, writeTarget } from '../templates/template-handlers';

/** `PUT /_data_stream/<name>` (ES `CreateDataStreamAction`). */
export function putDataStream(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  createDataStream(sim.cluster, sim.profile, pathParam(ctx, 'name'), sim.now);
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

/**
 * ES cluster health of the backing indices: the simulated cluster has one node, so any replica stays
 * unassigned and the stream is YELLOW unless every backing index has `number_of_replicas: 0`.
 */
function streamStatus(indices: readonly IndexMetadata[]): string {
  return indices.every((i) => numberOfReplicas(i) === 0) ? 'GREEN' : 'YELLOW';
}

/** One entry of `GET /_data_stream` (ES `GetDataStreamAction.Response.DataStreamInfo#toXContent`). */
function dataStreamInfo(ctx: RequestContext, ds: DataStream): Record<string, unknown> {
  const { cluster, profile } = ctx.sim;
  const backing = ds.indices.map((n) => cluster.indices.get(n)).filter((i): i is IndexMetadata => i !== undefined);
  const template = matchingTemplate(cluster, ds.name);
  const templateName = template && dataStreamSpec(template) ? template.name : null;
  const settings = template ? composedSettings(cluster, template) : new Map<string, string>();
  const ilmPolicy = templateName ? (settings.get('index.lifecycle.name') ?? null) : null;
  const out: Record<string, unknown> = {
    name: ds.name,
    timestamp_field: { name: '@timestamp' },
  };
  const meta = template?.source['_meta'];
  if (profile.dataStreams !== 'v8') {
    // 7.10: name, timestamp_field, indices, generation, status, template, ilm_policy. 7.17 (ES
    // `GetDataStreamAction.Response.DataStreamInfo#toXContent`): the same with `_meta` after `generation`
    // when there is one (7.11), then `hidden` (7.11), `system` (7.13, `DataStream#isSystem`) and
    // `replicated` (PR #80988, backported to 7.16.1 as #81140, so in 7.17.0, which came after it); no
    // `allow_custom_routing` (`DataStream` carries it from 8.0).
    // Divergence: ES copies the template's `_meta` into the stream when it creates it; the simulator
    // shows the matching template's current `_meta` (as for 8.x).
    const since711 = profile.dataStreams === 'v7.17';
    out['indices'] = backing.map((i) => ({ index_name: i.name, index_uuid: i.uuid }));
    out['generation'] = ds.generation;
    if (since711 && isObject(meta)) out['_meta'] = meta;
    out['status'] = streamStatus(backing);
    if (templateName) out['template'] = templateName;
    if (ilmPolicy) out['ilm_policy'] = ilmPolicy;
    if (since711) {
      out['hidden'] = ds.hidden;
      // The simulator has no system data streams (those belong to ES's own features).
      out['system'] = false;
      // No cross-cluster replication either, so no stream is a follower's.
      out['replicated'] = false;
    }
    return out;
  }
  // 8.19/9.1 (ES `DataStreamInfo#toXContent`): per-index managed_by/prefer_ilm/ilm_policy/index_mode,
  // the stream's flags, its settings and the failure store. Data stream lifecycle (DSL), time series,
  // failure indices and auto-sharding are not simulated, so they show their defaults or are absent.
  out['indices'] = backing.map((i) => {
    const policy = lifecyclePolicyName(i);
    return {
      index_name: i.name,
      index_uuid: i.uuid,
      managed_by: managedByName(cluster, i),
      prefer_ilm: i.settings.get('index.lifecycle.prefer_ilm') !== 'false',
      ...(policy ? { ilm_policy: policy } : {}),
      index_mode: i.settings.get('index.mode') ?? 'standard',
    };
  });
  out['generation'] = ds.generation;
  if (isObject(meta)) out['_meta'] = meta;
  // 8.11+ (ES `DataStreamInfo#toXContent`): the stream's lifecycle with its effective retention, and the
  // default rollover with `include_defaults`.
  if (ds.lifecycle) {
    const rollover = booleanParam(ctx, 'include_defaults', false) ? defaultRolloverOf(cluster) : null;
    out['lifecycle'] = lifecycleToXContent(
      ds.lifecycle,
      { effective: true, global: globalRetentionOf(cluster), internal: isInternalStream(ds), rollover },
      profile,
    );
  }
  out['status'] = streamStatus(backing);
  if (templateName) out['template'] = templateName;
  if (ilmPolicy) out['ilm_policy'] = ilmPolicy;
  // ES `DataStreamInfo#getNextGenerationManagedBy`: the template's policy wins unless the stream's
  // lifecycle is enabled and the template's settings do not prefer ILM.
  const preferIlm = settings.get('index.lifecycle.prefer_ilm') !== 'false';
  out['next_generation_managed_by'] =
    ilmPolicy && (!hasEnabledLifecycle(ds) || preferIlm) ? 'Index Lifecycle Management' : hasEnabledLifecycle(ds) ? 'Data stream lifecycle' : 'Unmanaged';
  out['prefer_ilm'] = settings.get('index.lifecycle.prefer_ilm') !== 'false';
  out['hidden'] = ds.hidden;
  out['system'] = false;
  out['allow_custom_routing'] = template ? dataStreamSpec(template)?.['allow_custom_routing'] === true : false;
  out['replicated'] = false;
  out['rollover_on_write'] = false;
  out['index_mode'] = settings.get('index.mode') ?? 'standard';
  out['settings'] = {};
  // No failure store was ever initialised, so its first write would roll it over (ES creates it lazily).
  out['failure_store'] = { enabled: false, rollover_on_write: true, indices: [] };
  return out;
}

/** `GET /_data_stream[/<name>]` (ES `GetDataStreamAction`): sorted by name. */
export function getDataStreams(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  // ES `RestGetDataStreamsAction` reads `?include_defaults` and (8.x) `?verbose` with
  // `RestRequest#paramAsBoolean`, so anything but true/false is refused before the lookup.
  booleanParam(ctx, 'include_defaults', false);
  if (sim.profile.dataStreams === 'v8') booleanParam(ctx, 'verbose', false);
  const expression = ctx.params.has('name') ? pathParam(ctx, 'name') : '*';
  // Divergence (unverified for 7.10): 7.8/7.9 answered a missing name with `data_stream matching [x]
  // not found` (resource_not_found_exception); the simulator sends the index resolver's `no such index
  // [x]`, as 8.x does, for 7.10 too.
  const streams = resolveDataStreams(sim.cluster, expression, expandHidden(ctx));
  return ok({ data_streams: streams.map((ds) => dataStreamInfo(ctx, ds)) });
}

/** `DELETE /_data_stream/<name>` (ES `DeleteDataStreamAction`): the streams and their backing indices. */
export function deleteDataStream(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const names = commaList(pathParam(ctx, 'name'));
  let streams: DataStream[];
  if (sim.profile.dataStreams === 'v7.10') {
    // 7.10 matched names itself and refused when nothing matched, except for a lone match-all.
    const found = new Set<string>();
    for (const pattern of names) {
      if (!pattern.includes('*')) {
        if (sim.cluster.dataStreams.has(pattern)) found.add(pattern);
      } else {
        for (const ds of resolveDataStreams(sim.cluster, pattern, true)) found.add(ds.name);
      }
    }
    if (found.size === 0) {
      if (names.length === 1 && names[0] === '*') return ok(ACKNOWLEDGED);
      throw new EsException(resourceNotFound(`data_streams matching [${names.join(',')}] not found`));
    }
    streams = [...found].sort().map((n) => sim.cluster.dataStreams.get(n)!);
  } else {
    streams = resolveDataStreams(sim.cluster, names.join(','), expandHidden(ctx));
  }
  deleteDataStreams(sim.cluster, streams);
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

interface RolloverBody {
  readonly conditions: Array<readonly [string, ConditionValue]>;
  /** Whether `settings`, `mappings` or `aliases` asked for anything (a data stream refuses them). */
  readonly createIndexFields: boolean;
}

/**
 * The rollover request body with ES's parsers (`RolloverRequest.PARSER`, named `rollover`: `conditions`,
 * `settings`, `mappings`, `aliases`, each an object; unknown fields refused). The conditions parser is
 * `conditions` before 8.x and `RolloverConditions.PARSER` (`rollover_conditions`) in 8.x; both declare
 * ages and sizes with `declareString` and counts with `declareLong`, so failures come as ES's
 * `[line:col]` x_content_parse_exception chain. Unlike the ILM action, the API takes an empty set of
 * conditions (an unconditional rollover). Divergence: 8.x refuses a condition given twice ("... condition
 * is already set"); JSON with a repeated key keeps the last value here.
 */
function parseRolloverBody(text: string | null, profile: Profile): RolloverBody {
  if (text === null || text.trim().length === 0) return { conditions: [], createIndexFields: false };
  const p = new JsonTokenizer(text, profile.parseErrorStyle);
  const conditionsParser = profile.rolloverConditions === 'min-max' ? 'rollover_conditions' : 'conditions';
  const conditionSpecs: FieldSpec[] = conditionFields(profile).map((f) => (f.type === 'LONG' ? f : { ...f, type: 'STRING' }));
  const objectMap = (t: JsonTokenizer): Record<string, unknown> => anyValue(t) as Record<string, unknown>;
  const values = parseObject(p, {
    name: 'rollover',
    fields: [
      {
        name: 'conditions',
        type: 'OBJECT',
        parse: (t) =>
          parseObject(t, { name: conditionsParser, fields: conditionSpecs, build: (v) => [...v.entries()] as Array<readonly [string, ConditionValue]> }),
      },
      { name: 'settings', type: 'OBJECT', parse: objectMap },
      { name: 'mappings', type: 'OBJECT', parse: objectMap },
      { name: 'aliases', type: 'OBJECT', parse: objectMap },
    ],
    build: (v) => v,
  });
  const conditions = (values.get('conditions') as Array<readonly [string, ConditionValue]> | undefined) ?? [];
  // Divergence: ES compares the built request with its defaults (empty settings, no aliases, `{}`
  // mappings); the simulator counts any non-empty object as "specified".
  const createIndexFields = ['settings', 'mappings', 'aliases'].some((f) => {
    const v = values.get(f);
    return isObject(v) && Object.keys(v).length > 0;
  });
  return { conditions, createIndexFields };
}

/**
 * `POST /<target>/_rollover[/<new_index>]` (ES `RolloverAction`, `MetadataRolloverService#validate`):
 * an alias with a write index or a data stream; with conditions it rolls over only when one is met,
 * and `dry_run` changes nothing.
 */
export function rollover(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const { cluster, profile } = sim;
  const target = pathParam(ctx, 'index');
  const requestedName = ctx.params.get('new_index');
  // ES `RestRolloverIndexAction`: the body first, then `?dry_run`.
  const { conditions, createIndexFields } = parseRolloverBody(ctx.body, profile);
  const dryRun = booleanParam(ctx, 'dry_run', false);
  const stream = profile.dataStreams === 'none' ? undefined : cluster.dataStreams.get(target);
  let source: IndexMetadata | null;
  let newName: string;
  let unresolvedName = '';
  if (stream) {
    // ES `MetadataRolloverService#validate`, in this order.
    if (requestedName !== undefined) throw new EsException(illegalArgument('new index name may not be specified when rolling over a data stream'));
    if (createIndexFields) {
      throw new EsException(illegalArgument('aliases, mappings, and index settings may not be specified when rolling over a data stream'));
    }
    source = writeIndexOfStream(cluster, stream);
    newName = backingIndexName(profile, stream.name, stream.generation + 1, sim.now);
  } else if (aliasExists(cluster, target)) {
    source = writeIndexOf(cluster, target);
    if (!source) throw new EsException(illegalArgument(`rollover target [${target}] does not point to a write index`));
    // Divergence: ES creates the new index with the body's settings, mappings and aliases; the
    // simulator reads and checks them but creates the new index as it would without them.
    unresolvedName = requestedName ?? nextRolloverName(source, sim.now);
    newName = resolveDateMathName(unresolvedName, sim.now);
  } else if (cluster.indices.has(target)) {
    throw new EsException(illegalArgument('rollover target is a [concrete index] but one of [alias,data_stream] was expected'));
  } else {
    // 7.x refused a missing target with IllegalArgumentException; later releases (as in the 9.x source)
    // with ResourceNotFoundException (404).
    const reason = `rollover target [${target}] does not exist`;
    throw new EsException(profile.dataStreams === 'v8' ? resourceNotFound(reason) : illegalArgument(reason));
  }
  if (!source) throw new EsException(illegalArgument(`rollover target [${target}] does not point to a write index`));
  const results = conditionResults(conditions, source, sim.now);
  const met = results.filter(([, m]) => m).map(([n]) => n);
  const rolled = !dryRun && (results.length === 0 || met.length > 0);
  if (rolled) {
    // Each creates exactly `newName`.
    if (stream) rolloverDataStream(cluster, profile, stream, met, sim.now);
    else rolloverAlias(cluster, profile, target, source, met, sim.now, unresolvedName);
    sim.clusterChanged();
  }
  const conditionMap = new Map<string, boolean>();
  for (const key of javaHashMapOrder(results.map(([n]) => n))) conditionMap.set(key, results.find(([n]) => n === key)![1]);
  return ok({
    acknowledged: rolled,
    shards_acknowledged: rolled,
    old_index: source.name,
    new_index: newName,
    rolled_over: rolled,
    dry_run: dryRun,
    ...(profile.dataStreams === 'v8' ? { lazy: false } : {}),
    conditions: conditionMap,
  });
}

const BULK_ACTIONS = ['create', 'delete', 'index', 'update'];

interface BulkItem {
  readonly action: string;
  readonly index: string | undefined;
  readonly id: string | undefined;
  readonly sourceBytes: number;
}

/**
 * The metadata fields ES's `BulkRequestParser` knows per release; any other field with a value is
 * refused. 8.x dropped `_type` (refused like any unknown field) and added `require_data_stream`,
 * `list_executed_pipelines` and the object `dynamic_templates`.
 */
interface BulkMetadataFields {
  readonly values: readonly string[];
  readonly objects: readonly string[];
}

function bulkMetadataFields(profile: Profile): BulkMetadataFields {
  const common = ['_index', '_id', 'routing', 'op_type', 'version', 'version_type', 'if_seq_no', 'if_primary_term', 'retry_on_conflict', 'pipeline', '_source'];
  if (profile.documentApi === 'v8')
    return { values: [...common, 'require_alias', 'require_data_stream', 'list_executed_pipelines'], objects: ['_source', 'dynamic_templates'] };
  if (profile.dataStreams === 'none') return { values: [...common, '_type', 'parent'], objects: ['_source'] };
  return { values: [...common, '_type', 'require_alias'], objects: ['_source'] };
}

function malformedLine(line: number, what: string): EsException {
  return new EsException(illegalArgument(`Malformed action/metadata line [${line}], ${what}`));
}

/** One action/metadata line, read token by token as ES's `BulkRequestParser` does. */
function parseActionLine(text: string, line: number, known: BulkMetadataFields): { action: string; meta: Record<string, string> } {
  const p = new JsonTokenizer(text);
  let token = p.nextToken();
  if (token !== 'START_OBJECT') throw malformedLine(line, `expected START_OBJECT but found [${token}]`);
  token = p.nextToken();
  if (token !== 'FIELD_NAME') throw malformedLine(line, `expected FIELD_NAME but found [${token}]`);
  const action = p.currentName();
  const meta: Record<string, string> = {};
  token = p.nextToken();
  if (token === 'START_OBJECT') {
    let field = '';
    for (token = p.nextToken(); token !== 'END_OBJECT' && token !== null; token = p.nextToken()) {
      if (token === 'FIELD_NAME') {
        field = p.currentName();
      } else if (token === 'VALUE_STRING' || token === 'VALUE_NUMBER' || token === 'VALUE_BOOLEAN') {
        if (!known.values.includes(field)) throw new EsException(illegalArgument(`Action/metadata line [${line}] contains an unknown parameter [${field}]`));
        meta[field] = p.text();
      } else if (token === 'START_OBJECT' && known.objects.includes(field)) {
        p.skipChildren();
      } else if (token !== 'VALUE_NULL') {
        throw malformedLine(line, `expected a simple value for field [${field}] but found [${token}]`);
      }
    }
  } else if (token !== 'END_OBJECT') {
    throw malformedLine(line, `expected START_OBJECT or END_OBJECT but found [${token}]`);
  }
  if (!BULK_ACTIONS.includes(action)) throw malformedLine(line, `expected field [create], [delete], [index] or [update] but found [${action}]`);
  return { action, meta };
}

/** Splits an NDJSON bulk body into action/source pairs, refusing what ES's `BulkRequestParser` refuses. */
function parseBulk(text: string, defaultIndex: string | undefined, profile: Profile): BulkItem[] {
  if (text.length > 0 && !text.endsWith('\n')) throw new EsException(illegalArgument('The bulk request must be terminated by a newline [\\n]'));
  const lines = text.split('\n');
  lines.pop();
  const items: BulkItem[] = [];
  const missing: string[] = [];
  const known = bulkMetadataFields(profile);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().length === 0) continue;
    const { action: name, meta } = parseActionLine(line, i + 1, known);
    const index = meta['_index'] ?? defaultIndex;
    const id = meta['_id'];
    let sourceBytes = 0;
    if (name !== 'delete') {
      i++;
      const source = lines[i];
      // Divergence: ES reads a missing source line as an empty source and fails the item later.
      if (source === undefined) throw new EsException(illegalArgument(`Malformed action/metadata line [${i}], the source line is missing`));
      bodyAsMap(source);
      sourceBytes = UTF8.encode(source).length;
    }
    if (index === undefined) missing.push('index is missing');
    items.push({ action: name, index, id, sourceBytes });
  }
  if (items.length === 0) throw new EsException(actionRequestValidation(['no requests added']));
  if (missing.length > 0) throw new EsException(actionRequestValidation(missing));
  return items;
}

/** ES `WriteRequest.RefreshPolicy#parse`. */
function checkRefresh(ctx: RequestContext): void {
  const value = ctx.query.get('refresh');
  if (value === undefined || value === '' || value === 'true' || value === 'false' || value === 'wait_for') return;
  throw new EsException(illegalArgument(`Unknown value for refresh: [${value}].`));
}

function failedItem(ctx: RequestContext, item: BulkItem, error: EsError): Record<string, unknown> {
  return {
    [item.action]: {
      _index: item.index,
      ...(ctx.sim.profile.documentApi === 'v7' ? { _type: '_doc' } : {}),
      _id: item.id ?? null,
      status: error.status,
      error: throwableXContent(error),
    },
  };
}

/**
 * `POST [/<target>]/_bulk` (ES `BulkAction`): `index` and `create` count one document each into the
 * target's write index, auto-creating data streams and indices as `_doc` does; a data stream takes
 * only `create`. Item failures do not stop the others.
 *
 * Divergence: documents are counted, never stored, so `delete` answers `not_found`, `update` fails
 * with `document_missing_exception`, and an explicit `_id` never conflicts; `took` is 0 (no real time
 * passes in the simulator).
 */
export function bulk(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  // ES `RestBulkAction`: the parameters (`refresh` among them), then the required body, then the lines.
  checkRefresh(ctx);
  const items = parseBulk(requiredBody(ctx), ctx.params.get('index'), sim.profile);
  const out: Record<string, unknown>[] = [];
  let errors = false;
  for (const item of items) {
    const index = item.index!;
    try {
      if (item.action === 'delete' || item.action === 'update') {
        if (sim.cluster.dataStreams.has(index)) throw new EsException(illegalArgument('only write ops with an op_type of create are allowed in data streams'));
        if (item.action === 'update') {
          throw new EsException({
            type: 'document_missing_exception',
            reason: `[_doc][${item.id}]: document missing`,
            status: 404,
            metadata: [
              ['index_uuid', sim.cluster.indices.get(index)?.uuid ?? '_na_'],
              ['shard', '0'],
              ['index', index],
            ],
            elasticsearchException: true,
          });
        }
        const target = sim.cluster.indices.get(index) ?? (aliasExists(sim.cluster, index) ? indicesForAlias(sim.cluster, index)[0] : undefined);
        if (target?.state === 'close') throw new EsException(indexClosed(target.name, target.uuid));
        out.push({
          delete: {
            _index: target?.name ?? index,
            ...(sim.profile.documentApi === 'v7' ? { _type: '_doc' } : {}),
            _id: item.id,
            _version: 1,
            result: 'not_found',
            _shards: { total: target ? 1 + numberOfReplicas(target) : 2, successful: 1, failed: 0 },
            _seq_no: target?.docsCount ?? 0,
            _primary_term: 1,
            status: 404,
          },
        });
        continue;
      }
      const written = writeTarget(ctx, index, item.action === 'create' ? 'create' : 'index');
      out.push({ [item.action]: { ...countDocument(ctx, written, item.sourceBytes, item.id), status: 201 } });
    } catch (e) {
      if (!(e instanceof EsException)) throw e;
      errors = true;
      out.push(failedItem(ctx, item, e.error));
    }
  }
  sim.clusterChanged();
  if (sim.profile.documentApi === 'v8') return ok({ errors, took: 0, items: out });
  return ok({ took: 0, errors, items: out });
}
