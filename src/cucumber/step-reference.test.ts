/**
 * The step reference is the step definitions' own docs: every step has a description and an example
 * that its own pattern matches (and no other step's), its code takes what the pattern and example give
 * it, every definition in the step files goes through the catalogue, and the README's list and
 * `ilm-sim steps` are rendered from it (the README test fails when the two differ).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CucumberExpression, ParameterType, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { main } from '../cli/main';
import { CUSTOM_PARAMETER_TYPES } from './step-catalogue';
import {
  parametersOf,
  README_END,
  stepReference,
  README_START,
  stepReferenceMarkdown,
  stepReferenceText,
  trailingArgument,
  withStepReference,
} from './step-reference';

const ROOT = resolve(__dirname, '..', '..');
const entries = stepReference();

function registry(): ParameterTypeRegistry {
  const types = new ParameterTypeRegistry();
  for (const [name, type] of Object.entries(CUSTOM_PARAMETER_TYPES))
    types.defineParameterType(new ParameterType(name, type.regexp, null, (s: string) => s, true, false));
  return types;
}

describe('step reference: the docs beside each definition', () => {
  it('reads every step of the library, none twice', () => {
    expect(entries.length).to.be.greaterThan(90);
    const patterns = entries.map((e) => e.pattern);
    expect(new Set(patterns).size).to.equal(patterns.length);
  });

  it('every definition in the step files goes through the catalogue', () => {
    const folder = join(__dirname, '..', '..', 'steps');
    let definitions = 0;
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(folder, file), 'utf8');
      expect(source, file).to.not.match(/import \{[^}]*\b(Given|When|Then)\b[^}]*\} from '\.\.\/cucumber'/);
      definitions += [...source.matchAll(/^(?:Given|When|Then)\(/gm)].length;
    }
    expect(entries.length).to.equal(definitions);
  });

  it('every step says what it does and gives an example ending as a sentence does', () => {
    const lacking = entries.filter((e) => !/^[A-Z`].{15,}[.)]$/s.test(e.says) || e.example.trim() === '').map((e) => e.pattern);
    expect(lacking).to.deep.equal([]);
  });

  it("each example matches its own step's pattern and no other's", () => {
    const types = registry();
    const expressions = entries.map((e) => [e.pattern, new CucumberExpression(e.pattern, types)] as const);
    const wrong = entries.flatMap((entry) => {
      const line = entry.example.split('\n')[0]!;
      const matching = expressions.filter(([, expression]) => expression.match(line) !== null).map(([pattern]) => pattern);
      return matching.length === 1 && matching[0] === entry.pattern ? [] : [`${line} -> ${JSON.stringify(matching)}`];
    });
    expect(wrong).to.deep.equal([]);
  });

  it("each step's code takes its parameters, plus the table or doc string its example shows", () => {
    const wrong = entries
      .filter((e) => e.arity !== parametersOf(e.pattern).length + (trailingArgument(e) === null ? 0 : 1))
      .map((e) => `${e.pattern}: ${e.arity}`);
    expect(wrong).to.deep.equal([]);
  });
});

describe('step reference: rendered', () => {
  it('the README holds exactly the generated list (npm run docs:steps writes it)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).to.include(README_START).and.to.include(README_END);
    expect(withStepReference(readme, stepReferenceMarkdown(entries)) === readme, 'README.md is out of date: run npm run docs:steps').to.equal(true);
  });

  it('lists the steps the hand-kept table missed, and no stale "fails for now"', () => {
    const markdown = stepReferenceMarkdown(entries);
    for (const pattern of [
      'I explain {string}',
      'the request fails with status {int} and error {string}',
      'the error reason is {string}',
      'the {word} step of {string} waits because a snapshot is in progress',
      'the write index of the alias {string} is {string}',
    ]) {
      expect(markdown).to.include(`\`${pattern}\``);
    }
    expect(markdown).to.not.include('fails for now');
  });

  it('ilm-sim steps prints each step with its parameters, description and example; --markdown the README table', async () => {
    let out = '';
    let err = '';
    const stdout = { write: (text: string) => (out += text) };
    const stderr = { write: (text: string) => (err += text) };
    expect(await main(['steps'], stdout, stderr, {})).to.equal(0);
    expect(out).to.equal(stepReferenceText(entries));
    expect(out).to.include('Given an index {string} with settings:\n    Creates the index with the settings of the table');
    expect(out).to.include(
      '    Takes: {string}, a table\n    Example:\n      Given an index "my-index-000001" with settings:\n        | index.number_of_shards | 2            |',
    );
    expect(out).to.include('  {duration}  a span in Elasticsearch time units: 90m, 12h, 5d');
    out = '';
    expect(await main(['steps', '--markdown'], stdout, stderr, {})).to.equal(0);
    expect(out).to.equal(stepReferenceMarkdown(entries));
    expect(await main(['steps', '--json'], stdout, stderr, {})).to.equal(2);
    expect(err).to.equal('ilm-sim: steps takes only --markdown (got --json)\n');
  });
});
