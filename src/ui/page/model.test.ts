/**
 * The page's model: a lineage's state now (phase, wait, ERROR, deletion, stalls), grouping under data
 * streams (also of deleted and renamed backing indices), the filters, and the time window's zoom,
 * scroll and ticks.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { DAY_MILLIS, fitView, LineageJson, NO_FILTERS, panView, rowsOf, simpleMatch, stateOf, ticksOf, TimelineJson, zoomView } from './model';

const T0 = Date.UTC(2024, 0, 1);
const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());
const span = (start: number, end: number | null) => {
  const startMillis = T0 + start;
  const endMillis = end === null ? null : T0 + end;
  return { start: iso(startMillis)!, start_millis: startMillis, end: iso(endMillis), end_millis: endMillis };
};

function lineage(index: string, overrides: Partial<LineageJson> = {}): LineageJson {
  return {
    index,
    policy: 'p',
    ...span(0, null),
    ended: null,
    lineage: [{ index, ...span(0, null) }],
    phases: [
      { phase: 'new', ...span(0, DAY_MILLIS) },
      { phase: 'warm', ...span(DAY_MILLIS, null) },
    ],
    actions: [],
    waits: [],
    ...overrides,
  };
}

const ERROR_WAIT = {
  phase: 'warm',
  action: 'shrink',
  step: 'ERROR',
  index: 'a',
  failed_step: 'shrink',
  error: { type: 'illegal_argument_exception', reason: 'too many shards' },
  ...span(DAY_MILLIS, null),
};

describe('page model: a lineage now', () => {
  it('reads the open phase, and an open ERROR with its failed step and ES reason', () => {
    const state = stateOf(lineage('a', { waits: [ERROR_WAIT] }), T0 + 2 * DAY_MILLIS);
    expect(state.phase).to.equal('warm');
    expect(state.error).to.deep.equal({ failedStep: 'shrink', type: 'illegal_argument_exception', reason: 'too many shards' });
    expect(state.summary).to.equal('warm: ERROR at shrink');
    expect(state.problem).to.equal(true);
  });

  it('names the index that holds the lineage after a rename, and says deleted at the end', () => {
    const renamed = lineage('a', {
      lineage: [
        { index: 'a', ...span(0, 5) },
        { index: 'shrink-a', ...span(5, null) },
      ],
    });
    expect(stateOf(renamed, T0).current).to.equal('shrink-a');
    const deleted = lineage('a', { ended: 'deleted', phases: [{ phase: 'delete', ...span(0, 10) }] });
    expect(stateOf(deleted, T0 + 20).summary).to.equal('deleted');
    expect(stateOf(deleted, T0 + 20).phase).to.equal(null);
  });

  it('calls a wait over a day a stall, but never a phase resting on complete', () => {
    const wait = { phase: 'warm', action: 'allocate', step: 'check-allocation', index: 'a', ...span(DAY_MILLIS, null) };
    expect(stateOf(lineage('a', { waits: [wait] }), T0 + DAY_MILLIS + 1000).problem).to.equal(false);
    expect(stateOf(lineage('a', { waits: [wait] }), T0 + 3 * DAY_MILLIS).problem).to.equal(true);
    expect(stateOf(lineage('a', { waits: [wait] }), T0 + 3 * DAY_MILLIS).summary).to.equal('warm: waiting at check-allocation');
    const resting = { ...wait, action: 'complete', step: 'complete' };
    expect(stateOf(lineage('a', { waits: [resting] }), T0 + 30 * DAY_MILLIS).problem).to.equal(false);
  });
});

describe('page model: rows and filters', () => {
  const timeline: TimelineJson = {
    now: iso(T0 + 3 * DAY_MILLIS)!,
    now_millis: T0 + 3 * DAY_MILLIS,
    indices: [
      lineage('plain', { waits: [ERROR_WAIT] }),
      lineage('.ds-logs-app-2024.01.01-000001', { policy: 'logs', ended: 'deleted', phases: [] }),
      lineage('.ds-logs-app-2024.01.02-000002', { policy: 'logs', phases: [{ phase: 'hot', ...span(0, null) }] }),
      lineage('other'),
    ],
  };
  const streams = { data_streams: [{ name: 'logs-app', indices: [{ index_name: '.ds-logs-app-2024.01.02-000002' }] }] };

  it('puts each data stream first with its backing lineages, the deleted one too, then the rest', () => {
    const rows = rowsOf(timeline, streams, NO_FILTERS);
    expect(rows.map((r) => (r.kind === 'stream' ? `stream ${r.name} ${r.count}` : r.lineage.index))).to.deep.equal([
      'stream logs-app 2',
      '.ds-logs-app-2024.01.01-000001',
      '.ds-logs-app-2024.01.02-000002',
      'plain',
      'other',
    ]);
  });

  it('filters by pattern (a stream name matches its backing indices), policy, phase and problems', () => {
    const names = (filters: Partial<typeof NO_FILTERS>) =>
      rowsOf(timeline, streams, { ...NO_FILTERS, ...filters }).flatMap((r) => (r.kind === 'lineage' ? [r.lineage.index] : []));
    expect(names({ pattern: 'logs-app' })).to.deep.equal(['.ds-logs-app-2024.01.01-000001', '.ds-logs-app-2024.01.02-000002']);
    expect(names({ pattern: 'pl*, oth*' })).to.deep.equal(['plain', 'other']);
    expect(names({ policy: 'logs', phase: 'hot' })).to.deep.equal(['.ds-logs-app-2024.01.02-000002']);
    expect(names({ phase: 'ended' })).to.deep.equal(['.ds-logs-app-2024.01.01-000001']);
    expect(names({ problemsOnly: true })).to.deep.equal(['plain']);
  });

  it('matches ES simple patterns', () => {
    expect(simpleMatch('logs-*-000001', 'logs-app-000001')).to.equal(true);
    expect(simpleMatch('logs-*-000001', 'logs-000001')).to.equal(false);
    expect(simpleMatch('*a*a*', 'banana')).to.equal(true);
    expect(simpleMatch('ab*ba', 'aba')).to.equal(false);
  });
});

describe('page model: the time window', () => {
  const timeline: TimelineJson = { now: iso(T0 + 10 * DAY_MILLIS)!, now_millis: T0 + 10 * DAY_MILLIS, indices: [lineage('a')] };

  it('fits from the first start to a little past now', () => {
    const view = fitView(timeline);
    expect(view.startMillis).to.be.below(T0);
    expect(view.endMillis).to.be.above(T0 + 10 * DAY_MILLIS);
  });

  it('zooms around the anchor and scrolls by a fraction of the width', () => {
    const view = { startMillis: 0, endMillis: 1000 * 60_000 };
    expect(zoomView(view, 0.5, 0)).to.deep.equal({ startMillis: 0, endMillis: 500 * 60_000 });
    expect(zoomView(view, 0.5, 1)).to.deep.equal({ startMillis: 500 * 60_000, endMillis: 1000 * 60_000 });
    expect(panView(view, -0.1)).to.deep.equal({ startMillis: -100 * 60_000, endMillis: 900 * 60_000 });
  });

  it('puts ticks on round UTC instants', () => {
    const ticks = ticksOf({ startMillis: T0 - 1, endMillis: T0 + 4 * DAY_MILLIS }, 5);
    expect(ticks.map((t) => t.label)).to.deep.equal(['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
  });
});
