/**
 * Data streams over the pure engine: backing index names per release, creation from a data-stream
 * template (settings, hidden, refusals before any change), rollover (generation, RolloverInfo keyed by
 * the stream), and the resolver expanding a stream to its backing indices.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createCluster, Cluster } from './cluster';
import { backingIndexName, createDataStream, deleteBackingIndex, replaceBackingIndex, rolloverDataStream, writeIndexDataStream } from './data-streams';
import { EsException } from '../errors';
import { resolveIndices, STRICT_EXPAND_OPEN } from './index-resolver';
import { PROFILE_7_10, PROFILE_7_17, PROFILE_8_19 } from '../profile';

const DAY = 24 * 3600_000;
const START = Date.UTC(2024, 0, 1);

function clusterWithTemplate(dataStream: Record<string, unknown> | undefined): Cluster {
  let n = 0;
  const cluster = createCluster(() => `uuid-${n++}`);
  cluster.indexTemplates.set('logs', {
    name: 'logs',
    indexPatterns: ['logs-*'],
    priority: 1,
    settings: new Map([['index.lifecycle.name', 'p']]),
    composedOf: [],
    aliases: new Map(),
    source: dataStream ? { index_patterns: ['logs-*'], data_stream: dataStream } : { index_patterns: ['logs-*'] },
  });
  return cluster;
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof EsException) return `${e.error.type}: ${e.error.reason}`;
    throw e;
  }
  throw new Error('expected an error');
}

describe('data streams', () => {
  it('names backing indices without a date in 7.10 and with the UTC day from 7.11', () => {
    expect(backingIndexName(PROFILE_7_10, 'logs-a', 1, START)).to.equal('.ds-logs-a-000001');
    expect(backingIndexName(PROFILE_8_19, 'logs-a', 12, START + 2 * DAY - 1)).to.equal('.ds-logs-a-2024.01.02-000012');
    expect(backingIndexName(PROFILE_7_17, 'logs-a', 3, START + DAY)).to.equal('.ds-logs-a-2024.01.02-000003');
  });

  it('7.17: dated backing indices at creation and rollover, hidden streams, names starting with a dot', () => {
    const cluster = clusterWithTemplate({ hidden: true });
    const ds = createDataStream(cluster, PROFILE_7_17, 'logs-a', START);
    expect(ds.indices).to.deep.equal(['.ds-logs-a-2024.01.01-000001']);
    expect(ds.hidden).to.equal(true);
    rolloverDataStream(cluster, PROFILE_7_17, ds, [], START + 3 * DAY + 1);
    expect(ds.indices).to.deep.equal(['.ds-logs-a-2024.01.01-000001', '.ds-logs-a-2024.01.04-000002']);
    // 7.10 had no hidden streams: the same template makes a visible one.
    expect(createDataStream(clusterWithTemplate({ hidden: true }), PROFILE_7_10, 'logs-a', START).hidden).to.equal(false);
    cluster.indexTemplates.set('dot', { ...cluster.indexTemplates.get('logs')!, name: 'dot', indexPatterns: ['.logs-*'], source: { data_stream: {} } });
    expect(createDataStream(cluster, PROFILE_7_17, '.logs-b', START).indices).to.deep.equal(['.ds-.logs-b-2024.01.01-000001']);
    expect(errorOf(() => createDataStream(cluster, PROFILE_7_17, '.ds-x', START))).to.equal(
      "illegal_argument_exception: data_stream [.ds-x] must not start with '.ds-'",
    );
  });

  it('bumps the generation when a backing index leaves or is replaced from 7.16 on, not in 7.10', () => {
    for (const [profile, expected] of [
      [PROFILE_7_10, ['.ds-logs-a-000002', 2, '.ds-logs-a-000003']],
      [PROFILE_7_17, ['.ds-logs-a-2024.01.01-000002', 4, '.ds-logs-a-2024.01.01-000005']],
    ] as const) {
      const cluster = clusterWithTemplate({});
      const ds = createDataStream(cluster, profile, 'logs-a', START);
      const [first] = ds.indices;
      const second = rolloverDataStream(cluster, profile, ds, [], START).name;
      cluster.indices.set('shrunk', { ...cluster.indices.get(first!)!, name: 'shrunk' });
      replaceBackingIndex(cluster, profile, ds, first!, 'shrunk');
      deleteBackingIndex(cluster, profile, 'shrunk');
      expect([second, ds.generation, rolloverDataStream(cluster, profile, ds, [], START).name], profile.name).to.deep.equal(expected);
    }
  });

  it('creates the first backing index with the template settings, hidden', () => {
    const cluster = clusterWithTemplate({});
    const ds = createDataStream(cluster, PROFILE_7_10, 'logs-a', START);
    expect(ds.indices).to.deep.equal(['.ds-logs-a-000001']);
    const backing = cluster.indices.get('.ds-logs-a-000001')!;
    expect(backing.settings.get('index.lifecycle.name')).to.equal('p');
    expect(backing.settings.get('index.hidden')).to.equal('true');
  });

  it('refuses a template without data_stream and bad names, changing nothing', () => {
    const plain = clusterWithTemplate(undefined);
    expect(errorOf(() => createDataStream(plain, PROFILE_7_10, 'logs-a', START))).to.equal(
      'illegal_argument_exception: matching index template [logs] for data stream [logs-a] has no data stream template',
    );
    expect(plain.indices.size).to.equal(0);
    const cluster = clusterWithTemplate({});
    expect(errorOf(() => createDataStream(cluster, PROFILE_7_10, '.logs', START))).to.equal(
      "illegal_argument_exception: data_stream [.logs] must not start with '.'",
    );
    expect(errorOf(() => createDataStream(cluster, PROFILE_8_19, '.ds-x', START))).to.equal(
      "illegal_argument_exception: data_stream [.ds-x] must not start with '.ds-'",
    );
    expect(errorOf(() => createDataStream(cluster, PROFILE_7_10, 'logs#a', START))).to.equal(
      "illegal_argument_exception: data_stream [logs#a] must not contain '#'",
    );
    expect(cluster.dataStreams.size).to.equal(0);
  });

  it('rolls over: next generation is the write index, RolloverInfo is keyed by the stream name', () => {
    const cluster = clusterWithTemplate({});
    const ds = createDataStream(cluster, PROFILE_7_10, 'logs-a', START);
    const first = cluster.indices.get('.ds-logs-a-000001')!;
    expect(writeIndexDataStream(cluster, first)).to.equal(ds);
    const next = rolloverDataStream(cluster, PROFILE_7_10, ds, ['[max_age: 1d]'], START + DAY);
    expect(next.name).to.equal('.ds-logs-a-000002');
    expect(ds.generation).to.equal(2);
    expect(writeIndexDataStream(cluster, first)).to.equal(null);
    expect(first.rolloverInfos.get('logs-a')).to.deep.equal({ timeMillis: START + DAY, metConditions: ['[max_age: 1d]'] });
  });

  it('resolves a stream name and a wildcard to the backing indices, hidden indices notwithstanding', () => {
    const cluster = clusterWithTemplate({});
    createDataStream(cluster, PROFILE_7_10, 'logs-a', START);
    expect(resolveIndices(cluster, 'logs-a', STRICT_EXPAND_OPEN).map((i) => i.name)).to.deep.equal(['.ds-logs-a-000001']);
    expect(resolveIndices(cluster, '*', STRICT_EXPAND_OPEN).map((i) => i.name)).to.deep.equal(['.ds-logs-a-000001']);
    expect(resolveIndices(cluster, '.ds-*', STRICT_EXPAND_OPEN).map((i) => i.name)).to.deep.equal(['.ds-logs-a-000001']);
    expect(resolveIndices(cluster, '*-000001', STRICT_EXPAND_OPEN).map((i) => i.name)).to.deep.equal([]);
    expect(errorOf(() => resolveIndices(cluster, 'logs-a', { ...STRICT_EXPAND_OPEN, includeDataStreams: false }))).to.equal(
      'illegal_argument_exception: The provided expression [logs-a] matches a data stream, specify the corresponding concrete indices instead.',
    );
  });
});
