/**
 * Action name -> definition, for the actions the simulator can run. A profile decides which of them a
 * phase allows and in which order; an action ES knows but the simulator has not built yet is answered
 * as ES answers an action it does not know (see `policy-parser.ts`).
 */
import type { ActionDefinition } from './action';
import { allocateAction } from './allocate';
import { deleteAction } from './delete';
import { downsampleAction } from './downsample';
import { forcemergeAction } from './forcemerge';
import { freezeAction } from './freeze';
import { migrateAction } from './migrate';
import { readonlyAction } from './readonly';
import { rolloverAction } from './rollover';
import { searchableSnapshotAction } from './searchable-snapshot';
import { setPriorityAction } from './set-priority';
import { shrinkAction } from './shrink';
import { unfollowAction } from './unfollow';
import { waitForSnapshotAction } from './wait-for-snapshot';

export const ACTIONS: ReadonlyMap<string, ActionDefinition> = new Map(
  [
    setPriorityAction,
    unfollowAction,
    rolloverAction,
    readonlyAction,
    migrateAction,
    shrinkAction,
    forcemergeAction,
    deleteAction,
    downsampleAction,
    allocateAction,
    freezeAction,
    searchableSnapshotAction,
    waitForSnapshotAction,
  ].map((a) => [a.name, a]),
);
