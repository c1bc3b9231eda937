/**
 * ES's `?filter_path` response filtering (mirrors ES `FilterPath` and `FilterPathBasedFilter`): a comma
 * list of dotted paths whose segments may hold `*` wildcards, `**` for any depth, and a leading `-` to
 * exclude instead of include. It filters a response value before serialisation and keeps key order
 * (Maps stay Maps); it never touches error bodies, which ES writes unfiltered.
 */

import { JsonDouble } from './json-output';

type Filter = readonly string[];

interface CompiledFilters {
  readonly includes: readonly Filter[];
  readonly excludes: readonly Filter[];
}

function compile(expression: string): CompiledFilters {
  const includes: Filter[] = [];
  const excludes: Filter[] = [];
  for (const raw of expression.split(',')) {
    const text = raw.trim();
    if (text.length === 0) continue;
    if (text.startsWith('-')) {
      if (text.length > 1) excludes.push(text.slice(1).split('.'));
    } else {
      includes.push(text.split('.'));
    }
  }
  return { includes, excludes };
}

/** ES `Regex.simpleMatch`, for one path segment. */
function segmentMatches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const parts = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(name);
}

/** The filters that remain after stepping into field `name`; an empty filter means "matched fully". */
function step(filters: readonly Filter[], name: string): Filter[] {
  const next: Filter[] = [];
  const consume = (filter: Filter): void => {
    if (filter.length === 0) return;
    const [head, ...rest] = filter;
    if (head === '**') {
      next.push(filter); // `**` may match more levels below
      if (rest.length === 0) next.push([]);
      else consume(rest); // or none
      return;
    }
    if (segmentMatches(head!, name)) next.push(rest);
  };
  for (const filter of filters) consume(filter);
  return next;
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonDouble);
}

function entriesOf(value: object): Array<[string, unknown]> {
  return value instanceof Map ? [...(value as Map<string, unknown>).entries()] : Object.entries(value);
}

const NOTHING = Symbol('nothing');

/** Keeps only what an include filter reaches; containers left empty disappear (except the root). */
function include(value: unknown, filters: readonly Filter[]): unknown {
  if (Array.isArray(value)) {
    const kept = value.map((element) => (isObject(element) || Array.isArray(element) ? include(element, filters) : NOTHING));
    const out = kept.filter((element) => element !== NOTHING);
    return out.length > 0 ? out : NOTHING;
  }
  if (!isObject(value)) return NOTHING;
  const out = new Map<string, unknown>();
  for (const [key, child] of entriesOf(value)) {
    if (child === undefined) continue;
    const next = step(filters, key);
    if (next.length === 0) continue;
    if (next.some((f) => f.length === 0)) {
      out.set(key, child);
      continue;
    }
    const filtered = include(child, next);
    if (filtered !== NOTHING) out.set(key, filtered);
  }
  return out.size > 0 ? out : NOTHING;
}

/** Drops what an exclude filter reaches; everything else stays as it was. */
function exclude(value: unknown, filters: readonly Filter[]): unknown {
  if (Array.isArray(value)) return value.map((element) => exclude(element, filters));
  if (!isObject(value)) return value;
  const out = new Map<string, unknown>();
  for (const [key, child] of entriesOf(value)) {
    if (child === undefined) continue;
    const next = step(filters, key);
    if (next.some((f) => f.length === 0)) continue;
    out.set(key, next.length === 0 ? child : exclude(child, next));
  }
  return out;
}

/** Applies a `filter_path` expression to a response value; an empty expression changes nothing. */
export function applyFilterPath(value: unknown, expression: string): unknown {
  const { includes, excludes } = compile(expression);
  let out = value;
  if (includes.length > 0) {
    const kept = include(out, includes);
    out = kept === NOTHING ? new Map() : kept;
  }
  if (excludes.length > 0) out = exclude(out, excludes);
  return out;
}
