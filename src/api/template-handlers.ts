/**
 * Composable index templates (`PUT/GET/DELETE /_index_template/<name>`, ES 7.8+) and document
 * ingestion that counts without storing (`POST /<target>/_doc`, and `POST /_sim/ingest` for many at
 * once). Templates give new indices (including those rollover creates) their ILM settings and aliases.
 *
 * Divergence: the 6.6 profile accepts composable templates too, although ES 6.6 only had the legacy
 * `_template` API (not simulated yet), so rollover scenarios can run under both profiles.
 */
import { aliasExists, touch } from '../engine/cluster';
import { parseByteSize } from '../engine/byte-size';
import { actionRequestValidation, EsException, illegalArgument, indexNotFound, resourceNotFound } from '../engine/errors';
import { createIndex } from '../engine/index-creation';
import { simpleMatch } from '../engine/index-resolver';
import { flattenSettings, validateSettings } from '../engine/index-settings';
import { writeIndexOf } from '../engine/rollover-service';
import { ACKNOWLEDGED, aliasesFromBody, bodyAsMap, HandlerResult, isObject, ok, pathParam, RequestContext, requiredBody } from './context';

const TEMPLATE_FIELDS = ['index_patterns', 'template', 'priority', 'version', 'composed_of', '_meta', 'data_stream'];

export function putIndexTemplate(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'name');
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) {
    if (!TEMPLATE_FIELDS.includes(key)) throw new EsException(illegalArgument(`[index_template] unknown field [${key}]`));
  }
  const rawPatterns = body['index_patterns'];
  const patterns = typeof rawPatterns === 'string' ? [rawPatterns] : Array.isArray(rawPatterns) ? rawPatterns.map(String) : [];
  if (patterns.length === 0) throw new EsException(actionRequestValidation(['index patterns are missing']));
  const priority = body['priority'] === undefined ? 0 : Number(body['priority']);
  if (!Number.isSafeInteger(priority) || priority < 0) throw new EsException(illegalArgument('index template priority must be >= 0'));
  const template = isObject(body['template']) ? body['template'] : {};
  const settings = flattenSettings(isObject(template['settings']) ? template['settings'] : {});
  validateSettings(settings, sim.profile);
  const aliases = aliasesFromBody(isObject(template['aliases']) ? template['aliases'] : {});
  // ES refuses two templates of equal priority whose patterns overlap.
  for (const other of sim.cluster.indexTemplates.values()) {
    if (other.name === name || other.priority !== priority) continue;
    const overlaps = patterns.some((p) => other.indexPatterns.some((q) => simpleMatch(p, q) || simpleMatch(q, p)));
    if (overlaps) {
      throw new EsException(
        illegalArgument(
          `index template [${name}] has index patterns [${patterns.join(', ')}] matching patterns from existing templates [${other.name}] with patterns (${other.name} => [${other.indexPatterns.join(', ')}]) that have the same priority [${priority}], multiple index templates may not match during index creation, please use a different priority`,
        ),
      );
    }
  }
  const flat = new Map<string, string>();
  for (const [key, value] of settings) if (value !== null) flat.set(key, value);
  sim.cluster.indexTemplates.set(name, { name, indexPatterns: patterns, priority, settings: flat, aliases, source: body });
  return ok(ACKNOWLEDGED);
}

export function getIndexTemplates(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const requested = ctx.params.get('name');
  const names = [...sim.cluster.indexTemplates.keys()].sort().filter((n) => requested === undefined || simpleMatch(requested, n));
  if (requested !== undefined && !requested.includes('*') && names.length === 0) {
    throw new EsException(resourceNotFound(`index template matching [${requested}] not found`));
  }
  return ok({ index_templates: names.map((n) => ({ name: n, index_template: sim.cluster.indexTemplates.get(n)!.source })) });
}

export function deleteIndexTemplate(ctx: RequestContext): HandlerResult {
  const name = pathParam(ctx, 'name');
  if (!ctx.sim.cluster.indexTemplates.delete(name)) throw new EsException(resourceNotFound(`index_template [${name}] missing`));
  return ok(ACKNOWLEDGED);
}

/** The index a write to `target` lands in: the index, an alias's write index, or a new index. */
function writeTarget(ctx: RequestContext, target: string) {
  const { sim } = ctx;
  const direct = sim.cluster.indices.get(target);
  if (direct) return direct;
  const isAlias = aliasExists(sim.cluster, target);
  if (isAlias) {
    const write = writeIndexOf(sim.cluster, target);
    if (!write) {
      throw new EsException(
        illegalArgument(`no write index is defined for alias [${target}]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index`),
      );
    }
    return write;
  }
  // ES creates a missing index on first write (`action.auto_create_index`), from its template.
  const created = createIndex(sim.cluster, sim.profile, target, sim.now, new Map());
  sim.clusterChanged();
  return created;
}

/** `POST /<target>/_doc`: counts one document of the body's size. */
export function indexDocument(ctx: RequestContext): HandlerResult {
  const text = requiredBody(ctx);
  bodyAsMap(text);
  const index = writeTarget(ctx, pathParam(ctx, 'index'));
  const seqNo = index.docsCount;
  index.docsCount += 1;
  index.storeBytes += new TextEncoder().encode(text).length;
  touch(index);
  return ok(
    {
      _index: index.name,
      _type: '_doc',
      _id: ctx.sim.prng.base64Uuid().slice(0, 20),
      _version: 1,
      result: 'created',
      _shards: { total: 2, successful: 1, failed: 0 },
      _seq_no: seqNo,
      _primary_term: 1,
    },
    201,
  );
}

/** `POST /_sim/ingest {"index": "logs", "count": 5000, "bytes_each": "1kb"}`: many documents at once. */
export function ingest(ctx: RequestContext): HandlerResult {
  const body = bodyAsMap(requiredBody(ctx));
  const target = body['index'];
  const count = body['count'];
  if (typeof target !== 'string' || target.length === 0) throw new EsException(illegalArgument('[index] must be a non-empty string'));
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) throw new EsException(illegalArgument('[count] must be a non-negative integer'));
  const each = body['bytes_each'] === undefined ? 1024 : typeof body['bytes_each'] === 'number' ? body['bytes_each'] : parseByteSize(String(body['bytes_each']), 'bytes_each').bytes;
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
