/**
 * The simulator facade: one cluster, one ILM runner, one scheduler, one seeded PRNG and the virtual
 * clock. It applies what the runner decides at the instants ES would: cluster changes right after a
 * request changes state, async actions as events due now, poll ticks and SLM's cron jobs (policy runs,
 * retention) as the clock moves. It owns time but does no I/O and never reads the wall clock; the API
 * layer calls it.
 */
import { AllocationModel, allocationModel } from '../engine/cluster/allocation';
import { Cluster, createCluster, IndexMetadata, touch } from '../engine/cluster/cluster';
import { placementStore } from '../engine/cluster/shard-placement';
import { configureTopology, NodeSpec, topologyOf } from '../engine/cluster/topology';
import { FaultTable } from '../engine/lifecycle/faults';
import { completeStopIfSafe } from '../engine/lifecycle/operation-mode';
import { Profile } from '../engine/profile';
import { Runner, Wake } from '../engine/lifecycle/runner';
import { sameStepKey, StepKey } from '../engine/cluster/step-key';
import { Prng } from './prng';
import { PhaseWait, Scheduler, WaitQueue } from './scheduler';
import { executeSlmPolicy, slmNextExecution } from '../engine/cluster/snapshots';
import { runSlmRetention } from '../engine/cluster/slm-retention';
import { nextCronFire } from '../engine/cluster/cron';
import { clusterSettingOrDefault, effectiveClusterSetting } from '../engine/cluster/cluster-settings';
import { DataStreamLifecycleState, nextLifecycleWork, runDataStreamLifecycle } from '../engine/lifecycle/data-stream-lifecycle/service';
import { SETTING_DSL_POLL_INTERVAL } from '../engine/cluster/data-stream-lifecycle-config';
import { formatEsDate, parseTimeValue } from '../engine/xcontent/time';
import { EsError, EsException } from '../engine/errors';

/** ES `DataStreamLifecycleService.DATA_STREAM_LIFECYCLE_POLL_INTERVAL_SETTING`'s default. */
const DSL_POLL_INTERVAL_DEFAULT_MILLIS = 300_000;

export interface SimulatorConfig {
  readonly startMillis: number;
  readonly profile: Profile;
  readonly pollIntervalMillis: number;
  readonly pollIntervalText: string;
  readonly seed: number;
  /** How many of the newest history records the log shows (see `HistoryLog`); undefined: its default. */
  readonly historyLimit?: number;
  /** The configured nodes (`createSimulator({ nodes })`); undefined: the default one node. */
  readonly nodes?: readonly NodeSpec[];
  /** The node setting `stack.templates.enabled`: whether `seedCluster` installs the built-in stack templates. */
  readonly stackTemplates: boolean;
  /**
   * What a freshly started node puts into its empty cluster (the built-in stack templates), run at the
   * start instant by every `reset`; given by whoever wires the simulation to the API.
   */
  readonly seedCluster?: (simulation: Simulation) => void;
}

/** A bound on cascade rounds at one instant: more means some step keeps rescheduling itself. */
const LOOP_LIMIT = 100_000;

/**
 * The most instants one clock request runs (`_advance`, `_set`, `_next`, each until-step request): an
 * instant is one event, SLM fire, shard start or useful poll tick. A year of 10-minute poll ticks is
 * 52,560; a per-second SLM cron over 30 days would be 2.6 million. Hitting it stops the clock at the
 * last instant run, whole, and answers `clockLimit` (the caller may ask again to go on).
 */
export const MAX_INSTANTS_PER_CLOCK_REQUEST = 5_000;

/** How many instants a clock request may still run (shared by the moves one request makes). */
export class InstantBudget {
  used = 0;
  constructor(readonly limit: number = MAX_INSTANTS_PER_CLOCK_REQUEST) {}
}

/**
 * The error a clock request answers when it ran out of instants: it names the instant the clock
 * stopped at, the limit and the instant asked for. 429, as ES answers work it will not take on now.
 */
export function clockLimit(stoppedAt: number, limit: number, target: number): EsError {
  return {
    type: 'es_rejected_execution_exception',
    reason:
      `the clock stopped at [${formatEsDate(stoppedAt)}] after running [${limit}] instants, the most one clock request runs, ` +
      `short of [${target >= 8_640_000_000_000_000 || !Number.isFinite(target) ? 'the end of time' : formatEsDate(target)}]; ask again to go on from there`,
    status: 429,
    elasticsearchException: true,
  };
}
/** A bound on the chain of events one event sets off at one instant (an action chain is a few dozen steps). */
const EVENTS_PER_INDEX_LIMIT = 1_000;

export class Simulation {
  now: number;
  cluster!: Cluster;
  runner!: Runner;
  scheduler!: Scheduler;
  prng!: Prng;
  /** The cluster's shard allocation model (`allocationModel(cluster)`, kept at hand). */
  private allocation!: AllocationModel;
  /** Injected failures and held waits (`/_sim/faults`); cleared by `reset`. */
  faults!: FaultTable;
  /** The chain depth of the event running now (0 between events) and its instant. */
  private runningDepth = 0;
  private runningDue = 0;
  /** Watched index -> the waits that read it; and each waiting index -> what it watches. */
  private watchers = new Map<string, string | Set<string>>();
  private watching = new Map<string, readonly string[]>();
  /** Waiters whose watched index changed, run in the next cluster-change round. */
  private watchTriggered = new Set<string>();
  /**
   * SLM's scheduler jobs (ES `SnapshotLifecycleService`, one per policy version; ES names the job
   * `<id>-<version>`): each policy's next fire. Empty while SLM is stopped and when there is no policy.
   */
  private slmJobs = new Map<string, { version: number; at: number | undefined }>();
  /** The retention job (ES `SnapshotRetentionService`): its schedule and next fire; null without policies. */
  private retentionJob: { schedule: string; at: number | undefined } | null = null;
  /**
   * The data stream lifecycle (8.11+): its error store and its own job (ES `DataStreamLifecycleService`,
   * every `data_streams.lifecycle.poll_interval`, separate from ILM's poll); `dslDoneThrough` is the
   * instant of the last run it ran or had no reason to run (the next one is after it).
   */
  dsl!: DataStreamLifecycleState;
  private dslDoneThrough = 0;
  /**
   * Runs before this instant would find nothing to do (see `nextLifecycleWork`); null once anything
   * changed (a cluster change, a fault, a setting, a run), when it is worked out again.
   */
  private dslIdleUntil: number | null = null;

  constructor(readonly config: SimulatorConfig) {
    this.now = config.startMillis;
    this.reset();
  }

  get profile(): Profile {
    return this.config.profile;
  }

  /** Empty cluster (and history), no faults, clock back to the start, PRNG reseeded. */
  reset(): void {
    this.now = this.config.startMillis;
    this.prng = new Prng(this.config.seed);
    const prng = this.prng;
    this.cluster = createCluster(() => prng.base64Uuid(), this.config.profile.ilmMetadataAtStartup, this.config.historyLimit);
    this.allocation = allocationModel(this.cluster);
    configureTopology(this.cluster, this.config.profile.nodeRoles, this.config.nodes ?? null);
    this.scheduler = new Scheduler(this.config.startMillis, this.config.pollIntervalMillis);
    this.watchers = new Map();
    this.watching = new Map();
    this.watchTriggered = new Set();
    this.slmJobs = new Map();
    this.retentionJob = null;
    this.dsl = new DataStreamLifecycleState(this.config.startMillis, DSL_POLL_INTERVAL_DEFAULT_MILLIS);
    this.dslDoneThrough = this.config.startMillis;
    this.dslIdleUntil = null;
    this.faults = new FaultTable();
    this.runner = new Runner(
      this.cluster,
      this.config.profile,
      {
        scheduleAsyncAction: (index, key) => this.scheduleAsyncAction(index, key),
        random: () => prng.nextFloat(),
      },
      this.faults,
    );
    this.config.seedCluster?.(this);
  }

  /** After a request changed the cluster: run what a cluster-state change runs, at `now`. */
  clusterChanged(): void {
    // On a configured topology new indices take their places before any step reads them.
    const placing = !topologyOf(this.cluster).isDefault;
    let ranSomething = true;
    for (let round = 0; ranSomething; round++) {
      if (round > LOOP_LIMIT) throw new Error('cluster-change cascade did not settle');
      if (placing) placementStore(this.cluster).placeNew(this.cluster);
      this.replanChanged();
      // Nothing waits on a cluster change, no watched index changed and no phase wait is ready: the
      // round would run nothing (the common case after one async action in a large cluster).
      if (this.scheduler.clusterChangeSet.size === 0 && this.watchTriggered.size === 0 && !this.phaseWaitReady(this.now)) break;
      const due = new Set<string>(this.scheduler.clusterChangeSet);
      for (const name of this.watchTriggered) due.add(name);
      this.watchTriggered.clear();
      this.popReadyPhaseWaits(this.now, due);
      if (due.size === 0) break;
      for (const name of inNameOrder(due)) {
        const index = this.cluster.indices.get(name);
        if (index) this.runner.runAfterClusterChange(index, this.now);
      }
      ranSomething = this.cluster.changed.size > 0;
    }
    // ES `IndexLifecycleService#triggerPolicies` ends each round by stopping ILM if it is safe.
    completeStopIfSafe(this.cluster, this.profile);
  }

  /** After ILM starts again: every index is looked at afresh (stopped runs dropped their wake-ups). */
  replanAll(): void {
    for (const index of this.cluster.indices.values()) this.cluster.changed.add(index);
    this.clusterChanged();
  }

  /** The poll interval now in force (the option, until `indices.lifecycle.poll_interval` changes it). */
  get pollIntervalMillis(): number {
    return this.scheduler.pollIntervalMillis;
  }

  /** Changes the poll interval from now on: the next poll tick falls one new interval after `now`. */
  setPollInterval(millis: number): void {
    if (millis === this.scheduler.pollIntervalMillis) return;
    this.scheduler.reschedule(this.now, millis);
  }

  /** Runs the events already due at the current instant, without moving the clock. */
  settle(): void {
    this.runEventsDueBy(this.now);
  }

  /**
   * The next instant at which something can happen (an event, a shard start, a poll tick that would
   * look at an index, an SLM job), after running what is due now; Infinity when nothing is scheduled.
   */
  nextDue(): number {
    this.runEventsDueBy(this.now);
    this.replanChanged();
    const tick = this.scheduler.nextUsefulTick((wait) => this.isCurrent(wait));
    const shardsStart = this.allocation.nextStart();
    return Math.min(tick ?? Infinity, this.scheduler.events.peekDue(), shardsStart ?? Infinity, this.slmDue(), this.dslDue());
  }

  /** The first poll tick at or after `millis` that has not run yet. */
  pollTickFrom(millis: number): number {
    return Math.max(this.scheduler.tickAfter(this.scheduler.lastTick), this.scheduler.tickAtOrAfter(millis));
  }

  /** When the shards of `index` become active, if they are still starting (`/_sim/allocation`). */
  shardsActiveAt(index: IndexMetadata): number | null {
    const start = this.allocation.pendingStarts().find((s) => s.name === index.name);
    return start === undefined ? null : start.at;
  }

  /**
   * Moves the clock to `target`, running every poll tick and event on the way, in order. Runs at most
   * the budget's instants: then the clock stays at the last instant run and `clockLimit` is thrown.
   */
  advanceTo(target: number, budget: InstantBudget = new InstantBudget()): void {
    for (;;) {
      this.runEventsDueBy(this.now);
      this.replanChanged();
      const tick = this.scheduler.nextUsefulTick((wait) => this.isCurrent(wait));
      const eventDue = this.scheduler.events.peekDue();
      const shardsStart = this.allocation.nextStart();
      const slmDue = this.slmDue();
      const dslDue = this.dslDue();
      const next = Math.min(tick ?? Infinity, eventDue, shardsStart ?? Infinity, slmDue, dslDue);
      if (next > target) break;
      if (budget.used >= budget.limit) throw new EsException(clockLimit(this.now, budget.limit, target));
      budget.used++;
      // At one instant: async actions due, then SLM's jobs, then the data stream lifecycle, then shards
      // starting, then ILM's poll tick.
      if (eventDue <= next) {
        this.now = eventDue;
        this.runEventsDueBy(this.now);
      } else if (slmDue <= next) {
        this.now = slmDue;
        this.runSlmJobsDueBy(slmDue);
      } else if (dslDue <= next) {
        this.now = dslDue;
        this.runDataStreamLifecycleAt(dslDue);
      } else if (shardsStart !== null && shardsStart <= next) {
        this.now = shardsStart;
        this.shardsStarted(shardsStart);
      } else if (tick !== null) {
        this.now = tick;
        this.pollTick(tick);
      }
    }
    this.now = target;
    // Every tick up to the target has run or had nothing to do: the next one comes after the target.
    this.scheduler.lastTick = Math.max(this.scheduler.lastTick, this.scheduler.tickAtOrBefore(target));
    // So did every run of the data stream lifecycle up to it.
    this.dslDoneThrough = Math.max(this.dslDoneThrough, this.dsl.lastRunAt(target) ?? this.dslDoneThrough);
  }

  /**
   * After a fault is added: waits that only watched the indices they read are re-planned (at the next
   * look) as waits every cluster change checks, as ES checks them, since a fault may now fire in them.
   */
  faultAdded(): void {
    this.dslIdleUntil = null;
    for (const waiter of this.watching.keys()) {
      const index = this.cluster.indices.get(waiter);
      if (index) this.cluster.changed.add(index);
    }
  }

  /**
   * After faults change: held waits are checked again (a cluster change) and async actions a snapshot
   * held are run again, as ES does once the snapshot is over.
   */
  faultsChanged(): void {
    this.dslIdleUntil = null;
    // A new fault may fire at any tick: waits that were skipping ticks are looked at again.
    const delayed = new Set<string>();
    this.popReady(this.scheduler.delayedPolls, Number.MAX_SAFE_INTEGER, delayed);
    for (const name of delayed) this.addToPollSet(name);
    for (const index of this.cluster.indices.values()) {
      // Every cluster-state wait is checked now, as on any cluster change (the cluster recovered), and
      // planned again: watching only what it reads while no fault is left, checked on every cluster
      // change otherwise (see `faultAdded`).
      if (index.watching || index.inClusterChange) {
        this.cluster.changed.add(index);
        this.watchTriggered.add(index.name);
      }
      // Async actions a snapshot held run again.
      const key = this.runner.pendingAsyncAction(index);
      if (key) this.scheduleAsyncAction(index, key);
    }
    this.clusterChanged();
  }

  /**
   * Runs an SLM policy now (`_execute`, or its schedule firing): the snapshot is taken (or its failure
   * recorded) and, being a cluster-state change, wakes what waits on one (7.10's wait-for-snapshot).
   */
  runSlmPolicy(id: string): string {
    const name = executeSlmPolicy(this.cluster, id, this.now, this.profile);
    this.clusterChanged();
    return name;
  }

  /** A retention run now (`_execute_retention`, or its schedule firing); deletions are cluster changes. */
  runSlmRetention(): void {
    if (runSlmRetention(this.cluster, this.now)) this.clusterChanged();
  }

  /**
   * After SLM policies, SLM's mode or the retention schedule changed: the jobs are brought up to date
   * now (a new or updated policy is scheduled from now, a deleted one dropped, all of them while SLM
   * is not running). `slmDue` does the same before the clock moves, so this is only a nudge.
   */
  slmChanged(): void {
    this.syncSlmJobs();
  }

  /**
   * The next run of the data stream lifecycle's job, or Infinity while no stream has an enabled
   * lifecycle (a run would find nothing to do; the schedule itself goes on, see `DataStreamLifecycleState`).
   */
  private dslDue(): number {
    if (this.profile.dataStreamLifecycle === null || this.cluster.dataStreams.size === 0) return Infinity;
    let any = false;
    for (const ds of this.cluster.dataStreams.values()) {
      if (ds.lifecycle?.enabled) {
        any = true;
        break;
      }
    }
    if (!any) return Infinity;
    // The first run not yet run: after the last one, and not before now (the runs between them found
    // nothing to do, or they would have run).
    const next = this.dsl.nextRunAfter(Math.max(this.dslDoneThrough, this.now - 1));
    // Runs that would do nothing are skipped (a fault may fire at any run, so none is skipped then).
    if (this.faults.list().length > 0) return next;
    if (this.dslIdleUntil === null) this.dslIdleUntil = nextLifecycleWork(this.cluster, this.profile, this.dsl, this.now);
    if (this.dslIdleUntil === Infinity) return Infinity;
    return next < this.dslIdleUntil ? this.dsl.nextRunAfter(this.dslIdleUntil - 1) : next;
  }

  /** One run of the data stream lifecycle at `instant` (its changes are cluster changes). */
  private runDataStreamLifecycleAt(instant: number): void {
    this.dslDoneThrough = instant;
    this.dslIdleUntil = null;
    const changed = runDataStreamLifecycle({
      cluster: this.cluster,
      profile: this.profile,
      now: instant,
      state: this.dsl,
      faults: this.faults,
      random: () => this.prng.nextFloat(),
    });
    if (changed) this.clusterChanged();
  }

  /**
   * After cluster settings changed: a new `data_streams.lifecycle.poll_interval` reschedules the data
   * stream lifecycle's job from now (ES `DataStreamLifecycleService#updatePollInterval`).
   */
  dataStreamLifecycleSettingsChanged(): void {
    const text = effectiveClusterSetting(this.cluster, SETTING_DSL_POLL_INTERVAL);
    const parsed = text === null ? null : parseTimeValue(text, SETTING_DSL_POLL_INTERVAL);
    const millis = parsed?.ok ? parsed.value.millis : DSL_POLL_INTERVAL_DEFAULT_MILLIS;
    this.dslIdleUntil = null;
    if (millis === this.dsl.intervalMillis) return;
    this.dsl.reschedule(this.now, millis);
    this.dslDoneThrough = this.now;
  }

  /** The next instant an SLM job fires (Infinity without policies: no cost for a cluster without SLM). */
  private slmDue(): number {
    if (this.cluster.snapshots.slmPolicies.size === 0 && this.slmJobs.size === 0 && this.retentionJob === null) return Infinity;
    this.syncSlmJobs();
    let due = this.retentionJob?.at ?? Infinity;
    for (const job of this.slmJobs.values()) if (job.at !== undefined && job.at < due) due = job.at;
    return due;
  }

  private syncSlmJobs(): void {
    const store = this.cluster.snapshots;
    const running = store.slmOperationMode === 'RUNNING';
    for (const id of [...this.slmJobs.keys()]) {
      const policy = store.slmPolicies.get(id);
      if (!running || !policy || policy.version !== this.slmJobs.get(id)!.version) this.slmJobs.delete(id);
    }
    if (running) {
      for (const policy of store.slmPolicies.values()) {
        if (!this.slmJobs.has(policy.id)) this.slmJobs.set(policy.id, { version: policy.version, at: slmNextExecution(policy, this.now, this.profile) });
      }
    }
    if (store.slmPolicies.size === 0) {
      this.retentionJob = null;
      return;
    }
    // Divergence: ES keeps the retention job scheduled while no policy exists; a run then does
    // nothing it records, so the simulator schedules it only while a policy exists.
    const schedule = clusterSettingOrDefault(this.cluster, 'slm.retention_schedule') ?? '';
    if (this.retentionJob === null || this.retentionJob.schedule !== schedule) {
      // An empty schedule turns scheduled retention off (ES `SnapshotRetentionService`).
      this.retentionJob = { schedule, at: schedule.trim() === '' ? undefined : nextCronFire(schedule, this.now) };
    }
  }

  /**
   * Fires the SLM jobs due at `instant`: the policies in id order, then retention (skipped while SLM
   * is stopped or stopping, as ES's retention task skips a scheduled run). Each is scheduled again
   * from its fire before it runs.
   */
  private runSlmJobsDueBy(instant: number): void {
    const due = [...this.slmJobs]
      .filter(([, job]) => job.at !== undefined && job.at <= instant)
      .map(([id]) => id)
      .sort();
    for (const id of due) {
      const job = this.slmJobs.get(id);
      const policy = this.cluster.snapshots.slmPolicies.get(id);
      if (!job || !policy || policy.version !== job.version) continue;
      job.at = slmNextExecution(policy, instant, this.profile);
      try {
        this.runSlmPolicy(id);
      } catch (e) {
        // ES's scheduler logs a job that throws (a config `CreateSnapshotRequest` cannot read) and goes on.
        if (!(e instanceof EsException)) throw e;
      }
    }
    const retention = this.retentionJob;
    if (retention && retention.at !== undefined && retention.at <= instant) {
      retention.at = nextCronFire(retention.schedule, instant);
      if (this.cluster.snapshots.slmOperationMode === 'RUNNING') this.runSlmRetention();
    }
  }

  /**
   * After the nodes changed (`/_sim/nodes`): every index is placed again on the new topology, and the
   * change is a cluster-state change (every index counts as changed, so its waits check again).
   */
  topologyChanged(): void {
    placementStore(this.cluster).replaceAll(this.cluster);
    for (const index of this.cluster.indices.values()) touch(index);
    this.clusterChanged();
  }

  /** Schedules the re-run of a retried step as an event due now (ES runs it asynchronously). */
  scheduleRetry(index: string): void {
    this.scheduler.events.push('retry', this.now, this.scheduler.nextSeq(), index, null, null, this.depthNow());
  }

  /**
   * Shards of slowly allocating indices start (`/_sim/allocation`): a cluster-state change in ES, so
   * the index counts as changed (its watchers wake) and cluster-state waits are checked again.
   */
  private shardsStarted(instant: number): void {
    for (const { name, uuid } of this.allocation.takeStartsDueBy(instant)) {
      const index = this.cluster.indices.get(name);
      if (index && index.uuid === uuid) touch(index);
    }
    this.clusterChanged();
  }

  private pollTick(tick: number): void {
    this.scheduler.lastTick = tick;
    this.replanChanged();
    let polled = this.scheduler.pollSet;
    this.scheduler.pollSet = new Set();
    if (this.scheduler.delayedPolls.firstAt() <= tick) {
      polled = new Set<string>(polled);
      this.popReady(this.scheduler.delayedPolls, tick, polled);
    }
    let due = polled;
    if (this.phaseWaitReady(tick)) {
      due = new Set<string>(polled);
      this.popReadyPhaseWaits(tick, due);
    }
    // With no allocation rules, looking at an unchanged index again changes nothing (see below).
    const allocationIdle = this.allocation.listRules().length === 0;
    for (const name of inNameOrder(due)) {
      const index = this.cluster.indices.get(name);
      if (index) {
        // The poll set was swapped for a new one above, so no index is in it now.
        index.inPoll = false;
        const generation = index.generation;
        this.runner.runPeriodic(index, tick);
        // An index that waited for this tick and did not change (an unmet async wait, the common
        // case) waits for the next one: what re-planning it would decide, without the re-plan.
        if (index.generation === generation && allocationIdle && polled.has(name) && !index.changed && !this.watchers.has(name)) {
          // A wait that cannot be met before a later tick skips the ticks in between (until a change).
          const notBefore = this.runner.pollNotBefore;
          const at = notBefore === null ? null : notBefore === Infinity ? Number.MAX_SAFE_INTEGER : this.scheduler.tickAtOrAfter(notBefore);
          if (at !== null && at > this.scheduler.tickAfter(tick)) this.scheduler.delayedPolls.push({ at, record: index, generation });
          else {
            this.scheduler.pollSet.add(name);
            index.inPoll = true;
          }
          continue;
        }
      }
      // Re-plan it even when nothing changed: an unmet async wait needs the next tick too.
      if (index) this.cluster.changed.add(index);
      else this.cluster.changed.addName(name);
    }
    this.clusterChanged();
  }

  private runEventsDueBy(instant: number): void {
    const events = this.scheduler.events;
    while (events.peekDue() <= instant) {
      const event = events.peek()!;
      // A bound on causal chains at one instant: an event scheduled while another runs at the same
      // instant is one link further. A chain that reschedules itself forever is a bug, while many
      // indices each running a few actions at the same instant is normal (and costs no bookkeeping).
      // The event stays queued, so every later request reports the same.
      if (event.depth > EVENTS_PER_INDEX_LIMIT) {
        throw new Error(`more than ${EVENTS_PER_INDEX_LIMIT} events at one instant for index [${event.index}]; it keeps rescheduling`);
      }
      events.pop();
      this.now = event.due;
      this.runningDepth = event.depth;
      this.runningDue = event.due;
      // The record the event was scheduled for, unless deleted since: then whatever holds its name now.
      const record = event.record;
      const index = record !== null && !record.removed ? record : this.cluster.indices.get(event.index);
      try {
        if (event.kind === 'async-action') {
          if (index) this.unpend(index, event.key!);
          this.runner.runAsyncAction(index, event.key!, this.now);
        } else if (index) {
          this.runner.runRetriedStep(index, this.now);
        }
        this.clusterChanged();
      } finally {
        this.runningDepth = 0;
      }
    }
  }

  /** The chain depth of an event scheduled now (see `runEventsDueBy`). */
  private depthNow(): number {
    return this.runningDepth > 0 && this.runningDue === this.now ? this.runningDepth + 1 : 1;
  }

  /**
   * Schedules an async action as an event due now, unless the same one is already pending for the
   * index (kept on the index record, `IndexSched.pending`, in scheduling order).
   */
  private scheduleAsyncAction(index: IndexMetadata, key: StepKey): void {
    const pending = index.pending;
    if (pending === null) {
      index.pending = key;
    } else if (Array.isArray(pending)) {
      if (pending.some((k) => sameStepKey(k, key))) return;
      pending.push(key);
    } else {
      if (sameStepKey(pending, key)) return;
      index.pending = [pending, key];
    }
    this.scheduler.events.push('async-action', this.now, this.scheduler.nextSeq(), index.name, index, key, this.depthNow());
  }

  private unpend(index: IndexMetadata, key: StepKey): void {
    const pending = index.pending;
    if (pending === null) return;
    if (!Array.isArray(pending)) {
      if (sameStepKey(pending, key)) index.pending = null;
      return;
    }
    const at = pending.findIndex((k) => sameStepKey(k, key));
    if (at >= 0) pending.splice(at, 1);
    if (pending.length === 0) index.pending = null;
  }

  /** Re-plans the wake-up of every index changed since the last look, and wakes its watchers. */
  private replanChanged(): void {
    const log = this.cluster.changed;
    if (log.size === 0) return;
    // Something changed: the data stream lifecycle may have work sooner than it had.
    this.dslIdleUntil = null;
    // Taken out one by one (nothing below adds to the log). Each name is re-planned once, with the
    // record that holds it now: a deleted record's entry stands for its name.
    for (;;) {
      const record = log.take();
      let name: string;
      let index: IndexMetadata | undefined;
      if (record !== undefined) {
        name = record.name;
        index = record;
        if (record.removed) {
          index = this.cluster.indices.get(name);
          // A record of that name made since is re-planned here, at the deleted one's place.
          if (index !== undefined) {
            if (!index.changed) continue;
            log.clear(index);
          }
        }
      } else {
        const orphan = log.takeName();
        if (orphan === undefined) return;
        name = orphan;
        index = this.cluster.indices.get(name);
        if (index !== undefined) {
          if (!index.changed) continue;
          log.clear(index);
        }
      }
      this.replanOne(name, index);
    }
  }

  private replanOne(name: string, index: IndexMetadata | undefined): void {
    const { pollSet, clusterChangeSet } = this.scheduler;
    // A change that moves shards (or a new index) starts its allocation clock now.
    if (index) this.allocation.observe(index, this.now);
    if (this.watchers.size > 0) {
      const waiters = this.watchers.get(name);
      if (typeof waiters === 'string') this.watchTriggered.add(waiters);
      else if (waiters) for (const waiter of waiters) this.watchTriggered.add(waiter);
    }
    // The flags on a planned record say which name-keyed sets hold its name (see `IndexSched`); a
    // deleted index or a record never planned may have entries left by an earlier one of that name.
    if (index === undefined || !index.planned) {
      pollSet.delete(name);
      clusterChangeSet.delete(name);
      if (this.watching.size > 0) this.unwatch(name);
    } else {
      if (index.inPoll) pollSet.delete(name);
      if (index.inClusterChange) clusterChangeSet.delete(name);
      if (index.watching) this.unwatch(name);
    }
    if (index) {
      index.planned = true;
      index.inPoll = false;
      index.inClusterChange = false;
      index.watching = false;
      const wake = this.runner.wake(index);
      this.plan(index, wake);
      // A cluster-state wait with a threshold (7.13+ shrink) also gives up once the threshold has
      // passed: it is looked at from then on, at the first poll tick or cluster change (see the runner).
      if (wake.kind === 'cluster-change' || wake.kind === 'watch') {
        const at = this.runner.thresholdWake(index);
        if (at !== null) this.scheduler.phaseWaits.push({ at, record: index, generation: index.generation });
      }
    }
  }

  private unwatch(waiter: string): void {
    for (const watched of this.watching.get(waiter) ?? []) {
      const waiters = this.watchers.get(watched);
      if (waiters === waiter) {
        this.watchers.delete(watched);
      } else if (waiters !== undefined && typeof waiters !== 'string') {
        waiters.delete(waiter);
        if (waiters.size === 0) this.watchers.delete(watched);
      }
    }
    this.watching.delete(waiter);
  }

  /** Re-plans every index using a policy (after the policy changed). */
  replanIndices(indices: readonly IndexMetadata[]): void {
    for (const index of indices) this.cluster.changed.add(index);
  }

  private plan(index: IndexMetadata, wake: Wake): void {
    switch (wake.kind) {
      case 'poll-tick':
        this.scheduler.pollSet.add(index.name);
        index.inPoll = true;
        return;
      case 'cluster-change':
        this.scheduler.clusterChangeSet.add(index.name);
        index.inClusterChange = true;
        return;
      case 'watch':
        this.watching.set(index.name, wake.names);
        index.watching = true;
        for (const watched of wake.names) {
          // One waiter (the usual case: a shrink's source or target) is kept as a plain name.
          const waiters = this.watchers.get(watched);
          if (waiters === undefined) this.watchers.set(watched, index.name);
          else if (typeof waiters !== 'string') waiters.add(index.name);
          else if (waiters !== index.name) this.watchers.set(watched, new Set([waiters, index.name]));
        }
        return;
      case 'at':
        this.scheduler.phaseWaits.push({ at: wake.millis, record: index, generation: index.generation });
        return;
      case 'none':
        return;
    }
  }

  /** Puts a current index's name in the poll set. */
  private addToPollSet(name: string): void {
    this.scheduler.pollSet.add(name);
    const index = this.cluster.indices.get(name);
    if (index) index.inPoll = true;
  }

  /** Whether the index a wait was made for is unchanged since. */
  private isCurrent(wait: PhaseWait): boolean {
    // A wait belongs to the record it was made for: once that index is deleted, a new one of the same
    // name is not woken by it, whatever its generation (the order stale waits are dropped in then
    // cannot matter).
    const index = wait.record;
    return !index.removed && index.generation === wait.generation && !index.changed;
  }

  private phaseWaitReady(instant: number): boolean {
    return this.scheduler.phaseWaits.firstAt() <= instant;
  }

  private popReadyPhaseWaits(instant: number, into: Set<string>): void {
    this.popReady(this.scheduler.phaseWaits, instant, into);
  }

  private popReady(heap: WaitQueue, instant: number, into: Set<string>): void {
    for (;;) {
      const wait = heap.peek();
      if (!wait || wait.at > instant) return;
      heap.pop();
      if (this.isCurrent(wait)) into.add(wait.record.name);
    }
  }
}

/** The names in code-unit order (`Array.prototype.sort`'s), sorting only when they are not already. */
function inNameOrder(names: ReadonlySet<string>): string[] {
  const out = [...names];
  for (let i = 1; i < out.length; i++) {
    if (out[i - 1]! > out[i]!) return out.sort();
  }
  return out;
}
