/**
 * The `rollover` action (mirrors ES `RolloverAction` of 6.6-7.x): `check-rollover-ready` (async wait,
 * a dry run of the conditions on each poll tick), `attempt-rollover` (async action), in 7.x
 * `wait-for-active-shards`, `update-rollover-lifecycle-date` (later phases count from the rollover),
 * then `set-indexing-complete`. Conditions: `max_size`, `max_age` (from index creation), `max_docs`;
 * any one met is enough (the `min_*` conditions and implicit `min_docs` came in 8.x).
 */
import { parseByteSize, ByteSize } from '../byte-size';
import { IndexMetadata, setLifecycle } from '../cluster';
import { EsException, illegalArgument, illegalState } from '../errors';
import { withFields } from '../execution-state';
import { longValue, parseObject, timeValue } from '../object-parser';
import { rolloverAlias } from '../rollover-service';
import { COMPLETE, notYet, Step } from '../steps';
import { stepKey } from '../step-key';
import { formatTimeValueToString, TimeValue, timeValueStringRep } from '../time';
import type { ActionDefinition } from './action';
import { passingWaitStep, updateSettingsStep } from './common';

export const NAME = 'rollover';
export const SETTING_ROLLOVER_ALIAS = 'index.lifecycle.rollover_alias';
const SETTING_INDEXING_COMPLETE = 'index.lifecycle.indexing_complete';

interface Conditions {
  readonly maxSize?: ByteSize;
  readonly maxAge?: TimeValue;
  readonly maxDocs?: number;
}

function conditionsOf(settings: Readonly<Record<string, unknown>>): Conditions {
  return settings['conditions'] as Conditions;
}

/** The conditions a dry run finds met, as ES names them (`[max_age: 1d]`). */
function metConditions(conditions: Conditions, index: IndexMetadata, now: number): string[] {
  const met: string[] = [];
  if (conditions.maxSize && index.storeBytes >= conditions.maxSize.bytes) met.push(`[max_size: ${conditions.maxSize.text}]`);
  if (conditions.maxAge && now - index.creationDate >= conditions.maxAge.millis) {
    met.push(`[max_age: ${formatTimeValueToString(conditions.maxAge.millis)}]`);
  }
  if (conditions.maxDocs !== undefined && index.docsCount >= conditions.maxDocs) met.push(`[max_docs: ${conditions.maxDocs}]`);
  return met;
}

function rolloverAliasOf(index: IndexMetadata): string {
  return index.settings.get(SETTING_ROLLOVER_ALIAS) ?? '';
}

export const rolloverAction: ActionDefinition = {
  name: NAME,
  parse: (p) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [
        { name: 'max_size', type: 'VALUE', constructorArg: 'optional', parse: (t) => parseByteSize(t.text(), 'max_size') },
        {
          name: 'max_age',
          type: 'VALUE',
          constructorArg: 'optional',
          parse: (t) => timeValue(t, 'max_age'),
        },
        { name: 'max_docs', type: 'LONG', constructorArg: 'optional', parse: longValue },
      ],
      build: (values) => {
        const conditions: Conditions = {
          ...(values.has('max_size') ? { maxSize: values.get('max_size') as ByteSize } : {}),
          ...(values.has('max_age') ? { maxAge: values.get('max_age') as TimeValue } : {}),
          ...(values.has('max_docs') ? { maxDocs: values.get('max_docs') as number } : {}),
        };
        if (Object.keys(conditions).length === 0) throw new EsException(illegalArgument('At least one rollover condition must be set.'));
        return { action: NAME, settings: { conditions } };
      },
    }),
  toXContent: (config) => {
    const c = conditionsOf(config.settings);
    return {
      ...(c.maxSize ? { max_size: c.maxSize.text } : {}),
      ...(c.maxAge ? { max_age: timeValueStringRep(c.maxAge) } : {}),
      ...(c.maxDocs !== undefined ? { max_docs: c.maxDocs } : {}),
    };
  },
  toSteps: (phase, nextKey, config, profile) => {
    const conditions = conditionsOf(config.settings);
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
        // ES `WaitForRolloverReadyStep` (7.x): the checks in order, then a dry-run rollover.
        evaluate: ({ index, now }) => {
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
          return metConditions(conditions, index, now).length > 0 ? COMPLETE : notYet(null);
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
    if (profile.chains.rollover === 'v7.10') steps.push(passingWaitStep(profile, activeShardsKey, dateKey));
    steps.push(
      {
        kind: 'cluster-state-action',
        key: dateKey,
        nextKey: completeKey,
        retryable: profile.retryable.otherActionSteps,
        // ES `UpdateRolloverLifecycleDateStep`: later phases count from the rollover time.
        perform: ({ index, now }) => {
          let lifecycleDate: number;
          if (index.settings.get(SETTING_INDEXING_COMPLETE) === 'true') {
            lifecycleDate = now;
          } else {
            const alias = rolloverAliasOf(index);
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
