/**
 * Recording sessions in process: the header and line layout of the NDJSON format, every kind of body
 * (string, plain value, UTF-8 bytes, other bytes), which request headers are kept, a request that
 * throws, and that the wrapper answers exactly as the simulator it wraps.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createSimulator, Simulator } from '../index';
import { createRecorder, recordTo } from './recorder';
import { parseRecording, RECORDED_REQUEST_HEADERS, toRecordedRequest, toSimRequest } from './recording-format';

const JSON_HEADERS = '{"content-type":"application/json; charset=UTF-8","x-elastic-product":"Elasticsearch"}';

function lines(text: string): unknown[] {
  expect(text.endsWith('\n')).to.equal(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe('createRecorder: the NDJSON a session produces', () => {
  it('writes a header with the options (startTime as given and as millis) and the format version', () => {
    const sim = createRecorder(createSimulator({ startTime: '2030-06-01T12:00:00Z', seed: 42, pollInterval: '1h', profile: '6.6' }));
    expect(sim.recording()).to.equal(
      '{"format":"ilm-sim-recording","version":1,"options":{"profile":"6.6","startTime":"2030-06-01T12:00:00Z",' +
        '"startMillis":1906545600000,"pollInterval":"1h","seed":42}}\n',
    );
    expect(sim.recordedRequests).to.equal(0);
    const millis = createRecorder(createSimulator({ startTime: 0 }));
    expect(lines(millis.recording())[0]).to.deep.include({
      options: { profile: '7.10', startTime: 0, startMillis: 0, pollInterval: '10m', seed: 0 },
    });
  });

  it('writes one line per request: method, path, body text, and the response status, headers and text', () => {
    const sim = createRecorder(createSimulator());
    sim.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } });
    sim.requestSync({ method: 'GET', path: '/_sim/clock' });
    expect(sim.recordedRequests).to.equal(2);
    const [, advance, clock] = sim.recording().split('\n');
    expect(advance).to.equal(
      '{"method":"POST","path":"/_sim/clock/_advance","body":"{\\"by\\":\\"1d\\"}","response":{"status":200,' +
        `"headers":${JSON_HEADERS},"text":"{\\"now_millis\\":1704153600000,\\"now\\":\\"2024-01-02T00:00:00.000Z\\"}"}}`,
    );
    expect(clock).to.equal(
      `{"method":"GET","path":"/_sim/clock","response":{"status":200,"headers":${JSON_HEADERS},` +
        '"text":"{\\"now_millis\\":1704153600000,\\"now\\":\\"2024-01-02T00:00:00.000Z\\"}"}}',
    );
  });

  it('answers exactly as the simulator it wraps, through request and requestSync', async () => {
    const plain = createSimulator();
    const recorded = createRecorder(createSimulator());
    const requests = [
      { method: 'PUT', path: '/_ilm/policy/p', body: '{"policy":{"phases":{"delete":{"min_age":"1d","actions":{"delete":{}}}}}}' },
      { method: 'PUT', path: '/idx', body: { settings: { 'index.lifecycle.name': 'p' } } },
      { method: 'GET', path: '/idx/_ilm/explain?human' },
      { method: 'DELETE', path: '/_sim/clock' },
    ];
    for (const request of requests) {
      expect(await recorded.request(request)).to.deep.equal(plain.requestSync(request));
    }
    expect(recorded.profile).to.equal(plain.profile);
    expect(recorded.options).to.deep.equal(plain.options);
    expect(recorded.recordedRequests).to.equal(4);
  });

  it('gives byte-identical recordings for the same options and requests (no wall-clock time anywhere)', () => {
    const session = (): string => {
      const sim = createRecorder(createSimulator({ seed: 3 }));
      sim.requestSync({ method: 'PUT', path: '/a', body: {} });
      sim.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '400d' } });
      sim.requestSync({ method: 'GET', path: '/a/_settings' });
      return sim.recording();
    };
    expect(session()).to.equal(session());
  });
});

describe('request bodies and headers as recorded', () => {
  it('keeps a string body as it was, even empty or not JSON', () => {
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: '{ "x" :1 }' })).to.deep.equal({ method: 'PUT', path: '/a', body: '{ "x" :1 }' });
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: '' })).to.deep.equal({ method: 'PUT', path: '/a', body: '' });
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: 'not json' })).to.deep.equal({ method: 'PUT', path: '/a', body: 'not json' });
  });

  it('writes a plain value as the JSON text the simulator reads, and leaves out null and undefined', () => {
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: { b: [1, 'x'] } }).body).to.equal('{"b":[1,"x"]}');
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: 0 }).body).to.equal('0');
    expect(toRecordedRequest({ method: 'GET', path: '/a', body: null })).to.deep.equal({ method: 'GET', path: '/a' });
    expect(toRecordedRequest({ method: 'GET', path: '/a' })).to.deep.equal({ method: 'GET', path: '/a' });
  });

  it('keeps UTF-8 bytes as text and any other bytes (invalid UTF-8, a byte order mark) as base64', () => {
    const utf8 = new TextEncoder().encode('{"name":"ünï"}');
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: utf8 }).body).to.equal('{"name":"ünï"}');
    const invalid = new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
    const recorded = toRecordedRequest({ method: 'PUT', path: '/a', body: invalid });
    expect(recorded).to.deep.equal({ method: 'PUT', path: '/a', bodyBase64: 'eyLDKCJ9' });
    expect(toSimRequest(recorded).body).to.deep.equal(invalid);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: bom }).bodyBase64).to.equal('77u/e30=');
    // A view into a larger buffer records only its own bytes.
    const view = new Uint8Array([0x78, 0x78, 0xff, 0x7b, 0x7d, 0x78]).subarray(2, 5);
    expect(toRecordedRequest({ method: 'PUT', path: '/a', body: view }).bodyBase64).to.equal(Buffer.from([0xff, 0x7b, 0x7d]).toString('base64'));
  });

  it(`keeps only the headers that change answers (${RECORDED_REQUEST_HEADERS.join(', ')}), and that there were headers`, () => {
    const recorded = toRecordedRequest({
      method: 'PUT',
      path: '/a',
      body: '{}',
      headers: {
        Host: 'localhost:9200',
        'Content-Type': 'application/json',
        'user-agent': 'curl',
        accept: ['a/b', 'c/d'],
        'x-opaque-id': 'x',
        'content-length': '2',
      },
    });
    expect(recorded.headers).to.deep.equal({ 'Content-Type': 'application/json', accept: ['a/b', 'c/d'] });
    expect(toRecordedRequest({ method: 'GET', path: '/', headers: { host: 'h' } }).headers).to.deep.equal({});
    expect(toRecordedRequest({ method: 'GET', path: '/' })).to.not.have.property('headers');
  });

  it('refuses, before applying it, a body that has no JSON text', () => {
    const sim = createRecorder(createSimulator());
    expect(() => sim.requestSync({ method: 'PUT', path: '/a', body: { n: 1n } })).to.throw(TypeError, /cannot be written as JSON/);
    expect(sim.requestSync({ method: 'HEAD', path: '/a' }).status).to.equal(404);
    expect(sim.recordedRequests).to.equal(1);
  });
});

describe('recordTo: a sink per line, and requests that throw', () => {
  it('hands the header to the sink at once and each request as it is applied', () => {
    const seen: string[] = [];
    const sim = recordTo(createSimulator(), (line) => seen.push(line));
    expect(seen).to.have.length(1);
    sim.requestSync({ method: 'GET', path: '/_sim/clock' });
    expect(seen).to.have.length(2);
    expect(JSON.parse(seen[1]!)).to.deep.include({ method: 'GET', path: '/_sim/clock' });
  });

  it('records the message of a request that throws, and rethrows it unchanged', () => {
    const real = createSimulator();
    const failure = new Error('invariant broken: no such step');
    const broken: Simulator = {
      ...real,
      requestSync: () => {
        throw failure;
      },
    };
    const seen: string[] = [];
    const sim = recordTo(broken, (line) => seen.push(line));
    expect(() => sim.requestSync({ method: 'POST', path: '/_sim/_settle' })).to.throw(failure);
    expect(seen[1]).to.equal('{"method":"POST","path":"/_sim/_settle","thrown":"invariant broken: no such step"}');
    const { entries } = parseRecording(`${seen.join('\n')}\n`);
    expect(entries[0]!.outcome).to.deep.equal({ kind: 'thrown', message: 'invariant broken: no such step' });
  });
});
