/**
 * The `readonly` action (mirrors ES `ReadOnlyAction`): in 7.x `check-not-write-index` (a cluster-state
 * wait that holds for an index that is not a data stream's write index) then `readonly`, an
 * `UpdateSettingsStep` setting `index.blocks.write: true`; in 6.6 the `readonly` step alone.
 */
import { parseObject } from '../object-parser';
import { stepKey } from '../step-key';
import type { ActionDefinition } from './action';
import { checkNotWriteIndexStep, writeBlockStep } from './common';

export const NAME = 'readonly';

export const readonlyAction: ActionDefinition = {
  name: NAME,
  parse: (p) => parseObject(p, { name: NAME, fields: [], build: () => ({ action: NAME, settings: {} }) }),
  toXContent: () => ({}),
  toSteps: (phase, nextKey, _config, profile) => {
    const readonlyKey = stepKey(phase, NAME, NAME);
    const block = writeBlockStep(profile, readonlyKey, nextKey);
    if (profile.chains.readonly === 'v6.6') return [block];
    return [checkNotWriteIndexStep(profile, stepKey(phase, NAME, 'check-not-write-index'), readonlyKey), block];
  },
};
