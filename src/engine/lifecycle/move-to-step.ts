/**
 * The move-to-step API's rules (mirrors ES `MoveToStepAction.Request`, `TransportMoveToStepAction` and
 * `IndexLifecycleTransition#validateTransition`): parse the request body, check that the index exists,
 * is managed, sits on the stated current step and that the target step exists in its current policy,
 * then move it there with the phase definition re-read. Pure: `now` is an argument, and it schedules
 * nothing (the caller runs what the new step needs).
 */
import { Cluster, lifecyclePolicyName, setLifecycle } from '../cluster/cluster';
import { EsException, illegalArgument } from '../errors';
import { currentStepKey, EMPTY_STATE } from '../cluster/execution-state';
import { JsonTokenizer } from '../xcontent/json-tokens';
import { parseObject } from '../xcontent/object-parser';
import { compileSteps } from './policy-steps';
import type { Profile } from '../profile';
import { sameStepKey, StepKey, stepKey, stepKeyJson, TERMINAL_KEY } from '../cluster/step-key';
import { moveToStep } from './transitions';

/** ES `PartialStepKey` (7.15+): the target may name only a phase, or a phase and an action. */
export interface PartialStepKey {
  readonly phase: string;
  readonly action?: string;
  readonly name?: string;
}

export interface MoveToStepRequest {
  readonly currentStep: StepKey;
  readonly nextStep: PartialStepKey;
}

/** ES `StepKey.PARSER` (`stepkey`): all three parts are required. */
function parseStepKey(p: JsonTokenizer): StepKey {
  return parseObject(p, {
    name: 'stepkey',
    constructing: true,
    fields: [
      { name: 'phase', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
      { name: 'action', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
      { name: 'name', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
    ],
    build: (v) => stepKey(v.get('phase') as string, v.get('action') as string, v.get('name') as string),
  });
}

/** ES `PartialStepKey.PARSER` (`step_specification`, 7.15+). */
function parsePartialStepKey(p: JsonTokenizer): PartialStepKey {
  return parseObject(p, {
    name: 'step_specification',
    constructing: true,
    fields: [
      { name: 'phase', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() },
      { name: 'action', type: 'STRING', constructorArg: 'optional', parse: (t) => t.text() },
      { name: 'name', type: 'STRING', constructorArg: 'optional', parse: (t) => t.text() },
    ],
    build: (v) => {
      const action = v.get('action') as string | undefined;
      const name = v.get('name') as string | undefined;
      if (name !== undefined && action === undefined) {
        throw new EsException(
          illegalArgument('phase; phase and action; or phase, action, and step must be provided, but a step name was specified without a corresponding action'),
        );
      }
      return { phase: v.get('phase') as string, ...(action !== undefined ? { action } : {}), ...(name !== undefined ? { name } : {}) };
    },
  });
}

/**
 * Parses `{"current_step": {...}, "next_step": {...}}` with ES's strict `move_to_step_request` parser.
 * Before 7.15 the target was a full step key, parsed like the current one.
 */
export function parseMoveToStepRequest(text: string, profile: Profile): MoveToStepRequest {
  const p = new JsonTokenizer(text, profile.parseErrorStyle);
  return parseObject(p, {
    name: 'move_to_step_request',
    constructing: true,
    fields: [
      { name: 'current_step', type: 'OBJECT', constructorArg: 'required', parse: parseStepKey },
      {
        name: 'next_step',
        type: 'OBJECT',
        constructorArg: 'required',
        parse: (t) => (profile.moveToStepPartialTarget ? parsePartialStepKey(t) : parseStepKey(t)),
      },
    ],
    build: (v) => ({ currentStep: v.get('current_step') as StepKey, nextStep: v.get('next_step') as PartialStepKey }),
  });
}

/** ES `PartialStepKey#toString`: JSON with only the parts given. */
function partialStepKeyJson(key: PartialStepKey): string {
  return JSON.stringify({
    phase: key.phase,
    ...(key.action !== undefined ? { action: key.action } : {}),
    ...(key.name !== undefined ? { name: key.name } : {}),
  });
}

/**
 * Validates and applies a move (ES `TransportMoveToStepAction#masterOperation` then
 * `IndexLifecycleTransition#moveClusterStateToStep` with a forced phase-definition refresh).
 * Returns the concrete step the index now sits on.
 */
export function moveIndexToStep(cluster: Cluster, profile: Profile, indexName: string, request: MoveToStepRequest, now: number): StepKey {
  const index = cluster.indices.get(indexName);
  if (!index) throw new EsException(illegalArgument(`index [${indexName}] does not exist`));
  const policyName = lifecyclePolicyName(index);
  const metadata = policyName ? cluster.policies.get(policyName) : undefined;
  // The policy's whole chain, as ES `PolicyStepsRegistry` holds it; the terminal step always exists.
  const steps = metadata ? compileSteps(metadata.policy, profile).map((s) => s.key) : [];
  steps.push(TERMINAL_KEY);
  const target = request.nextStep;
  const concrete =
    target.action !== undefined && target.name !== undefined
      ? stepKey(target.phase, target.action, target.name)
      : (steps.find((k) => k.phase === target.phase && (target.action === undefined || k.action === target.action)) ?? null);
  if (!concrete) {
    throw new EsException(
      illegalArgument(
        `cannot move index [${indexName}] with policy [${policyName ?? ''}]: unable to determine concrete step key from target next step key: ${partialStepKeyJson(target)}`,
      ),
    );
  }
  // ES `IndexLifecycleTransition#validateTransition`.
  if (!policyName) throw new EsException(illegalArgument(`index [${indexName}] is not associated with an Index Lifecycle Policy`));
  const current = currentStepKey(index.lifecycle);
  if (!sameStepKey(current, request.currentStep)) {
    throw new EsException(
      illegalArgument(
        `index [${indexName}] is not on current step [${stepKeyJson(request.currentStep)}], currently: [${current ? stepKeyJson(current) : 'null'}]`,
      ),
    );
  }
  if (!metadata || !steps.some((k) => sameStepKey(k, concrete))) {
    throw new EsException(illegalArgument(`step [${stepKeyJson(concrete)}] for index [${indexName}] with policy [${policyName}] does not exist`));
  }
  setLifecycle(index, moveToStep(metadata, index.lifecycle ?? EMPTY_STATE, concrete, now, true, profile));
  return concrete;
}
