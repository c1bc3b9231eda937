/**
 * `ilm-sim/client` (a contract): `connectionFor(simulator)` returns a `Connection` class for the
 * official `@elastic/elasticsearch` client (8.x and 9.x, which build on `@elastic/transport`) that
 * answers every request from the in-process simulator: no socket, no timer, so a tool's own test runs
 * under `sinon.useFakeTimers()`. It adapts the transport's request shape to `simulator.request` and
 * back; it holds no ES behaviour of its own.
 */
import { Readable } from 'node:stream';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import type { Simulator } from '../index';
import { requireFromUser } from '../user-require';

/** The parts of `@elastic/transport`'s `ConnectionRequestParams` this connection reads. */
interface TransportRequest {
  readonly method: string;
  readonly path: string;
  readonly querystring?: string;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  readonly body?: string | Buffer | NodeJS.ReadableStream | null;
}

interface TransportRequestOptions {
  readonly asStream?: boolean;
  readonly signal?: AbortSignal;
}

interface TransportResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string | Buffer | Readable;
}

/** `@elastic/transport`'s `BaseConnection`, as far as this module needs it. */
type BaseConnectionClass = new (options: { url: URL } & Record<string, unknown>) => {
  readonly url: URL;
};

/** What `connectionFor` returns: pass it as the client's `Connection` option. */
export type SimulatorConnectionClass = BaseConnectionClass & {
  new (options: { url: URL } & Record<string, unknown>): {
    request(params: TransportRequest, options?: TransportRequestOptions): Promise<TransportResponse>;
    close(): Promise<void>;
  };
};

export interface ConnectionForOptions {
  /**
   * The client module whose `BaseConnection` to extend, e.g. `require('@elastic/elasticsearch')`;
   * by default the copy the user's program resolves.
   */
  readonly elasticsearch?: { readonly BaseConnection: unknown };
}

function baseConnectionOf(options: ConnectionForOptions): BaseConnectionClass {
  const module = options.elasticsearch ?? requireFromUser<{ BaseConnection?: unknown }>('@elastic/elasticsearch') ?? requireFromUser<{ BaseConnection?: unknown }>('@elastic/transport');
  const base = module?.BaseConnection;
  if (typeof base !== 'function') {
    throw new Error(
      'connectionFor needs the official client @elastic/elasticsearch 8.x or 9.x (its BaseConnection): ' +
        'npm install --save-dev @elastic/elasticsearch, or pass { elasticsearch: require("@elastic/elasticsearch") }',
    );
  }
  return base as BaseConnectionClass;
}

async function bodyBytes(body: TransportRequest['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** The request body as the server would see it after HTTP content decoding (`compression: true`). */
function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'gzip':
      return gunzipSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    case 'br':
      return brotliDecompressSync(bytes);
    default:
      return bytes;
  }
}

function plainHeaders(headers: TransportRequest['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function abortError(): Error {
  const error = new Error('Request aborted');
  error.name = 'RequestAbortedError';
  return error;
}

/**
 * The `Connection` class to pass to `new Client({ node, Connection: connectionFor(simulator) })`. Its
 * type follows the place it is passed to (the client's own `typeof BaseConnection`), so TypeScript
 * users need no cast.
 */
export function connectionFor<C = SimulatorConnectionClass>(simulator: Simulator, options: ConnectionForOptions = {}): C {
  const Base = baseConnectionOf(options);
  class SimulatorConnection extends Base {
    async request(params: TransportRequest, requestOptions: TransportRequestOptions = {}): Promise<TransportResponse> {
      if (requestOptions.signal?.aborted) throw abortError();
      const headers = plainHeaders(params.headers);
      const raw = await bodyBytes(params.body);
      const contentEncoding = headers['content-encoding'];
      const body = raw === undefined ? undefined : decoded(raw, Array.isArray(contentEncoding) ? contentEncoding[0] : contentEncoding);
      delete headers['content-encoding'];
      if (body !== undefined) headers['content-length'] = String(body.length);
      const query = params.querystring ? `?${params.querystring}` : '';
      const response = await simulator.request({ method: params.method, path: `${params.path}${query}`, body: body === undefined ? undefined : new Uint8Array(body), headers });
      const text = params.method === 'HEAD' ? '' : response.text;
      const responseHeaders: Record<string, string> = { ...response.headers };
      if (params.method !== 'HEAD' || responseHeaders['content-length'] === undefined) responseHeaders['content-length'] = String(Buffer.byteLength(text));
      return {
        statusCode: response.status,
        headers: responseHeaders,
        body: requestOptions.asStream ? Readable.from([Buffer.from(text, 'utf8')]) : text,
      };
    }

    async close(): Promise<void> {
      // Nothing to release: no socket was ever opened.
    }
  }
  return SimulatorConnection as unknown as C;
}
