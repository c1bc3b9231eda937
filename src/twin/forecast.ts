/**
 * The twin's forecast: runs a restored twin forward over a horizon with a workload (an ingest rate per
 * write target, estimated from the bundle or given), then reads what happened from the same routes any
 * client uses (`/_sim/timeline`, built in process without its JSON text; `/_sim/why`, explain) and the
 * shard placement: per index what happens when, today's problems (indices in ERROR and what a retry
 * would do), problems ahead (ERRORs with ES's reasons, stalls with why), and shards and bytes per tier
 * day by day. Every rule is the
 * engine's; this module only drives the clock and reads. No console, no files.
 */
import { simulationOf, type Simulator } from '../create-simulator';
import { placementStore, type PlacementStore, type ShardCopy } from '../engine/cluster/shard-placement';
import { numberOfReplicas, numberOfShards, SETTING_RESIZE_SOURCE_NAME, type Cluster, type IndexMetadata, type IndexSettings } from '../engine/cluster/cluster';
import { DATA_TIERS, topologyOf, type SimNode } from '../engine/cluster/topology';
import { simpleMatch } from '../engine/cluster/index-resolver';
import type { LineageJson, TimelineJson } from '../report/timeline-json';
import type { LineageTimeline, PhaseSpan, WaitSpan } from '../sim/timeline';
import { formatEsDate, formatTimeValueToString } from '../engine/xcontent/time';
import { retryWordsOf } from '../engine/lifecycle/why';
import { sendWorkloadRequest, workloadRate, workloadRequests, workloadStepMillis } from './workload';
import { dateMemo, lineageJson, timelineLineages } from '../api/sim/lifecycle-view-handlers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A write target and how much it receives. */
export interface IngestRate {
  /** A data stream or a write alias (or a lone index). */
  readonly target: string;
  readonly docsPerDay: number;
  readonly bytesPerDay: number;
  /** `estimated` from the bundle, or `given` by `--ingest`. */
  readonly source: 'estimated' | 'given';
  /** How the estimate was made. */
  readonly basis: string;
}

/** `--ingest "logs-*=5gb/day"`: targets matching the pattern get that many bytes (and documents). */
export interface IngestOverride {
  readonly pattern: string;
  readonly bytesPerDay: number;
  readonly docsPerDay: number | null;
}

export interface ForecastEvent {
  readonly index: string;
  readonly atMillis: number;
  readonly what: string;
}

export interface ForecastProblem {
  readonly index: string;
  readonly kind: 'error' | 'stall';
  readonly atMillis: number;
  readonly text: string;
}

export interface TierSample {
  readonly atMillis: number;
  /** Tier (or `unassigned`) -> shard copies and bytes on it. */
  readonly tiers: Readonly<Record<string, { shards: number; bytes: number }>>;
}

export interface Forecast {
  readonly startMillis: number;
  readonly endMillis: number;
  readonly ingest: readonly IngestRate[];
  readonly today: readonly ForecastProblem[];
  readonly ahead: readonly ForecastProblem[];
  readonly events: readonly ForecastEvent[];
  /** The lineages of the timeline from the start, as the timeline model has them (`timeline` writes them as JSON). */
  readonly lineages: readonly LineageTimeline[];
  /** The timeline as `GET /_sim/timeline` would write it, from the start: written on first use (a large cluster's is tens of megabytes). */
  readonly timeline: TimelineJson;
  readonly storage: readonly TierSample[];
  /**
   * How many times a clock request of the workload stopped at the simulator's limit of instants per
   * request (`MAX_INSTANTS_PER_CLOCK_REQUEST`; a short poll interval) and the forecast sent it again
   * to go on. The forecast reaches its horizon either way (`endMillis`).
   */
  readonly clockContinuations: number;
}

export interface ForecastOptions {
  readonly horizonMillis: number;
  readonly overrides?: readonly IngestOverride[];
  /** A wait longer than this is a stall (default 7 days). */
  readonly stuckAfterMillis?: number;
  /** How often the workload is applied (default one hour). */
  readonly stepMillis?: number;
  /** Called at the end of each part (running the clock, reading the timeline) with its name. */
  readonly mark?: (part: string) => void;
}

function send(simulator: Simulator, method: string, path: string, body?: unknown) {
  return simulator.requestSync({ method, path, ...(body === undefined ? {} : { body: body as Record<string, unknown> }) });
}

/**
 * The write targets of the cluster and the rate each receives: the write index's documents and bytes
 * over its age (ES keeps no ingest history; the bundle shows only totals), else the previous
 * generation's over the time it was written to (creation to rollover).
 */
export function estimateIngest(cluster: Cluster, nowMillis: number, overrides: readonly IngestOverride[] = []): IngestRate[] {
  const targets: Array<{ target: string; write: IndexMetadata; previous: IndexMetadata | undefined }> = [];
  for (const ds of [...cluster.dataStreams.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const write = cluster.indices.get(ds.indices[ds.indices.length - 1]!);
    if (write) targets.push({ target: ds.name, write, previous: cluster.indices.get(ds.indices[ds.indices.length - 2] ?? '') });
  }
  for (const [alias, holders] of [...cluster.aliasHolders].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const indices = [...holders].map((n) => cluster.indices.get(n)!).filter(Boolean);
    const write = indices.find((i) => i.aliases.get(alias)?.isWriteIndex === true) ?? (indices.length === 1 ? indices[0] : undefined);
    if (!write?.settings.lifecycleName) continue;
    // ILM's shrink leaves the source's name as an alias of the shrunk index, for searches: not a write target.
    if (write.settings.get(SETTING_RESIZE_SOURCE_NAME) === alias && write.aliases.get(alias)?.isWriteIndex !== true) continue;
    const previous = indices.filter((i) => i !== write && i.rolloverInfos.has(alias)).sort((a, b) => b.creationDate - a.creationDate)[0];
    targets.push({ target: alias, write, previous });
  }
  return targets.map(({ target, write, previous }) => {
    const override = overrides.find((o) => simpleMatch(o.pattern, target));
    const bytesPerDoc =
      write.docsCount > 0 ? write.storeBytes / write.docsCount : previous && previous.docsCount > 0 ? previous.storeBytes / previous.docsCount : 1024;
    if (override) {
      const docs = override.docsPerDay ?? (bytesPerDoc > 0 ? override.bytesPerDay / bytesPerDoc : 0);
      return { target, docsPerDay: docs, bytesPerDay: override.bytesPerDay, source: 'given' as const, basis: `--ingest ${override.pattern}` };
    }
    const age = nowMillis - write.creationDate;
    if (age >= HOUR && write.docsCount > 0) {
      const perDay = (write.docsCount / age) * DAY;
      return {
        target,
        docsPerDay: perDay,
        bytesPerDay: perDay * bytesPerDoc,
        source: 'estimated' as const,
        basis: `${write.name}: ${write.docsCount} docs in ${formatTimeValueToString(age)}`,
      };
    }
    const rolled = previous ? [...previous.rolloverInfos.values()][0] : undefined;
    if (previous && rolled && rolled.timeMillis > previous.creationDate && previous.docsCount > 0) {
      const span = rolled.timeMillis - previous.creationDate;
      const perDay = (previous.docsCount / span) * DAY;
      return {
        target,
        docsPerDay: perDay,
        bytesPerDay: perDay * bytesPerDoc,
        source: 'estimated' as const,
        basis: `${previous.name}: ${previous.docsCount} docs in ${formatTimeValueToString(span)} before its rollover`,
      };
    }
    return {
      target,
      docsPerDay: 0,
      bytesPerDay: 0,
      source: 'estimated' as const,
      basis: `${write.name} is empty and no earlier generation shows a rate: none assumed`,
    };
  });
}

/** Each node's tier: the first data tier role it holds, else its `box_type` or `data` attribute, else `data` for a data node. */
function tierOf(node: SimNode): string {
  for (const tier of ['data_hot', 'data_warm', 'data_cold', 'data_frozen', 'data_content'] as const) if (node.roles.includes(tier)) return tier;
  // A pre-tier hot-warm layout names its tiers with a node attribute (`node.attr.box_type`, `node.attr.data`).
  for (const attribute of ['box_type', 'data']) {
    const value = node.attributes[attribute];
    if (value) return `${attribute}:${value}`;
  }
  return DATA_TIERS.some((t) => node.roles.includes(t)) ? 'data' : node.roles.includes('data') ? 'data' : 'other';
}

/**
 * What the last storage sample saw of each index, in the cluster's index order, so that the next one
 * passes over the indices whose placement cannot have changed without asking the store: same index
 * record, same settings object with the same `routingVersion` (no setting placement reads was written:
 * see `IndexSettings#routingVersion`), same topology version. The store would answer those from its
 * cache with the same copies. The rows are kept as columns (one flat array per field, position by
 * position) so that a sample reads, per index, only its record and its settings.
 */
export class StorageMemo {
  store: PlacementStore | null = null;
  /** Where the last sample stopped in the cluster's map of indices (see `storageByTier`). */
  entries: Iterator<IndexMetadata> | null = null;
  /** The topology version every row was placed under. */
  topologyVersion = -1;
  /** The rows, column by column (rewritten in place by each sample). */
  readonly indices: IndexMetadata[] = [];
  readonly settings: IndexSettings[] = [];
  readonly routingVersions: number[] = [];
  /** What an index's bytes are divided by per copy: its shard count, at least 1. */
  readonly divisors: number[] = [];
  /** The tier number of all the row's copies, or MIXED when they are on more than one (see `mixed`). */
  readonly tiers: number[] = [];
  readonly copies: number[] = [];
  /** For a row whose copies are on more than one tier, each copy's tier in the store's order. */
  readonly mixed: Array<readonly number[] | undefined> = [];
  /** The tiers seen so far, by number (a row names its copies' tiers by these numbers). */
  readonly tierNames: string[] = [];
  readonly tierNumbers = new Map<string, number>();
  /** Each node's tier number (a node's roles and attributes never change). */
  readonly tierOfNode = new Map<SimNode, number>();

  get length(): number {
    return this.indices.length;
  }

  tierNumber(tier: string): number {
    let n = this.tierNumbers.get(tier);
    if (n === undefined) {
      n = this.tierNames.push(tier) - 1;
      this.tierNumbers.set(tier, n);
    }
    return n;
  }

  nodeTier(node: SimNode): number {
    let tier = this.tierOfNode.get(node);
    if (tier === undefined) this.tierOfNode.set(node, (tier = this.tierNumber(tierOf(node))));
    return tier;
  }

  /** Writes row `at` as the store places its index now (copies come shard by shard: the last one's shard number gives the count). */
  place(at: number, index: IndexMetadata, store: PlacementStore): void {
    const copies = store.copiesOf(index);
    const settings = index.settings;
    this.indices[at] = index;
    this.settings[at] = settings;
    this.routingVersions[at] = settings.routingVersion;
    this.divisors[at] = Math.max(1, copies.length === 0 ? 0 : copies[copies.length - 1]!.shard + 1);
    this.copies[at] = copies.length;
    let tier = copies.length === 0 ? NO_COPIES : this.copyTier(copies[0]!);
    for (let i = 1; i < copies.length && tier !== MIXED; i++) if (this.copyTier(copies[i]!) !== tier) tier = MIXED;
    this.tiers[at] = tier;
    this.mixed[at] = tier === MIXED ? copies.map((copy) => this.copyTier(copy)) : undefined;
  }

  /** Drops the rows of deleted indices, keeping the others in their order. */
  compact(): void {
    let kept = 0;
    for (let from = 0; from < this.indices.length; from++) {
      if (this.tiers[from] === DELETED) continue;
      if (kept !== from) {
        this.indices[kept] = this.indices[from]!;
        this.settings[kept] = this.settings[from]!;
        this.routingVersions[kept] = this.routingVersions[from]!;
        this.divisors[kept] = this.divisors[from]!;
        this.tiers[kept] = this.tiers[from]!;
        this.copies[kept] = this.copies[from]!;
        this.mixed[kept] = this.mixed[from];
      }
      kept++;
    }
    this.truncate(kept);
  }

  /** Drops the rows from `length` on (and, with all of them, the iterator of the cluster's indices). */
  truncate(length: number): void {
    if (length === 0) this.entries = null;
    this.indices.length = length;
    this.settings.length = length;
    this.routingVersions.length = length;
    this.divisors.length = length;
    this.tiers.length = length;
    this.copies.length = length;
    this.mixed.length = length;
  }

  private copyTier(copy: ShardCopy): number {
    return copy.node ? this.nodeTier(copy.node) : this.tierNumber('unassigned');
  }
}

/** A row's tier when its copies are on more than one tier, or it has none. */
const MIXED = -1;
const NO_COPIES = -2;
/** The tier of a row whose index was deleted (dropped by `StorageMemo#compact`). */
const DELETED = -3;

/** Copies and bytes per tier number so far, and the tiers in the order their first copy was met. */
class TierSums {
  readonly shards: number[] = [];
  readonly bytes: number[] = [];
  readonly order: number[] = [];

  /** `count` copies on `tier`, each holding `perShard` bytes (added one by one: the same sum, bit for bit). */
  add(tier: number, perShard: number, count = 1): void {
    let bytes = this.bytes[tier];
    if (bytes === undefined || this.shards[tier] === 0) {
      this.shards[tier] = 0;
      bytes = 0;
      this.order.push(tier);
    }
    this.shards[tier]! += count;
    for (let i = 0; i < count; i++) bytes += perShard;
    this.bytes[tier] = bytes;
  }

  /** Each copy of row `at`'s index, with its share of the index's bytes. */
  addRow(memo: StorageMemo, at: number, storeBytes: number): void {
    const tier = memo.tiers[at]!;
    if (tier === NO_COPIES) return;
    const perShard = storeBytes / memo.divisors[at]!;
    if (tier !== MIXED) {
      this.add(tier, perShard, memo.copies[at]!);
      return;
    }
    const tiers = memo.mixed[at]!;
    for (let i = 0; i < tiers.length; i++) this.add(tiers[i]!, perShard);
  }
}

/**
 * Adds up the last sample's rows whose indices are still there, in their order, each brought up to
 * date in place; answers how many. The cluster keeps its indices in insertion order and marks a
 * deleted record `removed`, so these are the cluster's indices but those created since the last
 * sample, in the cluster's order.
 */
function sampleRows(memo: StorageMemo, store: PlacementStore, topologyVersion: number, sums: TierSums): number {
  const { indices, settings, routingVersions, tiers } = memo;
  const placed = memo.topologyVersion === topologyVersion;
  const length = indices.length;
  let live = 0;
  for (let i = 0; i < length; i++) {
    if (tiers[i] === DELETED) continue;
    const index = indices[i]!;
    if (index.removed) {
      tiers[i] = DELETED;
      continue;
    }
    const now = index.settings;
    if (!placed || settings[i] !== now || routingVersions[i] !== now.routingVersion) memo.place(i, index, store);
    sums.addRow(memo, i, index.storeBytes);
    live++;
  }
  memo.topologyVersion = topologyVersion;
  // The rows of deleted indices are passed over until they are a quarter of all: then dropped.
  if (length - live > length / 4) memo.compact();
  return live;
}

/**
 * Adds rows for the next `fresh` indices of the cluster's map, after the `live` ones the memo's rows
 * hold (with a new iterator when the memo has none); answers false when the map has fewer.
 */
function appendNew(memo: StorageMemo, cluster: Cluster, store: PlacementStore, sums: TierSums, live: number, fresh: number): boolean {
  let entries = memo.entries;
  if (entries === null) {
    entries = cluster.indices.values();
    for (let n = 0; n < live; n++) entries.next();
  }
  memo.entries = entries;
  let at = memo.length;
  for (let n = 0; n < fresh; n++) {
    const next = entries.next();
    if (next.done) return false;
    memo.place(at, next.value, store);
    sums.addRow(memo, at, next.value.storeBytes);
    at++;
  }
  return true;
}

/**
 * Shard copies and bytes per tier now (a replica holds as many bytes as its primary). With a memo
 * (one per run of samples), indices unchanged since the last sample are not looked up again. Each
 * tier's bytes are added up in the cluster's index order, copy by copy, and the tiers come in the
 * order their first copy was met: the same sums, bit for bit, with a memo or without.
 */
export function storageByTier(cluster: Cluster, atMillis: number, memo: StorageMemo = new StorageMemo()): TierSample {
  let sums = new TierSums();
  const topology = topologyOf(cluster);
  const store = topology.isDefault ? null : placementStore(cluster);
  if (store) {
    const version = topology.version;
    if (memo.store !== store) memo.truncate(0);
    let live = sampleRows(memo, store, version, sums);
    if (live > cluster.indices.size) {
      // Rows of indices this cluster never held (cannot happen while the memo serves one cluster): afresh.
      sums = new TierSums();
      memo.truncate(0);
      live = 0;
    }
    // The indices created since come after all the others in the map's order (and after the rows):
    // the memo's iterator of the map stands after the last index it gave, and a map's iterator goes
    // on to the entries set after it was made (passing over deleted ones).
    const fresh = cluster.indices.size - live;
    if (fresh > 0 && !appendNew(memo, cluster, store, sums, live, fresh)) {
      // The iterator ran out first (cannot happen while the memo serves one cluster): afresh.
      sums = new TierSums();
      memo.truncate(0);
      appendNew(memo, cluster, store, sums, 0, cluster.indices.size);
    }
  } else {
    const data = memo.tierNumber('data');
    const unassigned = memo.tierNumber('unassigned');
    for (const index of cluster.indices.values()) {
      const perShard = index.storeBytes / Math.max(1, numberOfShards(index));
      // The default node holds every primary; replicas stay unassigned on one node.
      for (let s = 0; s < numberOfShards(index); s++) {
        sums.add(data, perShard);
        for (let r = 0; r < numberOfReplicas(index); r++) sums.add(unassigned, perShard);
      }
    }
    memo.truncate(0);
  }
  memo.store = store;
  const tiers: Record<string, { shards: number; bytes: number }> = {};
  for (const tier of sums.order) tiers[memo.tierNames[tier]!] = { shards: sums.shards[tier]!, bytes: sums.bytes[tier]! };
  return { atMillis, tiers };
}

/** Runs the twin forward and reads the forecast. The twin's clock ends at the horizon. */
export function forecast(simulator: Simulator, options: ForecastOptions): Forecast {
  const sim = simulationOf(simulator);
  const start = sim.now;
  const end = start + options.horizonMillis;
  const stuckAfter = options.stuckAfterMillis ?? 7 * DAY;
  const ingest = estimateIngest(sim.cluster, start, options.overrides ?? []);
  // Without any ingest the clock moves a day at a time (every poll tick in between still runs).
  const rates = ingest.map(workloadRate);
  const step = options.stepMillis ?? workloadStepMillis(rates);
  const today = todaysProblems(simulator);
  // Each index's phase at the start: a lineage's first phase span that is this phase was entered before.
  const phaseAtStart = new Map<string, { phase?: string; action?: string }>();
  for (const index of sim.cluster.indices.values())
    if (index.lifecycle) phaseAtStart.set(index.name, { phase: index.lifecycle.phase, action: index.lifecycle.action });
  const startState = startingState(sim.cluster);
  const storageMemo = new StorageMemo();
  const storage: TierSample[] = [storageByTier(sim.cluster, start, storageMemo)];
  let clockContinuations = 0;
  for (const request of workloadRequests(rates, start, end, new Map(), step)) {
    const sent = sendWorkloadRequest(
      (r) => send(simulator, r.method, r.path, r.body),
      () => sim.now,
      request,
    );
    clockContinuations += sent.continuations;
    if (sent.answer.status >= 300 && request.path === '/_sim/clock/_set') {
      throw new Error(`the forecast's clock stopped at ${formatEsDate(sim.now)}: ${JSON.stringify(sent.answer.body)}`);
    }
    if (request.path !== '/_sim/clock/_set') continue;
    const now = sim.now;
    if ((now - start) % DAY === 0 || now === end) storage.push(storageByTier(sim.cluster, now, storageMemo));
  }
  options.mark?.('forecast: run the clock (and sample storage)');
  // The lineages `GET /_sim/timeline` shows, read in process before they are written as JSON: the
  // events come from them, and the JSON (tens of megabytes for a large cluster) only if an output asks.
  // In the order they begin (those alive at the start first, by name; then each new one as it comes):
  // the picture reads as a waterfall, whatever order the history first touched them in.
  const lineages = withStartingState(timelineLineages(sim, ['*']), startState, start).sort(
    (a, b) => a.startMillis - b.startMillis || (a.index < b.index ? -1 : a.index > b.index ? 1 : 0),
  );
  const events: ForecastEvent[] = [];
  const ahead: ForecastProblem[] = [];
  for (const lineage of lineages) {
    eventsOf(lineage, phaseAtStart.get(lineage.index), events);
    errorsOf(lineage, ahead);
  }
  ahead.push(...stallsAt(simulator, sim.cluster, stuckAfter, end));
  events.sort((a, b) => a.atMillis - b.atMillis || (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
  options.mark?.('forecast: timeline, events, problems');
  const now = sim.now;
  let timeline: TimelineJson | undefined;
  return {
    startMillis: start,
    endMillis: end,
    ingest,
    today,
    ahead,
    events,
    lineages,
    get timeline(): TimelineJson {
      timeline ??= { now: formatEsDate(now), now_millis: now, indices: timelineJson(lineages) };
      return timeline;
    },
    storage,
    clockContinuations,
  };
}

/** Lineages as `GET /_sim/timeline` writes them. */
export function timelineJson(lineages: readonly LineageTimeline[]): LineageJson[] {
  // Spans share their instants (poll ticks, the steps of one action run at once): each is printed once.
  const date = dateMemo();
  return lineages.map((lineage) => lineageJson(lineage, date) as unknown as LineageJson);
}

/**
 * Indices in ERROR at the bundle's instant, and those between automatic retries of a failing step
 * (back on it with a retry count), with ES's reason and what a retry would do (from `why`).
 */
function todaysProblems(simulator: Simulator): ForecastProblem[] {
  const out: ForecastProblem[] = [];
  const sim = simulationOf(simulator);
  const now = sim.now;
  // Explained one by one, only those in ERROR or with a retry count (a large cluster has few).
  const failing = [...sim.cluster.indices.values()]
    .filter((i) => i.lifecycle?.step === 'ERROR' || (i.lifecycle?.failedStepRetryCount ?? 0) > 0)
    .map((i) => i.name);
  for (const name of failing.sort()) {
    const body = send(simulator, 'GET', `/${encodeURIComponent(name)}/_ilm/explain?expand_wildcards=all`).body as {
      indices?: Record<string, Record<string, unknown>>;
    };
    const record = body.indices?.[name];
    if (!record) continue;
    const inError = record['step'] === 'ERROR';
    const retries = typeof record['failed_step_retry_count'] === 'number' ? record['failed_step_retry_count'] : 0;
    if (!inError && retries === 0) continue;
    const info = (inError ? record['step_info'] : record['previous_step_info']) as { type?: string; reason?: string } | undefined;
    const reason = info?.type
      ? `${info.type}: ${info.reason}`
      : sim.profile.explain.previousStepInfo
        ? 'no reason stored'
        : `no reason (ES ${sim.profile.name} keeps none between automatic retries: previous_step_info came with 8.16)`;
    if (!inError) {
      out.push({
        index: name,
        kind: 'error',
        atMillis: now,
        text: `${name} keeps failing at ${record['phase']}/${record['action']}/${record['step']}: ${retries} automatic retries so far, the last failing with ${reason}`,
      });
      continue;
    }
    const why = send(simulator, 'GET', `/_sim/why/${encodeURIComponent(name)}`);
    const explanation = why.status === 200 ? retryWordsOf((why.body as { explanation: string }).explanation) : '';
    const failed = record['failed_step'] ? `${record['phase']}/${record['action']}/${record['failed_step']}` : `${record['phase'] ?? '?'}`;
    out.push({ index: name, kind: 'error', atMillis: now, text: `${name} is in ERROR at ${failed}: ${reason}${explanation ? `; ${explanation}` : ''}` });
  }
  return out;
}

/** The actions whose start is an event (the others start and end with their phase). */
const EVENT_ACTIONS = new Set(['rollover', 'shrink', 'searchable_snapshot', 'wait_for_snapshot', 'forcemerge', 'downsample']);

/** What happens to one lineage when, added to `out`: phase entries, rollovers, shrinks, snapshots, deletion. */
function eventsOf(lineage: LineageTimeline, atStart: { phase?: string; action?: string } | undefined, out: ForecastEvent[]): void {
  const index = lineage.index;
  // The first spans of an index that was already in that phase (and action) at the start began before.
  const phases = lineage.phases;
  for (let i = 0; i < phases.length; i++) {
    const phase = phases[i]!;
    if (!(i === 0 && phase.phase === atStart?.phase)) out.push({ index, atMillis: phase.startMillis, what: `enters ${phase.phase}` });
  }
  const actions = lineage.actions;
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i]!;
    if (i === 0 && action.phase === atStart?.phase && action.action === atStart?.action) continue;
    if (EVENT_ACTIONS.has(action.action)) out.push({ index, atMillis: action.startMillis, what: `${action.phase}/${action.action} starts` });
  }
  const names = lineage.names;
  for (let i = 1; i < names.length; i++) out.push({ index, atMillis: names[i]!.startMillis, what: `continues as ${names[i]!.index}` });
  if (lineage.ended === 'deleted' && lineage.endMillis !== null) out.push({ index, atMillis: lineage.endMillis, what: 'deleted' });
}

/**
 * ERRORs on the way, added to `out`, with ES's reason and the retries the profile made: one line per
 * index and reason (an automatic retry that fails again returns to ERROR with the same reason).
 */
function errorsOf(lineage: LineageTimeline, out: ForecastProblem[]): void {
  // Most lineages never go to ERROR: they cost one look at each wait.
  if (!lineage.waits.some((wait) => wait.step === 'ERROR')) return;
  const groups = new Map<string, { first: WaitSpan; failedStep: string | undefined; times: number; retries: number }>();
  for (const wait of lineage.waits) {
    if (wait.step !== 'ERROR') continue;
    const error = wait.error ? `${wait.error.type}: ${wait.error.reason}` : 'no reason recorded';
    const key = `${wait.index}\u0000${error}`;
    const group = groups.get(key);
    if (group) {
      group.times++;
      group.retries += wait.retries ?? 0;
      group.failedStep ??= wait.failedStep;
    } else groups.set(key, { first: wait, failedStep: wait.failedStep, times: 1, retries: wait.retries ?? 0 });
  }
  for (const [key, { first, failedStep, times, retries }] of groups) {
    const error = key.split('\u0000')[1]!;
    const again = times > 1 || retries > 0 ? ` (${times} time${times === 1 ? '' : 's'}, ${retries} automatic retries failed again)` : '';
    out.push({
      index: lineage.index,
      kind: 'error',
      atMillis: first.startMillis,
      text: `${first.index} goes to ERROR at ${formatEsDate(first.startMillis)} on ${first.phase}/${first.action}/${failedStep ?? '?'}: ${error}${again}`,
    });
  }
}

/**
 * Indices that, at the horizon, have been on one step (not a phase's end, not ERROR, not waiting for
 * rollover conditions) for longer than `stuckAfterMillis`, with what the step waits for (`why`).
 */
function stallsAt(simulator: Simulator, cluster: Cluster, stuckAfterMillis: number, endMillis: number): ForecastProblem[] {
  const out: ForecastProblem[] = [];
  // The stalled ones are found first, then explained in name order (a large cluster has few).
  const stalled: Array<{ index: IndexMetadata; state: NonNullable<IndexMetadata['lifecycle']>; stepTime: number }> = [];
  for (const index of cluster.indices.values()) {
    const state = index.lifecycle;
    if (!state || state.step === undefined || state.stepTime === undefined) continue;
    if (state.step === 'complete' || state.step === 'ERROR' || state.step === 'check-rollover-ready' || state.phase === 'completed') continue;
    if (endMillis - state.stepTime > stuckAfterMillis) stalled.push({ index, state, stepTime: state.stepTime });
  }
  for (const { index, state, stepTime } of stalled.sort((a, b) => (a.index.name < b.index.name ? -1 : 1))) {
    const lasted = endMillis - stepTime;
    const why = send(simulator, 'GET', `/_sim/why/${encodeURIComponent(index.name)}`);
    const what = why.status === 200 ? `: ${(why.body as { explanation: string }).explanation}` : '';
    out.push({
      index: index.name,
      kind: 'stall',
      atMillis: stepTime,
      text: `${index.name} stalls on ${state.phase}/${state.action}/${state.step} from ${formatEsDate(stepTime)} (${formatTimeValueToString(lasted)} by the horizon)${what}`,
    });
  }
  return out;
}

/** What each managed index was doing at the start, for the picture (the history starts there). */
interface StartingState {
  readonly name: string;
  readonly policy: string | null;
  readonly phase: string;
  readonly action: string;
  readonly step: string;
  readonly sinceMillis: number;
  readonly failedStep?: string;
  readonly error?: { type: string; reason: string };
}

function startingState(cluster: Cluster): StartingState[] {
  const out: StartingState[] = [];
  for (const index of cluster.indices.values()) {
    const state = index.lifecycle;
    if (!state || state.phase === undefined || state.action === undefined || state.step === undefined) continue;
    const info = state.stepInfo as { type?: unknown; reason?: unknown } | undefined;
    out.push({
      name: index.name,
      policy: index.settings.lifecycleName,
      phase: state.phase,
      action: state.action,
      step: state.step,
      sinceMillis: state.phaseTime ?? state.stepTime ?? index.creationDate,
      ...(state.failedStep === undefined ? {} : { failedStep: state.failedStep }),
      ...(typeof info?.type === 'string' && typeof info.reason === 'string' ? { error: { type: info.type, reason: info.reason } } : {}),
    });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The timeline from the start: `/_sim/timeline` knows only the history written after the bundle's
 * instant, so each lineage's phase before its first change is put in from the state at the start
 * (drawn from the start of the forecast), and indices that do not change at all get a lineage of
 * their own. The lineages are the forecast's own (just built by `timelineLineages`, shared with
 * nothing): they are changed in place rather than copied.
 */
function withStartingState(lineages: LineageTimeline[], states: readonly StartingState[], startMillis: number): LineageTimeline[] {
  const byName = new Map<string, StartingState>();
  for (const state of states) byName.set(state.name, state);
  const seen = new Set<string>();
  for (const lineage of lineages) {
    seen.add(lineage.index);
    const state = byName.get(lineage.index);
    if (state === undefined) continue;
    const first = lineage.phases[0];
    if (!first || first.startMillis <= startMillis) continue;
    // The lineage starts at the start (its end stays).
    (lineage as Mutable<LineageTimeline>).startMillis = startMillis;
    if (first.phase === state.phase)
      (first as Mutable<PhaseSpan>).startMillis = startMillis; // its first phase began before
    else (lineage.phases as PhaseSpan[]).unshift({ phase: state.phase, startMillis, endMillis: first.startMillis });
  }
  for (const state of states) {
    if (seen.has(state.name)) continue;
    lineages.push({
      index: state.name,
      policy: state.policy,
      names: [{ index: state.name, startMillis, endMillis: null }],
      phases: [{ phase: state.phase, startMillis, endMillis: null }],
      actions: [{ phase: state.phase, action: state.action, startMillis, endMillis: null }],
      waits: [
        {
          phase: state.phase,
          action: state.action,
          step: state.step,
          index: state.name,
          startMillis: Math.max(startMillis, state.sinceMillis),
          endMillis: null,
          ...(state.failedStep === undefined ? {} : { failedStep: state.failedStep }),
          ...(state.error === undefined ? {} : { error: state.error }),
        },
      ],
      startMillis,
      endMillis: null,
      ended: null,
    });
  }
  return lineages;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
