/**
 * The living documentation formatter, run as `npm start` runs it (the docs profile) on features of its
 * own: the document has the title and introduction, the contents by capability (folder) with the
 * chosen story first, the features' descriptions, the steps with the narrative comments kept, a
 * picture per scenario, quiet statuses and tags (not the issue tags) and the failure's message; the
 * console gets the file's path and the failing scenario, and no deprecation warning. The project's
 * own features name no internal issue in what a reader sees.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { prose } from './docs-formatter';

const ROOT = path.resolve(__dirname, '..', '..');

const STORY = `@issue-14
Feature: The story
  A \`shrink\` to more shards than the index has ends in ERROR.

  @profile:6.6 @issue-12
  Scenario: The index fails its shrink
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "i" with settings:
      | index.number_of_shards | 2 |
      | index.lifecycle.name   | p |
    # Five days later the warm phase starts, and the shrink fails.
    When the clock advances by 7344m
    Then "i" is at step warm/shrink/ERROR
`;

const TIME = `Feature: Time
  Scenario Outline: Advancing by <by>
    Given an index "i" managed by "none"
    When the clock advances by <by>

    Examples:
      | by |
      | 1d |
      | 2d |

  Scenario: A wrong expectation
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": {} } } } }
      """
    And an index "i" managed by "p"
    When the clock advances by 1d
    Then "i" is in the "warm" phase
`;

describe('living documentation', () => {
  it('writes a document of the features and prints where it is, with the failure', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-docs-'));
    for (const [folder, name, text] of [
      ['explain', 'story.feature', STORY],
      ['time', 'time.feature', TIME],
    ] as const) {
      mkdirSync(path.join(dir, 'features', folder), { recursive: true });
      writeFileSync(path.join(dir, 'features', folder, name), text);
    }
    const output = path.join(dir, 'docs.html');
    const options = JSON.stringify({
      livingDocs: {
        output,
        title: 'Test <docs>',
        introduction: 'Hello `code`.',
        first: ['features/explain/story.feature'],
        capabilities: { time: 'About time' },
      },
    });
    const features = [path.join(dir, 'features/time/time.feature'), path.join(dir, 'features/explain/story.feature')];
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/@cucumber/cucumber/bin/cucumber.js'), '-p', 'docs', '--format-options', options, ...features],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).to.equal(1);
    expect(run.stdout).to.match(
      new RegExp(
        `^Living documentation \\(4 scenarios, 1 failing\\): ${output.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\n✗ .*time\\.feature A wrong expectation\n    Error: expected "i" to be in the "warm" phase, but it is at new/complete/complete since 2024-01-01T00:00:00.000Z \\(for 1d\\): the warm phase needs min_age 5d, age is 1d, it starts at 2024-01-06T00:00:00.000Z \\(a poll tick\\)\n`,
      ),
    );
    expect(run.stderr).to.not.match(/deprecat/i);
    const html = readFileSync(output, 'utf8');
    expect(html).to.contain('<title>Test &lt;docs&gt;</title>').and.contain('<p>Hello <code>code</code>.</p>');
    // The chosen story first, then the capabilities, in the contents and the body.
    expect(html.indexOf('<h2 id="chapter-start-here">Start here</h2>'))
      .to.be.greaterThan(0)
      .and.lessThan(html.indexOf('<h2 id="chapter-about-time">About time</h2>'));
    expect(html).to.contain('<p>A <code>shrink</code> to more shards than the index has ends in ERROR.</p>');
    // Narrative comments are kept, as quiet paragraphs between the steps.
    expect(html).to.contain('<li class="narrative"><p>Five days later the warm phase starts, and the shrink fails.</p></li>');
    // A scenario whose indices have a lifecycle has its picture (the outline's index names a policy that
    // does not exist: no history, no picture); each has a quiet status, the failure its message.
    expect(html.match(/<figure class="timeline"><svg/g)).to.have.length(2);
    expect(html)
      .to.contain('<section class="scenario failed"')
      .and.contain('<pre class="failure">Error: expected &quot;i&quot; to be in the &quot;warm&quot; phase');
    expect(html.match(/class="status passed"/g)).to.have.length(4);
    // Tags are shown quietly, but not the issue a regression scenario is tagged with.
    expect(html).to.contain(
      '<h4>The index fails its shrink <span class="status passed" title="passed">✓ </span> <span class="tags"><span class="tag">@profile:6.6</span></span></h4>',
    );
    expect(html)
      .to.contain('<h3>The story</h3>')
      .and.not.match(/issue-1[24]/);
  });

  it("the project's own features show no internal issue references (tags such as @issue-14 are hidden)", () => {
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.feature')) {
          readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (!line.trim().startsWith('@') && /\bissues? ?#?\d+/i.test(line)) found.push(`${path.relative(ROOT, full)}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(path.join(ROOT, 'features'));
    expect(found).to.deep.equal([]);
  });

  it('reads a little Markdown in descriptions', () => {
    expect(prose('A `b` **c**\nd\n\n- e\n- f <g>')).to.equal('<p>A <code>b</code> <strong>c</strong> d</p>\n<ul><li>e</li><li>f &lt;g&gt;</li></ul>');
  });
});
