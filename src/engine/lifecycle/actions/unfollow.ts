/**
 * The `unfollow` action (mirrors ES `UnfollowAction`): ILM injects it into phases with rollover, shrink
 * or searchable_snapshot (and downsample in 8.19). The simulated cluster has no cross-cluster
 * followers. Before 7.12 the action had no skip branch, so every step passes and its async wait still
 * costs one poll tick, as in ES; 8.x starts with `branch-check-unfollow-prerequisites`, which skips the
 * whole action for an index that is not a follower.
 */
import { parseObject } from '../../xcontent/object-parser';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { passingAsyncActionStep, passingWaitStep } from './common';
import { COMPLETE, Step } from '../steps';

export const NAME = 'unfollow';

export const unfollowAction: ActionDefinition = {
  name: NAME,
  parse: (p) => parseObject(p, { name: NAME, fields: [], build: () => ({ action: NAME, settings: {} }) }),
  toXContent: () => ({}),
  toSteps: (phase, nextKey, _config, profile) => {
    const key = (name: string) => stepKey(phase, NAME, name);
    const indexingComplete = key('wait-for-indexing-complete');
    const followTasks = key('wait-for-follow-shard-tasks');
    const pause = key('pause-follower-index');
    const close = key('close-follower-index');
    const unfollow = key('unfollow-follower-index');
    const open = key('open-follower-index');
    const color = key(profile.chains.unfollow === 'v8' ? 'wait-for-index-color' : 'wait-for-yellow-step');
    const branch: Step[] =
      profile.chains.unfollow === 'v8'
        ? [
            {
              // No follower index exists in the simulated cluster (ES checks for `ccr` custom metadata).
              kind: 'cluster-state-action',
              key: key('branch-check-unfollow-prerequisites'),
              nextKey: indexingComplete,
              retryable: profile.retryable.otherActionSteps,
              perform: () => nextKey,
            },
          ]
        : [];
    return [
      ...branch,
      passingWaitStep(profile, indexingComplete, followTasks),
      { kind: 'async-wait', key: followTasks, nextKey: pause, retryable: profile.retryable.otherActionSteps, evaluate: () => COMPLETE },
      passingAsyncActionStep(profile, pause, close),
      passingAsyncActionStep(profile, close, unfollow),
      passingAsyncActionStep(profile, unfollow, open),
      passingAsyncActionStep(profile, open, color),
      passingWaitStep(profile, color, nextKey),
    ];
  },
};
