/**
 * Component templates (`PUT|POST|GET|HEAD|DELETE /_component_template/<name>`, ES 7.8+,
 * `RestPutComponentTemplateAction` and its siblings): settings and aliases that composable index
 * templates compose in through `composed_of` (resolved at index creation by
 * `engine/cluster/index-creation.ts`). A release before 7.8 has no such endpoint.
 *
 * Divergence: mappings are kept and shown as given, never applied; ES lists templates in the order of
 * an unordered map, the simulator sorts them by name.
 */
import type { Cluster, ComponentTemplate } from '../../engine/cluster/cluster';
import { dataStreamSpec, templateLifecycle } from '../../engine/cluster/data-streams';
import { simpleMatch } from '../../engine/cluster/index-resolver';
import { flattenSettings, validateSettings } from '../../engine/cluster/index-settings';
import { EsException, illegalArgument, resourceNotFound } from '../../engine/errors';
import { booleanValue, checkValueTypes, longValue, typedObject } from '../../engine/xcontent/object-parser';
import { TEMPLATE_TYPES, templateBodyToXContent, templateDefaults } from './template-handlers';
import {
  ACKNOWLEDGED,
  aliasesFromBody,
  bodyAsMap,
  booleanParam,
  commaList,
  HandlerResult,
  isObject,
  ok,
  pathParam,
  RequestContext,
  requiredBody,
  withWarning,
} from '../context';
import { parseTemplateLifecycle } from '../data-streams/data-stream-lifecycle-handlers';
import { lifecycleOf, retentionWarning, TemplateDefaults } from '../../engine/cluster/data-stream-lifecycle-config';
import { globalRetentionOf } from '../../engine/lifecycle/data-stream-lifecycle/service';

/** ES `ComponentTemplate.PARSER` fields per release (`deprecated` from 8.12). */
function componentFields(ctx: RequestContext): readonly string[] {
  return ctx.sim.profile.dataStreams === 'v8' ? ['template', 'version', '_meta', 'deprecated'] : ['template', 'version', '_meta'];
}

/** ES `Template.PARSER` fields per release (`lifecycle` from 8.11). */
function templateFields(ctx: RequestContext): readonly string[] {
  return ctx.sim.profile.dataStreams === 'v8' ? ['settings', 'mappings', 'aliases', 'lifecycle'] : ['settings', 'mappings', 'aliases'];
}

/**
 * The value types of ES `ComponentTemplate.PARSER` (`component_template`): `template` is
 * `Template.PARSER`'s object, `version` a long, `_meta` an object, `deprecated` a boolean.
 */
const COMPONENT_TEMPLATE_TYPES = typedObject('component_template', [
  ['template', 'OBJECT', TEMPLATE_TYPES],
  ['version', 'LONG', longValue],
  ['_meta', 'OBJECT'],
  ['deprecated', 'BOOLEAN', booleanValue],
]);

/** `PUT|POST /_component_template/<name>` (`?create=true` refuses an existing name). */
export const putComponentTemplate = (ctx: RequestContext): HandlerResult => {
  const { sim } = ctx;
  const name = pathParam(ctx, 'name');
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) {
    if (!componentFields(ctx).includes(key)) throw new EsException(illegalArgument(`[component_template] unknown field [${key}]`));
  }
  const template = body['template'];
  if (template === undefined || template === null) throw new EsException(illegalArgument('Required [template]'));
  if (!isObject(template)) throw new EsException(illegalArgument('[component_template] failed to parse field [template]'));
  for (const key of Object.keys(template)) {
    if (!templateFields(ctx).includes(key)) throw new EsException(illegalArgument(`[template] unknown field [${key}]`));
  }
  checkValueTypes(ctx.body, COMPONENT_TEMPLATE_TYPES);
  const settings = flattenSettings(isObject(template['settings']) ? template['settings'] : {});
  validateSettings(settings, sim.profile);
  if (booleanParam(ctx, 'create', false) && sim.cluster.componentTemplates.has(name)) {
    throw new EsException(illegalArgument(`component template [${name}] already exists`));
  }
  const flat = new Map<string, string>();
  for (const [key, value] of settings) if (value !== null) flat.set(key, value);
  const aliases = aliasesFromBody(isObject(template['aliases']) ? template['aliases'] : {});
  const lifecycle = sim.profile.dataStreamLifecycle ? parseTemplateLifecycle(template['lifecycle'], sim.profile.parseErrorStyle) : undefined;
  const component: ComponentTemplate = { name, settings: flat, aliases, source: body, ...(lifecycle ? { lifecycle } : {}) };
  if (sim.profile.dataStreamLifecycle) refuseLifecycleOnPlainTemplates(sim.cluster, component);
  sim.cluster.componentTemplates.set(name, component);
  // ES `MetadataIndexTemplateService#addComponentTemplate`: which streams it will reach is unknown, so
  // not internal ones.
  const warning = lifecycle ? retentionWarning(lifecycleOf(lifecycle), globalRetentionOf(sim.cluster), false) : null;
  return withWarning(ok(ACKNOWLEDGED), sim.profile, warning);
};

/**
 * ES `MetadataIndexTemplateService#addComponentTemplate`: every composable template using the component
 * is validated again as it would compose; one that would give a lifecycle without `data_stream` refuses
 * the change. Divergence: ES reports the first failing template (in its map's order) and adds the others
 * as `suppressed`; the simulator reports the first by name.
 */
function refuseLifecycleOnPlainTemplates(cluster: Cluster, component: ComponentTemplate): void {
  const components = new Map(cluster.componentTemplates).set(component.name, component);
  const users = [...cluster.indexTemplates.values()].filter((t) => t.composedOf.includes(component.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const user of users) {
    if (dataStreamSpec(user) !== null || templateLifecycle(cluster, user, components) === null) continue;
    const cause = illegalArgument(`index template [${user.name}] specifies lifecycle configuration that can only be used in combination with a data stream`);
    throw new EsException(
      illegalArgument(
        `updating component template [${component.name}] results in invalid composable template [${user.name}] after templates are merged`,
        cause,
      ),
    );
  }
}

/** ES `ComponentTemplate#toXContent`: `template` (settings normalised to `index.*` strings), `version`, `_meta`. */
function componentToXContent(component: ComponentTemplate, flat: boolean, defaults: TemplateDefaults | undefined): Record<string, unknown> {
  const source = component.source;
  const template = templateBodyToXContent(source['template'] as Record<string, unknown>, component, flat, defaults);
  const out: Record<string, unknown> = { template };
  if (source['version'] !== undefined && source['version'] !== null) out['version'] = source['version'];
  if (source['_meta'] !== undefined && source['_meta'] !== null) out['_meta'] = source['_meta'];
  // ES writes `deprecated` whenever it was given (a nullable Boolean), as the 8.x stack templates give it.
  if (typeof source['deprecated'] === 'boolean') out['deprecated'] = source['deprecated'];
  return out;
}

/** `GET|HEAD /_component_template[/<name>]`: a pattern may match none; an explicit name must exist. */
export const getComponentTemplates = (ctx: RequestContext): HandlerResult => {
  const { sim } = ctx;
  const flat = booleanParam(ctx, 'flat_settings', false);
  const requested = ctx.params.get('name');
  const names = [...sim.cluster.componentTemplates.keys()].sort().filter((n) => requested === undefined || simpleMatch(requested, n));
  if (requested !== undefined && !requested.includes('*') && names.length === 0) {
    throw new EsException(resourceNotFound(`component template matching [${requested}] not found`));
  }
  const defaults = templateDefaults(ctx);
  // ES `RestGetComponentTemplateAction`: a wildcard matching none is a 404 with the empty list.
  return ok(
    { component_templates: names.map((n) => ({ name: n, component_template: componentToXContent(sim.cluster.componentTemplates.get(n)!, flat, defaults) })) },
    names.length > 0 || requested === undefined ? 200 : 404,
  );
};

/**
 * `DELETE /_component_template/<name>` (ES `MetadataIndexTemplateService#removeComponentTemplate`):
 * refused while an index template composes it; a missing name is a 404 whose reason is the name.
 */
export const deleteComponentTemplate = (ctx: RequestContext): HandlerResult => {
  const { cluster } = ctx.sim;
  const names = commaList(pathParam(ctx, 'name'));
  const selected = (n: string) => (names.length > 1 ? names.includes(n) : simpleMatch(names[0] ?? '', n));
  const matching = [...cluster.componentTemplates.keys()].filter(selected);
  const inUse = new Set<string>();
  const users: string[] = [];
  for (const template of cluster.indexTemplates.values()) {
    const used = template.composedOf.filter((c) => matching.includes(c));
    if (used.length > 0) {
      users.push(template.name);
      for (const c of used) inUse.add(c);
    }
  }
  if (users.length > 0) {
    throw new EsException(
      illegalArgument(
        `component templates [${[...inUse].sort().join(', ')}] cannot be removed as they are still in use by index templates [${users.sort().join(', ')}]`,
      ),
    );
  }
  if (names.length > 1) {
    const missing = names.filter((n) => !cluster.componentTemplates.has(n));
    if (missing.length > 0) throw new EsException(resourceNotFound(missing.join(',')));
  } else if (matching.length === 0) {
    if (names[0] === '*') return ok(ACKNOWLEDGED);
    throw new EsException(resourceNotFound(names[0] ?? ''));
  }
  for (const name of matching) cluster.componentTemplates.delete(name);
  return ok(ACKNOWLEDGED);
};
