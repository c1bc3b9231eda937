/**
 * The `forcemerge` action (mirrors ES `ForceMergeAction` of 6.6-8.x): in 7.10 `check-not-write-index`,
 * then a real write block (`readonly`), the codec detour when `index_codec` is set (`close-index`,
 * `update-settings`, `open-index`, `wait-for-index-color`), `forcemerge` (async action), then
 * `segment-count` (async wait, so one poll tick). 8.x no longer blocks writes: it starts with
 * `branch-forcemerge-check-prerequisites` (skipping a searchable snapshot), waits for a time-series
 * index's end time (`check-ts-end-time-passed`, one more poll tick), and keeps `readonly` only as a
 * no-op step that nothing leads to (for indices that were on it before an upgrade). 7.16/7.17 sit
 * between: the skip branch first, then 7.10's write block, and `only_expunge_deletes` (7.16) as the
 * alternative to `max_num_segments` (without it there is no `segment-count` step).
 */
import { numberOfShards } from '../../cluster/cluster';
import { EsException, illegalArgument } from '../../errors';
import type { JsonTokenizer } from '../../xcontent/json-tokens';
import { booleanValue, intValue, parseObject } from '../../xcontent/object-parser';
import { COMPLETE, notYet, Step } from '../steps';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { SETTING_STORE_TYPE } from './searchable-snapshot';
import { checkNotWriteIndexStep, passingAsyncActionStep, passingWaitStep, updateSettingsStep, waitForTimeSeriesEndStep, writeBlockStep } from './common';

export const NAME = 'forcemerge';
const BEST_COMPRESSION = 'best_compression';

/** ES 7.16+ `ForceMergeAction` constructor: `max_num_segments` or `only_expunge_deletes`, never both. */
function parseWithExpungeDeletes(p: JsonTokenizer) {
  return parseObject(p, {
    name: NAME,
    constructing: true,
    fields: [
      { name: 'max_num_segments', type: 'INT', constructorArg: 'optional', parse: intValue },
      { name: 'index_codec', type: 'STRING', constructorArg: 'optional', parse: (t: JsonTokenizer) => t.text() },
      { name: 'only_expunge_deletes', type: 'BOOLEAN', constructorArg: 'optional', parse: booleanValue },
    ],
    build: (values) => {
      const maxNumSegments = values.get('max_num_segments') as number | undefined;
      const codec = values.get('index_codec') as string | undefined;
      const onlyExpungeDeletes = (values.get('only_expunge_deletes') as boolean | undefined) ?? false;
      if (maxNumSegments !== undefined && onlyExpungeDeletes) {
        throw new EsException(
          illegalArgument('cannot set [max_num_segments] and [only_expunge_deletes] at the same time, those two parameters are mutually exclusive'),
        );
      }
      if (maxNumSegments === undefined && !onlyExpungeDeletes) {
        throw new EsException(illegalArgument('Either [max_num_segments] or [only_expunge_deletes] must be set'));
      }
      if (maxNumSegments !== undefined && maxNumSegments <= 0) throw new EsException(illegalArgument('[max_num_segments] must be a positive integer'));
      if (codec !== undefined && codec !== BEST_COMPRESSION) throw new EsException(illegalArgument(`unknown index codec: [${codec}]`));
      // Kept in `toXContent`'s order: the segments and the codec when set, `only_expunge_deletes` always.
      return {
        action: NAME,
        settings: {
          ...(maxNumSegments !== undefined ? { max_num_segments: maxNumSegments } : {}),
          ...(codec !== undefined ? { index_codec: codec } : {}),
          only_expunge_deletes: onlyExpungeDeletes,
        },
      };
    },
  });
}

export const forcemergeAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) =>
    profile.chains.forcemerge === 'v7.16'
      ? parseWithExpungeDeletes(p)
      : parseObject(p, {
          name: NAME,
          constructing: true,
          fields: [
            { name: 'max_num_segments', type: 'INT', constructorArg: 'required', parse: intValue },
            ...(profile.forcemergeIndexCodec
              ? [{ name: 'index_codec', type: 'STRING' as const, constructorArg: 'optional' as const, parse: (t: JsonTokenizer) => t.text() }]
              : []),
          ],
          build: (values) => {
            const maxNumSegments = values.get('max_num_segments') as number;
            const codec = values.get('index_codec') as string | undefined;
            if (maxNumSegments <= 0) throw new EsException(illegalArgument('[max_num_segments] must be a positive integer'));
            if (codec !== undefined && codec !== BEST_COMPRESSION) {
              throw new EsException(illegalArgument(`unknown index codec: [${codec}]`));
            }
            return {
              action: NAME,
              settings: codec === undefined ? { max_num_segments: maxNumSegments } : { max_num_segments: maxNumSegments, index_codec: codec },
            };
          },
        }),
  toXContent: (config) => ({ ...config.settings }),
  toSteps: (phase, nextKey, config, profile) => {
    const maxNumSegments = config.settings['max_num_segments'] as number | undefined;
    const codec = config.settings['index_codec'] as string | undefined;
    const notWriteIndexKey = stepKey(phase, NAME, 'check-not-write-index');
    const readOnlyKey = stepKey(phase, NAME, 'readonly');
    const closeKey = stepKey(phase, NAME, 'close-index');
    const codecKey = stepKey(phase, NAME, 'update-settings');
    const openKey = stepKey(phase, NAME, 'open-index');
    const colorKey = stepKey(phase, NAME, 'wait-for-index-color');
    const forceMergeKey = stepKey(phase, NAME, 'forcemerge');
    const countKey = stepKey(phase, NAME, 'segment-count');
    const steps: Step[] = [];
    const afterReadOnly = codec ? closeKey : forceMergeKey;
    const branch: Step = {
      kind: 'cluster-state-action',
      key: stepKey(phase, NAME, 'branch-forcemerge-check-prerequisites'),
      nextKey: notWriteIndexKey,
      retryable: profile.retryable.otherActionSteps,
      // A searchable snapshot cannot be merged: ES skips the action for it.
      perform: ({ index }) => (index.settings.get(SETTING_STORE_TYPE) === 'snapshot' ? nextKey : notWriteIndexKey),
    };
    if (profile.chains.forcemerge === 'v8') {
      const timeSeriesKey = stepKey(phase, NAME, 'check-ts-end-time-passed');
      steps.push(
        branch,
        checkNotWriteIndexStep(profile, notWriteIndexKey, timeSeriesKey),
        waitForTimeSeriesEndStep(profile, timeSeriesKey, afterReadOnly),
        // ES `NoopStep`: kept so an index that sat on it before an upgrade can move on.
        passingWaitStep(profile, readOnlyKey, afterReadOnly),
      );
    } else {
      if (profile.chains.forcemerge === 'v7.16') steps.push(branch);
      if (profile.chains.forcemerge !== 'v6.6') steps.push(checkNotWriteIndexStep(profile, notWriteIndexKey, readOnlyKey));
      steps.push(writeBlockStep(profile, readOnlyKey, afterReadOnly));
    }
    if (codec) {
      steps.push(
        passingAsyncActionStep(profile, closeKey, codecKey),
        updateSettingsStep(profile, codecKey, openKey, { 'index.codec': codec }),
        passingAsyncActionStep(profile, openKey, colorKey),
        passingWaitStep(profile, colorKey, forceMergeKey),
      );
    }
    const bestEffort = profile.chains.forcemerge !== 'v6.6';
    steps.push({
      kind: 'async-action',
      key: forceMergeKey,
      // 7.16+: with `only_expunge_deletes` there is no segment count to wait for.
      nextKey: maxNumSegments === undefined ? nextKey : countKey,
      retryable: profile.retryable.otherActionSteps,
      indexSurvives: true,
      perform: ({ index }) => {
        if (maxNumSegments !== undefined) index.segmentsPerShard = Math.min(index.segmentsPerShard, maxNumSegments);
      },
    });
    if (maxNumSegments === undefined) return steps;
    steps.push({
      // ES `SegmentCountStep`, an async wait: best effort since 7.3 (always completes); 6.x waited
      // until every shard was merged down to the target.
      kind: 'async-wait',
      key: countKey,
      nextKey,
      retryable: profile.retryable.otherActionSteps,
      evaluate: ({ index }) => {
        if (bestEffort || index.segmentsPerShard <= maxNumSegments) return COMPLETE;
        const shards = numberOfShards(index);
        return notYet({ message: `Waiting for [${shards}] shards to forcemerge`, shards_left_to_merge: shards });
      },
    });
    return steps;
  },
};
