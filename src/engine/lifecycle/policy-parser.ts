/**
 * Parses and validates a `PUT _ilm/policy/<name>` body the way ES does: strict object parsers
 * (`put_lifecycle_request` > `lifecycle_policy` > `phases` > `phase` > actions), then the lifecycle
 * type's validation (`policy-validation.ts`), run inside the policy's constructor in 6.x/7.x (so its
 * errors arrive wrapped in the parse chain) or as the request's validation in 8.x, with ES's messages
 * verbatim. Also prints a policy and a phase as ES does. Pure.
 */
import { ACTIONS } from './actions/registry';
import { actionRequestValidation, EsException, illegalArgument, illegalState } from '../errors';
import { javaHashMapOrder } from '../xcontent/java-order';
import { JsonTokenizer } from '../xcontent/json-tokens';
import { anyValue, parseNamedObjects, parseObject, timeValue } from '../xcontent/object-parser';
import type { ActionConfig, Phase, Policy } from '../cluster/policy-model';
import { phaseTimingError, validateLifecycleType } from './policy-validation';
import type { Profile } from '../profile';
import { timeValueStringRep, TimeValue } from '../xcontent/time';

/** Actions the profile's ES release knows (any phase), whether or not a phase allows them. */
export function knownActions(profile: Profile): Set<string> {
  const out = new Set<string>();
  for (const phase of profile.phases) for (const action of profile.phaseActions[phase]) out.add(action);
  return out;
}

export function parsePolicyRequest(text: string, policyName: string, profile: Profile): Policy {
  const p = new JsonTokenizer(text, profile.parseErrorStyle);
  const policy = parseObject(p, {
    name: 'put_lifecycle_request',
    constructing: true,
    fields: [{ name: 'policy', type: 'OBJECT', constructorArg: 'required', parse: (t) => parseLifecyclePolicy(t, policyName, profile) }],
    build: (values) => values.get('policy') as Policy,
  });
  if (profile.policyValidation === 'request-validate') validatePutRequest(policy, profile);
  if (profile.policyValidation === 'request-validate-bare') validatePutRequestBare(policy, profile);
  return policy;
}

/**
 * ES 7.17 `PutLifecycleAction.Request#validate`: `policy.validate()` throws its
 * `IllegalArgumentException` as it is (HTTP 400 `illegal_argument_exception`); only the phase-timing
 * complaint becomes an `action_request_validation_exception`.
 */
function validatePutRequestBare(policy: Policy, profile: Profile): void {
  validateLifecycleType(policy.phases, profile);
  if (!profile.phaseTimingCheck) return;
  const timing = phaseTimingError(policy.phases, profile);
  if (timing !== '') throw new EsException(actionRequestValidation([timing]));
}

/**
 * ES 8.x `PutLifecycleRequest#validate`: the lifecycle type's first complaint, replaced by the phase
 * timing complaint when there is one, as an `action_request_validation_exception`.
 */
function validatePutRequest(policy: Policy, profile: Profile): void {
  let message: string | null = null;
  try {
    validateLifecycleType(policy.phases, profile);
  } catch (e) {
    if (!(e instanceof EsException) || e.error.type !== 'illegal_argument_exception') throw e;
    message = e.error.reason;
  }
  if (profile.phaseTimingCheck) {
    const timing = phaseTimingError(policy.phases, profile);
    if (timing !== '') message = timing;
  }
  if (message !== null) throw new EsException(actionRequestValidation([message]));
}

function parseLifecyclePolicy(p: JsonTokenizer, name: string, profile: Profile): Policy {
  return parseObject(p, {
    name: 'lifecycle_policy',
    constructing: true,
    fields: [
      {
        name: 'phases',
        type: 'OBJECT_ARRAY',
        constructorArg: 'required',
        parse: (t) => parseNamedObjects(t, 'phases', (tt, phaseName) => parsePhase(tt, phaseName, profile)),
      },
      // `_meta` (7.14+, ES PR #73515): any object, kept and shown, never read.
      ...(profile.policyMeta
        ? [{ name: '_meta', type: 'OBJECT' as const, constructorArg: 'optional' as const, parse: (t: JsonTokenizer) => anyValue(t) }]
        : []),
    ],
    build: (values) => {
      const list = values.get('phases') as Array<{ name: string; value: Phase }>;
      const phases = new Map(list.map((entry) => [entry.name, entry.value]));
      // 6.x-7.x validate inside the policy's constructor, so the error arrives in the parse chain.
      if (profile.policyValidation === 'in-constructor') validateLifecycleType(phases, profile);
      const meta = values.get('_meta') as Record<string, unknown> | undefined;
      return meta === undefined ? { name, phases } : { name, phases, meta };
    },
  });
}

function parsePhase(p: JsonTokenizer, name: string, profile: Profile): Phase {
  return parseObject(p, {
    name: 'phase',
    constructing: true,
    fields: [
      {
        name: 'min_age',
        type: 'VALUE',
        constructorArg: 'optional',
        parse: (t) => {
          if (t.currentToken() === 'VALUE_NULL') {
            const at = t.tokenLocation();
            throw new EsException(illegalState(`Can't get text on a VALUE_NULL at ${at.line}:${at.column}`));
          }
          return timeValue(t, 'min_age');
        },
      },
      {
        name: 'actions',
        type: 'OBJECT_ARRAY',
        constructorArg: 'required',
        parse: (t) => parseNamedObjects(t, 'actions', (tt, actionName) => parseAction(tt, actionName, profile)),
      },
    ],
    build: (values) => {
      const actions = values.get('actions') as Array<{ name: string; value: ActionConfig }>;
      return {
        name,
        minAge: (values.get('min_age') as TimeValue | undefined) ?? null,
        actions: new Map(actions.map((entry) => [entry.name, entry.value])),
      };
    },
  });
}

function parseAction(p: JsonTokenizer, name: string, profile: Profile): ActionConfig {
  const definition = ACTIONS.get(name);
  // An action the release does not know (downsample in 7.10, say) is refused as ES refuses any unknown
  // name; every action some release knows is registered.
  if (!definition || !knownActions(profile).has(name)) {
    const at = p.tokenLocation();
    // ES 7.7+ `NamedXContentRegistry` keeps the candidate names apart from the message, so unlike an
    // unknown field this has no "did you mean".
    const message =
      profile.parseErrorStyle === 'suggesting' ? `unknown field [${name}]` : `unable to parse LifecycleAction with name [${name}]: parser not found`;
    throw new EsException({ type: 'named_object_not_found_exception', reason: `[${at.line}:${at.column}] ${message}`, status: 400 });
  }
  return definition.parse(p, profile);
}

/** A phase as ES prints it (`min_age` as written, actions in HashMap order). */
export function phaseToXContent(phase: Phase, profile: Profile, forExplain = false): Record<string, unknown> {
  const actions: Record<string, unknown> = {};
  for (const name of javaHashMapOrder([...phase.actions.keys()])) {
    const config = phase.actions.get(name)!;
    actions[name] = ACTIONS.get(name)!.toXContent(config, profile, forExplain);
  }
  return { min_age: phase.minAge ? timeValueStringRep(phase.minAge) : '0ms', actions };
}

/** A policy's `{"phases": {...}, "_meta": {...}}` as ES prints it (phases in HashMap order). */
export function policyToXContent(policy: Policy, profile: Profile): Record<string, unknown> {
  const phases: Record<string, unknown> = {};
  for (const name of javaHashMapOrder([...policy.phases.keys()])) phases[name] = phaseToXContent(policy.phases.get(name)!, profile);
  // ES `LifecyclePolicy#toXContent`: `_meta` after the phases when set, then `deprecated` when set.
  const out: Record<string, unknown> = policy.meta === undefined ? { phases } : { phases, _meta: policy.meta };
  if (policy.deprecated !== undefined) out['deprecated'] = policy.deprecated;
  return out;
}

/** ES `LifecyclePolicy.validatePolicyName`, in ES's order of checks. */
export function validatePolicyName(name: string, profile: Profile): void {
  const bad = (why: string) => new EsException(illegalArgument(`invalid policy name [${name}]: ${why}`));
  if (profile.policyNameEmptyCheck && name.length === 0) throw bad('must not be null or empty');
  if (name.includes(',')) throw bad("must not contain ','");
  if (name.includes(' ')) throw bad('must not contain spaces');
  if (name.startsWith('_')) throw bad("must not start with '_'");
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > 255) throw bad(`name is too long, (${bytes} > 255)`);
}
