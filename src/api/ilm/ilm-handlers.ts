/**
 * Handlers for the `_ilm` endpoints: parse the request once, call the engine and the simulation,
 * return the body ES returns. No business rules live here beyond choosing which engine call to make.
 */
import { freezeDeprecationWarning } from '../../engine/lifecycle/actions/freeze';
import { indicesUsingPolicy } from '../../engine/cluster/cluster';
import { policyUsage } from '../../engine/cluster/policy-usage';
import { EsException, illegalArgument, indexNotFound, resourceNotFound } from '../../engine/errors';
import { explainIndices } from '../../engine/lifecycle/explain';
import { resolveIndices, simpleMatch } from '../../engine/cluster/index-resolver';
import { refreshCachedPhases } from '../../engine/lifecycle/phase-cache';
import { parsePolicyRequest, policyToXContent, validatePolicyName } from '../../engine/lifecycle/policy-parser';
import type { PolicyMetadata } from '../../engine/cluster/policy-model';
import { validateSnapshotPrerequisites } from '../../engine/lifecycle/snapshot-validation';
import { javaHashMapOrder } from '../../engine/xcontent/java-order';
import { formatJavaInstantString } from '../../engine/xcontent/time';
import { toCompactJson } from '../json-output';
import { ACKNOWLEDGED, booleanParam, commaList, HandlerResult, indicesOptions, ok, pathParam, RequestContext, requiredBody, warningHeader } from '../context';

export function putPolicy(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'policy');
  const policy = parsePolicyRequest(requiredBody(ctx), name, sim.profile);
  validatePolicyName(name, sim.profile);
  // 9.x warns about the freeze action before anything else happens to the request.
  const warning = freezeDeprecationWarning(name, policy.phases, sim.profile);
  const answer: HandlerResult = warning === null ? ok(ACKNOWLEDGED) : { ...ok(ACKNOWLEDGED), headers: { warning: warningHeader(sim.profile, warning) } };
  const canonical = toCompactJson(policyToXContent(policy, sim.profile));
  const existing = sim.cluster.policies.get(name);
  if (existing && sim.profile.noopPolicyUpdate && existing.canonical === canonical) return answer;
  // 8.x `validatePrerequisites` runs in the update task, after the no-op check.
  validateSnapshotPrerequisites(policy, sim.cluster, sim.profile);
  const metadata: PolicyMetadata = {
    policy,
    version: existing ? existing.version + 1 : 1,
    modifiedDate: sim.now,
    canonical,
  };
  sim.cluster.policies.set(name, metadata);
  sim.cluster.ilmMetadataExists = true;
  const users = indicesUsingPolicy(sim.cluster, name);
  if (existing) refreshCachedPhases(users, metadata, sim.profile);
  sim.replanIndices(users);
  sim.clusterChanged();
  return answer;
}

export function getPolicies(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const requested = ctx.params.has('policy') ? commaList(pathParam(ctx, 'policy')) : [];
  const all = [...sim.cluster.policies.keys()].sort();
  let names: string[];
  if (requested.length === 0 || (requested.length === 1 && requested[0] === '*') || requested[0] === '_all') {
    names = all;
  } else {
    if (requested.length > 1 && requested.some((n) => n.includes('*'))) {
      throw new EsException(illegalArgument('wildcard only supports a single value, please use comma-separated values or a single wildcard value'));
    }
    if (!sim.cluster.ilmMetadataExists) {
      throw new EsException(resourceNotFound(`Lifecycle policy not found: [${requested.join(', ')}]`));
    }
    names = [];
    for (const name of requested) {
      if (name.includes('*')) {
        names.push(...all.filter((p) => simpleMatch(name, p)));
        continue;
      }
      if (!sim.cluster.policies.has(name)) throw new EsException(resourceNotFound(`Lifecycle policy not found: ${name}`));
      names.push(name);
    }
  }
  const out = new Map<string, unknown>();
  for (const name of names) {
    const metadata = sim.cluster.policies.get(name)!;
    out.set(name, {
      version: metadata.version,
      modified_date: formatJavaInstantString(metadata.modifiedDate),
      policy: policyToXContent(metadata.policy, sim.profile),
      ...(sim.profile.policyInUseBy ? { in_use_by: policyUsage(sim.cluster, name) } : {}),
    });
  }
  return ok(out);
}

export function deletePolicy(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const name = pathParam(ctx, 'policy');
  const users = indicesUsingPolicy(sim.cluster, name);
  if (users.length > 0) {
    throw new EsException(illegalArgument(`Cannot delete policy [${name}]. It is in use by one or more indices: [${users.map((i) => i.name).join(', ')}]`));
  }
  if (!sim.cluster.policies.has(name)) throw new EsException(resourceNotFound(`Lifecycle policy not found: ${name}`));
  sim.cluster.policies.delete(name);
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

export function explain(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const indices = resolveIndices(sim.cluster, pathParam(ctx, 'index'), indicesOptions(ctx));
  const body = explainIndices(sim.cluster, indices, sim.profile, sim.now, {
    onlyManaged: booleanParam(ctx, 'only_managed', false),
    onlyErrors: booleanParam(ctx, 'only_errors', false),
    human: booleanParam(ctx, 'human', false),
  });
  return ok(body);
}

export function retry(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const expression = pathParam(ctx, 'index');
  let names: string[];
  if (sim.profile.retryMissingIndex === 'index_not_found') {
    names = resolveIndices(sim.cluster, expression, { ignoreUnavailable: false, allowNoIndices: true, expandHidden: false }).map((i) => i.name);
    if (names.length === 0) throw new EsException(indexNotFound(expression));
    // ES 6.x resolves a pattern into a `HashSet` (`IndexNameExpressionResolver.WildcardExpressionResolver`,
    // and security's `IndicesAndAliasesResolver#replaceWildcardExpressions`), so the transition meets
    // the indices, and refuses the first, in Java HashSet order (elastic/elasticsearch#38987).
    if (expression.includes('*')) names = javaHashMapOrder(names);
  } else {
    // ES 7.10 hands the names to the transition unresolved.
    names = commaList(expression);
  }
  sim.runner.retry(names, sim.now);
  for (const name of names) sim.scheduleRetry(name);
  return ok(ACKNOWLEDGED);
}
