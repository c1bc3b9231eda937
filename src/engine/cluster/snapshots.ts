/**
 * Snapshot repositories, snapshots and snapshot lifecycle (SLM) policies as named cluster resources
 * (ES `RepositoriesMetadata`, `SnapshotInfo`, `SnapshotLifecycleMetadata`; their shapes are in
 * `snapshot-store.ts`), the rules ES applies when they are created, date-math snapshot names and the
 * JSON ES prints for them. Pure: time arrives as `now`, UUIDs come from `cluster.newUuid`; no I/O,
 * and request parsing stays in the API layer.
 */
import type { Cluster } from './cluster';
import type { SlmInvocation, SlmPolicy, SlmPolicyStats, Snapshot, SnapshotRepository } from './snapshot-store';
import { actionRequestValidation, EsError, EsException, illegalArgument, resourceNotFound } from '../errors';
import { INVALID_FILENAME_MESSAGE, INVALID_FILENAME_SET, validFileName } from './index-settings';
import type { Profile } from '../profile';
import { formatEsDate, formatJavaInstantString, parseTimeValue } from '../xcontent/time';
import { javaToString, ownKeysObject } from '../xcontent/object-parser';
import { resolveDateMathName } from './date-math-names';

export { resolveDateMathName };
import { nextCronFire, parseCron } from './cron';
import { resolveIndices } from './index-resolver';
import { effectiveClusterSetting } from './cluster-settings';

/**
 * The most snapshots a repository holds when its settings do not say (`max_number_of_snapshots`).
 * Divergence: ES's default is unbounded (`Integer.MAX_VALUE`, `BlobStoreRepository.MAX_SNAPSHOTS_SETTING`);
 * the simulator keeps every snapshot in memory, so without SLM retention a dense schedule would pile
 * them up without end. Past this count a snapshot fails as ES fails one past the configured limit.
 */
export const SIMULATOR_MAX_SNAPSHOTS_PER_REPOSITORY = 10_000;

/** A repository's `max_number_of_snapshots` (an int >= 1), else the simulator's default. */
function maxSnapshotsOf(repository: SnapshotRepository): number {
  const configured = Number(repository.settings['max_number_of_snapshots']);
  return Number.isInteger(configured) && configured >= 1
    ? Math.min(configured, SIMULATOR_MAX_SNAPSHOTS_PER_REPOSITORY)
    : SIMULATOR_MAX_SNAPSHOTS_PER_REPOSITORY;
}

/** Repository types a default distribution (with the usual plugins) knows. */
export const REPOSITORY_TYPES: ReadonlySet<string> = new Set(['fs', 'url', 's3', 'gcs', 'azure', 'hdfs', 'source']);

function repositoryException(name: string, message: string): EsError {
  return { type: 'repository_exception', reason: `[${name}] ${message}`, status: 500, elasticsearchException: true };
}

export function repositoryMissing(name: string): EsError {
  return { type: 'repository_missing_exception', reason: `[${name}] missing`, status: 404, elasticsearchException: true };
}

export function snapshotMissing(repository: string, snapshot: string): EsError {
  return { type: 'snapshot_missing_exception', reason: `[${repository}:${snapshot}] is missing`, status: 404, elasticsearchException: true };
}

/**
 * ES `RepositoriesService#validate` (8.x `validateRepositoryName`), run before the repository is
 * built: empty, '#', then the file-name characters. A `RepositoryException`, so a 500.
 */
export function repositoryNameError(name: string): EsError | null {
  if (name.length === 0) return repositoryException(name, 'cannot be empty');
  if (name.includes('#')) return repositoryException(name, "must not contain '#'");
  if (!validFileName(name)) return repositoryException(name, INVALID_FILENAME_MESSAGE);
  return null;
}

/**
 * ES `PutRepositoryRequest#validate`, then `RepositoriesService#registerRepository`: a missing type
 * is a validation failure; then the name; an unknown type is a `repository_exception` thrown as is;
 * a repository whose own constructor refuses its settings (an `fs` one without a location, a `url` one
 * without a url) fails inside `createRepository`, which wraps the complaint as `[name] failed to
 * create repository` (caused by it; ES's root cause is the inner one). `type` arrives as ES's
 * `entry.getValue().toString()` made it. Divergence: ES also checks `fs` locations against
 * `path.repo` and each cloud type's own settings; the simulator treats every location as allowed and
 * checks no other type's settings. Divergence (unverified): recent main-branch sources add
 * `for project [default]` to the unknown-type message; 8.19/9.1 are taken to print it without.
 */
export function putRepository(cluster: Cluster, name: string, type: string | undefined, settings: Readonly<Record<string, unknown>>): void {
  if (type === undefined) throw new EsException(actionRequestValidation(['type is missing']));
  const badName = repositoryNameError(name);
  if (badName) throw new EsException(badName);
  if (!REPOSITORY_TYPES.has(type)) throw new EsException(repositoryException(name, `repository type [${type}] does not exist`));
  const failedToCreate = (message: string): EsException =>
    new EsException({ ...repositoryException(name, 'failed to create repository'), causedBy: repositoryException(name, message) });
  if (type === 'fs' && settingValue(settings, 'location') === undefined) throw failedToCreate('missing location');
  if (type === 'url' && settingValue(settings, 'url') === undefined) throw failedToCreate('missing url');
  cluster.snapshots.repositories.set(name, { name, type, settings });
  if (!cluster.snapshots.snapshots.has(name)) cluster.snapshots.snapshots.set(name, new Map());
}

function settingValue(settings: Readonly<Record<string, unknown>>, key: string): unknown {
  const value = settings[key];
  return value === null ? undefined : value;
}

export function deleteRepository(cluster: Cluster, name: string): void {
  if (!cluster.snapshots.repositories.has(name)) throw new EsException(repositoryMissing(name));
  cluster.snapshots.repositories.delete(name);
  // ES keeps the snapshots in the repository's storage; re-registering it shows them again.
}

/** A repository as `GET _snapshot/<name>` prints it (settings leaves as strings). */
export function repositoryToXContent(repository: SnapshotRepository): Record<string, unknown> {
  return { type: repository.type, settings: stringLeaves(repository.settings) };
}

function stringLeaves(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = ownKeysObject();
  for (const [key, v] of Object.entries(value)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) out[key] = stringLeaves(v as Record<string, unknown>);
    else if (Array.isArray(v)) out[key] = v.map((e) => String(e));
    else if (v !== null) out[key] = String(v);
  }
  return out;
}

function invalidSnapshotName(repository: string, name: string, description: string, type = 'invalid_snapshot_name_exception'): EsError {
  return { type, reason: `[${repository}:${name}] Invalid snapshot name [${name}], ${description}`, status: 400, elasticsearchException: true };
}

/**
 * ES `SnapshotsService#validate` (the same in 6.6, 7.10 and 8.x): the first rule a name breaks, on the
 * name after date math. An `invalid_snapshot_name_exception` (400).
 */
export function snapshotNameError(repository: string, name: string): EsError | null {
  const fail = (description: string): EsError => invalidSnapshotName(repository, name, description);
  if (name.length === 0) return fail('cannot be empty');
  if (name.includes(' ')) return fail('must not contain whitespace');
  if (name.includes(',')) return fail("must not contain ','");
  if (name.includes('#')) return fail("must not contain '#'");
  if (name.startsWith('_')) return fail("must not start with '_'");
  if (name.toLowerCase() !== name) return fail('must be lowercase');
  if (!validFileName(name)) return fail(INVALID_FILENAME_MESSAGE);
  return null;
}

/**
 * The checks ES makes before it takes a snapshot, in its order (`SnapshotsService#createSnapshot`, then
 * the cluster-state task): the date math is resolved and the name validated, then the repository is
 * looked up, then the name must be free. Returns the resolved name; changes nothing.
 */
export function validateNewSnapshot(cluster: Cluster, repository: string, requestedName: string, now: number, profile?: Profile): string {
  // ES `SnapshotsService#createSnapshot`: the date math is resolved and the name validated before the
  // repository is looked up.
  const name = resolveDateMathName(requestedName, now);
  const badName = snapshotNameError(repository, name);
  if (badName) throw new EsException(badName);
  if (!cluster.snapshots.repositories.has(repository)) throw new EsException(repositoryMissing(repository));
  if (cluster.snapshots.snapshots.get(repository)!.has(name)) {
    // 8.x (ES PR #84829) throws `SnapshotNameAlreadyInUseException`, a subclass of
    // InvalidSnapshotNameException, so the type is its own; 7.x and 6.x threw the parent.
    // Divergence (unverified): one 8.x source revision passed the "Invalid snapshot name [x], " prefix
    // to the parent constructor, which adds it again; the simulator prints it once, as later sources do.
    throw new EsException(
      invalidSnapshotName(
        repository,
        name,
        'snapshot with the same name already exists',
        profile?.snapshots.api === 'v8' ? 'snapshot_name_already_in_use_exception' : undefined,
      ),
    );
  }
  const held = cluster.snapshots.snapshots.get(repository)!.size;
  const max = maxSnapshotsOf(cluster.snapshots.repositories.get(repository)!);
  if (held >= max) {
    // ES `BlobStoreRepository#finalizeSnapshot` (a `RepositoryException`, 500).
    throw new EsException(
      repositoryException(
        repository,
        `Cannot add another snapshot to this repository as it already contains [${held}] snapshots and is configured to hold up to [${max}] snapshots only.`,
      ),
    );
  }
  return name;
}

/**
 * Takes a snapshot of the named indices; it completes at once (state SUCCESS, start and end `now`).
 * The name may use date math. Fails as ES does on a missing repository or a name already taken.
 */
export function createSnapshot(
  cluster: Cluster,
  repository: string,
  requestedName: string,
  indices: readonly string[],
  now: number,
  options: SnapshotOptions = {},
): Snapshot {
  const name = validateNewSnapshot(cluster, repository, requestedName, now, options.profile);
  return storeSnapshot(cluster, repository, name, indices, now, options);
}

export interface SnapshotOptions {
  readonly includeGlobalState?: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly profile?: Profile;
}

/** Stores a snapshot under a name `validateNewSnapshot` already accepted (resolved, free, repository known). */
export function storeSnapshot(
  cluster: Cluster,
  repository: string,
  name: string,
  indices: readonly string[],
  now: number,
  options: SnapshotOptions = {},
): Snapshot {
  const existing = cluster.snapshots.snapshots.get(repository)!;
  const snapshot: Snapshot = {
    name,
    uuid: cluster.newUuid(),
    repository,
    indices: [...indices],
    includeGlobalState: options.includeGlobalState ?? true,
    state: 'SUCCESS',
    startMillis: now,
    endMillis: now,
    ...(options.metadata ? { metadata: options.metadata } : {}),
  };
  existing.set(name, snapshot);
  return snapshot;
}

export function findSnapshot(cluster: Cluster, repository: string, name: string): Snapshot | undefined {
  return cluster.snapshots.snapshots.get(repository)?.get(name);
}

export function deleteSnapshot(cluster: Cluster, repository: string, name: string): boolean {
  return cluster.snapshots.snapshots.get(repository)?.delete(name) ?? false;
}

/**
 * ES `SnapshotInfo#toXContent` for the API: 6.x without `data_streams`, 7.9+ with it, 8.x with
 * `repository` after `uuid` and `feature_states` last. Divergence: the position of `feature_states`
 * and the 8.x `version` text were not checked against a live node.
 */
export function snapshotToXContent(snapshot: Snapshot, profile: Profile): Record<string, unknown> {
  const api = profile.snapshots.api;
  const out: Record<string, unknown> = { snapshot: snapshot.name, uuid: snapshot.uuid };
  if (api === 'v8') out['repository'] = snapshot.repository;
  out['version_id'] = Number(profile.indexVersionCreated);
  out['version'] = profile.version.number;
  out['indices'] = [...snapshot.indices];
  if (api !== 'v6.6') out['data_streams'] = [];
  out['include_global_state'] = snapshot.includeGlobalState;
  if (snapshot.metadata && api !== 'v6.6') out['metadata'] = snapshot.metadata;
  out['state'] = snapshot.state;
  out['start_time'] = formatEsDate(snapshot.startMillis);
  out['start_time_in_millis'] = snapshot.startMillis;
  out['end_time'] = formatEsDate(snapshot.endMillis);
  out['end_time_in_millis'] = snapshot.endMillis;
  out['duration_in_millis'] = snapshot.endMillis - snapshot.startMillis;
  out['failures'] = [];
  const shards = snapshot.indices.length;
  out['shards'] = { total: shards, failed: 0, successful: shards };
  if (api === 'v8') out['feature_states'] = [];
  return out;
}

/**
 * ES `GenerateSnapshotNameStep.generateSnapshotName`: the date math resolved, then `-` and a random
 * base64 UUID lowercased (snapshot names must be lowercase).
 */
export function generateSnapshotName(cluster: Cluster, name: string, now: number): string {
  return `${resolveDateMathName(name, now)}-${cluster.newUuid().toLowerCase()}`;
}

/** ES `XContentMapValues#nodeBooleanValue(node, name)`: a boolean, or the text `true`/`false`. */
function nodeBoolean(value: unknown, name: string, container: object): boolean {
  const text = javaToString(value, container, name);
  if (value === true || text === 'true') return true;
  if (value === false || text === 'false') return false;
  throw new EsException(
    illegalArgument(`Could not convert [${name}] to boolean`, illegalArgument(`Failed to parse value [${text}] as only [true] or [false] are allowed.`)),
  );
}

export interface CreateSnapshotSource {
  readonly indices: string;
  readonly includeGlobalState: boolean;
  readonly ignoreUnavailable: boolean;
  readonly metadata?: Record<string, unknown>;
}

/**
 * ES `CreateSnapshotRequest#source(Map)`: each known field in body order, refusing a malformed one
 * with its IllegalArgumentException; unknown fields are ignored. `settings` was read (and checked)
 * before 8.x, `metadata` since 7.3, `feature_states` since 7.12.
 */
export function createSnapshotSource(body: Record<string, unknown>, api: Profile['snapshots']['api']): CreateSnapshotSource {
  let indices = '_all';
  let includeGlobalState = true;
  let metadata: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'indices') {
      // A list is copied into a `String[]` (`List#toArray`): an element that is not a string fails there.
      if (typeof value === 'string') indices = value;
      else if (Array.isArray(value)) indices = indexList(value).join(',');
      else throw new EsException(illegalArgument('malformed indices section, should be an array of strings'));
    } else if (key === 'feature_states' && api === 'v8') {
      if (!Array.isArray(value)) throw new EsException(illegalArgument('malformed feature_states section, should be an array of strings'));
    } else if (key === 'partial') {
      nodeBoolean(value, 'partial', body);
    } else if (key === 'settings' && api !== 'v8') {
      if (!isRecord(value)) throw new EsException(illegalArgument('malformed settings section, should indices an inner object'));
    } else if (key === 'include_global_state') {
      includeGlobalState = nodeBoolean(value, 'include_global_state', body);
    } else if (key === 'metadata' && api !== 'v6.6') {
      if (value !== null && !isRecord(value)) throw new EsException(illegalArgument('malformed metadata, should be an object'));
      if (isRecord(value)) metadata = value;
    }
  }
  return {
    indices: indices.length === 0 ? '_all' : indices,
    includeGlobalState,
    ignoreUnavailable: body['ignore_unavailable'] === true,
    ...(metadata ? { metadata } : {}),
  };
}

/**
 * `List<String>#toArray(new String[n])` over a JSON list: a map, list, number or boolean in it is a Java
 * `ArrayStoreException` (ES answers it as a 500, `array_store_exception`, HotSpot's wording); a null
 * stays null and `CreateSnapshotRequest#validate` refuses it ("index is null").
 */
function indexList(values: readonly unknown[]): string[] {
  if (values.some((v) => v !== null && typeof v !== 'string')) {
    throw new EsException({
      type: 'array_store_exception',
      reason: 'arraycopy: element type mismatch: can not cast one of the elements of java.lang.Object[] to the type of the destination array, java.lang.String',
      status: 500,
    });
  }
  if (values.includes(null)) throw new EsException(actionRequestValidation(['index is null']));
  return values as string[];
}

// ---- SLM ----

export interface SlmPolicyRequest {
  readonly name?: unknown;
  readonly schedule?: unknown;
  readonly repository?: unknown;
  readonly config?: unknown;
  readonly retention?: unknown;
}

/**
 * Validates and stores an SLM policy (ES `SnapshotLifecyclePolicy#validate` and
 * `SnapshotLifecycleService.validateRepositoryExists`), checking everything before it changes
 * anything. The version goes up by one on each PUT.
 */
export function putSlmPolicy(cluster: Cluster, id: string, request: SlmPolicyRequest, now: number, profile?: Profile): void {
  const missing = (['name', 'schedule', 'repository'] as const).filter((f) => request[f] === undefined || request[f] === null);
  if (missing.length > 0) throw new EsException(illegalArgument(`Required [${missing.join(', ')}]`));
  const errors: string[] = [];
  // ES `SnapshotLifecyclePolicy#validate` (7.4 to 9.x): every id rule that fails is listed.
  if (!validFileName(id)) errors.push(`invalid policy id [${id}]: ${INVALID_FILENAME_MESSAGE}`);
  if (id.startsWith('_')) errors.push(`invalid policy id [${id}]: must not start with '_'`);
  const idBytes = new TextEncoder().encode(id).length;
  if (idBytes > 255) errors.push(`invalid policy id [${id}]: name is too long, (${idBytes} > 255 bytes)`);
  const schedule = String(request.schedule);
  const name = String(request.name);
  if (name.length === 0) errors.push(`invalid snapshot name [${name}]: cannot be empty`);
  else {
    let resolved: string | null = null;
    try {
      resolved = resolveDateMathName(name, now);
    } catch {
      errors.push(`invalid snapshot name [${name}]: must be a valid date math expression`);
    }
    if (resolved !== null) {
      if (resolved.includes('#')) errors.push(`invalid snapshot name [${name}]: must not contain '#'`);
      if (resolved.startsWith('_')) errors.push(`invalid snapshot name [${name}]: must not start with '_'`);
      if (resolved.toLowerCase() !== resolved) errors.push(`invalid snapshot name [${name}]: must be lowercase`);
      // ES `GenerateSnapshotNameStep#validateGeneratedSnapshotName` (7.4+, its wording, doubled word
      // included): the generated name (date math resolved, `-` and a lowercase UUID added) must be a
      // valid file name.
      if (!validFileName(resolved)) errors.push(`invalid snapshot name [${name}]: must not contain contain the following characters ${INVALID_FILENAME_SET}`);
    }
  }
  // ES validates the schedule after the snapshot name.
  const scheduleError = slmScheduleError(schedule, profile);
  if (scheduleError !== null) errors.push(scheduleError);
  const repository = String(request.repository);
  if (repository.length === 0) errors.push(`invalid repository name [${repository}]: cannot be empty`);
  if (errors.length > 0) throw new EsException(actionRequestValidation(errors));
  if (!cluster.snapshots.repositories.has(repository)) throw new EsException(illegalArgument(`no such repository [${repository}]`));
  if (profile?.snapshots.slmMinimumInterval) validateMinimumInterval(cluster, schedule, now, profile);
  const existing = cluster.snapshots.slmPolicies.get(id);
  const config = isRecord(request.config) ? request.config : undefined;
  const retention = isRecord(request.retention) ? request.retention : undefined;
  cluster.snapshots.slmPolicies.set(id, {
    id,
    name,
    schedule,
    repository,
    ...(config ? { config } : {}),
    ...(retention ? { retention } : {}),
    version: existing ? existing.version + 1 : 1,
    modifiedDate: now,
    ...(existing?.lastSuccess ? { lastSuccess: existing.lastSuccess } : {}),
    ...(existing?.lastFailure ? { lastFailure: existing.lastFailure } : {}),
  });
}

/**
 * ES `SnapshotLifecyclePolicy#validate`'s schedule rule. Before 8.16 a cron only (`invalid schedule: `
 * and the `Cron` constructor's message); from 8.16 a cron or a time unit (#110847).
 */
function slmScheduleError(schedule: string, profile: Profile | undefined): string | null {
  const intervals = profile?.snapshots.slmIntervalSchedules === true;
  if (schedule.trim().length === 0)
    return intervals ? `invalid schedule [${schedule}]: schedule must not be empty` : `invalid schedule [${schedule}]: must not be empty`;
  if (intervals) {
    const interval = parseTimeValue(schedule, 'schedule');
    if (interval.ok) return interval.value.millis === 0 ? `invalid schedule [${schedule}]: time unit must be at least 1 millisecond` : null;
    return parseCron(schedule) === null ? `invalid schedule [${schedule}]: must be a valid cron expression or time unit` : null;
  }
  return parseCron(schedule) === null ? `invalid schedule: invalid cron expression [${schedule}]` : null;
}

/**
 * ES `SnapshotLifecycleService.validateMinimumInterval` (7.11+, after the repository check): the gap
 * between the schedule's next two fires from now (`SnapshotLifecyclePolicy#calculateNextInterval`; a
 * time-unit schedule's own interval) may not be under `slm.minimum_interval` (15m; 0 turns it off).
 * A schedule that fires fewer than twice more passes.
 */
function validateMinimumInterval(cluster: Cluster, schedule: string, now: number, profile: Profile): void {
  const minimumText = effectiveClusterSetting(cluster, SETTING_SLM_MINIMUM_INTERVAL) ?? '15m';
  const minimum = parseTimeValue(minimumText, SETTING_SLM_MINIMUM_INTERVAL);
  if (!minimum.ok || minimum.value.millis <= 0) return;
  const probe = { schedule, modifiedDate: now } as SlmPolicy;
  const first = slmNextExecution(probe, now, profile);
  const second = first === undefined ? undefined : slmNextExecution(probe, first, profile);
  if (first === undefined || second === undefined) return;
  const gap = second - first;
  if (gap > 0 && gap < minimum.value.millis) {
    throw new EsException(illegalArgument(`invalid schedule [${schedule}]: schedule would be too frequent, executing more than every [${minimumText}]`));
  }
}

export const SETTING_SLM_MINIMUM_INTERVAL = 'slm.minimum_interval';

/**
 * When an SLM policy next runs after `after` (ES `SnapshotLifecyclePolicy#calculateNextExecution`): the
 * cron's next fire, or for a time-unit schedule (8.16+) the next whole interval counted from the
 * policy's modification (ES `TimeValueSchedule`). Undefined when it never runs.
 */
export function slmNextExecution(policy: SlmPolicy, after: number, profile?: Profile): number | undefined {
  if (parseCron(policy.schedule) !== null) return nextCronFire(policy.schedule, after);
  if (profile?.snapshots.slmIntervalSchedules !== true) return undefined;
  const interval = parseTimeValue(policy.schedule, 'schedule');
  if (!interval.ok || interval.value.millis <= 0) return undefined;
  const every = interval.value.millis;
  if (after < policy.modifiedDate) return policy.modifiedDate + every;
  return policy.modifiedDate + (Math.floor((after - policy.modifiedDate) / every) + 1) * every;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `GET _slm/policy/<ids>` naming a policy that does not exist. */
export function slmPoliciesMissing(ids: readonly string[], anyConfigured: boolean): EsError {
  return resourceNotFound(`snapshot lifecycle policy or policies [${ids.join(', ')}] not found${anyConfigured ? '' : ', no policies are configured'}`);
}

export function deleteSlmPolicy(cluster: Cluster, id: string): void {
  if (!cluster.snapshots.slmPolicies.has(id)) throw new EsException(resourceNotFound(`Snapshot lifecycle policy not found: ${id}`));
  cluster.snapshots.slmPolicies.delete(id);
  // ES `TransportDeleteSnapshotLifecycleAction`: the policy's counters go with it.
  cluster.snapshots.slmStats.policies.delete(id);
}

/**
 * Runs an SLM policy now (ES `SnapshotLifecycleTask#maybeTakeSnapshot`, on `_execute` and at each fire
 * of its schedule): a snapshot named from the policy's date math plus a random suffix, of
 * `config.indices` (resolved by the caller), with `metadata.policy`. The outcome is written as ES's
 * `WriteJobStatus` writes it: a success as the last success (start and end time) and a snapshot taken;
 * a failure (the repository is gone, the name is taken) as the last failure, with the exception as
 * JSON text in `details`, and a snapshot failed. Either way the generated name is returned, as ES's
 * `_execute` answers it before the snapshot is done. Fails only when the policy does not exist.
 */
export function executeSlmPolicy(cluster: Cluster, id: string, now: number, profile?: Profile): string {
  const policy = cluster.snapshots.slmPolicies.get(id);
  if (!policy) throw new EsException(illegalArgument(`no such snapshot lifecycle policy [${id}]`));
  const configMetadata = isRecord(policy.config?.['metadata']) ? (policy.config!['metadata'] as Record<string, unknown>) : {};
  // ES `SnapshotLifecyclePolicy#toRequest`: the config, with the policy added to its metadata, read by
  // `CreateSnapshotRequest#source(Map)`. A config it cannot read (`"indices": [{}]`) fails here, before
  // any snapshot is asked for: nothing is recorded, and `_execute` answers the failure. (ES draws the
  // name's UUID first; here the failure draws none, so a refused run leaves the seeded sequence as it was.)
  const source = createSnapshotSource({ ...(policy.config ?? {}), metadata: { ...configMetadata, policy: id } }, profile?.snapshots.api ?? 'v8');
  const snapshotName = generateSnapshotName(cluster, policy.name, now);
  const stats = slmPolicyStats(cluster, id);
  try {
    // ES `SnapshotsService#createSnapshot`: name and repository first, then the indices.
    const name = validateNewSnapshot(cluster, policy.repository, snapshotName, now, profile);
    const indices = resolveIndices(cluster, source.indices, {
      ignoreUnavailable: source.ignoreUnavailable,
      allowNoIndices: true,
      expandHidden: false,
    }).map((i) => i.name);
    storeSnapshot(cluster, policy.repository, name, indices, now, {
      includeGlobalState: source.includeGlobalState,
      metadata: source.metadata ?? { policy: id },
      ...(profile ? { profile } : {}),
    });
  } catch (e) {
    if (!(e instanceof EsException)) throw e;
    stats.snapshotsFailed += 1;
    cluster.snapshots.slmPolicies.set(id, { ...policy, lastFailure: { snapshotName, timeMillis: now, details: exceptionDetails(e.error) } });
    return snapshotName;
  }
  stats.snapshotsTaken += 1;
  cluster.snapshots.slmPolicies.set(id, { ...policy, lastSuccess: { snapshotName, startMillis: now, timeMillis: now } });
  return snapshotName;
}

/** One policy's counters, created at its first use (ES `computeIfAbsent`). */
export function slmPolicyStats(cluster: Cluster, id: string): SlmPolicyStats {
  let stats = cluster.snapshots.slmStats.policies.get(id);
  if (!stats) {
    stats = { snapshotsTaken: 0, snapshotsFailed: 0, snapshotsDeleted: 0, snapshotDeletionFailures: 0 };
    cluster.snapshots.slmStats.policies.set(id, stats);
  }
  return stats;
}

/**
 * ES `SnapshotLifecycleTask.exceptionToString`: the exception as `generateThrowableXContent` writes it
 * without stack traces (`type`, `reason`, then `caused_by`), as compact JSON text.
 */
function exceptionDetails(error: EsError): string {
  const toJson = (e: EsError): Record<string, unknown> => ({ type: e.type, reason: e.reason, ...(e.causedBy ? { caused_by: toJson(e.causedBy) } : {}) });
  return JSON.stringify(toJson(error));
}

/**
 * An SLM policy as `GET _slm/policy` prints it (ES `SnapshotLifecyclePolicyItem#toXContent`). The
 * 7.10 `last_success` has no `start_time` (ES added the snapshot start time to the record later).
 */
export function slmPolicyToXContent(
  policy: SlmPolicy,
  stats: SlmPolicyStats | undefined,
  profile: Profile,
  now: number,
  human: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = { version: policy.version };
  if (human) out['modified_date'] = formatJavaInstantString(policy.modifiedDate);
  out['modified_date_millis'] = policy.modifiedDate;
  const body: Record<string, unknown> = { name: policy.name, schedule: policy.schedule, repository: policy.repository };
  if (policy.config) body['config'] = policy.config;
  if (policy.retention) body['retention'] = policy.retention;
  out['policy'] = body;
  if (policy.lastSuccess) out['last_success'] = invocationToXContent(policy.lastSuccess, profile, human);
  if (policy.lastFailure) out['last_failure'] = invocationToXContent(policy.lastFailure, profile, human);
  const next = slmNextExecution(policy, now, profile);
  if (next !== undefined) {
    if (human) out['next_execution'] = formatJavaInstantString(next);
    out['next_execution_millis'] = next;
  }
  out['stats'] = slmPolicyStatsToXContent(policy.id, stats);
  return out;
}

/** ES `SnapshotInvocationRecord#toXContent`; 7.10's record has no start time. */
function invocationToXContent(record: SlmInvocation, profile: Profile, human: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { snapshot_name: record.snapshotName };
  if (profile.snapshots.api === 'v8' && record.startMillis !== undefined) {
    if (human) out['start_time_string'] = formatJavaInstantString(record.startMillis);
    out['start_time'] = record.startMillis;
  }
  if (human) out['time_string'] = formatJavaInstantString(record.timeMillis);
  out['time'] = record.timeMillis;
  if (record.details !== undefined) out['details'] = record.details;
  return out;
}

/** ES `SnapshotPolicyStats#toXContent` (no counters yet: all zero). */
export function slmPolicyStatsToXContent(id: string, stats: SlmPolicyStats | undefined): Record<string, unknown> {
  return {
    policy: id,
    snapshots_taken: stats?.snapshotsTaken ?? 0,
    snapshots_failed: stats?.snapshotsFailed ?? 0,
    snapshots_deleted: stats?.snapshotsDeleted ?? 0,
    snapshot_deletion_failures: stats?.snapshotDeletionFailures ?? 0,
  };
}
