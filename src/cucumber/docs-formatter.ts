/**
 * The living documentation: a Cucumber formatter (a `type: 'formatter'` plugin over the message
 * stream) that writes the features as a document people read: a title and an introduction, a table
 * of contents by capability (the features' folders), a chosen story first, each feature's description,
 * each scenario's steps with the narrative comments kept, its timeline picture (the SVG the World
 * attaches) and its status shown quietly. It writes the HTML file itself and prints where it went,
 * with any failing scenario's message (the console needs no other formatter).
 * Used by `npm start` and, through `ilm-sim/docs`, by users for their own features.
 *
 * Options (`formatOptions.livingDocs`): `output` (default `reports/living-docs.html`), `title`,
 * `introduction` (paragraphs; `code` in backticks), `first` (feature paths to put first),
 * `capabilities` (folder name -> heading), `hiddenTags` (tags never shown, a trailing `*` for any ending;
 * default `@issue-*`: a regression scenario is tagged with its issue, which is no reader's business).
 * Other tags are shown quietly beside the name (`@profile:6.6` says which release a scenario runs on).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as messages from '@cucumber/messages';

export interface LivingDocsOptions {
  readonly output?: string;
  readonly title?: string;
  readonly introduction?: string;
  readonly first?: readonly string[];
  readonly capabilities?: Readonly<Record<string, string>>;
  readonly hiddenTags?: readonly string[];
}

const DEFAULT_HIDDEN_TAGS = ['@issue-*'];

/** The tags a reader sees, quietly: all but the hidden ones. */
function tagsHtml(tags: readonly messages.Tag[], options: LivingDocsOptions): string {
  const hidden = options.hiddenTags ?? DEFAULT_HIDDEN_TAGS;
  const isHidden = (name: string) => hidden.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));
  const shown = tags.map((tag) => tag.name).filter((name) => !isHidden(name));
  return shown.length === 0 ? '' : ` <span class="tags">${shown.map((name) => `<span class="tag">${escapeHtml(name)}</span>`).join(' ')}</span>`;
}

type Status = 'passed' | 'failed' | 'skipped' | 'pending' | 'undefined' | 'ambiguous' | 'unknown';

interface Run {
  readonly testCaseId: string;
  readonly attempt: number;
  readonly results: Map<string, messages.TestStepResult>;
  readonly attachments: messages.Attachment[];
}

/** What the message stream told, indexed for rendering. */
class Collected {
  readonly documents: messages.GherkinDocument[] = [];
  readonly pickles = new Map<string, messages.Pickle>();
  readonly testCases = new Map<string, messages.TestCase>();
  readonly runs = new Map<string, Run>();
  /** The last run of each pickle (retries replace earlier attempts). */
  readonly lastRunOfPickle = new Map<string, Run>();
  startedAt: number | null = null;

  add(envelope: messages.Envelope): void {
    if (envelope.gherkinDocument) this.documents.push(envelope.gherkinDocument);
    else if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    else if (envelope.testCase) this.testCases.set(envelope.testCase.id, envelope.testCase);
    else if (envelope.testRunStarted) this.startedAt = Number(envelope.testRunStarted.timestamp.seconds) * 1000;
    else if (envelope.testCaseStarted) {
      const run: Run = { testCaseId: envelope.testCaseStarted.testCaseId, attempt: envelope.testCaseStarted.attempt, results: new Map(), attachments: [] };
      this.runs.set(envelope.testCaseStarted.id, run);
      const pickleId = this.testCases.get(run.testCaseId)?.pickleId;
      if (pickleId !== undefined) this.lastRunOfPickle.set(pickleId, run);
    } else if (envelope.testStepFinished) {
      this.runs.get(envelope.testStepFinished.testCaseStartedId)?.results.set(envelope.testStepFinished.testStepId, envelope.testStepFinished.testStepResult);
    } else if (envelope.attachment?.testCaseStartedId !== undefined) {
      this.runs.get(envelope.attachment.testCaseStartedId)?.attachments.push(envelope.attachment);
    }
  }

  /** The pickle's status (the worst of its steps') and the first failure's message. */
  outcome(pickleId: string): { status: Status; message: string | null } {
    const run = this.lastRunOfPickle.get(pickleId);
    if (!run) return { status: 'unknown', message: null };
    const order: Status[] = ['failed', 'ambiguous', 'undefined', 'pending', 'skipped', 'passed'];
    let worst: Status = 'passed';
    let message: string | null = null;
    for (const result of run.results.values()) {
      const status = result.status.toLowerCase() as Status;
      if (order.indexOf(status) < order.indexOf(worst)) worst = status;
      if (status === 'failed' && message === null) message = result.message ?? result.exception?.message ?? 'failed';
    }
    return { status: worst, message };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A little Markdown: paragraphs, `code`, **bold**, lists of `- ` lines. */
export function prose(text: string): string {
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length > 0),
    )
    .filter((b) => b.length > 0);
  return blocks
    .map((lines) =>
      lines.every((l) => l.startsWith('- ')) ? `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>` : `<p>${inline(lines.join(' '))}</p>`,
    )
    .join('\n');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function capabilityOf(uri: string): string {
  const parts = uri.split('/');
  return parts.length > 2 ? parts[parts.length - 2]! : parts.length === 2 ? parts[0]! : 'features';
}

function headingOf(folder: string, options: LivingDocsOptions): string {
  const given = options.capabilities?.[folder];
  if (given) return given;
  const words = folder.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function table(rows: readonly messages.TableRow[], extra?: (row: messages.TableRow, i: number) => string): string {
  return `<table class="data">${rows.map((row, i) => `<tr>${row.cells.map((c) => `<td>${escapeHtml(c.value)}</td>`).join('')}${extra ? extra(row, i) : ''}</tr>`).join('')}</table>`;
}

function stepHtml(step: messages.Step): string {
  const argument = step.docString ? `<pre class="doc">${escapeHtml(step.docString.content)}</pre>` : step.dataTable ? table(step.dataTable.rows) : '';
  const text = escapeHtml(step.text)
    .replace(/&quot;([^&]*)&quot;/g, '<span class="q">&quot;$1&quot;</span>')
    .replace(/&lt;([a-z_ ]+)&gt;/gi, '<span class="param">&lt;$1&gt;</span>');
  return `<li class="step"><span class="kw">${escapeHtml(step.keyword.trim())}</span> ${text}${argument}</li>`;
}

const MARK: Record<Status, string> = { passed: '✓', failed: '✗', skipped: '–', pending: '…', undefined: '?', ambiguous: '?', unknown: '·' };

function chip(status: Status): string {
  return `<span class="status ${status}" title="${status}">${MARK[status]} ${status === 'passed' ? '' : status}</span>`;
}

/** The narrative comments (`# ...`) in a range of lines, as quiet paragraphs. */
function narrative(comments: readonly messages.Comment[], fromLine: number, toLine: number): string {
  const lines = comments
    .filter((c) => c.location.line > fromLine && c.location.line < toLine)
    .map((c) => c.text.trim().replace(/^#\s?/, ''))
    .filter((t) => !/^language:/.test(t));
  return lines.length === 0 ? '' : `<li class="narrative">${prose(lines.join('\n'))}</li>`;
}

function stepsWithNarrative(steps: readonly messages.Step[], comments: readonly messages.Comment[], startLine: number): string {
  let previous = startLine;
  const items: string[] = [];
  for (const step of steps) {
    items.push(narrative(comments, previous, step.location.line));
    items.push(stepHtml(step));
    previous = step.location.line;
  }
  return `<ol class="steps">${items.join('')}</ol>`;
}

function svgOf(run: Run | undefined): string {
  const picture = run?.attachments.find((a) => a.mediaType === 'image/svg+xml');
  if (!picture) return '';
  const svg = picture.contentEncoding === 'BASE64' ? Buffer.from(picture.body, 'base64').toString('utf8') : picture.body;
  return `<figure class="timeline">${svg}</figure>`;
}

function failureHtml(message: string | null): string {
  if (message === null) return '';
  const text = message
    .split('\n')
    .filter((l) => !/^\s+at /.test(l))
    .join('\n')
    .trim();
  return `<pre class="failure">${escapeHtml(text)}</pre>`;
}

function scenarioHtml(
  scenario: messages.Scenario,
  document: messages.GherkinDocument,
  data: Collected,
  picklesByAst: Map<string, messages.Pickle[]>,
  nextLine: number,
  options: LivingDocsOptions,
): { html: string; statuses: Status[] } {
  const pickles = picklesByAst.get(scenario.id) ?? [];
  const outcomes = pickles.map((p) => ({ pickle: p, ...data.outcome(p.id) }));
  const statuses = outcomes.map((o) => o.status);
  const overall: Status = statuses.find((s) => s !== 'passed') ?? (statuses.length > 0 ? 'passed' : 'unknown');
  const parts = [`<section class="scenario ${overall}" id="${slug(`${document.uri}-${scenario.name}-${scenario.location.line}`)}">`];
  parts.push(`<h4>${escapeHtml(scenario.name)} ${chip(overall)}${tagsHtml(scenario.tags, options)}</h4>`);
  if (scenario.description.trim()) parts.push(`<div class="description">${prose(scenario.description)}</div>`);
  const lastStepLine = scenario.steps[scenario.steps.length - 1]?.location.line ?? scenario.location.line;
  parts.push(stepsWithNarrative(scenario.steps, document.comments, scenario.location.line));
  const trailing = narrative(document.comments, lastStepLine, scenario.examples[0]?.location.line ?? nextLine);
  if (trailing) parts.push(`<ol class="steps">${trailing}</ol>`);
  if (scenario.examples.length > 0) {
    // One pickle per example row, in order.
    let row = 0;
    for (const examples of scenario.examples) {
      parts.push(`<p class="examples-title">${escapeHtml(examples.keyword)}${examples.name ? `: ${escapeHtml(examples.name)}` : ''}</p>`);
      const header = examples.tableHeader ? [examples.tableHeader] : [];
      const body = examples.tableBody;
      const offset = row;
      parts.push(
        table([...header, ...body], (_, i) =>
          i < header.length ? '<td></td>' : `<td class="row-status">${chip(outcomes[offset + i - header.length]?.status ?? 'unknown')}</td>`,
        ),
      );
      row += body.length;
    }
  }
  for (const outcome of outcomes) if (outcome.status === 'failed') parts.push(failureHtml(outcome.message));
  const picture = svgOf(data.lastRunOfPickle.get(outcomes[0]?.pickle.id ?? ''));
  if (picture) parts.push(picture);
  parts.push('</section>');
  return { html: parts.join('\n'), statuses };
}

const STYLE = `
body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1a1c21;line-height:1.5;margin:0;background:#fff}
main{max-width:1060px;margin:0 auto;padding:32px 32px 80px}
h1{font-size:30px;margin:0 0 8px}h2{font-size:22px;margin:48px 0 8px;border-bottom:2px solid #e3e8f2;padding-bottom:4px}
h3{font-size:18px;margin:32px 0 4px}h4{font-size:15px;margin:20px 0 4px}
.lead{font-size:16px;color:#343741}.meta{color:#69707d;font-size:13px}
nav.toc{background:#f5f7fa;border-radius:6px;padding:12px 20px;margin:20px 0;columns:2;column-gap:32px;font-size:14px}
nav.toc h2{font-size:14px;border:none;margin:0 0 6px;padding:0;column-span:all}
nav.toc div{break-inside:avoid;margin-bottom:10px}nav.toc strong{display:block}nav.toc a{color:#0061a6;text-decoration:none}
nav.toc ul{margin:2px 0 0;padding-left:18px}
.description p{margin:6px 0}
code{background:#f1f4fa;border-radius:3px;padding:0 3px;font-size:90%}
ol.steps{list-style:none;padding-left:0;margin:8px 0}
li.step{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;padding:1px 0;overflow-wrap:anywhere}
li.step .kw{color:#0061a6;font-weight:600}.q{color:#006bb8}.param{color:#9170b8}
li.narrative{color:#535966;font-style:italic;margin:8px 0 2px;border-left:3px solid #d3dae6;padding-left:10px}
li.narrative p{margin:2px 0}
pre.doc{background:#f8f9fc;border:1px solid #e3e8f2;border-radius:4px;padding:6px 10px;margin:4px 0 6px 24px;font-size:12px;overflow-x:auto}
table.data{border-collapse:collapse;margin:4px 0 6px 24px;display:block;overflow-x:auto;max-width:calc(100% - 24px);font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
table.data td{border:1px solid #e3e8f2;padding:2px 8px;white-space:nowrap}
.status{font-size:12px;font-weight:500;color:#017d73;margin-left:6px}.status.failed{color:#bd271e}.status.skipped,.status.pending,.status.undefined,.status.unknown{color:#98a2b3}
section.scenario{padding:2px 0 8px;border-bottom:1px solid #f1f4fa}
section.scenario.failed{border-left:3px solid #bd271e;padding-left:12px}
pre.failure{background:#fff5f4;border:1px solid #f4c7c3;color:#8b1a13;border-radius:4px;padding:8px 10px;white-space:pre-wrap;font-size:12px}
figure.timeline{margin:10px 0;overflow-x:auto}figure.timeline svg{max-width:100%;height:auto}
.background{color:#535966}.background summary{cursor:pointer;font-size:13px}
.tags{margin-left:6px}.tag{font-size:11px;font-weight:400;color:#69707d;background:#f1f4fa;border-radius:3px;padding:0 5px;font-family:ui-monospace,Menlo,Consolas,monospace}
.examples-title{font-size:13px;font-weight:600;margin:8px 0 0 24px}
`;

export function renderLivingDocs(data: Collected, options: LivingDocsOptions): { html: string; scenarios: number; failing: number } {
  const first = options.first ?? [];
  const rank = (uri: string) => {
    const at = first.findIndex((f) => uri === f || uri.endsWith(`/${f}`) || f.endsWith(uri));
    return at < 0 ? first.length : at;
  };
  const documents = data.documents.filter((d) => d.feature).sort((a, b) => rank(a.uri!) - rank(b.uri!) || a.uri!.localeCompare(b.uri!));
  const picklesByAst = new Map<string, messages.Pickle[]>();
  for (const pickle of data.pickles.values()) {
    for (const id of pickle.astNodeIds) {
      const list = picklesByAst.get(id);
      if (list) list.push(pickle);
      else picklesByAst.set(id, [pickle]);
    }
  }
  // Chapters: the features put first, then one per capability (folder), in the order found.
  const chapters = new Map<string, messages.GherkinDocument[]>();
  for (const document of documents) {
    const key = rank(document.uri!) < first.length ? '' : capabilityOf(document.uri!);
    const list = chapters.get(key);
    if (list) list.push(document);
    else chapters.set(key, [document]);
  }
  let scenarios = 0;
  let failing = 0;
  const body: string[] = [];
  const toc: string[] = [];
  for (const [key, chapter] of chapters) {
    const heading = key === '' ? 'Start here' : headingOf(key, options);
    body.push(`<h2 id="${slug(`chapter-${heading}`)}">${escapeHtml(heading)}</h2>`);
    const entries: string[] = [];
    for (const document of chapter) {
      const feature = document.feature!;
      const id = slug(document.uri!);
      body.push(`<article class="feature" id="${id}"><h3>${escapeHtml(feature.name)}${tagsHtml(feature.tags, options)}</h3>`);
      if (feature.description.trim()) body.push(`<div class="description">${prose(feature.description)}</div>`);
      let count = 0;
      let failed = 0;
      const children = feature.children.flatMap((child) => (child.rule ? child.rule.children : [child]));
      children.forEach((child, i) => {
        const next = children[i + 1];
        const nextLine = next?.scenario?.location.line ?? next?.background?.location.line ?? Number.MAX_SAFE_INTEGER;
        if (child.background) {
          const background = child.background;
          body.push(
            `<details class="background"><summary>${escapeHtml(background.keyword)}: ${background.steps.length} steps every scenario starts with</summary>${stepsWithNarrative(background.steps, document.comments, background.location.line)}</details>`,
          );
        } else if (child.scenario) {
          const { html, statuses } = scenarioHtml(child.scenario, document, data, picklesByAst, nextLine, options);
          body.push(html);
          count += statuses.length;
          failed += statuses.filter((s) => s === 'failed').length;
        }
      });
      body.push('</article>');
      scenarios += count;
      failing += failed;
      entries.push(`<li><a href="#${id}">${escapeHtml(feature.name)}</a>${failed > 0 ? ` <span class="status failed">✗ ${failed}</span>` : ''}</li>`);
    }
    toc.push(`<div><strong><a href="#${slug(`chapter-${heading}`)}">${escapeHtml(heading)}</a></strong><ul>${entries.join('')}</ul></div>`);
  }
  const title = options.title ?? 'Living documentation';
  const when = data.startedAt === null ? '' : ` on ${new Date(data.startedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const summary = failing === 0 ? `All ${scenarios} scenarios pass.` : `${failing} of ${scenarios} scenarios fail (marked ✗).`;
  const html = [
    '<!DOCTYPE html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>`,
    `<h1>${escapeHtml(title)}</h1>`,
    options.introduction ? `<div class="lead">${prose(options.introduction)}</div>` : '',
    `<p class="meta">Every example below ran as a test${when}. ${summary}</p>`,
    `<nav class="toc"><h2>Contents</h2>${toc.join('')}</nav>`,
    ...body,
    '</main></body></html>',
    '',
  ].join('\n');
  return { html, scenarios, failing };
}

/** Each failing scenario: where (file:line and name) and the first lines of its message. */
function failures(data: Collected): Array<{ where: string; message: string }> {
  const out: Array<{ where: string; message: string }> = [];
  for (const pickle of data.pickles.values()) {
    const { status, message } = data.outcome(pickle.id);
    if (status !== 'failed' && status !== 'undefined' && status !== 'ambiguous') continue;
    const text = (message ?? status)
      .split('\n')
      .filter((l) => !/^\s+at /.test(l))
      .slice(0, 6)
      .join('\n');
    out.push({ where: `${pickle.uri} ${pickle.name}`, message: text });
  }
  return out;
}

/** The formatter plugin: collects the messages, writes the document at the end, says where. */
const livingDocs = {
  type: 'formatter' as const,
  optionsKey: 'livingDocs',
  formatter({
    on,
    options,
    write,
  }: {
    on: (key: 'message', handler: (envelope: messages.Envelope) => void) => void;
    options: LivingDocsOptions | undefined;
    write: (text: string) => void;
  }) {
    const data = new Collected();
    on('message', (envelope) => data.add(envelope));
    return () => {
      const settings = options ?? {};
      const file = path.resolve(settings.output ?? 'reports/living-docs.html');
      const { html, scenarios, failing } = renderLivingDocs(data, settings);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, html);
      write(`Living documentation (${scenarios} scenarios${failing > 0 ? `, ${failing} failing` : ', all passing'}): ${file}\n`);
      for (const failure of failures(data)) write(`\n✗ ${failure.where}\n${failure.message.replace(/^/gm, '    ')}\n`);
    };
  },
};

export default livingDocs;
