/**
 * The page's only way to the cluster: plain HTTP requests to the routes any client uses (ES's APIs and
 * the `/_sim` controls), same origin, JSON in and out, and the `/_sim/events` stream. It keeps no
 * state and never invents a value: callers show what these answers hold.
 */

export interface Answer {
  readonly status: number;
  /** The parsed JSON body (null when empty or not JSON). */
  readonly body: unknown;
}

export async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** An ES error body's `type` and `reason` (the top-level cause), as ES words them; null for a success. */
export function errorOf(answer: Answer): { type: string; reason: string } | null {
  if (answer.status < 400) return null;
  const error = (answer.body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return { type: '', reason: error };
  if (error && typeof error === 'object') {
    const e = error as { type?: string; reason?: string };
    return { type: e.type ?? '', reason: e.reason ?? '' };
  }
  return { type: '', reason: `HTTP ${answer.status}` };
}

/** The `caused_by` chain under an ES error, outermost first, as ES words each cause. */
export function causesOf(answer: Answer): { type: string; reason: string }[] {
  const causes: { type: string; reason: string }[] = [];
  let cause = ((answer.body as { error?: { caused_by?: unknown } } | null)?.error as { caused_by?: unknown } | undefined)?.caused_by;
  while (cause && typeof cause === 'object' && causes.length < 10) {
    const c = cause as { type?: string; reason?: string; caused_by?: unknown };
    causes.push({ type: c.type ?? '', reason: c.reason ?? '' });
    cause = c.caused_by;
  }
  return causes;
}

/** URL path segment for an index or policy name. */
export const seg = (name: string): string => encodeURIComponent(name);

/** Calls `onChange` whenever the server says something changed; returns a function that stops it. */
export function followChanges(onChange: () => void, onStatus: (connected: boolean) => void): () => void {
  const source = new EventSource('/_sim/events');
  source.addEventListener('change', () => onChange());
  source.onopen = () => {
    onStatus(true);
    onChange(); // whatever happened while the stream was down
  };
  source.onerror = () => onStatus(false);
  return () => source.close();
}
