/**
 * Helpers for the HTTP server's tests: a raw HTTP/1.1 request that returns the exact status, headers
 * and bytes, a recording wrapper around a simulator (the order the server applied requests in), and a
 * dump of the observable state to compare two simulators by. Test-only; nothing in src imports it.
 */
import * as http from 'node:http';
import type { SimRequest, SimResponse, Simulator } from '../index';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly bytes: Buffer;
  readonly text: string;
}

export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  readonly agent?: http.Agent;
}

/** Sends one request; a string or Buffer body gets `content-type: application/json` unless headers say otherwise. */
export function raw(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string> = {
    ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
    ...request.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(request.path, baseUrl), { method: request.method, headers, agent: request.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: bytes.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A simulator whose `requestSync` calls are logged in the order they were applied. */
export function recording(simulator: Simulator): { simulator: Simulator; log: SimRequest[] } {
  const log: SimRequest[] = [];
  const wrapped: Simulator = {
    ...simulator,
    requestSync: (request) => {
      log.push(request);
      return simulator.requestSync(request);
    },
    request: async (request) => wrapped.requestSync(request),
  };
  return { simulator: wrapped, log };
}

/** Everything a client can observe, as text: clock, policies, explain of every index, settings, ILM mode. */
export function stateDump(simulator: Simulator): string {
  const read = (path: string): string => {
    const response: SimResponse = simulator.requestSync({ method: 'GET', path });
    return `${path} ${response.status} ${response.text}`;
  };
  return [
    read('/_sim/clock'),
    read('/_ilm/policy'),
    read('/_all/_ilm/explain?expand_wildcards=all&human'),
    read('/_settings?expand_wildcards=all'),
    read('/_ilm/status'),
  ].join('\n');
}
