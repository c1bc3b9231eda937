/**
 * `npm run bench:ui`: the time machine page in Debian's Chromium at 1,000 and 10,000 indices. For each
 * size it prints the first render (navigation until the timeline's rows are on screen), the
 * clock-advance latency (click "+1h" until the page has read the new state and drawn it; median and
 * max of 5), a scroll through the rows, and what one `GET /_sim/timeline` costs (bytes, server time).
 * Each cluster: one policy (warm at 1d, delete at 60d), indices created an hour apart, then 3 days
 * run, so every row has phases and waits. It prints the machine's load average first: on a shared
 * machine the wall times grow with it. Options: --sizes 1000,10000.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createSimulator } from '../src/index';
import { startServer } from '../src/server';
import { launchChromium } from '../browser/chromium';

const POLICY = {
  policy: {
    phases: {
      hot: { actions: { set_priority: { priority: 100 } } },
      warm: { min_age: '1d', actions: { set_priority: { priority: 50 } } },
      delete: { min_age: '60d', actions: { delete: {} } },
    },
  },
};

function cluster(size: number) {
  const simulator = createSimulator({ stackTemplates: false });
  // Every request must succeed: a refused one (one node holds 1,000 shards by default) would
  // silently shrink the cluster measured.
  const send = (method: string, path: string, body: Record<string, unknown>) => {
    const answer = simulator.requestSync({ method, path, body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  };
  send('PUT', '/_cluster/settings', { persistent: { 'cluster.max_shards_per_node': size + 1000 } });
  send('PUT', '/_ilm/policy/bench', POLICY);
  const perHour = Math.ceil(size / 48);
  for (let i = 0; i < size; i++) {
    send('PUT', `/logs-${String(i).padStart(6, '0')}`, { settings: { 'index.lifecycle.name': 'bench', 'index.number_of_replicas': 0 } });
    if ((i + 1) % perHour === 0) send('POST', '/_sim/clock/_advance', { by: '1h' });
  }
  send('POST', '/_sim/clock/_advance', { by: '3d' });
  return simulator;
}

const ms = (millis: number) => `${millis.toFixed(0)} ms`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000' } } });
  const sizes = values.sizes!.split(',').map(Number);
  const [load1] = loadavg();
  console.log(`load average ${load1!.toFixed(1)} on ${cpus().length} cores (wall times grow with it; the CPU time of the timeline read does not)`);
  const browser = await launchChromium();
  try {
    for (const size of sizes) {
      const setupStart = performance.now();
      const simulator = cluster(size);
      const setupMillis = performance.now() - setupStart;
      const server = await startServer({ port: 0, simulator });
      try {
        const timelineStart = performance.now();
        const cpuStart = process.cpuUsage();
        const timeline = await (await fetch(`${server.url}/_sim/timeline`)).text();
        const timelineMillis = performance.now() - timelineStart;
        const timelineCpu = process.cpuUsage(cpuStart);
        const timelineCpuMillis = (timelineCpu.user + timelineCpu.system) / 1000;
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        const renderStart = performance.now();
        await page.goto(server.pageUrl);
        await page.locator('[data-ready=true] [data-index]').first().waitFor({ timeout: 60_000 });
        const firstRenderMillis = performance.now() - renderStart;
        const rowsInDom = await page.locator('[data-index]').count();
        const advances: number[] = [];
        for (let i = 0; i < 5; i++) {
          const version = await page.getByTestId('app').getAttribute('data-version');
          const start = performance.now();
          await page.getByTestId('advance-1h').click();
          await page.locator(`[data-testid=app]:not([data-version="${version}"])`).waitFor({ timeout: 60_000 });
          advances.push(performance.now() - start);
        }
        advances.sort((a, b) => a - b);
        const scrollMillis = await page.evaluate(`(async () => {
          const rows = document.querySelector('[data-testid=timeline-rows]');
          const start = performance.now();
          for (let i = 0; i < 60; i++) {
            rows.scrollTop = (rows.scrollHeight * i) / 60;
            await new Promise((r) => requestAnimationFrame(() => r()));
          }
          return (performance.now() - start) / 60;
        })()`);
        await page.close();
        console.log(
          `ui ${String(size).padStart(6)} indices: first render ${ms(firstRenderMillis)}, clock advance (+1h) median ${ms(advances[2]!)} max ${ms(advances[4]!)}, ` +
            `scroll ${(scrollMillis as number).toFixed(1)} ms/frame, ${rowsInDom} rows in the DOM; ` +
            `GET /_sim/timeline ${(timeline.length / 1e6).toFixed(1)} MB in ${ms(timelineMillis)} (${ms(timelineCpuMillis)} of CPU) (cluster set up in ${ms(setupMillis)})`,
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
