/**
 * ES's `?filter_path` response filtering (mirrors ES `FilterPath` and `FilterPathBasedFilter`): a comma
 * list of dotted paths whose segments may hold `*` wildcards, `**` for any depth, and a leading `-` to
 * exclude instead of include. It filters a response value before serialisation and keeps key order
 * (Maps stay Maps); it never touches error bodies, which ES writes unfiltered. It must never build a
 * RegExp from the expression nor copy filters per `**`: its cost stays linear (issue 14).
 */
import { simpleMatch } from '../engine/cluster/index-resolver';

import { JsonDouble } from './json-output';

/**
 * The compiled expression: every filter's segments laid end to end in one table, each filter closed by
 * an END marker. A position in the table is one state of a small automaton; walking into a field moves
 * a set of positions forward. Runs of `**` are collapsed at compile time (`**.**` reaches what `**`
 * reaches) and the position sets are deduplicated, so a step costs at most one segment test per
 * position, whatever the expression repeats: the work is linear in the expression's length times the
 * number of fields the response holds.
 */
interface Automaton {
  readonly segments: readonly string[];
  readonly includes: readonly number[];
  readonly excludes: readonly number[];
}

const END = '\u0000end';
const ANY_DEPTH = '**';

/** Work counter for the unit test that bounds the cost of a filter (segment tests and fields visited). */
export interface FilterWork {
  steps: number;
}

function compile(expression: string): Automaton {
  const segments: string[] = [];
  const includes: number[] = [];
  const excludes: number[] = [];
  const add = (path: string, into: number[]): void => {
    into.push(segments.length);
    for (const segment of path.split('.')) {
      if (segment === ANY_DEPTH && segments[segments.length - 1] === ANY_DEPTH) continue;
      segments.push(segment);
    }
    segments.push(END);
  };
  for (const raw of expression.split(',')) {
    const text = raw.trim();
    if (text.length === 0) continue;
    if (text.startsWith('-')) {
      if (text.length > 1) add(text.slice(1), excludes);
    } else {
      add(text, includes);
    }
  }
  return { segments, includes, excludes };
}

/** The positions reached after stepping into field `name`, and whether one of them ends a filter. */
interface Stepped {
  readonly positions: readonly number[];
  readonly complete: boolean;
}

function step(automaton: Automaton, positions: readonly number[], name: string, work: FilterWork): Stepped {
  const { segments } = automaton;
  const next = new Set<number>();
  const test = (at: number): void => {
    const segment = segments[at]!;
    work.steps += 1;
    if (segment === END)
      next.add(at); // `x.**` ended by `**`: anything below is reached
    else if (simpleMatch(segment, name)) next.add(at + 1);
  };
  for (const at of positions) {
    const segment = segments[at]!;
    if (segment === END) continue;
    if (segment === ANY_DEPTH) {
      next.add(at); // `**` may match more levels below
      test(at + 1); // or none
    } else {
      test(at);
    }
  }
  let complete = false;
  for (const at of next) if (segments[at] === END) complete = true;
  return { positions: [...next], complete };
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonDouble);
}

function entriesOf(value: object): Array<[string, unknown]> {
  return value instanceof Map ? [...(value as Map<string, unknown>).entries()] : Object.entries(value);
}

const NOTHING = Symbol('nothing');

/** Keeps only what an include filter reaches; containers left empty disappear (except the root). */
function include(automaton: Automaton, value: unknown, positions: readonly number[], work: FilterWork): unknown {
  if (Array.isArray(value)) {
    const kept = value.map((element) => (isObject(element) || Array.isArray(element) ? include(automaton, element, positions, work) : NOTHING));
    const out = kept.filter((element) => element !== NOTHING);
    return out.length > 0 ? out : NOTHING;
  }
  if (!isObject(value)) return NOTHING;
  const out = new Map<string, unknown>();
  for (const [key, child] of entriesOf(value)) {
    if (child === undefined) continue;
    work.steps += 1;
    const next = step(automaton, positions, key, work);
    if (next.positions.length === 0) continue;
    if (next.complete) {
      out.set(key, child);
      continue;
    }
    const filtered = include(automaton, child, next.positions, work);
    if (filtered !== NOTHING) out.set(key, filtered);
  }
  return out.size > 0 ? out : NOTHING;
}

/** Drops what an exclude filter reaches; everything else stays as it was. */
function exclude(automaton: Automaton, value: unknown, positions: readonly number[], work: FilterWork): unknown {
  if (Array.isArray(value)) return value.map((element) => exclude(automaton, element, positions, work));
  if (!isObject(value)) return value;
  const out = new Map<string, unknown>();
  for (const [key, child] of entriesOf(value)) {
    if (child === undefined) continue;
    work.steps += 1;
    const next = step(automaton, positions, key, work);
    if (next.complete) continue;
    out.set(key, next.positions.length === 0 ? child : exclude(automaton, child, next.positions, work));
  }
  return out;
}

/** Applies a `filter_path` expression to a response value; an empty expression changes nothing. */
export function applyFilterPath(value: unknown, expression: string, work: FilterWork = { steps: 0 }): unknown {
  const automaton = compile(expression);
  let out = value;
  if (automaton.includes.length > 0) {
    const kept = include(automaton, out, automaton.includes, work);
    out = kept === NOTHING ? new Map() : kept;
  }
  if (automaton.excludes.length > 0) out = exclude(automaton, out, automaton.excludes, work);
  return out;
}
