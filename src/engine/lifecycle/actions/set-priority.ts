/**
 * The `set_priority` action (mirrors ES `SetPriorityAction`): one `UpdateSettingsStep` that sets
 * `index.priority`, or removes it when the priority is null. Validation messages are ES's.
 */
import { EsException, illegalArgument } from '../../errors';
import { intValue, parseObject } from '../../xcontent/object-parser';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { updateSettingsStep } from './common';

export const NAME = 'set_priority';

export const setPriorityAction: ActionDefinition = {
  name: NAME,
  parse: (p) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [
        {
          name: 'priority',
          type: 'INT_OR_NULL',
          constructorArg: 'required',
          parse: (t) => (t.currentToken() === 'VALUE_NULL' ? null : intValue(t)),
        },
      ],
      build: (values) => {
        const priority = values.get('priority') as number | null;
        if (priority !== null && priority < 0) throw new EsException(illegalArgument('[priority] must be 0 or greater'));
        return { action: NAME, settings: { priority } };
      },
    }),
  toXContent: (config) => ({ priority: config.settings['priority'] }),
  toSteps: (phase, nextKey, config, profile) => {
    const priority = config.settings['priority'] as number | null;
    return [updateSettingsStep(profile, stepKey(phase, NAME, NAME), nextKey, { 'index.priority': priority === null ? null : String(priority) })];
  },
};
