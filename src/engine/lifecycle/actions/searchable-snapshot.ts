/**
 * The `searchable_snapshot` action (mirrors ES `SearchableSnapshotAction` of 7.10 and 8.x): snapshot
 * the index into the configured repository, mount it as `restored-<index>` (`partial-<index>` in the
 * frozen phase), hand the execution state and the policy to the mounted index, then delete the source
 * and give its name and aliases to the mounted index (or swap it into its data stream). 8.x adds the
 * prerequisite and existing-snapshot branches, `check-ts-end-time-passed`, `wait-for-data-tier` and
 * (9.1) `replicate_for`. Steps never read the clock; snapshots complete at once.
 */
import {
  addIndex,
  Cluster,
  IndexMetadata,
  SETTING_BLOCKS_WRITE,
  SETTING_LIFECYCLE_NAME,
  SETTING_NUMBER_OF_REPLICAS,
  SETTING_TIER_PREFERENCE,
  setLifecycle,
} from '../../cluster/cluster';
import { EsException, illegalArgument, illegalState } from '../../errors';
import { withFields } from '../../cluster/execution-state';
import { booleanValue, intValue, parseObject, timeValue } from '../../xcontent/object-parser';
import type { Profile } from '../../profile';
import { createSnapshot, deleteSnapshot, findSnapshot, generateSnapshotName, snapshotMissing } from '../../cluster/snapshots';
import { COMPLETE, notYet, Step } from '../steps';
import { StepKey, stepKey } from '../../cluster/step-key';
import { formatTimeValueToString, TimeValue, timeValueStringRep } from '../../xcontent/time';
import type { ActionDefinition } from './action';
import {
  checkNotWriteIndexStep,
  copyExecutionStateTarget,
  copyLifecycleNameStep,
  dataStreamBranchStep,
  deleteSourceStep,
  passingWaitStep,
  replaceDataStreamBackingIndexStep,
  swapAliasesAndDeleteSourceStep,
  targetIndexWaitStep,
  updateSettingsStep,
  waitForNoFollowersStep,
  waitForTimeSeriesEndStep,
} from './common';
import { checkNewIndexShardLimit } from '../../cluster/shard-limit';

export const NAME = 'searchable_snapshot';
/** ES `SearchableSnapshotAction.FULL_RESTORED_INDEX_PREFIX` / `PARTIAL_RESTORED_INDEX_PREFIX`. */
export const FULL_RESTORED_INDEX_PREFIX = 'restored-';
export const PARTIAL_RESTORED_INDEX_PREFIX = 'partial-';

export const SETTING_STORE_TYPE = 'index.store.type';
export const SETTING_SNAPSHOT_REPOSITORY = 'index.store.snapshot.repository_name';
export const SETTING_SNAPSHOT_NAME = 'index.store.snapshot.snapshot_name';
export const SETTING_SNAPSHOT_UUID = 'index.store.snapshot.snapshot_uuid';
export const SETTING_SNAPSHOT_INDEX_NAME = 'index.store.snapshot.index_name';
export const SETTING_SNAPSHOT_INDEX_UUID = 'index.store.snapshot.index_uuid';
export const SETTING_SNAPSHOT_PARTIAL = 'index.store.snapshot.partial';
const SETTING_TOTAL_SHARDS_PER_NODE = 'index.routing.allocation.total_shards_per_node';
const SETTING_RECOVERY_TYPE = 'index.recovery.type';

interface Settings {
  readonly repository: string;
  readonly forceMergeIndex: boolean;
  readonly totalShardsPerNode?: number;
  readonly replicateFor?: TimeValue;
}

function settingsOf(config: { settings: Readonly<Record<string, unknown>> }): Settings {
  const s = config.settings;
  return {
    repository: s['snapshot_repository'] as string,
    forceMergeIndex: s['force_merge_index'] as boolean,
    ...(s['total_shards_per_node'] !== undefined ? { totalShardsPerNode: s['total_shards_per_node'] as number } : {}),
    ...(s['replicate_for'] !== undefined ? { replicateFor: s['replicate_for'] as TimeValue } : {}),
  };
}

/** ES `getRestoredIndexPrefix`: partial mounts in the frozen phase, full copies elsewhere. */
export function restoredIndexPrefix(phase: string): string {
  return phase === 'frozen' ? PARTIAL_RESTORED_INDEX_PREFIX : FULL_RESTORED_INDEX_PREFIX;
}

export const searchableSnapshotAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [
        { name: 'snapshot_repository', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
        { name: 'force_merge_index', type: 'BOOLEAN', constructorArg: 'optional', parse: booleanValue },
        ...(profile.snapshots.totalShardsPerNode
          ? [{ name: 'total_shards_per_node', type: 'INT' as const, constructorArg: 'optional' as const, parse: intValue }]
          : []),
        ...(profile.snapshots.replicateFor
          ? [
              {
                name: 'replicate_for',
                type: 'STRING' as const,
                constructorArg: 'optional' as const,
                parse: (t: Parameters<typeof timeValue>[0]) => timeValue(t, 'replicate_for'),
              },
            ]
          : []),
      ],
      // ES `SearchableSnapshotAction` constructor, checks in its order.
      build: (values) => {
        const repository = values.get('snapshot_repository') as string;
        if (repository.trim().length === 0) throw new EsException(illegalArgument('the snapshot repository must be specified'));
        const totalShardsPerNode = values.get('total_shards_per_node') as number | undefined;
        if (totalShardsPerNode !== undefined && totalShardsPerNode < 1) {
          throw new EsException(illegalArgument('[total_shards_per_node] must be >= 1'));
        }
        const replicateFor = values.get('replicate_for') as TimeValue | undefined;
        if (replicateFor !== undefined && replicateFor.millis <= 0) {
          throw new EsException(illegalArgument(`[replicate_for] must be positive [${timeValueStringRep(replicateFor)}]`));
        }
        return {
          action: NAME,
          settings: {
            snapshot_repository: repository,
            force_merge_index: (values.get('force_merge_index') as boolean | undefined) ?? true,
            ...(totalShardsPerNode !== undefined ? { total_shards_per_node: totalShardsPerNode } : {}),
            ...(replicateFor !== undefined ? { replicate_for: replicateFor } : {}),
          },
        };
      },
    }),
  toXContent: (config) => {
    const s = settingsOf(config);
    const out: Record<string, unknown> = { snapshot_repository: s.repository, force_merge_index: s.forceMergeIndex };
    if (s.totalShardsPerNode !== undefined) out['total_shards_per_node'] = s.totalShardsPerNode;
    if (s.replicateFor !== undefined) out['replicate_for'] = timeValueStringRep(s.replicateFor);
    return out;
  },
  toSteps: (phase, nextKey, config, profile) => searchableSnapshotSteps(phase, nextKey, settingsOf(config), profile),
};

function searchableSnapshotSteps(phase: string, nextKey: StepKey, settings: Settings, profile: Profile): Step[] {
  const v8 = profile.chains.searchableSnapshot === 'v8';
  const retryable = profile.retryable.otherActionSteps;
  const prefix = restoredIndexPrefix(phase);
  const partial = prefix === PARTIAL_RESTORED_INDEX_PREFIX;
  const targetOf = (index: IndexMetadata) => prefix + index.name;
  const key = (name: string) => stepKey(phase, NAME, name);
  const prerequisitesKey = key('branch-check-prerequisites');
  const notWriteIndexKey = key('check-not-write-index');
  const leasesKey = key('wait-for-shard-history-leases');
  const tsEndKey = key('check-ts-end-time-passed');
  const existingSnapshotKey = key('branch-check-existing-snapshot');
  const forceMergeKey = key('forcemerge');
  const segmentCountKey = key('segment-count');
  const generateNameKey = key('generate-snapshot-name');
  const cleanupKey = key('cleanup-snapshot');
  const createKey = key('create-snapshot');
  const dataTierKey = key('wait-for-data-tier');
  const mountKey = key('mount-snapshot');
  const colorKey = key('wait-for-index-color');
  const copyStateKey = key('copy-execution-state');
  const copySettingsKey = key('copy-settings');
  const replicateForKey = key('check-replicate-for-time-passed');
  const dropReplicasKey = key('update-settings');
  const dataStreamBranchKey = key('branch-on-datastream-check');
  const replaceKey = key('replace-datastream-backing-index');
  const deleteKey = key('delete');
  const swapKey = key('swap-aliases');
  const snapshotGenerationKey = settings.forceMergeIndex ? forceMergeKey : generateNameKey;
  const afterSnapshotKey = v8 ? dataTierKey : mountKey;

  const steps: Step[] = [];
  if (v8) {
    steps.push({
      // ES `BranchingStep` (`branch-check-prerequisites`): skip the action when the index is already
      // mounted from this repository with this storage type. (The license check always passes.)
      kind: 'cluster-state-action',
      key: prerequisitesKey,
      nextKey: notWriteIndexKey,
      retryable,
      perform: ({ index }) => {
        if (index.settings.get(SETTING_SNAPSHOT_INDEX_NAME) === undefined) return notWriteIndexKey;
        if (index.settings.get(SETTING_SNAPSHOT_REPOSITORY) !== settings.repository) return notWriteIndexKey;
        const mountedPartial = index.settings.get(SETTING_SNAPSHOT_PARTIAL) === 'true';
        return mountedPartial === partial ? nextKey : notWriteIndexKey;
      },
    });
  }
  steps.push(checkNotWriteIndexStep(profile, notWriteIndexKey, leasesKey));
  if (v8) {
    steps.push(waitForNoFollowersStep(profile, leasesKey, tsEndKey), waitForTimeSeriesEndStep(profile, tsEndKey, existingSnapshotKey), {
      // ES `branch-check-existing-snapshot`: a snapshot already taken for this index is mounted again.
      kind: 'cluster-state-action',
      key: existingSnapshotKey,
      nextKey: snapshotGenerationKey,
      retryable,
      perform: ({ index }) => {
        const state = index.lifecycle ?? {};
        const mountedRepository = index.settings.get(SETTING_SNAPSHOT_INDEX_NAME) !== undefined ? index.settings.get(SETTING_SNAPSHOT_REPOSITORY) : undefined;
        if (state.snapshotName === undefined && mountedRepository === undefined) return snapshotGenerationKey;
        const repository = state.snapshotName !== undefined ? state.snapshotRepository : mountedRepository;
        if (repository !== settings.repository) {
          throw new EsException(illegalArgument('searchable snapshot indices may be converted only within the same repository'));
        }
        return dataTierKey;
      },
    });
  } else {
    steps.push(waitForNoFollowersStep(profile, leasesKey, snapshotGenerationKey));
  }
  if (settings.forceMergeIndex) {
    steps.push(
      {
        // ES `ForceMergeStep` to one segment.
        kind: 'async-action',
        key: forceMergeKey,
        nextKey: segmentCountKey,
        retryable,
        indexSurvives: true,
        perform: ({ index }) => {
          index.segmentsPerShard = 1;
        },
      },
      // ES `SegmentCountStep`: best effort, always completes (one poll tick).
      { kind: 'async-wait', key: segmentCountKey, nextKey: generateNameKey, retryable, evaluate: () => COMPLETE },
    );
  }
  steps.push(
    {
      // ES `GenerateSnapshotNameStep`; it is retryable in every release that has it.
      kind: 'cluster-state-action',
      key: generateNameKey,
      nextKey: cleanupKey,
      retryable: true,
      perform: ({ cluster, index, now, policyName }) => {
        if (!cluster.snapshots.repositories.has(settings.repository)) {
          throw new EsException(
            illegalState(
              `repository [${settings.repository}] is missing. [${policyName}] policy for index [${index.name}] cannot continue until the repository is created or the policy is changed`,
            ),
          );
        }
        const state = index.lifecycle ?? {};
        const snapshotName =
          state.snapshotName ?? generateSnapshotName(cluster, `<{now/d}-${index.name}-${stripDisallowedChars(policyName)}>`.toLowerCase(), now);
        setLifecycle(
          index,
          withFields(state, {
            snapshotRepository: settings.repository,
            snapshotName,
            ...(v8 ? { snapshotIndexName: index.name } : {}),
          }),
        );
      },
    },
    {
      // ES `CleanupSnapshotStep`: deletes a snapshot an earlier attempt may have left.
      kind: 'async-action',
      key: cleanupKey,
      nextKey: createKey,
      retryable,
      indexSurvives: true,
      perform: ({ cluster, index }) => {
        const state = index.lifecycle ?? {};
        if (state.snapshotRepository !== undefined && state.snapshotName !== undefined) {
          deleteSnapshot(cluster, state.snapshotRepository, state.snapshotName);
        }
      },
    },
    {
      // ES `CreateSnapshotStep` (a branching async action: an incomplete snapshot goes back to
      // cleanup). The simulated snapshot always completes at once.
      kind: 'async-action',
      key: createKey,
      nextKey: afterSnapshotKey,
      retryable,
      indexSurvives: true,
      perform: ({ cluster, index, now, policyName }) => {
        const state = index.lifecycle ?? {};
        const repository = state.snapshotRepository;
        const name = state.snapshotName;
        if (repository === undefined || name === undefined) {
          throw new EsException(illegalState(`snapshot name was not generated for policy [${policyName}] and index [${index.name}]`));
        }
        createSnapshot(cluster, repository, name, [index.name], now, { includeGlobalState: false });
      },
    },
  );
  if (v8) steps.push(passingWaitStep(profile, dataTierKey, mountKey));
  const landingKey = settings.replicateFor !== undefined ? replicateForKey : nextKey;
  steps.push(
    {
      kind: 'async-action',
      key: mountKey,
      nextKey: colorKey,
      retryable,
      indexSurvives: true,
      perform: (ctx) => mount(ctx, prefix, phase, settings, profile),
    },
    targetIndexWaitStep(profile, colorKey, copyStateKey, targetOf),
    {
      kind: 'cluster-state-action',
      key: copyStateKey,
      nextKey: copySettingsKey,
      retryable,
      perform: ({ cluster, index, now, policyName, spawned }) => {
        const target = copyExecutionStateTarget(cluster, index, targetOf(index));
        const state = index.lifecycle ?? {};
        if (v8) {
          // ES 8.x `CopyExecutionStateStep`: the whole state, placed on the step after the action.
          setLifecycle(target, withFields(state, { phase: landingKey.phase, action: landingKey.action, step: landingKey.name }), now);
        } else {
          // ES 7.10 `CopyExecutionStateStep`: only the lifecycle date, the position (the source's phase
          // and action with the next step's name, or `complete` for the phase's end) and the snapshot.
          setLifecycle(
            target,
            {
              phase: state.phase ?? phase,
              action: nextKey.name === 'complete' ? 'complete' : (state.action ?? NAME),
              step: nextKey.name,
              ...(state.lifecycleDate !== undefined ? { lifecycleDate: state.lifecycleDate } : {}),
              ...(state.snapshotRepository !== undefined ? { snapshotRepository: state.snapshotRepository } : {}),
              ...(state.snapshotName !== undefined ? { snapshotName: state.snapshotName } : {}),
            },
            now,
          );
        }
        spawned?.(target, policyName);
      },
    },
    copyLifecycleNameStep(profile, copySettingsKey, dataStreamBranchKey, targetOf),
  );
  if (settings.replicateFor !== undefined) {
    const replicateFor = settings.replicateFor;
    steps.push(
      {
        // ES `WaitUntilReplicateForTimePassesStep` (9.1), run by the mounted index.
        kind: 'async-wait',
        key: replicateForKey,
        nextKey: dropReplicasKey,
        retryable,
        evaluate: ({ index, now }) => {
          const phaseTime = index.lifecycle?.phaseTime ?? now;
          if (now >= phaseTime + replicateFor.millis) return COMPLETE;
          return notYet({
            message: `Waiting until the replicate_for time [${formatTimeValueToString(replicateFor.millis)}] has elapsed for index [${index.name}] before removing replicas.`,
          });
        },
        // Nothing but the clock (or a change to the index) moves it.
        nextChange: ({ index, now }) => (index.lifecycle?.phaseTime ?? now) + replicateFor.millis,
      },
      updateSettingsStep(profile, dropReplicasKey, nextKey, { [SETTING_NUMBER_OF_REPLICAS]: '0' }),
    );
  }
  steps.push(
    dataStreamBranchStep(profile, dataStreamBranchKey, replaceKey, swapKey),
    replaceDataStreamBackingIndexStep(profile, replaceKey, deleteKey, targetOf),
    // Divergence: ES gives `delete` and `swap-aliases` no next step (the source is gone afterwards);
    // here they name the action's next step, which the source never reaches.
    deleteSourceStep(profile, deleteKey, nextKey),
    swapAliasesAndDeleteSourceStep(profile, swapKey, nextKey, targetOf, true),
  );
  return steps;
}

/** ES `Strings.stripDisallowedChars`: the characters a file name may not hold. */
function stripDisallowedChars(text: string): string {
  return text.replace(/[\\/*?"<>| ,#]/g, '');
}

/**
 * ES `MountSnapshotStep` and the mount API: the snapshot's index comes back as `<prefix><index>` with
 * the source's settings (less `index.lifecycle.name`, which `copy-settings` sets), the searchable
 * snapshot store settings, a tier preference, no replicas (8.x, one with `replicate_for`) and a
 * write block. A mounted index that already exists is left alone (ES skips the mount).
 * Divergence: ES also sets `index.store.snapshot.repository_uuid` and prewarm recovery details
 * that depend on the node; the simulator sets the recovery type only.
 */
function mount(
  { cluster, index, policyName }: { cluster: Cluster; index: IndexMetadata; policyName: string },
  prefix: string,
  phase: string,
  settings: Settings,
  profile: Profile,
): void {
  const state = index.lifecycle ?? {};
  const repository = state.snapshotRepository;
  const snapshotName = state.snapshotName;
  if (repository === undefined || snapshotName === undefined) {
    throw new EsException(illegalState(`snapshot name was not generated for policy [${policyName}] and index [${index.name}]`));
  }
  const sourceName = state.snapshotIndexName ?? index.name;
  const targetName = prefix + index.name;
  if (cluster.indices.has(targetName)) return;
  const snapshot = findSnapshot(cluster, repository, snapshotName);
  if (!snapshot) {
    throw new EsException(snapshotMissing(repository, snapshotName));
  }
  const v8 = profile.chains.searchableSnapshot === 'v8';
  const out = new Map<string, string>(index.settings);
  out.delete(SETTING_LIFECYCLE_NAME);
  out.set(SETTING_STORE_TYPE, 'snapshot');
  out.set(SETTING_SNAPSHOT_REPOSITORY, repository);
  out.set(SETTING_SNAPSHOT_NAME, snapshotName);
  out.set(SETTING_SNAPSHOT_UUID, snapshot.uuid);
  out.set(SETTING_SNAPSHOT_INDEX_NAME, sourceName);
  out.set(SETTING_SNAPSHOT_INDEX_UUID, index.uuid);
  if (prefix === PARTIAL_RESTORED_INDEX_PREFIX) out.set(SETTING_SNAPSHOT_PARTIAL, 'true');
  out.set(SETTING_RECOVERY_TYPE, 'snapshot_prewarm');
  out.set(SETTING_BLOCKS_WRITE, 'true');
  if (v8) {
    out.set(SETTING_TIER_PREFERENCE, phase === 'frozen' ? 'data_frozen' : phase === 'hot' ? 'data_hot' : 'data_cold,data_warm,data_hot');
    out.set(SETTING_NUMBER_OF_REPLICAS, settings.replicateFor !== undefined ? '1' : '0');
    if (settings.totalShardsPerNode !== undefined) out.set(SETTING_TOTAL_SHARDS_PER_NODE, String(settings.totalShardsPerNode));
  }
  // ES `RestoreService` (a mount restores the snapshot): the shard limit.
  checkNewIndexShardLimit(cluster, profile, out);
  const target = addIndex(cluster, targetName, index.creationDate, out);
  target.segmentsPerShard = index.segmentsPerShard;
  target.docsCount = index.docsCount;
  target.storeBytes = index.storeBytes;
}
