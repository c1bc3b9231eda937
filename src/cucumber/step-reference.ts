/**
 * The step reference, rendered from the step definitions' own docs (./step-catalogue): as text for
 * `ilm-sim steps`, and as the Markdown list between the README's markers (`npm run docs:steps` writes
 * it, a test keeps it equal). Renders pure functions of the entries (no file, console or Cucumber here);
 * `stepReference()` loads the step files to read them.
 */
import { CUSTOM_PARAMETER_TYPES, definedSteps, recordOnly, type StepEntry } from './step-catalogue';

/** Cucumber's built-in parameter types the steps use, then the library's own. */
const PARAMETER_MEANINGS: Record<string, string> = {
  string: 'text in double quotes: "logs-000001"',
  int: 'a whole number: 42',
  float: 'a number: 0.5',
  word: 'one word without spaces: illegal_state_exception',
  ...Object.fromEntries(Object.entries(CUSTOM_PARAMETER_TYPES).map(([name, type]) => [name, type.means])),
};

/** Every step of the library, in definition order, read without registering anything with Cucumber. */
export function stepReference(): readonly StepEntry[] {
  if (definedSteps().length === 0) recordOnly(() => require('./step-modules'));
  return definedSteps();
}

export const README_START = '<!-- steps:start: generated from the step definitions by `npm run docs:steps`; do not edit by hand -->';
export const README_END = '<!-- steps:end -->';

/** The parameter types of a pattern, in order (`{string}`, `{duration}`, ...). */
export function parametersOf(pattern: string): string[] {
  return [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** What follows the step line, when the step takes more than its parameters: a table or a doc string. */
export function trailingArgument(entry: StepEntry): 'table' | 'doc string' | null {
  const next = entry.example.split('\n')[1]?.trim();
  if (next === undefined) return null;
  return next.startsWith('|') ? 'table' : 'doc string';
}

function takes(entry: StepEntry): string {
  const parts = parametersOf(entry.pattern).map((name) => `{${name}}`);
  const trailing = trailingArgument(entry);
  if (trailing !== null) parts.push(`a ${trailing}`);
  return parts.join(', ');
}

function groups(entries: readonly StepEntry[]): Map<string, StepEntry[]> {
  const out = new Map<string, StepEntry[]>();
  for (const entry of entries) out.set(entry.group, [...(out.get(entry.group) ?? []), entry]);
  return out;
}

function wrap(text: string, indent: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** The reference as `ilm-sim steps` prints it. */
export function stepReferenceText(entries: readonly StepEntry[]): string {
  const used = new Set(entries.flatMap((e) => parametersOf(e.pattern)));
  const lines = [
    `The steps of ilm-sim/cucumber (${entries.length}), loaded by require('ilm-sim/cucumber') in a support file.`,
    'Any keyword (Given, When, Then, And, But) may start a step: Cucumber matches the text after it.',
    '',
    'Parameters:',
    ...Object.entries(PARAMETER_MEANINGS)
      .filter(([name]) => used.has(name))
      .map(([name, meaning]) => `  ${`{${name}}`.padEnd(11)} ${meaning}`),
    'A step ending in ":" takes the table or the doc string (""" ... """) on the lines below it.',
  ];
  for (const [group, members] of groups(entries)) {
    lines.push('', `== ${group} ==`);
    for (const entry of members) {
      lines.push('', `${entry.keyword} ${entry.pattern}`, ...wrap(entry.says, '    '));
      const taken = takes(entry);
      if (taken !== '') lines.push(`    Takes: ${taken}`);
      lines.push('    Example:', ...entry.example.split('\n').map((line, i) => `      ${i === 0 ? `${entry.keyword} ` : ''}${line}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The README's list: one table per group, each step with what it does and its example's first line. */
export function stepReferenceMarkdown(entries: readonly StepEntry[]): string {
  const lines: string[] = [];
  for (const [group, members] of groups(entries)) {
    lines.push(`**${group[0]!.toUpperCase()}${group.slice(1)}**`, '', '| step | what it does or asserts, and an example |', '| --- | --- |');
    for (const entry of members) {
      const trailing = trailingArgument(entry);
      const step = `\`${cell(entry.pattern)}\`${trailing === null ? '' : ` + ${trailing}`}`;
      lines.push(`| ${step} | ${cell(entry.says)} Example: \`${cell(entry.example.split('\n')[0]!)}\` |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The README with its generated step list replaced by `markdown`; throws when the markers are missing. */
export function withStepReference(readme: string, markdown: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`the README has no ${README_START} ... ${README_END} markers`);
  return `${readme.slice(0, start + README_START.length)}\n\n${markdown}\n${readme.slice(end)}`;
}
