/**
 * The cluster side of a rollover (mirrors ES `MetadataRolloverService` for aliases): the next index
 * name from the source's provided name (`logs-000001` -> `logs-000002`), the new index created from its
 * template, the alias moved (or its write flag swapped), and `RolloverInfo` recorded on the source.
 * Data streams roll over in `data-streams.ts`. Messages are ES's. Pure over the cluster; `now` is an
 * argument.
 */
import { Cluster, IndexMetadata, IndexTemplate, recordRollover, removeAlias, setAlias, touch } from './cluster';
import { EsException, illegalArgument } from '../errors';
import { composedAliases, createIndex, matchingLegacyTemplates, matchingTemplate } from './index-creation';
import type { Profile } from '../profile';
import { javaHashMapOrder } from '../xcontent/java-order';
import { resolveDateMathName } from './date-math-names';

export const SETTING_PROVIDED_NAME = 'index.provided_name';

/**
 * ES `MetadataRolloverService#generateRolloverIndexName`: the next name from the source's provided
 * name, still unresolved when it is date math (`<logs-{now/d}-000001>` -> `<logs-{now/d}-000002>`).
 */
export function nextRolloverName(source: IndexMetadata, now: number): string {
  const provided = source.providedName;
  const resolved = resolveDateMathName(provided, now);
  if (!/^.*-\d+$/.test(resolved)) throw new EsException(illegalArgument(`index name [${provided}] does not match pattern '^.*-\\d+$'`));
  const isDateMath = provided !== resolved;
  const at = provided.lastIndexOf('-');
  const counter = Number(provided.slice(at + 1, isDateMath ? provided.length - 1 : provided.length));
  return `${provided.slice(0, at)}-${String(counter + 1).padStart(6, '0')}${isDateMath ? '>' : ''}`;
}

/**
 * Rolls `alias` over from its write index `source` to a new index named `unresolvedName` (date math
 * resolved at `now`, the unresolved name kept as the new index's provided name); returns the new index.
 */
export function rolloverAlias(
  cluster: Cluster,
  profile: Profile,
  alias: string,
  source: IndexMetadata,
  metConditions: readonly string[],
  now: number,
  unresolvedName: string = nextRolloverName(source, now),
): IndexMetadata {
  const targetName = resolveDateMathName(unresolvedName, now);
  const template = matchingTemplate(cluster, targetName);
  checkNoDuplicatedAliasInTemplates(cluster, template, alias, targetName);
  const explicitWrite = source.aliases.get(alias)?.isWriteIndex === true;
  const target = createIndex(
    cluster,
    profile,
    targetName,
    now,
    new Map(),
    new Map([[alias, explicitWrite ? { isWriteIndex: true } : {}]]),
    template,
    unresolvedName,
  );
  if (explicitWrite) setAlias(cluster, source, alias, { ...source.aliases.get(alias), isWriteIndex: false });
  else removeAlias(cluster, source, alias);
  recordRollover(source, alias, { timeMillis: now, metConditions });
  touch(source);
  return target;
}

/**
 * ES `MetadataRolloverService#checkNoDuplicatedAliasInIndexTemplate` (PR #28110, closing #26976): a
 * rollover fails when the new index's template would add the rollover alias again. The matching
 * composable template is checked when there is one (aliases its component templates bring count too:
 * ES resolves them first); otherwise every matching legacy template, highest `order` first, as ES's
 * `findV1Templates` lists them (the 6.x report of #26976 was a legacy template). The message prints the
 * template's whole alias map as Java does (`[a, b]`), in Java HashMap order (#26976 shows
 * `[[search-fusion-logs, active-fusion-logs]]` for a template listing them the other way round).
 * Divergence: 6.x/7.x keep a legacy template's aliases in an hppc map whose iteration order is not
 * Java's; the simulator prints HashMap order for both kinds, which is what #26976 shows.
 */
function checkNoDuplicatedAliasInTemplates(cluster: Cluster, template: IndexTemplate | null, alias: string, targetName: string): void {
  const refuse = (aliases: Iterable<string>, name: string): never => {
    const listed = javaHashMapOrder([...aliases]).join(', ');
    throw new EsException(
      illegalArgument(`Rollover alias [${alias}] can point to multiple indices, found duplicated alias [[${listed}]] in index template [${name}]`),
    );
  };
  if (template) {
    const composed = composedAliases(cluster, template);
    if (composed.has(alias)) refuse(composed.keys(), template.name);
    return;
  }
  for (const legacy of matchingLegacyTemplates(cluster, targetName)) {
    if (legacy.aliases.has(alias)) refuse(legacy.aliases.keys(), legacy.name);
  }
}

/** The index an alias writes to: the one flagged `is_write_index`, or its only index. */
export function writeIndexOf(cluster: Cluster, alias: string): IndexMetadata | null {
  // Neither answer depends on the holders' order, so the alias map serves without a scan.
  const members = [...(cluster.aliasHolders.get(alias) ?? [])].map((name) => cluster.indices.get(name)!);
  const flagged = members.find((i) => i.aliases.get(alias)?.isWriteIndex === true);
  if (flagged) return flagged;
  return members.length === 1 ? members[0]! : null;
}
