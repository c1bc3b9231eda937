/**
 * The cluster-wide shard limit checked before shard copies are created (ES `ShardLimitValidator`):
 * `cluster.max_shards_per_node` (default 1000) times the data nodes, against the open indices' copies,
 * on index creation (create, rollover, data streams, shrink, downsample, searchable-snapshot mounts,
 * which ES restores), on `_open` and on replica increases. Plus the simulator's own ceiling on the shard
 * copies it holds, so no accepted request can make it build shard tables without bound. Pure: reads the
 * cluster and the profile, throws ES's error, never changes anything.
 *
 * Divergence: ES multiplies in 32-bit ints, so `number_of_replicas: 2147483647` overflows its count to a
 * negative number and passes the check (the node then tries to build the routing table); the simulator
 * counts exactly and refuses. The frozen group (`cluster.max_shards_per_node.frozen`, 7.13+) is not
 * modelled: partially mounted indices are left out of the normal count and nothing checks them.
 */
import { Cluster, IndexMetadata, numberOfReplicas, numberOfShards } from './cluster';
import type { EsError } from '../errors';
import { EsException } from '../errors';
import type { Profile } from '../profile';
import { clusterSettingOrDefault } from './cluster-settings';
import { topologyOf } from './topology';

export const SETTING_MAX_SHARDS_PER_NODE = 'cluster.max_shards_per_node';

/**
 * The most shard copies one action (a create, open, rollover or replica change) may add: what ES's
 * default limit gives 20 data nodes, and low enough that placing one index's copies stays around a
 * second at most (100,000 copies took 5 s to place on 100 nodes on a loaded 2-core machine). A single
 * request naming millions of replicas is refused here before anything is placed.
 */
export const SIMULATOR_MAX_SHARD_COPIES_PER_ACTION = 20_000;

/**
 * The most shard copies (every index, open or closed) the simulator holds: room for the clusters a
 * twin loads (20,000 indices with a replica each, and their rollovers) and for the engine bench's
 * 100,000 indices with a replica, while listing every copy
 * (`_cat/shards`) stays a matter of seconds. Only many requests, each adding copies, reach it.
 */
export const SIMULATOR_MAX_SHARD_COPIES = 250_000;

/** ES `ValidationException` (an `IllegalArgumentException`): `Validation Failed: 1: ...;`, 400. */
function validationException(message: string): EsError {
  return { type: 'validation_exception', reason: `Validation Failed: 1: ${message};`, status: 400 };
}

const SETTING_PARTIAL = 'index.store.snapshot.partial';

/** An index's shard copies: primaries times (1 + replicas), exactly (no 32-bit overflow). */
export function shardCopiesOf(index: IndexMetadata): number {
  return numberOfShards(index) * (numberOfReplicas(index) + 1);
}

/** The data nodes of the normal group in the cluster now (ES `ShardLimitValidator#hasNonFrozen`). */
function normalDataNodes(cluster: Cluster): number {
  const topology = topologyOf(cluster);
  let count = 0;
  for (const node of topology.running()) {
    if (node.roles.some((r) => (r === 'data' || r.startsWith('data_')) && r !== 'data_frozen') || node.wildcard) count++;
  }
  return count;
}

/**
 * Checks that `newCopies` more open shard copies fit, before the change that adds them; zero or less
 * always fits (ES skips the check). `partial`: the copies are a partially mounted index's (not in the
 * normal group). `newHeld`: how many copies the simulator would hold more (`_open` adds none).
 */
export function checkShardLimit(cluster: Cluster, profile: Profile, newCopies: number, partial = false, newHeld = newCopies): void {
  if (newCopies <= 0 && newHeld <= 0) return;
  try {
    refuseOverLimit(cluster, profile, copyTotals(cluster, false), newCopies, partial, newHeld);
  } catch (error) {
    // A refusal is confirmed on a full count (the running totals are never the reason to refuse).
    refuseOverLimit(cluster, profile, copyTotals(cluster, true), newCopies, partial, newHeld);
    throw error;
  }
}

/** The copies the cluster holds and its open copies of the normal group, with what each index counted for. */
interface CopyTotals {
  held: number;
  openNormal: number;
  readonly counted: Map<IndexMetadata, { readonly copies: number; readonly normal: boolean }>;
}

const TOTALS = new WeakMap<Cluster, CopyTotals>();

function countInto(totals: CopyTotals, index: IndexMetadata): void {
  const copies = shardCopiesOf(index);
  const normal = index.state !== 'close' && index.settings.get(SETTING_PARTIAL) !== 'true';
  totals.counted.set(index, { copies, normal });
  totals.held += copies;
  if (normal) totals.openNormal += copies;
}

/**
 * The cluster's copy totals, kept up to date from the records the change log saw since the last count
 * (every create, change and delete goes through it), or counted afresh when `full` or first asked.
 */
function copyTotals(cluster: Cluster, full: boolean): CopyTotals {
  const changed = cluster.changed.copiesChanged;
  let totals = TOTALS.get(cluster);
  if (!totals || full) {
    totals = { held: 0, openNormal: 0, counted: new Map() };
    for (const index of cluster.indices.values()) countInto(totals, index);
    TOTALS.set(cluster, totals);
  } else {
    for (const index of changed) {
      const before = totals.counted.get(index);
      if (before) {
        totals.held -= before.copies;
        if (before.normal) totals.openNormal -= before.copies;
        totals.counted.delete(index);
      }
      if (!index.removed && cluster.indices.get(index.name) === index) countInto(totals, index);
    }
  }
  changed.clear();
  return totals;
}

function refuseOverLimit(cluster: Cluster, profile: Profile, totals: CopyTotals, newCopies: number, partial: boolean, newHeld: number): void {
  const { held, openNormal } = totals;
  if (newCopies > 0 && !partial && profile.shardLimit !== 'warn') {
    const nodes = normalDataNodes(cluster);
    const perNode = Number(clusterSettingOrDefault(cluster, SETTING_MAX_SHARDS_PER_NODE) ?? '1000');
    const max = perNode * nodes;
    // ES enforces only with at least one data node, so a cluster being set up can create indices.
    if (nodes > 0 && openNormal + newCopies > max) {
      throw new EsException(
        validationException(
          profile.shardLimit === 'total'
            ? `this action would add [${newCopies}] total shards, but this cluster currently has [${openNormal}]/[${max}] maximum shards open`
            : `this action would add [${newCopies}] shards, but this cluster currently has [${openNormal}]/[${max}] maximum normal shards open${
                profile.shardLimitDocsLink === null ? '' : `; for more information, see ${profile.shardLimitDocsLink}`
              }`,
        ),
      );
    }
  }
  // Divergence: 6.x only warned (a deprecation header the simulator does not send) and no release has
  // these ceilings; they keep the simulator's shard tables bounded whatever the limit is set to.
  if (newHeld > SIMULATOR_MAX_SHARD_COPIES_PER_ACTION) {
    throw new EsException(
      validationException(
        `this action would add [${newHeld}] shards, but the simulator adds at most [${SIMULATOR_MAX_SHARD_COPIES_PER_ACTION}] shard copies in one action`,
      ),
    );
  }
  if (newHeld > 0 && held + newHeld > SIMULATOR_MAX_SHARD_COPIES) {
    throw new EsException(
      validationException(
        `this action would add [${newHeld}] shards, but the simulator holds at most [${SIMULATOR_MAX_SHARD_COPIES}] shard copies and this cluster has [${held}]`,
      ),
    );
  }
}

/** The copies a new index with these settings would add (its shard and replica counts as validated). */
export function newIndexCopies(settings: ReadonlyMap<string, string>): number {
  const shards = Number(settings.get('index.number_of_shards') ?? '1');
  const replicas = Number(settings.get('index.number_of_replicas') ?? '1');
  return Number.isFinite(shards) && Number.isFinite(replicas) ? shards * (replicas + 1) : 0;
}

/** Checks a new index's copies (ES `validateShardLimit(settings, state)`). */
export function checkNewIndexShardLimit(cluster: Cluster, profile: Profile, settings: ReadonlyMap<string, string>): void {
  checkShardLimit(cluster, profile, newIndexCopies(settings), settings.get(SETTING_PARTIAL) === 'true');
}

/** `_open`: the copies of the closed indices about to open (ES `validateShardLimit(state, indices)`). */
export function checkOpenShardLimit(cluster: Cluster, profile: Profile, indices: readonly IndexMetadata[]): void {
  let copies = 0;
  for (const index of indices) if (index.state === 'close' && index.settings.get(SETTING_PARTIAL) !== 'true') copies += shardCopiesOf(index);
  checkShardLimit(cluster, profile, copies, false, 0);
}

/** A replica change (ES `validateShardLimitOnReplicaUpdate`): shards times the increase, per index. */
export function checkReplicaShardLimit(cluster: Cluster, profile: Profile, indices: readonly IndexMetadata[], replicas: number): void {
  let copies = 0;
  for (const index of indices) copies += (replicas - numberOfReplicas(index)) * numberOfShards(index);
  checkShardLimit(cluster, profile, copies);
}
