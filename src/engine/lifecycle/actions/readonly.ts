/**
 * The `readonly` action (mirrors ES `ReadOnlyAction`): in 7.x `check-not-write-index` (a cluster-state
 * wait that holds for an index that is not a data stream's write index) then `readonly`, an
 * `UpdateSettingsStep` setting `index.blocks.write: true`; in 6.6 the `readonly` step alone; 8.x waits
 * for a time-series index's end time (`check-ts-end-time-passed`) in between and adds the write block
 * through the add-block API (the same setting).
 */
import { parseObject } from '../../xcontent/object-parser';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { checkNotWriteIndexStep, waitForTimeSeriesEndStep, writeBlockStep } from './common';

export const NAME = 'readonly';

export const readonlyAction: ActionDefinition = {
  name: NAME,
  parse: (p) => parseObject(p, { name: NAME, fields: [], build: () => ({ action: NAME, settings: {} }) }),
  toXContent: () => ({}),
  toSteps: (phase, nextKey, _config, profile) => {
    const readonlyKey = stepKey(phase, NAME, NAME);
    const block = writeBlockStep(profile, readonlyKey, nextKey);
    if (profile.chains.readonly === 'v6.6') return [block];
    const notWriteIndexKey = stepKey(phase, NAME, 'check-not-write-index');
    if (profile.chains.readonly === 'v7.10') return [checkNotWriteIndexStep(profile, notWriteIndexKey, readonlyKey), block];
    const timeSeriesKey = stepKey(phase, NAME, 'check-ts-end-time-passed');
    return [checkNotWriteIndexStep(profile, notWriteIndexKey, timeSeriesKey), waitForTimeSeriesEndStep(profile, timeSeriesKey, readonlyKey), block];
  },
};
