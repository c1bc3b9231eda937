/**
 * The parsed shape of a lifecycle policy (ES `LifecyclePolicy`, `Phase`) and its stored metadata (ES
 * `LifecyclePolicyMetadata`). Plain data; parsing lives in `policy-parser.ts`, compilation to steps in
 * `policy-steps.ts`.
 */
import type { TimeValue } from '../xcontent/time';

/** One action's settings as parsed: the action name and its fields, already validated. */
export interface ActionConfig {
  readonly action: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

export interface Phase {
  readonly name: string;
  /** null when the policy did not say; ES then uses zero and prints `0ms`. */
  readonly minAge: TimeValue | null;
  /** In the order the request listed them; execution order comes from the profile. */
  readonly actions: ReadonlyMap<string, ActionConfig>;
}

export interface Policy {
  readonly name: string;
  readonly phases: ReadonlyMap<string, Phase>;
  readonly meta?: Readonly<Record<string, unknown>>;
  /** ES `LifecyclePolicy#isDeprecated` (8.12+): set on the policies the stack registries install. */
  readonly deprecated?: boolean;
}

export interface PolicyMetadata {
  readonly policy: Policy;
  readonly version: number;
  readonly modifiedDate: number;
  /** Canonical text of the policy, to recognise an identical re-PUT. */
  readonly canonical: string;
}

export function minAgeMillis(phase: Phase | undefined): number {
  return phase?.minAge?.millis ?? 0;
}
