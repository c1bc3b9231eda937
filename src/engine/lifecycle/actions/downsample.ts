/**
 * The `downsample` action (mirrors ES 8.19/9.1 `DownsampleAction`, `DownsamplePrepareLifeCycleStateStep`,
 * `DownsampleStep`, `TransportDownsampleAction`, `CopySettingsStep`, `SwapAliasesAndDeleteSourceIndexStep`):
 * a time-series index is write-blocked, rolled up into `downsample-<interval>-<origin index>`, the
 * execution state and `index.lifecycle.name` are copied onto the downsampled index (which continues the
 * policy at the next action), and the source is deleted, its data stream slot or its aliases going to
 * the downsampled index. A non-time-series index skips the action. Holds no state, reads no clock.
 */
import {
  addIndex,
  type Cluster,
  IndexMetadata,
  numberOfReplicas,
  numberOfShards,
  SETTING_BLOCKS_WRITE,
  SETTING_LIFECYCLE_NAME,
  SETTING_NUMBER_OF_REPLICAS,
  SETTING_NUMBER_OF_SHARDS,
  setLifecycle,
  touch,
} from '../../cluster/cluster';
import { SETTING_HIDDEN } from '../../cluster/data-streams';
import { validateDownsampleInterval } from '../downsample-validation';
import { EsException, illegalState, resourceAlreadyExists } from '../../errors';
import { withFields } from '../../cluster/execution-state';
import { indexNameError } from '../../cluster/index-settings';
import { parseObject, timeValue } from '../../xcontent/object-parser';
import type { ActionConfig } from '../../cluster/policy-model';
import type { Profile } from '../../profile';
import type { Step, StepContext } from '../steps';
import { StepKey, stepKey } from '../../cluster/step-key';
import { parseTimeValue, timeValueStringRep, TimeValue } from '../../xcontent/time';
import { isTimeSeries, SETTING_INDEX_MODE } from '../../cluster/time-series';
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
  waitForNoFollowersStep,
  waitForTimeSeriesEndStep,
  writeBlockStep,
} from './common';
import { checkNewIndexShardLimit } from '../../cluster/shard-limit';

export const NAME = 'downsample';
/** ES `DownsampleAction.DOWNSAMPLED_INDEX_PREFIX`. */
export const DOWNSAMPLED_INDEX_PREFIX = 'downsample-';
/** ES `DownsampleStep.NAME`: the step kept the name it had when the action was called rollup. */
export const ROLLUP_STEP_NAME = 'rollup';

/** ES `IndexMetadata.INDEX_DOWNSAMPLE_*` settings. */
export const SETTING_DOWNSAMPLE_STATUS = 'index.downsample.status';
export const SETTING_DOWNSAMPLE_INTERVAL = 'index.downsample.interval';
export const SETTING_DOWNSAMPLE_SOURCE_NAME = 'index.downsample.source.name';
export const SETTING_DOWNSAMPLE_SOURCE_UUID = 'index.downsample.source.uuid';
export const SETTING_DOWNSAMPLE_ORIGIN_NAME = 'index.downsample.origin.name';
export const SETTING_DOWNSAMPLE_ORIGIN_UUID = 'index.downsample.origin.uuid';
const SETTING_REFRESH_INTERVAL = 'index.refresh_interval';

/** ES `DownsampleAction.DEFAULT_WAIT_TIMEOUT`. */
const DEFAULT_WAIT_TIMEOUT: TimeValue = (() => {
  const parsed = parseTimeValue('1d', 'wait_timeout');
  if (!parsed.ok) throw new Error('unreachable');
  return parsed.value;
})();

/**
 * Source settings the downsampled index never inherits (ES `TransportDownsampleAction.FORBIDDEN_SETTINGS`;
 * the index identity ES also leaves out is not kept in the simulator's settings map).
 */
const FORBIDDEN_SETTINGS: ReadonlySet<string> = new Set(['index.default_pipeline', 'index.final_pipeline', SETTING_BLOCKS_WRITE, SETTING_LIFECYCLE_NAME]);

interface DownsampleSettings {
  readonly fixedInterval: string;
  readonly waitTimeout: TimeValue;
}

function settingsOf(config: ActionConfig): DownsampleSettings {
  return {
    fixedInterval: config.settings['fixed_interval'] as string,
    waitTimeout: (config.settings['wait_timeout'] as TimeValue | undefined) ?? DEFAULT_WAIT_TIMEOUT,
  };
}

/** The `fixed_interval` of a phase's downsample action, or null (for `validateDownsamplingIntervals`). */
export function downsampleIntervalOf(phase: { readonly actions: ReadonlyMap<string, ActionConfig> }): string | null {
  const config = phase.actions.get(NAME);
  return config ? settingsOf(config).fixedInterval : null;
}

/**
 * ES `DownsampleConfig.generateDownsampleIndexName`: the prefix, the interval and the first source in
 * the chain of downsamplings (`index.downsample.origin.name`, else `index.downsample.source.name`,
 * else the index's own name).
 */
export function downsampleIndexName(index: IndexMetadata, interval: string): string {
  const origin = index.settings.get(SETTING_DOWNSAMPLE_ORIGIN_NAME) || index.settings.get(SETTING_DOWNSAMPLE_SOURCE_NAME) || index.name;
  return `${DOWNSAMPLED_INDEX_PREFIX}${interval}-${origin}`;
}

/** The target name `generate-downsampled-index-name` stored in the execution state (ES `rollup_index_name`). */
function targetOf(index: IndexMetadata): string {
  return index.lifecycle?.downsampleIndexName ?? '';
}

// ES runs `validateDownsamplingIntervals` last in `TimeseriesLifecycleType#validate`.

export const downsampleAction: ActionDefinition = {
  name: NAME,
  parse: (p) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [
        // ES `new DateHistogramInterval(p.text())`: any string is taken here; a bad interval fails the
        // policy only when two downsample intervals are compared, or else the `rollup` step.
        { name: 'fixed_interval', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
        { name: 'wait_timeout', type: 'STRING', constructorArg: 'optional', parse: (t) => timeValue(t, 'wait_timeout') },
      ],
      build: (values) => ({
        action: NAME,
        settings: {
          fixed_interval: values.get('fixed_interval') as string,
          ...(values.has('wait_timeout') ? { wait_timeout: values.get('wait_timeout') } : {}),
        },
      }),
    }),
  toXContent: (config) => {
    const settings = settingsOf(config);
    return { fixed_interval: settings.fixedInterval, wait_timeout: timeValueStringRep(settings.waitTimeout) };
  },
  toSteps: (phase, nextKey, config, profile) => downsampleSteps(phase, nextKey, settingsOf(config), profile),
};

function downsampleSteps(phase: string, nextKey: StepKey, settings: DownsampleSettings, profile: Profile): Step[] {
  const key = (name: string) => stepKey(phase, NAME, name);
  const timeSeriesBranchKey = key('branch-on-timeseries-check');
  const notWriteIndexKey = key('check-not-write-index');
  const leasesKey = key('wait-for-shard-history-leases');
  const endTimeKey = key('check-ts-end-time-passed');
  const readonlyKey = key('readonly');
  const cleanupKey = key('cleanup-target-index');
  const generateKey = key('generate-downsampled-index-name');
  const rollupKey = key(ROLLUP_STEP_NAME);
  const colorKey = key('wait-for-index-color');
  const copyStateKey = key('copy-execution-state');
  const copySettingsKey = key('copy-settings');
  const dataStreamBranchKey = key('branch-on-datastream-check');
  const replaceKey = key('replace-datastream-backing-index');
  const deleteKey = key('delete');
  const swapKey = key('swap-aliases');
  const retryable = profile.retryable.otherActionSteps;
  const interval = settings.fixedInterval;

  return [
    {
      kind: 'cluster-state-action',
      key: timeSeriesBranchKey,
      nextKey: notWriteIndexKey,
      retryable,
      perform: ({ index }) => {
        if (!isTimeSeries(index.settings)) return nextKey;
        // 8.12+ (ES #102250): an index that already is this phase's downsampled index (or merely bears
        // its name) skips the action.
        if (index.name === downsampleIndexName(index, interval)) return nextKey;
        return notWriteIndexKey;
      },
    },
    checkNotWriteIndexStep(profile, notWriteIndexKey, leasesKey),
    waitForNoFollowersStep(profile, leasesKey, endTimeKey),
    waitForTimeSeriesEndStep(profile, endTimeKey, readonlyKey),
    // Divergence: ES 8.19 uses `ReadOnlyStep` (the add-block API); its effect on the settings is the
    // same write block.
    writeBlockStep(profile, readonlyKey, generateKey),
    // ES keeps `cleanup-target-index` as a no-op for indices upgraded while on it; ILM also reaches it
    // when `wait-for-index-color` gives up after the wait-time threshold (the downsampled index went
    // missing), and goes on to `rollup` again.
    passingWaitStep(profile, cleanupKey, rollupKey),
    {
      kind: 'cluster-state-action',
      key: generateKey,
      nextKey: rollupKey,
      retryable,
      perform: ({ index, now }) => {
        setLifecycle(index, withFields(index.lifecycle ?? {}, { downsampleIndexName: downsampleIndexName(index, interval) }), now);
      },
    },
    {
      kind: 'async-action',
      key: rollupKey,
      nextKey: colorKey,
      retryable,
      indexSurvives: true,
      perform: (ctx) => rollup(ctx, interval),
    },
    // ES `ClusterStateWaitUntilThresholdStep` around it, falling back to `cleanup-target-index`.
    targetIndexWaitStep(profile, colorKey, copyStateKey, targetOf, cleanupKey),
    {
      // ES 8.x `CopyExecutionStateStep`: the whole state travels; the target is placed at the action's
      // next step, where it continues once `copy-settings` makes it managed.
      kind: 'cluster-state-action',
      key: copyStateKey,
      nextKey: copySettingsKey,
      retryable,
      perform: ({ cluster, index, now, policyName, spawned }) => {
        const target = copyExecutionStateTarget(cluster, index, targetOf(index));
        setLifecycle(target, withFields(index.lifecycle ?? {}, { phase: nextKey.phase, action: nextKey.action, step: nextKey.name }), now);
        spawned?.(target, policyName);
      },
    },
    copyLifecycleNameStep(profile, copySettingsKey, dataStreamBranchKey, targetOf),
    dataStreamBranchStep(profile, dataStreamBranchKey, replaceKey, swapKey),
    replaceDataStreamBackingIndexStep(profile, replaceKey, deleteKey, targetOf),
    deleteSourceStep(profile, deleteKey, nextKey),
    // Downsample builds it without an alias named after the source.
    swapAliasesAndDeleteSourceStep(profile, swapKey, nextKey, targetOf, false),
  ];
}

/**
 * ES `DownsampleStep#performAction` and the downsample API (`TransportDownsampleAction`) it calls, in
 * their order of checks, ending with the finished downsampled index: the source's settings (less the
 * forbidden ones), the time-series settings, the downsample bookkeeping, a write block and
 * `index.downsample.status: success`.
 */
function rollup({ cluster, index, now, profile }: StepContext, interval: string): void {
  if (index.lifecycle?.lifecycleDate === undefined) {
    throw new EsException(illegalState(`source index [${index.name}] is missing lifecycle date`));
  }
  const targetName = targetOf(index);
  const existing = cluster.indices.get(targetName);
  // A downsampled index of that name already finished: nothing to do.
  if (existing?.settings.get(SETTING_DOWNSAMPLE_STATUS) === 'success') return;
  // `new DownsampleConfig(fixedInterval)` checks the interval before the request is sent.
  validateDownsampleInterval(interval);
  if (!isTimeSeries(index.settings)) {
    throw new EsException(esException(`Rollup requires setting [${SETTING_INDEX_MODE}=time_series] for index [${index.name}]`));
  }
  if (index.settings.get(SETTING_BLOCKS_WRITE) !== 'true') {
    throw new EsException(esException(`Downsample requires setting [${SETTING_BLOCKS_WRITE} = true] for index [${index.name}]`));
  }
  if (existing) {
    // Not a downsampled index (no status): ES refuses to overwrite it.
    if (existing.settings.get(SETTING_DOWNSAMPLE_STATUS) === undefined) throw new EsException(resourceAlreadyExists(targetName, existing.uuid));
    // A half-built one from an earlier attempt: the downsampling resumes and finishes it.
    existing.settings.set(SETTING_DOWNSAMPLE_STATUS, 'success');
    touch(existing);
    return;
  }
  createDownsampledIndex(cluster, profile, index, targetName, interval, now);
}

/**
 * The finished downsampled index of `index` (ES `TransportDownsampleAction` once its shards are done),
 * shared by ILM's `rollup` step and the data stream lifecycle's downsampling rounds.
 */
export function createDownsampledIndex(
  cluster: Cluster,
  profile: Profile,
  index: IndexMetadata,
  targetName: string,
  interval: string,
  now: number,
): IndexMetadata {
  const nameError = indexNameError(targetName);
  if (nameError) throw new EsException(nameError);
  // Divergence: ES also refuses a source without dimension fields in its mappings; the simulated
  // cluster keeps no mappings, so every time-series index is taken to have them.
  const settings = new Map<string, string>();
  for (const [key, value] of index.settings) if (!FORBIDDEN_SETTINGS.has(key)) settings.set(key, value);
  settings.set(SETTING_NUMBER_OF_SHARDS, String(numberOfShards(index)));
  settings.set(SETTING_NUMBER_OF_REPLICAS, String(numberOfReplicas(index)));
  settings.set(SETTING_REFRESH_INTERVAL, '-1');
  settings.set(SETTING_DOWNSAMPLE_INTERVAL, interval);
  if (!index.settings.has(SETTING_DOWNSAMPLE_ORIGIN_NAME) || !index.settings.has(SETTING_DOWNSAMPLE_ORIGIN_UUID)) {
    settings.set(SETTING_DOWNSAMPLE_ORIGIN_NAME, index.name);
    settings.set(SETTING_DOWNSAMPLE_ORIGIN_UUID, index.uuid);
  }
  settings.set(SETTING_DOWNSAMPLE_SOURCE_NAME, index.name);
  settings.set(SETTING_DOWNSAMPLE_SOURCE_UUID, index.uuid);
  // The downsampled index is built hidden and write-blocked, then shown again unless its source is hidden.
  settings.set(SETTING_BLOCKS_WRITE, 'true');
  if (index.settings.get(SETTING_HIDDEN) !== 'true') {
    if (index.settings.has(SETTING_HIDDEN)) settings.set(SETTING_HIDDEN, 'false');
    else settings.delete(SETTING_HIDDEN);
  }
  settings.set(SETTING_DOWNSAMPLE_STATUS, 'success');
  // ES `TransportDownsampleAction` creates the target through `MetadataCreateIndexService`: the shard limit.
  checkNewIndexShardLimit(cluster, profile, settings);
  const target = addIndex(cluster, targetName, now, settings);
  // Divergence: the simulator counts documents without keeping them, so the downsampled index keeps
  // its source's counts; it is force merged to one segment per shard, as ES does.
  target.docsCount = index.docsCount;
  target.storeBytes = index.storeBytes;
  target.segmentsPerShard = 1;
  return target;
}

/** A generic `ElasticsearchException` (`type: exception`, HTTP 500). */
function esException(reason: string) {
  return { type: 'exception', reason, status: 500, elasticsearchException: true };
}
