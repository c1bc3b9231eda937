/**
 * Resolves index expressions (`a,b`, `logs-*`, `_all`, `-excluded`, aliases, data streams) to concrete
 * indices the way ES `IndexNameExpressionResolver` does with the strict-expand-open options most ILM
 * APIs use: an explicit missing name is `index_not_found_exception`, a wildcard that matches nothing is
 * empty, a data stream stands for its backing indices. Pure.
 */
import { Cluster, IndexMetadata, indicesForAlias } from './cluster';
import { EsException, illegalArgument, indexNotFound } from '../errors';

export interface ResolveOptions {
  readonly ignoreUnavailable: boolean;
  readonly allowNoIndices: boolean;
  readonly expandHidden: boolean;
  /**
   * ES `IndicesRequest#includeDataStreams`: a data stream's name (or a wildcard matching it) stands for
   * its backing indices. Default true (explain, retry, remove, get index and settings); a request that
   * excludes them gets ES's error for an explicit data stream name.
   */
  readonly includeDataStreams?: boolean;
  /**
   * ES `IndicesOptions#ignoreAliases` (delete index, since 6.0, elastic/elasticsearch#25268): wildcards
   * reach indices only, and an alias named explicitly is refused (skipped with `ignore_unavailable`).
   */
  readonly ignoreAliases?: boolean;
  /**
   * ES `IndicesOptions#expandWildcardsOpen`/`Closed`: which indices a wildcard (or `_all`) reaches by
   * state. Default open only; `POST /<index>/_open` expands to closed ones only. An explicit name
   * reaches an index whatever its state (ES `forbidClosedIndices` is false for these requests).
   */
  readonly expandOpen?: boolean;
  readonly expandClosed?: boolean;
}

/** Whether a wildcard with these options reaches this index by its open/closed state. */
function stateExpanded(index: IndexMetadata, options: ResolveOptions): boolean {
  return index.state === 'open' ? options.expandOpen !== false : options.expandClosed === true;
}

export const STRICT_EXPAND_OPEN: ResolveOptions = { ignoreUnavailable: false, allowNoIndices: true, expandHidden: false };

/**
 * ES `Regex.simpleMatch`: `*` matches any run of characters (none included), every other character
 * itself. The text between stars is matched left to right, each piece at its first place after the
 * previous one, which finds a match whenever there is one (a star can absorb anything in between).
 * No backtracking: each piece is searched once, so the work is at most the pattern's length times the
 * value's (`work` counts the pieces searched, for the test that bounds it; issue 14).
 */
export function simpleMatch(pattern: string, value: string, work?: { steps: number }): boolean {
  const firstStar = pattern.indexOf('*');
  if (firstStar < 0) return pattern === value;
  const lastStar = pattern.lastIndexOf('*');
  const head = pattern.slice(0, firstStar);
  const tail = pattern.slice(lastStar + 1);
  if (value.length < head.length + tail.length || !value.startsWith(head) || !value.endsWith(tail)) return false;
  const end = value.length - tail.length;
  let at = head.length;
  let piece = firstStar + 1;
  while (piece <= lastStar) {
    const next = pattern.indexOf('*', piece);
    if (work) work.steps += 1;
    if (next > piece) {
      const found = value.indexOf(pattern.slice(piece, next), at);
      if (found < 0 || found + (next - piece) > end) return false;
      at = found + (next - piece);
    }
    piece = next + 1;
  }
  return true;
}

function isHidden(index: IndexMetadata): boolean {
  return index.settings.get('index.hidden') === 'true';
}

/**
 * Backing indices of the data streams a pattern matches. A wildcard reaches a stream unless the stream
 * is hidden (its backing indices are hidden too, but ES expands the stream, not them).
 */
function addStreamIndices(cluster: Cluster, pattern: string, options: ResolveOptions, into: Set<string>): void {
  if (options.includeDataStreams === false) return;
  for (const ds of cluster.dataStreams.values()) {
    if (ds.hidden && !options.expandHidden) continue;
    if (simpleMatch(pattern, ds.name)) for (const name of ds.indices) if (cluster.indices.has(name)) into.add(name);
  }
}

export function resolveIndices(cluster: Cluster, expression: string, options: ResolveOptions): IndexMetadata[] {
  const expressions = expression.length === 0 ? ['_all'] : expression.split(',').filter((e) => e.length > 0);
  const result = new Set<string>();
  let sawWildcard = false;
  for (const expr of expressions) {
    if (expr === '_all') {
      sawWildcard = true;
      for (const index of cluster.indices.values()) if ((options.expandHidden || !isHidden(index)) && stateExpanded(index, options)) result.add(index.name);
      addStreamIndices(cluster, '*', options, result);
      continue;
    }
    if (expr.startsWith('-') && sawWildcard) {
      const pattern = expr.slice(1);
      for (const name of [...result]) if (simpleMatch(pattern, name)) result.delete(name);
      const excluded = new Set<string>();
      addStreamIndices(cluster, pattern, { ...options, expandHidden: true }, excluded);
      for (const name of excluded) result.delete(name);
      continue;
    }
    if (expr.includes('*')) {
      sawWildcard = true;
      for (const index of cluster.indices.values()) {
        // A wildcard starting with '.' reaches hidden dot-prefixed indices (ES `implicitHiddenMatch`),
        // so `.ds-*` lists backing indices without `expand_wildcards=hidden`.
        const implicitHidden = expr.startsWith('.') && index.name.startsWith('.');
        if (!options.expandHidden && !implicitHidden && isHidden(index)) continue;
        if (!stateExpanded(index, options)) continue;
        if (simpleMatch(expr, index.name)) result.add(index.name);
        if (!options.ignoreAliases) for (const alias of index.aliases.keys()) if (simpleMatch(expr, alias)) result.add(index.name);
      }
      addStreamIndices(cluster, expr, options, result);
      continue;
    }
    const direct = cluster.indices.get(expr);
    if (direct) {
      result.add(direct.name);
      continue;
    }
    const stream = cluster.dataStreams.get(expr);
    if (stream) {
      if (options.includeDataStreams === false) {
        throw new EsException(illegalArgument(`The provided expression [${expr}] matches a data stream, specify the corresponding concrete indices instead.`));
      }
      for (const name of stream.indices) if (cluster.indices.has(name)) result.add(name);
      continue;
    }
    const viaAlias = indicesForAlias(cluster, expr);
    if (viaAlias.length > 0 && options.ignoreAliases) {
      if (options.ignoreUnavailable) continue;
      throw new EsException(illegalArgument(`The provided expression [${expr}] matches an alias, specify the corresponding concrete indices instead.`));
    }
    if (viaAlias.length > 0) {
      for (const index of viaAlias) result.add(index.name);
      continue;
    }
    if (!options.ignoreUnavailable) throw new EsException(indexNotFound(expr));
  }
  if (result.size === 0 && !options.allowNoIndices) throw new EsException(indexNotFound(expression));
  return [...result].map((name) => cluster.indices.get(name)!);
}
