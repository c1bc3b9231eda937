/**
 * Data streams in the simulated cluster (ES `DataStream`, `MetadataCreateDataStreamService`, the data
 * stream half of `MetadataRolloverService`): a name, its backing indices oldest first (the last is the
 * write index), its generation; creating one from a composable template with `data_stream`, rolling it
 * over, dropping a backing index, deleting it. Messages are ES's. Pure over the cluster: `now` is an
 * argument, UUIDs come from the cluster's seeded generator; no I/O.
 */
import { Cluster, ComponentTemplate, DataStream, deleteIndex, IndexMetadata, IndexTemplate, lifecyclePolicyName, recordRollover, touch } from './cluster';
import { composeLifecycles, DataStreamLifecycle, LifecycleTemplate } from './data-stream-lifecycle-config';
import { EsException, illegalArgument, illegalState, indexNotFound } from '../errors';
import { createIndex, matchingTemplate } from './index-creation';
import { simpleMatch } from './index-resolver';
import { indexNameError } from './index-settings';
import type { Profile } from '../profile';

export const BACKING_INDEX_PREFIX = '.ds-';
export const SETTING_HIDDEN = 'index.hidden';

/** The data stream an index backs, or null. */
export function dataStreamOf(cluster: Cluster, indexName: string): DataStream | null {
  return cluster.backingIndexOwner.get(indexName) ?? null;
}

/** The name of a stream's write index (its newest backing index). */
export function writeIndexName(ds: DataStream): string | undefined {
  return ds.indices[ds.indices.length - 1];
}

/** The data stream whose write index this is, or null. */
export function writeIndexDataStream(cluster: Cluster, index: IndexMetadata): DataStream | null {
  const ds = dataStreamOf(cluster, index.name);
  return ds && writeIndexName(ds) === index.name ? ds : null;
}

/**
 * Whether taking a backing index out of a stream or swapping one in bumps the stream's generation, as a
 * rollover does: 7.16+ (`DataStream#removeBackingIndex`/`#replaceBackingIndex` return `generation + 1`,
 * PR #79916, in 7.16.0 as #80411); 7.9-7.15 kept the generation, so 7.10's next rollover takes the next
 * number while 7.17's and 8.x's skip one per index removed or replaced.
 */
function backingIndexChangeBumpsGeneration(profile: Profile): boolean {
  return profile.dataStreams === 'v7.17' || profile.dataStreams === 'v8';
}

/**
 * ES `ReplaceDataStreamBackingIndexStep` (`DataStream#replaceBackingIndex`): the new index takes the
 * old one's place in the stream.
 */
export function replaceBackingIndex(cluster: Cluster, profile: Profile, ds: DataStream, oldName: string, newName: string): void {
  // Names are unique in a stream; the one replaced (a shrunken or mounted copy's source, a few
  // generations old) is found sooner from the newest end.
  const at = ds.indices.lastIndexOf(oldName);
  if (at < 0) return;
  ds.indices[at] = newName;
  if (backingIndexChangeBumpsGeneration(profile)) ds.generation += 1;
  cluster.backingIndexOwner.delete(oldName);
  cluster.backingIndexOwner.set(newName, ds);
}

export function writeIndexOfStream(cluster: Cluster, ds: DataStream): IndexMetadata | null {
  return cluster.indices.get(writeIndexName(ds) ?? '') ?? null;
}

/**
 * Whether the profile's data streams are 7.11's or later (ES `DataStream.NEW_FEATURES_VERSION`, 7.11:
 * dated backing index names, hidden streams, names that may start with `.`).
 */
function since711(profile: Profile): boolean {
  return profile.dataStreams === 'v7.17' || profile.dataStreams === 'v8';
}

/**
 * ES `DataStream#getDefaultBackingIndexName`: `.ds-<name>-<generation, 6 digits>` in 7.9/7.10
 * (`getLegacyDefaultBackingIndexName`), with the creation day (`DATE_FORMATTER` `uuuu.MM.dd`, UTC)
 * before the generation since 7.11 (#65205; the 7.16/7.17 `DataStream` formats `.ds-%s-%s-%06d` once
 * every node is on `NEW_FEATURES_VERSION`). A rollover names the new index by the day it runs.
 */
export function backingIndexName(profile: Profile, name: string, generation: number, now: number): string {
  const gen = String(generation).padStart(6, '0');
  if (!since711(profile)) return `${BACKING_INDEX_PREFIX}${name}-${gen}`;
  const d = new Date(now);
  const day = `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
  return `${BACKING_INDEX_PREFIX}${name}-${day}-${gen}`;
}

/** The `data_stream` object of a composable template, or null when it has none. */
export function dataStreamSpec(template: IndexTemplate): Record<string, unknown> | null {
  const spec = template.source['data_stream'];
  return spec !== null && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Record<string, unknown>) : null;
}

/** The template a write to `name` would create a data stream from, or null (no template, or a plain one). */
export function dataStreamTemplateFor(cluster: Cluster, profile: Profile, name: string): IndexTemplate | null {
  if (profile.dataStreams === 'none') return null;
  const template = matchingTemplate(cluster, name);
  return template && dataStreamSpec(template) ? template : null;
}

/**
 * ES `MetadataCreateDataStreamService#validate`: the index-name rules (`validateIndexOrAliasName`) with
 * `data_stream [x]` in front of their description, lowercase, then the prefix rule.
 */
function validateDataStreamName(profile: Profile, name: string): void {
  const nameError = indexNameError(name);
  if (nameError) {
    // ES reuses the index-name validation with its own exception: `data_stream [x] <description>`.
    const description = nameError.reason.replace(/^Invalid index name \[[^\]]*\], /, '');
    throw new EsException(illegalArgument(`data_stream [${name}] ${description}`));
  }
  // 7.9/7.10 refused every name starting with '.'; hidden data streams (7.11, #63987) narrowed that to
  // the backing-index prefix (7.17 and 8.x `MetadataCreateDataStreamService#createDataStream`).
  if (!since711(profile) && name.startsWith('.')) throw new EsException(illegalArgument(`data_stream [${name}] must not start with '.'`));
  if (name.startsWith(BACKING_INDEX_PREFIX)) throw new EsException(illegalArgument(`data_stream [${name}] must not start with '${BACKING_INDEX_PREFIX}'`));
}

/**
 * Creates a data stream and its first backing index (ES `MetadataCreateDataStreamService`): name
 * rules, already exists, the matching template must have `data_stream`; the backing index gets the
 * template's settings and `index.hidden: true`. Validates everything before changing the cluster.
 */
export function createDataStream(cluster: Cluster, profile: Profile, name: string, now: number): DataStream {
  validateDataStreamName(profile, name);
  if (cluster.dataStreams.has(name)) {
    throw new EsException({
      type: 'resource_already_exists_exception',
      reason: `data_stream [${name}] already exists`,
      status: 400,
      elasticsearchException: true,
    });
  }
  const template = matchingTemplate(cluster, name);
  if (!template) throw new EsException(illegalArgument(`no matching index template found for data stream [${name}]`));
  const spec = dataStreamSpec(template);
  if (!spec) throw new EsException(illegalArgument(`matching index template [${template.name}] for data stream [${name}] has no data stream template`));
  if (cluster.indices.has(name) || cluster.aliasHolders.has(name)) {
    // Divergence: ES fails while building the new metadata (names of indices, aliases and data streams
    // must be unique); the exact wording was not verified, so this message is the simulator's.
    throw new EsException(illegalState(`data stream [${name}] conflicts with an existing index or alias`));
  }
  const backing = backingIndexName(profile, name, 1, now);
  createIndex(cluster, profile, backing, now, new Map([[SETTING_HIDDEN, 'true']]), new Map(), template);
  // 7.11+ (`createDataStream`: `template.getDataStreamTemplate().isHidden()`).
  const ds: DataStream = { name, indices: [backing], generation: 1, hidden: since711(profile) && spec['hidden'] === true };
  if (profile.dataStreamLifecycle) ds.lifecycle = templateLifecycle(cluster, template);
  cluster.dataStreams.set(name, ds);
  cluster.backingIndexOwner.set(backing, ds);
  return ds;
}

/**
 * Rolls a data stream over (ES `MetadataRolloverService#rolloverDataStream`): a new backing index of
 * the next generation from the stream's template, the generation bumped, and `RolloverInfo` keyed by
 * the stream's name recorded on the old write index. Returns the new write index.
 */
export function rolloverDataStream(cluster: Cluster, profile: Profile, ds: DataStream, metConditions: readonly string[], now: number): IndexMetadata {
  const source = writeIndexOfStream(cluster, ds);
  const template = matchingTemplate(cluster, ds.name);
  if (!template || !dataStreamSpec(template)) {
    throw new EsException(illegalArgument(`no matching index template found for data stream [${ds.name}]`));
  }
  const targetName = backingIndexName(profile, ds.name, ds.generation + 1, now);
  const target = createIndex(cluster, profile, targetName, now, new Map([[SETTING_HIDDEN, 'true']]), new Map(), template);
  ds.indices.push(targetName);
  cluster.backingIndexOwner.set(targetName, ds);
  ds.generation += 1;
  if (source) {
    recordRollover(source, ds.name, { timeMillis: now, metConditions });
    touch(source);
  }
  return target;
}

/** ES `MetadataDeleteIndexService`: a stream's write index cannot be deleted; the error, or null. */
export function writeIndexDeletionError(cluster: Cluster, indexName: string): EsException | null {
  const ds = dataStreamOf(cluster, indexName);
  if (!ds || writeIndexName(ds) !== indexName) return null;
  return new EsException(illegalArgument(`index [${indexName}] is the write index for data stream [${ds.name}] and cannot be deleted`));
}

/** Deletes a backing index and drops it from its stream (`DataStream#removeBackingIndex`). */
export function deleteBackingIndex(cluster: Cluster, profile: Profile, indexName: string): void {
  const ds = dataStreamOf(cluster, indexName);
  if (ds) {
    ds.indices.splice(ds.indices.indexOf(indexName), 1);
    if (backingIndexChangeBumpsGeneration(profile)) ds.generation += 1;
  }
  cluster.backingIndexOwner.delete(indexName);
  deleteIndex(cluster, indexName);
}

/** The streams an expression names (`a,b`, wildcards); hidden ones only when `expandHidden`. */
export function resolveDataStreams(cluster: Cluster, expression: string, expandHidden: boolean): DataStream[] {
  const names = expression === '' || expression === '_all' ? ['*'] : expression.split(',').filter((e) => e.length > 0);
  const found = new Set<string>();
  for (const pattern of names) {
    if (!pattern.includes('*')) {
      if (!cluster.dataStreams.has(pattern)) throw new EsException(indexNotFound(pattern));
      found.add(pattern);
      continue;
    }
    for (const ds of cluster.dataStreams.values()) {
      if ((expandHidden || !ds.hidden) && simpleMatch(pattern, ds.name)) found.add(ds.name);
    }
  }
  return [...found].sort().map((n) => cluster.dataStreams.get(n)!);
}

/** ES `MetadataDeleteDataStreamService`: the streams and all their backing indices go. */
export function deleteDataStreams(cluster: Cluster, streams: readonly DataStream[]): void {
  for (const ds of streams) {
    for (const name of ds.indices) {
      deleteIndex(cluster, name);
      cluster.backingIndexOwner.delete(name);
    }
    cluster.dataStreams.delete(ds.name);
  }
}

/**
 * The lifecycle a template gives a new stream (ES `MetadataIndexTemplateService#resolveLifecycle`):
 * its component templates' lifecycles in order, then its own, composed; null when none has one.
 * `components`: the component templates to compose from (a changed set, to check a change first).
 */
export function templateLifecycle(
  cluster: Cluster,
  template: IndexTemplate,
  components: ReadonlyMap<string, ComponentTemplate> = cluster.componentTemplates,
): DataStreamLifecycle | null {
  const parts: LifecycleTemplate[] = [];
  for (const name of template.composedOf) {
    const component = components.get(name);
    if (component?.lifecycle) parts.push(component.lifecycle);
  }
  if (template.lifecycle) parts.push(template.lifecycle);
  return composeLifecycles(parts);
}

/** `index.lifecycle.prefer_ilm` (ES `IndexSettings.PREFER_ILM_SETTING`, default true). */
export function prefersIlm(index: IndexMetadata): boolean {
  return index.settings.get('index.lifecycle.prefer_ilm') !== 'false';
}

/** Whether a stream's lifecycle is set and enabled (ES `DataStream#getDataLifecycle` enabled). */
export function hasEnabledLifecycle(ds: DataStream): boolean {
  return ds.lifecycle?.enabled === true;
}

/**
 * The ILM policy that manages the index, or null (ES `Metadata#isIndexManagedByILM`): its
 * `index.lifecycle.name`, unless it backs a stream with an enabled data stream lifecycle and does not
 * prefer ILM (`index.lifecycle.prefer_ilm: false`); then the data stream lifecycle manages it.
 */
export function ilmPolicyOf(cluster: Cluster, index: IndexMetadata): string | null {
  const policy = lifecyclePolicyName(index);
  if (policy === null) return null;
  if (cluster.dataStreams.size === 0) return policy;
  const ds = cluster.backingIndexOwner.get(index.name);
  if (ds === undefined || !hasEnabledLifecycle(ds)) return policy;
  return prefersIlm(index) ? policy : null;
}

/**
 * ES `DataStream#isIndexManagedByDataStreamLifecycle`: a backing index of a stream whose lifecycle is
 * enabled, unless an ILM policy is set on it and it prefers ILM.
 */
export function isManagedByDataStreamLifecycle(cluster: Cluster, index: IndexMetadata): boolean {
  const ds = cluster.backingIndexOwner.get(index.name);
  if (ds === undefined || !hasEnabledLifecycle(ds)) return false;
  return lifecyclePolicyName(index) === null || !prefersIlm(index);
}

/** ES `DataStream.ManagedBy#displayValue` for an index: which lifecycle manages it. */
export function managedByName(cluster: Cluster, index: IndexMetadata): string {
  if (ilmPolicyOf(cluster, index) !== null) return 'Index Lifecycle Management';
  if (isManagedByDataStreamLifecycle(cluster, index)) return 'Data stream lifecycle';
  return 'Unmanaged';
}
