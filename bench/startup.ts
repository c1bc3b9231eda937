/**
 * Start-up bench (issue 11): how long a user's one-scenario Cucumber run takes as a whole process, from
 * a scratch project outside the repository that uses the built package (`require('ilm-sim/cucumber')`),
 * beside the floor measured in the same run (bare Cucumber running one empty step) and the in-repo run
 * through ts-node. Each case runs several times; min and median wall times and the ratio to the floor
 * are printed. It builds dist/ first (`npm run build`) and removes its scratch project at the end.
 * Options: --runs N (default 7).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(__dirname, '..');
const CUCUMBER_BIN = join(ROOT, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber.js');
/** The seed story: fix the policy, retry, and the shrink completes (first scenario of the file). */
const SEED_FEATURE = join(ROOT, 'features', 'errors-and-retries', 'manual-retry.feature');
const SEED_LINE = 15;

function scratchProject(kind: 'floor' | 'user'): string {
  const dir = mkdtempSync(join(tmpdir(), `ilm-sim-startup-${kind}-`));
  mkdirSync(join(dir, 'features', 'support'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', '@cucumber'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', '@cucumber', 'cucumber'), join(dir, 'node_modules', '@cucumber', 'cucumber'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `startup-${kind}`, private: true }));
  if (kind === 'floor') {
    writeFileSync(
      join(dir, 'features', 'support', 'steps.js'),
      "const { Given } = require('@cucumber/cucumber');\nGiven('nothing happens', function () {});\n",
    );
    writeFileSync(join(dir, 'features', 'seed.feature'), 'Feature: floor\n  Scenario: one empty step\n    Given nothing happens\n');
  } else {
    symlinkSync(ROOT, join(dir, 'node_modules', 'ilm-sim'), 'dir');
    writeFileSync(join(dir, 'features', 'support', 'ilm-sim.js'), "require('ilm-sim/cucumber');\n");
    writeFileSync(join(dir, 'features', 'seed.feature'), readFileSync(SEED_FEATURE, 'utf8'));
  }
  return dir;
}

function timeRuns(label: string, runs: number, cwd: string, args: readonly string[]): number[] {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    if (!/1 scenario \(1 passed\)/.test(result.stdout)) throw new Error(`${label} did not run exactly one passing scenario:\n${result.stdout}`);
    times.push(seconds);
  }
  return times.sort((a, b) => a - b);
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function main(): void {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got [${values.runs}]`);
  process.stdout.write('startup bench: building dist/ (npm run build)\n');
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const floor = scratchProject('floor');
  const user = scratchProject('user');
  try {
    const cases: Array<[string, string, string[]]> = [
      ['floor: bare Cucumber, one empty step', floor, [CUCUMBER_BIN, 'features/seed.feature']],
      ['user project: seed scenario, built package', user, [CUCUMBER_BIN, `features/seed.feature:${SEED_LINE}`]],
      ['this repository: seed scenario, ts-node', ROOT, [CUCUMBER_BIN, `${SEED_FEATURE}:${SEED_LINE}`]],
    ];
    const results = cases.map(([label, cwd, args]) => [label, timeRuns(label, runs, cwd, args)] as const);
    const floorMedian = median(results[0]![1]);
    process.stdout.write(`\nwhole-process wall time over ${runs} runs each (seconds)\n`);
    process.stdout.write(`${'case'.padEnd(46)}${'min'.padStart(8)}${'median'.padStart(8)}${'max'.padStart(8)}${'x floor'.padStart(9)}\n`);
    for (const [label, times] of results) {
      const ratio = median(times) / floorMedian;
      process.stdout.write(
        `${label.padEnd(46)}${times[0]!.toFixed(3).padStart(8)}${median(times).toFixed(3).padStart(8)}${times[times.length - 1]!.toFixed(3).padStart(8)}${ratio.toFixed(2).padStart(9)}\n`,
      );
    }
  } finally {
    rmSync(floor, { recursive: true, force: true });
    rmSync(user, { recursive: true, force: true });
  }
}

main();
