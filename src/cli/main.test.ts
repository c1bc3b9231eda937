/**
 * The command line driven as a function: help, usage errors, and `serve` on a free port answering
 * requests and stopping cleanly when asked. Waits are on the CLI's own output, never on timers.
 */
import { expect } from 'chai';
import * as http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from './main';
import { Capture } from './test-support';

function get(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

describe('ilm-sim command line', () => {
  it('documents every option in --help', async () => {
    const out = new Capture();
    const err = new Capture();
    expect(await main(['--help'], out, err, {})).to.equal(0);
    for (const option of [
      '--host',
      '--port',
      '--profile',
      '--start-time',
      '--poll-interval',
      '--seed',
      '--no-stack-templates',
      'ILM_SIM_PORT',
      '/_sim/clock/_advance',
    ]) {
      expect(out.text).to.include(option);
    }
    expect(err.text).to.equal('');
  });

  it('refuses unknown commands, unknown options and bad values with exit code 2', async () => {
    for (const argv of [
      [],
      ['launch'],
      ['serve', '--prot', '1'],
      ['serve', '--port', 'abc'],
      ['serve', '--port', '70000'],
      ['serve', '--profile', '9.9'],
      ['serve', '--poll-interval', '1ms'],
    ]) {
      const err = new Capture();
      expect(await main(argv, new Capture(), err, {}), argv.join(' ')).to.equal(2);
      expect(err.text, argv.join(' ')).to.match(/^ilm-sim: /);
    }
  });

  it('serves on a free port, prints the URL, and stops cleanly', async () => {
    const out = new Capture();
    const err = new Capture();
    const stop = new AbortController();
    const exit = main(['serve', '--port', '0', '--start-time', '2030-05-01T00:00:00Z'], out, err, { ILM_SIM_SEED: '7' }, { stop: stop.signal });
    const [, url] = (await out.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/)) as [string, string];
    expect(out.text).to.include('seed 7');
    expect(out.text).to.include(`  time machine page: ${url}/_sim/ui/\n`);
    const clock = await get(`${url}/_sim/clock`);
    expect(clock.text).to.equal('{"now_millis":1903824000000,"now":"2030-05-01T00:00:00.000Z"}');
    stop.abort();
    expect(await exit).to.equal(0);
    expect(out.text).to.include('ilm-sim stopped');
    expect(err.text).to.equal('');
  });

  it('serves the nodes of a --nodes file, and refuses a bad one with exit code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ilm-sim-nodes-'));
    try {
      const good = join(dir, 'topology.json');
      writeFileSync(
        good,
        JSON.stringify({
          nodes: [
            { name: 'hot-1', roles: ['master', 'data_hot'] },
            { name: 'warm-1', roles: ['data_warm'] },
          ],
        }),
      );
      const out = new Capture();
      const stop = new AbortController();
      const exit = main(['serve', '--port', '0', '--nodes', good], out, new Capture(), {}, { stop: stop.signal });
      const [, url] = (await out.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/)) as [string, string];
      expect((await get(`${url}/_cat/nodes?h=name,node.role`)).text).to.equal('hot-1  hm\nwarm-1 w\n');
      stop.abort();
      expect(await exit).to.equal(0);
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify([{ name: 'x', roles: ['data_tepid'] }]));
      const err = new Capture();
      expect(await main(['serve', '--port', '0', '--nodes', bad], new Capture(), err, {})).to.equal(2);
      expect(err.text).to.match(/^ilm-sim: invalid nodes: \[nodes\]\[x\] unknown role \[data_tepid\]/);
      const missing = new Capture();
      expect(await main(['serve', '--port', '0', '--nodes', join(dir, 'none.json')], new Capture(), missing, {})).to.equal(2);
      expect(missing.text).to.match(/^ilm-sim: cannot read the nodes file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serve --no-stack-templates starts without the built-in templates (stack.templates.enabled: false)', async () => {
    for (const [flags, expected] of [
      [['--no-stack-templates'], []],
      [[], ['logs']],
    ] as const) {
      const out = new Capture();
      const stop = new AbortController();
      const exit = main(['serve', '--port', '0', ...flags], out, new Capture(), {}, { stop: stop.signal });
      const [, url] = (await out.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\n/)) as [string, string];
      let text: string;
      try {
        text = (await get(`${url}/_index_template/logs*`)).text;
      } finally {
        stop.abort();
      }
      expect(await exit).to.equal(0);
      const names = (JSON.parse(text) as { index_templates: Array<{ name: string }> }).index_templates.map((t) => t.name);
      expect(names, flags.join(' ')).to.deep.equal(expected);
    }
  });

  it('reports a port already in use with exit code 1', async () => {
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const err = new Capture();
      expect(await main(['serve', '--port', String(port)], new Capture(), err, {})).to.equal(1);
      expect(err.text).to.include('EADDRINUSE');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
