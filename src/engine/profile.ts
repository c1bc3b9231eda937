/**
 * Version profiles as data (architecture rule 6): each profile says which explain fields exist, which
 * actions each phase allows and in which order, which step chain variant each action uses, and the
 * other behaviours that changed between ES releases. The engine reads these flags; it never compares
 * version numbers.
 */

export type PhaseName = 'hot' | 'warm' | 'cold' | 'frozen' | 'delete';

export interface Profile {
  /** The profile's name as users select it (`"7.10"`). */
  readonly name: string;
  /** What `GET /` reports. */
  readonly version: {
    readonly number: string;
    readonly buildHash: string;
    readonly buildDate: string;
    readonly luceneVersion: string;
    readonly minimumWireCompatibilityVersion: string;
    readonly minimumIndexCompatibilityVersion: string;
    readonly buildFlavor: string | null;
    readonly buildType: string | null;
  };
  readonly description: string;
  /** ES labelled the ILM API beta in this release. */
  readonly beta: boolean;
  /** Phases in execution order (ES `ORDERED_VALID_PHASES`). */
  readonly phases: readonly PhaseName[];
  /** Allowed actions per phase, in execution order (ES `ORDERED_VALID_*_ACTIONS`). */
  readonly phaseActions: Readonly<Record<PhaseName, readonly string[]>>;
  /** Hot-phase actions that need a rollover beside them; empty when the hot phase cannot hold them. */
  readonly actionsNeedingRolloverInHot: readonly string[];
  /** `action` (7.10, one action possible) or `action(s)` (later) in the hot-phase rollover message. */
  readonly hotRolloverMessageNoun: string;
  /**
   * Parse-error wording: ES 7.7+ says `[phase] unknown field [x]` (with "did you mean" suggestions) and
   * `unknown field [x]` for an unknown action; 6.x said `..., parser not found` and
   * `unable to parse LifecycleAction with name [x]: parser not found`.
   */
  readonly parseErrorStyle: 'suggesting' | 'parser-not-found';
  /**
   * ES `Step#isRetryable` per step family. In 7.6-7.12 only `UpdateSettingsStep`s, `init` and the
   * rollover steps were retryable; from 7.13 every action step is.
   */
  readonly retryable: {
    readonly updateSettings: boolean;
    readonly init: boolean;
    /** `check-rollover-ready` (7.6, #48256) and `attempt-rollover` (#50522). */
    readonly rollover: boolean;
    readonly otherActionSteps: boolean;
  };
  /** Actions whose presence injects `unfollow` into their phase (empty: no injection). */
  readonly unfollowInjectedBy: readonly string[];
  /**
   * ILM's cluster metadata exists on a fresh cluster, so the runner runs from the first request
   * (`IndexLifecycleService#triggerPolicies` does nothing without it). From 7.x the template registries
   * store built-in policies once a master is elected (`ilm-history-ilm-policy` by ES
   * `ILMHistoryTemplateRegistry`, `slm-history-ilm-policy`, `watch-history-ilm-policy`); 6.6 had none,
   * so ILM slept until the first `PUT _ilm/policy` or `_ilm/start`/`_ilm/stop`.
   * Divergence: the simulator does not list those built-in policies in `GET _ilm/policy`.
   */
  readonly ilmMetadataAtStartup: boolean;
  /** Whether `migrate` is injected into warm/cold phases without allocation rules. */
  readonly injectMigrate: boolean;
  /** Step chain variant per action (see each action's file). */
  readonly chains: {
    /**
     * `v7.16`: 7.13's retryable shrink (`cleanup-shrink-index`, `generate-index-name`,
     * `max_primary_shard_size`) with 7.16's `check-target-shards-count` wait, a cluster-state branch that
     * skips only an index already at `number_of_shards`; `v8`: an async branch that skips on the computed
     * target too, `check-ts-end-time-passed`, `allow_write_after_shrink`.
     */
    readonly shrink: 'v6.6' | 'v7.10' | 'v7.16' | 'v8';
    /**
     * `v7.16`: `branch-forcemerge-check-prerequisites`, then the 7.x write block, and
     * `only_expunge_deletes`; `v8`: the branch and a never-entered `readonly` no-op.
     */
    readonly forcemerge: 'v6.6' | 'v7.10' | 'v7.16' | 'v8';
    /** `v8`: `check-ts-end-time-passed` before a write-block `readonly` step. */
    readonly readonly: 'v6.6' | 'v7.10' | 'v8';
    /** `v8`: `check-ts-end-time-passed` after `wait-for-shard-history-leases` (8.10+). */
    readonly delete: 'v6.6' | 'v7.10' | 'v8';
    /** `v8`: `branch-check-unfollow-prerequisites` skips the action for non-followers (7.12+). */
    readonly unfollow: 'v7.10' | 'v8';
    /** `v8`: `branch-check-skip-action` first. */
    readonly migrate: 'v7.10' | 'v8';
    /** 7.x adds `wait-for-active-shards` after `attempt-rollover`. */
    readonly rollover: 'v6.6' | 'v7.10';
    /** Messages and settings changed: 7.x `requiremust` (sic), 8.x `total_shards_per_node`. */
    readonly allocate: 'v6.6' | 'v7.10' | 'v8';
    /**
     * `v7.10`: `check-not-write-index`, then `freeze` freezes; `v8`: 8.0-8.x's branch, check and a
     * `freeze` step that does nothing; `v9`: three no-op steps (elastic/elasticsearch#119456).
     */
    readonly freeze: 'v7.10' | 'v8' | 'v9';
    readonly searchableSnapshot: 'v7.10' | 'v8';
    readonly waitForSnapshot: 'v7.10' | 'v8';
  };
  /**
   * Rollover conditions: `max` (`max_age`, `max_docs`, `max_size`; any one met) or `min-max` (8.4+:
   * `max_primary_shard_*` and `min_*`, all mins and one max met, implicit `min_docs: 1` and
   * `max_primary_shard_docs: 200000000`).
   */
  readonly rolloverConditions: 'max' | 'min-max';
  /**
   * With `max`: the conditions the rollover action declares, in the order its `toXContent` writes them
   * (`max_primary_shard_size` arrived in 7.13).
   */
  readonly rolloverMaxConditions: readonly string[];
  /**
   * Where the lifecycle type's validation runs: inside the policy's constructor while parsing (6.x-7.10,
   * errors wrapped in the parse chain); in the request's `validate()`, which calls `policy.validate()`
   * so its IAE escapes bare (HTTP 400 `illegal_argument_exception`) and only the phase-timing complaint
   * is an `action_request_validation_exception` (`request-validate-bare`, 7.17 and early 8.x); or with
   * every complaint an `action_request_validation_exception` (`request-validate`, 8.19+).
   */
  readonly policyValidation: 'in-constructor' | 'request-validate-bare' | 'request-validate';
  /** `validateMonotonicallyIncreasingPhaseTimings`: later phases may not have smaller `min_age`. */
  readonly phaseTimingCheck: boolean;
  /** 8.x injects `migrate` even beside an `allocate` with allocation rules (7.x did not). */
  readonly injectMigrateBesideAllocate: boolean;
  /**
   * 7.10/7.11 injected `migrate` into a phase that also mounts a searchable snapshot (and ran it first:
   * elastic/elasticsearch#69347 waits at `cold/migrate/check-migration` beside `searchable_snapshot`);
   * later releases skip such a phase (`shouldInjectMigrateStepForPhase`, cited in #81604 for 7.16).
   */
  readonly injectMigrateBesideSearchableSnapshot: boolean;
  /** `index.lifecycle.skip` (8.19/9.1+): a skipped index is passed over by the poll. */
  readonly lifecycleSkipSetting: boolean;
  /** Time-series indices (`index.mode: time_series`, 8.x+): the settings exist and downsample can run. */
  readonly timeSeriesIndices: boolean;
  /**
   * Data streams (7.9+), by the release whose `_data_stream` API and stream metadata they follow:
   * - `none`: 6.x, no `_data_stream` API.
   * - `v7.10`: 7.9/7.10. Backing indices `.ds-<name>-000001`; no name may start with `.`; no hidden
   *   streams; GET prints name, timestamp_field, indices, generation, status, template, ilm_policy;
   *   DELETE matches names itself (`data_streams matching [x] not found`); composable templates take no
   *   `allow_auto_create` and an empty `data_stream` object.
   * - `v7.17`: 7.11-7.17 (`DataStream.NEW_FEATURES_VERSION` = 7.11: dated backing names, hidden
   *   streams, `_meta`; `system` from 7.13). Shared with `v8`: backing indices
   *   `.ds-<name>-<yyyy.MM.dd>-000001` (UTC day of the index's creation), only the `.ds-` prefix refused
   *   in a name, `data_stream.hidden` in templates (hidden streams left out of wildcards unless
   *   `expand_wildcards` has `hidden`), `allow_auto_create` in templates, DELETE resolved like an index
   *   expression (`no such index [x]`), and (7.16, PR #79916) the generation bumped whenever a backing
   *   index is removed or replaced, so the next rollover skips a number. Shared with `v7.10`: a missing rollover target is an
   *   `illegal_argument_exception`, no `lazy` in the rollover answer, no GET `verbose`, no component
   *   template `deprecated`/`lifecycle`. Its own GET fields: 7.10's plus `_meta` (after generation),
   *   then `hidden`, `system` and `replicated` (7.16.1) last.
   * - `v8`: 8.x, the 8.x GET fields (per-index `managed_by`..., `allow_custom_routing`,
   *   `rollover_on_write`, ...), `allow_custom_routing` and `failure_store` in templates, a missing
   *   rollover target 404s, `lazy` in the rollover answer.
   */
  readonly dataStreams: 'none' | 'v7.10' | 'v7.17' | 'v8';
  /**
   * Composable index templates as ES keeps and prints them (`ComposableIndexTemplate`):
   * `extraFields`, the body fields `PUT _index_template` takes beyond 7.10's (`allow_auto_create` from
   * 7.11, `ignore_missing_component_templates` from 8.7, `deprecated` from 8.12); `composedOfShown`,
   * when `GET` shows `composed_of` (`given-or-with-template`: 7.x stores an empty list when the body has
   * a `template`, ES rebuilding it through `composedOf()`; `always`: 8.12.2+, elastic/elasticsearch#105315);
   * `dataStreamShown`, the fields `DataStreamTemplate#toXContent` writes (7.10 none, `hidden` from 7.11,
   * `allow_custom_routing` from 8.0).
   */
  readonly composableTemplates: {
    readonly extraFields: readonly string[];
    readonly composedOfShown: 'given-or-with-template' | 'always';
    readonly dataStreamShown: readonly ('hidden' | 'allow_custom_routing')[];
  };
  /**
   * ILM's `delete` step on a data stream's backing index: whether the stream's only backing index takes
   * the stream with it (7.12+, PR #69637, backported as #69724), and how the write index is refused:
   * thrown out of the step, where the runner does not catch it (`uncaught`: 7.9-8.12 `DeleteStep`
   * throws from `performDuringNoSnapshot`; the index stays on `delete` without `step_info`,
   * elastic/elasticsearch#68794) or handed to the listener (`error`: 8.13+, PR #105772, a retryable ERROR).
   */
  readonly dataStreamDelete: { readonly lastIndexDeletesStream: boolean; readonly writeIndexRefusal: 'uncaught' | 'error' };
  /**
   * ILM's rollover steps on a data stream's backing index that is no longer the write index (the stream
   * rolled over by hand while it waited at `check-rollover-ready`): `skip` (7.11.1+, the fix of
   * elastic/elasticsearch#67777: both steps see the index is not the write index and complete) or
   * `roll-again` (7.9-7.11.0: the dry run targets the stream, measures the current write index's age and
   * the stream's summed primary docs and store, and once met `attempt-rollover` rolls the stream over a
   * second time).
   */
  readonly formerDataStreamWriteIndexRollover: 'skip' | 'roll-again';
  /**
   * The data stream lifecycle (8.11+, ES `DataStreamLifecycleService`), null before it. Its APIs come
   * by release (`since` in the route table); what differs between the releases that have it is here:
   * `hourlyRolloverForSubDayRetention`, the `max_age=auto` row for a retention of a day or less (1h,
   * after 9.1: elastic/elasticsearch#130960); 8.19 and 9.1 roll such streams over daily.
   */
  readonly dataStreamLifecycle: { readonly hourlyRolloverForSubDayRetention: boolean } | null;
  /**
   * Document write answers: `v7` (6.x/7.x) carry `_type: "_doc"` and a bulk answer starts with `took`;
   * `v8` has no types (removed in 8.0) and a bulk answer starts with `errors` (chunked XContent).
   */
  readonly documentApi: 'v7' | 'v8';
  /** Resize copies the source's settings (7.x) or only the requested ones (6.x). */
  readonly resizeCopiesSettings: boolean;
  /** `index.lifecycle.parse_origination_date` exists (7.5+). */
  readonly parseOriginationDate: boolean;
  /** 6.x-7.6 end a policy at `completed/completed/completed`; 7.7+ wait on the last phase's complete step. */
  readonly policyEnd: 'terminal-step' | 'last-phase-complete';
  /** ILM retries retryable ERROR steps on each poll tick (7.6+). */
  readonly autoRetry: boolean;
  /** Explain fields this release writes. */
  readonly explain: {
    readonly age: boolean;
    readonly retryFields: boolean;
    /** Whether a negative age prints as ES 6/7 did (raw millis) or is clamped at zero. */
    readonly clampNegativeAge: boolean;
    /** Whether the `new` phase records a `phase_execution` (set on every transition since 7.9). */
    readonly phaseExecutionInNewPhase: boolean;
    /** Order of `indices` in the response: Java HashMap order (6.x/7.x) or sorted (8.x+). */
    readonly indexOrder: 'java-hash' | 'sorted';
    /** `index_creation_date_millis` and `time_since_index_creation` (8.1+, PR #81273, transport gate `V_8_1_0`). */
    readonly creationDate: boolean;
    /** `previous_step_info` (8.16+). */
    readonly previousStepInfo: boolean;
    /** `skip` (8.19/9.1+). */
    readonly skip: boolean;
    /** An index whose policy does not exist shows `"step": "ERROR"` (8.13+, ES PR #103720). */
    readonly missingPolicyAsError: boolean;
  };
  /** Default `index.number_of_shards` (5 before 7.0, then 1). */
  readonly defaultNumberOfShards: number;
  /** Settings the action parsers accept that older releases lacked. */
  readonly deleteSearchableSnapshotSetting: boolean;
  readonly forcemergeIndexCodec: boolean;
  /**
   * `POST /<missing>/_ilm/retry`: 404 index_not_found_exception "no such index [x]" or 400
   * illegal_argument_exception "index [x] does not exist". Sources (elastic/elasticsearch):
   * - ILM's own code answers 400 in every release: `TransportRetryAction#checkBlock` checks only the
   *   global block (it never resolves names: 6.x `xpack/indexlifecycle/action`, 7.x and 8.x/9.x
   *   `xpack/ilm/action`), and `IndexLifecycleRunner#moveClusterStateToFailedStep` (6.x; later
   *   `IndexLifecycleService#moveClusterStateToPreviouslyFailedStep`) throws the IAE; PR #48256 (7.6)
   *   kept the IAE rather than make retry answer 404, "a breaking change".
   * - ES's REST test of the 6.x-7.8 layout, `x-pack/plugin/ilm/qa/rest/src/test/.../ilm/30_retry.yml`
   *   (run with `xpack.security.enabled: true`), expects the 404; the same test in the yamlRestTest
   *   layout (7.9+: `qa/rest/src/yamlRestTest`, and 8.x/9.x `x-pack/plugin/ilm/src/yamlRestTest`, also
   *   with security) expects the 400.
   * - In that same 6.x-7.8 suite `20_move_to_step.yml` expects 400 "index [does_not_exist] does not
   *   exist" for move-to-step, whose request is not an `IndicesRequest`: so the retry's 404 came from the
   *   security layer's resolution of `RetryRequest` (an `IndicesRequest.Replaceable`), which the 6.6
   *   profile models (see retry's Java HashSet order, elastic/elasticsearch#38987).
   * So 6.6 answers 404 and 7.10, 7.17, 8.19, 9.1 answer 400. Unsettled: the exact line of the 6.x-7.8
   * security resolver that answered 404 (the 6.x `IndicesAndAliasesResolver` read here keeps a missing
   * explicit name), hence the exact release between 7.8 and 8.x where the secured answer became 400.
   */
  readonly retryMissingIndex: 'index_not_found' | 'illegal_argument';
  /**
   * ES `Alias.fromXContent` (create index): `lenient` skips unknown fields and tokens (6.x, 7.x);
   * `strict` refuses them, "Unknown field [f] in alias [a]" / "Unknown token [T] in alias [a]"
   * (8.0+, elastic/elasticsearch PR #71889, backported to 8.0 as #81565). See src/api/indices/alias-spec.ts.
   */
  readonly aliasParsing: 'lenient' | 'strict';
  /**
   * Closing an index (ES `MetadataIndexStateService`, `CloseIndexResponse`): `v6` answers
   * `{"acknowledged":true}` and closes at once (6.x `AcknowledgedResponse`); `v7` answers
   * `{"acknowledged":true,"shards_acknowledged":true,"indices":{"<name>":{"closed":true}}}` (the
   * `indices` map since 7.3, elastic/elasticsearch #39687) and marks the closed index with
   * `index.verified_before_close: true` (`MetadataIndexStateService.VERIFIED_BEFORE_CLOSE_SETTING`,
   * 7.2+), removed again on open.
   */
  readonly closeIndex: 'v6' | 'v7';
  /**
   * An identical re-PUT of a policy keeps its version (ES `isNoopUpdate`). ES made that a no-op in
   * 8.0 (PR #82240, fixing issue #82065, where 7.16.2 still bumped the version), so 6.x/7.x bump it.
   */
  readonly noopPolicyUpdate: boolean;
  /**
   * The error type of a bad time value in a query parameter: `TimeValue` threw
   * ElasticsearchParseException in 6.x and IllegalArgumentException once it moved to libs/core (7.0).
   */
  readonly timeValueErrorType: 'parse_exception' | 'illegal_argument_exception';
  /** The wording of a policy-name error for an empty name (absent in older releases). */
  readonly policyNameEmptyCheck: boolean;
  /** `GET _ilm/policy` reports `in_use_by` (indices, data streams, composable templates; 7.14+, PR #74518). */
  readonly policyInUseBy: boolean;
  /** `POST _ilm/move` accepts a target with only a phase, or a phase and an action (7.15+). */
  readonly moveToStepPartialTarget: boolean;
  /**
   * What keeps running while ILM is STOPPING (and so holds off STOPPED): indices on these step names
   * (7.x `IGNORE_STEPS_MAINTENANCE_REQUESTED`), or in these actions plus indices with no step yet
   * (6.x `IGNORE_ACTIONS_MAINTENANCE_REQUESTED`).
   */
  readonly runWhileStopping: { readonly match: 'step' | 'action'; readonly names: readonly string[] };
  /** `index.version.created` as `GET {index}` shows it (ES `Version#id`). */
  readonly indexVersionCreated: string;
  /**
   * Snapshot features: SLM exists (7.4+); the snapshot API's response shape (7.9+ `data_streams`,
   * 8.x `repository` and `{snapshots, total, remaining}`); `searchable_snapshot` settings beyond the
   * repository (`total_shards_per_node` 8.16+, `replicate_for` 9.1); the 8.x policy rules for snapshot
   * actions (`TimeseriesLifecycleType#validate` rules 5-7, and `validateReplicateFor` in 9.1); and the
   * PUT-time prerequisites of 8.x `TransportPutLifecycleAction` (repository and SLM policy must exist);
   * and whether an SLM `schedule` may be a time unit as well as a cron (`SnapshotLifecyclePolicy`,
   * interval schedules from 8.16, elastic/elasticsearch#110847), which also words the schedule errors.
   */
  readonly snapshots: {
    readonly slm: boolean;
    readonly api: 'v6.6' | 'v7.10' | 'v8';
    readonly totalShardsPerNode: boolean;
    readonly replicateFor: boolean;
    readonly searchableSnapshotPolicyRules: boolean;
    readonly prerequisites: boolean;
    readonly slmIntervalSchedules: boolean;
    /**
     * `slm.minimum_interval` (default 15m) refuses an SLM schedule firing more often than it
     * (`SnapshotLifecycleService#validateMinimumInterval`, elastic/elasticsearch#64452, 7.11+).
     */
    readonly slmMinimumInterval: boolean;
  };
  /**
   * The cluster-wide shard limit, `cluster.max_shards_per_node` (ES `ShardLimitValidator`): `warn` in
   * 6.5-6.8 (a deprecation warning unless the node runs with `-Des.enforce_max_shards_per_node=true`;
   * elastic/elasticsearch#34021), `total` from 7.0 (enforced: "this action would add [N] total shards,
   * ... maximum shards open"), `normal` from 7.13 (the frozen group split the wording into "[N] shards,
   * ... maximum normal shards open", elastic/elasticsearch#71392, backport #71760).
   */
  readonly shardLimit: 'warn' | 'total' | 'normal';
  /**
   * ES `ReferenceDocs.MAX_SHARDS_PER_NODE`, which ends the shard limit's refusal ("...maximum normal
   * shards open; for more information, see <link>;") since elastic/elasticsearch#110993 (2024): the
   * release's guide page on 8.x (8.18 clusters print `.../reference/8.18/size-your-shards.html#...`),
   * the docs site's page on 9.x (elastic/elasticsearch#124798 moved the links there). Null before.
   */
  readonly shardLimitDocsLink: string | null;
  /**
   * What `GET /_xpack` and the license API show for the one-node cluster's self-generated basic
   * license: the feature sets of the release (`XPackInfoFeatureAction.ALL`) with whether a basic
   * license makes each available; where the license API lives (6.x `/_xpack/license`, 7.x both,
   * 8.x+ `/_license`); whether a license prints `max_resource_units` (7.11+ license version 5).
   */
  /** The roles of the one simulated node as `GET /_nodes` lists them (every role the release has). */
  readonly nodeRoles: readonly string[];
  /** Cluster health counts `unassigned_primary_shards` (8.16+). */
  readonly healthUnassignedPrimaries: boolean;
  /**
   * `GET /_cluster/allocation/explain` per release (ES `TransportClusterAllocationExplainAction`,
   * `ClusterAllocationExplanation`, `AllocateUnassignedDecision`, `MoveDecision`,
   * `AbstractAllocationDecision#discoveryNodeToXContent`):
   * - `noUnassigned`: the 400 when no shard is named and none is unassigned: `request` (up to 7.14,
   *   "unable to find any unassigned shards to explain [<request>]"), `no-shard-specified` (7.15+,
   *   "No shard was specified in the request ..."), `reference-docs` (8.15+, elastic/elasticsearch#110571:
   *   "There are no unassigned shards in this cluster. ... See <docsLink> for more information.");
   * - `randomShardNote`: the `note` on an answer about a shard ES chose (7.15+, `specificShard`), which
   *   from 7.15 also prefers an unassigned primary; `docsLink`: ES `ReferenceDocs.ALLOCATION_EXPLAIN_API`
   *   as the release prints it, ending the note and the 400 (8.15+; null before);
   * - `guidedExplanations`: the `Explanations` texts ("Elasticsearch isn't allowed to allocate ...",
   *   8.x) instead of the short ones ("cannot allocate because ...");
   * - `nodeRoles`: each node entry lists its `roles` (8.x).
   */
  readonly allocationExplain: {
    readonly noUnassigned: 'request' | 'no-shard-specified' | 'reference-docs';
    readonly randomShardNote: boolean;
    readonly docsLink: string | null;
    readonly guidedExplanations: boolean;
    readonly nodeRoles: boolean;
  };
  /** `_cat/indices` shows `dataset.size` by default (8.x). */
  readonly catIndicesDatasetSize: boolean;
  /** `POST /_ilm/migrate_to_data_tiers` exists (7.14+). */
  readonly migrateToDataTiers: boolean;
  /**
   * Whether a new index gets `index.routing.allocation.include._tier_preference` (`data_content`, or
   * `data_hot` for a data stream's backing index) when the templates and request leave it out:
   * `provider` (7.10+, ES `DataTier.DefaultHotAllocationSettingProvider`) only when they set no other
   * routing rule and no preference, even null; `enforced` (8.0+, PR #79751: `MetadataCreateIndexService`
   * puts it whenever the result has no tiers, whatever else is set).
   */
  readonly defaultTierPreference: 'none' | 'provider' | 'enforced';
  /** A lifecycle policy may carry `_meta` (7.14+). */
  readonly policyMeta: boolean;
  /** `POST /_aliases` and the alias APIs answer `errors` (and `action_results` on errors), 8.14+. */
  readonly aliasActionResults: boolean;
  readonly xpack: {
    readonly features: Readonly<Record<string, boolean>>;
    readonly licensePaths: readonly ('/_xpack/license' | '/_license')[];
    readonly maxResourceUnits: boolean;
  };
}

/** Feature sets a basic license makes available, by `XPackField` name. */
const BASIC_AVAILABLE: Readonly<Record<string, boolean>> = {
  aggregate_metric: true,
  analytics: true,
  archive: false,
  ccr: false,
  data_streams: true,
  data_tiers: true,
  enrich: true,
  enterprise_search: false,
  eql: true,
  esql: true,
  frozen_indices: true,
  graph: false,
  ilm: true,
  logsdb: false,
  logstash: false,
  ml: false,
  monitoring: true,
  rollup: true,
  searchable_snapshots: false,
  security: true,
  slm: true,
  spatial: true,
  sql: true,
  transform: true,
  universal_profiling: false,
  vectors: true,
  voting_only: true,
  watcher: false,
};

function basicFeatures(names: readonly string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const name of names) out[name] = BASIC_AVAILABLE[name] ?? false;
  return out;
}

const BASE_WARM_7 = ['set_priority', 'unfollow', 'readonly', 'allocate', 'migrate', 'shrink', 'forcemerge'];

export const PROFILE_7_10: Profile = {
  name: '7.10',
  version: {
    number: '7.10.2',
    buildFlavor: 'default',
    buildType: 'docker',
    buildHash: '747e1cc71def077253878a59143c1f785afa92b9',
    buildDate: '2021-01-13T00:42:12.435326Z',
    luceneVersion: '8.7.0',
    minimumWireCompatibilityVersion: '6.8.0',
    minimumIndexCompatibilityVersion: '6.0.0-beta1',
  },
  description: 'Elasticsearch 7.10: explain with age and automatic retry of retryable errors',
  beta: false,
  // The frozen phase arrived in 7.12.
  phases: ['hot', 'warm', 'cold', 'delete'],
  phaseActions: {
    hot: ['set_priority', 'unfollow', 'rollover', 'forcemerge'],
    warm: BASE_WARM_7,
    cold: ['set_priority', 'unfollow', 'allocate', 'migrate', 'freeze', 'searchable_snapshot'],
    frozen: [],
    delete: ['wait_for_snapshot', 'delete'],
  },
  actionsNeedingRolloverInHot: ['forcemerge'],
  hotRolloverMessageNoun: 'action',
  parseErrorStyle: 'suggesting',
  retryable: { updateSettings: true, init: true, rollover: true, otherActionSteps: false },
  unfollowInjectedBy: ['rollover', 'shrink', 'searchable_snapshot'],
  // `ilm-history-ilm-policy` (ES `ILMHistoryTemplateRegistry`, 7.7+) is stored at start-up.
  ilmMetadataAtStartup: true,
  injectMigrate: true,
  chains: {
    shrink: 'v7.10',
    forcemerge: 'v7.10',
    readonly: 'v7.10',
    delete: 'v7.10',
    unfollow: 'v7.10',
    migrate: 'v7.10',
    rollover: 'v7.10',
    allocate: 'v7.10',
    freeze: 'v7.10',
    searchableSnapshot: 'v7.10',
    waitForSnapshot: 'v7.10',
  },
  rolloverConditions: 'max',
  rolloverMaxConditions: ['max_size', 'max_age', 'max_docs'],
  policyValidation: 'in-constructor',
  phaseTimingCheck: false,
  injectMigrateBesideAllocate: false,
  injectMigrateBesideSearchableSnapshot: true,
  lifecycleSkipSetting: false,
  timeSeriesIndices: false,
  dataStreams: 'v7.10',
  composableTemplates: { extraFields: [], composedOfShown: 'given-or-with-template', dataStreamShown: [] },
  dataStreamDelete: { lastIndexDeletesStream: false, writeIndexRefusal: 'uncaught' },
  formerDataStreamWriteIndexRollover: 'roll-again',
  dataStreamLifecycle: null,
  documentApi: 'v7',
  resizeCopiesSettings: true,
  parseOriginationDate: true,
  policyEnd: 'last-phase-complete',
  autoRetry: true,
  explain: {
    age: true,
    retryFields: true,
    clampNegativeAge: false,
    phaseExecutionInNewPhase: true,
    indexOrder: 'java-hash',
    creationDate: false,
    previousStepInfo: false,
    skip: false,
    missingPolicyAsError: false,
  },
  defaultNumberOfShards: 1,
  deleteSearchableSnapshotSetting: true,
  forcemergeIndexCodec: true,
  // ES 7.10 `TransportRetryAction` does not resolve index names: a missing one fails in the transition
  // (and the yamlRestTest `30_retry.yml` expects the 400; see `Profile.retryMissingIndex`).
  retryMissingIndex: 'illegal_argument',
  aliasParsing: 'lenient',
  closeIndex: 'v7',
  noopPolicyUpdate: false,
  timeValueErrorType: 'illegal_argument_exception',
  policyNameEmptyCheck: false,
  policyInUseBy: false,
  moveToStepPartialTarget: false,
  runWhileStopping: { match: 'step', names: ['shrink'] },
  indexVersionCreated: '7100299',
  snapshots: {
    slm: true,
    api: 'v7.10',
    totalShardsPerNode: false,
    replicateFor: false,
    searchableSnapshotPolicyRules: false,
    prerequisites: false,
    slmIntervalSchedules: false,
    slmMinimumInterval: false,
  },
  shardLimit: 'total',
  shardLimitDocsLink: null,
  nodeRoles: ['data', 'data_cold', 'data_content', 'data_hot', 'data_warm', 'ingest', 'master', 'ml', 'remote_cluster_client', 'transform'],
  healthUnassignedPrimaries: false,
  allocationExplain: { noUnassigned: 'request', randomShardNote: false, docsLink: null, guidedExplanations: false, nodeRoles: false },
  catIndicesDatasetSize: false,
  migrateToDataTiers: false,
  defaultTierPreference: 'provider',
  policyMeta: false,
  aliasActionResults: false,
  xpack: {
    // 7.10 `XPackInfoFeatureAction.ALL` (data_tiers arrived in 7.10, aggregate_metric in 7.11).
    features: basicFeatures([
      'security',
      'monitoring',
      'watcher',
      'graph',
      'ml',
      'logstash',
      'eql',
      'sql',
      'rollup',
      'ilm',
      'slm',
      'ccr',
      'transform',
      'vectors',
      'voting_only',
      'frozen_indices',
      'spatial',
      'analytics',
      'enrich',
      'data_streams',
      'searchable_snapshots',
      'data_tiers',
    ]),
    licensePaths: ['/_license', '/_xpack/license'],
    maxResourceUnits: false,
  },
};

export const PROFILE_6_6: Profile = {
  name: '6.6',
  version: {
    number: '6.6.2',
    buildFlavor: 'default',
    buildType: 'tar',
    buildHash: '3bd3e59',
    buildDate: '2019-03-06T15:16:26.864148Z',
    luceneVersion: '7.6.0',
    minimumWireCompatibilityVersion: '5.6.0',
    minimumIndexCompatibilityVersion: '5.0.0',
  },
  description: 'Elasticsearch 6.6: the first ILM release (beta API), explain without age, no automatic retry',
  beta: true,
  phases: ['hot', 'warm', 'cold', 'delete'] as PhaseName[],
  phaseActions: {
    hot: ['rollover'],
    warm: ['readonly', 'allocate', 'shrink', 'forcemerge'],
    cold: ['allocate'],
    frozen: [],
    delete: ['delete'],
  },
  actionsNeedingRolloverInHot: [],
  hotRolloverMessageNoun: 'action',
  parseErrorStyle: 'parser-not-found',
  // 6.6 had no automatic retry and no `isRetryable`; nothing is marked retryable.
  retryable: { updateSettings: false, init: false, rollover: false, otherActionSteps: false },
  unfollowInjectedBy: [],
  // No built-in policy yet (watcher's `watch-history-ilm-policy` came with PR #37443, after 6.6).
  ilmMetadataAtStartup: false,
  injectMigrate: false,
  chains: {
    shrink: 'v6.6',
    forcemerge: 'v6.6',
    readonly: 'v6.6',
    delete: 'v6.6',
    unfollow: 'v7.10',
    migrate: 'v7.10',
    rollover: 'v6.6',
    allocate: 'v6.6',
    freeze: 'v7.10',
    searchableSnapshot: 'v7.10',
    waitForSnapshot: 'v7.10',
  },
  rolloverConditions: 'max',
  rolloverMaxConditions: ['max_size', 'max_age', 'max_docs'],
  policyValidation: 'in-constructor',
  phaseTimingCheck: false,
  injectMigrateBesideAllocate: false,
  injectMigrateBesideSearchableSnapshot: false,
  lifecycleSkipSetting: false,
  timeSeriesIndices: false,
  dataStreams: 'none',
  composableTemplates: { extraFields: [], composedOfShown: 'given-or-with-template', dataStreamShown: [] },
  dataStreamDelete: { lastIndexDeletesStream: false, writeIndexRefusal: 'uncaught' },
  formerDataStreamWriteIndexRollover: 'skip',
  dataStreamLifecycle: null,
  documentApi: 'v7',
  resizeCopiesSettings: false,
  parseOriginationDate: false,
  policyEnd: 'terminal-step',
  autoRetry: false,
  explain: {
    age: false,
    retryFields: false,
    clampNegativeAge: false,
    phaseExecutionInNewPhase: false,
    indexOrder: 'java-hash',
    creationDate: false,
    previousStepInfo: false,
    skip: false,
    missingPolicyAsError: false,
  },
  defaultNumberOfShards: 5,
  deleteSearchableSnapshotSetting: false,
  forcemergeIndexCodec: false,
  // The 6.x-7.8 `qa/rest/src/test/.../30_retry.yml` expects 404 "no such index [does_not_exist]"
  // (see `Profile.retryMissingIndex`).
  retryMissingIndex: 'index_not_found',
  aliasParsing: 'lenient',
  closeIndex: 'v6',
  noopPolicyUpdate: false,
  timeValueErrorType: 'parse_exception',
  policyNameEmptyCheck: false,
  policyInUseBy: false,
  moveToStepPartialTarget: false,
  runWhileStopping: { match: 'action', names: ['shrink'] },
  indexVersionCreated: '6060299',
  snapshots: {
    slm: false,
    api: 'v6.6',
    totalShardsPerNode: false,
    replicateFor: false,
    searchableSnapshotPolicyRules: false,
    prerequisites: false,
    slmIntervalSchedules: false,
    slmMinimumInterval: false,
  },
  shardLimit: 'warn',
  shardLimitDocsLink: null,
  nodeRoles: ['master', 'data', 'ingest'],
  healthUnassignedPrimaries: false,
  allocationExplain: { noUnassigned: 'request', randomShardNote: false, docsLink: null, guidedExplanations: false, nodeRoles: false },
  catIndicesDatasetSize: false,
  migrateToDataTiers: false,
  defaultTierPreference: 'none',
  policyMeta: false,
  aliasActionResults: false,
  xpack: {
    features: basicFeatures(['security', 'monitoring', 'watcher', 'graph', 'ml', 'logstash', 'sql', 'rollup', 'ilm', 'ccr']),
    licensePaths: ['/_xpack/license'],
    maxResourceUnits: false,
  },
};

/**
 * Elasticsearch 7.17, the last 7.x: 7.10 plus what the releases 7.11-7.17 changed, each value below
 * with the release that brought it and where it was read (ES sources as stored in the public code
 * index, PRs and issues). Everything not listed stays as 7.10; among those, what 7.17's own sources did
 * not settle: the searchable_snapshot, wait_for_snapshot and delete chains, the explain `indices` order
 * and negative ages, the snapshot API shape, the empty-policy-name check. Data streams stay as 7.10 too
 * (Divergence: 7.11+ name backing indices `.ds-<name>-<yyyy.MM.dd>-<generation>` and allow hidden
 * streams; the simulator's 8.x data-stream shape brings GET fields and errors 7.17 did not have).
 * Unchanged on purpose: identical re-PUTs still bump the version (elastic/elasticsearch#82065 shows
 * 7.16.2 doing it; 8.0 fixed it) and explain has no `index_creation_date_millis` (8.1, PR #81273).
 */
export const PROFILE_7_17: Profile = {
  ...PROFILE_7_10,
  name: '7.17',
  snapshots: { ...PROFILE_7_10.snapshots, slmMinimumInterval: true },
  // 7.11 added `allow_auto_create` and hidden data streams (`data_stream.hidden` printed).
  composableTemplates: { extraFields: ['allow_auto_create'], composedOfShown: 'given-or-with-template', dataStreamShown: ['hidden'] },
  shardLimit: 'normal',
  allocationExplain: { noUnassigned: 'no-shard-specified', randomShardNote: true, docsLink: null, guidedExplanations: false, nodeRoles: false },
  // A 7.17 `GET /` (docker image 7.17.6, as a user's answer shows it).
  version: {
    number: '7.17.6',
    buildFlavor: 'default',
    buildType: 'docker',
    buildHash: 'f65e9d338dc1d07b642e14a27f338990148ee5b6',
    buildDate: '2022-08-23T11:08:48.893373482Z',
    luceneVersion: '8.11.1',
    minimumWireCompatibilityVersion: '6.8.0',
    minimumIndexCompatibilityVersion: '6.0.0-beta1',
  },
  description:
    'Elasticsearch 7.17: the last 7.x (frozen phase, hot-phase shrink/readonly/searchable_snapshot, retryable shrink with max_primary_shard_size, phase-timing check)',
  // 7.12 added the frozen phase (`TimeseriesLifecycleType#ORDERED_VALID_PHASES`).
  phases: ['hot', 'warm', 'cold', 'frozen', 'delete'],
  // 7.17 `TimeseriesLifecycleType#ORDERED_VALID_*_ACTIONS` (the 7.x `rollup` action sat behind a feature
  // flag and is left out): hot gained readonly, shrink, forcemerge and searchable_snapshot beside
  // rollover (7.12/7.13), cold gained readonly and runs searchable_snapshot before allocate, and frozen
  // kept only unfollow and searchable_snapshot (an early 7.12 master allowed more).
  phaseActions: {
    hot: ['set_priority', 'unfollow', 'rollover', 'readonly', 'shrink', 'forcemerge', 'searchable_snapshot'],
    warm: BASE_WARM_7,
    cold: ['set_priority', 'unfollow', 'readonly', 'searchable_snapshot', 'allocate', 'migrate', 'freeze'],
    frozen: ['unfollow', 'searchable_snapshot'],
    delete: ['wait_for_snapshot', 'delete'],
  },
  // `HOT_ACTIONS_THAT_REQUIRE_ROLLOVER` (7.x): readonly, shrink, forcemerge, searchable_snapshot; with
  // several possible the message says `action(s)` (inferred from the 8.x text, which kept it).
  actionsNeedingRolloverInHot: ['readonly', 'shrink', 'forcemerge', 'searchable_snapshot'],
  hotRolloverMessageNoun: 'action(s)',
  // 7.13 made every action step retryable (the 7.14.2 explain of elastic/elasticsearch#80180 shows
  // `"failed_step": "shrink", "is_auto_retryable_error": true`).
  retryable: { updateSettings: true, init: true, rollover: true, otherActionSteps: true },
  chains: {
    ...PROFILE_7_10.chains,
    // 7.13's retryable shrink (`cleanup-shrink-index`, `generate-index-name` naming the target
    // `shrink-<4 chars>-<index>`: the `shrink_index_name` of #80180's 7.14.2 explain), and 7.16's
    // `check-target-shards-count` (PR #74219, backported to 7.x as #76565).
    shrink: 'v7.16',
    // 7.16/7.17 `ForceMergeAction`: `branch-forcemerge-check-prerequisites` (skips a searchable
    // snapshot), `check-not-write-index`, the `readonly` write block, and `only_expunge_deletes` (7.16,
    // transport gate `V_7_16_0`).
    forcemerge: 'v7.16',
    // 7.12 added `branch-check-unfollow-prerequisites` (PR #68690); the last step is
    // `wait-for-index-color` (`UnfollowActionTests` of the 7.12-8.x era: 8 steps, no time-series wait).
    unfollow: 'v8',
    // `MigrateAction` gained `branch-check-skip-action` with partially mounted indices (the
    // `common.xcontent`-era 7.x sources already have `CONDITIONAL_SKIP_MIGRATE_STEP`).
    migrate: 'v8',
    // `total_shards_per_node` arrived in 7.16 (PR #76134); 7.17.0 took #81944's reworded message and
    // the allocate action with only `total_shards_per_node` (backport PR #82192).
    allocate: 'v8',
  },
  // 7.13 added `max_primary_shard_size` (the `min_*` family and `max_primary_shard_docs` are 8.x).
  rolloverMaxConditions: ['max_size', 'max_primary_shard_size', 'max_age', 'max_docs'],
  // 7.17 `PutLifecycleAction.Request#validate`: `policy.validate()` first (its IAE escapes bare), then
  // `validateMonotonicallyIncreasingPhaseTimings` as an `ActionRequestValidationException`.
  policyValidation: 'request-validate-bare',
  phaseTimingCheck: true,
  // No migrate beside searchable_snapshot (7.12/7.13 reordered the two; #81604 cites the skip in 7.16).
  injectMigrateBesideSearchableSnapshot: false,
  // 7.11+ data streams as 7.17 has them (see `Profile.dataStreams`).
  dataStreams: 'v7.17',
  // 7.12: the stream's only backing index takes the stream with it (PR #69637); the write index is
  // still refused by a throw the runner does not catch (until 8.13).
  dataStreamDelete: { lastIndexDeletesStream: true, writeIndexRefusal: 'uncaught' },
  // 7.11.1 fixed elastic/elasticsearch#67777 (a former write index no longer rolls the stream over).
  formerDataStreamWriteIndexRollover: 'skip',
  dataStreamLifecycle: null,
  // 7.14, PR #74518.
  policyInUseBy: true,
  // 7.14: a policy may carry `_meta` (the specification's `IlmPolicy._meta`, since 7.14.0).
  policyMeta: true,
  // 7.14 (`POST _ilm/migrate_to_data_tiers`, with 7.17's template lists: `MigrateToDataTiersResponse`
  // reads them from `Version.V_7_17_0` on).
  migrateToDataTiers: true,
  // 7.15 (phase-only and phase/action targets of `POST _ilm/move`).
  moveToStepPartialTarget: true,
  // 7.x `IndexLifecycleService#IGNORE_STEPS_MAINTENANCE_REQUESTED = Set.of(ShrinkStep.NAME, RollupStep.NAME)`.
  runWhileStopping: { match: 'step', names: ['shrink', 'rollup'] },
  // ES `Version.V_7_17_6` (7170699).
  indexVersionCreated: '7170699',
};

/** Actions per phase since 8.x (ES `TimeseriesLifecycleType` `ORDERED_VALID_*_ACTIONS`). */
const PHASE_ACTIONS_8: Profile['phaseActions'] = {
  hot: ['set_priority', 'unfollow', 'rollover', 'readonly', 'downsample', 'shrink', 'forcemerge', 'searchable_snapshot'],
  warm: ['set_priority', 'unfollow', 'readonly', 'downsample', 'allocate', 'migrate', 'shrink', 'forcemerge'],
  cold: ['set_priority', 'unfollow', 'readonly', 'downsample', 'searchable_snapshot', 'allocate', 'migrate', 'freeze'],
  frozen: ['unfollow', 'searchable_snapshot'],
  delete: ['wait_for_snapshot', 'delete'],
};

export const PROFILE_8_19: Profile = {
  name: '8.19',
  version: {
    number: '8.19.0',
    buildFlavor: 'default',
    buildType: 'docker',
    buildHash: '93788a8c2882eb5b606510680fac214cff1c7a22',
    buildDate: '2025-07-23T22:10:18.138212839Z',
    luceneVersion: '9.12.2',
    minimumWireCompatibilityVersion: '7.17.0',
    minimumIndexCompatibilityVersion: '7.0.0',
  },
  description: 'Elasticsearch 8.19: the modern step chains (shrink waits at check-target-shards-count), request validation, previous_step_info and skip',
  beta: false,
  phases: ['hot', 'warm', 'cold', 'frozen', 'delete'],
  phaseActions: PHASE_ACTIONS_8,
  actionsNeedingRolloverInHot: ['readonly', 'shrink', 'forcemerge', 'downsample', 'searchable_snapshot'],
  hotRolloverMessageNoun: 'action(s)',
  parseErrorStyle: 'suggesting',
  retryable: { updateSettings: true, init: true, rollover: true, otherActionSteps: true },
  unfollowInjectedBy: ['rollover', 'shrink', 'searchable_snapshot', 'downsample'],
  ilmMetadataAtStartup: true,
  injectMigrate: true,
  chains: {
    shrink: 'v8',
    forcemerge: 'v8',
    readonly: 'v8',
    delete: 'v8',
    unfollow: 'v8',
    migrate: 'v8',
    rollover: 'v7.10',
    allocate: 'v8',
    freeze: 'v8',
    searchableSnapshot: 'v8',
    waitForSnapshot: 'v8',
  },
  rolloverConditions: 'min-max',
  rolloverMaxConditions: [],
  policyValidation: 'request-validate',
  phaseTimingCheck: true,
  injectMigrateBesideAllocate: true,
  injectMigrateBesideSearchableSnapshot: false,
  lifecycleSkipSetting: true,
  timeSeriesIndices: true,
  dataStreams: 'v8',
  composableTemplates: {
    extraFields: ['allow_auto_create', 'ignore_missing_component_templates', 'deprecated'],
    composedOfShown: 'always',
    dataStreamShown: ['hidden', 'allow_custom_routing'],
  },
  dataStreamDelete: { lastIndexDeletesStream: true, writeIndexRefusal: 'error' },
  formerDataStreamWriteIndexRollover: 'skip',
  dataStreamLifecycle: { hourlyRolloverForSubDayRetention: false },
  documentApi: 'v8',
  resizeCopiesSettings: true,
  parseOriginationDate: true,
  policyEnd: 'last-phase-complete',
  autoRetry: true,
  explain: {
    age: true,
    retryFields: true,
    clampNegativeAge: true,
    phaseExecutionInNewPhase: true,
    indexOrder: 'sorted',
    creationDate: true,
    previousStepInfo: true,
    skip: true,
    missingPolicyAsError: true,
  },
  defaultNumberOfShards: 1,
  deleteSearchableSnapshotSetting: true,
  forcemergeIndexCodec: true,
  retryMissingIndex: 'illegal_argument',
  aliasParsing: 'strict',
  closeIndex: 'v7',
  noopPolicyUpdate: true,
  timeValueErrorType: 'illegal_argument_exception',
  policyNameEmptyCheck: true,
  policyInUseBy: true,
  moveToStepPartialTarget: true,
  runWhileStopping: { match: 'step', names: ['shrink', 'rollup'] },
  // ES `IndexVersions.MATCH_ONLY_TEXT_STORED_AS_BYTES_BACKPORT_8_X`, the last 8.x index version.
  indexVersionCreated: '8536000',
  snapshots: {
    slm: true,
    api: 'v8',
    totalShardsPerNode: true,
    replicateFor: false,
    searchableSnapshotPolicyRules: true,
    prerequisites: true,
    slmIntervalSchedules: true,
    slmMinimumInterval: true,
  },
  shardLimit: 'normal',
  shardLimitDocsLink: 'https://www.elastic.co/guide/en/elasticsearch/reference/8.19/size-your-shards.html#troubleshooting-max-shards-open',
  nodeRoles: ['data', 'data_cold', 'data_content', 'data_frozen', 'data_hot', 'data_warm', 'ingest', 'master', 'ml', 'remote_cluster_client', 'transform'],
  healthUnassignedPrimaries: true,
  // 8.x `ReferenceDocs`: the guide's page for the release (reference-docs-links.txt `cluster-allocation-explain.html`).
  allocationExplain: {
    noUnassigned: 'reference-docs',
    randomShardNote: true,
    docsLink: 'https://www.elastic.co/guide/en/elasticsearch/reference/8.19/cluster-allocation-explain.html',
    guidedExplanations: true,
    nodeRoles: true,
  },
  catIndicesDatasetSize: true,
  migrateToDataTiers: true,
  // 8.0, PR #79751: the default tier preference is enforced at creation.
  defaultTierPreference: 'enforced',
  policyMeta: true,
  aliasActionResults: true,
  xpack: {
    // As the 8.18/8.19 reference's example lists them.
    features: basicFeatures([
      'aggregate_metric',
      'analytics',
      'archive',
      'ccr',
      'data_streams',
      'data_tiers',
      'enrich',
      'enterprise_search',
      'eql',
      'esql',
      'frozen_indices',
      'graph',
      'ilm',
      'logsdb',
      'logstash',
      'ml',
      'monitoring',
      'rollup',
      'searchable_snapshots',
      'security',
      'slm',
      'spatial',
      'sql',
      'transform',
      'universal_profiling',
      'voting_only',
      'watcher',
    ]),
    licensePaths: ['/_license'],
    maxResourceUnits: true,
  },
};

export const PROFILE_9_1: Profile = {
  ...PROFILE_8_19,
  name: '9.1',
  version: {
    ...PROFILE_8_19.version,
    // 9.1.3 is the 9.1 release whose `GET /` answer we could confirm.
    number: '9.1.3',
    buildHash: '0c781091a2f57de895a73a1391ff8426c0153c8d',
    buildDate: '2025-08-24T22:05:04.526302670Z',
    luceneVersion: '10.2.2',
    minimumWireCompatibilityVersion: '8.19.0',
    minimumIndexCompatibilityVersion: '8.0.0',
  },
  description: 'Elasticsearch 9.1: as 8.19, plus searchable_snapshot replicate_for',
  chains: { ...PROFILE_8_19.chains, freeze: 'v9' },
  // ES `IndexVersions.MATCH_ONLY_TEXT_STORED_AS_BYTES` (9.1).
  indexVersionCreated: '9033000',
  snapshots: { ...PROFILE_8_19.snapshots, replicateFor: true },
  // 9.x `ReferenceDocs` (elastic/elasticsearch#124798): the docs site's page (docs-content
  // `deploy-manage/production-guidance/optimize-performance/size-shards.md`, its anchor
  // `troubleshooting-max-shards-open`). Divergence: the path is that page's, not read from 9.1's
  // `reference-docs-links.txt`, which the references at hand did not hold.
  shardLimitDocsLink: 'https://www.elastic.co/docs/deploy-manage/production-guidance/optimize-performance/size-shards#troubleshooting-max-shards-open',
  // 9.x `ReferenceDocs` (elastic/elasticsearch#124798): the API reference page.
  allocationExplain: {
    ...PROFILE_8_19.allocationExplain,
    docsLink: 'https://www.elastic.co/docs/api/doc/elasticsearch/v9/operation/operation-cluster-allocation-explain',
  },
};

export const PROFILES: ReadonlyMap<string, Profile> = new Map([
  [PROFILE_7_10.name, PROFILE_7_10],
  [PROFILE_6_6.name, PROFILE_6_6],
  [PROFILE_7_17.name, PROFILE_7_17],
  [PROFILE_8_19.name, PROFILE_8_19],
  [PROFILE_9_1.name, PROFILE_9_1],
]);

export const DEFAULT_PROFILE = PROFILE_7_10;
