/**
 * What `GET {index}` and `GET {index}/_settings` show for an index (mirrors ES `GetIndexResponse`,
 * `GetSettingsResponse` and `Settings#toXContent`): the stored settings plus the ones ES keeps as
 * index metadata (`creation_date`, `uuid`, `provided_name`, `version.created`), as string values,
 * nested by their dots with keys sorted at every level (or flat with `flat_settings`). Pure.
 */
import type { AliasMetadata, IndexMetadata } from './cluster';
import type { Profile } from '../profile';
import { simpleMatch } from './index-resolver';
import { ownKeysObject } from '../xcontent/object-parser';

/** Every `index.*` setting ES reports for the index, sorted by key. */
export function indexSettings(index: IndexMetadata, profile: Profile): Array<[string, string]> {
  const all = new Map(index.settings);
  all.set('index.creation_date', String(index.creationDate));
  all.set('index.uuid', index.uuid);
  all.set('index.provided_name', index.providedName);
  all.set('index.version.created', profile.indexVersionCreated);
  return [...all.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * ES `Settings#toXContent`: flat `{"index.a.b": "v"}` or nested `{"index": {"a": {"b": "v"}}}`
 * (nested levels come from a sorted map, so keys stay sorted at every depth).
 */
export function settingsToXContent(settings: ReadonlyArray<readonly [string, string]>, flat: boolean): Record<string, unknown> {
  const out = ownKeysObject();
  for (const [key, value] of settings) {
    // A list setting is kept as `key.0`, `key.1`, ... (see `loadSettingsFromMap`); ES writes it as an array.
    const list = listElement(key);
    if (flat) {
      if (list) ((out[list.key] ??= []) as string[])[list.index] = value;
      else out[key] = value;
      continue;
    }
    const parts = (list ? list.key : key).split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const child = node[part];
      if (child !== null && typeof child === 'object' && !Array.isArray(child)) node = child as Record<string, unknown>;
      else node = node[part] = ownKeysObject();
    }
    const last = parts[parts.length - 1]!;
    if (list) ((node[last] ??= []) as string[])[list.index] = value;
    else node[last] = value;
  }
  return out;
}

/** `index.query.default_field.0` -> the list `index.query.default_field`, element 0; null for other keys. */
function listElement(key: string): { key: string; index: number } | null {
  const dot = key.lastIndexOf('.');
  const tail = key.slice(dot + 1);
  if (dot <= 0 || tail.length === 0 || tail.length > 6 || [...tail].some((c) => c < '0' || c > '9')) return null;
  return { key: key.slice(0, dot), index: Number(tail) };
}

/** ES `AliasMetadata.Builder#toXContent`: the parts that are set, in ES's order. */
export function aliasMetadataToXContent(metadata: AliasMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (metadata.filter !== undefined) out['filter'] = metadata.filter;
  if (metadata.indexRouting !== undefined) out['index_routing'] = metadata.indexRouting;
  if (metadata.searchRouting !== undefined) out['search_routing'] = metadata.searchRouting;
  if (metadata.isWriteIndex !== undefined) out['is_write_index'] = metadata.isWriteIndex;
  if (metadata.isHidden !== undefined) out['is_hidden'] = metadata.isHidden;
  return out;
}

/** An index's aliases, sorted by name, as `GET {index}` and `GET _alias` print them. */
export function aliasesToXContent(index: IndexMetadata): Record<string, unknown> {
  const out = ownKeysObject();
  for (const alias of [...index.aliases.keys()].sort()) out[alias] = aliasMetadataToXContent(index.aliases.get(alias)!);
  return out;
}

/** One index's `GET {index}` entry (7.x, typeless: `mappings` is `{}` for an index without mappings). */
export function indexToXContent(index: IndexMetadata, profile: Profile, flat: boolean, dataStream: string | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = { aliases: aliasesToXContent(index), mappings: {}, settings: settingsToXContent(indexSettings(index, profile), flat) };
  // ES 7.9+ `GetIndexResponse` names the data stream a backing index belongs to, last.
  if (dataStream !== null) out['data_stream'] = dataStream;
  return out;
}

/** One index's `GET {index}/_settings[/{name}]` entry; `names` are setting-name patterns (`index.lifecycle.*`). */
export function indexSettingsToXContent(index: IndexMetadata, profile: Profile, names: readonly string[], flat: boolean): Record<string, unknown> {
  const all = indexSettings(index, profile);
  const selected = names.length === 0 ? all : all.filter(([key]) => names.some((pattern) => simpleMatch(pattern, key)));
  return { settings: settingsToXContent(selected, flat) };
}
