/**
 * The contract every ILM action file fulfils (architecture rule 3): its ES `NAME`, a settings parser
 * whose messages match ES word for word, the serialisation GET policy and explain print, and
 * `toSteps(phase, nextKey)` listing its steps in execution order with ES's exact step names, the last
 * one pointing at `nextKey`. Actions hold no state and never read the clock.
 */
import type { JsonTokenizer } from '../../xcontent/json-tokens';
import type { ActionConfig } from '../../cluster/policy-model';
import type { Profile } from '../../profile';
import type { Step } from '../steps';
import type { StepKey } from '../../cluster/step-key';

export interface ActionDefinition {
  readonly name: string;
  /** Parses the settings object that follows the action's name (ES's action parser). */
  readonly parse: (p: JsonTokenizer, profile: Profile) => ActionConfig;
  /**
   * The settings as ES prints them, in ES's field order; `forExplain` for the phase definition explain
   * shows (8.13+ adds rollover's implicit conditions there).
   */
  readonly toXContent: (config: ActionConfig, profile: Profile, forExplain?: boolean) => Record<string, unknown>;
  readonly toSteps: (phase: string, nextKey: StepKey, config: ActionConfig, profile: Profile) => Step[];
}
