/**
 * Resolves index expressions (`a,b`, `logs-*`, `_all`, `-excluded`, aliases) to concrete indices the
 * way ES `IndexNameExpressionResolver` does with the strict-expand-open options most ILM APIs use: an
 * explicit missing name is `index_not_found_exception`, a wildcard that matches nothing is empty.
 * Pure.
 */
import { Cluster, IndexMetadata, indicesForAlias } from './cluster';
import { EsException, indexNotFound } from './errors';

export interface ResolveOptions {
  readonly ignoreUnavailable: boolean;
  readonly allowNoIndices: boolean;
  readonly expandHidden: boolean;
}

export const STRICT_EXPAND_OPEN: ResolveOptions = { ignoreUnavailable: false, allowNoIndices: true, expandHidden: false };

/** ES `Regex.simpleMatch`: `*` matches any run of characters. */
export function simpleMatch(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const parts = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(value);
}

function isHidden(index: IndexMetadata): boolean {
  return index.settings.get('index.hidden') === 'true';
}

export function resolveIndices(cluster: Cluster, expression: string, options: ResolveOptions): IndexMetadata[] {
  const expressions = expression.length === 0 ? ['_all'] : expression.split(',').filter((e) => e.length > 0);
  const result = new Set<string>();
  let sawWildcard = false;
  for (const expr of expressions) {
    if (expr === '_all') {
      sawWildcard = true;
      for (const index of cluster.indices.values()) if (options.expandHidden || !isHidden(index)) result.add(index.name);
      continue;
    }
    if (expr.startsWith('-') && sawWildcard) {
      const pattern = expr.slice(1);
      for (const name of [...result]) if (simpleMatch(pattern, name)) result.delete(name);
      continue;
    }
    if (expr.includes('*')) {
      sawWildcard = true;
      for (const index of cluster.indices.values()) {
        if (!options.expandHidden && isHidden(index)) continue;
        if (simpleMatch(expr, index.name)) result.add(index.name);
        for (const alias of index.aliases.keys()) if (simpleMatch(expr, alias)) result.add(index.name);
      }
      continue;
    }
    const direct = cluster.indices.get(expr);
    if (direct) {
      result.add(direct.name);
      continue;
    }
    const viaAlias = indicesForAlias(cluster, expr);
    if (viaAlias.length > 0) {
      for (const index of viaAlias) result.add(index.name);
      continue;
    }
    if (!options.ignoreUnavailable) throw new EsException(indexNotFound(expr));
  }
  if (result.size === 0 && !options.allowNoIndices) throw new EsException(indexNotFound(expression));
  return [...result].map((name) => cluster.indices.get(name)!);
}
