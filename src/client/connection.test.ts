/**
 * connectionFor with the official client, major 9 (the devDependency), 8 and 7 (installed as the
 * aliases elasticsearch-8 and elasticsearch-7): answers come from the in-process simulator byte for byte, HEAD, errors,
 * compressed request bodies and streamed answers work, and nothing waits on a timer, so the client
 * runs under sinon's fake timers.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import * as sinon from 'sinon';
import { createSimulator } from '../index';
import { connectionFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- both majors, loaded side by side
const majors: Array<[string, { Client: new (options: Record<string, unknown>) => any; BaseConnection?: unknown; Connection?: unknown }]> = [
  ['9', require('@elastic/elasticsearch')],
  ['8', require('elasticsearch-8')],
  ['7', require('elasticsearch-7')],
];

/** 7.x answers `{ body, statusCode, ... }` where 8.x and 9.x answer the body. */
function bodyOf(answer: unknown, major: string): unknown {
  return major === '7' ? (answer as { body: unknown }).body : answer;
}

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
        expect(
          bodyOf(await client.ilm.putLifecycle(major === '7' ? { policy: 'p', body: { policy: POLICY } } : { name: 'p', policy: POLICY }), major),
        ).to.deep.equal({ acknowledged: true });
        await client.indices.create(
          major === '7' ? { index: 'logs', body: { settings: { 'index.lifecycle.name': 'p' } } } : { index: 'logs', settings: { 'index.lifecycle.name': 'p' } },
        );
        const viaClient = bodyOf(await client.ilm.explainLifecycle({ index: 'logs' }), major);
        const direct = simulator.requestSync({ method: 'GET', path: '/logs/_ilm/explain' });
        expect(viaClient).to.deep.equal(direct.body);
        await client.close();
      } finally {
        clock.restore();
      }
    });

    it("sends bulk() with the client's NDJSON media type and gets ES's answer (issue 14, item 4)", async () => {
      const simulator = createSimulator({ profile: '8.19' });
      const client = clientFor(simulator);
      const operations = [{ index: { _index: 'logs' } }, { message: 'a' }, { create: { _index: 'logs' } }, { message: 'b' }];
      const answer = bodyOf(await client.bulk(major === '7' ? { body: operations } : { operations }), major) as { errors: boolean; items: unknown[] };
      expect(answer.errors).to.equal(false);
      expect(answer.items).to.have.length(2);
    });

    it('answers HEAD with no body (exists true and false)', async () => {
      const client = clientFor();
      await client.indices.create({ index: 'logs' });
      expect(bodyOf(await client.indices.exists({ index: 'logs' }), major)).to.equal(true);
      expect(bodyOf(await client.indices.exists({ index: 'nope' }), major)).to.equal(false);
      expect(bodyOf(await client.ping(), major)).to.equal(true);
    });

    it("turns an ES error into the client's ResponseError with ES's status and body", async () => {
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
      expect(
        bodyOf(await client.ilm.putLifecycle(major === '7' ? { policy: 'gz', body: { policy: POLICY } } : { name: 'gz', policy: POLICY }), major),
      ).to.deep.equal({ acknowledged: true });
      expect(simulator.requestSync({ method: 'GET', path: '/_ilm/policy/gz' }).status).to.equal(200);
      const streamed = bodyOf(await client.transport.request({ method: 'GET', path: '/_sim/clock' }, { asStream: true }), major);
      const chunks: Buffer[] = [];
      for await (const chunk of streamed as AsyncIterable<Buffer>) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString('utf8')).to.equal('{"now_millis":1704067200000,"now":"2024-01-01T00:00:00.000Z"}');
    });
  });
}

describe('connectionFor without a client', () => {
  it('says which client it needs', () => {
    expect(() => connectionFor(createSimulator(), { elasticsearch: {} })).to.throw(
      'connectionFor needs the official client @elastic/elasticsearch 7.x, 8.x or 9.x',
    );
  });
});
