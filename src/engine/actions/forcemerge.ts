/**
 * The `forcemerge` action (mirrors ES `ForceMergeAction` of 6.6-7.x): in 7.x `check-not-write-index`,
 * then a real write block (`readonly`), the codec detour when `index_codec` is set (`close-index`,
 * `update-settings`, `open-index`, `wait-for-index-color`), `forcemerge` (async action), then
 * `segment-count` (async wait, so one poll tick).
 */
import { numberOfShards } from '../cluster';
import { EsException, illegalArgument } from '../errors';
import type { JsonTokenizer } from '../json-tokens';
import { intValue, parseObject } from '../object-parser';
import { COMPLETE, notYet, Step } from '../steps';
import { stepKey } from '../step-key';
import type { ActionDefinition } from './action';
import { checkNotWriteIndexStep, passingAsyncActionStep, passingWaitStep, updateSettingsStep, writeBlockStep } from './common';

export const NAME = 'forcemerge';
const BEST_COMPRESSION = 'best_compression';

export const forcemergeAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) =>
    parseObject(p, {
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
        return { action: NAME, settings: codec === undefined ? { max_num_segments: maxNumSegments } : { max_num_segments: maxNumSegments, index_codec: codec } };
      },
    }),
  toXContent: (config) => ({ ...config.settings }),
  toSteps: (phase, nextKey, config, profile) => {
    const maxNumSegments = config.settings['max_num_segments'] as number;
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
    if (profile.chains.forcemerge === 'v7.10') steps.push(checkNotWriteIndexStep(profile, notWriteIndexKey, readOnlyKey));
    steps.push(writeBlockStep(profile, readOnlyKey, codec ? closeKey : forceMergeKey));
    if (codec) {
      steps.push(
        passingAsyncActionStep(profile, closeKey, codecKey),
        updateSettingsStep(profile, codecKey, openKey, { 'index.codec': codec }),
        passingAsyncActionStep(profile, openKey, colorKey),
        passingWaitStep(profile, colorKey, forceMergeKey),
      );
    }
    const bestEffort = profile.chains.forcemerge === 'v7.10';
    steps.push(
      {
        kind: 'async-action',
        key: forceMergeKey,
        nextKey: countKey,
        retryable: profile.retryable.otherActionSteps,
        indexSurvives: true,
        perform: ({ index }) => {
          index.segmentsPerShard = Math.min(index.segmentsPerShard, maxNumSegments);
        },
      },
      {
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
      },
    );
    return steps;
  },
};
