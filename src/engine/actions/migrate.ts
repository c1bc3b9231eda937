/**
 * The `migrate` action (mirrors ES `MigrateAction`, 7.10+): injected into warm and cold phases unless
 * the phase allocates by attributes or migrates explicitly. It sets the tier preference and waits for
 * the shards to sit on that tier; the simulated node holds every tier, so the wait passes at once.
 * `{"enabled": false}` compiles to no steps. (The `branch-check-skip-action` step came after 7.10.)
 */
import { booleanValue, parseObject } from '../object-parser';
import { stepKey } from '../step-key';
import type { ActionDefinition } from './action';
import { passingWaitStep, updateSettingsStep } from './common';

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
    return [
      updateSettingsStep(profile, migrate, check, {
        'index.routing.allocation.include._tier_preference': TIER_PREFERENCE[phase] ?? null,
      }),
      passingWaitStep(profile, check, nextKey),
    ];
  },
};
