/**
 * Builds explain records with ES's field names, order and conditions (mirrors ES
 * `IndexLifecycleExplainResponse#toXContent` and `PhaseExecutionInfo#toXContent`) for the profile's
 * release. Every explain field name is written here and nowhere else. Pure: `now` is an argument.
 */
import { Cluster, IndexMetadata, originationDate, SETTING_LIFECYCLE_SKIP } from '../cluster/cluster';
import { ilmPolicyOf } from '../cluster/data-streams';
import { ERROR_STEP_NAME } from '../cluster/step-key';
import { javaHashMapOrder } from '../xcontent/java-order';
import { phaseToXContent } from './policy-parser';
import type { Profile } from '../profile';
import { formatAge, formatEsDate } from '../xcontent/time';

export interface ExplainOptions {
  readonly onlyManaged: boolean;
  readonly onlyErrors: boolean;
  readonly human: boolean;
}

/** ES `XContentBuilder#timeField`: the human form (with `?human`) before the millis. */
function timeField(out: Record<string, unknown>, millisName: string, humanName: string, millis: number, human: boolean): void {
  if (human) out[humanName] = formatEsDate(millis);
  out[millisName] = millis;
}

/** One index's record, or null when the options filter it out. */
export function explainIndex(cluster: Cluster, index: IndexMetadata, profile: Profile, now: number, options: ExplainOptions): Record<string, unknown> | null {
  const policyName = ilmPolicyOf(cluster, index);
  if (!policyName) {
    return options.onlyManaged || options.onlyErrors ? null : { index: index.name, managed: false };
  }
  const state = index.lifecycle ?? {};
  if (options.onlyErrors && state.step !== ERROR_STEP_NAME && cluster.policies.has(policyName)) return null;
  const out: Record<string, unknown> = { index: index.name, managed: true, policy: policyName };
  if (profile.explain.creationDate) {
    timeField(out, 'index_creation_date_millis', 'index_creation_date', index.creationDate, options.human);
    out['time_since_index_creation'] = formatAge(Math.max(0, now - index.creationDate));
  }
  const lifecycleDate = originationDate(index) ?? state.lifecycleDate;
  if (lifecycleDate !== undefined) {
    timeField(out, 'lifecycle_date_millis', 'lifecycle_date', lifecycleDate, options.human);
    if (profile.explain.age) {
      const age = now - lifecycleDate;
      out['age'] = formatAge(profile.explain.clampNegativeAge ? Math.max(0, age) : age);
    }
  }
  if (state.phase !== undefined) out['phase'] = state.phase;
  if (state.phaseTime !== undefined) timeField(out, 'phase_time_millis', 'phase_time', state.phaseTime, options.human);
  if (state.action !== undefined) out['action'] = state.action;
  if (state.actionTime !== undefined) timeField(out, 'action_time_millis', 'action_time', state.actionTime, options.human);
  const step = profile.explain.missingPolicyAsError && !cluster.policies.has(policyName) ? ERROR_STEP_NAME : state.step;
  if (step !== undefined) out['step'] = step;
  if (state.stepTime !== undefined) timeField(out, 'step_time_millis', 'step_time', state.stepTime, options.human);
  if (state.failedStep) out['failed_step'] = state.failedStep;
  if (profile.explain.retryFields) {
    if (state.isAutoRetryableError !== undefined) out['is_auto_retryable_error'] = state.isAutoRetryableError;
    if (state.failedStepRetryCount !== undefined) out['failed_step_retry_count'] = state.failedStepRetryCount;
  }
  if (state.snapshotRepository !== undefined) out['repository_name'] = state.snapshotRepository;
  if (state.snapshotName !== undefined) out['snapshot_name'] = state.snapshotName;
  if (state.shrinkIndexName !== undefined) out['shrink_index_name'] = state.shrinkIndexName;
  if (state.stepInfo !== undefined) out['step_info'] = state.stepInfo;
  if (profile.explain.previousStepInfo && state.previousStepInfo !== undefined) out['previous_step_info'] = state.previousStepInfo;
  const info = state.phaseDefinition;
  if (info) {
    const execution: Record<string, unknown> = { policy: info.policy };
    if (info.phase) execution['phase_definition'] = phaseToXContent(info.phase, profile, true);
    execution['version'] = info.version;
    timeField(execution, 'modified_date_in_millis', 'modified_date', info.modifiedDate, options.human);
    out['phase_execution'] = execution;
  }
  if (profile.explain.skip) out['skip'] = index.settings.get(SETTING_LIFECYCLE_SKIP) === 'true';
  return out;
}

/** The `indices` object: records keyed by index name, in the profile's map order (as a Map). */
export function explainIndices(
  cluster: Cluster,
  indices: readonly IndexMetadata[],
  profile: Profile,
  now: number,
  options: ExplainOptions,
): { indices: Map<string, Record<string, unknown>> } {
  const records = new Map<string, Record<string, unknown>>();
  for (const index of indices) {
    const record = explainIndex(cluster, index, profile, now, options);
    if (record) records.set(index.name, record);
  }
  const names = [...records.keys()];
  const ordered = profile.explain.indexOrder === 'java-hash' ? javaHashMapOrder(names) : [...names].sort();
  // A Map keeps the order even for index names JavaScript objects would sort (`2024`).
  return { indices: new Map(ordered.map((name) => [name, records.get(name)!])) };
}
