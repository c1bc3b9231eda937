/**
 * connectionFor with the official client, major 9 (the devDependency) and major 8 (installed as the
 * alias elasticsearch-8): answers come from the in-process simulator byte for byte, HEAD, errors,
 * compressed request bodies and streamed answers work, and nothing waits on a timer, so the client
 * runs under sinon's fake timers.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import * as sinon from 'sinon';
import { createSimulator } from '../index';
import { connectionFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- both majors, loaded side by side
const majors: Array<[string, { Client: new (options: Record<string, unknown>) => any; BaseConnection: unknown }]> = [
  ['9', require('@elastic/elasticsearch')],
  ['8', require('elasticsearch-8')],
];

const POLICY = { phases: { delete: { min_age: '1d', actions: { delete: {} } } } };

for (const [major, module] of majors) {
  describe(`connectionFor with @elastic/elasticsearch ${major}.x`, () => {
    const clientFor = (simulator = createSimulator({ profile: '8.19' }), options: Record<string, unknown> = {}) =>
      new module.Client({ node: 'http://localhost:9200', Connection: connectionFor(simulator, { elasticsearch: module }), ...options });

    it('answers exactly what the simulator answers, under sinon fake timers', async () => {
      const clock = sinon.useFakeTimers();
      try {
        const simulator = createSimulator({ profile: '8.19' });
        const client = clientFor(simulator);
        expect(await client.ilm.putLifecycle({ name: 'p', policy: POLICY })).to.deep.equal({ acknowledged: true });
        await client.indices.create({ index: 'logs', settings: { 'index.lifecycle.name': 'p' } });
        const viaClient = await client.ilm.explainLifecycle({ index: 'logs' });
        const direct = simulator.requestSync({ method: 'GET', path: '/logs/_ilm/explain' });
        expect(viaClient).to.deep.equal(direct.body);
        await client.close();
      } finally {
        clock.restore();
      }
    });

    it('sends bulk() with the client\'s NDJSON media type and gets ES\'s answer (issue 14, item 4)', async () => {
      const simulator = createSimulator({ profile: '8.19' });
      const client = clientFor(simulator);
      const answer = await client.bulk({ operations: [{ index: { _index: 'logs' } }, { message: 'a' }, { create: { _index: 'logs' } }, { message: 'b' }] });
      expect(answer.errors).to.equal(false);
      expect(answer.items).to.have.length(2);
    });

    it('answers HEAD with no body (exists true and false)', async () => {
      const client = clientFor();
      await client.indices.create({ index: 'logs' });
      expect(await client.indices.exists({ index: 'logs' })).to.equal(true);
      expect(await client.indices.exists({ index: 'nope' })).to.equal(false);
      expect(await client.ping()).to.equal(true);
    });

    it('turns an ES error into the client\'s ResponseError with ES\'s status and body', async () => {
      const client = clientFor();
      const error = await client.ilm.explainLifecycle({ index: 'nope' }).then(
        () => null,
        (e: unknown) => e as { name: string; meta: { statusCode: number; body: { error: { type: string; reason: string } } } },
      );
      expect(error?.name).to.equal('ResponseError');
      expect(error?.meta.statusCode).to.equal(404);
      expect(error?.meta.body.error.type).to.equal('index_not_found_exception');
      expect(error?.meta.body.error.reason).to.equal('no such index [nope]');
    });

    it('reads compressed request bodies and streams answers when asked', async () => {
      const simulator = createSimulator({ profile: '8.19' });
      const client = clientFor(simulator, { compression: true });
      expect(await client.ilm.putLifecycle({ name: 'gz', policy: POLICY })).to.deep.equal({ acknowledged: true });
      expect(simulator.requestSync({ method: 'GET', path: '/_ilm/policy/gz' }).status).to.equal(200);
      const streamed = await client.transport.request({ method: 'GET', path: '/_sim/clock' }, { asStream: true });
      const chunks: Buffer[] = [];
      for await (const chunk of streamed as AsyncIterable<Buffer>) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString('utf8')).to.equal('{"now_millis":1704067200000,"now":"2024-01-01T00:00:00.000Z"}');
    });
  });
}

describe('connectionFor without a client', () => {
  it('says which client it needs', () => {
    expect(() => connectionFor(createSimulator(), { elasticsearch: { BaseConnection: undefined } })).to.throw(
      'connectionFor needs the official client @elastic/elasticsearch 8.x or 9.x',
    );
  });
});
