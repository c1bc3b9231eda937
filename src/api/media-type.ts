/**
 * The request media-type checks ES's REST layer makes before a handler runs: a request with a body
 * must say it is JSON (ES `RestController#dispatchRequest`, 406 otherwise), and the `compatible-with`
 * versions the official clients put on `Accept`/`Content-Type` must agree (ES 8+
 * `RestCompatibleVersionHelper`). Only requests that carry headers (the HTTP server's) are checked;
 * this module returns error values and never renders a body itself.
 */
import type { EsError } from '../engine/errors';

export type HeaderValue = string | readonly string[] | undefined;
export type RequestHeaders = Readonly<Record<string, HeaderValue>>;

/** What a media-type check can refuse with: a bare-string 406 (`createSimpleErrorResponse`) or an error value. */
export type MediaTypeRefusal =
  | { readonly kind: 'simple'; readonly status: number; readonly message: string }
  | { readonly kind: 'error'; readonly error: EsError };

interface ParsedMediaType {
  readonly type: string;
  readonly parameters: ReadonlyMap<string, string>;
}

/** Case-insensitive header lookup; repeated headers keep every value (ES `getAllHeaderValues`). */
export function headerValues(headers: RequestHeaders, name: string): string[] | null {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== lower || value === undefined) continue;
    return typeof value === 'string' ? [value] : [...value];
  }
  return null;
}

/** `type/subtype; name=value; ...` (ES `ParsedMediaType#parseMediaType`), or null when malformed. */
function parseMediaType(raw: string): ParsedMediaType | null {
  const [typePart, ...parameterParts] = raw.split(';');
  const type = (typePart ?? '').trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(type)) return null;
  const parameters = new Map<string, string>();
  for (const part of parameterParts) {
    const at = part.indexOf('=');
    if (at === -1) return null;
    parameters.set(
      part.slice(0, at).trim().toLowerCase(),
      part
        .slice(at + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return { type, parameters };
}

/**
 * Media types whose bodies the simulator reads: JSON, plain or versioned, and newline-delimited JSON.
 * ES `XContentType#fromMediaType` reads `application/x-ndjson` as JSON in every release (6.x and 7.x
 * through a special case, 8+ as one of JSON's header values), and 8+ read
 * `application/vnd.elasticsearch+x-ndjson; compatible-with=N` as versioned JSON: the official clients
 * send those on `_bulk` (issue 14, item 4). ES applies them to every route, not only `_bulk`.
 */
const JSON_TYPES = new Set(['application/json', 'application/x-ndjson', 'application/vnd.elasticsearch+json', 'application/vnd.elasticsearch+x-ndjson']);

/**
 * The first JSON media range of an `Accept` header. The ES client sends
 * `application/vnd.elasticsearch+json; compatible-with=9,text/plain`: a comma list of ranges.
 */
function acceptedJsonType(accept: readonly string[] | null): ParsedMediaType | null {
  for (const value of accept ?? []) {
    for (const range of value.split(',')) {
      const parsed = parseMediaType(range);
      if (parsed && JSON_TYPES.has(parsed.type)) return parsed;
    }
  }
  return null;
}

function compatibleWith(media: ParsedMediaType | null): string | null {
  return media?.parameters.get('compatible-with') ?? null;
}

function mediaTypeHeaderError(reason: string): EsError {
  // ES wraps the `status_exception` in `RestRequest.MediaTypeHeaderException`, a plain Java exception.
  // Divergence: ES prints the failed header names from an unordered `Set.of(...)`; the order is fixed here.
  return {
    type: 'media_type_header_exception',
    reason: 'Invalid media-type value on headers [Accept, Content-Type]',
    status: 400,
    causedBy: { type: 'status_exception', reason, status: 400, elasticsearchException: true },
  };
}

/**
 * Checks a request's media types. `hasBody` is ES's `contentLength > 0`.
 *
 * Divergence: ES 6.x/7.x know no `application/vnd.elasticsearch+json` and refuse it with 406; ES 8+
 * accept only their own and the previous major in `compatible-with`. The simulator accepts the
 * versioned type with any version under every profile, so today's official clients work unmodified;
 * it still refuses what no ES accepts (a body without a JSON content type, mismatched versions).
 * Other types ES reads (SMILE, CBOR, YAML) are refused too: the simulator parses only JSON.
 */
export function checkMediaTypes(headers: RequestHeaders, hasBody: boolean): MediaTypeRefusal | null {
  const contentTypes = headerValues(headers, 'content-type');
  const acceptValues = headerValues(headers, 'accept');
  let contentType: ParsedMediaType | null = null;
  if (hasBody) {
    if (contentTypes === null) return { kind: 'simple', status: 406, message: 'Content-Type header is missing' };
    contentType = contentTypes.length === 1 ? parseMediaType(contentTypes[0]!) : null;
    if (!contentType || !JSON_TYPES.has(contentType.type)) {
      return { kind: 'simple', status: 406, message: `Content-Type header [${contentTypes.join(',')}] is not supported` };
    }
  }
  const acceptVersion = compatibleWith(acceptedJsonType(acceptValues));
  const contentVersion = compatibleWith(contentType);
  if (!hasBody) return null;
  const acceptText = (acceptValues ?? []).join(',');
  const contentText = (contentTypes ?? []).join(',');
  if (acceptVersion !== null && contentVersion !== null && acceptVersion !== contentVersion) {
    return {
      kind: 'error',
      error: mediaTypeHeaderError(
        `A compatible version is required on both Content-Type and Accept headers if either one has requested a compatible version and the compatible versions must match. Accept=${acceptText}, Content-Type=${contentText}`,
      ),
    };
  }
  if ((acceptVersion === null) !== (contentVersion === null)) {
    return {
      kind: 'error',
      error: mediaTypeHeaderError(
        `A compatible version is required on both Content-Type and Accept headers if either one has requested a compatible version. Accept=${acceptText}, Content-Type=${contentText}`,
      ),
    };
  }
  return null;
}
