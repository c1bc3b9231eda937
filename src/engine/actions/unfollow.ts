/**
 * The `unfollow` action (mirrors ES `UnfollowAction` before 7.12, when it had no skip branch): ILM
 * injects it into phases with rollover, shrink or searchable_snapshot. The simulated cluster has no
 * cross-cluster followers, so every step passes; its async wait still costs one poll tick, as in ES.
 */
import { parseObject } from '../object-parser';
import { stepKey } from '../step-key';
import type { ActionDefinition } from './action';
import { passingAsyncActionStep, passingWaitStep } from './common';
import { COMPLETE } from '../steps';

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
    const color = key('wait-for-yellow-step');
    return [
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
