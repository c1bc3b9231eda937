/**
 * The `_cat` tables people, Curator and exporters read: `GET /_cat/indices[/<index>]` (ES
 * `RestIndicesAction`), `GET /_cat/aliases[/<name>]` (`RestAliasAction`) and `GET /_cat/health`
 * (`RestHealthAction`), rendered as ES's
 * `RestTable` does: aligned text (`v` adds the header row, right-aligned columns stay right-aligned,
 * the last column is not padded), or `format=json` with every value a string; `h` picks and orders
 * columns (names or aliases), `s` sorts, `bytes` fixes the size unit, `health` filters.
 *
 * Divergence: sizes are the counted documents' bytes (a real index also holds Lucene's own files);
 * without `s` rows are sorted by index name (ES prints them in an unordered map's order); `help`,
 * `time` and formats other than text and JSON are not supported.
 */
import { allocationModel } from '../../engine/cluster/allocation';
import type { AliasMetadata } from '../../engine/cluster/cluster';
import { indexHealth } from '../../engine/cluster/health';
import { copiesOf } from '../../engine/cluster/shard-placement';
import { resolveIndices, simpleMatch } from '../../engine/cluster/index-resolver';
import { EsException, illegalArgument } from '../../engine/errors';
import { formatJavaInstantString, formatTimeValueToString } from '../../engine/xcontent/time';
import { clusterHealth } from '../cluster/cluster-handlers';
import { booleanParam, commaList, HandlerResult, ok, RequestContext, wildcardOptions } from '../context';
import type { JsonDouble } from '../json-output';

export interface Column {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly right: boolean;
  readonly byDefault: boolean;
}

export type Cell = string | number | { readonly bytes: number } | null;
export type Row = ReadonlyMap<string, Cell>;

export const col = (name: string, aliases: string, right = false, byDefault = true): Column => ({
  name,
  aliases: aliases.length === 0 ? [] : aliases.split(','),
  right,
  byDefault,
});

const BYTE_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['pb', 1024 ** 5],
  ['tb', 1024 ** 4],
  ['gb', 1024 ** 3],
  ['mb', 1024 ** 2],
  ['kb', 1024],
];

/** ES `ByteSizeValue#toString`: the largest unit, one decimal truncated (`Strings#format1Decimals`). */
export function byteSizeString(bytes: number): string {
  for (const [suffix, size] of BYTE_UNITS) {
    if (bytes >= size) {
      const tenths = Math.floor((bytes * 10) / size);
      return tenths % 10 === 0 ? `${tenths / 10}${suffix}` : `${Math.floor(tenths / 10)}.${tenths % 10}${suffix}`;
    }
  }
  return `${bytes}b`;
}

/** `?bytes=` units (a Map: `?bytes=constructor` must not find `Object`). */
const BYTES_PARAM: ReadonlyMap<string, number> = new Map(
  Object.entries({
    b: 1,
    k: 1024,
    kb: 1024,
    m: 1024 ** 2,
    mb: 1024 ** 2,
    g: 1024 ** 3,
    gb: 1024 ** 3,
    t: 1024 ** 4,
    tb: 1024 ** 4,
    p: 1024 ** 5,
    pb: 1024 ** 5,
  }),
);

function renderCell(ctx: RequestContext, cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'object') {
    const unit = ctx.query.get('bytes');
    if (unit === undefined) return byteSizeString(cell.bytes);
    const size = BYTES_PARAM.get(unit);
    if (size === undefined) throw new EsException(illegalArgument(`failed to parse [bytes] with value [${unit}]`));
    return String(Math.floor(cell.bytes / size));
  }
  return String(cell);
}

/** The columns `h` asks for (names, aliases or wildcards, in its order), or the default ones. */
function displayColumns(ctx: RequestContext, columns: readonly Column[]): Column[] {
  const h = ctx.query.get('h');
  if (h === undefined || h.length === 0) return columns.filter((c) => c.byDefault);
  const out: Column[] = [];
  for (const wanted of commaList(h)) {
    for (const column of columns) {
      if (simpleMatch(wanted, column.name) || column.aliases.includes(wanted)) if (!out.includes(column)) out.push(column);
    }
  }
  return out;
}

function compareCells(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return a < b ? -1 : 1;
}

/** Renders a table as ES `RestTable` does, as text or JSON. */
export function renderTable(ctx: RequestContext, columns: readonly Column[], rows: readonly Row[]): HandlerResult {
  const shown = displayColumns(ctx, columns);
  let cells = rows.map((row) => shown.map((c) => renderCell(ctx, row.get(c.name) ?? null)));
  const sort = ctx.query.get('s');
  if (sort !== undefined && sort.length > 0) {
    const keys = commaList(sort).map((spec) => {
      const [name, order] = spec.split(':');
      const column = columns.find((c) => c.name === name || c.aliases.includes(name ?? ''));
      if (!column) throw new EsException({ type: 'unsupported_operation_exception', reason: `Unable to sort by unknown sort key \`${name}\``, status: 500 });
      return { column, desc: order === 'desc' };
    });
    const all = rows.map((row, i) => ({ row, i }));
    all.sort((a, b) => {
      for (const { column, desc } of keys) {
        const c = compareCells(renderCell(ctx, a.row.get(column.name) ?? null), renderCell(ctx, b.row.get(column.name) ?? null));
        if (c !== 0) return desc ? -c : c;
      }
      return a.i - b.i;
    });
    cells = all.map(({ row }) => shown.map((c) => renderCell(ctx, row.get(c.name) ?? null)));
  }
  const format = ctx.query.get('format') ?? 'text';
  if (format === 'json') {
    return ok(cells.map((row) => Object.fromEntries(shown.map((c, i) => [c.name, row[i]]))));
  }
  if (format !== 'text' && format !== 'txt') throw new EsException(illegalArgument(`Unsupported format [${format}]`));
  const verbose = booleanParam(ctx, 'v', false);
  const all = verbose ? [shown.map((c) => c.name), ...cells] : cells;
  const widths = shown.map((_, i) => Math.max(0, ...all.map((row) => (row[i] ?? '').length)));
  const lines = all.map((row) =>
    row
      .map((value, i) => {
        const text = value ?? '';
        const pad = ' '.repeat(widths[i]! - text.length);
        if (shown[i]!.right) return pad + text;
        return i === row.length - 1 ? text : text + pad;
      })
      .join(' '),
  );
  return { status: 200, body: null, text: lines.map((l) => `${l}\n`).join('') };
}

/** `GET /_cat/indices[/<index>]`. */
export function catIndices(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const columns: Column[] = [
    col('health', 'h'),
    col('status', 's'),
    col('index', 'i,idx'),
    col('uuid', 'id,uuid'),
    col('pri', 'p,shards.primary,shardsPrimary', true),
    col('rep', 'r,shards.replica,shardsReplica', true),
    col('docs.count', 'dc,docsCount', true),
    col('docs.deleted', 'dd,docsDeleted', true),
    col('creation.date', 'cd', false, false),
    col('creation.date.string', 'cds', false, false),
    col('store.size', 'ss,storeSize', true),
    col('pri.store.size', '', true),
    ...(sim.profile.catIndicesDatasetSize ? [col('dataset.size', '', true)] : []),
  ];
  // ES `RestIndicesAction`: `IndicesOptions.fromRequest(request, IndicesOptions.strictExpand())`, so
  // wildcards list open and closed indices unless `expand_wildcards` says otherwise.
  const indices = resolveIndices(sim.cluster, ctx.params.get('index') ?? '_all', {
    ...wildcardOptions(ctx, 'open,closed'),
    ignoreUnavailable: false,
    allowNoIndices: true,
  });
  const allocation = allocationModel(sim.cluster);
  const wanted = ctx.query.get('health');
  if (wanted !== undefined && !['green', 'yellow', 'red'].includes(wanted.toLowerCase())) {
    throw new EsException(illegalArgument(`unknown cluster health status [${wanted}]`));
  }
  const rows: Row[] = [];
  for (const index of [...indices].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const health = indexHealth(index, allocation, sim.now, copiesOf(sim.cluster, index));
    if (wanted !== undefined && health.status !== wanted.toLowerCase()) continue;
    rows.push(
      new Map<string, Cell>([
        ['health', health.status],
        // Divergence: ES leaves a closed index's docs and store cells empty; they show as an open index's.
        ['status', index.state],
        ['index', index.name],
        ['uuid', index.uuid],
        ['pri', health.numberOfShards],
        ['rep', health.numberOfReplicas],
        ['docs.count', index.docsCount],
        ['docs.deleted', 0],
        ['creation.date', index.creationDate],
        ['creation.date.string', formatJavaInstantString(index.creationDate)],
        // One node: replicas are unassigned, so the primaries hold everything.
        ['store.size', { bytes: index.storeBytes }],
        ['pri.store.size', { bytes: index.storeBytes }],
        ['dataset.size', { bytes: index.storeBytes }],
      ]),
    );
  }
  return renderTable(ctx, columns, rows);
}

function routingCell(value: string | undefined): string {
  return value ?? '-';
}

/** `GET /_cat/aliases[/<name>]`: one row per alias and index, by alias then index. */
export function catAliases(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const columns: Column[] = [
    col('alias', 'a'),
    col('index', 'i,idx'),
    col('filter', 'f,fi'),
    col('routing.index', 'ri,routingIndex'),
    col('routing.search', 'rs,routingSearch'),
    col('is_write_index', 'w,isWriteIndex'),
  ];
  const patterns = ctx.params.has('name') ? commaList(ctx.params.get('name')!) : [];
  const entries: Array<[string, string, AliasMetadata]> = [];
  for (const index of sim.cluster.indices.values()) {
    for (const [alias, metadata] of index.aliases) {
      if (patterns.length === 0 || patterns.some((p) => simpleMatch(p, alias))) entries.push([alias, index.name, metadata]);
    }
  }
  entries.sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const rows: Row[] = entries.map(
    ([alias, index, metadata]) =>
      new Map<string, Cell>([
        ['alias', alias],
        ['index', index],
        ['filter', metadata.filter === undefined ? '-' : '*'],
        ['routing.index', routingCell(metadata.indexRouting)],
        ['routing.search', routingCell(metadata.searchRouting)],
        ['is_write_index', metadata.isWriteIndex === undefined ? '-' : String(metadata.isWriteIndex)],
      ]),
  );
  return renderTable(ctx, columns, rows);
}

/** `HH:mm:ss` of an instant, in UTC (ES `Table#startHeadersWithTimestamp`'s `timestamp` cell). */
function timeOfDay(millis: number): string {
  const seconds = Math.floor(millis / 1000);
  const day = ((seconds % 86400) + 86400) % 86400;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(day / 3600))}:${two(Math.floor((day % 3600) / 60))}:${two(day % 60)}`;
}

/**
 * `GET /_cat/health` (ES `RestHealthAction`): one row from the cluster health answer, led by the
 * simulated clock's `epoch` (seconds) and `timestamp` (`HH:mm:ss`, UTC), which `ts=false` leaves out
 * of the default columns. `unassign.pri` is there in the releases whose health reports unassigned
 * primaries (its place, after `unassign`, is ES 9's `_cat/health?help`).
 */
export function catHealth(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const ts = booleanParam(ctx, 'ts', true);
  const health = clusterHealth({ ...ctx, query: new Map(), params: new Map() }).body as Record<string, unknown>;
  const withPrimaries = sim.profile.healthUnassignedPrimaries;
  const columns: Column[] = [
    col('epoch', 't,time', false, ts),
    col('timestamp', 'ts,hms,hhmmss', false, ts),
    col('cluster', 'cl'),
    col('status', 'st'),
    col('node.total', 'nt,nodeTotal', true),
    col('node.data', 'nd,nodeData', true),
    col('shards', 't,sh,shards.total,shardsTotal', true),
    col('pri', 'p,shards.primary,shardsPrimary', true),
    col('relo', 'r,shards.relocating,shardsRelocating', true),
    col('init', 'i,shards.initializing,shardsInitializing', true),
    col('unassign', 'u,shards.unassigned,shardsUnassigned', true),
    ...(withPrimaries ? [col('unassign.pri', 'up,shards.unassigned.primary,shardsUnassignedPrimary', true)] : []),
    col('pending_tasks', 'pt,pendingTasks', true),
    col('max_task_wait_time', 'mtwt,maxTaskWaitTime', true),
    col('active_shards_percent', 'asp,activeShardsPercent', true),
  ];
  const number = (key: string): number => Number(health[key] ?? 0);
  const percent = (health['active_shards_percent_as_number'] as JsonDouble).value;
  const row = new Map<string, Cell>([
    ['epoch', Math.floor(sim.now / 1000)],
    ['timestamp', timeOfDay(sim.now)],
    ['cluster', String(health['cluster_name'])],
    ['status', String(health['status'])],
    ['node.total', number('number_of_nodes')],
    ['node.data', number('number_of_data_nodes')],
    ['shards', number('active_shards')],
    ['pri', number('active_primary_shards')],
    ['relo', number('relocating_shards')],
    ['init', number('initializing_shards')],
    ['unassign', number('unassigned_shards')],
    ['unassign.pri', number('unassigned_primary_shards')],
    ['pending_tasks', number('number_of_pending_tasks')],
    // ES prints `-` for no wait, else the wait as a time value.
    ['max_task_wait_time', number('task_max_waiting_in_queue_millis') === 0 ? '-' : formatTimeValueToString(number('task_max_waiting_in_queue_millis'))],
    ['active_shards_percent', `${percent.toFixed(1)}%`],
  ]);
  return renderTable(ctx, columns, [row]);
}
