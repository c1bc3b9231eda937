/**
 * The step library's own reference: each step file defines its steps through `stepGroup`, giving
 * every step a sentence saying what it does or asserts and one example, beside its code. The entries are
 * recorded here in definition order and registered with the user's Cucumber; `stepReference()` loads the
 * step files without Cucumber (`recordOnly`, used by ./step-reference for `ilm-sim steps` and the README's list). This module only
 * records and forwards definitions: it loads no step file itself and renders nothing.
 */
export type StepKeyword = 'Given' | 'When' | 'Then';

/** What a step definition tells its reader. */
export interface StepDoc {
  /** What the step does or asserts, in a sentence or two. */
  readonly says: string;
  /**
   * One use, as a feature file has it, without the keyword: the step line, then its doc string or
   * table if it takes one (`an index "logs-1" with settings:\n  | index.number_of_shards | 2 |`).
   */
  readonly example: string;
}

/** A step definition as the reference shows it. */
export interface StepEntry extends StepDoc {
  readonly keyword: StepKeyword;
  readonly pattern: string;
  /** The heading it is listed under (one per step file, e.g. "indices and templates"). */
  readonly group: string;
  /** How many arguments its code takes: the pattern's parameters, plus one for a doc string or table. */
  readonly arity: number;
}

/** A step's code: the step files type `this` and the arguments precisely; Cucumber calls it with any. */
type StepCode = (this: never, ...args: never[]) => unknown;

export interface DocumentedDefiner {
  (pattern: string, doc: StepDoc, code: StepCode): void;
  (pattern: string, doc: StepDoc, options: { readonly timeout?: number }, code: StepCode): void;
}

/** The library's own parameter types, as ./parameter-types defines them, with what the reference says of them. */
export const CUSTOM_PARAMETER_TYPES = {
  duration: { regexp: /-?\d+(?:nanos|micros|ms|s|m|h|d)/, means: 'a span in Elasticsearch time units: 90m, 12h, 5d' },
  stepKey: { regexp: /[a-z_]+\/[a-z_-]+\/[A-Za-z_-]+/, means: 'an ILM step as phase/action/step: warm/shrink/ERROR' },
} as const;

const entries: StepEntry[] = [];
/** False while `stepReference()` loads the step files only to read their entries. */
let registering = true;

function register(keyword: StepKeyword, pattern: string, rest: readonly unknown[]): void {
  // Loaded on the first definition, not at import, so the reference can be read without Cucumber.
  const cucumber = require('./cucumber') as typeof import('./cucumber');
  // Cucumber takes a step's location (shown beside each step it runs) from the first stack frame
  // outside itself: hide this module's frames while it looks, so the location is the step file's line.
  const original = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, frames) => {
    const kept = frames.filter((frame) => frame.getFileName() !== __filename);
    return original ? original(error, kept) : [String(error), ...kept.map((frame) => `    at ${String(frame)}`)].join('\n');
  };
  try {
    (cucumber[keyword] as (pattern: string, ...rest: unknown[]) => void)(pattern, ...rest);
  } finally {
    Error.prepareStackTrace = original;
  }
}

/**
 * The `Given`, `When` and `Then` of one step file, each taking the step's doc after its pattern:
 * `Given('an index {string} managed by {string}', { says, example }, async function (...) {...})`.
 */
export function stepGroup(group: string): Record<StepKeyword, DocumentedDefiner> {
  const definer =
    (keyword: StepKeyword): DocumentedDefiner =>
    (pattern: string, doc: StepDoc, ...rest: unknown[]): void => {
      const code = rest[rest.length - 1] as StepCode;
      entries.push({ keyword, pattern, group, says: doc.says, example: doc.example, arity: code.length });
      if (registering) register(keyword, pattern, rest);
    };
  return { Given: definer('Given'), When: definer('When'), Then: definer('Then') };
}

/** The steps defined so far, in definition order. */
export function definedSteps(): readonly StepEntry[] {
  return entries;
}

/** Runs `load` (which defines steps) with registration off: the steps are recorded, Cucumber is not touched. */
export function recordOnly(load: () => void): void {
  registering = false;
  try {
    load();
  } finally {
    registering = true;
  }
}
