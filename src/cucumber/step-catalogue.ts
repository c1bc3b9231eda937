/**
 * The step library's own reference: each step file defines its steps through `stepGroup`, giving
 * every step a sentence saying what it does or asserts and one example, beside its code. The entries are
 * recorded here in definition order and registered with the user's Cucumber; `stepReference()` loads the
 * step files without Cucumber (for `ilm-sim steps` and the README's generated list). This module only
 * records and forwards definitions: it runs no step and renders nothing (./step-reference does).
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

const entries: StepEntry[] = [];
/** False while `stepReference()` loads the step files only to read their entries. */
let registering = true;

function register(keyword: StepKeyword, pattern: string, rest: readonly unknown[]): void {
  // Loaded on the first definition, not at import, so the reference can be read without Cucumber.
  const cucumber = require('./cucumber') as typeof import('./cucumber');
  (cucumber[keyword] as (pattern: string, ...rest: unknown[]) => void)(pattern, ...rest);
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

/** Every step of the library, in definition order, read without registering anything. */
export function stepReference(): readonly StepEntry[] {
  if (entries.length === 0) {
    registering = false;
    try {
      require('./step-modules');
    } finally {
      registering = true;
    }
  }
  return entries;
}
