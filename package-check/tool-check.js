// A tool author's own test, without Cucumber: the official client through connectionFor under sinon's
// fake timers, linkFakeTimers driving a watcher of the tool's own, and startServer on port 0.
'use strict';
const assert = require('node:assert/strict');
const sinon = require('sinon');
const { Client } = require('@elastic/elasticsearch');
const { createSimulator, linkFakeTimers } = require('ilm-sim');
const { connectionFor } = require('ilm-sim/client');
const { startServer } = require('ilm-sim/server');

const HOUR = 60 * 60 * 1000;

async function watcherRetriesErrors() {
  const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  try {
    const simulator = createSimulator();
    linkFakeTimers(simulator, clock);
    const client = new Client({ node: 'http://localhost:9200', Connection: connectionFor(simulator) });
    await client.ilm.putLifecycle({ name: 'shrink-index', policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
    await client.indices.create({ index: 'my-index-000001', settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
    // The tool under test: every hour, retry every index in ERROR (after fixing the policy once).
    const retried = [];
    setInterval(async () => {
      const explain = await client.ilm.explainLifecycle({ index: '*' });
      for (const [name, record] of Object.entries(explain.indices)) {
        if (record.step !== 'ERROR') continue;
        await client.ilm.putLifecycle({ name: 'shrink-index', policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } } });
        await client.ilm.retry({ index: name });
        retried.push(`${new Date().toISOString()} ${name}`);
      }
    }, HOUR);
    await client.transport.request({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '6d' } });
    assert.deepEqual(retried, ['2024-01-06T01:00:00.000Z my-index-000001']);
    const explain = await client.ilm.explainLifecycle({ index: 'shrink-my-index-000001' });
    assert.equal(explain.indices['shrink-my-index-000001'].step, 'complete');
    await clock.tickAsync(24 * HOUR);
    assert.equal(retried.length, 1);
    await client.close();
  } finally {
    clock.restore();
  }
}

async function serverOnPortZero() {
  const server = await startServer({ port: 0, profile: '9.1', startTime: '2030-01-01T00:00:00Z' });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const client = new Client({ node: server.url });
    const info = await client.info();
    assert.equal(info.version.number.split('.').slice(0, 2).join('.'), '9.1');
    const clock = await client.transport.request({ method: 'GET', path: '/_sim/clock' });
    assert.equal(clock.now, '2030-01-01T00:00:00.000Z');
    assert.equal(server.simulator.profile.name, '9.1');
    await client.close();
  } finally {
    await server.close();
  }
}

(async () => {
  await watcherRetriesErrors();
  await serverOnPortZero();
  process.stdout.write('tool-check passed\n');
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
