/**
 * The HTTP server through real sockets: the seed story and every ILM API through the official
 * `@elastic/elasticsearch` client (unmodified, only `node` set), exact bytes over raw HTTP compared
 * with the in-process simulator, bad input that must leave the state unchanged, many clients at once,
 * and graceful close. No timers: every wait is on a response.
 */
import { Client, errors } from '@elastic/elasticsearch';
import { expect } from 'chai';
import * as http from 'node:http';
import * as net from 'node:net';
import * as zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createSimulator, SimRequest, Simulator } from '../index';
import { RunningServer, startServer } from './node-http';
import { raw, recording, stateDump } from './test-support';

const SEED_POLICY = { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } };
const FIXED_POLICY = { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } };
const SEED_INDEX = { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } };

/** The seed story's requests up to the ERROR, as the in-process API takes them. */
/**
 * These tests are about the HTTP edge, so they run on a blank cluster: without the built-in stack
 * templates (`stack.templates.enabled: false`) whole listings such as `GET /_ilm/policy` hold only
 * what each test puts.
 */
const BLANK = { stackTemplates: false } as const;

const SEED_REQUESTS: SimRequest[] = [
  { method: 'PUT', path: '/_ilm/policy/shrink-index', body: { policy: SEED_POLICY } },
  { method: 'PUT', path: '/my-index-000001', body: SEED_INDEX },
  { method: 'POST', path: '/_sim/clock/_advance', body: { by: '5d' } },
  { method: 'POST', path: '/_sim/clock/_advance', body: { by: '1h' } },
];

async function withServer<T>(options: Parameters<typeof startServer>[1], run: (server: RunningServer, simulator: Simulator) => Promise<T>): Promise<T> {
  const simulator = createSimulator(BLANK);
  const server = await startServer(simulator, { port: 0, ...options });
  try {
    return await run(server, simulator);
  } finally {
    await server.close();
  }
}

async function expectResponseError(promise: Promise<unknown>, status: number, type: string, reason?: string): Promise<void> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'the call should fail').to.be.instanceOf(errors.ResponseError);
  const error = caught as errors.ResponseError;
  expect(error.meta.statusCode).to.equal(status);
  const body = error.meta.body as { error: { type: string; reason: string } };
  expect(body.error.type).to.equal(type);
  expect(error.message.startsWith(type)).to.equal(true);
  if (reason !== undefined) expect(body.error.reason).to.equal(reason);
}

describe('the seed story over HTTP', () => {
  let server: RunningServer;
  let client: Client;
  before(async () => {
    server = await startServer(createSimulator(BLANK), { port: 0 });
    client = new Client({ node: server.url });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('replays through the official client and answers the explain bytes the in-process simulator gives', async () => {
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: SEED_POLICY as never });
    await client.indices.create({ index: 'my-index-000001', settings: SEED_INDEX.settings as never });
    await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '5d' } });
    await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1h' } });
    const explained = await client.ilm.explainLifecycle({ index: 'my-index-000001' });
    const record = explained.indices['my-index-000001'] as unknown as Record<string, unknown>;
    expect(record['step']).to.equal('ERROR');
    expect(record['failed_step']).to.equal('shrink');
    expect(record['step_info']).to.deep.equal({
      type: 'illegal_argument_exception',
      reason: 'the number of target shards [4] must be less that the number of source shards [2]',
    });

    const inProcess = createSimulator(BLANK);
    for (const request of SEED_REQUESTS) expect(inProcess.requestSync(request).status).to.equal(200);
    for (const query of ['', '?human', '?pretty']) {
      const expected = inProcess.requestSync({ method: 'GET', path: `/my-index-000001/_ilm/explain${query}` });
      const actual = await raw(server.url, { method: 'GET', path: `/my-index-000001/_ilm/explain${query}` });
      expect(actual.status).to.equal(200);
      expect(actual.text).to.equal(expected.text);
      expect(actual.bytes.length).to.equal(Number(actual.headers['content-length']));
    }

    await client.ilm.putLifecycle({ name: 'shrink-index', policy: FIXED_POLICY as never });
    expect(await client.ilm.retry({ index: 'my-index-000001' })).to.deep.equal({ acknowledged: true });
    await client.transport.request({ method: 'POST', path: '/_sim/_settle' });
    const after = await client.ilm.explainLifecycle({ index: 'shrink-my-index-000001' });
    expect((after.indices['shrink-my-index-000001'] as unknown as Record<string, unknown>)['step']).to.not.equal('ERROR');
  });
});

describe('every ILM API through @elastic/elasticsearch', () => {
  let server: RunningServer;
  let client: Client;
  before(async () => {
    server = await startServer(createSimulator(BLANK), { port: 0 });
    client = new Client({ node: server.url });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('answers info and ping with the profile version', async () => {
    expect(await client.ping()).to.equal(true);
    const info = await client.info();
    expect(info.version.number).to.equal('7.10.2');
    expect(info.tagline).to.equal('You Know, for Search');
  });

  it('creates, reads and deletes policies, with ES errors', async () => {
    expect(await client.ilm.putLifecycle({ name: 'p1', policy: FIXED_POLICY as never })).to.deep.equal({ acknowledged: true });
    expect(await client.ilm.putLifecycle({ name: 'p2', policy: FIXED_POLICY as never })).to.deep.equal({ acknowledged: true });
    const all = await client.ilm.getLifecycle();
    expect(Object.keys(all)).to.deep.equal(['p1', 'p2']);
    expect(all['p1']!.version).to.equal(1);
    const some = await client.ilm.getLifecycle({ name: 'p2,p1' });
    expect(Object.keys(some)).to.deep.equal(['p2', 'p1']);
    await expectResponseError(client.ilm.getLifecycle({ name: 'missing' }), 404, 'resource_not_found_exception', 'Lifecycle policy not found: missing');
    await expectResponseError(
      client.ilm.getLifecycle({ name: 'p*,p1' }),
      400,
      'illegal_argument_exception',
      'wildcard only supports a single value, please use comma-separated values or a single wildcard value',
    );
    await expectResponseError(
      client.ilm.putLifecycle({ name: 'bad', policy: { phases: { warm: { actions: { nope: {} } } } } as never }),
      400,
      'x_content_parse_exception',
    );
    await client.indices.create({ index: 'uses-p2', settings: { 'index.lifecycle.name': 'p2' } as never });
    await expectResponseError(
      client.ilm.deleteLifecycle({ name: 'p2' }),
      400,
      'illegal_argument_exception',
      'Cannot delete policy [p2]. It is in use by one or more indices: [uses-p2]',
    );
    expect(await client.ilm.deleteLifecycle({ name: 'p1' })).to.deep.equal({ acknowledged: true });
    await expectResponseError(client.ilm.deleteLifecycle({ name: 'p1' }), 404, 'resource_not_found_exception', 'Lifecycle policy not found: p1');
  });

  it('explains with only_managed and only_errors, and refuses a missing index', async () => {
    await client.indices.create({ index: 'plain' });
    await client.indices.create({ index: 'dangling', settings: { 'index.lifecycle.name': 'never-defined' } as never });
    const managed = await client.ilm.explainLifecycle({ index: 'plain,uses-p2', only_managed: true });
    expect(Object.keys(managed.indices)).to.deep.equal(['uses-p2']);
    const errorsOnly = await client.ilm.explainLifecycle({ index: '*', only_errors: true });
    expect(Object.keys(errorsOnly.indices)).to.deep.equal(['dangling']);
    await expectResponseError(client.ilm.explainLifecycle({ index: 'nope' }), 404, 'index_not_found_exception', 'no such index [nope]');
  });

  it('retries only indices in ERROR', async () => {
    await expectResponseError(
      client.ilm.retry({ index: 'uses-p2' }),
      400,
      'illegal_argument_exception',
      'cannot retry an action for an index [uses-p2] that has not encountered an error when running a Lifecycle Policy',
    );
  });

  it('moves an index to a step, and refuses a wrong current step', async () => {
    const current = { phase: 'new', action: 'complete', name: 'complete' };
    expect(
      await client.ilm.moveToStep({ index: 'uses-p2', current_step: current, next_step: { phase: 'warm', action: 'complete', name: 'complete' } }),
    ).to.deep.equal({ acknowledged: true });
    const record = (await client.ilm.explainLifecycle({ index: 'uses-p2' })).indices['uses-p2'] as unknown as Record<string, unknown>;
    expect([record['phase'], record['action'], record['step']]).to.deep.equal(['warm', 'complete', 'complete']);
    await expectResponseError(
      client.ilm.moveToStep({ index: 'uses-p2', current_step: current, next_step: { phase: 'warm', action: 'complete', name: 'complete' } }),
      400,
      'illegal_argument_exception',
      'index [uses-p2] is not on current step [{"phase":"new","action":"complete","name":"complete"}], currently: [{"phase":"warm","action":"complete","name":"complete"}]',
    );
    await expectResponseError(
      client.ilm.moveToStep({ index: 'nope', current_step: current, next_step: { phase: 'warm', action: 'complete', name: 'complete' } }),
      400,
      'illegal_argument_exception',
      'index [nope] does not exist',
    );
  });

  it('removes policies, and refuses a missing index', async () => {
    expect(await client.ilm.removePolicy({ index: 'uses-p2' })).to.deep.equal({ has_failures: false, failed_indexes: [] });
    const settings = await client.indices.getSettings({ index: 'uses-p2' });
    expect((settings['uses-p2']!.settings as { index: Record<string, unknown> }).index['lifecycle']).to.equal(undefined);
    await expectResponseError(client.ilm.removePolicy({ index: 'nope' }), 404, 'index_not_found_exception');
  });

  it('stops and starts ILM', async () => {
    expect(await client.ilm.getStatus()).to.deep.equal({ operation_mode: 'RUNNING' });
    expect(await client.ilm.stop()).to.deep.equal({ acknowledged: true });
    expect(await client.ilm.getStatus()).to.deep.equal({ operation_mode: 'STOPPED' });
    expect(await client.ilm.start()).to.deep.equal({ acknowledged: true });
    expect(await client.ilm.getStatus()).to.deep.equal({ operation_mode: 'RUNNING' });
  });

  it('serves the index calls ILM users make', async () => {
    expect(await client.indices.exists({ index: 'plain' })).to.equal(true);
    expect(await client.indices.exists({ index: 'nope' })).to.equal(false);
    const index = await client.indices.get({ index: 'plain' });
    expect(Object.keys(index['plain']!)).to.deep.equal(['aliases', 'mappings', 'settings']);
    expect(await client.indices.putSettings({ index: 'plain', settings: { 'index.lifecycle.name': 'p2' } as never })).to.deep.equal({
      acknowledged: true,
    });
    const settings = await client.indices.getSettings({ index: 'plain', name: 'index.lifecycle.*' });
    expect(settings).to.deep.equal({ plain: { settings: { index: { lifecycle: { name: 'p2' } } } } });
    await expectResponseError(client.indices.create({ index: 'plain' }), 400, 'resource_already_exists_exception');
    await expectResponseError(client.indices.create({ index: 'Bad' }), 400, 'invalid_index_name_exception');
    expect(await client.indices.delete({ index: 'plain' })).to.deep.equal({ acknowledged: true });
    await expectResponseError(client.indices.delete({ index: 'plain' }), 404, 'index_not_found_exception');
  });
});

describe('raw HTTP', () => {
  it('sends the product header and JSON content type, and exact error bytes', () =>
    withServer({}, async (server) => {
      const missing = await raw(server.url, { method: 'GET', path: '/nope/_ilm/explain' });
      expect(missing.status).to.equal(404);
      expect(missing.headers['x-elastic-product']).to.equal('Elasticsearch');
      expect(missing.headers['content-type']).to.equal('application/json; charset=UTF-8');
      expect(missing.text).to.equal(
        '{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]","resource.type":"index_or_alias","resource.id":"nope","index_uuid":"_na_","index":"nope"}],"type":"index_not_found_exception","reason":"no such index [nope]","resource.type":"index_or_alias","resource.id":"nope","index_uuid":"_na_","index":"nope"},"status":404}',
      );
      const wrongMethod = await raw(server.url, { method: 'POST', path: '/_ilm/status' });
      expect(wrongMethod.status).to.equal(405);
      expect(wrongMethod.headers['allow']).to.equal('GET');
      expect(wrongMethod.text).to.equal('{"error":"Incorrect HTTP method for uri [/_ilm/status] and method [POST], allowed: [GET]","status":405}');
      const noHandler = await raw(server.url, { method: 'GET', path: '/_nothing/here/at/all' });
      expect(noHandler.status).to.equal(400);
      expect(noHandler.text).to.equal('{"error":"no handler found for uri [/_nothing/here/at/all] and method [GET]"}');
      const status = await raw(server.url, { method: 'GET', path: '/_ilm/status' });
      expect(status.text).to.equal('{"operation_mode":"RUNNING"}');
      expect(status.headers['date']).to.equal(undefined);
    }));

  it('answers HEAD / with the length of the GET body and no body', () =>
    withServer({}, async (server) => {
      const get = await raw(server.url, { method: 'GET', path: '/' });
      expect(get.text.startsWith('{\n  "name" : "ilm-sim",')).to.equal(true);
      const head = await raw(server.url, { method: 'HEAD', path: '/' });
      expect(head.status).to.equal(200);
      expect(head.bytes.length).to.equal(0);
      expect(head.headers['content-length']).to.equal(String(get.bytes.length));
      expect(head.headers['x-elastic-product']).to.equal('Elasticsearch');
    }));

  it('applies ?filter_path and ?pretty as ES does', () =>
    withServer({}, async (server, simulator) => {
      for (const request of SEED_REQUESTS) simulator.requestSync(request);
      const filtered = await raw(server.url, { method: 'GET', path: '/my-index-000001/_ilm/explain?filter_path=indices.*.step,indices.*.failed_step' });
      expect(filtered.text).to.equal('{"indices":{"my-index-000001":{"step":"ERROR","failed_step":"shrink"}}}');
      const excluded = await raw(server.url, { method: 'GET', path: '/_ilm/policy?filter_path=-*.policy,-*.modified_date' });
      expect(excluded.text).to.equal('{"shrink-index":{"version":1}}');
      const nothing = await raw(server.url, { method: 'GET', path: '/_ilm/status?filter_path=nothing' });
      expect(nothing.text).to.equal('{}');
      const pretty = await raw(server.url, { method: 'GET', path: '/_ilm/status?pretty' });
      expect(pretty.text).to.equal('{\n  "operation_mode" : "RUNNING"\n}\n');
    }));

  it('accepts the compatible-with media types the ES client sends, and refuses mismatched ones', () =>
    withServer({}, async (server) => {
      const versioned = 'application/vnd.elasticsearch+json; compatible-with=9';
      const ok = await raw(server.url, {
        method: 'PUT',
        path: '/_ilm/policy/p',
        headers: { 'content-type': versioned, accept: `${versioned},text/plain` },
        body: JSON.stringify({ policy: FIXED_POLICY }),
      });
      expect(ok.text).to.equal('{"acknowledged":true}');
      const mismatched = await raw(server.url, {
        method: 'PUT',
        path: '/_ilm/policy/p',
        headers: { 'content-type': versioned, accept: 'application/vnd.elasticsearch+json; compatible-with=8' },
        body: JSON.stringify({ policy: FIXED_POLICY }),
      });
      expect(mismatched.status).to.equal(400);
      expect(JSON.parse(mismatched.text).error.type).to.equal('media_type_header_exception');
      expect(JSON.parse(mismatched.text).error.caused_by.type).to.equal('status_exception');
    }));
});

describe('issue 14, item 4: _bulk takes the NDJSON media types the official clients send', () => {
  const lines = '{"index":{"_index":"logs"}}\n{"message":"a"}\n';
  for (const contentType of [
    'application/x-ndjson',
    'application/x-ndjson; charset=UTF-8',
    'application/vnd.elasticsearch+x-ndjson; compatible-with=8',
    'application/vnd.elasticsearch+x-ndjson;compatible-with=9',
  ]) {
    it(contentType, () =>
      withServer({}, async (server) => {
        const versioned = /compatible-with=(\d)/.exec(contentType)?.[1];
        const accept = versioned === undefined ? 'application/json' : `application/vnd.elasticsearch+json; compatible-with=${versioned},text/plain`;
        const answer = await raw(server.url, { method: 'POST', path: '/_bulk', headers: { 'content-type': contentType, accept }, body: lines });
        expect(answer.status).to.equal(200);
        expect(JSON.parse(answer.text).errors).to.equal(false);
      }),
    );
  }
  it('still refuses a text/plain body, and NDJSON with a mismatched compatible version', () =>
    withServer({}, async (server) => {
      const plain = await raw(server.url, { method: 'POST', path: '/_bulk', headers: { 'content-type': 'text/plain' }, body: lines });
      expect(plain.text).to.equal('{"error":"Content-Type header [text/plain] is not supported","status":406}');
      const mismatched = await raw(server.url, {
        method: 'POST',
        path: '/_bulk',
        headers: {
          'content-type': 'application/vnd.elasticsearch+x-ndjson; compatible-with=9',
          accept: 'application/vnd.elasticsearch+json; compatible-with=8',
        },
        body: lines,
      });
      expect(JSON.parse(mismatched.text).error.type).to.equal('media_type_header_exception');
    }));
});

describe('bad input over HTTP', () => {
  /** Sends a bad request, checks ES's answer, and checks nothing changed and the server still serves. */
  async function refusedWithoutChange(
    server: RunningServer,
    simulator: Simulator,
    send: () => Promise<{ status: number; text: string }>,
    status: number,
    check: (text: string) => void,
  ): Promise<void> {
    const before = stateDump(simulator);
    const response = await send();
    expect(response.status, response.text).to.equal(status);
    check(response.text);
    expect(stateDump(simulator)).to.equal(before);
    const still = await raw(server.url, { method: 'GET', path: '/_ilm/status' });
    expect(still.status).to.equal(200);
  }

  const errorType = (type: string) => (text: string) => expect(JSON.parse(text).error.type).to.equal(type);

  it('refuses each bad request with ES status and body, changing nothing', () =>
    withServer({ maxContentLengthBytes: 4096 }, async (server, simulator) => {
      for (const request of SEED_REQUESTS) simulator.requestSync(request);
      const put = (body: string | Buffer, headers?: Record<string, string>) => () =>
        raw(server.url, { method: 'PUT', path: '/_ilm/policy/shrink-index', body, ...(headers ? { headers } : {}) });
      await refusedWithoutChange(server, simulator, put('{"policy": {"phases": '), 400, errorType('x_content_parse_exception'));
      // Jackson's error, however the object parsers wrap it (the engine decides the chain).
      await refusedWithoutChange(server, simulator, put('{bad json'), 400, (text) => expect(text).to.include('"type":"json_parse_exception"'));
      await refusedWithoutChange(
        server,
        simulator,
        () => raw(server.url, { method: 'PUT', path: '/_ilm/policy/x' }),
        400,
        (text) =>
          expect(text).to.equal(
            '{"error":{"root_cause":[{"type":"parse_exception","reason":"request body is required"}],"type":"parse_exception","reason":"request body is required"},"status":400}',
          ),
      );
      await refusedWithoutChange(server, simulator, put('[1, 2]'), 400, errorType('x_content_parse_exception'));
      await refusedWithoutChange(server, simulator, put('"text"'), 400, errorType('x_content_parse_exception'));
      await refusedWithoutChange(
        server,
        simulator,
        put(Buffer.concat([Buffer.from('{"policy":{"phases":{"warm":{"min_age":"'), Buffer.from([0xff, 0xfe]), Buffer.from('5d","actions":{}}}}}')])),
        400,
        (text) => {
          const error = JSON.parse(text).error;
          expect(error.type).to.equal('json_parse_exception');
          expect(error.reason.startsWith('Invalid UTF-8 start byte 0xff')).to.equal(true);
        },
      );
      await refusedWithoutChange(server, simulator, put(JSON.stringify({ policy: FIXED_POLICY }), { 'content-type': 'text/plain' }), 406, (text) =>
        expect(text).to.equal('{"error":"Content-Type header [text/plain] is not supported","status":406}'),
      );
      await refusedWithoutChange(
        server,
        simulator,
        () => raw(server.url, { method: 'GET', path: '/my-index-000001/_ilm/explain?only_manged=true' }),
        400,
        (text) =>
          expect(JSON.parse(text).error.reason).to.equal(
            'request [/my-index-000001/_ilm/explain] contains unrecognized parameter: [only_manged] -> did you mean [only_managed]?',
          ),
      );
      await refusedWithoutChange(
        server,
        simulator,
        () => raw(server.url, { method: 'POST', path: '/_ilm/stop', body: '{}' }),
        400,
        (text) => expect(JSON.parse(text).error.reason).to.equal('request [POST /_ilm/stop] does not support having a body'),
      );
      await refusedWithoutChange(server, simulator, put(JSON.stringify({ policy: FIXED_POLICY, pad: 'x'.repeat(5000) })), 413, (text) =>
        expect(text).to.equal(''),
      );
    }));

  it('answers 413 to a body over the default 100mb from its declared length alone', () =>
    withServer({}, async (server, simulator) => {
      const before = stateDump(simulator);
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(new URL('/_ilm/policy/huge', server.url), {
          method: 'PUT',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024 + 1) },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(status).to.equal(413);
      expect(stateDump(simulator)).to.equal(before);
      expect((await raw(server.url, { method: 'GET', path: '/' })).status).to.equal(200);
    }));

  it('applies nothing from a client that disconnects mid-request', () =>
    withServer({}, async (server, simulator) => {
      const before = stateDump(simulator);
      const body = JSON.stringify({ policy: FIXED_POLICY });
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => {
          socket.write(
            `PUT /_ilm/policy/half HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
            () => {
              socket.destroy();
              resolve();
            },
          );
        });
        socket.on('error', reject);
      });
      expect((await raw(server.url, { method: 'GET', path: '/_ilm/policy' })).text).to.equal('{}');
      expect(stateDump(simulator)).to.equal(before);
    }));

  it('answers 400 to a request line it cannot parse, and keeps serving', () =>
    withServer({}, async (server) => {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, '127.0.0.1', () => socket.write('THIS IS NOT HTTP\r\n\r\n'));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
      expect(answer.startsWith('HTTP/1.1 400 Bad Request')).to.equal(true);
      expect((await raw(server.url, { method: 'GET', path: '/_ilm/status' })).status).to.equal(200);
    }));
});

describe('issue 14, item 8: pipelined requests keep their answers when a later one is malformed', () => {
  /** Writes `text` on one socket and reads everything the server sends until it closes. */
  function exchange(port: number, text: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }
  const put = (name: string): string => {
    const body = JSON.stringify({ policy: FIXED_POLICY });
    return `PUT /_ilm/policy/${name} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
  };

  it('answers every applied request, in order, then 400 for the garbage line', () =>
    withServer({}, async (server, simulator) => {
      const answer = await exchange(server.port, `${put('p1')}${put('p2')}${put('p3')}THIS IS NOT HTTP\r\n\r\n`);
      const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      expect(statuses).to.deep.equal(['200', '200', '200', '400']);
      expect(answer.split('{"acknowledged":true}').length - 1).to.equal(3);
      expect(Object.keys(simulator.requestSync({ method: 'GET', path: '/_ilm/policy' }).body as object)).to.deep.equal(['p1', 'p2', 'p3']);
    }));

  it('answers 400 at once when the garbage cuts a request short, and applies nothing of it', () =>
    withServer({}, async (server, simulator) => {
      const answer = await exchange(server.port, `${put('p1')}PUT /_ilm/policy/p2 HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\nbad header line\r\n\r\n`);
      const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      expect(statuses).to.deep.equal(['200', '400']);
      expect(Object.keys(simulator.requestSync({ method: 'GET', path: '/_ilm/policy' }).body as object)).to.deep.equal(['p1']);
    }));
});

describe('issue 14, item 11: compressed request bodies and OPTIONS over HTTP', () => {
  const policy = JSON.stringify({ policy: FIXED_POLICY });
  it('decompresses gzip and deflate bodies as ES does, and passes other encodings through', () =>
    withServer({}, async (server, simulator) => {
      for (const [name, encoding, bytes] of [
        ['g', 'gzip', zlib.gzipSync(policy)],
        ['x', 'x-gzip', zlib.gzipSync(policy)],
        ['d', 'deflate', zlib.deflateSync(policy)],
        ['i', 'identity', Buffer.from(policy)],
      ] as const) {
        const answer = await raw(server.url, {
          method: 'PUT',
          path: `/_ilm/policy/${name}`,
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body: bytes,
        });
        expect(answer.text, encoding).to.equal('{"acknowledged":true}');
      }
      expect(Object.keys(simulator.requestSync({ method: 'GET', path: '/_ilm/policy' }).body as object).sort()).to.deep.equal(['d', 'g', 'i', 'x']);
    }));

  it('refuses a body that does not decompress, and one that decompresses past the limit, applying nothing', () =>
    withServer({ maxContentLengthBytes: 1000 }, async (server, simulator) => {
      const before = stateDump(simulator);
      const broken = await raw(server.url, {
        method: 'PUT',
        path: '/_ilm/policy/b',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: Buffer.from('not gzip'),
      });
      expect(broken.status).to.equal(400);
      const bomb = zlib.gzipSync(JSON.stringify({ policy: FIXED_POLICY, pad: ' '.repeat(100_000) }));
      expect(bomb.length).to.be.below(1000);
      const large = await raw(server.url, {
        method: 'PUT',
        path: '/_ilm/policy/b',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: bomb,
      });
      expect(large.status).to.equal(413);
      expect(stateDump(simulator)).to.equal(before);
    }));

  it('answers OPTIONS 200 with Allow and an empty body', () =>
    withServer({}, async (server) => {
      const answer = await raw(server.url, { method: 'OPTIONS', path: '/_ilm/policy/p' });
      expect(answer.status).to.equal(200);
      expect(answer.headers['allow']).to.equal('GET,PUT,DELETE');
      expect(answer.text).to.equal('');
    }));
});

describe('many clients at once', () => {
  it('ends in the state the same requests give when applied one by one, in the order the server applied them', async () => {
    const { simulator, log } = recording(createSimulator(BLANK));
    const server = await startServer(simulator, { port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    try {
      await raw(server.url, { method: 'PUT', path: '/_ilm/policy/shrink-index', body: JSON.stringify({ policy: SEED_POLICY }), agent });
      const clients = Array.from({ length: 8 }, async (_, c) => {
        for (let i = 0; i < 6; i++) {
          const name = `c${c}-${i}`;
          await Promise.all([
            raw(server.url, { method: 'PUT', path: `/${name}`, body: JSON.stringify(SEED_INDEX), agent }),
            raw(server.url, { method: 'POST', path: '/_sim/clock/_advance', body: JSON.stringify({ by: `${(c + 1) * 7}h` }), agent }),
            raw(server.url, { method: 'GET', path: '/_all/_ilm/explain', agent }),
          ]);
          if (i % 2 === 1) await raw(server.url, { method: 'PUT', path: '/_ilm/policy/shrink-index', body: JSON.stringify({ policy: FIXED_POLICY }), agent });
          if (i === 3) await raw(server.url, { method: 'POST', path: `/c${c}-0/_ilm/retry`, agent });
        }
      });
      await Promise.all(clients);
    } finally {
      agent.destroy();
      await server.close();
    }
    const replay = createSimulator(BLANK);
    for (const request of log) replay.requestSync(request);
    expect(log.length).to.equal(1 + 8 * (6 * 3 + 3 + 1));
    expect(stateDump(replay)).to.equal(stateDump(simulator));
  });
});

describe('closing', () => {
  it('finishes, drops idle keep-alive connections, and refuses new ones', async () => {
    const server = await startServer(createSimulator(BLANK), { port: 0 });
    const agent = new http.Agent({ keepAlive: true });
    expect((await raw(server.url, { method: 'GET', path: '/', agent })).status).to.equal(200);
    await server.close();
    await server.close(); // closing twice is harmless
    agent.destroy();
    let refused: unknown = null;
    try {
      await raw(server.url, { method: 'GET', path: '/' });
    } catch (error) {
      refused = error;
    }
    expect((refused as NodeJS.ErrnoException | null)?.code).to.equal('ECONNREFUSED');
  });

  it('reports a port in use', async () => {
    const first = await startServer(createSimulator(BLANK), { port: 0 });
    try {
      let failure: unknown = null;
      try {
        await startServer(createSimulator(BLANK), { port: first.port });
      } catch (error) {
        failure = error;
      }
      expect((failure as NodeJS.ErrnoException | null)?.code).to.equal('EADDRINUSE');
    } finally {
      await first.close();
    }
  });
});
