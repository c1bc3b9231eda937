/**
 * The timeline picture and table from a real timeline: one row per lineage with its phase bands, the
 * ERROR span with ES's reason in its tooltip, the deletion marked, names escaped; the page around it.
 * Axis labels never overlap, whatever the span, the width and the index names; an ERROR or a phase
 * that lasted no time still shows.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator } from '../index';
import type { LineageJson, TimelineJson } from './timeline-json';
import { timelineHtml, timelineRange, timelineSvg, timelineText } from './timeline-svg';

function story(): TimelineJson {
  const sim = createSimulator({ profile: '8.19' });
  const send = (method: string, path: string, body?: unknown) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  send('PUT', '/_ilm/policy/p', {
    policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '2d', actions: { delete: {} } } } },
  });
  send('PUT', '/logs-000001', {
    settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' },
    aliases: { logs: { is_write_index: true } },
  });
  send('POST', '/_sim/ingest', { index: 'logs', count: 5 });
  send('PUT', `/${encodeURIComponent("a&b'c")}`, { settings: { 'index.lifecycle.name': 'p' } });
  send('POST', '/_sim/clock/_advance', { by: '10d' });
  return send('GET', '/_sim/timeline').body as TimelineJson;
}

describe('timeline picture', () => {
  const timeline = story();
  const range = timelineRange(timeline.indices, timeline.now_millis);

  it('draws a row per lineage with phase bands, the ERROR with its reason, the deletion, escaped names', () => {
    const svg = timelineSvg(timeline.indices, { ...range, nowMillis: timeline.now_millis });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).to.equal(true);
    expect(svg).to.contain('>logs-000001</text>').and.contain('>a&amp;b&#39;c</text>');
    expect(svg).to.contain('logs-000001: hot from 2024-01-01T00:00Z to 2024-01-04T00:00Z (3d)');
    expect(svg).to.contain('logs-000001: deleted by ILM at 2024-01-04T00:20Z');
    expect(svg).to.match(
      /ERROR at hot\/rollover\/check-rollover-ready from 2024-01-01T00:10Z[^<]*\nillegal_argument_exception: setting \[index.lifecycle.rollover_alias\] for index \[a&amp;b&#39;c\]/,
    );
    expect(svg).to.contain('>Jan 1, 2024</text>').and.contain('>now</text>');
  });

  it('a compact table: phases with times, ERRORs with the reason', () => {
    const text = timelineText(timeline.indices, timeline.now_millis);
    expect(text.split('\n').slice(0, 3)).to.deep.equal([
      'logs-000001 (policy p, deleted at 2024-01-04T00:20Z)',
      '  hot     2024-01-01T00:00Z -> 2024-01-04T00:00Z (3d)',
      '  delete  2024-01-04T00:00Z -> 2024-01-04T00:20Z (20m)',
    ]);
    expect(text)
      .to.contain('ERROR   2024-01-01T00:10Z for')
      .and.contain("illegal_argument_exception: setting [index.lifecycle.rollover_alias] for index [a&b'c]");
  });

  it('a page with the title, notes, picture and problems, escaped', () => {
    const html = timelineHtml({ title: 'Plan <p>', lineages: timeline.indices, ...range, notes: ['a & b'], problems: ['x < y'] });
    expect(html).to.contain('<title>Plan &lt;p&gt;</title>').and.contain('<p class="note">a &amp; b</p>').and.contain('<li>x &lt; y</li>').and.contain('<svg');
  });

  it('axis labels never overlap, whatever the span, the width of the picture and of the index names', () => {
    const DAY = 86_400_000;
    const start = Date.UTC(2024, 0, 1);
    // Its own generous estimate of a 12px sans-serif label (not the module's).
    const wide = (text: string) => [...text].reduce((sum, ch) => sum + (/[ ,.:]/.test(ch) ? 3.5 : 7), 0);
    for (const spanMillis of [3_600_000, 6 * 3_600_000, 2 * DAY, 3 * DAY, 10 * DAY, 45 * DAY, 120 * DAY, 400 * DAY, 3 * 365 * DAY, 30 * 365 * DAY]) {
      for (const width of [400, 800, 960, 1400]) {
        for (const name of ['i', '.ds-logs-app-default-2024.01.01-000001']) {
          const svg = timelineSvg([lineage(name, start, start + spanMillis)], { startMillis: start, endMillis: start + spanMillis, width });
          const labels = [...svg.matchAll(/<text x="([\d.]+)" y="30" text-anchor="middle"[^>]*>([^<]+)<\/text>/g)].map((m) => ({
            x: Number(m[1]),
            text: m[2]!,
          }));
          const what = `${spanMillis / 3_600_000}h at ${width}px, ${name}: ${labels.map((l) => `${l.text}@${l.x}`).join(' ')}`;
          expect(labels.length, what).to.be.greaterThan(width >= 800 ? 2 : 0);
          for (let i = 1; i < labels.length; i++)
            expect(labels[i]!.x - labels[i - 1]!.x, what).to.be.at.least((wide(labels[i]!.text) + wide(labels[i - 1]!.text)) / 2 + 2);
        }
      }
    }
  });

  it('ticks fall on calendar units: minutes, hours, days, Mondays, months, years', () => {
    const start = Date.UTC(2024, 0, 1);
    const labels = (days: number, width = 960) =>
      [
        ...timelineSvg([lineage('i', start, start + days * 86_400_000)], { startMillis: start, endMillis: start + days * 86_400_000, width }).matchAll(
          /y="30" text-anchor="middle"[^>]*>([^<]+)</g,
        ),
      ].map((m) => m[1]);
    expect(labels(2).slice(0, 5)).to.deep.equal(['Jan 1, 2024', '06:00', '12:00', '18:00', 'Jan 2']);
    expect(labels(1 / 24).slice(0, 3)).to.deep.equal(['Jan 1, 2024', '00:05', '00:10']);
    expect(labels(10).slice(0, 3)).to.deep.equal(['Jan 1, 2024', 'Jan 2', 'Jan 3']);
    expect(labels(60, 800).slice(0, 3)).to.deep.equal(['Jan 1, 2024', 'Jan 8', 'Jan 15']);
    expect(labels(400).slice(0, 3)).to.deep.equal(['Jan 2024', 'Feb', 'Mar']);
    expect(labels(400)).to.contain('Jan 2025');
  });

  it('an ERROR retried at once and a phase passed in an instant still show, over the rename notch', () => {
    const sim = createSimulator({ profile: '6.6' });
    const send = (method: string, path: string, body?: unknown) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
    const policy = (shards: number) => ({ policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: shards } } } } } });
    send('PUT', '/_ilm/policy/shrink-index', policy(4));
    send('PUT', '/my-index-000001', { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } });
    send('POST', '/_sim/clock/_advance', { by: '5d' });
    send('PUT', '/_ilm/policy/shrink-index', policy(1));
    send('POST', '/my-index-000001/_ilm/retry');
    send('POST', '/_sim/clock/_advance', { by: '1d' });
    const story = send('GET', '/_sim/timeline').body as TimelineJson;
    const error = story.indices[0]!.waits.find((w) => w.step === 'ERROR')!;
    expect(error.end_millis).to.equal(error.start_millis);
    const svg = timelineSvg(story.indices, { ...timelineRange(story.indices, story.now_millis), nowMillis: story.now_millis, width: 960 });
    const errorRect =
      /<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="24" fill="url\(#ilm-error-hatch\)"[^>]*><title>my-index-000001: ERROR at warm\/shrink\/shrink/.exec(
        svg,
      );
    expect(errorRect, svg).to.not.equal(null);
    expect(Number(errorRect![1])).to.be.at.least(8);
    expect(svg.indexOf('<title>shrink-my-index-000001 from')).to.be.lessThan(svg.indexOf('ERROR at warm/shrink/shrink'));
    expect(svg).to.match(/width="4" height="20" fill="#d6bf57"[^>]*><title>my-index-000001: warm from 2024-01-06T00:00Z to 2024-01-06T00:00Z \(0ms\)/);
  });
});

/** A lineage with one hot phase over [start, end], the only thing a picture needs. */
function lineage(index: string, start: number, end: number): LineageJson {
  const span = { start: new Date(start).toISOString(), start_millis: start, end: new Date(end).toISOString(), end_millis: end };
  return { ...span, index, policy: 'p', ended: null, lineage: [{ ...span, index }], phases: [{ ...span, phase: 'hot' }], actions: [], waits: [] };
}

describe('timeline picture: data stream lifecycle generations', () => {
  const sim = createSimulator({ profile: '9.1' });
  const send = (method: string, path: string, body?: unknown) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  send('PUT', '/_index_template/logs', { index_patterns: ['logs-*'], data_stream: {}, priority: 500, template: { lifecycle: { data_retention: '2d' } } });
  send('PUT', '/_data_stream/logs-app');
  for (let day = 0; day < 5; day++) {
    send('POST', '/_sim/ingest', { index: 'logs-app', count: 5 });
    send('POST', '/_sim/clock/_advance', { by: '1d' });
  }
  const timeline = send('GET', '/_sim/timeline').body as TimelineJson;
  const range = timelineRange(timeline.indices, timeline.now_millis);

  it("draws the write and rolled_over spans in their colours, the force merges, the lifecycle's deletion; the legend has no ILM phases", () => {
    const svg = timelineSvg(timeline.indices, { ...range, nowMillis: timeline.now_millis });
    expect(svg).to.contain('.ds-logs-app-2024.01.01-000001: write from 2024-01-01T00:00Z to 2024-01-02T00:00Z (1d)');
    expect(svg).to.contain('fill="#7ac29a"><title>.ds-logs-app-2024.01.01-000001: write');
    expect(svg).to.contain('.ds-logs-app-2024.01.01-000001: forcemerge by the data stream lifecycle at 2024-01-02T00:10Z');
    expect(svg).to.contain('.ds-logs-app-2024.01.01-000001: deleted by the data stream lifecycle (data_retention) at 2024-01-04T00:00Z');
    expect(svg).to.contain('>write (data stream lifecycle)</text>').and.contain('>forcemerge</text>').and.not.contain('>hot</text>');
    expect(timelineText(timeline.indices, timeline.now_millis)).to.contain(
      '.ds-logs-app-2024.01.01-000001 (data stream lifecycle, deleted at 2024-01-04T00:00Z)\n  write   2024-01-01T00:00Z -> 2024-01-02T00:00Z (1d)\n  rolled_over 2024-01-02T00:00Z -> 2024-01-04T00:00Z (2d)',
    );
  });
});
