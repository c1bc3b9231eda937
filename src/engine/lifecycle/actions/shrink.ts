/**
 * The `shrink` action (mirrors ES `ShrinkAction` of 6.6, 7.10, 7.16/7.17 and 8.x): pin the shards to
 * one node, resize into the shrunken index, copy the execution state onto it, then delete the source
 * and give its name (and aliases) to the shrunken index as an alias, or its place in its data stream.
 * In 7.10 the target is `shrink-<index>` and a target shard count above the source's fails the
 * `shrink` step itself. 7.13 made the action retryable (`cleanup-shrink-index`, then
 * `generate-index-name` naming the target `shrink-<4 random chars>-<index>`) and added
 * `max_primary_shard_size`; 7.16 waits at `check-target-shards-count` for a count that does not divide
 * the source's. 7.x skips the action only for an index already at `number_of_shards`, so a
 * `max_primary_shard_size` shrink of a one-shard index fails in the resize (elastic/elasticsearch#80180,
 * fixed in 8.2 by PR #84434: 8.x's async branch skips whenever the computed target equals the source).
 * 8.x can also lift the write block afterwards (`allow_write_after_shrink`). From 7.13 the two waits
 * give up after `index.lifecycle.step.wait_time_threshold` (see `wait-threshold.ts`).
 */
import {
  addIndex,
  setAlias,
  Cluster,
  IndexMetadata,
  deleteIndex,
  touch,
  numberOfReplicas,
  numberOfShards,
  SETTING_BLOCKS_WRITE,
  SETTING_LIFECYCLE_NAME,
  SETTING_LIFECYCLE_SKIP,
  SETTING_NUMBER_OF_REPLICAS,
  SETTING_NUMBER_OF_SHARDS,
  SETTING_RESIZE_SOURCE_NAME,
  SETTING_RESIZE_SOURCE_UUID,
  setLifecycle,
} from '../../cluster/cluster';
import { actionRequestValidation, EsException, illegalArgument, illegalState, resourceAlreadyExists } from '../../errors';
import { indexNameError } from '../../cluster/index-settings';
import { shrinkReadyWait, shrunkShardsAllocatedWait } from '../allocation-waits';
import { singleNodeFor } from '../shrink-node';
import { SETTING_TOTAL_SHARDS_PER_NODE } from '../../cluster/shard-placement';
import { parseByteSize, ByteSize } from '../../xcontent/byte-size';
import { withFields } from '../../cluster/execution-state';
import { booleanValue, intValue, parseObject } from '../../xcontent/object-parser';
import type { Profile } from '../../profile';
import { COMPLETE, notYet, Step } from '../steps';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import {
  checkNotWriteIndexStep,
  copyExecutionStateTarget,
  dataStreamBranchStep,
  deleteSourceStep,
  replaceDataStreamBackingIndexStep,
  updateSettingsStep,
  waitForNoFollowersStep,
  waitForTimeSeriesEndStep,
  writeBlockStep,
} from './common';
import { checkNewIndexShardLimit } from '../../cluster/shard-limit';

export const NAME = 'shrink';
/** ES `ShrinkAction.SHRUNKEN_INDEX_PREFIX`. */
export const SHRUNKEN_INDEX_PREFIX = 'shrink-';
const REQUIRE_ID = 'index.routing.allocation.require._id';

interface ShrinkSettings {
  readonly numberOfShards?: number;
  readonly maxPrimaryShardSize?: ByteSize;
  readonly allowWriteAfterShrink: boolean;
}

function settingsOf(config: { readonly settings: Readonly<Record<string, unknown>> }): ShrinkSettings {
  return config.settings['shrink'] as ShrinkSettings;
}

/** The 8.x constructor's checks, in ES's order. */
function checkedSettings(numberOfShards: number | undefined, maxPrimaryShardSize: ByteSize | undefined, allowWrite: boolean): ShrinkSettings {
  if (numberOfShards !== undefined && maxPrimaryShardSize !== undefined) {
    throw new EsException(illegalArgument('Cannot set both [number_of_shards] and [max_primary_shard_size]'));
  }
  if (numberOfShards === undefined && maxPrimaryShardSize === undefined) {
    throw new EsException(illegalArgument('Either [number_of_shards] or [max_primary_shard_size] must be set'));
  }
  if (maxPrimaryShardSize !== undefined) {
    if (maxPrimaryShardSize.bytes <= 0) throw new EsException(illegalArgument('[max_primary_shard_size] must be greater than 0'));
    return { maxPrimaryShardSize, allowWriteAfterShrink: allowWrite };
  }
  if (numberOfShards! <= 0) throw new EsException(illegalArgument('[number_of_shards] must be greater than 0'));
  return { numberOfShards: numberOfShards!, allowWriteAfterShrink: allowWrite };
}

/**
 * ES `ResizeNumberOfShardsCalculator.ShrinkShardsCalculator`: the configured count, or the smallest
 * factor of the source's shard count that keeps each primary under `max_primary_shard_size`.
 */
function targetShardCount(settings: ShrinkSettings, index: IndexMetadata): number {
  if (settings.numberOfShards !== undefined) return settings.numberOfShards;
  const source = numberOfShards(index);
  const max = settings.maxPrimaryShardSize!.bytes;
  const minimum = Math.max(1, Math.ceil(index.storeBytes / max));
  if (minimum >= source) return source;
  for (let n = minimum; n < source; n++) if (source % n === 0) return n;
  return source;
}

/** Whether the release's chain has 7.13's retryable steps (`cleanup-shrink-index`, `generate-index-name`). */
function generatesName(profile: Profile): boolean {
  return profile.chains.shrink === 'v7.16' || profile.chains.shrink === 'v8';
}

/** The shrunken index's name: generated since 7.13 (`generate-index-name`), fixed before. */
export function targetNameOf(index: IndexMetadata, profile: Profile): string {
  if (generatesName(profile)) return index.lifecycle?.shrinkIndexName ?? '';
  return SHRUNKEN_INDEX_PREFIX + index.name;
}

export const shrinkAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) => {
    if (!generatesName(profile)) {
      return parseObject(p, {
        name: NAME,
        constructing: true,
        fields: [{ name: 'number_of_shards', type: 'INT', constructorArg: 'required', parse: intValue }],
        build: (values) => {
          const shards = values.get('number_of_shards') as number;
          if (shards <= 0) throw new EsException(illegalArgument('[number_of_shards] must be greater than 0'));
          return { action: NAME, settings: { shrink: { numberOfShards: shards, allowWriteAfterShrink: false } satisfies ShrinkSettings } };
        },
      });
    }
    return parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [
        { name: 'number_of_shards', type: 'INT', constructorArg: 'optional', parse: intValue },
        {
          name: 'max_primary_shard_size',
          type: 'STRING',
          constructorArg: 'optional',
          parse: (t) => parseByteSize(t.text(), 'max_primary_shard_size'),
        },
        // 8.14+; 7.13-7.17 know only the two sizes.
        ...(profile.chains.shrink === 'v8'
          ? [{ name: 'allow_write_after_shrink', type: 'BOOLEAN' as const, constructorArg: 'optional' as const, parse: booleanValue }]
          : []),
      ],
      build: (values) => ({
        action: NAME,
        settings: {
          shrink: checkedSettings(
            values.get('number_of_shards') as number | undefined,
            values.get('max_primary_shard_size') as ByteSize | undefined,
            (values.get('allow_write_after_shrink') as boolean | undefined) ?? false,
          ),
        },
      }),
    });
  },
  toXContent: (config, profile) => {
    const settings = settingsOf(config);
    if (!generatesName(profile)) return { number_of_shards: settings.numberOfShards };
    return {
      ...(settings.numberOfShards !== undefined ? { number_of_shards: settings.numberOfShards } : {}),
      ...(settings.maxPrimaryShardSize !== undefined ? { max_primary_shard_size: settings.maxPrimaryShardSize.text } : {}),
      ...(profile.chains.shrink === 'v8' ? { allow_write_after_shrink: settings.allowWriteAfterShrink } : {}),
    };
  },
  toSteps: (phase, nextKey, config, profile) => {
    const settings = settingsOf(config);
    const modern = profile.chains.shrink === 'v8';
    const retrying = generatesName(profile);
    const retryable = profile.retryable.otherActionSteps;
    const key = (name: string) => stepKey(phase, NAME, name);
    const branchKey = key('branch-check-prerequisites');
    const notWriteIndexKey = key('check-not-write-index');
    const leasesKey = key('wait-for-shard-history-leases');
    const timeSeriesKey = key('check-ts-end-time-passed');
    const readOnlyKey = key('readonly');
    const targetCountKey = key('check-target-shards-count');
    const cleanupKey = key('cleanup-shrink-index');
    const generateNameKey = key('generate-index-name');
    const singleNodeKey = key('set-single-node-allocation');
    const allocationKey = key('check-shrink-allocation');
    const shrinkKey = key('shrink');
    const allocatedKey = key('shrunk-shards-allocated');
    const copyKey = key('copy-execution-state');
    const dataStreamBranchKey = key('branch-on-datastream-check');
    const aliasKey = key('aliases');
    const isShrunkenKey = key('is-shrunken-index');
    const replaceKey = key('replace-datastream-backing-index');
    const deleteKey = key('delete');
    const allowWriteKey = key('update-settings');
    const lastOrNext = modern && settings.allowWriteAfterShrink ? allowWriteKey : nextKey;

    const steps: Step[] = [];
    if (profile.chains.shrink === 'v6.6') {
      steps.push(writeBlockStep(profile, readOnlyKey, singleNodeKey));
    } else {
      // 8.x compares with the computed target; 7.x only with a configured `number_of_shards`.
      const skip = modern
        ? (index: IndexMetadata) => numberOfShards(index) === targetShardCount(settings, index)
        : (index: IndexMetadata) => settings.numberOfShards !== undefined && numberOfShards(index) === settings.numberOfShards;
      steps.push(
        modern
          ? {
              // ES `AsyncBranchingStep` (8.x): reads the index stats, so it runs as an async action.
              kind: 'async-action',
              key: branchKey,
              nextKey: notWriteIndexKey,
              retryable,
              indexSurvives: true,
              perform: ({ index }) => (skip(index) ? lastOrNext : notWriteIndexKey),
            }
          : {
              kind: 'cluster-state-action',
              key: branchKey,
              nextKey: notWriteIndexKey,
              retryable,
              // ES skips the action when the index already has the target shard count.
              perform: ({ index }) => (skip(index) ? nextKey : notWriteIndexKey),
            },
        checkNotWriteIndexStep(profile, notWriteIndexKey, leasesKey),
        waitForNoFollowersStep(profile, leasesKey, modern ? timeSeriesKey : readOnlyKey),
      );
      if (modern) steps.push(waitForTimeSeriesEndStep(profile, timeSeriesKey, readOnlyKey));
      steps.push(writeBlockStep(profile, readOnlyKey, retrying ? targetCountKey : singleNodeKey));
    }
    if (retrying) {
      steps.push(
        {
          // ES `CheckTargetShardsCountStep`: a count that does not divide the source's waits here.
          kind: 'cluster-state-wait',
          key: targetCountKey,
          nextKey: cleanupKey,
          retryable,
          // No `watches`: the answer changes with the index's own cached phase (a policy update).
          check: ({ index, policyName }) => {
            const target = settings.numberOfShards;
            const source = numberOfShards(index);
            if (target === undefined || source % target === 0) return COMPLETE;
            // The step's first wording (7.16/7.17, `CheckTargetShardsCountStep.Info`); 8.x names the policy.
            return notYet({
              message: modern
                ? `lifecycle action of policy [${policyName}] for index [${index.name}] cannot make progress because the target shards count [${target}] must be a factor of the source index's shards count [${source}]`
                : `the target shards count [${target}] must be a factor of the source index [${index.name}]'s shards count [${source}]`,
            });
          },
        },
        {
          // ES `CleanupShrinkIndexStep`: removes a shrunken index left by an earlier attempt.
          kind: 'async-action',
          key: cleanupKey,
          nextKey: generateNameKey,
          retryable,
          indexSurvives: true,
          perform: ({ cluster, index }) => {
            const previous = index.lifecycle?.shrinkIndexName;
            const leftover = previous === undefined ? undefined : cluster.indices.get(previous);
            if (leftover && leftover.settings.get(SETTING_RESIZE_SOURCE_UUID) === index.uuid) deleteIndex(cluster, leftover.name);
          },
        },
        {
          // ES `GenerateUniqueIndexNameStep` with `IndexNameGenerator`: four characters of a random
          // lower-cased UUID between the prefix and the index name.
          kind: 'cluster-state-action',
          key: generateNameKey,
          nextKey: singleNodeKey,
          retryable,
          perform: ({ cluster, index }) => {
            const random = cluster
              .newUuid()
              .toLowerCase()
              .replace(/[^a-z0-9_-]/g, '')
              .slice(0, 4);
            const name = `${SHRUNKEN_INDEX_PREFIX}${random}-${index.name}`;
            // ES `GenerateUniqueIndexNameStep#validateGeneratedIndexName` collects the problems into a
            // validation exception.
            const problems: string[] = [];
            const nameError = indexNameError(name);
            if (nameError) problems.push(nameError.reason);
            if (cluster.indices.has(name)) problems.push(`the index name we generated [${name}] already exists`);
            if (problems.length > 0) throw new EsException(actionRequestValidation(problems));
            setLifecycle(index, withFields(index.lifecycle ?? {}, { shrinkIndexName: name }));
          },
        },
      );
    }
    steps.push(
      {
        // ES `SetSingleNodeAllocateStep`: pins every shard copy to one node (see `shrink-node.ts`).
        kind: 'async-action',
        key: singleNodeKey,
        nextKey: allocationKey,
        retryable,
        indexSurvives: true,
        perform: ({ cluster, index }) => {
          index.settings.set(REQUIRE_ID, singleNodeFor(cluster, index));
          // 7.16+ (with the allocate action's `total_shards_per_node`) also lifts the shard limit.
          if (profile.chains.allocate === 'v8') index.settings.delete(SETTING_TOTAL_SHARDS_PER_NODE);
        },
      },
      {
        kind: 'cluster-state-wait',
        key: allocationKey,
        nextKey: shrinkKey,
        retryable,
        check: shrinkReadyWait,
        // 7.13+ (ES `ClusterStateWaitUntilThresholdStep`): past the threshold, back to choosing a node.
        // The index still requires the old node's `_id` then, so ES picks the same node again, or fails
        // with no node while it is away (elastic/elasticsearch#85489, open).
        ...(retrying ? { thresholdNextKey: singleNodeKey } : {}),
      },
      {
        kind: 'async-action',
        key: shrinkKey,
        nextKey: allocatedKey,
        retryable,
        indexSurvives: true,
        perform: (ctx) => resize(ctx, targetNameOf(ctx.index, profile), targetShardCount(settings, ctx.index), profile),
      },
      {
        kind: 'cluster-state-wait',
        key: allocatedKey,
        nextKey: copyKey,
        watches: ({ index }) => [targetNameOf(index, profile)],
        retryable,
        check: (ctx) => shrunkShardsAllocatedWait(ctx, targetNameOf(ctx.index, profile)),
        // 7.13+: past the threshold the half-made shrunken index is deleted and the shrink starts over.
        ...(retrying ? { thresholdNextKey: cleanupKey } : {}),
      },
      {
        kind: 'cluster-state-action',
        key: copyKey,
        nextKey: profile.chains.shrink === 'v6.6' ? aliasKey : dataStreamBranchKey,
        retryable,
        perform: ({ cluster, index, now }) => {
          const target = copyExecutionStateTarget(cluster, index, targetNameOf(index, profile));
          const source = index.lifecycle ?? {};
          const position = { phase: isShrunkenKey.phase, action: isShrunkenKey.action, step: isShrunkenKey.name };
          if (modern) {
            // ES 8.x `CopyExecutionStateStep` copies the whole state and lifts the skip marker.
            target.settings.delete(SETTING_LIFECYCLE_SKIP);
            setLifecycle(target, withFields(source, position), now);
          } else {
            // ES 6.6-7.x copied only the lifecycle date and the step position.
            setLifecycle(target, { ...position, ...(source.lifecycleDate !== undefined ? { lifecycleDate: source.lifecycleDate } : {}) }, now);
          }
        },
      },
    );
    if (profile.chains.shrink !== 'v6.6') {
      steps.push(dataStreamBranchStep(profile, dataStreamBranchKey, replaceKey, aliasKey));
    }
    steps.push(
      {
        kind: 'async-action',
        key: aliasKey,
        nextKey: isShrunkenKey,
        retryable,
        indexSurvives: false,
        perform: ({ cluster, index }) => swapAliases(cluster, index.name, targetNameOf(index, profile)),
      },
      {
        kind: 'cluster-state-wait',
        key: isShrunkenKey,
        nextKey: lastOrNext,
        watches: ({ index }) => {
          const source = index.settings.get(SETTING_RESIZE_SOURCE_NAME);
          return source === undefined ? [] : [source];
        },
        retryable,
        check: ({ cluster, index }) => {
          const source = index.settings.get(SETTING_RESIZE_SOURCE_NAME);
          if (source === undefined) {
            throw new EsException(illegalState(`step[${isShrunkenKey.name}] is checking an un-shrunken index[${index.name}]`));
          }
          return source !== index.name && !cluster.indices.has(source) ? COMPLETE : notYet({ message: `Waiting for original index [${source}] to be deleted` });
        },
      },
    );
    if (profile.chains.shrink !== 'v6.6') {
      steps.push(
        replaceDataStreamBackingIndexStep(profile, replaceKey, deleteKey, (index) => targetNameOf(index, profile)),
        deleteSourceStep(profile, deleteKey, isShrunkenKey),
      );
    }
    if (modern && settings.allowWriteAfterShrink) {
      steps.push(updateSettingsStep(profile, allowWriteKey, nextKey, { [SETTING_BLOCKS_WRITE]: null }));
    }
    return steps;
  },
};

/**
 * The resize ES runs for the `shrink` step: validates the shard counts and the write block in ES's
 * order and with its messages, then creates `shrink-<index>` with the source's settings.
 */
function resize(
  { cluster, index, now, policyName }: Parameters<Extract<Step, { kind: 'async-action' }>['perform']>[0],
  targetName: string,
  targetShards: number,
  profile: Profile,
): void {
  const sourceShards = numberOfShards(index);
  if (index.lifecycle?.lifecycleDate === undefined) {
    throw new EsException(illegalState(`source index [${index.name}] is missing lifecycle date`));
  }
  if (targetShards > sourceShards) {
    throw new EsException(illegalArgument(`the number of target shards [${targetShards}] must be less that the number of source shards [${sourceShards}]`));
  }
  if (sourceShards % targetShards !== 0) {
    throw new EsException(illegalArgument(`the number of source shards [${sourceShards}] must be a multiple of [${targetShards}]`));
  }
  if (index.settings.get(SETTING_BLOCKS_WRITE) !== 'true') {
    throw new EsException(illegalState(`index ${index.name} must block write operations to resize index. use "index.blocks.write=true"`));
  }
  // ES `MetadataCreateIndexService#validateShrinkIndex`, after the shard-count checks: a one-shard
  // index cannot be shrunk, not even into one shard (elastic/elasticsearch#33275, #80180).
  if (sourceShards === 1) throw new EsException(illegalArgument("can't shrink an index with only one shard"));
  // The resize target is a new index: ES validates its name like any other (too long, for one).
  const nameError = indexNameError(targetName);
  if (nameError) throw new EsException(nameError);
  const existing = cluster.indices.get(targetName);
  if (existing) throw new EsException(resourceAlreadyExists(targetName, existing.uuid));
  // 7.x resizes copy the source's settings; 6.x (copy_settings off by default) kept only what the
  // request named.
  const settings = new Map<string, string>(profile.resizeCopiesSettings ? index.settings : []);
  settings.delete(REQUIRE_ID);
  settings.set(SETTING_NUMBER_OF_SHARDS, String(targetShards));
  settings.set(SETTING_NUMBER_OF_REPLICAS, String(numberOfReplicas(index)));
  settings.set(SETTING_LIFECYCLE_NAME, policyName);
  settings.set(SETTING_RESIZE_SOURCE_NAME, index.name);
  settings.set(SETTING_RESIZE_SOURCE_UUID, index.uuid);
  // 8.19/9.1: the new index is passed over until `copy-execution-state` gives it the source's state.
  if (profile.lifecycleSkipSetting) settings.set(SETTING_LIFECYCLE_SKIP, 'true');
  // ES `MetadataCreateIndexService` (the resize request creates the index): the shard limit.
  checkNewIndexShardLimit(cluster, profile, settings);
  const target = addIndex(cluster, targetName, now, settings);
  target.segmentsPerShard = index.segmentsPerShard;
}

/** ES `ShrinkSetAliasStep`: delete the source, alias its name and its aliases to the shrunken index. */
function swapAliases(cluster: Cluster, sourceName: string, targetName: string): void {
  const source = cluster.indices.get(sourceName);
  const target = cluster.indices.get(targetName);
  if (!source || !target) return;
  deleteIndex(cluster, sourceName);
  setAlias(cluster, target, sourceName, {});
  for (const alias of source.aliases.keys()) setAlias(cluster, target, alias, {});
  touch(target);
}
