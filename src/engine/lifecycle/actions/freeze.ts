/**
 * The `freeze` action (mirrors ES `FreezeAction`), which takes no settings. 7.10: wait until the index
 * is not its data stream's write index, then freeze it (`index.frozen`, `index.search.throttled` and
 * a write block, as ES's freeze API sets them). 8.x: freezing was removed in 8.0, but the chain kept
 * its steps: a branch that skips the action for an already frozen or searchable-snapshot index, the
 * write-index check, and a `freeze` step that does nothing. 9.x: three no-op steps that each point at
 * the next action, so only the first is ever visited. Holds no state and never reads the clock.
 */
import { SETTING_BLOCKS_WRITE } from '../../cluster/cluster';
import { parseObject } from '../../xcontent/object-parser';
import type { Phase } from '../../cluster/policy-model';
import type { Profile } from '../../profile';
import { COMPLETE, Step } from '../steps';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { SETTING_SNAPSHOT_INDEX_NAME } from './searchable-snapshot';
import { checkNotWriteIndexStep } from './common';

export const NAME = 'freeze';

export const freezeAction: ActionDefinition = {
  name: NAME,
  parse: (p) => parseObject(p, { name: NAME, fields: [], build: () => ({ action: NAME, settings: {} }) }),
  toXContent: () => ({}),
  toSteps: (phase, nextKey, _config, profile) => {
    const branchKey = stepKey(phase, NAME, 'branch-freeze-check-prerequisites');
    const notWriteIndexKey = stepKey(phase, NAME, 'check-not-write-index');
    const freezeKey = stepKey(phase, NAME, NAME);
    const retryable = profile.retryable.otherActionSteps;
    switch (profile.chains.freeze) {
      case 'v7.10':
        return [
          checkNotWriteIndexStep(profile, notWriteIndexKey, freezeKey),
          {
            // ES `FreezeStep`: the freeze index API. Divergence: ES closes and reopens the index (its
            // shards recover again); the simulated index only takes the settings the API sets.
            kind: 'async-action',
            key: freezeKey,
            nextKey,
            retryable,
            indexSurvives: true,
            perform: ({ index }) => {
              index.settings.set('index.frozen', 'true');
              index.settings.set('index.search.throttled', 'true');
              index.settings.set(SETTING_BLOCKS_WRITE, 'true');
            },
          },
        ];
      case 'v8':
        return [
          {
            kind: 'cluster-state-action',
            key: branchKey,
            nextKey: notWriteIndexKey,
            retryable,
            perform: ({ index }) =>
              index.settings.has(SETTING_SNAPSHOT_INDEX_NAME) || index.settings.get('index.frozen') === 'true' ? nextKey : notWriteIndexKey,
          },
          checkNotWriteIndexStep(profile, notWriteIndexKey, freezeKey),
          // ES 8.x `FreezeStep`: "the freeze action is a noop in 8.x".
          { kind: 'async-action', key: freezeKey, nextKey, retryable, indexSurvives: true, perform: () => undefined },
        ];
      case 'v9':
        // ES `NoopStep`s (cluster-state waits that hold at once), each pointing at the next action.
        return [branchKey, notWriteIndexKey, freezeKey].map((key): Step => ({ kind: 'cluster-state-wait', key, nextKey, retryable, check: () => COMPLETE }));
    }
  },
};

/**
 * The `Warning` ES 9.x adds when a stored policy has a freeze action (ES
 * `Phase#maybeAddDeprecationWarningForFreezeAction`, elastic/elasticsearch#119456), or null. Earlier
 * releases warn nothing here.
 */
export function freezeDeprecationWarning(policyName: string, phases: ReadonlyMap<string, Phase>, profile: Profile): string | null {
  if (profile.chains.freeze !== 'v9') return null;
  if (![...phases.values()].some((phase) => phase.actions.has(NAME))) return null;
  return (
    'The freeze action in ILM is deprecated and will be removed in a future version; this action is already a noop so it can be ' +
    `safely removed. Please remove the freeze action from the '${policyName}' policy.`
  );
}
