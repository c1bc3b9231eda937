/**
 * Cucumber parameter types for ILM vocabulary: `{duration}` in ES time syntax (`5d`, `10m`, `7344m`)
 * and `{stepKey}` as `phase/action/step` (`warm/shrink/ERROR`).
 */
import { defineParameterType } from './cucumber';

defineParameterType({
  name: 'duration',
  regexp: /-?\d+(?:nanos|micros|ms|s|m|h|d)/,
  transformer: (text: string) => text,
});

export interface StepKeyText {
  readonly phase: string;
  readonly action: string;
  readonly step: string;
}

defineParameterType({
  name: 'stepKey',
  regexp: /[a-z_]+\/[a-z_-]+\/[A-Za-z_-]+/,
  transformer: (text: string): StepKeyText => {
    const [phase, action, step] = text.split('/') as [string, string, string];
    return { phase, action, step };
  },
});
