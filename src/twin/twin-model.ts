/**
 * The twin's model of a bundle: everything the cluster held at the bundle's instant, parsed once into
 * the engine's own types (policies as `PolicyMetadata`, each index's `ExecutionState`, node specs, SLM
 * policies, snapshots), with a note for every piece the bundle could not give and what stands in for
 * it. `restore.ts` puts the model into a simulation. It never runs ILM and never reads files itself.
 */
import type { AliasMetadata, ComponentTemplate, IndexTemplate, LegacyTemplate, RolloverInfo } from '../engine/cluster/cluster';
import { IndexSettings, SETTING_ORIGINATION_DATE } from '../engine/cluster/cluster';
import { copyState, type ExecutionState, type PhaseExecutionInfo } from '../engine/cluster/execution-state';
import { flattenSettings, SettingKeys, type SettingsSink } from '../engine/cluster/index-settings';
import type { Phase, Policy, PolicyMetadata } from '../engine/cluster/policy-model';
import type { Snapshot, SlmInvocation, SlmPolicy, SnapshotRepository } from '../engine/cluster/snapshot-store';
import type { NodeSpec } from '../engine/cluster/topology';
import { EsException } from '../engine/errors';
import { parsePolicyRequest, policyToXContent } from '../engine/lifecycle/policy-parser';
import { compileSteps } from '../engine/lifecycle/policy-steps';
import { MAX_PRIMARY_SHARD_DOCS_DEFAULT } from '../engine/lifecycle/rollover-conditions';
import { stepKey, stepKeyJson } from '../engine/cluster/step-key';
import { PROFILES, type Profile } from '../engine/profile';
import { toCompactJson } from '../api/json-output';
import { BUNDLE_FILES, callFor, majorMinor } from './bundle-files';
import { BundleReader, BundleSource, isObject, Json, millisOf, type BundleNote } from './bundle';

export interface TwinIndex {
  readonly name: string;
  readonly uuid: string | undefined;
  readonly creationDate: number;
  readonly providedName: string;
  /**
   * The index's settings without the metadata keys, in the engine's type: a restored cluster copies them,
   * or takes them as its own when the model is consumed (`TwinOptions.consumeModel`).
   */
  readonly settings: IndexSettings;
  readonly aliases: ReadonlyMap<string, AliasMetadata>;
  readonly state: 'open' | 'close';
  readonly docsCount: number;
  readonly storeBytes: number;
  readonly rolloverInfos: ReadonlyMap<string, RolloverInfo>;
  /** In the engine's one state shape, phase execution infos shared (see `engineState`). */
  readonly lifecycle: ExecutionState | null;
}

export interface TwinDataStream {
  readonly name: string;
  readonly indices: readonly string[];
  readonly generation: number;
  readonly hidden: boolean;
}

/** One SLM policy's counters as `GET _slm/policy` shows them (ES `SnapshotPolicyStats`). */
export interface TwinSlmStats {
  readonly id: string;
  readonly snapshotsTaken: number;
  readonly snapshotsFailed: number;
  readonly snapshotsDeleted: number;
  readonly snapshotDeletionFailures: number;
}

export interface TwinModel {
  readonly source: string;
  readonly instantMillis: number;
  readonly versionNumber: string;
  /** `cluster_name` in version.json, or null. */
  readonly clusterName: string | null;
  readonly profile: Profile;
  readonly pollInterval: string;
  /** null: the simulator's default node (see `nodesOf`). */
  readonly nodes: readonly NodeSpec[] | null;
  readonly ilmMode: 'RUNNING' | 'STOPPING' | 'STOPPED';
  readonly slmMode: 'RUNNING' | 'STOPPING' | 'STOPPED';
  readonly policies: ReadonlyMap<string, PolicyMetadata>;
  readonly componentTemplates: readonly ComponentTemplate[];
  readonly indexTemplates: readonly IndexTemplate[];
  readonly legacyTemplates: readonly LegacyTemplate[];
  readonly clusterSettings: { readonly persistent: Record<string, Json>; readonly transient: Record<string, Json> };
  /** In creation order (then name), as the cluster made them. */
  readonly indices: readonly TwinIndex[];
  readonly dataStreams: readonly TwinDataStream[];
  readonly repositories: readonly SnapshotRepository[];
  readonly snapshots: readonly Snapshot[];
  readonly slmPolicies: readonly SlmPolicy[];
  readonly slmStats: readonly TwinSlmStats[];
  readonly notes: readonly BundleNote[];
}

/** Refused: the bundle cannot make a twin at all (no instant, no version, a release without ILM). */
export class BundleRefused extends Error {
  constructor(
    message: string,
    readonly notes: readonly BundleNote[],
  ) {
    super(message);
  }
}

/** Settings ES reports as index metadata, not as settings (the simulator adds them back itself). */
const METADATA_SETTINGS = new Set([
  'index.creation_date',
  'index.creation_date_string',
  'index.uuid',
  'index.provided_name',
  'index.version.created',
  'index.version.created_string',
  'index.version.upgraded',
  'index.version.upgraded_string',
]);

/** The profile nearest a release: the same major's closest minor (the lower on a tie), else refused. */
export function nearestProfile(versionNumber: string): Profile | null {
  const wanted = majorMinor(versionNumber);
  // ILM came in 6.6: an older release has nothing to continue.
  if (!wanted || wanted[0] < 6 || (wanted[0] === 6 && wanted[1] < 6)) return null;
  let best: Profile | null = null;
  let bestDistance = Infinity;
  for (const profile of PROFILES.values()) {
    const have = majorMinor(profile.version.number)!;
    if (have[0] !== wanted[0]) continue;
    const distance = Math.abs(have[1] - wanted[1]) + (have[1] > wanted[1] ? 0.5 : 0);
    if (distance < bestDistance) [best, bestDistance] = [profile, distance];
  }
  return best;
}

/** Reads the bundle into a model; throws `BundleRefused` only when no twin can be made at all. */
export function readTwinModel(source: BundleSource, forcedProfile?: string): TwinModel {
  const reader = new BundleReader(source);
  const instantMillis = reader.instant();
  const versionFile = reader.object('version.json', 'the release is unknown');
  const versionNumber = versionFile?.['version']?.['number'];
  if (instantMillis === null) throw new BundleRefused('the bundle has no instant (diagnostic_manifest.json timestamp)', reader.notes);
  if (typeof versionNumber !== 'string') throw new BundleRefused('the bundle names no release (version.json version.number)', reader.notes);
  const profile = forcedProfile === undefined ? nearestProfile(versionNumber) : (PROFILES.get(forcedProfile) ?? null);
  if (!profile) {
    const mm = majorMinor(versionNumber);
    const why = mm && (mm[0] < 6 || (mm[0] === 6 && mm[1] < 6)) ? 'ILM exists from 6.6 on' : `no profile of release ${mm ? mm[0] : '?'}.x`;
    throw new BundleRefused(`version.json names ${versionNumber}: refused, ${why} (profiles: ${[...PROFILES.keys()].join(', ')})`, reader.notes);
  }
  if (profile.version.number !== versionNumber) {
    reader.note(
      'version.json',
      'assumed',
      `release ${versionNumber} runs as profile ${profile.name} (${profile.version.number}), the nearest the simulator has`,
    );
  }

  const policies = readPolicies(reader, profile);
  const { indices, indexFile } = readIndices(reader, profile, policies, instantMillis);
  const settingsDefaults = reader.object('cluster_settings_defaults.json', 'the poll interval is the cluster setting, or ES default 10m');
  const clusterSettingsFile = reader.object('cluster_settings.json', 'no cluster settings: ES defaults');
  const persistent = isObject(clusterSettingsFile?.['persistent']) ? clusterSettingsFile!['persistent'] : {};
  const transient = isObject(clusterSettingsFile?.['transient']) ? clusterSettingsFile!['transient'] : {};
  const pollInterval = String(
    transient['indices.lifecycle.poll_interval'] ??
      persistent['indices.lifecycle.poll_interval'] ??
      settingsDefaults?.['defaults']?.['indices.lifecycle.poll_interval'] ??
      '10m',
  );
  const ilmStatus = reader.object('commercial/ilm_status.json', 'ILM is taken as RUNNING');
  const ilmMode = operationMode(ilmStatus?.['operation_mode']);
  const slm = readSlm(reader, profile, instantMillis);
  return {
    source: source.name,
    instantMillis,
    versionNumber,
    clusterName: typeof versionFile?.['cluster_name'] === 'string' ? versionFile['cluster_name'] : null,
    profile,
    pollInterval,
    nodes: nodesOf(reader),
    ilmMode,
    slmMode: 'RUNNING',
    policies,
    componentTemplates: namedTemplates(reader, 'component_templates.json', 'component_templates', 'component_template', profile).map(({ name, body }) => ({
      name,
      settings: templateSettings(body['template']),
      aliases: templateAliases(body['template']),
      source: body,
    })),
    indexTemplates: namedTemplates(reader, 'index_templates.json', 'index_templates', 'index_template', profile).map(({ name, body }) => ({
      name,
      indexPatterns: stringList(body['index_patterns']),
      priority: typeof body['priority'] === 'number' ? body['priority'] : 0,
      settings: templateSettings(body['template']),
      aliases: templateAliases(body['template']),
      composedOf: stringList(body['composed_of']),
      source: body,
    })),
    legacyTemplates: legacyTemplates(reader),
    clusterSettings: { persistent, transient },
    indices,
    dataStreams: readDataStreams(reader, profile, indices, indexFile),
    ...slm,
    notes: reader.notes,
  };
}

function operationMode(value: unknown): 'RUNNING' | 'STOPPING' | 'STOPPED' {
  return value === 'STOPPED' || value === 'STOPPING' ? value : 'RUNNING';
}

function readPolicies(reader: BundleReader, profile: Profile): Map<string, PolicyMetadata> {
  const file = 'commercial/ilm_policies.json';
  const body = reader.object(file, 'the twin has no policies; managed indices name policies it lacks');
  const out = new Map<string, PolicyMetadata>();
  for (const [name, entry] of Object.entries(body ?? {})) {
    if (!isObject(entry) || !isObject(entry['policy'])) {
      reader.note(file, 'refused', `${file}: policy [${name}] has no "policy" object; left out`);
      continue;
    }
    // `_meta` and `deprecated` go on after parsing, as the stack registry stores them (see
    // `api/stack-templates.ts`): not every profile's parser takes them, but its GET prints them.
    const { _meta: meta, deprecated, ...phases } = entry['policy'];
    try {
      const parsed = parsePolicyRequest(JSON.stringify({ policy: phases }), name, profile);
      const policy: Policy = { ...parsed, ...(isObject(meta) ? { meta } : {}), ...(typeof deprecated === 'boolean' ? { deprecated } : {}) };
      const modifiedDate = millisOf(entry['modified_date_millis'] ?? entry['modified_date']);
      const version = typeof entry['version'] === 'number' ? entry['version'] : 1;
      if (modifiedDate === undefined) reader.note(file, 'assumed', `${file}: policy [${name}] has no readable modified_date; taken as the bundle's instant`);
      out.set(name, { policy, version, modifiedDate: modifiedDate ?? NaN, canonical: toCompactJson(policyToXContent(policy, profile)) });
    } catch (error) {
      reader.note(file, 'refused', `${file}: policy [${name}] is refused by profile ${profile.name}: ${reasonOf(error)}; left out`);
    }
  }
  return out;
}

function reasonOf(error: unknown): string {
  if (error instanceof EsException) return `${error.error.type}: ${error.error.reason}`;
  return error instanceof Error ? error.message : String(error);
}

function nodesOf(reader: BundleReader): NodeSpec[] | null {
  const file = 'nodes.json';
  const body = reader.object(file, "the twin runs ilm-sim's default node (every role; matches every allocation attribute)");
  const nodes = isObject(body?.['nodes']) ? Object.values(body!['nodes']) : [];
  if (body && nodes.length === 0) reader.note(file, 'assumed', `${file} lists no node: the twin runs ilm-sim's default node`);
  const specs: NodeSpec[] = [];
  for (const node of nodes) {
    if (!isObject(node) || typeof node['name'] !== 'string') continue;
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(isObject(node['attributes']) ? node['attributes'] : {})) attributes[k] = String(v);
    specs.push({ name: node['name'], ...(Array.isArray(node['roles']) ? { roles: node['roles'].map(String) } : {}), attributes });
  }
  if (specs.length === 0) return null;
  // ilm-sim's own default node (a bundle captured from `ilm-sim serve` without --nodes): the same
  // default node, which matches every allocation attribute, as the cluster it came from.
  if (specs.length === 1 && specs[0]!.name === 'ilm-sim' && Object.keys(specs[0]!.attributes ?? {}).length === 0) {
    reader.note(file, 'noted', `${file}: the one node [ilm-sim] is ilm-sim's default node; the twin runs the same default node`);
    return null;
  }
  return specs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The indices and where they were read from (`settings.json` or `cluster_state.json`), for notes that
 * name the file an index came from.
 */
interface ReadIndices {
  readonly indices: TwinIndex[];
  readonly indexFile: IndexFile;
}

type IndexFile = 'cluster_state.json' | 'settings.json';

/**
 * Whether the cluster state can stand in for settings.json: every index it lists carries its settings.
 * `GET _cluster/state` prints each index's metadata (ES `IndexMetadata#toXContent`): its `settings`
 * are the same `Settings` `GET _settings` prints (`TransportGetSettingsAction`; both REST actions
 * apply the same `SettingsFilter`), nested in the API context of later releases and flat before,
 * which `flattenSettings` reads as well; only `_settings?human` adds the `*_string` dates and
 * versions, which the twin drops anyway. Beside them: `state`, the aliases (names only in the API
 * context, so alias.json stays their source), `rollover_info` and the stored `ilm` state. One
 * cluster-state version holds them all, where settings.json and explain are separate calls made one
 * after another: an index created or deleted between the calls is in one file and not the other, and
 * the cluster state alone is one consistent picture of every index (an index only settings.json
 * lists, made after the cluster state was taken, is left out; one indices_stats.json no longer lists
 * is noted and taken as empty, as before).
 */
function settingsInState(stateIndices: Record<string, Json>): boolean {
  let any = false;
  for (const name in stateIndices) {
    if (!isObject(stateIndices[name]?.['settings'])) return false;
    any = true;
  }
  return any;
}

/** An index's cached phase (`PhaseExecutionInfo`), or why the profile refuses it (the note's tail). */
interface CachedPhase {
  readonly info: PhaseExecutionInfo | undefined;
  readonly refusal: string | undefined;
}

const NO_CACHED_PHASE: CachedPhase = { info: undefined, refusal: undefined };

/**
 * Per read, each distinct stored phase definition is parsed and checked once (thousands of indices
 * share a few): the results are immutable values shared by the indices that carry the same text.
 */
interface ReadMemo {
  /** By the stored `phase_definition` text, then the index's policy and phase. */
  readonly cachedPhases: Map<string, Map<string, CachedPhase>>;
  /** The step keys (`stepKeyJson`) a phase compiles to, by the phase and the policy's name. */
  readonly chains: Map<Phase, Map<string, ReadonlySet<string>>>;
  readonly phaseInfos: PhaseInfos;
}

/** The cluster state's `metadata.indices` (the rest of the file, routing table and all, is let go at once). */
function stateIndicesOf(reader: BundleReader): Record<string, Json> {
  const file = reader.object('cluster_state.json', 'no rollover dates and no stored ILM state: explain is used alone');
  return isObject(file?.['metadata']?.['indices']) ? file!['metadata']['indices'] : {};
}

/** Each index's stats by name, or undefined without the file (the rest of the file is let go at once). */
function statsOf(reader: BundleReader): Record<string, Json> | undefined {
  const file = reader.object('indices_stats.json', 'every index is taken as empty (0 documents, 0 bytes)');
  if (!file) return undefined;
  return isObject(file['indices']) ? file['indices'] : {};
}

function readIndices(reader: BundleReader, profile: Profile, policies: ReadonlyMap<string, PolicyMetadata>, instantMillis: number): ReadIndices {
  const stateIndices = stateIndicesOf(reader);
  // Without explain, the cluster state's stored `ilm` metadata (when it has any) still gives each state.
  let stored = false;
  for (const name in stateIndices) if ((stored = isObject(stateIndices[name]?.['ilm']))) break;
  const explainWhenMissing = stored
    ? "each index's ILM state is read from cluster_state.json's stored ilm metadata"
    : 'no index has an ILM state; every managed index starts again from its policy';
  // With the cluster state's index metadata, settings.json is not read, and explain only for a managed
  // index the cluster state holds no stored ILM state for (else each file as before, explain first).
  const indexFile: IndexFile = settingsInState(stateIndices) ? 'cluster_state.json' : 'settings.json';
  let explain: Record<string, Json> | undefined;
  const explainRecord = (name: string): Json => {
    explain ??= reader.object('commercial/ilm_explain.json', explainWhenMissing)?.['indices'] ?? {};
    return explain![name];
  };
  if (indexFile === 'settings.json') explainRecord('');
  const indexEntries: Record<string, Json> =
    indexFile === 'cluster_state.json' ? stateIndices : (reader.object('settings.json', 'no index can be rebuilt') ?? {});
  // The cluster state names each index's aliases (names only, in the API context): alias.json gives
  // their metadata, for those names. Not read when the cluster state names no alias at all.
  const fromState = indexFile === 'cluster_state.json';
  const aliasFile = fromState && !anyAliasInState(stateIndices) ? undefined : reader.object('alias.json', 'indices are rebuilt without aliases');
  const stats = statsOf(reader);
  const reading: LifecycleReading = {
    reader,
    profile,
    policies,
    memo: { cachedPhases: new Map(), chains: new Map(), phaseInfos: new PhaseInfos() },
    indexFile,
  };
  const out: TwinIndex[] = [];
  const settingKeys = new SettingKeys();
  for (const name of Object.keys(indexEntries)) {
    const entry = indexEntries[name];
    if (!isObject(entry) || !isObject(entry['settings'])) continue;
    const { settings, uuid, providedName, creationDate: creationText } = flattenSettings(entry['settings'], new IndexSettingsRead(), settingKeys);
    let creationDate = millisOf(creationText ?? undefined);
    if (creationDate === undefined) {
      reader.note(indexFile, 'assumed', `${indexFile}: index [${name}] has no index.creation_date; taken as the bundle's instant`);
      creationDate = instantMillis;
    }
    // An index without aliases or rollovers shares one empty map (tens of thousands of indices: no
    // map each that lives as long as the model).
    let aliases: Map<string, AliasMetadata> | undefined;
    const aliasEntry = aliasFile?.[name]?.['aliases'];
    const stateAliases = fromState ? aliasNamesInState(entry) : undefined;
    if (isObject(aliasEntry) && stateAliases?.length !== 0) {
      for (const alias in aliasEntry) {
        if (stateAliases !== undefined && !stateAliases.includes(alias)) continue;
        const meta = aliasEntry[alias];
        (aliases ??= new Map()).set(alias, aliasMetadataOf(isObject(meta) ? meta : {}));
      }
    }
    const stateEntry = indexEntries === stateIndices ? entry : isObject(stateIndices[name]) ? stateIndices[name] : undefined;
    let rolloverInfos: Map<string, RolloverInfo> | undefined;
    const rolloverEntry = stateEntry?.['rollover_info'];
    for (const [alias, info] of isObject(rolloverEntry) ? Object.entries(rolloverEntry) : []) {
      const time = millisOf((info as Json)?.['time']);
      if (time === undefined) continue;
      (rolloverInfos ??= new Map()).set(alias, {
        timeMillis: time,
        metConditions: Object.keys(isObject((info as Json)['met_conditions']) ? (info as Json)['met_conditions'] : {}),
      });
    }
    const stat = stats?.[name];
    if (stats && stat === undefined) reader.note('indices_stats.json', 'assumed', `indices_stats.json: index [${name}] has no stats; taken as empty`);
    const status = stat?.['status'] ?? stateEntry?.['state'];
    out.push({
      name,
      uuid: typeof uuid === 'string' ? uuid : undefined,
      creationDate,
      providedName: providedName ?? name,
      settings,
      aliases: aliases ?? NONE,
      state: status === 'close' ? 'close' : 'open',
      docsCount: Number(stat?.['primaries']?.['docs']?.['count'] ?? 0),
      storeBytes: Number(stat?.['primaries']?.['store']?.['size_in_bytes'] ?? 0),
      rolloverInfos: rolloverInfos ?? NONE,
      lifecycle: lifecycleOf(reading, name, settings, explainRecord, stateEntry?.['ilm'], rolloverInfos ?? NONE, creationDate),
    });
  }
  out.sort((a, b) => a.creationDate - b.creationDate || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { indices: out, indexFile };
}

/**
 * One index's flat settings as they are read (one pass, no map in between): the metadata keys taken
 * aside, null values dropped, the rest put in the index's own `IndexSettings` in their order.
 */
class IndexSettingsRead implements SettingsSink {
  readonly settings = new IndexSettings();
  uuid: string | null | undefined;
  providedName: string | null | undefined;
  creationDate: string | null | undefined;

  set(key: string, value: string | null): void {
    if (METADATA_SETTINGS.has(key)) {
      if (key === 'index.uuid') this.uuid = value;
      else if (key === 'index.provided_name') this.providedName = value;
      else if (key === 'index.creation_date') this.creationDate = value;
    } else if (value === null) this.settings.delete(key);
    else this.settings.set(key, value);
  }
}

/**
 * The aliases the cluster state names for an index: `aliases` is a list of names in the API context
 * (ES `IndexMetadata#toXContent`), an object by name in the others; undefined when it has neither.
 */
function aliasNamesInState(entry: Json): readonly string[] | undefined {
  const aliases = entry?.['aliases'];
  if (Array.isArray(aliases)) return aliases.every((a) => typeof a === 'string') ? aliases : undefined;
  return isObject(aliases) ? Object.keys(aliases) : undefined;
}

/** Whether any index of the cluster state names an alias, or any does not say (alias.json is needed). */
function anyAliasInState(stateIndices: Record<string, Json>): boolean {
  for (const name in stateIndices) if (aliasNamesInState(stateIndices[name])?.length !== 0) return true;
  return false;
}

/** The one empty map indices without aliases or rollovers share (never changed: the model is read-only). */
const NONE: ReadonlyMap<string, never> = new Map<string, never>();

function aliasMetadataOf(meta: Record<string, Json>): AliasMetadata {
  return {
    ...(isObject(meta['filter']) ? { filter: meta['filter'] } : {}),
    ...(typeof meta['index_routing'] === 'string' ? { indexRouting: meta['index_routing'] } : {}),
    ...(typeof meta['search_routing'] === 'string' ? { searchRouting: meta['search_routing'] } : {}),
    ...(typeof meta['is_write_index'] === 'boolean' ? { isWriteIndex: meta['is_write_index'] } : {}),
    ...(typeof meta['is_hidden'] === 'boolean' ? { isHidden: meta['is_hidden'] } : {}),
  };
}

/** What reading one index's lifecycle needs besides the index. */
interface LifecycleReading {
  readonly reader: BundleReader;
  readonly profile: Profile;
  readonly policies: ReadonlyMap<string, PolicyMetadata>;
  readonly memo: ReadMemo;
  /** The file the index's settings (and so its policy name) came from. */
  readonly indexFile: IndexFile;
}

/**
 * An index's execution state: from the cluster state's stored `ilm` metadata when the bundle has it
 * (ES `LifecycleExecutionState`, every field as a string), else from its explain record.
 */
function lifecycleOf(
  reading: LifecycleReading,
  name: string,
  settings: ReadonlyMap<string, string>,
  explainRecord: (name: string) => Json,
  stored: Json,
  rolloverInfos: ReadonlyMap<string, RolloverInfo>,
  creationDate: number,
): ExecutionState | null {
  const { reader, profile, policies } = reading;
  const policyName = settings.get('index.lifecycle.name');
  if (!policyName) return null;
  const file = 'commercial/ilm_explain.json';
  if (!policies.has(policyName)) {
    // The policy name is the index's setting: named with the file the settings came from (settings.json
    // bundles keep the explain file's name, as explain shows the same name).
    const from = reading.indexFile === 'cluster_state.json' ? reading.indexFile : file;
    reader.note(from, 'noted', `${from}: index [${name}] names policy [${policyName}], which the bundle lacks; it stays where it is, as ES leaves it`);
  }
  if (isObject(stored)) return storedState(reading, policies.get(policyName), name, stored);
  const record = explainRecord(name);
  if (!isObject(record)) {
    reader.note(file, 'assumed', `${file}: managed index [${name}] has no explain record; it starts its policy afresh`);
    return null;
  }
  if (record['phase'] === undefined) {
    // Not initialised yet (no step), but ILM may already have stored the lifecycle date.
    const date = settings.has(SETTING_ORIGINATION_DATE) ? undefined : millisOf(record['lifecycle_date_millis']);
    return date === undefined ? null : engineState(reading, { lifecycleDate: date });
  }
  const step: string | undefined = record['step'];
  const hasPolicy = policies.has(policyName);
  if (profile.explain.missingPolicyAsError && !hasPolicy && step === 'ERROR' && record['failed_step'] === undefined) {
    // Explain prints ERROR for an index whose policy is gone; the stored step is not in the record.
    reader.note(file, 'assumed', `${file}: index [${name}] shows ERROR only because its policy is missing; its stored step is unknown and kept as ERROR`);
  }
  // The lifecycle date explain shows is the origination date when one is set; the stored date is then
  // the rollover time (ES `UpdateRolloverLifecycleDateStep`) or the creation date.
  let lifecycleDate = millisOf(record['lifecycle_date_millis']);
  if (settings.has(SETTING_ORIGINATION_DATE)) {
    const rolled = [...rolloverInfos.values()].map((r) => r.timeMillis);
    lifecycleDate = rolled.length > 0 ? Math.max(...rolled) : creationDate;
  }
  const executed = phaseExecutionOf(profile, record['phase'], record['phase_execution'], policies);
  if (executed.refusal) reader.note(file, 'refused', `${file}: index [${name}] ${executed.refusal}`);
  const phaseDefinition = executed.info;
  checkKnownStep(reading, policies.get(policyName), name, record['phase'], record['action'], step, phaseDefinition, file);
  const state: Record<string, unknown> = {
    phase: record['phase'],
    action: record['action'],
    step,
    lifecycleDate,
    phaseTime: millisOf(record['phase_time_millis']),
    actionTime: millisOf(record['action_time_millis']),
    stepTime: millisOf(record['step_time_millis']),
    failedStep: record['failed_step'],
    isAutoRetryableError: record['is_auto_retryable_error'],
    failedStepRetryCount: record['failed_step_retry_count'],
    stepInfo: isObject(record['step_info']) ? record['step_info'] : undefined,
    previousStepInfo: isObject(record['previous_step_info']) ? record['previous_step_info'] : undefined,
    phaseDefinition,
    shrinkIndexName: record['shrink_index_name'],
    snapshotRepository: record['repository_name'],
    snapshotName: record['snapshot_name'],
  };
  if (state['failedStep'] !== undefined && profile.explain.retryFields && state['failedStepRetryCount'] === undefined) {
    reader.note(file, 'assumed', `${file}: index [${name}] in ERROR shows no failed_step_retry_count; taken as none`);
  }
  return engineState(reading, state);
}

/**
 * A read state as the engine makes them: in `copyState`'s one shape (a bundle gives some fields and
 * not others, and states in many shapes would make every later read of them in the engine slower),
 * with one shared phase execution info per policy, version, modified date and cached phase, as the
 * engine's own transitions share one per policy and phase (its step memo is per info object, so
 * 20,000 indices with 20,000 equal infos resolved their steps 20,000 times). Infos are shared only
 * when they hold the same `Phase` object (a phase parsed from explain's printed definition is the
 * index's own and stays so); every field is equal, so nothing can tell.
 */
function engineState(reading: LifecycleReading, fields: Record<string, unknown>): ExecutionState {
  const state = copyState(fields as ExecutionState);
  const info = state.phaseDefinition;
  if (info !== undefined) state.phaseDefinition = reading.memo.phaseInfos.shared(info);
  return state;
}

/** The phase execution infos of a read, one per cached phase (null: none), policy, version and modified date. */
class PhaseInfos {
  private readonly byPhase = new Map<Phase | null, Map<string, PhaseExecutionInfo>>();

  shared(info: PhaseExecutionInfo): PhaseExecutionInfo {
    let byKey = this.byPhase.get(info.phase);
    if (byKey === undefined) this.byPhase.set(info.phase, (byKey = new Map()));
    const key = `${info.policy}\u0000${info.version}\u0000${info.modifiedDate}`;
    const held = byKey.get(key);
    if (held !== undefined) return held;
    byKey.set(key, info);
    return info;
  }
}

/**
 * ES `LifecycleExecutionState#fromCustomMetadata`: the stored strings back into typed fields. Key names
 * and formats checked against ES's class (x-pack/plugin/core/.../xpack/core/indexlifecycle/ in 6.x,
 * .../xpack/core/ilm/LifecycleExecutionState in 7.x, server/.../cluster/metadata/LifecycleExecutionState
 * in 8.x/9.x; 6.x has no retry, snapshot, shrink or downsample keys): `creation_date` (the
 * lifecycle date), `phase_time`, `action_time`, `step_time` as epoch-millis strings,
 * `is_auto_retryable_error` as "true"/"false", `failed_step_retry_count` as an integer string,
 * `step_info`, `previous_step_info` (8.16+) and `phase_definition` (a `PhaseExecutionInfo`) as JSON
 * text, `snapshot_repository`, `snapshot_name`, `snapshot_index_name`, `shrink_index_name`, and the
 * downsample target still under `rollup_index_name` (ES's `DOWNSAMPLE_INDEX_NAME` constant).
 */
function storedState(reading: LifecycleReading, policy: PolicyMetadata | undefined, name: string, stored: Record<string, Json>): ExecutionState {
  const { reader } = reading;
  const file = 'cluster_state.json';
  const json = (key: string): Record<string, unknown> | undefined => {
    const text = stored[key];
    if (typeof text !== 'string') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      reader.note(file, 'refused', `${file}: index [${name}] ilm.${key} is not JSON; left out`);
      return undefined;
    }
  };
  const executed = cachedPhaseOf(reading, policy, name, stored['phase'], stored['phase_definition']);
  if (executed.refusal) reader.note(file, 'refused', `${file}: index [${name}] ${executed.refusal}`);
  const phaseDefinition = executed.info;
  checkKnownStep(reading, policy, name, stored['phase'], stored['action'], stored['step'], phaseDefinition, file);
  const retry = stored['failed_step_retry_count'];
  const state: Record<string, unknown> = {
    phase: stored['phase'],
    action: stored['action'],
    step: stored['step'],
    lifecycleDate: millisOf(stored['creation_date']),
    phaseTime: millisOf(stored['phase_time']),
    actionTime: millisOf(stored['action_time']),
    stepTime: millisOf(stored['step_time']),
    failedStep: stored['failed_step'],
    isAutoRetryableError: stored['is_auto_retryable_error'] === undefined ? undefined : stored['is_auto_retryable_error'] === 'true',
    failedStepRetryCount: retry === undefined ? undefined : Number(retry),
    stepInfo: json('step_info'),
    previousStepInfo: json('previous_step_info'),
    phaseDefinition,
    shrinkIndexName: stored['shrink_index_name'],
    snapshotRepository: stored['snapshot_repository'],
    snapshotName: stored['snapshot_name'],
    snapshotIndexName: stored['snapshot_index_name'],
    downsampleIndexName: stored['rollup_index_name'],
  };
  return engineState(reading, state);
}

/**
 * ES `PhaseExecutionInfo` from explain's `phase_execution` (or the stored JSON of the same). When it
 * caches the stored policy's own version, the phase is that policy's (exactly what ES cached);
 * otherwise explain's printed definition is parsed, without the implicit rollover conditions 8.x
 * explain prints beside the configured ones.
 */
function phaseExecutionOf(profile: Profile, phaseName: unknown, execution: Json, policies: ReadonlyMap<string, PolicyMetadata>): CachedPhase {
  if (!isObject(execution)) return NO_CACHED_PHASE;
  const policy = String(execution['policy'] ?? '');
  const version = typeof execution['version'] === 'number' ? execution['version'] : 1;
  const modifiedDate = millisOf(execution['modified_date_in_millis'] ?? execution['modified_date']) ?? NaN;
  const definition = execution['phase_definition'];
  if (!isObject(definition) || typeof phaseName !== 'string') return { info: { policy, phase: null, version, modifiedDate }, refusal: undefined };
  const current = policies.get(policy);
  if (current && current.version === version && current.modifiedDate === modifiedDate) {
    const phase = current.policy.phases.get(phaseName);
    if (phase) return { info: { policy, phase, version, modifiedDate }, refusal: undefined };
  }
  // Explain prints the cached phase as `{min_age, actions}`; its name is the phase the index is in.
  try {
    const parsed = parsePolicyRequest(
      JSON.stringify({ policy: { phases: { [phaseName]: withoutImplicitConditions(definition, profile) } } }),
      policy || 'cached',
      profile,
    );
    return { info: { policy, phase: parsed.phases.get(phaseName) ?? null, version, modifiedDate }, refusal: undefined };
  } catch (error) {
    return {
      info: undefined,
      refusal: `has a cached [${phaseName}] phase profile ${profile.name} refuses (${reasonOf(error)}); the index reads the phase from its current policy`,
    };
  }
}

/**
 * The stored `phase_definition` (JSON text of a `PhaseExecutionInfo`) as `phaseExecutionOf` reads it,
 * once per distinct text, policy and phase in a read: indices share the value (it is never changed
 * in place; the engine replaces an index's whole `phaseDefinition`).
 */
function cachedPhaseOf(reading: LifecycleReading, policy: PolicyMetadata | undefined, name: string, phaseName: unknown, text: Json): CachedPhase {
  if (typeof text !== 'string') return NO_CACHED_PHASE;
  // By the text first (each index holds its own copy of the string), then the policy and the phase.
  let byText = reading.memo.cachedPhases.get(text);
  if (!byText) reading.memo.cachedPhases.set(text, (byText = new Map()));
  const key = `${policy?.policy.name ?? ''}\u0000${typeof phaseName}\u0000${String(phaseName)}`;
  const known = byText.get(key);
  if (known) return known;
  let execution: Json;
  try {
    execution = JSON.parse(text);
  } catch {
    // Not memoised: the note names each index whose text is not JSON.
    reading.reader.note('cluster_state.json', 'refused', `cluster_state.json: index [${name}] ilm.phase_definition is not JSON; left out`);
    return NO_CACHED_PHASE;
  }
  const cached = phaseExecutionOf(reading.profile, phaseName, execution, policy ? new Map([[policy.policy.name, policy]]) : new Map());
  byText.set(key, cached);
  return cached;
}

/**
 * The printed phase without ILM's implicit rollover conditions (`withImplicitDefaults`: `min_docs: 1`,
 * `max_primary_shard_docs: 200000000`), which explain adds on profiles with min conditions.
 * Divergence (what a bundle cannot carry): a policy that set exactly those values itself reads as
 * one that did not; ILM applies them either way, so the index behaves the same.
 */
function withoutImplicitConditions(definition: Record<string, Json>, profile: Profile): Record<string, Json> {
  const rollover = definition['actions']?.['rollover'];
  if (profile.rolloverConditions !== 'min-max' || !isObject(rollover)) return definition;
  const conditions = { ...rollover };
  if (conditions['min_docs'] === 1 && conditions['min_primary_shard_docs'] === undefined) delete conditions['min_docs'];
  if (conditions['max_primary_shard_docs'] === MAX_PRIMARY_SHARD_DOCS_DEFAULT) delete conditions['max_primary_shard_docs'];
  return { ...definition, actions: { ...definition['actions'], rollover: conditions } };
}

/** Notes an index on a step its phase (cached, else the policy's) does not compile to in this profile. */
function checkKnownStep(
  reading: LifecycleReading,
  policy: PolicyMetadata | undefined,
  index: string,
  phase: unknown,
  action: unknown,
  step: unknown,
  cached: PhaseExecutionInfo | undefined,
  file: string,
): void {
  if (typeof phase !== 'string' || typeof action !== 'string' || typeof step !== 'string') return;
  if (step === 'ERROR' || phase === 'new' || action === 'complete' || phase === 'completed') return;
  const definition = cached?.phase ?? policy?.policy.phases.get(phase);
  if (!definition) return;
  if (!chainKeys(reading, policy?.policy.name ?? 'cached', phase, definition).has(stepKeyJson(stepKey(phase, action, step)))) {
    reading.reader.note(
      file,
      'noted',
      `${file}: index [${index}] is on step [${phase}/${action}/${step}], which its [${phase}] phase does not have in profile ${reading.profile.name}; the index stays there, as ES leaves an index on a step it cannot find`,
    );
  }
}

/**
 * The step keys of a phase's chain as the engine compiles it (injected actions such as `migrate`
 * included), once per phase in a read.
 */
function chainKeys(reading: LifecycleReading, policyName: string, phaseName: string, definition: Phase): ReadonlySet<string> {
  let byPolicy = reading.memo.chains.get(definition);
  if (!byPolicy) reading.memo.chains.set(definition, (byPolicy = new Map()));
  const key = `${policyName}\u0000${phaseName}`;
  let keys = byPolicy.get(key);
  if (!keys) {
    const chain = compileSteps({ name: policyName, phases: new Map([[phaseName, definition]]) }, reading.profile);
    keys = new Set(chain.map((s) => stepKeyJson(s.key)));
    byPolicy.set(key, keys);
  }
  return keys;
}

/**
 * Templates are kept as the cluster held them, without the simulator's PUT validation: the cluster
 * accepted them, and they may carry settings of plugins the simulator does not know.
 */
function namedTemplates(
  reader: BundleReader,
  file: string,
  listKey: string,
  itemKey: string,
  profile: Profile,
): Array<{ name: string; body: Record<string, Json> }> {
  if (!releaseHas(profile, file)) return [];
  const body = reader.object(file, 'the twin has none of them');
  const list = Array.isArray(body?.[listKey]) ? body![listKey] : [];
  const out: Array<{ name: string; body: Record<string, Json> }> = [];
  for (const item of list) {
    if (isObject(item) && typeof item['name'] === 'string' && isObject(item[itemKey])) out.push({ name: item['name'], body: item[itemKey] });
  }
  return out;
}

function legacyTemplates(reader: BundleReader): LegacyTemplate[] {
  const body = reader.object('templates.json', 'the twin has no legacy templates');
  const out: LegacyTemplate[] = [];
  for (const [name, entry] of Object.entries(body ?? {})) {
    if (!isObject(entry)) continue;
    out.push({
      name,
      order: typeof entry['order'] === 'number' ? entry['order'] : 0,
      version: typeof entry['version'] === 'number' ? entry['version'] : null,
      indexPatterns: stringList(entry['index_patterns']),
      settings: templateSettings(entry),
      mappings: isObject(entry['mappings']) ? entry['mappings'] : {},
      aliases: templateAliases(entry),
    });
  }
  return out;
}

function stringList(value: Json): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

/** A template's `settings`, flat (`index.` prefixed as ES normalises them). */
function templateSettings(template: Json): Map<string, string> {
  const out = new Map<string, string>();
  const settings = isObject(template) && isObject(template['settings']) ? template['settings'] : {};
  for (const [key, value] of flattenSettings(settings)) if (value !== null) out.set(key, value);
  return out;
}

function templateAliases(template: Json): Map<string, AliasMetadata> {
  const out = new Map<string, AliasMetadata>();
  const aliases = isObject(template) && isObject(template['aliases']) ? template['aliases'] : {};
  for (const [alias, meta] of Object.entries(aliases)) out.set(alias, aliasMetadataOf(isObject(meta) ? meta : {}));
  return out;
}

function readDataStreams(reader: BundleReader, profile: Profile, twinIndices: readonly TwinIndex[], indexFile: IndexFile): TwinDataStream[] {
  if (!releaseHas(profile, 'commercial/data_stream.json')) return [];
  const file = 'commercial/data_stream.json';
  const body = reader.object(file, 'the twin has no data streams (their backing indices become plain indices)');
  const indexNames = new Set(twinIndices.map((i) => i.name));
  const out: TwinDataStream[] = [];
  for (const ds of Array.isArray(body?.['data_streams']) ? body!['data_streams'] : []) {
    if (!isObject(ds) || typeof ds['name'] !== 'string') continue;
    const indices = (Array.isArray(ds['indices']) ? ds['indices'] : []).map((i: Json) => String(i?.['index_name'])).filter((n: string) => indexNames.has(n));
    if (indices.length === 0) {
      reader.note(file, 'refused', `${file}: data stream [${ds['name']}] has no backing index the bundle's ${indexFile} lists; left out`);
      continue;
    }
    out.push({ name: ds['name'], indices, generation: Number(ds['generation'] ?? indices.length), hidden: ds['hidden'] === true });
  }
  return out;
}

function readSlm(reader: BundleReader, profile: Profile, instantMillis: number): Pick<TwinModel, 'repositories' | 'snapshots' | 'slmPolicies' | 'slmStats'> {
  const repositoriesFile = reader.object('repositories.json', 'the twin has no snapshot repositories');
  const repositories: SnapshotRepository[] = [];
  for (const [name, entry] of Object.entries(repositoriesFile ?? {})) {
    if (!isObject(entry)) continue;
    repositories.push({ name, type: String(entry['type'] ?? 'fs'), settings: isObject(entry['settings']) ? entry['settings'] : {} });
  }
  const snapshots: Snapshot[] = [];
  const snapshotFile =
    repositories.length === 0 ? undefined : reader.object('snapshot.json', 'the twin has no snapshots (wait_for_snapshot waits for a new one)');
  const groups: Array<{ repository: string | undefined; snapshots: Json[] }> = [];
  if (Array.isArray(snapshotFile?.['responses']))
    for (const r of snapshotFile!['responses']) groups.push({ repository: r?.['repository'], snapshots: r?.['snapshots'] ?? [] });
  else if (Array.isArray(snapshotFile?.['snapshots'])) groups.push({ repository: undefined, snapshots: snapshotFile!['snapshots'] });
  for (const group of groups) {
    for (const s of group.snapshots) {
      const repository = s?.['repository'] ?? group.repository ?? (repositories.length === 1 ? repositories[0]!.name : undefined);
      if (!isObject(s) || typeof repository !== 'string' || typeof s['snapshot'] !== 'string') continue;
      let start = millisOf(s['start_time_in_millis'] ?? s['start_time']);
      if (start === undefined) {
        reader.note(
          'snapshot.json',
          'assumed',
          `snapshot.json: snapshot [${repository}/${s['snapshot']}] has no start time (verbose=false); taken as the bundle's instant`,
        );
        start = instantMillis;
      }
      snapshots.push({
        name: s['snapshot'],
        uuid: String(s['uuid'] ?? ''),
        repository,
        indices: Array.isArray(s['indices']) ? s['indices'].map(String) : [],
        includeGlobalState: s['include_global_state'] !== false,
        state: 'SUCCESS',
        startMillis: start,
        endMillis: millisOf(s['end_time_in_millis'] ?? s['end_time']) ?? start,
        ...(isObject(s['metadata']) ? { metadata: s['metadata'] } : {}),
      });
    }
  }
  const slmPolicies: SlmPolicy[] = [];
  const slmStats: TwinSlmStats[] = [];
  if (releaseHas(profile, 'commercial/slm_policies.json')) {
    const slmFile = reader.object('commercial/slm_policies.json', 'the twin has no SLM policies');
    for (const [id, entry] of Object.entries(slmFile ?? {})) {
      if (!isObject(entry) || !isObject(entry['policy'])) continue;
      const p = entry['policy'];
      slmPolicies.push({
        id,
        name: String(p['name']),
        schedule: String(p['schedule']),
        repository: String(p['repository']),
        ...(isObject(p['config']) ? { config: p['config'] } : {}),
        ...(isObject(p['retention']) ? { retention: p['retention'] } : {}),
        version: Number(entry['version'] ?? 1),
        modifiedDate: millisOf(entry['modified_date_millis'] ?? entry['modified_date']) ?? instantMillis,
        ...invocation('lastSuccess', entry['last_success']),
        ...invocation('lastFailure', entry['last_failure']),
      });
      const stats = entry['stats'];
      if (isObject(stats)) {
        slmStats.push({
          id,
          snapshotsTaken: Number(stats['snapshots_taken'] ?? 0),
          snapshotsFailed: Number(stats['snapshots_failed'] ?? 0),
          snapshotsDeleted: Number(stats['snapshots_deleted'] ?? 0),
          snapshotDeletionFailures: Number(stats['snapshot_deletion_failures'] ?? 0),
        });
      }
    }
  }
  return { repositories, snapshots, slmPolicies, slmStats };
}

function invocation(key: 'lastSuccess' | 'lastFailure', value: Json): Partial<Record<'lastSuccess' | 'lastFailure', SlmInvocation>> {
  if (!isObject(value)) return {};
  const time = millisOf(value['time'] ?? value['time_string']);
  if (time === undefined) return {};
  const start = millisOf(value['start_time'] ?? value['start_time_string']);
  return {
    [key]: {
      snapshotName: String(value['snapshot_name']),
      ...(start === undefined ? {} : { startMillis: start }),
      timeMillis: time,
      ...(typeof value['details'] === 'string' ? { details: value['details'] } : {}),
    },
  };
}

/** Whether the profile's release has the call behind a bundle file (the tool skips it on older ones). */
function releaseHas(profile: Profile, file: string): boolean {
  const entry = BUNDLE_FILES.find((e) => e.file === file);
  return entry !== undefined && callFor(entry, majorMinor(profile.version.number)!) !== null;
}
