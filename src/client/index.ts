/**
 * `ilm-sim/client` (a contract): `connectionFor(simulator)` returns a `Connection` class for the
 * official `@elastic/elasticsearch` client that answers every request from the in-process simulator: no
 * socket, no timer, so a tool's own test runs under `sinon.useFakeTimers()`. Clients 8.x and 9.x (built
 * on `@elastic/transport`, promise-based connections) and 7.x (callback-based connections answering a
 * response stream) are both adapted. It adapts request and answer shapes only; it holds no ES behaviour.
 */
import { EventEmitter } from 'node:events';
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
type BaseConnectionClass = new (
  options: { url: URL } & Record<string, unknown>,
) => {
  readonly url: URL;
};

/** What `connectionFor` returns: pass it as the client's `Connection` option. */
export type SimulatorConnectionClass = BaseConnectionClass & {
  new (
    options: { url: URL } & Record<string, unknown>,
  ): {
    request(params: TransportRequest, options?: TransportRequestOptions): Promise<TransportResponse>;
    close(): Promise<void>;
  };
};

export interface ConnectionForOptions {
  /**
   * The client module whose connection class to extend, e.g. `require('@elastic/elasticsearch')`: its
   * `BaseConnection` (8.x, 9.x) or `Connection` (7.x). By default the copy the user's program resolves.
   */
  readonly elasticsearch?: { readonly BaseConnection?: unknown; readonly Connection?: unknown };
}

type ClientModule = { readonly BaseConnection?: unknown; readonly Connection?: unknown };

/** The class to extend and how it is called: promises (8.x, 9.x) or a callback and a stream (7.x). */
function baseConnectionOf(options: ConnectionForOptions): { base: BaseConnectionClass; style: 'promise' | 'callback' } {
  const module = options.elasticsearch ?? requireFromUser<ClientModule>('@elastic/elasticsearch') ?? requireFromUser<ClientModule>('@elastic/transport');
  if (typeof module?.BaseConnection === 'function') return { base: module.BaseConnection as BaseConnectionClass, style: 'promise' };
  if (typeof module?.Connection === 'function') return { base: module.Connection as BaseConnectionClass, style: 'callback' };
  throw new Error(
    'connectionFor needs the official client @elastic/elasticsearch 7.x, 8.x or 9.x: ' +
      'npm install --save-dev @elastic/elasticsearch, or pass { elasticsearch: require("@elastic/elasticsearch") }',
  );
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

/** One request answered by the simulator, in the transport's terms. */
async function answer(simulator: Simulator, params: TransportRequest): Promise<{ statusCode: number; headers: Record<string, string>; text: string }> {
  const headers = plainHeaders(params.headers);
  const raw = await bodyBytes(params.body);
  const contentEncoding = headers['content-encoding'];
  const body = raw === undefined ? undefined : decoded(raw, Array.isArray(contentEncoding) ? contentEncoding[0] : contentEncoding);
  delete headers['content-encoding'];
  if (body !== undefined) headers['content-length'] = String(body.length);
  const query = params.querystring ? `?${params.querystring}` : '';
  const response = await simulator.request({
    method: params.method,
    path: `${params.path}${query}`,
    body: body === undefined ? undefined : new Uint8Array(body),
    headers,
  });
  const text = params.method === 'HEAD' ? '' : response.text;
  const responseHeaders: Record<string, string> = { ...response.headers };
  if (params.method !== 'HEAD' || responseHeaders['content-length'] === undefined) responseHeaders['content-length'] = String(Buffer.byteLength(text));
  return { statusCode: response.status, headers: responseHeaders, text };
}

/**
 * An answer as 7.x's transport reads an HTTP response: `statusCode`, `headers`, then `data` and `end`
 * events. They are emitted as soon as the transport has attached its listeners (it does so while the
 * callback runs), never through `process.nextTick` or `setImmediate`, which `sinon.useFakeTimers()`
 * fakes by default. A caller that asked for the raw stream (`asStream`) gets a real Readable instead.
 */
function respond(
  callback: (error: Error | null, response: unknown) => void,
  answered: { statusCode: number; headers: Record<string, string>; text: string },
  asStream: boolean,
): void {
  if (asStream) {
    callback(null, Object.assign(Readable.from([Buffer.from(answered.text, 'utf8')]), { statusCode: answered.statusCode, headers: answered.headers }));
    return;
  }
  let encoding: BufferEncoding | null = null;
  const response = Object.assign(new EventEmitter(), {
    statusCode: answered.statusCode,
    headers: answered.headers,
    setEncoding(name: BufferEncoding) {
      encoding = name;
      return response;
    },
    destroy() {
      return response;
    },
  });
  callback(null, response);
  const bytes = Buffer.from(answered.text, 'utf8');
  if (bytes.length > 0) response.emit('data', encoding === null ? bytes : bytes.toString(encoding));
  response.emit('end');
}

/**
 * The `Connection` class to pass to `new Client({ node, Connection: connectionFor(simulator) })`. Its
 * type follows the place it is passed to (the client's own connection class type), so TypeScript
 * users need no cast.
 */
export function connectionFor<C = SimulatorConnectionClass>(simulator: Simulator, options: ConnectionForOptions = {}): C {
  const { base: Base, style } = baseConnectionOf(options);
  if (style === 'callback') {
    class CallbackSimulatorConnection extends Base {
      request(params: TransportRequest & { asStream?: boolean }, callback: (error: Error | null, response: unknown) => void): { abort(): void } {
        let aborted = false;
        answer(simulator, params).then(
          (answered) => {
            if (!aborted) respond(callback, answered, params.asStream === true);
          },
          (error: Error) => {
            if (!aborted) callback(error, null);
          },
        );
        return { abort: () => void (aborted = true) };
      }
      // close(callback) is 7.x's own: with no request open it only releases its unused agent.
    }
    return CallbackSimulatorConnection as unknown as C;
  }
  class SimulatorConnection extends Base {
    async request(params: TransportRequest, requestOptions: TransportRequestOptions = {}): Promise<TransportResponse> {
      if (requestOptions.signal?.aborted) throw abortError();
      const answered = await answer(simulator, params);
      return {
        statusCode: answered.statusCode,
        headers: answered.headers,
        body: requestOptions.asStream ? Readable.from([Buffer.from(answered.text, 'utf8')]) : answered.text,
      };
    }

    async close(): Promise<void> {
      // Nothing to release: no socket was ever opened.
    }
  }
  return SimulatorConnection as unknown as C;
}
