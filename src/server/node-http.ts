/**
 * The node:http adapter around the simulator: it reads each request (line, headers, body bytes),
 * hands it to the same `requestSync` every other caller uses, and writes back the status, headers and
 * exact bytes. It adds only what a socket needs (ES's body-size limit, content length, graceful close)
 * and must hold no ES behaviour of its own; it never reads process state or writes to the console.
 */
import * as http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';
import type { Simulator } from '../index';
import { EVENTS_PATH, EventHub } from './events';
import { isPagePath, PAGE_PATH, servePage } from './page';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** The time machine page: `<url>/_sim/ui/`. */
  readonly pageUrl: string;
  close(): Promise<void>;
}

/** ES `http.max_content_length` default: 100mb. */
export const DEFAULT_MAX_CONTENT_LENGTH_BYTES = 100 * 1024 * 1024;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 9200;
/** How long `close()` lets in-flight requests finish before cutting their connections. */
const CLOSE_GRACE_MILLIS = 2000;

/**
 * ES answers an over-long body from its HTTP layer (Netty's `HttpObjectAggregator` in 7.x,
 * `Netty4HttpContentSizeHandler` later): status 413, an empty body, `content-length: 0`.
 *
 * Divergence: Netty's 413 carries no `x-elastic-product` or `content-type`; the simulator sends both,
 * as on every response. Netty closes the connection after a 413 to a chunked body; the simulator
 * reads and drops the rest of the body and keeps the connection, so the client always gets the 413
 * instead of a reset while it is still sending.
 */
function sendTooLarge(res: http.ServerResponse): void {
  res.sendDate = false;
  res.writeHead(413, {
    'content-type': 'application/json; charset=UTF-8',
    'x-elastic-product': 'Elasticsearch',
    'content-length': '0',
  });
  res.end();
}

/**
 * An unexpected failure inside the simulator is a bug, not an ES answer: it is reported as a plain-text
 * 500 that names itself, and the server keeps serving.
 */
function sendInternalError(res: http.ServerResponse, error: unknown): void {
  res.sendDate = false;
  const message = `ilm-sim internal error: ${error instanceof Error ? error.message : String(error)}\n`;
  res.writeHead(500, {
    'content-type': 'text/plain; charset=UTF-8',
    'x-elastic-product': 'Elasticsearch',
    'content-length': String(Buffer.byteLength(message)),
  });
  res.end(message);
}

function headersOf(req: http.IncomingMessage): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && name !== 'content-encoding') out[name] = value;
  return out;
}

/**
 * The body after HTTP content decoding, as ES's Netty pipeline (`HttpContentDecompressor`) hands it on:
 * gzip and deflate (with their `x-` names) are decompressed, any other encoding passes through as sent
 * (issue 14, item 11). The body limit applies to the decompressed bytes, as ES aggregates after
 * decompressing. Returns 'too large', or null when the bytes do not decompress.
 */
function decodedBody(raw: Buffer, encoding: string | string[] | undefined, maxBytes: number): Buffer | 'too large' | null {
  const name = (Array.isArray(encoding) ? encoding[0] : encoding)?.trim().toLowerCase();
  const decode = name === 'gzip' || name === 'x-gzip' ? gunzipSync : name === 'deflate' || name === 'x-deflate' ? inflateSync : null;
  if (decode === null) return raw;
  try {
    return decode(raw, { maxOutputLength: maxBytes + 1 });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too large' : null;
  }
}

/**
 * A compressed body that does not decompress.
 *
 * Divergence: ES's Netty decoder fails the request before it reaches the REST layer (its exact answer
 * is unverified here); the simulator answers a bare 400 with an empty body and applies nothing.
 */
function sendUndecodable(res: http.ServerResponse): void {
  res.sendDate = false;
  res.writeHead(400, { 'content-type': 'application/json; charset=UTF-8', 'x-elastic-product': 'Elasticsearch', 'content-length': '0' });
  res.end();
}

/**
 * The requests of one connection whose answers are not yet written. Node parses pipelined requests
 * ahead of their answers; when a later request cannot be parsed, the 400 must wait for the answers of
 * the ones before it, or a client loses the answer of a request the simulator applied (issue 14, item 8).
 */
interface Connection {
  readonly open: Set<http.IncomingMessage>;
  /** Set once the connection failed to parse: writes the 400 and ends, when `open` has drained. */
  badRequest: (() => void) | null;
}

function connectionOf(connections: WeakMap<Socket, Connection>, socket: Socket): Connection {
  let connection = connections.get(socket);
  if (!connection) connections.set(socket, (connection = { open: new Set(), badRequest: null }));
  return connection;
}

/** The 400 Node's parser cannot do better than (bad request line or header), then the connection closes. */
function endWithBadRequest(socket: Socket): void {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  else socket.destroy();
}

interface ServerState {
  readonly simulator: Simulator;
  readonly maxContentLengthBytes: number;
  /** Set by `close()`: answers then carry `connection: close`, so keep-alive connections wind down. */
  closing: boolean;
  /** The `GET /_sim/events` streams, told after each request that may have changed something. */
  readonly events: EventHub;
}

/**
 * The page and the event stream are the server's own (static files and a socket that stays open), so
 * they are answered here, before the simulator; any other method on their paths goes on to the
 * simulator and gets ES's answer for an unknown route.
 */
function serveOwn(state: ServerState, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  if (isPagePath(url)) {
    req.resume();
    servePage(req, res);
    return true;
  }
  if (url.split('?')[0] === EVENTS_PATH && req.method === 'GET') {
    req.resume();
    state.events.subscribe(res);
    return true;
  }
  return false;
}

function handleRequest(state: ServerState, req: http.IncomingMessage, res: http.ServerResponse): void {
  const { simulator, maxContentLengthBytes } = state;
  if (serveOwn(state, req, res)) return;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxContentLengthBytes) {
    req.resume(); // drop the body, keep the connection's framing
    sendTooLarge(res);
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let tooLarge = false;
  req.on('data', (chunk: Buffer) => {
    if (tooLarge) return;
    received += chunk.length;
    if (received > maxContentLengthBytes) {
      tooLarge = true;
      chunks.length = 0;
      sendTooLarge(res);
      return;
    }
    chunks.push(chunk);
  });
  // A client that goes away mid-request never reaches 'end': nothing is applied.
  req.on('error', () => undefined);
  req.on('end', () => {
    if (tooLarge || res.destroyed) return;
    const decoded = received === 0 ? null : decodedBody(Buffer.concat(chunks, received), req.headers['content-encoding'], maxContentLengthBytes);
    if (decoded === 'too large') return sendTooLarge(res);
    if (received > 0 && decoded === null) return sendUndecodable(res);
    const body = decoded === null || decoded.length === 0 ? undefined : new Uint8Array(decoded);
    let response;
    try {
      // Applied synchronously, on the event loop: requests take effect one at a time, in the order
      // their bodies complete, and no two ever interleave.
      response = simulator.requestSync({ method: req.method ?? 'GET', path: req.url ?? '/', body, headers: headersOf(req) });
    } catch (error) {
      sendInternalError(res, error);
      return;
    }
    const headers: Record<string, string> = { ...response.headers };
    if (req.method !== 'HEAD' || headers['content-length'] === undefined) {
      headers['content-length'] = String(Buffer.byteLength(response.text));
    }
    if (state.closing) res.shouldKeepAlive = false;
    res.sendDate = false; // ES sends no Date header
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : response.text);
    const method = req.method ?? 'GET';
    if (EventHub.changes(method, response.status)) state.events.publish({ method, path: (req.url ?? '/').split('?')[0]!, status: response.status });
  });
}

export function startServer(simulator: Simulator, options: { host?: string; port?: number; maxContentLengthBytes?: number } = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const maxContentLengthBytes = options.maxContentLengthBytes ?? DEFAULT_MAX_CONTENT_LENGTH_BYTES;
  const sockets = new Set<Socket>();
  const state: ServerState = { simulator, maxContentLengthBytes, closing: false, events: new EventHub() };
  const connections = new WeakMap<Socket, Connection>();
  const server = http.createServer((req, res) => {
    const connection = connectionOf(connections, req.socket);
    connection.open.add(req);
    res.on('close', () => {
      connection.open.delete(req);
      if (connection.badRequest && connection.open.size === 0) connection.badRequest();
    });
    handleRequest(state, req, res);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A request Node cannot even parse (bad request line, bad header): 400 and close, keep serving. The
  // requests parsed before it are answered first; one the parser cut short (`complete` false) never
  // ends, so it is dropped unapplied.
  server.on('clientError', (_error, socket: Socket) => {
    const connection = connectionOf(connections, socket);
    for (const req of connection.open) if (!req.complete) connection.open.delete(req);
    if (connection.open.size === 0) endWithBadRequest(socket);
    else connection.badRequest = () => endWithBadRequest(socket);
  });
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address() as AddressInfo;
      const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      let closing: Promise<void> | null = null;
      const url = `http://${urlHost}:${address.port}`;
      resolve({
        url,
        port: address.port,
        pageUrl: `${url}${PAGE_PATH}`,
        close: () => {
          closing ??= new Promise<void>((done) => {
            state.closing = true;
            state.events.closeAll();
            // Stop accepting, let in-flight requests finish, drop idle keep-alive connections, and
            // cut whatever is still open after a grace period.
            const grace = setTimeout(() => {
              for (const socket of sockets) socket.destroy();
            }, CLOSE_GRACE_MILLIS);
            grace.unref();
            server.close(() => {
              clearTimeout(grace);
              done();
            });
            server.closeIdleConnections();
          });
          return closing;
        },
      });
    });
  });
}
