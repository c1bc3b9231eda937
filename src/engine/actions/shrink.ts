/**
 * The `shrink` action (mirrors ES `ShrinkAction` of 6.6 and 7.10): pin the shards to one node, resize
 * into `shrink-<index>`, copy the execution state onto the new index, then delete the source and give
 * its name (and aliases) to the shrunken index as an alias. In 7.10 a target shard count above the
 * source's fails the `shrink` step itself (the up-front `check-target-shards-count` wait came in 7.16).
 */
import {
  addIndex,
  setAlias,
  Cluster,
  deleteIndex,
  touch,
  numberOfReplicas,
  numberOfShards,
  SETTING_BLOCKS_WRITE,
  SETTING_LIFECYCLE_NAME,
  SETTING_NUMBER_OF_REPLICAS,
  SETTING_NUMBER_OF_SHARDS,
  SETTING_RESIZE_SOURCE_NAME,
  SETTING_RESIZE_SOURCE_UUID,
  setLifecycle,
} from '../cluster';
import { EsException, illegalArgument, illegalState, resourceAlreadyExists } from '../errors';
import { indexNameError } from '../index-settings';
import { intValue, parseObject } from '../object-parser';
import { COMPLETE, notYet, Step } from '../steps';
import { stepKey } from '../step-key';
import type { ActionDefinition } from './action';
import { checkNotWriteIndexStep, passingWaitStep, waitForNoFollowersStep, writeBlockStep } from './common';

export const NAME = 'shrink';
/** ES `ShrinkAction.SHRUNKEN_INDEX_PREFIX`. */
export const SHRUNKEN_INDEX_PREFIX = 'shrink-';
const REQUIRE_ID = 'index.routing.allocation.require._id';

export const shrinkAction: ActionDefinition = {
  name: NAME,
  parse: (p) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [{ name: 'number_of_shards', type: 'INT', constructorArg: 'required', parse: intValue }],
      build: (values) => {
        const shards = values.get('number_of_shards') as number;
        if (shards <= 0) throw new EsException(illegalArgument('[number_of_shards] must be greater than 0'));
        return { action: NAME, settings: { number_of_shards: shards } };
      },
    }),
  toXContent: (config) => ({ number_of_shards: config.settings['number_of_shards'] }),
  toSteps: (phase, nextKey, config, profile) => {
    const targetShards = config.settings['number_of_shards'] as number;
    const key = (name: string) => stepKey(phase, NAME, name);
    const branchKey = key('branch-check-prerequisites');
    const notWriteIndexKey = key('check-not-write-index');
    const leasesKey = key('wait-for-shard-history-leases');
    const readOnlyKey = key('readonly');
    const singleNodeKey = key('set-single-node-allocation');
    const allocationKey = key('check-shrink-allocation');
    const shrinkKey = key('shrink');
    const allocatedKey = key('shrunk-shards-allocated');
    const copyKey = key('copy-execution-state');
    const dataStreamBranchKey = key('branch-on-datastream-check');
    const aliasKey = key('aliases');
    const isShrunkenKey = key('is-shrunken-index');

    const tail: Step[] = [
      {
        // ES `SetSingleNodeAllocateStep`: pins every shard copy to one node (the simulated cluster has one).
        kind: 'async-action',
        key: singleNodeKey,
        nextKey: allocationKey,
        retryable: profile.retryable.otherActionSteps,
        indexSurvives: true,
        perform: ({ cluster, index }) => {
          index.settings.set(REQUIRE_ID, cluster.nodeId);
        },
      },
      passingWaitStep(profile, allocationKey, shrinkKey),
      {
        kind: 'async-action',
        key: shrinkKey,
        nextKey: allocatedKey,
        retryable: profile.retryable.otherActionSteps,
        indexSurvives: true,
        perform: (ctx) => resize(ctx, targetShards, profile.resizeCopiesSettings),
      },
      {
        kind: 'cluster-state-wait',
        key: allocatedKey,
        nextKey: copyKey,
        watches: ({ index }) => [SHRUNKEN_INDEX_PREFIX + index.name],
        retryable: profile.retryable.otherActionSteps,
        check: ({ cluster, index }) =>
          cluster.indices.has(SHRUNKEN_INDEX_PREFIX + index.name) ? COMPLETE : notYet({ message: 'Waiting for shrunk index to be created' }),
      },
      {
        kind: 'cluster-state-action',
        key: copyKey,
        nextKey: profile.chains.shrink === 'v7.10' ? dataStreamBranchKey : aliasKey,
        retryable: profile.retryable.otherActionSteps,
        perform: ({ cluster, index, now }) => {
          const targetName = SHRUNKEN_INDEX_PREFIX + index.name;
          const target = cluster.indices.get(targetName);
          if (!target) {
            throw new EsException(
              illegalState(`unable to copy execution state from [${index.name}] to [${targetName}] as target index does not exist`),
            );
          }
          // Mirrors ES `CopyExecutionStateStep` of 6.6-7.x: only the lifecycle date and the step
          // position travel; the shrunken index lands on `is-shrunken-index`.
          const source = index.lifecycle ?? {};
          setLifecycle(target, {
            phase: isShrunkenKey.phase,
            action: isShrunkenKey.action,
            step: isShrunkenKey.name,
            ...(source.lifecycleDate !== undefined ? { lifecycleDate: source.lifecycleDate } : {}),
          }, now);
        },
      },
    ];
    if (profile.chains.shrink === 'v7.10') {
      tail.push({
        kind: 'cluster-state-action',
        key: dataStreamBranchKey,
        nextKey: aliasKey,
        retryable: profile.retryable.otherActionSteps,
        // The simulated cluster has no data streams yet, so the branch always takes the alias path.
        perform: () => aliasKey,
      });
    }
    tail.push(
      {
        kind: 'async-action',
        key: aliasKey,
        nextKey: isShrunkenKey,
        retryable: profile.retryable.otherActionSteps,
        indexSurvives: false,
        perform: ({ cluster, index }) => swapAliases(cluster, index.name),
      },
      {
        kind: 'cluster-state-wait',
        key: isShrunkenKey,
        nextKey,
        watches: ({ index }) => {
          const source = index.settings.get(SETTING_RESIZE_SOURCE_NAME);
          return source === undefined ? [] : [source];
        },
        retryable: profile.retryable.otherActionSteps,
        check: ({ cluster, index }) => {
          const source = index.settings.get(SETTING_RESIZE_SOURCE_NAME);
          if (source === undefined) {
            throw new EsException(illegalState(`step[${isShrunkenKey.name}] is checking an un-shrunken index[${index.name}]`));
          }
          return source !== index.name && !cluster.indices.has(source)
            ? COMPLETE
            : notYet({ message: `Waiting for original index [${source}] to be deleted` });
        },
      },
    );

    if (profile.chains.shrink === 'v6.6') {
      return [writeBlockStep(profile, readOnlyKey, singleNodeKey), ...tail];
    }
    return [
      {
        kind: 'cluster-state-action',
        key: branchKey,
        nextKey: notWriteIndexKey,
        retryable: profile.retryable.otherActionSteps,
        // ES skips the action when the index already has the target shard count.
        perform: ({ index }) => (numberOfShards(index) === targetShards ? nextKey : notWriteIndexKey),
      },
      checkNotWriteIndexStep(profile, notWriteIndexKey, leasesKey),
      waitForNoFollowersStep(profile, leasesKey, readOnlyKey),
      writeBlockStep(profile, readOnlyKey, singleNodeKey),
      ...tail,
    ];
  },
};

/**
 * The resize ES runs for the `shrink` step: validates the shard counts and the write block in ES's
 * order and with its messages, then creates `shrink-<index>` with the source's settings.
 */
function resize(
  { cluster, index, now, policyName }: Parameters<Extract<Step, { kind: 'async-action' }>['perform']>[0],
  targetShards: number,
  copySettings: boolean,
): void {
  const sourceShards = numberOfShards(index);
  if (index.lifecycle?.lifecycleDate === undefined) {
    throw new EsException(illegalState(`source index [${index.name}] is missing lifecycle date`));
  }
  if (targetShards > sourceShards) {
    throw new EsException(
      illegalArgument(`the number of target shards [${targetShards}] must be less that the number of source shards [${sourceShards}]`),
    );
  }
  if (sourceShards % targetShards !== 0) {
    throw new EsException(illegalArgument(`the number of source shards [${sourceShards}] must be a multiple of [${targetShards}]`));
  }
  if (index.settings.get(SETTING_BLOCKS_WRITE) !== 'true') {
    throw new EsException(
      illegalState(`index ${index.name} must block write operations to resize index. use "index.blocks.write=true"`),
    );
  }
  const targetName = SHRUNKEN_INDEX_PREFIX + index.name;
  // The resize target is a new index: ES validates its name like any other (too long, for one).
  const nameError = indexNameError(targetName);
  if (nameError) throw new EsException(nameError);
  const existing = cluster.indices.get(targetName);
  if (existing) throw new EsException(resourceAlreadyExists(targetName, existing.uuid));
  // 7.x resizes copy the source's settings; 6.x (copy_settings off by default) kept only what the
  // request named.
  const settings = new Map<string, string>(copySettings ? index.settings : []);
  settings.delete(REQUIRE_ID);
  settings.set(SETTING_NUMBER_OF_SHARDS, String(targetShards));
  settings.set(SETTING_NUMBER_OF_REPLICAS, String(numberOfReplicas(index)));
  settings.set(SETTING_LIFECYCLE_NAME, policyName);
  settings.set(SETTING_RESIZE_SOURCE_NAME, index.name);
  settings.set(SETTING_RESIZE_SOURCE_UUID, index.uuid);
  const target = addIndex(cluster, targetName, now, settings);
  target.segmentsPerShard = index.segmentsPerShard;
}

/** ES `ShrinkSetAliasStep`: delete the source, alias its name and its aliases to the shrunken index. */
function swapAliases(cluster: Cluster, sourceName: string): void {
  const source = cluster.indices.get(sourceName);
  const target = cluster.indices.get(SHRUNKEN_INDEX_PREFIX + sourceName);
  if (!source || !target) return;
  deleteIndex(cluster, sourceName);
  setAlias(cluster, target, sourceName, {});
  for (const alias of source.aliases.keys()) setAlias(cluster, target, alias, {});
  touch(target);
}
