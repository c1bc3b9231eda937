/**
 * `GET /_sim/events`: a server-sent events stream telling pages (and any client) that the cluster or
 * the clock may have changed. The server adapter publishes one `change` event after each request that
 * can change state (any method but GET and HEAD) and that succeeded; the simulator is never polled
 * and the api layer knows nothing of it. An event names the request, not the new state: a listener
 * reads the state back through the ordinary routes.
 */
import type * as http from 'node:http';

export const EVENTS_PATH = '/_sim/events';

export interface ChangeEvent {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

export class EventHub {
  private readonly listeners = new Set<http.ServerResponse>();
  private sequence = 0;

  /** Opens a stream on `res`: headers, a retry hint, then one event per change until either side closes. */
  subscribe(res: http.ServerResponse): void {
    res.sendDate = false;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=UTF-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`retry: 1000\n: ilm-sim events\n\n`);
    this.listeners.add(res);
    res.on('close', () => this.listeners.delete(res));
  }

  /** Sends a `change` event to every open stream. */
  publish(change: ChangeEvent): void {
    if (this.listeners.size === 0) return;
    this.sequence += 1;
    const frame = `id: ${this.sequence}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
    for (const res of this.listeners) res.write(frame);
  }

  /** Whether a request may have changed the cluster or the clock: a successful write. */
  static changes(method: string, status: number): boolean {
    return method !== 'GET' && method !== 'HEAD' && status < 400;
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const res of this.listeners) res.end();
    this.listeners.clear();
  }
}
