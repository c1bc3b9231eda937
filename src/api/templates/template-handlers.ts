/**
 * Composable index templates (`PUT/GET/DELETE /_index_template/<name>`, ES 7.8+, with `data_stream`
 * from 7.9) and document ingestion that counts without storing (`POST /<target>/_doc`, and
 * `POST /_sim/ingest` for many at once; `_bulk` reuses `writeTarget`/`countDocument`). Templates give
 * new indices (including those rollover creates and data streams' backing indices) their ILM settings
 * and aliases. A write to a data-stream template's name creates the data stream.
 *
 * A profile whose release predates them (6.6 has only the legacy `_template` API) has none of these
 * routes (routes.ts), so it never stores, and so never applies, a composable template.
 */
import { aliasExists, type AliasMetadata, IndexMetadata, IndexTemplate, numberOfReplicas, touch } from '../../engine/cluster/cluster';
import { createDataStream, dataStreamSpec, dataStreamTemplateFor, templateLifecycle, writeIndexOfStream } from '../../engine/cluster/data-streams';
import { parseByteSize } from '../../engine/xcontent/byte-size';
import { actionRequestValidation, EsError, EsException, illegalArgument, indexClosed, indexNotFound, resourceNotFound } from '../../engine/errors';
import { composedAliases, composedSettings, createIndex, matchingTemplate } from '../../engine/cluster/index-creation';
import { aliasMetadataToXContent, settingsToXContent } from '../../engine/cluster/index-view';
import type { Profile } from '../../engine/profile';
import { simpleMatch } from '../../engine/cluster/index-resolver';
import { flattenSettings, validateSettings } from '../../engine/cluster/index-settings';
import { writeIndexOf } from '../../engine/cluster/rollover-service';
import { booleanValue, checkValueTypes, longValue, nested, stringArray, typedObject } from '../../engine/xcontent/object-parser';
import {
  ACKNOWLEDGED,
  aliasesFromBody,
  bodyAsMap,
  booleanParam,
  HandlerResult,
  isObject,
  ok,
  pathParam,
  RequestContext,
  requiredBody,
  UTF8,
  withWarning,
} from '../context';
import { parseTemplateLifecycle } from '../data-streams/data-stream-lifecycle-handlers';
import {
  type LifecycleTemplate,
  lifecycleTemplateToXContent,
  lifecycleToXContent,
  retentionWarning,
  TemplateDefaults,
} from '../../engine/cluster/data-stream-lifecycle-config';
import { defaultRolloverOf, globalRetentionOf } from '../../engine/lifecycle/data-stream-lifecycle/service';

/** ES `InvalidIndexTemplateException`: `index_template [name] invalid, cause [why]`. */
export function invalidIndexTemplate(name: string, cause: string): EsError {
  return { type: 'invalid_index_template_exception', reason: `index_template [${name}] invalid, cause [${cause}]`, status: 400, elasticsearchException: true };
}

const TEMPLATE_FIELDS = ['index_patterns', 'template', 'priority', 'version', 'composed_of', '_meta', 'data_stream'];

/** ES `ComposableIndexTemplate.PARSER` fields per release (the profile's `composableTemplates.extraFields`). */
function templateFields(profile: Profile): readonly string[] {
  return [...TEMPLATE_FIELDS, ...profile.composableTemplates.extraFields];
}

/** ES `Template.PARSER` (`template`, in composable and component templates): each field an object. */
export const TEMPLATE_TYPES = nested('template', [
  ['settings', 'OBJECT'],
  ['mappings', 'OBJECT'],
  ['aliases', 'OBJECT'],
  ['lifecycle', 'OBJECT'],
]);

/**
 * The value types of ES `ComposableIndexTemplate.PARSER` (`index_template`) and `Template.PARSER`
 * (`template`): `declareStringArray` for the pattern and name lists, `declareLong` for `priority` and
 * `version`, `declareBoolean` for the flags, `declareObject` for the rest.
 */
const INDEX_TEMPLATE_TYPES = typedObject('index_template', [
  ['index_patterns', 'STRING_ARRAY', stringArray],
  ['composed_of', 'STRING_ARRAY', stringArray],
  ['ignore_missing_component_templates', 'STRING_ARRAY', stringArray],
  ['priority', 'LONG', longValue],
  ['version', 'LONG', longValue],
  ['template', 'OBJECT', TEMPLATE_TYPES],
  ['_meta', 'OBJECT'],
  ['data_stream', 'OBJECT'],
  ['allow_auto_create', 'BOOLEAN', booleanValue],
  ['deprecated', 'BOOLEAN', booleanValue],
]);

/** Parses and checks a composable template body (everything but the overlap with other templates). */
function parseIndexTemplate(ctx: RequestContext, name: string, text: string | null): IndexTemplate {
  const { sim } = ctx;
  const body = bodyAsMap(text);
  for (const key of Object.keys(body)) {
    if (!templateFields(sim.profile).includes(key)) throw new EsException(illegalArgument(`[index_template] unknown field [${key}]`));
  }
  checkValueTypes(text, INDEX_TEMPLATE_TYPES);
  const rawPatterns = body['index_patterns'];
  const patterns = typeof rawPatterns === 'string' ? [rawPatterns] : Array.isArray(rawPatterns) ? rawPatterns.map(String) : [];
  if (patterns.length === 0) throw new EsException(actionRequestValidation(['index patterns are missing']));
  const priority = body['priority'] === undefined ? 0 : Number(body['priority']);
  if (!Number.isSafeInteger(priority) || priority < 0) throw new EsException(illegalArgument('index template priority must be >= 0'));
  const template = isObject(body['template']) ? body['template'] : {};
  const settings = flattenSettings(isObject(template['settings']) ? template['settings'] : {});
  validateSettings(settings, sim.profile);
  const aliases = aliasesFromBody(isObject(template['aliases']) ? template['aliases'] : {});
  validateDataStreamSpec(body['data_stream'], sim.profile);
  const composedOf = Array.isArray(body['composed_of']) ? body['composed_of'].map(String) : [];
  // ES `MetadataIndexTemplateService#validateV2TemplateRequest`: every component must exist.
  const ignorable = Array.isArray(body['ignore_missing_component_templates']) ? body['ignore_missing_component_templates'].map(String) : [];
  const missing = composedOf.filter((c) => !sim.cluster.componentTemplates.has(c) && !ignorable.includes(c));
  if (missing.length > 0) {
    throw new EsException(invalidIndexTemplate(name, `index template [${name}] specifies component templates [${missing.join(', ')}] that do not exist`));
  }
  const flat = new Map<string, string>();
  for (const [key, value] of settings) if (value !== null) flat.set(key, value);
  // 8.11+: the template's data stream lifecycle (ES `Template.PARSER`'s `lifecycle`).
  const lifecycle = sim.profile.dataStreamLifecycle ? parseTemplateLifecycle(template['lifecycle'], sim.profile.parseErrorStyle) : undefined;
  return { name, indexPatterns: patterns, priority, settings: flat, aliases, composedOf, source: body, ...(lifecycle ? { lifecycle } : {}) };
}

/**
 * Whether two templates' patterns can match one name (ES `MetadataIndexTemplateService#findConflictingV2Templates`
 * intersects the patterns' automata): `logs-my*` and `logs-*-*` overlap on `logs-my-x`.
 */
function patternsOverlap(a: readonly string[], b: readonly string[]): boolean {
  return a.some((p) => b.some((q) => globsOverlap(p, q)));
}

/**
 * Whether some name matches both `*` patterns: a walk over both at once, each star taking a character
 * or none, with its own stack (no recursion) and at most a million states; beyond that (two very long
 * patterns) the plain match either way decides.
 */
function globsOverlap(a: string, b: string): boolean {
  const width = b.length + 1;
  if ((a.length + 1) * width > 1_000_000) return simpleMatch(a, b) || simpleMatch(b, a);
  const seen = new Set<number>();
  const stack: Array<[number, number]> = [[0, 0]];
  const push = (i: number, j: number) => {
    const state = i * width + j;
    if (!seen.has(state)) {
      seen.add(state);
      stack.push([i, j]);
    }
  };
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    if (i === a.length && j === b.length) return true;
    if (a[i] === '*') {
      push(i + 1, j);
      if (j < b.length) push(i, j + 1);
    } else if (b[j] === '*') {
      push(i, j + 1);
      if (i < a.length) push(i + 1, j);
    } else if (i < a.length && j < b.length && a[i] === b[j]) push(i + 1, j + 1);
  }
  return false;
}

/** `PUT|POST /_index_template/<name>` (`?create=true` refuses an existing name). */
export function putIndexTemplate(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'name');
  const parsed = parseIndexTemplate(ctx, name, requiredBody(ctx));
  const warning = validateTemplateV2(ctx, sim.cluster.indexTemplates, parsed);
  sim.cluster.indexTemplates.set(name, parsed);
  return withWarning(ok(ACKNOWLEDGED), sim.profile, warning);
}

/**
 * What ES `MetadataIndexTemplateService#addIndexTemplateV2` checks before it stores a parsed template,
 * for `PUT _index_template` and for the simulate API (which adds the template to a copy of the state
 * through the same method): `?create=true` against an existing name, the overlap with templates of the
 * same priority, then `validateLifecycle`: a lifecycle, the template's own or a component template's,
 * only goes with `data_stream`. Answers the retention warning the lifecycle brings (or null).
 */
function validateTemplateV2(ctx: RequestContext, templates: ReadonlyMap<string, IndexTemplate>, parsed: IndexTemplate): string | null {
  const { sim } = ctx;
  if (booleanParam(ctx, 'create', false) && templates.has(parsed.name)) {
    throw new EsException(illegalArgument(`index template [${parsed.name}] already exists`));
  }
  checkSamePriorityOverlap(templates.values(), parsed);
  const lifecycle = sim.profile.dataStreamLifecycle ? templateLifecycle(sim.cluster, parsed) : null;
  if (lifecycle === null) return null;
  if (!dataStreamSpec(parsed)) {
    throw new EsException(
      illegalArgument(`index template [${parsed.name}] specifies lifecycle configuration that can only be used in combination with a data stream`),
    );
  }
  // ES takes a template whose patterns all start with a dot for internal streams', which global retention spares.
  const internal = parsed.indexPatterns.every((pattern) => pattern.startsWith('.'));
  return retentionWarning(lifecycle, globalRetentionOf(sim.cluster), internal);
}

/** ES `MetadataIndexTemplateService#addIndexTemplateV2`: two templates of equal priority may not overlap. */
function checkSamePriorityOverlap(existing: Iterable<IndexTemplate>, parsed: IndexTemplate): void {
  const { name, indexPatterns: patterns, priority } = parsed;
  for (const other of existing) {
    if (other.name === name || other.priority !== priority) continue;
    if (patternsOverlap(patterns, other.indexPatterns)) {
      throw new EsException(
        illegalArgument(
          `index template [${name}] has index patterns [${patterns.join(', ')}] matching patterns from existing templates [${other.name}] with patterns (${other.name} => [${other.indexPatterns.join(', ')}]) that have the same priority [${priority}], multiple index templates may not match during index creation, please use a different priority`,
        ),
      );
    }
  }
}

/**
 * `POST /_index_template/_simulate_index/<index>` (ES `TransportSimulateIndexTemplateAction`): the
 * settings and aliases the index would get from the composable template that matches it (with the
 * body, if any, taken as one more template), and the other templates whose patterns overlap the
 * winner's. No matching template: `{}`.
 *
 * Divergence: ES adds the settings its setting providers would (such as the data tier preference) and
 * the resolved mappings; the simulator shows the template settings and `"mappings":{}`.
 */
export function simulateIndex(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const index = pathParam(ctx, 'name');
  const candidates = [...sim.cluster.indexTemplates.values()];
  if (ctx.body !== null && ctx.body.trim().length > 0) {
    candidates.push(parseIndexTemplate(ctx, 'simulate_index_template', ctx.body));
  }
  let winner: IndexTemplate | null = null;
  for (const template of candidates) {
    if (!template.indexPatterns.some((p) => simpleMatch(p, index))) continue;
    if (!winner || template.priority > winner.priority) winner = template;
  }
  if (!winner) return ok({});
  const others = candidates.filter((t) => t !== winner && t.name !== 'simulate_index_template');
  return ok(resolvedTemplate(ctx, winner, others, index));
}

/**
 * ES `TransportSimulateIndexTemplateAction#resolveTemplate` and the overlap lists both simulate APIs
 * answer: the template's composed settings and aliases, its data stream lifecycle (8.11+, with the
 * default rollover when `include_defaults` asks) for a data stream template, and the legacy, then the
 * other composable templates (`others`) whose patterns overlap its own.
 */
function resolvedTemplate(ctx: RequestContext, winner: IndexTemplate, others: readonly IndexTemplate[], index: string): Record<string, unknown> {
  const { sim } = ctx;
  const settings = [...composedSettings(sim.cluster, winner).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const aliases: Record<string, unknown> = {};
  const composed = composedAliases(sim.cluster, winner);
  for (const alias of [...composed.keys()].sort()) aliases[alias] = aliasMetadataToXContent(composed.get(alias)!);
  const overlapping: Array<{ name: string; index_patterns: readonly string[] }> = [];
  for (const legacy of [...sim.cluster.legacyTemplates.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (patternsOverlap(winner.indexPatterns, legacy.indexPatterns)) overlapping.push({ name: legacy.name, index_patterns: legacy.indexPatterns });
  }
  for (const other of [...others].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (patternsOverlap(winner.indexPatterns, other.indexPatterns)) overlapping.push({ name: other.name, index_patterns: other.indexPatterns });
  }
  // 8.11+: the lifecycle the data stream would get (ES `Template#toXContent` with the default rollover
  // when `include_defaults` asks), for a data stream template.
  const lifecycle = sim.profile.dataStreamLifecycle && dataStreamSpec(winner) ? templateLifecycle(sim.cluster, winner) : null;
  const lifecycleOut = lifecycle
    ? {
        lifecycle: lifecycleToXContent(
          lifecycle,
          {
            effective: true,
            global: globalRetentionOf(sim.cluster),
            internal: index.startsWith('.'),
            rollover: booleanParam(ctx, 'include_defaults', false) ? defaultRolloverOf(sim.cluster) : null,
          },
          sim.profile,
        ),
      }
    : {};
  return { template: { settings: settingsToXContent(settings, false), mappings: {}, aliases, ...lifecycleOut }, overlapping };
}

/**
 * `POST /_index_template/_simulate[/<name>]` (ES `TransportSimulateTemplateAction`, 7.9+): what the
 * named template resolves to; a body is simulated in that template's place, or, without a name, as a
 * new template. Nothing is stored. The index the template is resolved for is a temporary one
 * (`simulate_template_index_<uuid>`), and a nameless body is added as `simulate_template_<uuid>`.
 */
export function simulateTemplate(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = ctx.params.get('name');
  // Divergence: ES draws a random UUID for these names; the simulator derives one from the request, so
  // that a simulation leaves the seeded random sequence (and every later index's UUID) as it was.
  const uuid = requestDigest(`${name ?? ''}\n${ctx.body ?? ''}`);
  const templates = new Map(sim.cluster.indexTemplates);
  let added: string | undefined;
  let warning: string | null = null;
  if (ctx.body !== null && ctx.body.trim().length > 0) {
    added = name ?? `simulate_template_${uuid}`;
    const parsed = parseIndexTemplate(ctx, added, ctx.body);
    warning = validateTemplateV2(ctx, templates, parsed);
    templates.set(added, parsed);
  }
  const matching = name ?? added;
  if (matching === undefined) throw new EsException(illegalArgument('a template name to match or a new template body must be specified'));
  const template = templates.get(matching);
  if (!template) throw new EsException(illegalArgument(`unable to simulate template [${matching}] that does not exist`));
  const others = [...templates.values()].filter((t) => t.name !== matching);
  return withWarning(ok(resolvedTemplate(ctx, template, others, `simulate_template_index_${uuid}`)), sim.profile, warning);
}

/**
 * The template's `data_stream` object (7.9+): `{}`, with `hidden` from 7.11 (the stream is hidden) and
 * `allow_custom_routing` from 8.0 (accepted and ignored): the profile's `composableTemplates.dataStreamShown`.
 * ES builds the backing indices' `@timestamp` mapping from it.
 *
 * Divergence: the simulator keeps no mappings, so the `@timestamp` date mapping ES adds to each backing
 * index is not shown anywhere.
 */
function validateDataStreamSpec(spec: unknown, profile: Profile): void {
  if (spec === undefined || spec === null) return;
  if (!isObject(spec)) throw new EsException(illegalArgument("[index_template] data_stream doesn't support values of type: VALUE_STRING"));
  // 7.11-7.17 `DataStreamTemplate.PARSER` (`data_stream_template`) declares `hidden` only, 8.x adds `allow_custom_routing`.
  const known: readonly string[] = [...profile.composableTemplates.dataStreamShown, ...(profile.dataStreams === 'v8' ? ['failure_store'] : [])];
  for (const [key, value] of Object.entries(spec)) {
    if (!known.includes(key)) throw new EsException(illegalArgument(`[data_stream_template] unknown field [${key}]`));
    if ((key === 'hidden' || key === 'allow_custom_routing') && typeof value !== 'boolean') {
      throw new EsException(illegalArgument(`[data_stream_template] failed to parse field [${key}]`));
    }
  }
}

/**
 * `GET|HEAD /_index_template[/<name>]` (ES `RestGetComposableIndexTemplateAction`): the templates by
 * name; an explicit name that matches none is a `resource_not_found_exception`, a wildcard that matches
 * none a 404 with the empty list (only a request without a name answers 200 with none).
 */
export function getIndexTemplates(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const requested = ctx.params.get('name');
  const names = [...sim.cluster.indexTemplates.keys()].sort().filter((n) => requested === undefined || simpleMatch(requested, n));
  if (requested !== undefined && !requested.includes('*') && names.length === 0) {
    throw new EsException(resourceNotFound(`index template matching [${requested}] not found`));
  }
  const defaults = templateDefaults(ctx);
  const flat = booleanParam(ctx, 'flat_settings', false);
  const body = {
    index_templates: names.map((n) => ({ name: n, index_template: indexTemplateToXContent(sim.cluster.indexTemplates.get(n)!, sim.profile, flat, defaults) })),
  };
  return ok(body, names.length > 0 || requested === undefined ? 200 : 404);
}

/**
 * A template's `template` object as ES prints it (`Template#toXContent`, for composable and component
 * templates): the settings it was given, normalised to `index.*` strings in key order (nested, or flat
 * with `flat_settings`), the mappings as given, the aliases in name order, and the lifecycle with
 * `enabled` first (`DataStreamLifecycle.Template#toXContent`). Only the parts the body had.
 */
export function templateBodyToXContent(
  given: Readonly<Record<string, unknown>>,
  parsed: { readonly settings: ReadonlyMap<string, string>; readonly aliases: ReadonlyMap<string, AliasMetadata>; readonly lifecycle?: LifecycleTemplate },
  flat: boolean,
  defaults: TemplateDefaults | undefined,
): Record<string, unknown> {
  const template: Record<string, unknown> = {};
  if (given['settings'] !== undefined && given['settings'] !== null) {
    const settings = [...parsed.settings.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    template['settings'] = settingsToXContent(settings, flat);
  }
  if (given['mappings'] !== undefined && given['mappings'] !== null) template['mappings'] = given['mappings'];
  if (given['aliases'] !== undefined && given['aliases'] !== null) {
    const aliases: Record<string, unknown> = {};
    for (const alias of [...parsed.aliases.keys()].sort()) aliases[alias] = aliasMetadataToXContent(parsed.aliases.get(alias)!);
    template['aliases'] = aliases;
  }
  if (parsed.lifecycle) template['lifecycle'] = lifecycleTemplateToXContent(parsed.lifecycle, defaults);
  else if (given['lifecycle'] !== undefined && given['lifecycle'] !== null) template['lifecycle'] = given['lifecycle'];
  return template;
}

/**
 * ES `ComposableIndexTemplate#toXContent`: `index_patterns` (a list, even when a string was given),
 * `template`, `composed_of` (see the profile's `composedOfShown`), `priority`, `version`, `_meta`,
 * `data_stream` (the profile's `dataStreamShown` fields, each with its value or `false`),
 * `allow_auto_create`, `ignore_missing_component_templates`, and `deprecated` only when true; the
 * optional ones only when given.
 *
 * Divergence: `data_stream.failure_store` (accepted on 8.x bodies) is shown after the other fields when
 * given; the simulator keeps no failure store.
 */
function indexTemplateToXContent(template: IndexTemplate, profile: Profile, flat: boolean, defaults: TemplateDefaults | undefined): Record<string, unknown> {
  const source = template.source;
  const given = (key: string): boolean => source[key] !== undefined && source[key] !== null;
  const out: Record<string, unknown> = { index_patterns: [...template.indexPatterns] };
  if (isObject(source['template'])) out['template'] = templateBodyToXContent(source['template'], template, flat, defaults);
  if (given('composed_of') || profile.composableTemplates.composedOfShown === 'always' || isObject(source['template']))
    out['composed_of'] = [...template.composedOf];
  if (given('priority')) out['priority'] = template.priority;
  // `declareLong` takes a numeric string too; ES prints the number.
  if (given('version')) out['version'] = typeof source['version'] === 'string' ? Number(source['version']) : source['version'];
  if (given('_meta')) out['_meta'] = source['_meta'];
  const spec = source['data_stream'];
  if (isObject(spec)) {
    const shown: Record<string, unknown> = {};
    for (const field of profile.composableTemplates.dataStreamShown) shown[field] = spec[field] === true;
    if (spec['failure_store'] !== undefined) shown['failure_store'] = spec['failure_store'];
    out['data_stream'] = shown;
  }
  if (given('allow_auto_create')) out['allow_auto_create'] = source['allow_auto_create'];
  if (given('ignore_missing_component_templates')) out['ignore_missing_component_templates'] = source['ignore_missing_component_templates'];
  if (source['deprecated'] === true) out['deprecated'] = true;
  return out;
}

/**
 * ES `GetComposableIndexTemplateAction`/`GetComponentTemplateAction` (8.11+): with `include_defaults`
 * the response carries the cluster's default rollover, printed in each template's lifecycle.
 */
export function templateDefaults(ctx: RequestContext): TemplateDefaults | undefined {
  const { sim } = ctx;
  if (!sim.profile.dataStreamLifecycle || !booleanParam(ctx, 'include_defaults', false)) return undefined;
  return { rollover: defaultRolloverOf(sim.cluster), profile: sim.profile };
}

export function deleteIndexTemplate(ctx: RequestContext): HandlerResult {
  const name = pathParam(ctx, 'name');
  const { cluster } = ctx.sim;
  if (!cluster.indexTemplates.has(name)) throw new EsException(resourceNotFound(`index_template [${name}] missing`));
  // ES `MetadataIndexTemplateService#innerRemoveIndexTemplateV2`: a template a data stream still
  // matches cannot go (Java Set toString lists the names).
  const users = [...cluster.dataStreams.keys()].filter((ds) => matchingTemplate(cluster, ds)?.name === name).sort();
  if (users.length > 0) {
    throw new EsException(illegalArgument(`unable to remove composable templates [${name}] as they are in use by a data streams [${users.join(', ')}]`));
  }
  cluster.indexTemplates.delete(name);
  return ok(ACKNOWLEDGED);
}

/**
 * The index a write to `target` lands in: the index, an alias's or a data stream's write index, or a
 * new index or data stream (ES auto-creates on first write, `action.auto_create_index`, a data stream
 * when the matching template has `data_stream`). A data stream takes only `create` writes.
 */
export function writeTarget(ctx: RequestContext, target: string, opType: 'create' | 'index' = 'create'): IndexMetadata {
  const index = resolveWriteTarget(ctx, target, opType);
  // ES `IndexNameExpressionResolver#concreteWriteIndex` (`forbidClosedIndices`): a closed index refuses writes.
  if (index.state === 'close') throw new EsException(indexClosed(index.name, index.uuid));
  return index;
}

function resolveWriteTarget(ctx: RequestContext, target: string, opType: 'create' | 'index'): IndexMetadata {
  const { sim } = ctx;
  const direct = sim.cluster.indices.get(target);
  if (direct) return direct;
  let stream = sim.cluster.dataStreams.get(target);
  if (!stream && !aliasExists(sim.cluster, target) && dataStreamTemplateFor(sim.cluster, sim.profile, target)) {
    stream = createDataStream(sim.cluster, sim.profile, target, sim.now);
    sim.clusterChanged();
  }
  if (stream) {
    if (opType !== 'create') throw new EsException(illegalArgument('only write ops with an op_type of create are allowed in data streams'));
    const write = writeIndexOfStream(sim.cluster, stream);
    if (!write) throw new EsException(indexNotFound(target));
    return write;
  }
  const isAlias = aliasExists(sim.cluster, target);
  if (isAlias) {
    const write = writeIndexOf(sim.cluster, target);
    if (!write) {
      throw new EsException(
        illegalArgument(
          `no write index is defined for alias [${target}]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index`,
        ),
      );
    }
    return write;
  }
  const created = createIndex(sim.cluster, sim.profile, target, sim.now, new Map());
  sim.clusterChanged();
  return created;
}

/** Counts one written document into an index; returns ES's per-document write answer (without status). */
export function countDocument(ctx: RequestContext, index: IndexMetadata, bytes: number, id?: string): Record<string, unknown> {
  const seqNo = index.docsCount;
  index.docsCount += 1;
  index.storeBytes += bytes;
  touch(index);
  return {
    _index: index.name,
    ...(ctx.sim.profile.documentApi === 'v7' ? { _type: '_doc' } : {}),
    _id: id ?? ctx.sim.prng.base64Uuid().slice(0, 20),
    _version: 1,
    result: 'created',
    // One simulated node: replicas stay unassigned, so only the primary answers.
    _shards: { total: 1 + numberOfReplicas(index), successful: 1, failed: 0 },
    _seq_no: seqNo,
    _primary_term: 1,
  };
}

/**
 * `POST /<target>/_doc`, `PUT|POST /<target>/_doc/<id>`: counts one document of the body's size.
 * Without an id ES makes it a `create` (`RestIndexAction.AutoIdHandler`), so a data stream takes it
 * unless `op_type=index` is asked for; with an id the default is `index`.
 *
 * Divergence: documents are counted, never stored: every write creates (`_version` 1, or the external
 * version asked for), and a write conditional on a sequence number finds no document (409).
 */
export function indexDocument(ctx: RequestContext, forcedOpType?: 'create'): HandlerResult {
  const text = requiredBody(ctx);
  bodyAsMap(text);
  const id = ctx.params.get('id');
  const opType = forcedOpType ?? ctx.query.get('op_type') ?? (id === undefined ? 'create' : 'index');
  if (opType !== 'create' && opType !== 'index') throw new EsException(illegalArgument(`opType must be 'create' or 'index', found: [${opType}]`));
  const version = versionParams(ctx);
  const index = writeTarget(ctx, pathParam(ctx, 'index'), opType);
  if (version.ifSeqNo !== undefined) {
    throw new EsException({
      type: 'version_conflict_engine_exception',
      reason: `[${id ?? ''}]: version conflict, required seqNo [${version.ifSeqNo}], primary term [${version.ifPrimaryTerm}]. but no document was found`,
      status: 409,
      metadata: [
        ['index_uuid', index.uuid],
        ['shard', '0'],
        ['index', index.name],
      ],
      elasticsearchException: true,
    });
  }
  const answer = countDocument(ctx, index, UTF8.encode(text).length, id);
  return ok(version.external === undefined ? answer : { ...answer, _version: version.external }, 201);
}

/** `PUT|POST /<target>/_create/<id>`: the same write with `op_type=create`. */
export function createDocument(ctx: RequestContext): HandlerResult {
  return indexDocument(ctx, 'create');
}

/** ES `IndexRequest#validate` over `version`, `version_type`, `if_seq_no` and `if_primary_term`. */
function versionParams(ctx: RequestContext): { external?: number; ifSeqNo?: number; ifPrimaryTerm?: number } {
  const long = (name: string): number | undefined => {
    const value = ctx.query.get(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw new EsException({ type: 'number_format_exception', reason: `For input string: "${value}"`, status: 400 });
    return Number(value);
  };
  const version = long('version');
  const versionType = ctx.query.get('version_type') ?? 'internal';
  if (!['internal', 'external', 'external_gte'].includes(versionType)) throw new EsException(illegalArgument(`No version type match [${versionType}]`));
  const ifSeqNo = long('if_seq_no');
  const ifPrimaryTerm = long('if_primary_term');
  const problems: string[] = [];
  if (versionType === 'internal' && version !== undefined) {
    problems.push('internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead');
  }
  if (ifSeqNo !== undefined && (ifPrimaryTerm === undefined || ifPrimaryTerm === 0))
    problems.push(`ifSeqNo is set, but primary term is [${ifPrimaryTerm ?? 0}]`);
  if (ifSeqNo === undefined && ifPrimaryTerm !== undefined && ifPrimaryTerm !== 0)
    problems.push(`ifSeqNo is unassigned, but primary term is [${ifPrimaryTerm}]`);
  if (problems.length > 0) throw new EsException(actionRequestValidation(problems));
  return {
    ...(versionType !== 'internal' && version !== undefined ? { external: version } : {}),
    ...(ifSeqNo !== undefined ? { ifSeqNo, ifPrimaryTerm: ifPrimaryTerm ?? 0 } : {}),
  };
}

/** `POST /_sim/ingest {"index": "logs", "count": 5000, "bytes_each": "1kb"}`: many documents at once. */
export function ingest(ctx: RequestContext): HandlerResult {
  const body = bodyAsMap(requiredBody(ctx));
  const target = body['index'];
  const count = body['count'];
  if (typeof target !== 'string' || target.length === 0) throw new EsException(illegalArgument('[index] must be a non-empty string'));
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) throw new EsException(illegalArgument('[count] must be a non-negative integer'));
  const bytesEach = body['bytes_each'];
  if (bytesEach !== undefined && typeof bytesEach !== 'number' && typeof bytesEach !== 'string')
    throw new EsException(illegalArgument('[bytes_each] must be a size'));
  const each = bytesEach === undefined ? 1024 : typeof bytesEach === 'number' ? bytesEach : parseByteSize(bytesEach, 'bytes_each').bytes;
  if (!Number.isFinite(each) || each < 0) throw new EsException(illegalArgument('[bytes_each] must be a size'));
  if (!ctx.sim.cluster.indices.has(target) && !aliasExists(ctx.sim.cluster, target) && target.includes('*')) {
    throw new EsException(indexNotFound(target));
  }
  const index = writeTarget(ctx, target);
  index.docsCount += count;
  index.storeBytes += count * each;
  touch(index);
  return ok({ index: index.name, docs_count: index.docsCount, store_size_in_bytes: index.storeBytes });
}

/** 22 lowercase base64url characters (the shape of ES's lowercased random UUIDs) derived from `text` in one pass. */
function requestDigest(text: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    h1 = Math.imul(h1 ^ text.charCodeAt(i), 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  let out = '';
  for (let round = 0; out.length < 22; round++) {
    h1 = Math.imul(h1 ^ (h2 >>> 13) ^ round, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ (h1 >>> 11), 0x5bd1e995) >>> 0;
    out += alphabet[((h1 ^ h2) >>> 0) % alphabet.length];
  }
  return out;
}
