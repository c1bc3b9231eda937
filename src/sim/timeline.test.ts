/**
 * The timeline model on real histories: a lineage followed through shrink and searchable_snapshot to
 * its deletion, an ERROR span with ES's reason, automatic retries folded into one ERROR span, and a
 * name used again after a deletion outside ILM.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator, type Simulator } from '../index';
import { buildTimelines } from './timeline';
import type { HistoryRecord } from '../engine/cluster/history';

function send(sim: Simulator, method: string, path: string, body?: unknown) {
  const response = sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.text}`);
  return response;
}

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);

interface TimelineJson {
  indices: Array<{
    index: string;
    ended: string | null;
    end_millis: number | null;
    lineage: Array<{ index: string; start_millis: number; end_millis: number | null }>;
    phases: Array<{ phase: string; start_millis: number; end_millis: number | null }>;
    waits: Array<{
      step: string;
      failed_step?: string;
      retries?: number;
      error?: { type: string; reason: string };
      start_millis: number;
      end_millis: number | null;
    }>;
  }>;
}

describe('timeline', () => {
  it('follows an index through rollover, shrink and searchable_snapshot to its deletion (8.19)', () => {
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_snapshot/repo', { type: 'fs', settings: { location: '/x' } });
    send(sim, 'PUT', '/_ilm/policy/p', {
      policy: {
        phases: {
          hot: { actions: { rollover: { max_age: '1d' } } },
          warm: { min_age: '2d', actions: { shrink: { number_of_shards: 1 } } },
          cold: { min_age: '5d', actions: { searchable_snapshot: { snapshot_repository: 'repo' } } },
          delete: { min_age: '10d', actions: { delete: {} } },
        },
      },
    });
    send(sim, 'PUT', '/_index_template/t', {
      index_patterns: ['logs-*'],
      template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' } },
    });
    send(sim, 'PUT', '/logs-000001', { aliases: { logs: { is_write_index: true } } });
    send(sim, 'POST', '/_sim/ingest', { index: 'logs', count: 10 });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '12d' });
    const body = send(sim, 'GET', '/_sim/timeline').body as TimelineJson;
    expect(body.indices.map((l) => l.index)).to.deep.equal(['logs-000001', 'logs-000002']);
    const first = body.indices[0]!;
    expect(first.lineage.map((n) => n.index)).to.deep.equal(['logs-000001', 'shrink-s0op-logs-000001', 'restored-shrink-s0op-logs-000001']);
    expect(first.phases.map((p) => [p.phase, (p.start_millis - T0) / DAY])).to.deep.equal([
      ['hot', 0],
      ['warm', 3],
      ['cold', 6],
      ['delete', 11],
    ]);
    expect(first.ended).to.equal('deleted');
    expect(first.end_millis).to.equal(T0 + 11 * DAY + 20 * 60_000);
    // The lineage is found from any of its names.
    const restored = send(sim, 'GET', '/_sim/timeline?index=restored-*').body as TimelineJson;
    expect(restored.indices.map((l) => l.index)).to.deep.equal(['logs-000001']);
    // The second index goes on: still hot, waiting for rollover (8.x's implicit min_docs: 1).
    const second = body.indices[1]!;
    expect(second.ended).to.equal(null);
    expect(second.waits.at(-1)).to.include({ step: 'check-rollover-ready', end_millis: null });
  });

  it("shows the seed story's ERROR with ES's reason (7.10)", () => {
    const sim = createSimulator();
    send(sim, 'PUT', '/_ilm/policy/shrink-index', { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
    send(sim, 'PUT', '/my-index-000001', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '7344m' });
    const lineage = (send(sim, 'GET', '/_sim/timeline?index=my-index-000001').body as TimelineJson).indices[0]!;
    const error = lineage.waits.find((w) => w.step === 'ERROR')!;
    expect(error).to.include({ failed_step: 'shrink', end_millis: null });
    expect(error.error!.type).to.equal('illegal_argument_exception');
    expect(error.error!.reason).to.match(/must be less that the number of source shards \[2\]/);
  });

  it('folds automatic retries that fail again into one ERROR span (8.19)', () => {
    const sim = createSimulator({ profile: '8.19' });
    send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_docs: 1 } } } } } });
    send(sim, 'PUT', '/i', { settings: { 'index.lifecycle.name': 'p' } });
    send(sim, 'POST', '/_sim/clock/_advance', { by: '1h' });
    const waits = (send(sim, 'GET', '/_sim/timeline').body as TimelineJson).indices[0]!.waits;
    const errors = waits.filter((w) => w.step === 'ERROR');
    expect(errors).to.have.length(1);
    expect(errors[0]!.retries).to.be.greaterThan(1);
    expect(errors[0]!.error!.reason).to.match(/rollover_alias/);
  });

  it('ends a lineage deleted outside ILM, and starts a new one for a new index of that name', () => {
    const key = (phase: string, action: string, name: string) => ({ phase, action, name });
    const records: HistoryRecord[] = [
      { index: 'a', policy: 'p', timeMillis: 0, from: null, to: key('new', 'complete', 'complete'), success: true },
      { index: 'a', policy: 'p', timeMillis: 0, from: key('new', 'complete', 'complete'), to: key('hot', 'complete', 'complete'), success: true },
      { index: 'a', policy: 'p', timeMillis: 50, from: null, to: key('new', 'complete', 'complete'), success: true },
      { index: 'a', policy: 'p', timeMillis: 50, from: key('new', 'complete', 'complete'), to: key('hot', 'complete', 'complete'), success: true },
    ];
    const lineages = buildTimelines(records, 100, () => true);
    expect(lineages.map((l) => [l.index, l.ended, l.endMillis])).to.deep.equal([
      ['a', 'gone', 50],
      ['a', null, null],
    ]);
  });
});
