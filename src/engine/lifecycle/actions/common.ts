/**
 * Step builders shared by several actions (ES `UpdateSettingsStep`, `WaitForNoFollowersStep`,
 * `CheckNotDataStreamWriteIndexStep`, `WaitUntilTimeSeriesEndTimePassesStep`, the data-stream slot
 * swap and the alias swap after a new index replaces its source, and the pass-through steps a
 * non-follower index meets). Each
 * takes the profile, because whether a failure is retryable changed between releases. None reads the
 * clock.
 */
import {
  Cluster,
  deleteIndex,
  IndexMetadata,
  lifecyclePolicyName,
  SETTING_BLOCKS_WRITE,
  SETTING_LIFECYCLE_NAME,
  SETTING_NUMBER_OF_REPLICAS,
  setAlias,
  touch,
} from '../../cluster/cluster';
import { checkReplicaShardLimit } from '../../cluster/shard-limit';
import type { Profile } from '../../profile';
import { dataStreamOf, replaceBackingIndex, writeIndexDataStream, writeIndexName } from '../../cluster/data-streams';
import { EsException, illegalState } from '../../errors';
import { COMPLETE, notYet, Step } from '../steps';
import type { StepKey } from '../../cluster/step-key';
import { isTimeSeries, SETTING_TIME_SERIES_END_TIME, timeSeriesEndMillis } from '../../cluster/time-series';

/** ES `UpdateSettingsStep`: an async action that applies index settings (null removes one). */
export function updateSettingsStep(profile: Profile, key: StepKey, nextKey: StepKey, settings: Readonly<Record<string, string | null>>): Step {
  // The settings are fixed when the step is built: listed once, not on every run.
  const entries = Object.entries(settings);
  return {
    kind: 'async-action',
    key,
    nextKey,
    retryable: profile.retryable.updateSettings,
    indexSurvives: true,
    perform: ({ cluster, index }) => {
      // ES `MetadataUpdateSettingsService`: a replica change is checked against the shard limit.
      const replicas = settings[SETTING_NUMBER_OF_REPLICAS];
      if (replicas !== undefined) checkReplicaShardLimit(cluster, profile, [index], Number(replicas ?? '1'));
      for (const [name, value] of entries) {
        if (value === null) index.settings.delete(name);
        else index.settings.set(name, value);
      }
    },
  };
}

/** The write block ILM adds before readonly, forcemerge and shrink (an `UpdateSettingsStep`). */
export function writeBlockStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return updateSettingsStep(profile, key, nextKey, { [SETTING_BLOCKS_WRITE]: 'true' });
}

/**
 * ES `WaitForNoFollowersStep` (`wait-for-shard-history-leases`): an async wait, so it always costs one
 * poll tick. The simulated cluster has no cross-cluster followers, so the condition always holds.
 */
export function waitForNoFollowersStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return { kind: 'async-wait', key, nextKey, retryable: profile.retryable.otherActionSteps, evaluate: () => COMPLETE };
}

/**
 * A cluster-state wait that holds at once in the simulated cluster (not a data stream's write index,
 * colour green, shards allocated): the index passes through it in the same cluster update.
 */
export function passingWaitStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return { kind: 'cluster-state-wait', key, nextKey, retryable: profile.retryable.otherActionSteps, check: () => COMPLETE };
}

/** An async action with nothing to do in the simulated cluster (the unfollow steps, snapshot cleanup). */
export function passingAsyncActionStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return {
    kind: 'async-action',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    indexSurvives: true,
    perform: () => undefined,
  };
}

/**
 * ES `CheckNotDataStreamWriteIndexStep` (`check-not-write-index`): a cluster-state wait that holds
 * unless the index is its data stream's write index, and then waits with ES's message. It reads only
 * the index itself and its stream; a rollover of the stream touches the old write index, so watching
 * the index itself wakes it exactly when the answer can change.
 */
export function checkNotWriteIndexStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return {
    kind: 'cluster-state-wait',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    check: ({ cluster, index, policyName }) => {
      const ds = writeIndexDataStream(cluster, index);
      if (!ds) return COMPLETE;
      return notYet({
        message: writeIndexPauseReason(index.name, ds.name, policyName),
      });
    },
    watches: ({ index }) => [index.name],
  };
}

/**
 * ES `WaitUntilTimeSeriesEndTimePassesStep` (`check-ts-end-time-passed`, 8.10+): an async wait, so it
 * costs one poll tick even for an index that is not a time-series index. A time-series index waits
 * while `now` is before its `index.time_series.end_time` (default: the year 9999), with ES's message
 * naming the end time in epoch millis (`Instant#toEpochMilli`) and the action from the step's key.
 */
export function waitForTimeSeriesEndStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return {
    kind: 'async-wait',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    evaluate: ({ index, now }) => {
      if (!isTimeSeries(index.settings)) return COMPLETE;
      const endMillis = timeSeriesEndMillis(index.settings);
      if (now >= endMillis) return COMPLETE;
      return notYet({
        message:
          `The [${SETTING_TIME_SERIES_END_TIME}] setting for index [${index.name}] is [${endMillis}]. Waiting until the index's ` +
          `time series end time lapses before proceeding with action [${key.action}] as the index can still accept writes.`,
      });
    },
    // Unmet only for a time-series index: nothing but the clock (or a change to the index) moves it.
    nextChange: ({ index }) => timeSeriesEndMillis(index.settings),
  };
}

/**
 * ES `ReplaceDataStreamBackingIndexStep` (shrink, searchable_snapshot, downsample): the index the
 * action made (`targetOf`) takes the source's slot in its data stream. Refused for an index outside a
 * stream, for the stream's write index, and when the target is missing, with ES's messages.
 */
export function replaceDataStreamBackingIndexStep(profile: Profile, key: StepKey, nextKey: StepKey, targetOf: (index: IndexMetadata) => string): Step {
  return {
    kind: 'cluster-state-action',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    perform: ({ cluster, index, policyName }) => {
      const stream = dataStreamOf(cluster, index.name);
      if (!stream) {
        throw new EsException(
          illegalState(
            `index [${index.name}] is not part of a data stream. stopping execution of lifecycle [${policyName}] until the index is added to a data stream`,
          ),
        );
      }
      if (writeIndexName(stream) === index.name) {
        throw new EsException(illegalState(writeIndexPauseReason(index.name, stream.name, policyName)));
      }
      const targetName = targetOf(index);
      const target = cluster.indices.get(targetName);
      if (!target) {
        throw new EsException(illegalState(missingTargetReason(targetName, policyName, index.name)));
      }
      replaceBackingIndex(cluster, profile, stream, index.name, targetName);
      touch(index);
      touch(target);
    },
  };
}

/** ES `DeleteStep` used to drop a replaced source index (the index is gone afterwards). */
export function deleteSourceStep(profile: Profile, key: StepKey, nextKey: StepKey): Step {
  return {
    kind: 'async-action',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    indexSurvives: false,
    perform: ({ cluster, index }) => deleteIndex(cluster, index.name),
  };
}

/**
 * ES `SwapAliasesAndDeleteSourceIndexStep` (searchable_snapshot, downsample): the source is deleted
 * and its aliases move to the target (`targetOf`) without `is_write_index`; with
 * `createSourceIndexAlias` (searchable_snapshot, not downsample) an alias named after the source
 * points at the target too.
 */
export function swapAliasesAndDeleteSourceStep(
  profile: Profile,
  key: StepKey,
  nextKey: StepKey,
  targetOf: (index: IndexMetadata) => string,
  createSourceIndexAlias: boolean,
): Step {
  return {
    kind: 'async-action',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    indexSurvives: false,
    perform: ({ cluster, index }) => swapAliasesAndDeleteSource(cluster, index, targetOf(index), createSourceIndexAlias),
  };
}

function swapAliasesAndDeleteSource(cluster: Cluster, source: IndexMetadata, targetName: string, createSourceIndexAlias: boolean): void {
  const target = cluster.indices.get(targetName);
  if (!target) {
    throw new EsException(illegalState(missingTargetReason(targetName, lifecyclePolicyName(source), source.name)));
  }
  const aliases = [...source.aliases.keys()];
  deleteIndex(cluster, source.name);
  if (createSourceIndexAlias) setAlias(cluster, target, source.name, {});
  for (const alias of aliases) setAlias(cluster, target, alias, {});
  touch(target);
}

/**
 * ES `WaitForIndexColorStep` on the index the action made (searchable_snapshot, downsample): it waits
 * while the target does not exist. Downsample's sits inside a `ClusterStateWaitUntilThresholdStep`
 * (`thresholdNextKey`, see `wait-threshold.ts`); searchable_snapshot's does not.
 */
export function targetIndexWaitStep(
  profile: Profile,
  key: StepKey,
  nextKey: StepKey,
  targetOf: (index: IndexMetadata) => string,
  thresholdNextKey?: StepKey,
): Step {
  return {
    kind: 'cluster-state-wait',
    key,
    nextKey,
    ...(thresholdNextKey ? { thresholdNextKey } : {}),
    retryable: profile.retryable.otherActionSteps,
    watches: ({ index }) => [targetOf(index)],
    check: ({ cluster, index }) => {
      const target = targetOf(index);
      if (cluster.indices.has(target)) return COMPLETE;
      return notYet({ message: `[${key.action}] lifecycle action for index [${index.name}] executed but the target index [${target}] does not exist` });
    },
  };
}

/** The index ES `CopyExecutionStateStep` copies the state to; its error when that index is missing. */
export function copyExecutionStateTarget(cluster: Cluster, index: IndexMetadata, targetName: string): IndexMetadata {
  const target = cluster.indices.get(targetName);
  if (!target) {
    throw new EsException(illegalState(`unable to copy execution state from [${index.name}] to [${targetName}] as target index does not exist`));
  }
  return target;
}

/** ES `BranchingStep` `branch-on-datastream-check`: the data-stream slot swap, or the alias swap. */
export function dataStreamBranchStep(profile: Profile, key: StepKey, streamKey: StepKey, otherKey: StepKey): Step {
  return {
    kind: 'cluster-state-action',
    key,
    nextKey: otherKey,
    retryable: profile.retryable.otherActionSteps,
    perform: ({ cluster, index }) => (dataStreamOf(cluster, index.name) ? streamKey : otherKey),
  };
}

/**
 * ES `CopySettingsStep` with `index.lifecycle.name` (searchable_snapshot, downsample): the index the
 * action made (`targetOf`) gets the source's policy, so it is managed from then on.
 */
export function copyLifecycleNameStep(profile: Profile, key: StepKey, nextKey: StepKey, targetOf: (index: IndexMetadata) => string): Step {
  return {
    kind: 'cluster-state-action',
    key,
    nextKey,
    retryable: profile.retryable.otherActionSteps,
    perform: ({ cluster, index }) => {
      const targetName = targetOf(index);
      const target = cluster.indices.get(targetName);
      if (!target) {
        throw new EsException(
          illegalState(`index [${targetName}] is being referenced by ILM action [${key.action}] on step [${key.name}] but it doesn't exist`),
        );
      }
      const policy = index.settings.get(SETTING_LIFECYCLE_NAME);
      if (policy === undefined) target.settings.delete(SETTING_LIFECYCLE_NAME);
      else target.settings.set(SETTING_LIFECYCLE_NAME, policy);
      touch(target);
    },
  };
}

/** ES's step_info and error for a data stream's write index, which these steps must not act on. */
function writeIndexPauseReason(indexName: string, streamName: string, policyName: string): string {
  return `index [${indexName}] is the write index for data stream [${streamName}], pausing ILM execution of lifecycle [${policyName}] until this index is no longer the write index for the data stream via manual or automated rollover`;
}

/** ES's error when the index an action made is gone before the source is swapped for it. */
function missingTargetReason(targetName: string, policyName: string | null, indexName: string): string {
  return `target index [${targetName}] doesn't exist. stopping execution of lifecycle [${policyName}] for index [${indexName}]`;
}
