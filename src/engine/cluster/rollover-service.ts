/**
 * The cluster side of a rollover (mirrors ES `MetadataRolloverService` for aliases): the next index
 * name from the source's provided name (`logs-000001` -> `logs-000002`), the new index created from its
 * template, the alias moved (or its write flag swapped), and `RolloverInfo` recorded on the source.
 * Data streams roll over in `data-streams.ts`. Messages are ES's. Pure over the cluster; `now` is an
 * argument.
 */
import { Cluster, IndexMetadata, recordRollover, removeAlias, setAlias, touch } from './cluster';
import { EsException, illegalArgument } from '../errors';
import { createIndex, matchingTemplate } from './index-creation';
import type { Profile } from '../profile';
import { javaHashMapOrder } from '../xcontent/java-order';

export const SETTING_PROVIDED_NAME = 'index.provided_name';

/** ES `MetadataRolloverService#generateRolloverIndexName`. */
export function nextRolloverName(source: IndexMetadata): string {
  const provided = source.settings.get(SETTING_PROVIDED_NAME) ?? source.name;
  const match = /^(.*)-(\d+)$/.exec(provided);
  if (!match) throw new EsException(illegalArgument(`index name [${provided}] does not match pattern '^.*-\\d+$'`));
  return `${match[1]}-${String(Number(match[2]) + 1).padStart(6, '0')}`;
}

/** Rolls `alias` over from its write index `source` to a new index; returns the new index. */
export function rolloverAlias(
  cluster: Cluster,
  profile: Profile,
  alias: string,
  source: IndexMetadata,
  metConditions: readonly string[],
  now: number,
  targetName: string = nextRolloverName(source),
): IndexMetadata {
  const template = matchingTemplate(cluster, targetName);
  if (template?.aliases.has(alias)) {
    // ES `MetadataRolloverService#checkNoDuplicatedAliasInIndexTemplate` prints the template's whole
    // alias map as Java does (`[a, b]`): a composable template's aliases are a `HashMap` (ES `Template`
    // parser), so Java HashMap order (elastic/elasticsearch#26976 shows `[[search-fusion-logs,
    // active-fusion-logs]]` for a template listing them the other way round).
    const listed = javaHashMapOrder([...template.aliases.keys()]).join(', ');
    throw new EsException(
      illegalArgument(`Rollover alias [${alias}] can point to multiple indices, found duplicated alias [[${listed}]] in index template [${template.name}]`),
    );
  }
  const explicitWrite = source.aliases.get(alias)?.isWriteIndex === true;
  const target = createIndex(cluster, profile, targetName, now, new Map(), new Map([[alias, explicitWrite ? { isWriteIndex: true } : {}]]), template);
  if (explicitWrite) setAlias(cluster, source, alias, { isWriteIndex: false });
  else removeAlias(cluster, source, alias);
  recordRollover(source, alias, { timeMillis: now, metConditions });
  touch(source);
  return target;
}

/** The index an alias writes to: the one flagged `is_write_index`, or its only index. */
export function writeIndexOf(cluster: Cluster, alias: string): IndexMetadata | null {
  // Neither answer depends on the holders' order, so the alias map serves without a scan.
  const members = [...(cluster.aliasHolders.get(alias) ?? [])].map((name) => cluster.indices.get(name)!);
  const flagged = members.find((i) => i.aliases.get(alias)?.isWriteIndex === true);
  if (flagged) return flagged;
  return members.length === 1 ? members[0]! : null;
}
