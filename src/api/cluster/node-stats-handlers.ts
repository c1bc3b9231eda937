/**
 * `GET /_nodes[/<node_id>]/stats[/<metric>]` (ES `RestNodesStatsAction`, `NodesStatsResponse`): what
 * prometheus-elasticsearch-exporter and the clients' `nodes.stats` read. Each selected node of
 * `node-list.ts` answers with `timestamp` (the simulated clock), its identity, and the metrics asked
 * for. Reads only; changes nothing.
 *
 * Divergence: the `indices` metric has the `docs` and `store` sections of the counted documents of the
 * shard copies the node holds (an index's documents spread evenly over its shards; on the default
 * node, every primary), at node level whatever `level` says. `os`, `process`,
 * `jvm`, `thread_pool`, `fs`, `transport`, `http` and `breakers` are fixed figures of an idle node
 * (heap and disk sizes, zero counters; uptime follows the simulated clock, the disk's free space the
 * stored bytes), in raw units only (no `human` strings but the breakers' own). The metrics `script`,
 * `discovery`, `ingest`, `adaptive_selection`, `script_cache`, `indexing_pressure`, `repositories` and
 * `allocations` are accepted and left out. The `/{metric}/{index_metric}` routes are not served.
 */
import { numberOfShards } from '../../engine/cluster/cluster';
import { EsException, illegalArgument } from '../../engine/errors';
import { copiesFor } from '../cat/cat-node-handlers';
import { byteSizeString } from '../cat/cat-handlers';
import { commaList, HandlerResult, ok, RequestContext, unrecognizedParams } from '../context';
import { JsonDouble } from '../json-output';
import { docsAndStore } from '../indices/monitoring-handlers';
import { selectNodes } from './node-list';

/** The metrics of the specification's `nodes.stats` (`NodeStatsMetric`), `_all` and `_none` aside. */
const METRICS = [
  'indices',
  'os',
  'process',
  'jvm',
  'thread_pool',
  'fs',
  'transport',
  'http',
  'breaker',
  'script',
  'discovery',
  'ingest',
  'adaptive_selection',
  'script_cache',
  'indexing_pressure',
  'repositories',
  'allocations',
];
const LEVELS = ['indices', 'node', 'shards'];

const GB = 1024 ** 3;
const MB = 1024 ** 2;
/** The simulated node's heap and data disk. */
const HEAP_MAX = GB;
const HEAP_USED = 256 * MB;
const DISK_TOTAL = 100 * GB;

/** The metric names the path asks for (ES `RestNodesStatsAction`: `_all` alone, or known names). */
function requestedMetrics(ctx: RequestContext): Set<string> {
  const raw = ctx.params.get('metric');
  if (raw === undefined) return new Set(METRICS);
  const names = commaList(raw);
  if (names.length === 1 && names[0] === '_all') return new Set(METRICS);
  if (names.length === 1 && names[0] === '_none') return new Set();
  if (names.includes('_all')) throw new EsException(illegalArgument(`request [${ctx.path}] contains _all and individual metrics [${raw}]`));
  const unknown = names.filter((n) => !METRICS.includes(n));
  if (unknown.length > 0) throw new EsException(illegalArgument(unrecognizedParams(ctx.path, unknown, METRICS, 'metric')));
  return new Set(names);
}

function os(now: number): Record<string, unknown> {
  const total = 8 * GB;
  const free = 4 * GB;
  return {
    timestamp: now,
    cpu: { percent: 0, load_average: { '1m': new JsonDouble(0), '5m': new JsonDouble(0), '15m': new JsonDouble(0) } },
    mem: { total_in_bytes: total, free_in_bytes: free, used_in_bytes: total - free, free_percent: 50, used_percent: 50 },
    swap: { total_in_bytes: 0, free_in_bytes: 0, used_in_bytes: 0 },
  };
}

function process(now: number): Record<string, unknown> {
  return {
    timestamp: now,
    open_file_descriptors: 256,
    max_file_descriptors: 65535,
    cpu: { percent: 0, total_in_millis: 0 },
    mem: { total_virtual_in_bytes: 4 * GB },
  };
}

function jvm(now: number, uptime: number): Record<string, unknown> {
  const pool = (used: number, max: number) => ({ used_in_bytes: used, max_in_bytes: max, peak_used_in_bytes: used, peak_max_in_bytes: max });
  return {
    timestamp: now,
    uptime_in_millis: uptime,
    mem: {
      heap_used_in_bytes: HEAP_USED,
      heap_used_percent: Math.round((100 * HEAP_USED) / HEAP_MAX),
      heap_committed_in_bytes: HEAP_MAX,
      heap_max_in_bytes: HEAP_MAX,
      non_heap_used_in_bytes: 128 * MB,
      non_heap_committed_in_bytes: 132 * MB,
      pools: { young: pool(64 * MB, 0), old: pool(HEAP_USED - 64 * MB, HEAP_MAX), survivor: pool(0, 0) },
    },
    threads: { count: 40, peak_count: 40 },
    gc: { collectors: { young: { collection_count: 0, collection_time_in_millis: 0 }, old: { collection_count: 0, collection_time_in_millis: 0 } } },
    buffer_pools: {
      direct: { count: 0, used_in_bytes: 0, total_capacity_in_bytes: 0 },
      mapped: { count: 0, used_in_bytes: 0, total_capacity_in_bytes: 0 },
    },
    classes: { current_loaded_count: 0, total_loaded_count: 0, total_unloaded_count: 0 },
  };
}

/** ES sorts the pools by name. */
const THREAD_POOLS = ['force_merge', 'generic', 'get', 'management', 'search', 'snapshot', 'write'];

function threadPool(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of THREAD_POOLS) out[name] = { threads: 0, queue: 0, active: 0, rejected: 0, largest: 0, completed: 0 };
  return out;
}

function fs(now: number, stored: number): Record<string, unknown> {
  const free = Math.max(0, DISK_TOTAL - stored);
  return {
    timestamp: now,
    total: { total_in_bytes: DISK_TOTAL, free_in_bytes: free, available_in_bytes: free },
    data: [
      {
        path: '/var/lib/elasticsearch/nodes/0',
        mount: '/ (/dev/sda1)',
        type: 'ext4',
        total_in_bytes: DISK_TOTAL,
        free_in_bytes: free,
        available_in_bytes: free,
      },
    ],
  };
}

function breaker(limit: number, overhead: number): Record<string, unknown> {
  return {
    limit_size_in_bytes: limit,
    limit_size: byteSizeString(limit),
    estimated_size_in_bytes: 0,
    estimated_size: '0b',
    overhead: new JsonDouble(overhead),
    tripped: 0,
  };
}

/** `GET /_nodes[/<node_id>]/stats[/<metric>]`. */
export function nodesStats(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const metrics = requestedMetrics(ctx);
  const level = ctx.query.get('level') ?? 'node';
  if (!LEVELS.includes(level)) throw new EsException(illegalArgument(`level parameter must be one of [indices] or [node] or [shards] but was [${level}]`));
  const selected = selectNodes(ctx, ctx.params.get('node_id'));
  // Each node's share of the counted documents: an index's, times the copies it holds over its shards.
  const held = new Map<string, { docs: number; bytes: number }>();
  for (const index of sim.cluster.indices.values()) {
    const copies = new Map<string, number>();
    for (const copy of copiesFor(ctx, index)) if (copy.node) copies.set(copy.node.id, (copies.get(copy.node.id) ?? 0) + 1);
    const shards = numberOfShards(index);
    for (const [id, count] of copies) {
      const sum = held.get(id) ?? { docs: 0, bytes: 0 };
      held.set(id, { docs: sum.docs + Math.floor((index.docsCount * count) / shards), bytes: sum.bytes + Math.floor((index.storeBytes * count) / shards) });
    }
  }
  const now = sim.now;
  const nodes: Record<string, unknown> = {};
  for (const node of selected) {
    const { entry } = node;
    const attributes = entry['attributes'] as Record<string, string> | undefined;
    const stats: Record<string, unknown> = {
      timestamp: now,
      name: entry['name'],
      transport_address: entry['transport_address'],
      host: entry['host'],
      ip: entry['ip'],
      roles: entry['roles'],
      // ES `NodeStats#toXContent` writes `attributes` only when the node has some.
      ...(attributes !== undefined && Object.keys(attributes).length > 0 ? { attributes } : {}),
    };
    const share = held.get(node.id) ?? { docs: 0, bytes: 0 };
    if (metrics.has('indices')) stats['indices'] = docsAndStore(ctx, share.docs, share.bytes, () => true);
    if (metrics.has('os')) stats['os'] = os(now);
    if (metrics.has('process')) stats['process'] = process(now);
    if (metrics.has('jvm')) stats['jvm'] = jvm(now, Math.max(0, now - sim.config.startMillis));
    if (metrics.has('thread_pool')) stats['thread_pool'] = threadPool();
    if (metrics.has('fs')) stats['fs'] = fs(now, share.bytes);
    if (metrics.has('transport')) stats['transport'] = { server_open: 0, rx_count: 0, rx_size_in_bytes: 0, tx_count: 0, tx_size_in_bytes: 0 };
    if (metrics.has('http')) stats['http'] = { current_open: 1, total_opened: 1 };
    if (metrics.has('breaker')) {
      stats['breakers'] = {
        request: breaker(Math.floor(HEAP_MAX * 0.6), 1),
        fielddata: breaker(Math.floor(HEAP_MAX * 0.4), 1.03),
        in_flight_requests: breaker(HEAP_MAX, 2),
        parent: breaker(Math.floor(HEAP_MAX * 0.95), 1),
      };
    }
    nodes[node.id] = stats;
  }
  return ok({ _nodes: { total: selected.length, successful: selected.length, failed: 0 }, cluster_name: 'ilm-sim', nodes });
}
