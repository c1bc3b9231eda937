/**
 * The `_cat` tables of nodes and shards: `GET /_cat/nodes` (ES `RestNodesAction`),
 * `GET /_cat/shards[/<index>]` (ES `RestShardsAction`) and `GET /_cat/allocation[/<node>]` (ES
 * `RestAllocationAction`: 8.x's newest columns `shards.undesired`, `write_load.forecast`,
 * `disk.indices.forecast` and a default `node.role` with the 8.19 profile), over the simulated nodes (`topology.ts`) and
 * where each copy sits (`shard-placement.ts`; on the default topology the one node holds every
 * primary and the replicas are unassigned). Rendered by `cat-handlers.ts`' `RestTable`; they change
 * nothing.
 *
 * Divergence: the simulated nodes have no JVM, memory, CPU or disk: `heap.percent`, `ram.percent`,
 * `cpu` and the load averages are 0, `_cat/allocation`'s `disk.used`, `disk.avail`, `disk.total` and
 * `disk.percent` are empty (its `disk.indices` counts the documents' bytes of the copies on the node,
 * `shards.undesired` and `write_load.forecast` are 0); a shard's `docs` and `store` are its index's primary documents
 * and bytes divided evenly over its shards (replicas as their primary); only the default columns and
 * `id` of each table are known.
 */
import type { IndexMetadata } from '../../engine/cluster/cluster';
import { numberOfReplicas, numberOfShards } from '../../engine/cluster/cluster';
import { resolveIndices, simpleMatch } from '../../engine/cluster/index-resolver';
import { copiesOf, ShardCopy } from '../../engine/cluster/shard-placement';
import { clusterNodes, SimNode } from '../../engine/cluster/topology';
import { Cell, col, Column, renderTable, Row } from './cat-handlers';
import { expandHidden, HandlerResult, RequestContext } from '../context';

/** ES `DiscoveryNodeRole#roleNameAbbreviation`. */
const ROLE_LETTERS: Readonly<Record<string, string>> = {
  data: 'd',
  data_cold: 'c',
  data_content: 's',
  data_frozen: 'f',
  data_hot: 'h',
  data_warm: 'w',
  ingest: 'i',
  master: 'm',
  ml: 'l',
  remote_cluster_client: 'r',
  transform: 't',
  voting_only: 'v',
};

/** ES's `node.role` cell: the roles' letters, sorted; `-` for none. */
function roleLetters(node: SimNode): string {
  const letters = node.roles
    .map((r) => ROLE_LETTERS[r] ?? '')
    .filter((l) => l.length > 0)
    .sort()
    .join('');
  return letters.length === 0 ? '-' : letters;
}

/** `GET /_cat/nodes`: one row per running node, in name order; `*` marks the elected master. */
export function catNodes(ctx: RequestContext): HandlerResult {
  const columns: Column[] = [
    col('id', 'nodeId', false, false),
    col('ip', 'i'),
    col('heap.percent', 'hp,heapPercent', true),
    col('ram.percent', 'rp,ramPercent', true),
    col('cpu', '', true),
    col('load_1m', 'l', true),
    col('load_5m', 'l', true),
    col('load_15m', 'l', true),
    col('node.role', 'r,role,nodeRole'),
    col('master', 'm'),
    col('name', 'n'),
  ];
  const nodes = clusterNodes(ctx.sim.cluster);
  const master = nodes.find((n) => n.roles.includes('master')) ?? nodes[0];
  const full = ctx.query.get('full_id') === 'true';
  const rows: Row[] = nodes.map(
    (node) =>
      new Map<string, Cell>([
        ['id', full ? node.id : node.id.slice(0, 4)],
        ['ip', node.ip],
        ['heap.percent', 0],
        ['ram.percent', 0],
        ['cpu', 0],
        ['load_1m', '0.00'],
        ['load_5m', '0.00'],
        ['load_15m', '0.00'],
        ['node.role', roleLetters(node)],
        ['master', node === master ? '*' : '-'],
        ['name', node.name],
      ]),
  );
  return renderTable(ctx, columns, rows);
}

/** Where an index's copies are: the placement, or on the default node the primaries alone. */
export function copiesFor(ctx: RequestContext, index: IndexMetadata): readonly ShardCopy[] {
  const placed = copiesOf(ctx.sim.cluster, index);
  if (placed !== null) return placed;
  const node = clusterNodes(ctx.sim.cluster)[0] ?? null;
  const out: ShardCopy[] = [];
  for (let s = 0; s < numberOfShards(index); s++) {
    out.push({ shard: s, primary: true, node });
    for (let r = 0; r < numberOfReplicas(index); r++) out.push({ shard: s, primary: false, node: null });
  }
  return out;
}

/** `GET /_cat/shards[/<index>]`: one row per copy, by index name, shard, then primary first. */
export function catShards(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const columns: Column[] = [
    col('index', 'i,idx'),
    col('shard', 's,sh'),
    col('prirep', 'p,pr,primaryOrReplica'),
    col('state', 'st'),
    col('docs', 'd,dc', true),
    col('store', 'sto', true),
    ...(sim.profile.catIndicesDatasetSize ? [col('dataset', '', true)] : []),
    col('ip', ''),
    col('id', '', false, false),
    col('node', 'n'),
  ];
  // ES `RestShardsAction`: `IndicesOptions.strictExpandHidden()`.
  const indices = resolveIndices(sim.cluster, ctx.params.get('index') ?? '_all', {
    ignoreUnavailable: false,
    allowNoIndices: true,
    expandHidden: ctx.query.has('expand_wildcards') ? expandHidden(ctx) : true,
    expandOpen: true,
    expandClosed: true,
  });
  const rows: Row[] = [];
  for (const index of [...indices].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const shards = numberOfShards(index);
    const docs = Math.floor(index.docsCount / shards);
    const bytes = Math.floor(index.storeBytes / shards);
    for (const copy of copiesFor(ctx, index)) {
      const node = copy.node;
      rows.push(
        new Map<string, Cell>([
          ['index', index.name],
          ['shard', copy.shard],
          ['prirep', copy.primary ? 'p' : 'r'],
          ['state', node ? 'STARTED' : 'UNASSIGNED'],
          ['docs', node ? docs : null],
          ['store', node ? { bytes } : null],
          ['dataset', node ? { bytes } : null],
          ['ip', node ? node.ip : null],
          ['id', node ? node.id : null],
          ['node', node ? node.name : null],
        ]),
      );
    }
  }
  return renderTable(ctx, columns, rows);
}

/** `GET /_cat/allocation[/<node>]`: per running node its copies and their bytes, then the unassigned copies. */
export function catAllocation(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const newest = sim.profile.catIndicesDatasetSize;
  const columns: Column[] = [
    col('shards', 's', true),
    ...(newest
      ? [
          col('shards.undesired', '', true),
          col('write_load.forecast', 'wlf,writeLoadForecast', true),
          col('disk.indices.forecast', 'dif,diskIndicesForecast', true),
        ]
      : []),
    col('disk.indices', 'di,diskIndices', true),
    col('disk.used', 'du,diskUsed', true),
    col('disk.avail', 'da,diskAvail', true),
    col('disk.total', 'dt,diskTotal', true),
    col('disk.percent', 'dp,diskPercent', true),
    col('host', 'h'),
    col('ip', ''),
    col('node', 'n'),
    col('node.role', 'r,role,nodeRole', false, newest),
  ];
  const held = new Map<string, { shards: number; bytes: number }>();
  let unassigned = 0;
  for (const index of sim.cluster.indices.values()) {
    const bytes = Math.floor(index.storeBytes / numberOfShards(index));
    for (const copy of copiesFor(ctx, index)) {
      if (copy.node === null) {
        unassigned++;
        continue;
      }
      const entry = held.get(copy.node.id) ?? { shards: 0, bytes: 0 };
      held.set(copy.node.id, { shards: entry.shards + 1, bytes: entry.bytes + bytes });
    }
  }
  // ES resolves `<node>` as node ids, names or patterns (`DiscoveryNodes#resolveNodes`).
  const wanted = ctx.params.has('node_id') ? (ctx.params.get('node_id') ?? '').split(',') : null;
  const nodes = clusterNodes(sim.cluster).filter((n) => wanted === null || wanted.some((w) => w === '_all' || w === n.id || simpleMatch(w, n.name)));
  const rows: Row[] = nodes.map((node) => {
    const entry = held.get(node.id) ?? { shards: 0, bytes: 0 };
    return new Map<string, Cell>([
      ['shards', entry.shards],
      ['shards.undesired', 0],
      ['write_load.forecast', '0.0'],
      ['disk.indices.forecast', { bytes: entry.bytes }],
      ['disk.indices', { bytes: entry.bytes }],
      ['host', node.host],
      ['ip', node.ip],
      ['node', node.name],
      ['node.role', roleLetters(node)],
    ]);
  });
  if (wanted === null && unassigned > 0)
    rows.push(
      new Map<string, Cell>([
        ['shards', unassigned],
        ['node', 'UNASSIGNED'],
      ]),
    );
  return renderTable(ctx, columns, rows);
}
