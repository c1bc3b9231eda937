/**
 * The server's own two paths: the time machine page at `/_sim/ui/` (static files, never an ES path)
 * and the `GET /_sim/events` stream, which tells listeners after each successful write and says
 * nothing for reads or refused requests. No timers: every wait is on a response or an event.
 */
import { expect } from 'chai';
import * as http from 'node:http';
import { describe, it } from 'node:test';
import { createSimulator } from '../index';
import { startServer } from './node-http';
import { raw } from './test-support';

async function withServer(run: (url: string, pageUrl: string) => Promise<void>): Promise<void> {
  const server = await startServer(createSimulator({ stackTemplates: false }), { port: 0 });
  try {
    await run(server.url, server.pageUrl);
  } finally {
    await server.close();
  }
}

/** Opens `/_sim/events` and collects its text; `next(n)` resolves once n `change` events arrived. */
function listen(url: string): Promise<{ events: () => string[]; next: (count: number) => Promise<string[]>; close: () => void }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const waiters: { count: number; done: (events: string[]) => void }[] = [];
    const events = () => [...text.matchAll(/event: change\ndata: (.*)\n\n/g)].map((m) => m[1]!);
    const req = http.get(`${url}/_sim/events`, (res) => {
      expect(res.statusCode).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/event-stream; charset=UTF-8');
      res.setEncoding('utf8');
      let opened = false;
      res.on('data', (chunk: string) => {
        text += chunk;
        if (!opened && text.includes('\n\n')) {
          opened = true;
          resolve({
            events,
            next: (count) => new Promise((done) => (events().length >= count ? done(events()) : waiters.push({ count, done }))),
            close: () => req.destroy(),
          });
        }
        for (const waiter of [...waiters]) {
          if (events().length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.done(events());
          }
        }
      });
    });
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

describe('the time machine page at /_sim/ui/', () => {
  it('serves the bundle, redirects /_sim/ui, and leaves GET / to ES', () =>
    withServer(async (url, pageUrl) => {
      expect(pageUrl).to.equal(`${url}/_sim/ui/`);
      const html = await raw(url, { method: 'GET', path: '/_sim/ui/' });
      expect(html.status).to.equal(200);
      expect(html.headers['content-type']).to.equal('text/html; charset=UTF-8');
      expect(html.text).to.include('<script src="app.js"></script>');
      const script = await raw(url, { method: 'GET', path: '/_sim/ui/app.js' });
      expect(script.headers['content-type']).to.equal('text/javascript; charset=UTF-8');
      expect(script.text).to.include('/_sim/events');
      // Offline: no address of another host in the bundle (XML namespace names are not loads).
      const hosts = script.text.replaceAll('http://www.w3.org/', '').match(/https?:\/\/[^"'`\s]*/g);
      expect(hosts).to.equal(null);
      expect(html.text).to.not.include('//');
      const style = await raw(url, { method: 'GET', path: '/_sim/ui/app.css' });
      expect(style.text).to.match(/prefers-color-scheme: ?dark/);
      const head = await raw(url, { method: 'HEAD', path: '/_sim/ui/app.css' });
      expect([head.status, head.bytes.length, head.headers['content-length']]).to.deep.equal([200, 0, String(style.bytes.length)]);
      const bare = await raw(url, { method: 'GET', path: '/_sim/ui?x=1' });
      expect([bare.status, bare.headers['location']]).to.deep.equal([308, '/_sim/ui/']);
      expect((await raw(url, { method: 'GET', path: '/_sim/ui/nope.js' })).status).to.equal(404);
      const root = await raw(url, { method: 'GET', path: '/' });
      expect(JSON.parse(root.text).tagline).to.equal('You Know, for Search');
    }));

  it('answers other methods on its paths as ES answers an unknown route', () =>
    withServer(async (url) => {
      const post = await raw(url, { method: 'POST', path: '/_sim/ui/' });
      expect(post.status).to.equal(400);
      expect(post.text).to.equal('{"error":"no handler found for uri [/_sim/ui/] and method [POST]"}');
    }));
});

describe('GET /_sim/events', () => {
  it('sends one change event per successful write, none for reads or refused writes', () =>
    withServer(async (url) => {
      const stream = await listen(url);
      await raw(url, { method: 'GET', path: '/_sim/clock' });
      await raw(url, { method: 'POST', path: '/_sim/clock/_advance', body: '{"by":"nonsense"}' });
      await raw(url, { method: 'POST', path: '/_sim/clock/_advance', body: '{"by":"1h"}' });
      await raw(url, { method: 'PUT', path: '/logs-1?pretty' });
      const events = await stream.next(2);
      expect(events).to.deep.equal(['{"method":"POST","path":"/_sim/clock/_advance","status":200}', '{"method":"PUT","path":"/logs-1","status":200}']);
      stream.close();
    }));

  it('ends open streams when the server closes', async () => {
    const server = await startServer(createSimulator({ stackTemplates: false }), { port: 0 });
    const ended = new Promise<void>((resolve) => {
      http.get(`${server.url}/_sim/events`, (res) => {
        res.resume();
        res.on('end', resolve);
        void server.close();
      });
    });
    await ended;
  });
});
