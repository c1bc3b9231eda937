/**
 * `ilm-sim/server`'s startServer: a free port by default, the simulator options applied, the simulator
 * handed back (and a given one served), and close() releasing the port.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createSimulator } from '../index';
import { startServer } from './index';
import { raw } from './test-support';

/** GET of a whole URL, answered as status and text. */
async function get(url: string): Promise<{ status: number; text: string }> {
  const { origin, pathname, search } = new URL(url);
  const { status, text } = await raw(origin, { method: 'GET', path: `${pathname}${search}` });
  return { status, text };
}

describe('startServer (ilm-sim/server)', () => {
  it('listens on a free loopback port with the simulator options given, and hands the simulator back', async () => {
    const server = await startServer({ profile: '8.19', startTime: '2030-01-01T00:00:00Z', pollInterval: '1m', seed: 3 });
    try {
      expect(server.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.port).to.be.greaterThan(0);
      expect(server.simulator.options).to.include({ profile: '8.19', pollInterval: '1m', seed: 3 });
      const clock = await get(`${server.url}/_sim/clock`);
      expect(clock).to.deep.equal({ status: 200, text: '{"now_millis":1893456000000,"now":"2030-01-01T00:00:00.000Z"}' });
      // The same simulator in process and over the socket.
      server.simulator.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } });
      expect((await get(`${server.url}/_sim/clock`)).text).to.include('2030-01-02T00:00:00.000Z');
    } finally {
      await server.close();
    }
    await get(`${server.url}/`).then(
      () => expect.fail('the port still answers after close()'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
    );
  });

  it('serves a simulator it is given', async () => {
    const simulator = createSimulator({ profile: '6.6' });
    const server = await startServer({ simulator });
    try {
      expect(server.simulator).to.equal(simulator);
      expect(JSON.parse((await get(`${server.url}/`)).text).version.number).to.match(/^6\.6\./);
    } finally {
      await server.close();
    }
  });

  it('refuses bad simulator options before it listens', async () => {
    let error: unknown = null;
    await startServer({ profile: '5.0' }).catch((e: unknown) => (error = e));
    expect(String(error)).to.include('unknown profile [5.0]; known profiles:');
  });
});
