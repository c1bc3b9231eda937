/**
 * The living documentation formatter, run as `npm start` runs it (the docs profile) on two features:
 * the document has the title and introduction, the contents by capability with the chosen story
 * first, the features' descriptions, the steps with the narrative comments kept, a picture per
 * scenario, quiet statuses; the console gets one line saying where the file is.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { prose } from './docs-formatter';

const ROOT = path.resolve(__dirname, '..', '..');

describe('living documentation', () => {
  it('writes a document of the features and prints where it is', () => {
    const output = path.join(mkdtempSync(path.join(tmpdir(), 'ilm-sim-docs-')), 'docs.html');
    const options = JSON.stringify({ livingDocs: { output, title: 'Test <docs>', introduction: 'Hello `code`.', first: ['features/explain/why.feature'], capabilities: { time: 'Time' } } });
    const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@cucumber/cucumber/bin/cucumber.js'), '-p', 'docs', '--format-options', options, 'features/time/timeline.feature', 'features/explain/why.feature'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout.trim()).to.equal(`Living documentation (6 scenarios, all passing): ${output}`);
    expect(run.stderr).to.not.match(/deprecat/i);
    const html = readFileSync(output, 'utf8');
    expect(html).to.contain('<title>Test &lt;docs&gt;</title>').and.contain('<p>Hello <code>code</code>.</p>');
    // The chosen story first, then the capabilities.
    expect(html.indexOf('<h2 id="chapter-start-here">Start here</h2>')).to.be.lessThan(html.indexOf('<h2 id="chapter-time">Time</h2>'));
    expect(html).to.contain("<h3>Why is it waiting: what an index's current step waits for, in words and as data</h3>");
    // Narrative comments are kept, as quiet paragraphs between the steps.
    expect(html).to.contain('<li class="narrative"><p>One document is enough: the next poll tick rolls it over.</p></li>');
    // Every scenario has its picture (an outline: its first example's) and a quiet status.
    expect(html.match(/<figure class="timeline"><svg/g)).to.have.length(5);
    expect(html.match(/class="status passed"/g)!.length).to.be.greaterThanOrEqual(6);
  });

  it('reads a little Markdown in descriptions', () => {
    expect(prose('A `b` **c**\nd\n\n- e\n- f <g>')).to.equal('<p>A <code>b</code> <strong>c</strong> d</p>\n<ul><li>e</li><li>f &lt;g&gt;</li></ul>');
  });
});
