import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createCluster } from './cluster';
import { nextCronFire, parseCron } from './cron';
import { errorOf } from '../../testing/error-of';
import { PROFILE_6_6, PROFILE_7_10, PROFILE_8_19 } from '../profile';
import {
  createSnapshot,
  deleteRepository,
  deleteSlmPolicy,
  executeSlmPolicy,
  putRepository,
  putSlmPolicy,
  resolveDateMathName,
  slmNextExecution,
  snapshotToXContent,
} from './snapshots';
import { formatJavaDateToString, parseInstant } from '../xcontent/time';

const at = (iso: string): number => {
  const parsed = parseInstant(iso);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.millis;
};

function counter(): () => string {
  let n = 0;
  return () => `UUID${n++}AbC`;
}

describe('Java Date.toString in UTC', () => {
  it('prints weekday, month, day, time, zone and year', () => {
    expect(formatJavaDateToString(at('2024-01-01T00:00:00Z'))).to.equal('Mon Jan 01 00:00:00 UTC 2024');
    expect(formatJavaDateToString(at('2023-12-31T23:59:59.999Z'))).to.equal('Sun Dec 31 23:59:59 UTC 2023');
    expect(formatJavaDateToString(0)).to.equal('Thu Jan 01 00:00:00 UTC 1970');
  });
});

describe('date-math snapshot names', () => {
  const now = at('2024-03-15T13:45:10Z');
  it('resolves {now/d} with the default uuuu.MM.dd format', () => {
    expect(resolveDateMathName('<nightly-snap-{now/d}>', now)).to.equal('nightly-snap-2024.03.15');
  });
  it('applies arithmetic, rounding and a custom format', () => {
    expect(resolveDateMathName('<snap-{now-1d/d}>', now)).to.equal('snap-2024.03.14');
    expect(resolveDateMathName('<snap-{now/M{yyyy-MM}}>', now)).to.equal('snap-2024-03');
    expect(resolveDateMathName('<snap-{now{HH.mm}}>', now)).to.equal('snap-13.45');
  });
  it('leaves names without angle brackets alone', () => {
    expect(resolveDateMathName('plain-{now}', now)).to.equal('plain-{now}');
  });
  it('refuses what it cannot resolve', () => {
    expect(errorOf(() => resolveDateMathName('<snap-{later}>', now)).type).to.equal('parse_exception');
  });
});

describe('cron schedules (Quartz syntax, UTC)', () => {
  it('finds the next daily fire time', () => {
    expect(nextCronFire('0 30 1 * * ?', at('2024-01-01T00:00:00Z'))).to.equal(at('2024-01-01T01:30:00Z'));
    expect(nextCronFire('0 30 1 * * ?', at('2024-01-01T01:30:00Z'))).to.equal(at('2024-01-02T01:30:00Z'));
  });
  it('handles steps, day-of-week names and month lists', () => {
    expect(nextCronFire('0 0/15 * * * ?', at('2024-01-01T00:07:00Z'))).to.equal(at('2024-01-01T00:15:00Z'));
    expect(nextCronFire('0 0 9 ? * MON-FRI', at('2024-01-06T10:00:00Z'))).to.equal(at('2024-01-08T09:00:00Z'));
    expect(nextCronFire('0 0 0 1 JAN,JUL ?', at('2024-02-01T00:00:00Z'))).to.equal(at('2024-07-01T00:00:00Z'));
  });
  it('rejects malformed expressions', () => {
    expect(parseCron('* * * * *')).to.equal(null);
    expect(parseCron('0 0 0 * * *')).to.equal(null);
    expect(parseCron('0 61 0 * * ?')).to.equal(null);
    expect(nextCronFire('nonsense', 0)).to.equal(undefined);
  });
});

describe('repositories and snapshots', () => {
  it('refuses a missing or unknown type and an fs repository without a location, storing nothing', () => {
    const cluster = createCluster(counter());
    expect(errorOf(() => putRepository(cluster, 'r', undefined, {}))).to.deep.include({
      type: 'action_request_validation_exception',
      reason: 'Validation Failed: 1: type is missing;',
    });
    expect(errorOf(() => putRepository(cluster, 'r', 'ftp', {}))).to.deep.include({
      type: 'repository_exception',
      reason: '[r] repository type [ftp] does not exist',
      status: 500,
    });
    // RepositoriesService#createRepository wraps what the repository's constructor throws.
    const missingLocation = errorOf(() => putRepository(cluster, 'r', 'fs', {}));
    expect(missingLocation.reason).to.equal('[r] failed to create repository');
    expect(missingLocation.causedBy).to.deep.include({ type: 'repository_exception', reason: '[r] missing location' });
    expect(errorOf(() => putRepository(cluster, 'a#b', 'fs', { location: '/x' })).reason).to.equal("[a#b] must not contain '#'");
    expect(cluster.snapshots.repositories.size).to.equal(0);
  });

  it('takes a snapshot at once and refuses its name a second time', () => {
    const cluster = createCluster(counter());
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    const snapshot = createSnapshot(cluster, 'r', '<s-{now/d}>', ['logs'], at('2024-01-01T05:00:00Z'));
    expect(snapshot).to.deep.include({ name: 's-2024.01.01', state: 'SUCCESS', startMillis: at('2024-01-01T05:00:00Z') });
    expect(errorOf(() => createSnapshot(cluster, 'r', 's-2024.01.01', ['logs'], 0)).type).to.equal('invalid_snapshot_name_exception');
    expect(errorOf(() => createSnapshot(cluster, 'nope', 's', [], 0))).to.deep.include({ type: 'repository_missing_exception', reason: '[nope] missing' });
  });

  it('prints snapshot info in each release shape', () => {
    const cluster = createCluster(counter());
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    const snapshot = createSnapshot(cluster, 'r', 's', ['logs'], 0);
    expect(Object.keys(snapshotToXContent(snapshot, PROFILE_6_6))).to.not.include('data_streams');
    expect(Object.keys(snapshotToXContent(snapshot, PROFILE_7_10)).slice(0, 3)).to.deep.equal(['snapshot', 'uuid', 'version_id']);
    const v8 = Object.keys(snapshotToXContent(snapshot, PROFILE_8_19));
    expect(v8.slice(0, 3)).to.deep.equal(['snapshot', 'uuid', 'repository']);
    expect(v8[v8.length - 1]).to.equal('feature_states');
  });
});

describe('SLM policies', () => {
  it('needs an existing repository and a valid schedule', () => {
    const cluster = createCluster(counter());
    expect(errorOf(() => putSlmPolicy(cluster, 'p', { name: 'n', schedule: '0 30 1 * * ?', repository: 'r' }, 0)).reason).to.equal('no such repository [r]');
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    expect(errorOf(() => putSlmPolicy(cluster, 'p', { name: 'n', schedule: 'daily', repository: 'r' }, 0)).reason).to.equal(
      'Validation Failed: 1: invalid schedule: invalid cron expression [daily];',
    );
    // 8.16+ takes a time unit too, and words the refusal for both.
    expect(errorOf(() => putSlmPolicy(cluster, 'p', { name: 'n', schedule: 'daily', repository: 'r' }, 0, PROFILE_8_19)).reason).to.equal(
      'Validation Failed: 1: invalid schedule [daily]: must be a valid cron expression or time unit;',
    );
    expect(errorOf(() => putSlmPolicy(cluster, 'p', { name: 'n', schedule: '0s', repository: 'r' }, 0, PROFILE_8_19)).reason).to.equal(
      'Validation Failed: 1: invalid schedule [0s]: time unit must be at least 1 millisecond;',
    );
    expect(errorOf(() => putSlmPolicy(cluster, 'p', { name: 'n', schedule: '1h', repository: 'r' }, 0, PROFILE_7_10)).reason).to.equal(
      'Validation Failed: 1: invalid schedule: invalid cron expression [1h];',
    );
    expect(cluster.snapshots.slmPolicies.size).to.equal(0);
  });

  it('runs a time-unit schedule every interval from the modification (8.16+)', () => {
    const cluster = createCluster(counter());
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    const put = at('2024-01-01T00:10:00Z');
    putSlmPolicy(cluster, 'p', { name: 'n', schedule: '30m', repository: 'r' }, put, PROFILE_8_19);
    const policy = cluster.snapshots.slmPolicies.get('p')!;
    expect(slmNextExecution(policy, put, PROFILE_8_19)).to.equal(at('2024-01-01T00:40:00Z'));
    expect(slmNextExecution(policy, at('2024-01-01T00:40:00Z'), PROFILE_8_19)).to.equal(at('2024-01-01T01:10:00Z'));
    expect(slmNextExecution(policy, put, PROFILE_7_10)).to.equal(undefined);
  });

  it('executes: a lowercase name with a random suffix, recorded as the last success', () => {
    const cluster = createCluster(counter());
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    putSlmPolicy(cluster, 'p', { name: '<nightly-{now/d}>', schedule: '0 30 1 * * ?', repository: 'r' }, 0);
    const now = at('2024-01-01T02:00:00Z');
    const name = executeSlmPolicy(cluster, 'p', now);
    expect(name).to.match(/^nightly-2024\.01\.01-uuid\d+abc$/);
    expect(cluster.snapshots.slmPolicies.get('p')!.lastSuccess).to.deep.equal({ snapshotName: name, startMillis: now, timeMillis: now });
    expect(cluster.snapshots.snapshots.get('r')!.get(name)!.metadata).to.deep.equal({ policy: 'p' });
    expect(errorOf(() => executeSlmPolicy(cluster, 'q', now)).reason).to.equal('no such snapshot lifecycle policy [q]');
    expect(cluster.snapshots.slmStats.policies.get('p')!.snapshotsTaken).to.equal(1);
  });

  it('records a failed run (the repository is gone) as the last failure, with the exception as JSON text', () => {
    const cluster = createCluster(counter());
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    putSlmPolicy(cluster, 'p', { name: 'snap', schedule: '0 30 1 * * ?', repository: 'r' }, 0);
    deleteRepository(cluster, 'r');
    const now = at('2024-01-01T02:00:00Z');
    const name = executeSlmPolicy(cluster, 'p', now);
    const policy = cluster.snapshots.slmPolicies.get('p')!;
    expect(policy.lastSuccess).to.equal(undefined);
    expect(policy.lastFailure).to.deep.equal({
      snapshotName: name,
      timeMillis: now,
      details: '{"type":"repository_missing_exception","reason":"[r] missing"}',
    });
    expect(cluster.snapshots.slmStats.policies.get('p')).to.deep.equal({
      snapshotsTaken: 0,
      snapshotsFailed: 1,
      snapshotsDeleted: 0,
      snapshotDeletionFailures: 0,
    });
    deleteSlmPolicy(cluster, 'p');
    expect(cluster.snapshots.slmStats.policies.has('p')).to.equal(false);
  });
});

describe('SLM snapshot names and configs ES refuses (issue 20, items 6 and 8)', () => {
  const now = at('2024-01-01T00:00:00Z');
  const withRepository = () => {
    const cluster = createCluster(counter());
    putRepository(cluster, 'r', 'fs', { location: '/x' });
    return cluster;
  };

  it('refuses names with file-name characters at PUT (GenerateSnapshotNameStep#validateGeneratedSnapshotName)', () => {
    const set = '[ , ", *, \\, <, |, ,, >, /, ?]';
    for (const name of ['bad name', 'a,b', 'a/b', 'a*', 'a"b', 'a|b', 'a?b', 'na>me', 'a\\b', '<a,b-{now/d}>']) {
      const cluster = withRepository();
      const error = errorOf(() => putSlmPolicy(cluster, 'p', { name, schedule: '0 30 1 * * ?', repository: 'r' }, now, PROFILE_8_19));
      expect(error.type, name).to.equal('action_request_validation_exception');
      expect(error.reason, name).to.equal(`Validation Failed: 1: invalid snapshot name [${name}]: must not contain contain the following characters ${set};`);
      expect(cluster.snapshots.slmPolicies.size).to.equal(0);
    }
  });

  it('a config whose indices list holds an object fails the run before any snapshot, recording nothing', () => {
    const cluster = withRepository();
    putSlmPolicy(cluster, 'p', { name: 'snap', schedule: '0 30 1 * * ?', repository: 'r', config: { indices: [{}] } }, now, PROFILE_8_19);
    const error = errorOf(() => executeSlmPolicy(cluster, 'p', now, PROFILE_8_19));
    expect(error).to.include({ type: 'array_store_exception', status: 500 });
    expect(cluster.snapshots.slmPolicies.get('p')).to.not.have.property('lastFailure');
    expect(cluster.snapshots.snapshots.get('r')?.size ?? 0).to.equal(0);
  });
});
