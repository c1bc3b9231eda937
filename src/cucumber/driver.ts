/**
 * How scenarios reach the simulator: in process through `createSimulator().request`, or through a
 * real socket to the simulator's HTTP server (the `http` Cucumber profile). Both speak the same
 * ES-shaped requests, so every feature runs unchanged on either.
 */
import * as http from 'node:http';
import { createSimulator, SimRequest, SimResponse, Simulator, SimulatorOptions } from '../index';

export interface Driver {
  request(request: SimRequest): Promise<SimResponse>;
  close(): Promise<void>;
  /** The simulator behind the transport (in this process either way). */
  readonly simulator: Simulator;
}

export type Transport = 'in-process' | 'http';

/** The server's contract (src/server/node-http.ts). */
type StartServer = (
  simulator: ReturnType<typeof createSimulator>,
  options?: { host?: string; port?: number },
) => Promise<{ readonly url: string; close(): Promise<void> }>;

/** A driver for a new simulator made from `options`, or for `given` (a twin of a captured cluster) as it is. */
export async function createDriver(transport: Transport, options: SimulatorOptions, given?: Simulator): Promise<Driver> {
  const simulator = given ?? createSimulator(options);
  if (transport === 'in-process') return { simulator, request: (r) => simulator.request(r), close: async () => undefined };
  // Loaded only for the http profile, so the in-process run does not depend on the server module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy CommonJS load is the point
  const { startServer } = require('../server/node-http') as { startServer: StartServer };
  const server = await startServer(simulator, { port: 0 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    simulator,
    request: (r) => httpRequest(server.url, agent, r),
    close: async () => {
      agent.destroy();
      await server.close();
    },
  };
}

function httpRequest(baseUrl: string, agent: http.Agent, request: SimRequest): Promise<SimResponse> {
  const body = request.body === undefined || request.body === null ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(request.path, baseUrl),
      {
        method: request.method,
        agent,
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
          // A `_cat` table is text/plain; everything else is JSON.
          const json = (headers['content-type'] ?? '').includes('json');
          resolve({ status: res.statusCode ?? 0, headers, text, body: text.length === 0 ? null : json ? JSON.parse(text) : text });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
