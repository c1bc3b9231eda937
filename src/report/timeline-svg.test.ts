/**
 * The timeline picture and table from a real timeline: one row per lineage with its phase bands, the
 * ERROR span with ES's reason in its tooltip, the deletion marked, names escaped; the page around it.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator } from '../index';
import type { TimelineJson } from './timeline-json';
import { timelineHtml, timelineRange, timelineSvg, timelineText } from './timeline-svg';

function story(): TimelineJson {
  const sim = createSimulator({ profile: '8.19' });
  const send = (method: string, path: string, body?: unknown) => sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
  send('PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '2d', actions: { delete: {} } } } } });
  send('PUT', '/logs-000001', { settings: { 'index.lifecycle.name': 'p', 'index.lifecycle.rollover_alias': 'logs' }, aliases: { logs: { is_write_index: true } } });
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
    expect(svg).to.match(/ERROR at hot\/rollover\/check-rollover-ready from 2024-01-01T00:10Z[^<]*\nillegal_argument_exception: setting \[index.lifecycle.rollover_alias\] for index \[a&amp;b&#39;c\]/);
    expect(svg).to.contain('>Jan 1, 2024</text>').and.contain('>now</text>');
  });

  it('a compact table: phases with times, ERRORs with the reason', () => {
    const text = timelineText(timeline.indices, timeline.now_millis);
    expect(text.split('\n').slice(0, 3)).to.deep.equal([
      'logs-000001 (policy p, deleted at 2024-01-04T00:20Z)',
      '  hot     2024-01-01T00:00Z -> 2024-01-04T00:00Z (3d)',
      '  delete  2024-01-04T00:00Z -> 2024-01-04T00:20Z (20m)',
    ]);
    expect(text).to.contain('ERROR   2024-01-01T00:10Z for').and.contain('illegal_argument_exception: setting [index.lifecycle.rollover_alias] for index [a&b\'c]');
  });

  it('a page with the title, notes, picture and problems, escaped', () => {
    const html = timelineHtml({ title: 'Plan <p>', lineages: timeline.indices, ...range, notes: ['a & b'], problems: ['x < y'] });
    expect(html).to.contain('<title>Plan &lt;p&gt;</title>').and.contain('<p class="note">a &amp; b</p>').and.contain('<li>x &lt; y</li>').and.contain('<svg');
  });
});
