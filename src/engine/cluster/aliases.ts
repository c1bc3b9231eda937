/**
 * Alias changes as ES `MetadataIndexAliasesService#applyAliasActions` makes them: a list of add,
 * remove and remove_index actions over resolved indices, checked as a whole (alias names, an index
 * named like the alias, one write index per alias) and only then applied, so a refused list changes
 * nothing. Also the alias reads of `GET _alias` (ES `Metadata#findAliases`). Pure over the cluster.
 */
import { AliasMetadata, Cluster, deleteIndex, IndexMetadata, removeAlias, setAlias } from './cluster';
import { EsError, EsException, illegalArgument } from '../errors';
import { INVALID_FILENAME_MESSAGE, validFileName } from './index-settings';
import { simpleMatch } from './index-resolver';
import type { Profile } from '../profile';
import { dataStreamOf, deleteBackingIndex, writeIndexDeletionError } from './data-streams';

export type AliasAction =
  | { readonly type: 'add'; readonly indices: readonly IndexMetadata[]; readonly alias: string; readonly metadata: AliasMetadata }
  | { readonly type: 'remove'; readonly indices: readonly IndexMetadata[]; readonly aliases: readonly string[]; readonly mustExist: boolean }
  | { readonly type: 'remove_index'; readonly indices: readonly IndexMetadata[] };

/** ES `InvalidAliasNameException(name, description)`: `Invalid alias name [x]: <why>`. */
function invalidAliasName(name: string, description: string): EsError {
  return { type: 'invalid_alias_name_exception', reason: `Invalid alias name [${name}]: ${description}`, status: 400, elasticsearchException: true };
}

/** ES `InvalidAliasNameException(index, name, description)`, with the index in the metadata. */
function aliasNamedLikeIndex(index: IndexMetadata, alias: string): EsError {
  return {
    type: 'invalid_alias_name_exception',
    reason: `Invalid alias name [${alias}], an index exists with the same name as the alias`,
    status: 400,
    metadata: [
      ['index_uuid', index.uuid],
      ['index', index.name],
    ],
    elasticsearchException: true,
  };
}

/** ES `AliasValidator#validateAliasStandalone` -> `MetadataCreateIndexService#validateIndexOrAliasName`. */
export function aliasNameError(name: string): EsError | null {
  if (name.trim().length === 0) return illegalArgument('alias name is required');
  if (!validFileName(name)) return invalidAliasName(name, INVALID_FILENAME_MESSAGE);
  if (name.includes('#')) return invalidAliasName(name, "must not contain '#'");
  if (name.includes(':')) return invalidAliasName(name, "must not contain ':'");
  if (name.startsWith('_') || name.startsWith('-') || name.startsWith('+')) return invalidAliasName(name, "must not start with '_', '-', or '+'");
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > 255) return invalidAliasName(name, `alias name is too long, (${bytes} > 255)`);
  if (name === '.' || name === '..') return invalidAliasName(name, "must not be '.' or '..'");
  return null;
}

/** ES `AliasesNotFoundException`: `aliases [a, b] missing` (Java `Arrays#toString`), 404. */
export function aliasesNotFound(names: readonly string[]): EsError {
  return {
    type: 'aliases_not_found_exception',
    reason: `aliases [${names.join(', ')}] missing`,
    status: 404,
    metadata: [
      ['resource.type', 'aliases'],
      ['resource.id', names.join(', ')],
    ],
    elasticsearchException: true,
  };
}

/**
 * Applies the actions in order, all or nothing. Returns whether anything changed. A `remove` whose
 * explicit alias is on none of its indices fails with `aliases_not_found_exception` unless
 * `must_exist` is false. The profile says what a `remove_index` of a backing index does to its stream.
 */
export function applyAliasActions(cluster: Cluster, profile: Profile, actions: readonly AliasAction[]): boolean {
  // The aliases each touched index will have, and the indices to delete.
  const draft = new Map<string, Map<string, AliasMetadata>>();
  const deleted = new Set<string>();
  const aliasesOf = (index: IndexMetadata): Map<string, AliasMetadata> => {
    let aliases = draft.get(index.name);
    if (!aliases) draft.set(index.name, (aliases = new Map(index.aliases)));
    return aliases;
  };
  for (const action of actions) {
    if (action.type === 'remove_index') {
      for (const index of action.indices) {
        const refusal = writeIndexDeletionError(cluster, index.name);
        if (refusal) throw refusal;
        deleted.add(index.name);
      }
      continue;
    }
    if (action.type === 'add') {
      const nameError = aliasNameError(action.alias);
      if (nameError) throw new EsException(nameError);
      const sameName = cluster.indices.get(action.alias);
      if (sameName && !deleted.has(sameName.name)) throw new EsException(aliasNamedLikeIndex(sameName, action.alias));
      for (const index of action.indices) aliasesOf(index).set(action.alias, action.metadata);
      continue;
    }
    let removed = 0;
    for (const index of action.indices) {
      const aliases = aliasesOf(index);
      for (const alias of [...aliases.keys()]) {
        if (action.aliases.some((pattern) => simpleMatch(pattern, alias))) {
          aliases.delete(alias);
          removed++;
        }
      }
    }
    const explicit = action.aliases.filter((a) => !a.includes('*'));
    if (removed === 0 && action.mustExist && explicit.length > 0) throw new EsException(aliasesNotFound(explicit));
  }
  checkWriteIndices(cluster, draft, deleted);
  let changed = deleted.size > 0;
  for (const [name, aliases] of draft) {
    const index = cluster.indices.get(name)!;
    if (deleted.has(name)) continue;
    for (const alias of [...index.aliases.keys()]) {
      if (!aliases.has(alias)) {
        removeAlias(cluster, index, alias);
        changed = true;
      }
    }
    for (const [alias, metadata] of aliases) {
      if (index.aliases.get(alias) !== metadata) {
        setAlias(cluster, index, alias, metadata);
        changed = true;
      }
    }
  }
  for (const name of deleted) {
    if (dataStreamOf(cluster, name)) deleteBackingIndex(cluster, profile, name);
    else deleteIndex(cluster, name);
  }
  return changed;
}

/** ES `IndexAbstraction.Alias`: an alias may have one write index (an IllegalStateException, 500). */
function checkWriteIndices(cluster: Cluster, draft: ReadonlyMap<string, ReadonlyMap<string, AliasMetadata>>, deleted: ReadonlySet<string>): void {
  const touched = new Set<string>();
  for (const aliases of draft.values()) for (const alias of aliases.keys()) touched.add(alias);
  for (const alias of touched) {
    const writers: string[] = [];
    for (const index of cluster.indices.values()) {
      if (deleted.has(index.name)) continue;
      const metadata = (draft.get(index.name) ?? index.aliases).get(alias);
      if (metadata?.isWriteIndex === true) writers.push(index.name);
    }
    if (writers.length > 1) {
      throw new EsException({ type: 'illegal_state_exception', reason: `alias [${alias}] has more than one write index [${writers.join(',')}]`, status: 500 });
    }
  }
}

/**
 * ES `Metadata#findAliases`: per index (in the given order), its aliases matching any of the
 * patterns (all when there are none), sorted by name. `-name` excludes what an earlier wildcard took.
 */
export function findAliases(indices: readonly IndexMetadata[], patterns: readonly string[]): Map<string, Array<[string, AliasMetadata]>> {
  const out = new Map<string, Array<[string, AliasMetadata]>>();
  for (const index of indices) {
    const found: Array<[string, AliasMetadata]> = [];
    for (const alias of [...index.aliases.keys()].sort()) {
      if (patterns.length === 0 || aliasSelected(alias, patterns)) found.push([alias, index.aliases.get(alias)!]);
    }
    out.set(index.name, found);
  }
  return out;
}

function aliasSelected(alias: string, patterns: readonly string[]): boolean {
  let selected = false;
  for (const pattern of patterns) {
    if (pattern === '_all' || pattern === '*') selected = true;
    else if (pattern.startsWith('-') && selected) {
      if (simpleMatch(pattern.slice(1), alias)) selected = false;
    } else if (simpleMatch(pattern, alias)) selected = true;
  }
  return selected;
}
