/**
 * Replaying a recording: a fresh simulator is built from the header's options, every recorded request
 * is sent again in order, and each response must match the recorded one exactly (status, headers and
 * text), stopping at the first that does not. This module reads no files and writes to no console:
 * it takes the recording's text and returns the result, with `formatDifference` to explain a mismatch.
 */
import { createSimulator, Simulator, SimulatorOptions } from '../create-simulator';
import { MalformedRecordingError, parseRecording, RecordedEntry, RecordedOptions, RecordedOutcome, toSimRequest } from './recording-format';

export interface ReplayDifference {
  /** The line of the recording holding the request (1-based; the header is line 1). */
  readonly line: number;
  /** The request's position among the requests (1-based). */
  readonly request: number;
  readonly method: string;
  readonly path: string;
  readonly expected: RecordedOutcome;
  readonly actual: RecordedOutcome;
}

export type ReplayResult =
  | { readonly identical: true; readonly requests: number; readonly options: RecordedOptions }
  | {
      readonly identical: false;
      readonly requests: number;
      /** How many requests matched before the difference. */
      readonly matched: number;
      readonly options: RecordedOptions;
      readonly difference: ReplayDifference;
    };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A simulator built from a recording's options; a header this build cannot honour is malformed. */
export function simulatorFor(options: RecordedOptions, line = 1): Simulator {
  const { startMillis, ...given } = options;
  let simulator: Simulator;
  try {
    simulator = createSimulator(given as SimulatorOptions);
  } catch (error) {
    throw new MalformedRecordingError(line, `the header's options cannot be replayed: ${messageOf(error)}`);
  }
  if (simulator.options.startMillis !== startMillis) {
    throw new MalformedRecordingError(
      line,
      `the header says startTime ${JSON.stringify(options.startTime)} is ${startMillis} millis, but it resolves to ${simulator.options.startMillis}`,
    );
  }
  return simulator;
}

function run(simulator: Simulator, entry: RecordedEntry): RecordedOutcome {
  try {
    const response = simulator.requestSync(toSimRequest(entry.request));
    return { kind: 'response', status: response.status, headers: response.headers, text: response.text };
  } catch (error) {
    return { kind: 'thrown', message: messageOf(error) };
  }
}

function sameHeaders(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

export function sameOutcome(expected: RecordedOutcome, actual: RecordedOutcome): boolean {
  if (expected.kind === 'thrown' || actual.kind === 'thrown') {
    return expected.kind === actual.kind && expected.kind === 'thrown' && expected.message === (actual as { message: string }).message;
  }
  return expected.status === actual.status && expected.text === actual.text && sameHeaders(expected.headers, actual.headers);
}

/**
 * Replays a recording's text. Throws MalformedRecordingError when the text is not a recording this
 * build can read (checked in full before any request runs); otherwise returns whether every response
 * was identical, or the first difference.
 */
export function replayRecording(text: string): ReplayResult {
  const { header, entries } = parseRecording(text);
  const simulator = simulatorFor(header.options);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const actual = run(simulator, entry);
    if (!sameOutcome(entry.outcome, actual)) {
      const difference: ReplayDifference = {
        line: entry.line,
        request: i + 1,
        method: entry.request.method,
        path: entry.request.path,
        expected: entry.outcome,
        actual,
      };
      return { identical: false, requests: entries.length, matched: i, options: header.options, difference };
    }
  }
  return { identical: true, requests: entries.length, options: header.options };
}

// ---------------------------------------------------------------------------------------------------
// Explaining a difference

/** The index of the first character where the two texts differ (the shorter length when one is a prefix). */
export function firstDifferenceAt(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return length;
}

const BEFORE_CHARS = 30;
const AFTER_CHARS = 40;

/**
 * The text on one line: a newline shows as `↵`, a carriage return as `␍`, a tab as `⇥`, any other
 * control character as `\u00XX`. Quotes and backslashes stay as they are, so JSON reads as JSON (a
 * JSON escape such as `\n` inside a string is still two characters). Both texts share everything
 * before the difference, so the caret under it lines up whatever was replaced.
 */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (c) => {
    if (c === '\n') return '↵';
    if (c === '\r') return '␍';
    if (c === '\t') return '⇥';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * Lines showing where two texts part: the same window of each, on one line (see `oneLine`), and a
 * caret under the first differing character.
 */
export function textDifference(expected: string, actual: string, indent = '    '): string[] {
  const at = firstDifferenceAt(expected, actual);
  const from = Math.max(0, at - BEFORE_CHARS);
  const lead = from > 0 ? '…' : '';
  const common = oneLine(expected.slice(from, at));
  const window = (text: string): string => {
    const rest = text.slice(at, at + AFTER_CHARS);
    const tail = at + AFTER_CHARS < text.length ? '…' : at >= text.length ? '(end)' : '';
    return `${lead}${common}${oneLine(rest)}${tail}`;
  };
  const lineOfText = expected.slice(0, at).split('\n').length;
  const column = at - (expected.lastIndexOf('\n', at - 1) + 1) + 1;
  return [
    `${indent}first difference at character ${at + 1} (line ${lineOfText}, column ${column} of the text); lengths ${expected.length} and ${actual.length}`,
    `${indent}expected: ${window(expected)}`,
    `${indent}actual:   ${window(actual)}`,
    `${indent}          ${' '.repeat(lead.length + common.length)}^`,
  ];
}

function outcomeSummary(outcome: RecordedOutcome): string {
  return outcome.kind === 'response' ? `status ${outcome.status}` : `the simulator threw ${JSON.stringify(outcome.message)}`;
}

function headerLines(expected: Readonly<Record<string, string>>, actual: Readonly<Record<string, string>>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
  const show = (headers: Readonly<Record<string, string>>, name: string): string => (Object.hasOwn(headers, name) ? JSON.stringify(headers[name]) : '(absent)');
  return names
    .filter((name) => !Object.hasOwn(expected, name) || !Object.hasOwn(actual, name) || expected[name] !== actual[name])
    .map((name) => `  header ${name}: expected ${show(expected, name)}, actual ${show(actual, name)}`);
}

/** A few lines saying where a replay differs and how: position, request, status, text and headers. */
export function formatDifference(difference: ReplayDifference, requests?: number): string {
  const { line, request, method, path, expected, actual } = difference;
  const of = requests === undefined ? '' : ` of ${requests}`;
  const lines = [`difference at line ${line} (request ${request}${of}): ${method} ${path}`];
  if (expected.kind === 'response' && actual.kind === 'response') {
    lines.push(`  status: expected ${expected.status}, actual ${actual.status}`);
    if (expected.text === actual.text) lines.push('  text: identical');
    else lines.push('  text:', ...textDifference(expected.text, actual.text));
    lines.push(...headerLines(expected.headers, actual.headers));
  } else {
    lines.push(`  expected: ${outcomeSummary(expected)}`, `  actual:   ${outcomeSummary(actual)}`);
    if (expected.kind === 'thrown' && actual.kind === 'thrown') lines.push('  message:', ...textDifference(expected.message, actual.message));
  }
  return `${lines.join('\n')}\n`;
}
