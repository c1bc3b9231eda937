/**
 * The `rollover` action (mirrors ES `RolloverAction` of 6.6-7.x): `check-rollover-ready` (async wait,
 * a dry run of the conditions on each poll tick), `attempt-rollover` (async action), in 7.x
 * `wait-for-active-shards`, `update-rollover-lifecycle-date` (later phases count from the rollover),
 * then `set-indexing-complete`. The conditions and their release differences live in
 * `rollover-conditions.ts`. On a data stream's
 * backing index the target is the stream (no alias needed) and a backing index that is no longer the
 * write index passes both rollover steps (ES `WaitForRolloverReadyStep`, `RolloverStep` 7.9+).
 */
import { activeShardsWait } from '../allocation-waits';
import { Cluster, DataStream, IndexMetadata, setLifecycle } from '../../cluster/cluster';
import { dataStreamOf, rolloverDataStream, writeIndexName } from '../../cluster/data-streams';
import { EsException, illegalArgument, illegalState } from '../../errors';
import { withFields } from '../../cluster/execution-state';
import { parseObject } from '../../xcontent/object-parser';
import {
  buildConditions,
  conditionFields,
  conditionsMet,
  earliestMet,
  conditionsToXContent,
  RolloverConditions,
  withImplicitDefaults,
} from '../rollover-conditions';
import { rolloverAlias, writeIndexOf } from '../../cluster/rollover-service';
import { COMPLETE, notYet, Step } from '../steps';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { updateSettingsStep } from './common';

export const NAME = 'rollover';
export const SETTING_ROLLOVER_ALIAS = 'index.lifecycle.rollover_alias';
const SETTING_INDEXING_COMPLETE = 'index.lifecycle.indexing_complete';

function conditionsOf(settings: Readonly<Record<string, unknown>>): RolloverConditions {
  return settings['conditions'] as RolloverConditions;
}

/** The index a rollover of this one created: its stream's or its alias's write index, or null. */
function rolledOverTo(cluster: Cluster, index: IndexMetadata): string | null {
  const stream = dataStreamOf(cluster, index.name);
  if (stream) return writeIndexName(stream) ?? null;
  const alias = rolloverAliasOf(index);
  if (alias === '') return null;
  const writer = writeIndexOf(cluster, alias);
  return writer && writer.name !== index.name ? writer.name : null;
}

function rolloverAliasOf(index: IndexMetadata): string {
  return index.settings.get(SETTING_ROLLOVER_ALIAS) ?? '';
}

/**
 * What a 7.9-7.11.0 dry run of a stream's rollover measured (`TransportRolloverAction#buildStats` over
 * an indices-stats request for the whole stream): the write index's creation date and settings, with the
 * primary docs and store summed over every backing index.
 */
function streamRolloverStats(cluster: Cluster, ds: DataStream): IndexMetadata {
  const write = cluster.indices.get(writeIndexName(ds)!)!;
  let docsCount = 0;
  let storeBytes = 0;
  for (const name of ds.indices) {
    const backing = cluster.indices.get(name);
    if (backing) {
      docsCount += backing.docsCount;
      storeBytes += backing.storeBytes;
    }
  }
  return { ...write, docsCount, storeBytes };
}

export const rolloverAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) =>
    profile.rolloverConditions === 'min-max'
      ? // 8.4+ parses the conditions with `RolloverConditions`' own parser, then checks them.
        parseObject(p, {
          name: 'rollover_conditions',
          fields: conditionFields(profile),
          build: (values) => ({ action: NAME, settings: { conditions: buildConditions(values, profile) } }),
        })
      : parseObject(p, {
          name: NAME,
          constructing: true,
          fields: conditionFields(profile).map((field) => ({ ...field, constructorArg: 'optional' as const })),
          build: (values) => ({ action: NAME, settings: { conditions: buildConditions(values, profile) } }),
        }),
  toXContent: (config, profile, forExplain) => conditionsToXContent(conditionsOf(config.settings), profile, forExplain === true),
  toSteps: (phase, nextKey, config, profile) => {
    // What a dry run checks: the configured conditions plus, in 8.x, ILM's implicit ones.
    const conditions = withImplicitDefaults(conditionsOf(config.settings), profile);
    const readyKey = stepKey(phase, NAME, 'check-rollover-ready');
    const attemptKey = stepKey(phase, NAME, 'attempt-rollover');
    const activeShardsKey = stepKey(phase, NAME, 'wait-for-active-shards');
    const dateKey = stepKey(phase, NAME, 'update-rollover-lifecycle-date');
    const completeKey = stepKey(phase, NAME, 'set-indexing-complete');
    const steps: Step[] = [
      {
        kind: 'async-wait',
        key: readyKey,
        nextKey: attemptKey,
        retryable: profile.retryable.rollover,
        // Unmet, the checks passed: only the conditions' ages move with time. A former write index
        // re-measured as 7.10 did reads the stream's other indices: every tick.
        nextChange: ({ cluster, index, now }) => {
          const ds = dataStreamOf(cluster, index.name);
          if (ds && writeIndexName(ds) !== index.name) return now;
          return earliestMet(conditions, index, now, profile);
        },
        // ES `WaitForRolloverReadyStep` (7.x): the checks in order, then a dry-run rollover.
        evaluate: ({ cluster, index, now }) => {
          const ds = dataStreamOf(cluster, index.name);
          if (ds) {
            // A backing index that is no longer the write index has nothing to roll over (ES 7.11.1+
            // logs and completes); the write index needs no rollover alias. 7.9-7.11.0 had no such
            // check (elastic/elasticsearch#67777): the dry run targeted the stream, so a former write
            // index measured the current write index's age and the stream's summed primary stats.
            if (writeIndexName(ds) !== index.name) {
              if (profile.formerDataStreamWriteIndexRollover === 'skip') return COMPLETE;
              return conditionsMet(conditions, streamRolloverStats(cluster, ds), now, profile) ? COMPLETE : notYet(null);
            }
            return conditionsMet(conditions, index, now, profile) ? COMPLETE : notYet(null);
          }
          const alias = rolloverAliasOf(index);
          if (alias === '') {
            throw new EsException(illegalArgument(`setting [${SETTING_ROLLOVER_ALIAS}] for index [${index.name}] is empty or not defined`));
          }
          if (index.rolloverInfos.has(alias)) return COMPLETE;
          const aliasMeta = index.aliases.get(alias);
          if (index.settings.get(SETTING_INDEXING_COMPLETE) === 'true') {
            if (aliasMeta?.isWriteIndex === true) {
              throw new EsException(
                illegalArgument(`index [${index.name}] has [${SETTING_INDEXING_COMPLETE}] set to [true], but is still the write index for alias [${alias}]`),
              );
            }
            return COMPLETE;
          }
          if (!aliasMeta) throw new EsException(illegalArgument(`${SETTING_ROLLOVER_ALIAS} [${alias}] does not point to index [${index.name}]`));
          if (aliasMeta.isWriteIndex === false) throw new EsException(illegalArgument(`index [${index.name}] is not the write index for alias [${alias}]`));
          // Not met shows no step_info (ES's EmptyInfo writes nothing).
          return conditionsMet(conditions, index, now, profile) ? COMPLETE : notYet(null);
        },
      },
      {
        kind: 'async-action',
        key: attemptKey,
        nextKey: profile.chains.rollover === 'v7.10' ? activeShardsKey : dateKey,
        retryable: profile.retryable.rollover,
        indexSurvives: true,
        // ES `RolloverStep`: an unconditional rollover of the alias, skipped when already done.
        perform: ({ cluster, index, now }) => {
          if (index.settings.get(SETTING_INDEXING_COMPLETE) === 'true') return;
          const ds = dataStreamOf(cluster, index.name);
          if (ds) {
            // 7.9-7.11.0 rolled the stream over from a former write index too (#67777's second rollover).
            if (writeIndexName(ds) !== index.name && profile.formerDataStreamWriteIndexRollover === 'skip') return;
            rolloverDataStream(cluster, profile, ds, [], now);
            return;
          }
          const alias = rolloverAliasOf(index);
          if (alias === '') {
            throw new EsException(
              illegalArgument(
                `setting [${SETTING_ROLLOVER_ALIAS}] for index [${index.name}] is empty or not defined, it must be set to the name of the alias pointing to the group of indices being rolled over`,
              ),
            );
          }
          if (index.rolloverInfos.has(alias)) return;
          if (!index.aliases.has(alias)) throw new EsException(illegalArgument(`${SETTING_ROLLOVER_ALIAS} [${alias}] does not point to index [${index.name}]`));
          rolloverAlias(cluster, profile, alias, index, [], now);
        },
      },
    ];
    if (profile.chains.rollover === 'v7.10') {
      steps.push({
        // ES `WaitForActiveShardsStep`: the index rolled over to must have its copies active.
        kind: 'cluster-state-wait',
        key: activeShardsKey,
        nextKey: dateKey,
        retryable: profile.retryable.otherActionSteps,
        watches: ({ cluster, index }) => {
          const rolled = rolledOverTo(cluster, index);
          return rolled === null ? [] : [rolled];
        },
        check: (ctx) => {
          const rolled = rolledOverTo(ctx.cluster, ctx.index);
          return (rolled === null ? null : activeShardsWait(ctx, rolled)) ?? COMPLETE;
        },
      });
    }
    steps.push(
      {
        kind: 'cluster-state-action',
        key: dateKey,
        nextKey: completeKey,
        retryable: profile.retryable.otherActionSteps,
        // ES `UpdateRolloverLifecycleDateStep`: later phases count from the rollover time.
        perform: ({ cluster, index, now }) => {
          let lifecycleDate: number;
          if (index.settings.get(SETTING_INDEXING_COMPLETE) === 'true') {
            lifecycleDate = now;
          } else {
            // The rollover target: the data stream the index backs, else its rollover alias.
            const alias = dataStreamOf(cluster, index.name)?.name ?? rolloverAliasOf(index);
            if (alias === '') throw new EsException(illegalState(`setting [${SETTING_ROLLOVER_ALIAS}] is not set on index [${index.name}]`));
            const info = index.rolloverInfos.get(alias);
            if (!info) {
              throw new EsException(
                illegalState(`no rollover info found for [${index.name}] with rollover target [${alias}], the index has not yet rolled over with that target`),
              );
            }
            lifecycleDate = info.timeMillis;
          }
          setLifecycle(index, withFields(index.lifecycle ?? {}, { lifecycleDate }));
        },
      },
      updateSettingsStep(profile, completeKey, nextKey, { [SETTING_INDEXING_COMPLETE]: 'true' }),
    );
    return steps;
  },
};
