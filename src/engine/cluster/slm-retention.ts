/**
 * SLM retention (ES `SnapshotRetentionTask`, `TransportSLMGetExpiredSnapshotsAction` and
 * `SnapshotRetentionConfiguration#getSnapshotDeletionPredicate`): which snapshots of each policy with
 * a retention are deleted, the run itself, and the JSON of `GET /_slm/stats`. Pure: time arrives as
 * `now`; whether a run is due (the schedule, SLM stopped) is the caller's decision.
 */
import type { Cluster } from './cluster';
import type { SlmPolicy, Snapshot } from './snapshot-store';
import { formatTimeValueToString, parseTimeValue } from '../xcontent/time';
import { deleteSnapshot, slmPolicyStats, slmPolicyStatsToXContent } from './snapshots';

/** A policy's `retention`, each part null when not given. */
export interface RetentionConfig {
  readonly expireAfterMillis: number | null;
  readonly minCount: number | null;
  readonly maxCount: number | null;
}

/** The policy's retention, or null when it has none or an empty one (ES skips both). */
export function retentionConfig(policy: SlmPolicy): RetentionConfig | null {
  const retention = policy.retention;
  if (!retention) return null;
  const count = (value: unknown): number | null => {
    if (value === undefined || value === null) return null;
    const n = Number(value);
    return Number.isInteger(n) ? n : null;
  };
  let expireAfterMillis: number | null = null;
  if (typeof retention['expire_after'] === 'string') {
    const parsed = parseTimeValue(retention['expire_after'], 'expire_after');
    if (parsed.ok) expireAfterMillis = parsed.value.millis;
  }
  const config = { expireAfterMillis, minCount: count(retention['min_count']), maxCount: count(retention['max_count']) };
  return config.expireAfterMillis === null && config.minCount === null && config.maxCount === null ? null : config;
}

/**
 * The snapshots a retention deletes out of one policy's snapshots in one repository (ES
 * `getSnapshotDeletionPredicate`, every snapshot successful as the simulator takes them): the oldest
 * beyond `max_count`; then nothing while at most `min_count` remain; then, among the oldest
 * `count - min_count` (all, without `min_count`), those older than `expire_after`. Oldest first.
 */
export function snapshotsToDelete(config: RetentionConfig, snapshots: readonly Snapshot[], now: number): Snapshot[] {
  // Java's sort is stable: equal start times keep the repository's order.
  const sorted = snapshots
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.startMillis - b.s.startMillis || a.i - b.i)
    .map((e) => e.s);
  const total = sorted.length;
  return sorted.filter((snapshot, position) => {
    if (config.maxCount !== null && total > config.maxCount && position < total - config.maxCount) return true;
    if (config.minCount !== null && total <= config.minCount) return false;
    if (config.expireAfterMillis === null) return false;
    if (config.minCount !== null && position >= Math.max(0, total - config.minCount)) return false;
    return now - snapshot.startMillis > config.expireAfterMillis;
  });
}

/**
 * One retention run (ES `SnapshotRetentionTask#triggered`): for every repository a policy with a
 * retention writes to, each such policy's snapshots there (by the `policy` their metadata names) are
 * judged and the eligible ones deleted, counted per policy. With no policy having a retention ES
 * returns before it records anything, so the run is not counted either; returns whether it ran.
 * Deleting takes no simulated time, so `retention_deletion_time` stays 0.
 */
export function runSlmRetention(cluster: Cluster, now: number): boolean {
  const store = cluster.snapshots;
  const withRetention = new Map<string, { policy: SlmPolicy; config: RetentionConfig }>();
  for (const policy of store.slmPolicies.values()) {
    const config = retentionConfig(policy);
    if (config) withRetention.set(policy.id, { policy, config });
  }
  if (withRetention.size === 0) return false;
  store.slmStats.retentionRuns += 1;
  const repositories = new Set([...withRetention.values()].map((p) => p.policy.repository));
  const doomed: Array<{ repository: string; snapshot: string; policy: string }> = [];
  for (const repository of repositories) {
    // A repository that is gone is skipped (ES logs it and goes on).
    if (!store.repositories.has(repository)) continue;
    const byPolicy = new Map<string, Snapshot[]>();
    for (const snapshot of store.snapshots.get(repository)?.values() ?? []) {
      const owner = snapshot.metadata?.['policy'];
      if (typeof owner !== 'string' || owner.length === 0) continue;
      let list = byPolicy.get(owner);
      if (!list) byPolicy.set(owner, (list = []));
      list.push(snapshot);
    }
    for (const [owner, snapshots] of byPolicy) {
      const entry = withRetention.get(owner);
      if (!entry || entry.policy.repository !== repository) continue;
      for (const snapshot of snapshotsToDelete(entry.config, snapshots, now)) doomed.push({ repository, snapshot: snapshot.name, policy: owner });
    }
  }
  for (const { repository, snapshot, policy } of doomed) {
    deleteSnapshot(cluster, repository, snapshot);
    slmPolicyStats(cluster, policy).snapshotsDeleted += 1;
  }
  return true;
}

/** `GET /_slm/stats` (ES `SnapshotLifecycleStats#toXContent`): retention counters, totals, then each policy by id. */
export function slmStatsToXContent(cluster: Cluster): Record<string, unknown> {
  const stats = cluster.snapshots.slmStats;
  const ids = [...stats.policies.keys()].sort();
  const sum = (pick: (id: string) => number): number => ids.reduce((n, id) => n + pick(id), 0);
  const of = (id: string) => stats.policies.get(id)!;
  return {
    retention_runs: stats.retentionRuns,
    retention_failed: stats.retentionFailed,
    retention_timed_out: stats.retentionTimedOut,
    retention_deletion_time: formatTimeValueToString(stats.retentionTimeMillis),
    retention_deletion_time_millis: stats.retentionTimeMillis,
    total_snapshots_taken: sum((id) => of(id).snapshotsTaken),
    total_snapshots_failed: sum((id) => of(id).snapshotsFailed),
    total_snapshots_deleted: sum((id) => of(id).snapshotsDeleted),
    total_snapshot_deletion_failures: sum((id) => of(id).snapshotDeletionFailures),
    policy_stats: ids.map((id) => slmPolicyStatsToXContent(id, of(id))),
  };
}
