/**
 * `npm run test:browser`: the time machine page in a real Chromium (Debian's, driven by playwright-core)
 * doing what a person does: open the page, advance the clock and see an index enter warm, see the seed
 * story's ERROR with ES's reason, fix the policy and retry from the page and see it complete, stop a
 * warm node and see the allocate stall with ES's message, start it and see it finish. Along the way it
 * checks that what the page shows equals what the HTTP routes answer, and that the page follows
 * requests made by another client. Screenshots go to reports/ui/.
 */
import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { SimulatorServer, startServer } from '../src/server';
import { launchChromium } from './chromium';

const SHOTS = join(__dirname, '..', 'reports', 'ui');
const SEED_REASON = 'the number of target shards [4] must be less that the number of source shards [2]';
const TIMEOUT_MILLIS = 10_000;

/** A request as any other client sends it (not through the page). */
async function http(server: SimulatorServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(server.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const rowState = (page: Page, index: string) => page.locator(`[data-index="${index}"] [data-testid="row-state"]`);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Debian's Chromium with one page the size of a laptop screen, waiting at most TIMEOUT_MILLIS for what it expects. */
async function openBrowser(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
  page.setDefaultTimeout(TIMEOUT_MILLIS);
  return { browser, page };
}

/** Types a duration into the clock's "by" field and advances. */
async function advanceBy(page: Page, duration: string): Promise<void> {
  const before = await page.getByTestId('app').getAttribute('data-version');
  await page.getByTestId('advance-by').fill(duration);
  await page.getByTestId('advance-by').press('Enter');
  await page.locator(`[data-testid=app]:not([data-version="${before}"])`).waitFor();
}

/** The page's values, checked against the routes a client uses. */
async function expectPageMatchesApi(page: Page, server: SimulatorServer, index: string): Promise<void> {
  const clock = await http(server, 'GET', '/_sim/clock');
  await expectText(page.getByTestId('clock-now'), clock.body.now);
  const explain = (await http(server, 'GET', `/${index}/_ilm/explain`)).body.indices[index];
  await expectText(page.getByTestId('fact-step'), `${explain.phase}/${explain.action}/${explain.step}`);
  await expectText(page.getByTestId('fact-policy'), explain.policy);
  const why = (await http(server, 'GET', `/_sim/why/${index}`)).body;
  await expectText(page.getByTestId('why-explanation'), why.explanation);
  const timeline = (await http(server, 'GET', '/_sim/timeline')).body;
  await expectText(page.getByTestId('lineage-count'), `${timeline.indices.length} of ${timeline.indices.length} lineages`);
}

async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: TIMEOUT_MILLIS });
  expect((await locator.first().textContent())?.trim()).to.equal(text);
}

describe('the time machine page in Chromium', { timeout: 120_000 }, () => {
  let server: SimulatorServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer({
      port: 0,
      nodes: [
        { name: 'hot-1', roles: ['master', 'data_hot', 'data_content'], attributes: { box_type: 'hot' } },
        { name: 'warm-1', roles: ['data_warm'], attributes: { box_type: 'warm' } },
      ],
    });
    // The seed story's cluster (../shared/seed/, features/errors-and-retries/shrink-error.feature),
    // put by another client before the page opens.
    await http(server, 'PUT', '/_ilm/policy/shrink-index', { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
    await http(server, 'PUT', '/my-index-000001', {
      settings: { 'index.number_of_shards': 2, 'index.number_of_replicas': 0, 'index.lifecycle.name': 'shrink-index' },
    });
    ({ browser, page } = await openBrowser());
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is served at /_sim/ui/ while GET / stays ES JSON', async () => {
    const root = await http(server, 'GET', '/');
    expect(root.body.tagline).to.equal('You Know, for Search');
    expect(server.pageUrl).to.equal(`${server.url}/_sim/ui/`);
    await page.goto(server.pageUrl);
    await page.locator('[data-ready=true]').waitFor();
    await expectText(page.getByTestId('live'), 'live');
    await expectText(rowState(page, 'my-index-000001'), 'new');
  });

  it('advances the clock and shows the index entering warm', async () => {
    await advanceBy(page, '5d');
    await expectText(rowState(page, 'my-index-000001'), 'warm');
    await shot(page, '1-entered-warm');
  });

  it("shows the seed story's ERROR with ES's reason", async () => {
    await page.getByTestId('advance-1h').click();
    await expectText(rowState(page, 'my-index-000001'), 'warm: ERROR at shrink');
    await page.locator('[data-index="my-index-000001"] .reason').filter({ hasText: SEED_REASON }).waitFor();
    await page.locator('[data-index="my-index-000001"] button.row-label').click();
    await page.getByTestId('why-explanation').filter({ hasText: SEED_REASON }).waitFor();
    await expectPageMatchesApi(page, server, 'my-index-000001');
    await shot(page, '2-error');
  });

  it("shows ES's validation error for a bad policy, word for word", async () => {
    await page.getByTestId('tab-policy').click();
    const bad = JSON.stringify({ policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 'four' } } } } } });
    await page.getByTestId('policy-editor').fill(bad);
    await page.getByTestId('policy-save').click();
    const direct = await http(server, 'PUT', '/_ilm/policy/shrink-index', bad);
    expect(direct.status).to.equal(400);
    await expectText(page.getByTestId('index-outcome-reason'), direct.body.error.reason);
    await shot(page, '3-policy-validation-error');
  });

  it('fixes the policy, retries from the page and sees the shrink complete', async () => {
    await page
      .getByTestId('policy-editor')
      .fill(JSON.stringify({ policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } } }, null, 2));
    await page.getByTestId('policy-save').click();
    await page.getByTestId('index-outcome').filter({ hasText: '{"acknowledged":true}' }).waitFor();
    await page.getByTestId('action-retry').click();
    await page.getByTestId('index-outcome').filter({ hasText: '{"acknowledged":true}' }).waitFor();
    // The retried step runs on the next tick (see the report: `_next` does not see the re-run yet).
    await page.getByTestId('advance-1h').click();
    // shrink replaced the index: the lineage row now names shrink-my-index-000001 (7.10; later releases add a random part).
    const timeline = (await http(server, 'GET', '/_sim/timeline?index=my-index-000001')).body;
    const lineage = timeline.indices[0];
    const current = lineage.lineage[lineage.lineage.length - 1].index;
    expect(current).to.match(/^shrink-(.+-)?my-index-000001$/);
    await expectText(rowState(page, 'my-index-000001'), 'warm');
    await page.locator('[data-index="my-index-000001"] button.row-label').click();
    await expectText(page.getByTestId('fact-step'), 'warm/complete/complete');
    await expectPageMatchesApi(page, server, current);
    await shot(page, '4-shrink-complete');
  });

  it('follows a change another client makes, without a reload', async () => {
    await http(server, 'PUT', '/_ilm/policy/tiers', {
      policy: { phases: { warm: { min_age: '1d', actions: { allocate: { number_of_replicas: 0, require: { box_type: 'warm' } } } } } },
    });
    await http(server, 'PUT', '/logs-1', {
      settings: { 'index.number_of_replicas': 0, 'index.routing.allocation.require.box_type': 'hot', 'index.lifecycle.name': 'tiers' },
    });
    await expectText(rowState(page, 'logs-1'), 'new');
  });

  it("stops the warm node and shows the allocate stall with ES's message", async () => {
    await page.getByTestId('side-cluster').click();
    await page.getByTestId('node-toggle-warm-1').click();
    await expectText(page.getByTestId('node-warm-1').getByTestId('node-running'), 'stopped');
    await advanceBy(page, '25h');
    await expectText(rowState(page, 'logs-1'), 'warm: waiting at check-allocation');
    await page.locator('[data-index="logs-1"] button.row-label').click();
    const explain = (await http(server, 'GET', '/logs-1/_ilm/explain')).body.indices['logs-1'];
    expect(explain.step).to.equal('check-allocation');
    const message: string = explain.step_info.message;
    await page.getByTestId('why-explanation').filter({ hasText: message }).waitFor();
    await expectPageMatchesApi(page, server, 'logs-1');
    await shot(page, '5-allocate-stall');
  });

  it('starts the node again and sees the allocate finish', async () => {
    await page.getByTestId('side-cluster').click();
    await page.getByTestId('node-toggle-warm-1').click();
    await expectText(page.getByTestId('node-warm-1').getByTestId('node-running'), 'running');
    const nodes = (await http(server, 'GET', '/_sim/nodes')).body.nodes as { name: string; running: boolean }[];
    for (const node of nodes) await expectText(page.getByTestId(`node-${node.name}`).getByTestId('node-running'), node.running ? 'running' : 'stopped');
    await expectText(page.getByTestId('cluster-health'), (await http(server, 'GET', '/_cluster/health')).body.status);
    await page.getByTestId('until-index').fill('logs-1');
    await page.locator('select[aria-label="Reaches a phase or a step"]').selectOption('step');
    await page.getByTestId('until-value').fill('warm/complete/complete');
    await page.getByTestId('until-run').click();
    await page.getByTestId('clock-outcome').filter({ hasText: '"reached":true' }).waitFor();
    await expectText(rowState(page, 'logs-1'), 'warm');
    await page.locator('[data-index="logs-1"] button.row-label').click();
    await expectText(page.getByTestId('fact-step'), 'warm/complete/complete');
    await expectPageMatchesApi(page, server, 'logs-1');
    await shot(page, '6-allocate-done');
  });

  it('filters to problems only, and by policy', async () => {
    await page.getByTestId('filter-problems').check();
    await expectText(page.getByTestId('lineage-count'), '0 of 2 lineages');
    await page.getByTestId('filter-problems').uncheck();
    await page.getByTestId('filter-policy').selectOption('tiers');
    await expectText(page.getByTestId('lineage-count'), '1 of 2 lineages');
    await page.getByTestId('filter-policy').selectOption('');
  });

  it('is keyboard operable: arrows move between rows, Enter opens one, + zooms', async () => {
    await page.locator('[data-index="my-index-000001"] button.row-label').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate('document.activeElement.closest("[data-index]").dataset.index')).to.equal('logs-1');
    await page.keyboard.press('Enter');
    await expectText(page.getByRole('heading', { level: 2 }), 'index logs-1');
    const range = await page.locator('.range').textContent();
    await page.keyboard.press('+');
    expect(await page.locator('.range').textContent()).to.not.equal(range);
    await page.keyboard.press('0');
    expect(await page.locator('.range').textContent()).to.equal(range);
  });

  it("follows the system's dark setting", async () => {
    const light = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect([light, dark]).to.deep.equal(['rgb(255, 255, 255)', 'rgb(20, 23, 27)']);
    await page.getByTestId('side-cluster').click();
    await shot(page, '7-dark');
  });
});

describe('the time machine page on 8.19: a data stream the data stream lifecycle manages', { timeout: 120_000 }, () => {
  let server: SimulatorServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ port: 0, profile: '8.19' });
    await http(server, 'PUT', '/_index_template/logs', {
      index_patterns: ['logs-*'],
      data_stream: {},
      template: { lifecycle: { data_retention: '2d' } },
    });
    await http(server, 'PUT', '/_data_stream/logs-app');
    await http(server, 'POST', '/_sim/ingest', { index: 'logs-app', count: 5 });
    await http(server, 'POST', '/_sim/clock/_advance', { by: '2d' });
    ({ browser, page } = await openBrowser());
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it("colours the lifecycle's write and rolled_over spans and names them in the legend", async () => {
    await page.goto(server.pageUrl);
    await page.locator('[data-ready=true]').waitFor();
    await expectText(page.locator('.timeline .legend .swatch.phase-rolled_over'), 'rolled_over');
    const colour = (selector: string) => page.evaluate(`getComputedStyle(document.querySelector('${selector}')).backgroundColor`);
    expect(await colour('.bar.phase-write')).to.equal('rgb(63, 163, 107)');
    expect(await colour('.bar.phase-rolled_over')).to.equal('rgb(122, 156, 198)');
    await shot(page, '8-data-stream-lifecycle');
  });
});
