/**
 * The failure messages of the existence and write-index assertions (a feature cannot assert a failing
 * step's message): each is driven against an in-process simulator, passing and failing.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator } from '../index';
import type { Requester } from './advance-until';
import {
  expectAliasExists,
  expectAliasPointsTo,
  expectAliasWriteIndex,
  expectDataStreamBackingIndices,
  expectDataStreamWriteIndex,
  expectIndexExists,
  expectNoAlias,
} from './existence';

function world(): Requester & { must(method: string, path: string, body?: unknown): Promise<void> } {
  const sim = createSimulator();
  const send = (method: string, path: string, body?: unknown) => sim.request(body === undefined ? { method, path } : { method, path, body });
  return {
    send,
    async must(method, path, body) {
      const response = await send(method, path, body);
      expect(response.status, response.text).to.be.within(200, 299);
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a failure');
}

async function rolledOver() {
  const w = world();
  await w.must('PUT', '/logs-000001', { aliases: { logs: { is_write_index: true } } });
  await w.must('POST', '/logs/_rollover');
  return w;
}

describe('existence: indices', () => {
  it('passes for an index, and says what the name is when it is an alias or missing', async () => {
    const w = await rolledOver();
    await expectIndexExists(w, 'logs-000002');
    expect(await failure(expectIndexExists(w, 'logs'))).to.equal('expected the index "logs" to exist, but "logs" is an alias of logs-000001, logs-000002');
    expect(await failure(expectIndexExists(w, 'nope'))).to.equal('expected the index "nope" to exist, but it does not exist');
  });

  it("names ILM's deletion of an index that is gone", async () => {
    const w = world();
    await w.must('PUT', '/_ilm/policy/gone', { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    await w.must('PUT', '/short', { settings: { 'index.lifecycle.name': 'gone' } });
    await w.must('POST', '/_sim/clock/_advance', { by: '2d' });
    expect(await failure(expectIndexExists(w, 'short'))).to.match(
      /^expected the index "short" to exist, but it does not exist: ILM's delete action deleted it at 2024-01-02T/,
    );
  });

  it('says a data stream is not an index', async () => {
    const w = world();
    await w.must('PUT', '/_data_stream/logs-app-default');
    expect(await failure(expectIndexExists(w, 'logs-app-default'))).to.equal(
      'expected the index "logs-app-default" to exist, but "logs-app-default" is a data stream',
    );
  });
});

describe('existence: aliases', () => {
  it('an alias exists or not, naming what it points to', async () => {
    const w = await rolledOver();
    await expectAliasExists(w, 'logs');
    await expectNoAlias(w, 'other');
    expect(await failure(expectAliasExists(w, 'other'))).to.equal('expected the alias "other" to exist, but no index has it');
    expect(await failure(expectAliasExists(w, 'logs-000001'))).to.equal(
      'expected the alias "logs-000001" to exist, but no index has it ("logs-000001" is an index or a data stream, not an alias)',
    );
    expect(await failure(expectNoAlias(w, 'logs'))).to.equal('expected no alias "logs", but it points to logs-000001, logs-000002');
  });

  it('points to an index, or says which it points to', async () => {
    const w = await rolledOver();
    await expectAliasPointsTo(w, 'logs', 'logs-000001');
    await expectAliasPointsTo(w, 'logs', 'logs-000002');
    await w.must('PUT', '/logs-000003');
    expect(await failure(expectAliasPointsTo(w, 'logs', 'logs-000003'))).to.equal(
      'expected the alias "logs" to point to "logs-000003", but it points to logs-000001, logs-000002',
    );
    expect(await failure(expectAliasPointsTo(w, 'other', 'logs-000003'))).to.equal(
      'expected the alias "other" to point to "logs-000003", but no index has the alias',
    );
  });

  it('the write index: the marked one, else the only index unless marked false', async () => {
    const w = await rolledOver();
    await expectAliasWriteIndex(w, 'logs', 'logs-000002');
    expect(await failure(expectAliasWriteIndex(w, 'logs', 'logs-000001'))).to.equal(
      'expected the write index of the alias "logs" to be "logs-000001", but it is "logs-000002" (the alias points to logs-000001 (is_write_index: false), logs-000002 (is_write_index: true))',
    );
    await w.must('PUT', '/single', { aliases: { one: {} } });
    await expectAliasWriteIndex(w, 'one', 'single');
    await w.must('PUT', '/a', { aliases: { two: {} } });
    await w.must('PUT', '/b', { aliases: { two: {} } });
    expect(await failure(expectAliasWriteIndex(w, 'two', 'a'))).to.equal(
      'expected the write index of the alias "two" to be "a", but the alias has no write index (the alias points to a, b)',
    );
    await w.must('PUT', '/c', { aliases: { off: { is_write_index: false } } });
    expect(await failure(expectAliasWriteIndex(w, 'off', 'c'))).to.equal(
      'expected the write index of the alias "off" to be "c", but the alias has no write index (the alias points to c (is_write_index: false))',
    );
  });
});

describe('existence: data streams', () => {
  it('the write index is the newest backing index', async () => {
    const w = world();
    await w.must('PUT', '/_data_stream/logs-app-default');
    await w.must('POST', '/logs-app-default/_rollover');
    await expectDataStreamWriteIndex(w, 'logs-app-default', '.ds-logs-app-default-000002');
    expect(await failure(expectDataStreamWriteIndex(w, 'logs-app-default', '.ds-logs-app-default-000001'))).to.equal(
      'expected the write index of the data stream "logs-app-default" to be ".ds-logs-app-default-000001", but it is ".ds-logs-app-default-000002" (backing indices, oldest first: .ds-logs-app-default-000001, .ds-logs-app-default-000002)',
    );
    expect(await failure(expectDataStreamWriteIndex(w, 'nope', 'x'))).to.equal(
      'expected the write index of the data stream "nope" to be "x", but GET /_data_stream/nope answered 404 index_not_found_exception: no such index [nope]',
    );
  });

  it('the backing indices: a failure says which stream, the counts and their difference, the oldest, the generation', async () => {
    const w = world();
    await w.must('PUT', '/_data_stream/logs-app-default');
    for (let n = 0; n < 8; n++) await w.must('POST', '/logs-app-default/_rollover');
    await w.must('DELETE', '/.ds-logs-app-default-000001');
    await expectDataStreamBackingIndices(w, 'logs-app-default', 8, '.ds-logs-app-default-000002');
    // As after a policy change that rolls over more often: more generations than the feature expected.
    expect(await failure(expectDataStreamBackingIndices(w, 'logs-app-default', 5, '.ds-logs-app-default-000002'))).to.equal(
      'the data stream "logs-app-default" differs: 8 backing indices where 5 were expected (3 more); it is at generation 9, writing to ".ds-logs-app-default-000009"; backing indices, oldest first: .ds-logs-app-default-000002, .ds-logs-app-default-000003, .ds-logs-app-default-000004, ... (3 more), .ds-logs-app-default-000008, .ds-logs-app-default-000009',
    );
    expect(await failure(expectDataStreamBackingIndices(w, 'logs-app-default', 10, '.ds-logs-app-default-000001'))).to.contain(
      'differs: 8 backing indices where 10 were expected (2 fewer), and the oldest is ".ds-logs-app-default-000002", not ".ds-logs-app-default-000001"; it is at generation 9',
    );
    expect(await failure(expectDataStreamBackingIndices(w, 'nope', 1, 'x'))).to.equal(
      'expected the data stream "nope" to have 1 backing indices, the oldest "x", but GET /_data_stream/nope answered 404 index_not_found_exception: no such index [nope]',
    );
  });
});
