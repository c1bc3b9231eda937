/**
 * The suite's own plain HTTP calls (control routes, setup, the Beats/Logstash bootstrap), with fetch:
 * JSON in, parsed JSON out, and a thrown error for any status that is not 2xx unless the caller allows it.
 */
export type Profile = '7.10' | '7.17' | '8.19' | '9.1';

export interface Answer {
  status: number;
  body: unknown;
}

export async function es(url: string, method: string, path: string, body?: unknown, allow: number[] = []): Promise<Answer> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': typeof body === 'string' ? 'application/x-ndjson' : 'application/json' };
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(url + path, init);
  const text = await res.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if ((res.status < 200 || res.status > 299) && !allow.includes(res.status)) {
    throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  }
  return { status: res.status, body: parsed };
}
