/**
 * Errors as typed values: every expected failure carries ES's `type` (snake_case), its exact `reason`
 * text, its HTTP `status`, ordered metadata and an optional cause. This module builds the values and
 * the `{type, reason, ...}` object ES stores in `step_info`; it never builds an HTTP error envelope
 * (that is `api/error-body.ts`) and never branches on message text.
 */

export interface EsError {
  readonly type: string;
  readonly reason: string;
  readonly status: number;
  /** Exception metadata in the order ES writes it (Java HashMap order for the common cases). */
  readonly metadata?: ReadonlyArray<readonly [string, string]>;
  readonly causedBy?: EsError;
  /**
   * True for errors that are `ElasticsearchException`s in ES, as opposed to plain Java exceptions
   * (IllegalArgumentException, NumberFormatException) or Jackson/XContent parse exceptions. ES's
   * root-cause guessing keeps unwrapping parse exceptions only through these two families.
   */
  readonly elasticsearchException?: boolean;
}

/** A thrown carrier for an expected failure; caught at the request edge or by the step runner. */
export class EsException extends Error {
  constructor(readonly error: EsError) {
    super(`${error.type}: ${error.reason}`);
  }
}

export function fail(error: EsError): never {
  throw new EsException(error);
}

/** For broken invariants: programmer errors, never rendered as ES bodies. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

export function illegalArgument(reason: string, causedBy?: EsError): EsError {
  return { type: 'illegal_argument_exception', reason, status: 400, ...(causedBy ? { causedBy } : {}) };
}

export function illegalState(reason: string): EsError {
  return { type: 'illegal_state_exception', reason, status: 500 };
}

export function numberFormat(text: string): EsError {
  return { type: 'number_format_exception', reason: `For input string: "${text}"`, status: 400 };
}

export function resourceNotFound(reason: string): EsError {
  return { type: 'resource_not_found_exception', reason, status: 404, elasticsearchException: true };
}

export function indexNotFound(name: string): EsError {
  return {
    type: 'index_not_found_exception',
    reason: `no such index [${name}]`,
    status: 404,
    metadata: [
      ['resource.type', 'index_or_alias'],
      ['resource.id', name],
      ['index_uuid', '_na_'],
      ['index', name],
    ],
    elasticsearchException: true,
  };
}

/**
 * ES `IndexClosedException` (`super("closed")`, `setIndex(index)`, BAD_REQUEST): a write or read that
 * reaches a closed index.
 */
export function indexClosed(name: string, uuid: string): EsError {
  return {
    type: 'index_closed_exception',
    reason: 'closed',
    status: 400,
    metadata: [
      ['index_uuid', uuid],
      ['index', name],
    ],
    elasticsearchException: true,
  };
}

export function resourceAlreadyExists(name: string, uuid: string): EsError {
  return {
    type: 'resource_already_exists_exception',
    reason: `index [${name}/${uuid}] already exists`,
    status: 400,
    metadata: [
      ['index_uuid', uuid],
      ['index', name],
    ],
    elasticsearchException: true,
  };
}

export function invalidIndexName(name: string, description: string): EsError {
  return {
    type: 'invalid_index_name_exception',
    reason: `Invalid index name [${name}], ${description}`,
    status: 400,
    metadata: [
      ['index_uuid', '_na_'],
      ['index', name],
    ],
    elasticsearchException: true,
  };
}

/** ES `ElasticsearchParseException` (type `parse_exception`, 400). */
export function parseException(reason: string, causedBy?: EsError): EsError {
  return { type: 'parse_exception', reason, status: 400, elasticsearchException: true, ...(causedBy ? { causedBy } : {}) };
}

/** ES `ActionRequestValidationException`: `Validation Failed: 1: a;2: b;`. */
export function actionRequestValidation(messages: readonly string[]): EsError {
  const reason = `Validation Failed: ${messages.map((m, i) => `${i + 1}: ${m};`).join('')}`;
  return { type: 'action_request_validation_exception', reason, status: 400, elasticsearchException: true };
}

/** XContent `XContentParseException` with its `[line:column] ` location prefix (status 400, an IAE in ES). */
export function xContentParse(line: number, column: number, message: string, causedBy?: EsError): EsError {
  return {
    type: 'x_content_parse_exception',
    reason: `[${line}:${column}] ${message}`,
    status: 400,
    ...(causedBy ? { causedBy } : {}),
  };
}

/**
 * The JSON object ES writes for a throwable (`ElasticsearchException.generateThrowableXContent`):
 * `type`, `reason`, metadata, then `caused_by`. Used for `step_info` and by the error envelope.
 *
 * Divergence: ES 6.6-8.1 also store a Java `stack_trace` string in an ERROR step's `step_info`; the
 * simulator has no Java stack to show, so it leaves the field out rather than inventing one.
 */
export function throwableXContent(error: EsError): Record<string, unknown> {
  const out: Record<string, unknown> = { type: error.type, reason: error.reason };
  for (const [key, value] of error.metadata ?? []) out[key] = value;
  if (error.causedBy) out['caused_by'] = throwableXContent(error.causedBy);
  return out;
}

/**
 * ES `ElasticsearchException.guessRootCauses`: an ElasticsearchException unwraps to a cause that is
 * also an ElasticsearchException; an XContent parse exception unwraps while its cause is another
 * parse exception or an ElasticsearchException; anything else is its own root cause.
 */
export function rootCause(error: EsError): EsError {
  let current = error;
  for (;;) {
    const cause = current.causedBy;
    if (!cause) return current;
    const isParse = (e: EsError): boolean => e.type === 'x_content_parse_exception' || e.type === 'named_object_not_found_exception';
    const unwraps = isParse(current)
      ? isParse(cause) || cause.elasticsearchException === true
      : current.elasticsearchException === true && cause.elasticsearchException === true;
    if (!unwraps) return current;
    current = cause;
  }
}
