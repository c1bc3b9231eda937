/**
 * The `wait_for_snapshot` action (mirrors ES `WaitForSnapshotAction` and `WaitForSnapshotStep`): one
 * step, `wait-for-snapshot`, that holds the index until the named SLM policy has taken a snapshot
 * since the index got here. 7.10 (a cluster-state wait) compares the policy's last success time with
 * the phase time; 8.x (an async wait, so poll ticks only) compares the last success's start time with
 * the action time and then requires the snapshot to include the index. Never reads the clock.
 */
import type { Cluster, IndexMetadata } from '../../cluster/cluster';
import { EsException, illegalArgument, illegalState } from '../../errors';
import { parseObject } from '../../xcontent/object-parser';
import { findSnapshot } from '../../cluster/snapshots';
import { COMPLETE, notYet, Step, WaitResult } from '../steps';
import { stepKey } from '../../cluster/step-key';
import { formatJavaDateToString } from '../../xcontent/time';
import type { ActionDefinition } from './action';

export const NAME = 'wait_for_snapshot';
export const STEP_NAME = 'wait-for-snapshot';

export const waitForSnapshotAction: ActionDefinition = {
  name: NAME,
  parse: (p) =>
    parseObject(p, {
      name: NAME,
      constructing: true,
      fields: [{ name: 'policy', type: 'STRING', constructorArg: 'required', parse: (t) => t.text() }],
      build: (values) => {
        const policy = values.get('policy') as string;
        // ES `Strings.hasText`: blank is as bad as empty.
        if (policy.trim().length === 0) throw new EsException(illegalArgument('policy name must be specified'));
        return { action: NAME, settings: { policy } };
      },
    }),
  toXContent: (config) => ({ policy: config.settings['policy'] }),
  toSteps: (phase, nextKey, config, profile) => {
    const policy = config.settings['policy'] as string;
    const key = stepKey(phase, NAME, STEP_NAME);
    // ES overrides `isRetryable` to true for this step in every release that has it.
    if (profile.chains.waitForSnapshot === 'v7.10') {
      const step: Step = { kind: 'cluster-state-wait', key, nextKey, retryable: true, check: ({ cluster, index }) => check710(cluster, index, policy) };
      return [step];
    }
    const step: Step = { kind: 'async-wait', key, nextKey, retryable: true, evaluate: ({ cluster, index }) => check8(cluster, index, policy) };
    return [step];
  },
};

function error(message: string): EsException {
  return new EsException(illegalState(message));
}

function waiting(policy: string, since: number): WaitResult {
  return notYet({ message: `waiting for policy '${policy}' to be executed since ${formatJavaDateToString(since)}` });
}

/** ES 7.10 `WaitForSnapshotStep#isConditionMet`. */
function check710(cluster: Cluster, index: IndexMetadata, policy: string): WaitResult {
  if (!cluster.indices.has(index.name)) throw error(`no index metadata found for index '${index.name}'`);
  const phaseTime = index.lifecycle?.phaseTime;
  if (phaseTime === undefined) throw error(`no information about ILM phase start in index metadata for index '${index.name}'`);
  const slm = cluster.snapshots.slmPolicies.get(policy);
  if (!slm) throw error(`configured policy '${policy}' not found`);
  // 7.10 compares the record's timestamp (when the snapshot finished) with the phase time.
  if (!slm.lastSuccess || slm.lastSuccess.timeMillis < phaseTime) return waiting(policy, phaseTime);
  return COMPLETE;
}

/** ES 8.x `WaitForSnapshotStep#evaluateCondition`. */
function check8(cluster: Cluster, index: IndexMetadata, policy: string): WaitResult {
  if (!cluster.indices.has(index.name)) throw error(`no index metadata found for index '${index.name}'`);
  const actionTime = index.lifecycle?.actionTime;
  if (actionTime === undefined) throw error(`no information about ILM action start in index metadata for index '${index.name}'`);
  const slm = cluster.snapshots.slmPolicies.get(policy);
  if (!slm) throw error(`configured policy '${policy}' not found`);
  if (!slm.lastSuccess || (slm.lastSuccess.startMillis ?? slm.lastSuccess.timeMillis) < actionTime) return waiting(policy, actionTime);
  const snapshotName = slm.lastSuccess.snapshotName;
  const snapshot = findSnapshot(cluster, slm.repository, snapshotName);
  if (!snapshot) {
    throw error(`unexpected number of snapshots retrieved for repository '${slm.repository}' and snapshot '${snapshotName}' (expected 1, found 0)`);
  }
  if (!snapshot.indices.includes(index.name)) {
    throw error(`the last successful snapshot of policy '${policy}' does not include index '${index.name}'`);
  }
  return COMPLETE;
}
