/**
 * The recording format, NDJSON: line 1 is a header with the format name, its version and the
 * simulator options; every further line is one request, in the order the simulator applied it, with
 * the response it got. This module only converts between requests, responses and lines and checks a
 * recording's shape; it does no I/O, reads no clock and never runs a simulator.
 */
import type { SimRequest } from '../api/handle';
import type { Simulator } from '../create-simulator';

export const RECORDING_FORMAT = 'ilm-sim-recording';
/** Bumped whenever a line changes meaning; a reader refuses versions it does not know. */
export const RECORDING_VERSION = 1;

/**
 * The request headers that can change an answer (the media-type checks of `handle`); every other
 * header (host, user-agent, content-length, ...) is left out so recordings stay stable and readable.
 * Whether a request had headers at all is kept too: without any, the media-type checks do not run.
 */
export const RECORDED_REQUEST_HEADERS: readonly string[] = ['content-type', 'accept'];

/** The simulator options, as `createSimulator` took them, plus the start instant they resolved to. */
export interface RecordedOptions {
  readonly profile: string;
  /** As given (ISO 8601 text or epoch millis). */
  readonly startTime: number | string;
  /** `startTime` resolved to epoch millis, so a reader can check it resolves the same way. */
  readonly startMillis: number;
  readonly pollInterval: string;
  readonly seed: number;
  /** Options added after format version 1 was written are kept and passed back as they were. */
  readonly [other: string]: unknown;
}

export interface RecordingHeader {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: number;
  readonly options: RecordedOptions;
}

export type RecordedHeaders = Readonly<Record<string, string | readonly string[]>>;

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** Only the headers in `RECORDED_REQUEST_HEADERS`; absent when the request had no headers at all. */
  readonly headers?: RecordedHeaders;
  /** The body as text: a string body, a plain value as `JSON.stringify` wrote it, or UTF-8 bytes. */
  readonly body?: string;
  /** A byte body that is not plain UTF-8 text (invalid UTF-8, or a byte order mark), in base64. */
  readonly bodyBase64?: string;
}

/** What a request led to: a response, or (a simulator bug) an exception, kept so replay reproduces it. */
export type RecordedOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly text: string }
  | { readonly kind: 'thrown'; readonly message: string };

export interface RecordedEntry {
  /** The line of the recording this entry is on (1-based; the header is line 1). */
  readonly line: number;
  readonly request: RecordedRequest;
  readonly outcome: RecordedOutcome;
}

export interface Recording {
  readonly header: RecordingHeader;
  readonly entries: readonly RecordedEntry[];
}

/** A recording that cannot be read: `line` is the 1-based line at fault, or null for the whole file. */
export class MalformedRecordingError extends Error {
  constructor(
    readonly line: number | null,
    readonly detail: string,
  ) {
    super(line === null ? detail : `line ${line}: ${detail}`);
    this.name = 'MalformedRecordingError';
  }
}

// ---------------------------------------------------------------------------------------------------
// Writing

const KNOWN_OPTIONS = ['profile', 'startTime', 'startMillis', 'pollInterval', 'seed'] as const;

/** The options of a simulator as a header records them: the known ones first, in a fixed order. */
export function recordedOptions(simulator: Pick<Simulator, 'options'>): RecordedOptions {
  const given = simulator.options as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of KNOWN_OPTIONS) out[key] = given[key];
  for (const [key, value] of Object.entries(given)) if (!(key in out) && value !== undefined) out[key] = value;
  return out as RecordedOptions;
}

export function headerLine(options: RecordedOptions): string {
  const header: RecordingHeader = { format: RECORDING_FORMAT, version: RECORDING_VERSION, options };
  return JSON.stringify(header);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text when they are strict UTF-8 without a byte order mark, otherwise null. */
function plainUtf8(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
  // The simulator's own decoder drops a leading BOM; a string body keeps it. Base64 keeps the bytes.
  return text.startsWith('\uFEFF') ? null : text;
}

function recordBody(body: unknown): { body?: string; bodyBase64?: string } {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return { body };
  if (body instanceof Uint8Array) {
    const text = plainUtf8(body);
    return text === null ? { bodyBase64: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64') } : { body: text };
  }
  // A plain value: `handle` sends exactly this text to the handler, so replaying the text is exact.
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    throw new TypeError(`ilm-sim recording: the request body cannot be written as JSON (${(error as Error).message})`);
  }
  if (text === undefined) throw new TypeError(`ilm-sim recording: the request body (a ${typeof body}) cannot be written as JSON`);
  return { body: text };
}

function recordHeaders(headers: SimRequest['headers']): RecordedHeaders | undefined {
  if (headers === undefined || headers === null) return undefined;
  const out: Record<string, string | readonly string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !RECORDED_REQUEST_HEADERS.includes(name.toLowerCase())) continue;
    out[name] = typeof value === 'string' ? value : [...value];
  }
  return out;
}

/**
 * A request as a recording keeps it. Throws a TypeError for a body that has no JSON text (a BigInt,
 * a cycle, a function): such a request could never be replayed, so it must not be applied either.
 */
export function toRecordedRequest(request: SimRequest): RecordedRequest {
  const headers = recordHeaders(request.headers);
  return {
    method: String(request.method),
    path: String(request.path),
    ...(headers === undefined ? {} : { headers }),
    ...recordBody(request.body),
  };
}

/** The request a recorded one stands for, as `requestSync` takes it. */
export function toSimRequest(recorded: RecordedRequest): SimRequest {
  const body = recorded.bodyBase64 !== undefined ? new Uint8Array(Buffer.from(recorded.bodyBase64, 'base64')) : recorded.body;
  return {
    method: recorded.method,
    path: recorded.path,
    ...(recorded.headers === undefined ? {} : { headers: recorded.headers }),
    ...(body === undefined ? {} : { body }),
  };
}

export function entryLine(request: RecordedRequest, outcome: RecordedOutcome): string {
  const line =
    outcome.kind === 'response'
      ? { ...request, response: { status: outcome.status, headers: outcome.headers, text: outcome.text } }
      : { ...request, thrown: outcome.message };
  return JSON.stringify(line);
}

// ---------------------------------------------------------------------------------------------------
// Reading

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function onlyKeys(object: JsonObject, allowed: readonly string[], where: string, line: number): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new MalformedRecordingError(line, `unknown field [${key}] in ${where}; expected only ${allowed.map((k) => `[${k}]`).join(', ')}`);
    }
  }
}

function parseHeader(value: unknown, line: number): RecordingHeader {
  if (!isObject(value) || value['format'] !== RECORDING_FORMAT) {
    throw new MalformedRecordingError(
      line,
      `not an ilm-sim recording: the first line must be a header {"format":"${RECORDING_FORMAT}","version":${RECORDING_VERSION},"options":{...}}`,
    );
  }
  const version = value['version'];
  if (version !== RECORDING_VERSION) {
    throw new MalformedRecordingError(line, `format version [${String(version)}] is not supported; this ilm-sim reads version ${RECORDING_VERSION}`);
  }
  onlyKeys(value, ['format', 'version', 'options'], 'the header', line);
  const options = value['options'];
  if (!isObject(options)) throw new MalformedRecordingError(line, `header field [options] must be an object, not ${describe(options)}`);
  const require = (key: string, ok: (v: unknown) => boolean, what: string): void => {
    if (!ok(options[key])) throw new MalformedRecordingError(line, `header field [options.${key}] must be ${what}, not ${describe(options[key])}`);
  };
  require('profile', (v) => typeof v === 'string', 'a string');
  require('startTime', (v) => typeof v === 'string' || typeof v === 'number', 'a string or a number');
  require('startMillis', (v) => Number.isSafeInteger(v), 'an integer');
  require('pollInterval', (v) => typeof v === 'string', 'a string');
  require('seed', (v) => Number.isSafeInteger(v), 'an integer');
  return { format: RECORDING_FORMAT, version, options: options as RecordedOptions };
}

function parseHeaderMap(value: unknown, where: string, line: number, allowArrays: boolean): Record<string, string | readonly string[]> {
  if (!isObject(value)) throw new MalformedRecordingError(line, `field [${where}] must be an object, not ${describe(value)}`);
  for (const [name, v] of Object.entries(value)) {
    const ok = typeof v === 'string' || (allowArrays && Array.isArray(v) && v.every((item) => typeof item === 'string'));
    if (!ok)
      throw new MalformedRecordingError(
        line,
        `header [${name}] in [${where}] must be a string${allowArrays ? ' or an array of strings' : ''}, not ${describe(v)}`,
      );
  }
  return value as Record<string, string | readonly string[]>;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const ENTRY_FIELDS = ['method', 'path', 'headers', 'body', 'bodyBase64', 'response', 'thrown'];

function parseEntry(value: unknown, line: number): RecordedEntry {
  if (!isObject(value)) throw new MalformedRecordingError(line, `a request line must be an object, not ${describe(value)}`);
  if ('format' in value) {
    throw new MalformedRecordingError(line, 'a second header: a recording has exactly one header, its first line (recordings cannot be concatenated)');
  }
  onlyKeys(value, ENTRY_FIELDS, 'a request line', line);
  const { method, path, headers, body, bodyBase64, response, thrown } = value;
  if (typeof method !== 'string' || method.length === 0)
    throw new MalformedRecordingError(line, `field [method] must be a non-empty string, not ${describe(method)}`);
  if (typeof path !== 'string') throw new MalformedRecordingError(line, `field [path] must be a string, not ${describe(path)}`);
  if (body !== undefined && typeof body !== 'string') throw new MalformedRecordingError(line, `field [body] must be a string, not ${describe(body)}`);
  if (bodyBase64 !== undefined) {
    if (typeof bodyBase64 !== 'string' || !BASE64.test(bodyBase64)) throw new MalformedRecordingError(line, 'field [bodyBase64] must be a base64 string');
    if (body !== undefined) throw new MalformedRecordingError(line, 'a request has [body] or [bodyBase64], not both');
  }
  const request: RecordedRequest = {
    method,
    path,
    ...(headers === undefined ? {} : { headers: parseHeaderMap(headers, 'headers', line, true) }),
    ...(body === undefined ? {} : { body }),
    ...(bodyBase64 === undefined ? {} : { bodyBase64: bodyBase64 as string }),
  };
  if ((response === undefined) === (thrown === undefined)) {
    throw new MalformedRecordingError(line, 'a request line needs exactly one of [response] and [thrown]');
  }
  if (thrown !== undefined) {
    if (typeof thrown !== 'string') throw new MalformedRecordingError(line, `field [thrown] must be a string, not ${describe(thrown)}`);
    return { line, request, outcome: { kind: 'thrown', message: thrown } };
  }
  if (!isObject(response)) throw new MalformedRecordingError(line, `field [response] must be an object, not ${describe(response)}`);
  onlyKeys(response, ['status', 'headers', 'text'], '[response]', line);
  const status = response['status'];
  if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) {
    throw new MalformedRecordingError(line, `field [response.status] must be an HTTP status (100 to 599), not ${describe(status)}`);
  }
  const text = response['text'];
  if (typeof text !== 'string') throw new MalformedRecordingError(line, `field [response.text] must be a string, not ${describe(text)}`);
  const responseHeaders = parseHeaderMap(response['headers'], 'response.headers', line, false) as Record<string, string>;
  return { line, request, outcome: { kind: 'response', status: status as number, headers: responseHeaders, text } };
}

/**
 * Reads a whole recording, checking every line before anything runs. Blank lines are skipped (line
 * numbers still count them); a trailing `\r` (a CRLF checkout) is ignored. Throws
 * MalformedRecordingError naming the first line at fault.
 */
export function parseRecording(text: string): Recording {
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  let header: RecordingHeader | null = null;
  const entries: RecordedEntry[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim().length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const cut = index === lines.length - 1 && !endsWithNewline ? ' (the last line has no newline: was the recording cut off while being written?)' : '';
      throw new MalformedRecordingError(line, `not valid JSON: ${(error as Error).message}${cut}`);
    }
    if (header === null) header = parseHeader(value, line);
    else entries.push(parseEntry(value, line));
  });
  if (header === null) throw new MalformedRecordingError(null, `empty recording: no header line {"format":"${RECORDING_FORMAT}",...}`);
  return { header, entries };
}
