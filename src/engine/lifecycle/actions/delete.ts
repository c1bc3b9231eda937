/**
 * The `delete` action (mirrors ES `DeleteAction`): in 7.x `wait-for-shard-history-leases` (async wait),
 * `cleanup-snapshot` when `delete_searchable_snapshot` is on (the default), then `delete`, an async
 * action after which the index no longer exists. 6.6 had the `delete` step alone and no settings.
 */
import { deleteIndex } from '../../cluster/cluster';
import { dataStreamOf, deleteBackingIndex, deleteDataStreams, writeIndexName } from '../../cluster/data-streams';
import { EsException, illegalState } from '../../errors';
import { booleanValue, parseObject } from '../../xcontent/object-parser';
import { EscapedStepException, Step } from '../steps';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { passingAsyncActionStep, waitForNoFollowersStep, waitForTimeSeriesEndStep } from './common';

export const NAME = 'delete';

export const deleteAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) =>
    profile.deleteSearchableSnapshotSetting
      ? parseObject(p, {
          name: NAME,
          constructing: true,
          fields: [{ name: 'delete_searchable_snapshot', type: 'BOOLEAN', constructorArg: 'optional', parse: booleanValue }],
          build: (values) => ({
            action: NAME,
            settings: { delete_searchable_snapshot: (values.get('delete_searchable_snapshot') as boolean | undefined) ?? true },
          }),
        })
      : parseObject(p, { name: NAME, fields: [], build: () => ({ action: NAME, settings: {} }) }),
  toXContent: (config) => ({ ...config.settings }),
  toSteps: (phase, nextKey, config, profile) => {
    const deleteKey = stepKey(phase, NAME, 'delete');
    const deleteStep: Step = {
      kind: 'async-action',
      key: deleteKey,
      nextKey,
      retryable: profile.retryable.otherActionSteps,
      indexSurvives: false,
      // ES `DeleteStep`: a data stream's write index is refused (7.9+), by a throw ES's runner does not
      // catch until 8.13 (`Profile#dataStreamDelete`); from 7.12 a stream's only backing index takes
      // the whole stream with it. Any other backing index leaves its stream.
      perform: ({ cluster, index, policyName }) => {
        const ds = dataStreamOf(cluster, index.name);
        if (ds) {
          if (profile.dataStreamDelete.lastIndexDeletesStream && ds.indices.length === 1) {
            deleteDataStreams(cluster, [ds]);
            return;
          }
          if (writeIndexName(ds) === index.name) {
            const refusal = new EsException(
              illegalState(
                `index [${index.name}] is the write index for data stream [${ds.name}]. stopping execution of lifecycle [${policyName}] as a data stream's write index cannot be deleted. manually rolling over the index will resume the execution of the policy as the index will not be the data stream's write index anymore`,
              ),
            );
            throw profile.dataStreamDelete.writeIndexRefusal === 'uncaught' ? new EscapedStepException(refusal) : refusal;
          }
          deleteBackingIndex(cluster, profile, index.name);
          return;
        }
        deleteIndex(cluster, index.name);
      },
    };
    if (profile.chains.delete === 'v6.6') return [deleteStep];
    const leasesKey = stepKey(phase, NAME, 'wait-for-shard-history-leases');
    const cleanupKey = stepKey(phase, NAME, 'cleanup-snapshot');
    const afterWaits = config.settings['delete_searchable_snapshot'] === false ? deleteKey : cleanupKey;
    const waits: Step[] = [];
    if (profile.chains.delete === 'v8') {
      // 8.10+ (ES PR #100207) also waits for a time-series index's end time: one more poll tick.
      const timeSeriesKey = stepKey(phase, NAME, 'check-ts-end-time-passed');
      waits.push(waitForNoFollowersStep(profile, leasesKey, timeSeriesKey), waitForTimeSeriesEndStep(profile, timeSeriesKey, afterWaits));
    } else {
      waits.push(waitForNoFollowersStep(profile, leasesKey, afterWaits));
    }
    if (afterWaits === deleteKey) return [...waits, deleteStep];
    return [...waits, passingAsyncActionStep(profile, cleanupKey, deleteKey), deleteStep];
  },
};
