/**
 * Legacy index templates (`HEAD|PUT|POST|GET|DELETE /_template/<name>`, ES `RestPutIndexTemplateAction`,
 * `RestGetIndexTemplateAction`, `RestDeleteIndexTemplateAction`): what Logstash, Beats before 7.x and
 * Curator-era setups install. A new index that no composable template matches takes the settings of
 * every matching legacy template, lowest `order` first (see `engine/cluster/index-creation.ts`).
 *
 * Divergence: ES lists templates in the order of an unordered map; the simulator sorts them by name.
 * Mappings are kept and shown as given, never applied.
 */
import type { LegacyTemplate } from '../../engine/cluster/cluster';
import { simpleMatch } from '../../engine/cluster/index-resolver';
import { flattenSettings, INVALID_FILENAME_MESSAGE, validateSettings } from '../../engine/cluster/index-settings';
import { aliasMetadataToXContent, settingsToXContent } from '../../engine/cluster/index-view';
import { actionRequestValidation, EsError, EsException, illegalArgument, numberFormat, parseException } from '../../engine/errors';
import { javaToString } from '../../engine/xcontent/object-parser';
import { createIndexAliases } from '../indices/alias-spec';
import { invalidIndexTemplate } from './template-handlers';
import { ACKNOWLEDGED, bodyAsMap, booleanParam, commaList, HandlerResult, isObject, ok, pathParam, RequestContext, requiredBody } from '../context';

/** ES `InvalidIndexTemplateException` over a `ValidationException`'s message. */
function invalidTemplate(name: string, problems: readonly string[]): EsError {
  return invalidIndexTemplate(name, `Validation Failed: ${problems.map((m, i) => `${i + 1}: ${m};`).join('')}`);
}

/** ES `IndexTemplateMissingException`. */
function templateMissing(name: string): EsError {
  return { type: 'index_template_missing_exception', reason: `index_template [${name}] missing`, status: 404, elasticsearchException: true };
}

/** ES `MetadataIndexTemplateService#validate` (legacy): the name and pattern rules, every failure listed. */
function nameAndPatternProblems(name: string, patterns: readonly string[]): string[] {
  const problems: string[] = [];
  if (name.includes(' ')) problems.push('name must not contain a space');
  if (name.includes(',')) problems.push("name must not contain a ','");
  if (name.includes('#')) problems.push("name must not contain a '#'");
  if (name.includes('*')) problems.push("name must not contain a '*'");
  if (name.startsWith('_')) problems.push("name must not start with '_'");
  if (name.toLowerCase() !== name) problems.push('name must be lower cased');
  for (const pattern of patterns) {
    if (pattern.includes(' ')) problems.push(`index_patterns [${pattern}] must not contain a space`);
    if (pattern.includes(',')) problems.push(`index_pattern [${pattern}] must not contain a ','`);
    if (pattern.includes('#')) problems.push(`index_pattern [${pattern}] must not contain a '#'`);
    if (pattern.includes(':')) problems.push(`index_pattern [${pattern}] must not contain a ':'`);
    if (pattern.startsWith('_')) problems.push(`index_pattern [${pattern}] must not start with '_'`);
    // ES `Strings#validFileNameExcludingAstrix`.
    if (/[\\/?"<>|]/.test(pattern)) problems.push(`index_pattern [${pattern}] ${INVALID_FILENAME_MESSAGE}`);
  }
  return problems;
}

/** `PUT|POST /_template/<name>` (ES `PutIndexTemplateRequest#source`, then the service's checks). */
export function putLegacyTemplate(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'name');
  const body = bodyAsMap(requiredBody(ctx), true);
  let patterns: string[] = [];
  let order = 0;
  let version: number | null = null;
  let settingsMap: Record<string, unknown> = {};
  let mappings: Record<string, unknown> = {};
  let aliasesMap: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'index_patterns' || key === 'template') {
      if (typeof value === 'string') patterns = [value];
      // `Object::toString` of each element: a map or list becomes Java's text of it (`{}`, `[a]`).
      else if (Array.isArray(value)) patterns = value.map((v, i) => javaToString(v, value, i));
      else throw new EsException(illegalArgument('Malformed [index_patterns] value, should be a string or a list of strings'));
    } else if (key === 'order') {
      // ES `XContentMapValues#nodeIntegerValue`: a number, else `Integer.parseInt` of its Java text.
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n)) throw new EsException(numberFormat(javaToString(value, body, key)));
      order = n;
    } else if (key === 'version') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || Math.abs(value) > 2 ** 31 - 1) {
        throw new EsException(illegalArgument('Malformed [version] value, should be an integer'));
      }
      version = value;
    } else if (key === 'settings') {
      if (!isObject(value)) throw new EsException(illegalArgument('Malformed [settings] section, should include an inner object'));
      settingsMap = value;
    } else if (key === 'mappings') {
      if (!isObject(value)) throw new EsException(parseException('Failed to parse content to map'));
      for (const [type, mapping] of Object.entries(value)) {
        if (!isObject(mapping) && type !== 'properties') {
          throw new EsException(illegalArgument(`Malformed [mappings] section for type [${type}], should include an inner object describing the mapping`));
        }
      }
      mappings = value;
    } else if (key === 'aliases') {
      if (!isObject(value)) throw new EsException(parseException('Failed to parse aliases'));
      aliasesMap = value;
    } else {
      throw new EsException(parseException(`unknown key [${key}] in the template `));
    }
  }
  // ES `RestPutIndexTemplateAction`: `?order` overrides the body's.
  const orderParam = ctx.query.get('order');
  if (orderParam !== undefined) {
    const n = Number(orderParam);
    if (!/^[+-]?\d+$/.test(orderParam) || !Number.isSafeInteger(n))
      throw new EsException({ type: 'number_format_exception', reason: `For input string: "${orderParam}"`, status: 400 });
    order = n;
  }
  if (patterns.length === 0) throw new EsException(actionRequestValidation(['index patterns are missing']));
  const problems = nameAndPatternProblems(name, patterns);
  const settings = flattenSettings(settingsMap);
  if (problems.length > 0) throw new EsException(invalidTemplate(name, problems));
  validateSettings(settings, sim.profile);
  if (booleanParam(ctx, 'create', false) && sim.cluster.legacyTemplates.has(name)) {
    throw new EsException(illegalArgument(`index_template [${name}] already exists`));
  }
  const flat = new Map<string, string>();
  for (const [key, value] of settings) if (value !== null) flat.set(key, value);
  sim.cluster.legacyTemplates.set(name, {
    name,
    order,
    version,
    indexPatterns: patterns,
    settings: flat,
    mappings,
    aliases: createIndexAliases(aliasesMap, sim.profile.aliasParsing),
  });
  return ok(ACKNOWLEDGED);
}

/** ES `IndexTemplateMetadata.Builder#toXContent` (typeless): order, version, patterns, settings, mappings, aliases. */
export function legacyTemplateToXContent(template: LegacyTemplate, flat: boolean): Record<string, unknown> {
  const aliases: Record<string, unknown> = {};
  for (const alias of [...template.aliases.keys()].sort()) aliases[alias] = aliasMetadataToXContent(template.aliases.get(alias)!);
  const settings = [...template.settings.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    order: template.order,
    ...(template.version === null ? {} : { version: template.version }),
    index_patterns: template.indexPatterns,
    settings: settingsToXContent(settings, flat),
    mappings: template.mappings,
    aliases,
  };
}

/** `GET|HEAD /_template[/<name>]`: matching templates by name; none matching an explicit name is a 404 `{}`. */
export function getLegacyTemplates(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const flat = booleanParam(ctx, 'flat_settings', false);
  const requested = ctx.params.has('name') ? commaList(pathParam(ctx, 'name')) : [];
  const out: Record<string, unknown> = {};
  for (const name of [...sim.cluster.legacyTemplates.keys()].sort()) {
    if (requested.length === 0 || requested.some((pattern) => simpleMatch(pattern, name)))
      out[name] = legacyTemplateToXContent(sim.cluster.legacyTemplates.get(name)!, flat);
  }
  const implicitAll = requested.length === 0;
  return ok(out, Object.keys(out).length > 0 || implicitAll ? 200 : 404);
}

/** `DELETE /_template/<name>` (patterns allowed; `*` on no templates is fine). */
export function deleteLegacyTemplate(ctx: RequestContext): HandlerResult {
  const { cluster } = ctx.sim;
  const name = pathParam(ctx, 'name');
  const matched = [...cluster.legacyTemplates.keys()].filter((t) => simpleMatch(name, t));
  if (matched.length === 0) {
    if (name === '*' || name === '_all') return ok(ACKNOWLEDGED);
    throw new EsException(templateMissing(name));
  }
  for (const t of matched) cluster.legacyTemplates.delete(t);
  return ok(ACKNOWLEDGED);
}
