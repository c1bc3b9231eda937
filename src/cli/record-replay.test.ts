/**
 * `ilm-sim serve --record FILE` and `ilm-sim replay FILE` driven as functions (and once as a real
 * process killed mid-session): a session recorded over HTTP replays identically in process; replay's
 * exit codes and output for identical, tampered, malformed and unreadable files; the usage errors.
 * Waits are on the CLI's own output and on responses, never on timers.
 */
import { Client } from '@elastic/elasticsearch';
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseRecording } from '../record/recording-format';
import { replayRecording } from '../record/replay';
import { recordSeedSession, SEED_SESSION } from '../record/test-support';
import { raw } from '../server/test-support';
import { main } from './main';
import { Capture } from './test-support';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilm-sim-record-replay-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function tempFile(contents?: string | Buffer): string {
  const file = path.join(dir, `recording-${++fileCount}.ndjson`);
  if (contents !== undefined) fs.writeFileSync(file, contents);
  return file;
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new Capture();
  const err = new Capture();
  const code = await main(argv, out, err, {});
  return { code, out: out.text, err: err.text };
}

const SHRINK_4 = { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } };
const SHRINK_1 = { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } };
const J = { 'content-type': 'application/json' };

/** The seed story and some refusals over HTTP: the official client, raw requests with odd headers and bytes. */
async function httpSession(url: string): Promise<number> {
  const client = new Client({ node: url });
  let count = 0;
  const send = async (request: Parameters<typeof raw>[1]): Promise<void> => {
    await raw(url, request);
    count++;
  };
  try {
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: SHRINK_4 as never });
    count++;
    await send({ method: 'PUT', path: '/my-index-000001', body: '{"settings":{"index.number_of_shards":2,"index.lifecycle.name":"shrink-index"}}' });
    await send({ method: 'POST', path: '/_sim/clock/_advance', body: '{"by":"7344m"}' });
    await client.ilm.explainLifecycle({ index: 'my-index-000001' });
    count++;
    await send({ method: 'GET', path: '/my-index-000001/_ilm/explain?pretty&human' });
    await send({ method: 'PUT', path: '/other', headers: { 'content-type': 'text/plain' }, body: '{}' }); // 406
    await send({ method: 'PUT', path: '/other', body: '{}' }); // now with a JSON content type
    await send({ method: 'PUT', path: '/latin1', body: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]) }); // invalid UTF-8
    await send({ method: 'PUT', path: '/_ilm/policy/p', headers: { ...J, accept: 'application/vnd.elasticsearch+json; compatible-with=8' }, body: '{}' });
    await send({ method: 'DELETE', path: '/_sim/clock' }); // 405
    await send({ method: 'HEAD', path: '/my-index-000001' });
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: SHRINK_1 as never });
    count++;
    await client.ilm.retry({ index: 'my-index-000001' });
    count++;
    await send({ method: 'POST', path: '/_sim/_settle' });
    await send({ method: 'POST', path: '/_sim/clock/_advance', headers: J, body: '{"by":"1d"}' });
    await send({ method: 'GET', path: '/shrink-my-index-000001/_ilm/explain' });
  } finally {
    await client.close();
  }
  return count;
}

/** Sends the HTTP session to the server `out` announced and checks the recording in `file` as it stands. */
async function recordAndCheck(file: string, out: Capture): Promise<void> {
  const [, url] = (await out.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/)) as [string, string];
  expect(out.text).to.include(`  recording to ${file}\n`);
  const requests = await httpSession(url);
  // Every request is in the file while the server still runs: a kill now would leave a valid recording.
  const live = fs.readFileSync(file, 'utf8');
  const { header, entries } = parseRecording(live);
  expect(header.options).to.deep.equal({ profile: '7.10', startTime: 1900000000000, startMillis: 1900000000000, pollInterval: '5m', seed: 5 });
  expect(entries).to.have.length(requests);
  expect(replayRecording(live)).to.deep.include({ identical: true, requests });

  // What the recording kept of the HTTP requests.
  const byPath = (p: string, method = 'PUT') => entries.find((e) => e.request.path === p && e.request.method === method)!;
  expect(entries[0]!.request.headers).to.deep.equal({
    'content-type': 'application/vnd.elasticsearch+json; compatible-with=9',
    accept: 'application/vnd.elasticsearch+json; compatible-with=9',
  });
  expect(byPath('/other').request.headers).to.deep.equal({ 'content-type': 'text/plain' });
  expect(byPath('/other').outcome).to.deep.include({ status: 406 });
  expect(entries.filter((e) => e.request.path === '/other')[1]!.outcome).to.deep.include({ status: 200 });
  expect(byPath('/_sim/_settle', 'POST').request.headers).to.deep.equal({}); // headers, none that matter
  expect(byPath('/latin1').request.bodyBase64).to.equal('eyLpIn0=');
  expect(byPath('/_ilm/policy/p').outcome).to.deep.include({ status: 400 });
  expect(byPath('/my-index-000001', 'HEAD').outcome).to.deep.include({ status: 200, text: '' });
  const last = entries.at(-1)!.outcome;
  expect(last.kind === 'response' ? last.text : '')
    .to.include('"step":"')
    .and.not.include('ERROR');

  const replayed = await run(['replay', file]);
  expect(replayed).to.deep.equal({
    code: 0,
    out: `ilm-sim replay: ${requests} requests from ${file} replayed, every response identical (profile 7.10, clock started 2030-03-17T17:46:40.000Z, poll interval 5m, seed 5)\n`,
    err: '',
  });
}

describe('ilm-sim serve --record', () => {
  it('records a session over HTTP, line by line as it is applied, and the recording replays identically in process', async () => {
    const file = tempFile();
    const out = new Capture();
    const err = new Capture();
    const stop = new AbortController();
    const argv = ['serve', '--port', '0', '--record', file, '--seed', '5', '--start-time', '1900000000000', '--poll-interval', '5m'];
    const exit = main(argv, out, err, {}, { stop: stop.signal });
    try {
      await recordAndCheck(file, out);
    } finally {
      stop.abort();
    }
    expect(await exit).to.equal(0);
    expect(err.text).to.equal('');
    expect(out.text).to.match(/ilm-sim stopped \(stop\)\n$/);
  });

  it('a server killed with SIGKILL leaves a recording that replays', async () => {
    const file = tempFile();
    const bin = path.join(__dirname, '..', '..', 'bin', 'ilm-sim.js');
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--record', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = new Capture();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => out.write(chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    try {
      const [, url] = (await out.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/)) as [string, string];
      const requests = await httpSession(url);
      child.kill('SIGKILL');
      expect(await exited).to.equal('SIGKILL');
      expect(replayRecording(fs.readFileSync(file, 'utf8'))).to.deep.include({ identical: true, requests });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  // Issue 14, item 10: a signal to `npx ilm-sim serve` ended npm and its shell and left the server
  // running. Here a stand-in for npm starts the bin as npm would (npm_command set) and is killed.
  it('a server started by npm stops when npm goes away', async () => {
    const bin = path.join(__dirname, '..', '..', 'bin', 'ilm-sim.js');
    const npm = `require('node:child_process').spawn(process.execPath, [${JSON.stringify(bin)}, 'serve', '--port', '0'], { stdio: 'inherit', env: { ...process.env, npm_command: 'exec' } });`;
    const parent = spawn(process.execPath, ['-e', npm], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = new Capture();
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => out.write(chunk));
    // The pipe ends once the server, the last process writing to it, has exited.
    const ended = new Promise<void>((resolve) => parent.stdout.on('end', () => resolve()));
    try {
      await out.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+\n/);
      parent.kill('SIGKILL');
      await ended;
      expect(out.text).to.match(/ilm-sim stopped \(npm exited\)\n$/);
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
    }
  });

  it('cannot create the file: exit 1, nothing announced', async () => {
    const result = await run(['serve', '--port', '0', '--record', path.join(dir, 'missing-dir', 'x.ndjson')]);
    expect(result.code).to.equal(1);
    expect(result.err).to.match(/^ilm-sim: cannot record to .*missing-dir.*ENOENT/);
    expect(result.out).to.equal('');
  });

  it('a write that fails stops the server with exit 1', { skip: !fs.existsSync('/dev/full') }, async () => {
    const result = await run(['serve', '--port', '0', '--record', '/dev/full', '--overwrite']);
    expect(result.code).to.equal(1);
    expect(result.err).to.match(/^ilm-sim: recording to \/dev\/full failed, stopping: ENOSPC/);
  });
});

// Issue 14, item 9: the file was emptied before the server listened (a busy port left a long
// recording as its header) and symbolic links were followed.
describe('ilm-sim serve --record never destroys a file it was not told to replace', () => {
  const EARLIER = 'an earlier recording\n';

  it('refuses an existing file without --overwrite, and leaves it as it was', async () => {
    const file = tempFile(EARLIER);
    const result = await run(['serve', '--port', '0', '--record', file]);
    expect(result.code).to.equal(1);
    expect(result.err).to.match(/^ilm-sim: cannot record to .*: EEXIST.*add --overwrite to replace it/);
    expect(result.out).to.equal('');
    expect(fs.readFileSync(file, 'utf8')).to.equal(EARLIER);
  });

  it('never writes through a symbolic link, with or without --overwrite', async () => {
    const target = tempFile(EARLIER);
    const link = path.join(dir, `link-${++fileCount}.ndjson`);
    fs.symlinkSync(target, link);
    for (const extra of [[], ['--overwrite']]) {
      const result = await run(['serve', '--port', '0', '--record', link, ...extra]);
      expect(result.code, extra.join(' ')).to.equal(1);
      expect(result.err).to.match(/^ilm-sim: cannot record to .*: (EEXIST|ELOOP)/);
    }
    expect(fs.readFileSync(target, 'utf8')).to.equal(EARLIER);
  });

  it('opens the file only once listening works: a busy port leaves it untouched, even with --overwrite', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((busy.address() as net.AddressInfo).port);
      const file = tempFile(EARLIER);
      const result = await run(['serve', '--port', port, '--record', file, '--overwrite']);
      expect(result.code).to.equal(1);
      expect(result.err).to.match(/cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE/);
      expect(fs.readFileSync(file, 'utf8')).to.equal(EARLIER);
      const fresh = path.join(dir, `never-created-${++fileCount}.ndjson`);
      expect((await run(['serve', '--port', port, '--record', fresh])).code).to.equal(1);
      expect(fs.existsSync(fresh)).to.equal(false);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });

  it('replaces an existing file with --overwrite', async () => {
    const file = tempFile(EARLIER);
    const stop = new AbortController();
    const out = new Capture();
    const running = main(['serve', '--port', '0', '--record', file, '--overwrite'], out, new Capture(), {}, { stop: stop.signal });
    await out.waitFor(/recording to /);
    stop.abort();
    expect(await running).to.equal(0);
    expect(fs.readFileSync(file, 'utf8')).to.match(/^\{"format":"ilm-sim-recording"/);
  });

  it('--overwrite without --record is a usage error', async () => {
    const result = await run(['serve', '--overwrite']);
    expect(result.code).to.equal(2);
    expect(result.err).to.equal('ilm-sim: --overwrite goes with --record\n');
  });
});

describe('ilm-sim replay', () => {
  const good = recordSeedSession();

  it('exit 0 and a one-line summary when every response is identical', async () => {
    const file = tempFile(good);
    expect(await run(['replay', file])).to.deep.equal({
      code: 0,
      out: `ilm-sim replay: ${SEED_SESSION.length} requests from ${file} replayed, every response identical (profile 7.10, clock started 2024-01-01T00:00:00.000Z, poll interval 10m, seed 0)\n`,
      err: '',
    });
  });

  it('exit 1 and the first difference on stdout: line, request, status and a caret in the text', async () => {
    const file = tempFile(good.replace('"step\\":\\"ERROR\\"', '"step\\":\\"ERRAR\\"'));
    const result = await run(['replay', file]);
    expect(result.code).to.equal(1);
    expect(result.err).to.equal('');
    const lines = result.out.split('\n');
    expect(lines[0]).to.equal(
      `ilm-sim replay: ${file}: 6 requests identical, then a difference at line 8 (request 7 of ${SEED_SESSION.length}): GET /my-index-000001/_ilm/explain?human`,
    );
    expect(lines[1]).to.equal('  status: expected 200, actual 200');
    expect(lines[4]!.slice(lines[6]!.indexOf('^') - 3, lines[6]!.indexOf('^') + 1)).to.equal('ERRA');
    expect(lines[5]!.slice(lines[6]!.indexOf('^') - 3, lines[6]!.indexOf('^') + 1)).to.equal('ERRO');
  });

  it('exit 2 and the line at fault on stderr for a malformed file', async () => {
    const cases: Array<[string | Buffer, string]> = [
      ['', 'not a valid recording: empty recording'],
      ['{"format":"ilm-sim-recording","version":7,"options":{}}\n', 'not a valid recording: line 1: format version [7] is not supported'],
      [`${good}garbage\n`, `not a valid recording: line ${SEED_SESSION.length + 2}: not valid JSON`],
      [Buffer.concat([Buffer.from(good), Buffer.from([0xff, 0x0a])]), `not a valid recording: line ${SEED_SESSION.length + 2}: not valid UTF-8`],
    ];
    for (const [contents, message] of cases) {
      const file = tempFile(contents);
      const result = await run(['replay', file]);
      expect(result.code, message).to.equal(2);
      expect(result.out).to.equal('');
      expect(result.err.startsWith(`ilm-sim replay: ${file}: ${message}`), result.err).to.equal(true);
    }
  });

  it('exit 2 for a file that cannot be read', async () => {
    const file = path.join(dir, 'absent.ndjson');
    expect(await run(['replay', file])).to.deep.equal({ code: 2, out: '', err: `ilm-sim replay: cannot read ${file}: ENOENT\n` });
  });

  it('usage errors exit 2: no file, two files, serve options, --record without a file', async () => {
    for (const argv of [
      ['replay'],
      ['replay', 'a', 'b'],
      ['replay', '--seed', '1', 'f'],
      ['replay', '--record', 'x', 'f'],
      ['serve', '--record'],
      ['serve', '--record', ''],
    ]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).to.equal(2);
      expect(result.err, argv.join(' ')).to.match(/^ilm-sim: /);
    }
    expect((await run(['replay', '--port', '1', 'f'])).err).to.equal(
      "ilm-sim: replay takes no options (--port): the recording's first line sets the simulator options\n",
    );
  });

  it('--help documents replay, its exit codes, and serve --record', async () => {
    const result = await run(['--help']);
    expect(result.code).to.equal(0);
    for (const text of ['ilm-sim replay <file>', '--record <file>', 'Exit status: 0', '1 a difference', '2 the file cannot be read']) {
      expect(result.out).to.include(text);
    }
  });
});
