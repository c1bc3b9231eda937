/**
 * `ilm-sim/server` (a contract): `startServer({ port: 0, ... })` creates a simulator and serves it over
 * HTTP for a tool's own test suite, resolving to `{ url, port, simulator, close() }`. It only joins
 * `createSimulator` and the node:http adapter; it holds no ES behaviour and reads no process state.
 */
import { createSimulator, Simulator, SimulatorOptions } from '../index';
import { DEFAULT_HOST, startServer as serve } from './node-http';

export interface StartServerOptions extends SimulatorOptions {
  /** The port to listen on; default 0 (the system picks a free one, read it from `port`/`url`). */
  readonly port?: number;
  /** The interface to listen on; default 127.0.0.1. */
  readonly host?: string;
  /** Serve this simulator instead of creating one from the options above. */
  readonly simulator?: Simulator;
  /** ES `http.max_content_length`; default 100mb. */
  readonly maxContentLengthBytes?: number;
}

export interface SimulatorServer {
  /** `http://127.0.0.1:<port>`: give it to a client as its node. */
  readonly url: string;
  readonly port: number;
  /** The time machine page, `<url>/_sim/ui/`: open it in a browser. */
  readonly pageUrl: string;
  /** The simulator behind the server: drive it in process too (`simulator.request(...)`). */
  readonly simulator: Simulator;
  /** Stops listening, lets in-flight requests finish, then closes every connection. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<SimulatorServer> {
  const { port = 0, host = DEFAULT_HOST, simulator: given, maxContentLengthBytes, ...simulatorOptions } = options;
  const simulator = given ?? createSimulator(simulatorOptions);
  const running = await serve(simulator, { port, host, ...(maxContentLengthBytes === undefined ? {} : { maxContentLengthBytes }) });
  return { url: running.url, port: running.port, pageUrl: running.pageUrl, simulator, close: () => running.close() };
}

export type { Simulator, SimulatorOptions };
