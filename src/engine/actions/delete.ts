/**
 * The `delete` action (mirrors ES `DeleteAction`): in 7.x `wait-for-shard-history-leases` (async wait),
 * `cleanup-snapshot` when `delete_searchable_snapshot` is on (the default), then `delete`, an async
 * action after which the index no longer exists. 6.6 had the `delete` step alone and no settings.
 */
import { deleteIndex } from '../cluster';
import { booleanValue, parseObject } from '../object-parser';
import { Step } from '../steps';
import { stepKey } from '../step-key';
import type { ActionDefinition } from './action';
import { passingAsyncActionStep, waitForNoFollowersStep } from './common';

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
      perform: ({ cluster, index }) => {
        deleteIndex(cluster, index.name);
      },
    };
    if (profile.chains.delete === 'v6.6') return [deleteStep];
    const leasesKey = stepKey(phase, NAME, 'wait-for-shard-history-leases');
    const cleanupKey = stepKey(phase, NAME, 'cleanup-snapshot');
    if (config.settings['delete_searchable_snapshot'] === false) {
      return [waitForNoFollowersStep(profile, leasesKey, deleteKey), deleteStep];
    }
    return [waitForNoFollowersStep(profile, leasesKey, cleanupKey), passingAsyncActionStep(profile, cleanupKey, deleteKey), deleteStep];
  },
};
