/**
 * Cucumber parameter types for ILM vocabulary: `{duration}` in ES time syntax (`5d`, `10m`, `7344m`)
 * and `{stepKey}` as `phase/action/step` (`warm/shrink/ERROR`).
 */
import { defineParameterType } from './cucumber';
import { CUSTOM_PARAMETER_TYPES } from './step-catalogue';

defineParameterType({
  name: 'duration',
  regexp: CUSTOM_PARAMETER_TYPES.duration.regexp,
  transformer: (text: string) => text,
});

export interface StepKeyText {
  readonly phase: string;
  readonly action: string;
  readonly step: string;
}

defineParameterType({
  name: 'stepKey',
  regexp: CUSTOM_PARAMETER_TYPES.stepKey.regexp,
  transformer: (text: string): StepKeyText => {
    const [phase, action, step] = text.split('/') as [string, string, string];
    return { phase, action, step };
  },
});
