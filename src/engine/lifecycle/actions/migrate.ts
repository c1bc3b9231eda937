/**
 * The `migrate` action (mirrors ES `MigrateAction`, 7.10+): injected into warm and cold phases unless
 * the phase allocates by attributes or migrates explicitly. It sets the tier preference and waits for
 * the shards to sit on that tier; the default node holds every tier, so the wait passes at once, while
 * configured nodes (`cluster/topology.ts`) can make it wait for a tier that has no node.
 * `{"enabled": false}` compiles to no steps. 8.x starts with `branch-check-skip-action`, which skips
 * the action for a partially mounted (frozen tier) searchable snapshot.
 */
import { migrationRoutedWait, readsOnlyItsOwnIndex } from '../allocation-waits';
import { booleanValue, parseObject } from '../../xcontent/object-parser';
import type { Step } from '../steps';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { SETTING_SNAPSHOT_PARTIAL } from './searchable-snapshot';
import { updateSettingsStep } from './common';

export const NAME = 'migrate';

const TIER_PREFERENCE: Readonly<Record<string, string>> = {
  warm: 'data_warm,data_hot',
  cold: 'data_cold,data_warm,data_hot',
};

export const migrateAction: ActionDefinition = {
  name: NAME,
  parse: (p) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [{ name: 'enabled', type: 'BOOLEAN', constructorArg: 'optional', parse: booleanValue }],
      build: (values) => ({ action: NAME, settings: { enabled: (values.get('enabled') as boolean | undefined) ?? true } }),
    }),
  toXContent: (config) => ({ enabled: config.settings['enabled'] }),
  toSteps: (phase, nextKey, config, profile) => {
    if (config.settings['enabled'] === false) return [];
    const migrate = stepKey(phase, NAME, NAME);
    const check = stepKey(phase, NAME, 'check-migration');
    const branch: Step[] =
      profile.chains.migrate === 'v8'
        ? [
            {
              kind: 'cluster-state-action',
              key: stepKey(phase, NAME, 'branch-check-skip-action'),
              nextKey: migrate,
              retryable: profile.retryable.otherActionSteps,
              perform: ({ index }) => (index.settings.get(SETTING_SNAPSHOT_PARTIAL) === 'true' ? nextKey : migrate),
            },
          ]
        : [];
    return [
      ...branch,
      updateSettingsStep(profile, migrate, check, {
        'index.routing.allocation.include._tier_preference': TIER_PREFERENCE[phase] ?? null,
      }),
      {
        // ES `DataTierMigrationRoutedStep`: waits while the shards are still moving to the tier.
        kind: 'cluster-state-wait',
        key: check,
        nextKey,
        retryable: profile.retryable.otherActionSteps,
        // Like check-allocation, it reads only its own index, its placement and the nodes.
        watches: readsOnlyItsOwnIndex,
        check: (ctx) => migrationRoutedWait(ctx, TIER_PREFERENCE[phase] ?? ''),
      },
    ];
  },
};
