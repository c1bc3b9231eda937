/**
 * The package checked as a user would (issue 11): `npm pack`, install the tarball into a scratch
 * project outside the repository (npm registry only, from the cache when it can), and there run a
 * plain-JS and a TypeScript feature on `ilm-sim/cucumber` with a World of the user's own, a policy from
 * a file, the official client through `connectionFor` under sinon's fake timers with `linkFakeTimers`,
 * `startServer` on port 0, `npx ilm-sim --version`, and `npx ilm-sim init` followed by `npx cucumber-js`.
 * The scratch project's files are in package-check/.
 */
import { expect } from 'chai';
import { execFileSync, ExecFileSyncOptions } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = resolve(__dirname, '..');
const FIXTURES = join(ROOT, 'package-check');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; devDependencies: Record<string, string> };

/**
 * The files the README's "Use it in your project" section shows: each code block whose preceding
 * line ends with its file name in backquotes and a colon (`` `features/logs.feature`: ``).
 */
function readmeFiles(readme: string): Record<string, string> {
  const start = readme.indexOf('## Use it in your project');
  const end = readme.indexOf('\n## ', start + 1);
  const lines = readme.slice(start, end).split('\n');
  const files: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('```') || lines[i] === '```') continue;
    const named = lines.slice(0, i).reverse().find((line) => line.trim() !== '')?.match(/`([^`]+)`:\s*$/);
    const close = lines.indexOf('```', i + 1);
    if (named) files[named[1]!] = `${lines.slice(i + 1, close).join('\n')}\n`;
    i = close;
  }
  return files;
}

/** The environment of a user's shell: none of the npm variables of the `npm test` running this. */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name)) env[name] = value;
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
}

function run(command: string, args: readonly string[], cwd: string): string {
  const options: ExecFileSyncOptions = { cwd, env: userEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] };
  try {
    return execFileSync(command, args, options) as unknown as string;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number };
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${failed.status}:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
  }
}

describe('the packed package, installed into a project of its own', { timeout: 300_000 }, () => {
  let work: string;
  let project: string;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'ilm-sim-package-'));
    const packed = run('npm', ['pack', '--pack-destination', work, '--silent'], ROOT).trim().split('\n').pop()!;
    project = join(work, 'project');
    mkdirSync(join(project, 'checks', 'support'), { recursive: true });
    mkdirSync(join(project, 'checks', 'ts-support'), { recursive: true });
    mkdirSync(join(project, 'checks', 'js'), { recursive: true });
    mkdirSync(join(project, 'checks', 'ts'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'team-tool', version: '1.0.0', private: true, scripts: { test: 'echo "Error: no test specified" && exit 1' } }, null, 2));
    for (const [from, to] of [
      ['cucumber.json', 'checks/cucumber.json'],
      ['logs-export.json', 'checks/logs-export.json'],
      ['support.js', 'checks/support/team.js'],
      ['js.feature', 'checks/js/policy.feature'],
      ['support.ts', 'checks/ts-support/team.ts'],
      ['ts.feature', 'checks/ts/policy.feature'],
      ['tool-check.js', 'checks/tool-check.js'],
      ['tsconfig.json', 'tsconfig.json'],
      ['types.ts', 'checks/types.ts'],
    ] as const) {
      copyFileSync(join(FIXTURES, from), join(project, to));
    }
    const dev = manifest.devDependencies;
    const tools = ['@cucumber/cucumber', '@elastic/elasticsearch', 'sinon', '@types/sinon', 'ts-node', 'typescript', '@types/node'].map((name) => `${name}@${dev[name]}`);
    run('npm', ['install', '--save-dev', join(work, packed), ...tools], project);
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('loads as CommonJS and as an ES module, with no TypeScript at run time', () => {
    const cjs = run('node', ['-e', "const s = require('ilm-sim'); const c = s.createSimulator(); console.log(typeof s.linkFakeTimers, c.requestSync({ method: 'GET', path: '/_sim/clock' }).text)"], project);
    expect(cjs.trim()).to.equal('function {"now_millis":1704067200000,"now":"2024-01-01T00:00:00.000Z"}');
    const esm = run('node', ['--input-type=module', '-e', "import { createSimulator, PROFILES } from 'ilm-sim'; import { startServer } from 'ilm-sim/server'; import { connectionFor } from 'ilm-sim/client'; console.log([...PROFILES.keys()].join(' '), typeof startServer, typeof connectionFor, createSimulator().profile.name)"], project);
    expect(esm.trim().split(' ')).to.include.members(['6.6', '7.10', '8.19', '9.1', 'function']);
    expect(esm.trim()).to.match(/ function function 7\.10$/);
    expect(() => readFileSync(join(project, 'node_modules', 'ilm-sim', 'src', 'index.ts'))).to.throw();
  });

  it('runs a plain-JS feature on ilm-sim/cucumber with a World of the user\'s own', () => {
    const out = run('npx', ['cucumber-js', '--config', 'checks/cucumber.json', '--profile', 'js'], project);
    expect(out).to.match(/1 scenario \(1 passed\)/);
  });

  it('renders living documentation with ilm-sim/docs, a picture per scenario', () => {
    const out = run('npx', ['cucumber-js', '--config', 'checks/cucumber.json', '--profile', 'js', '--format', 'ilm-sim/docs', '--format-options', '{"livingDocs":{"output":"reports/docs.html","title":"Team policies"}}', '--world-parameters', '{"pictures":true}'], project);
    expect(out).to.include('reports/docs.html');
    const html = readFileSync(join(project, 'reports', 'docs.html'), 'utf8');
    expect(html).to.include('Team policies');
    expect(html).to.include('<svg');
  });

  it('runs a TypeScript feature, and the user\'s compiler accepts the package\'s types', () => {
    const out = run('npx', ['cucumber-js', '--config', 'checks/cucumber.json', '--profile', 'ts'], project);
    expect(out).to.match(/1 scenario \(1 passed\)/);
    run('npx', ['tsc', '-p', 'tsconfig.json'], project);
  });

  it('serves a tool\'s own test: the official client in process under fake timers, linked timers, a server on port 0', () => {
    expect(run('node', ['checks/tool-check.js'], project)).to.equal('tool-check passed\n');
  });

  it('runs the bin: npx ilm-sim --version', () => {
    expect(run('npx', ['ilm-sim', '--version'], project)).to.equal(`${manifest.version}\n`);
  });

  it('runs the README\'s "Use it in your project" files as written', () => {
    const readme = join(project, 'readme');
    const files = readmeFiles(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(Object.keys(files)).to.include.members(['features/support/ilm-sim.js', 'policies/logs.json', 'features/logs.feature', 'features/support/team.js', 'tool-check.js']);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(readme, name)), { recursive: true });
      writeFileSync(join(readme, name), text);
    }
    expect(run('npx', ['cucumber-js'], readme)).to.match(/2 scenarios \(2 passed\)/);
    expect(run('node', ['tool-check.js'], readme)).to.equal('tool checks passed\n');
  });

  it('writes a starter with npx ilm-sim init that npx cucumber-js passes right after', () => {
    const out = run('npx', ['ilm-sim', 'init'], project);
    expect(out).to.include('features/logs-policy.feature');
    const scripts = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test']).to.equal('cucumber-js');
    expect(run('npx', ['cucumber-js'], project)).to.match(/2 scenarios \(2 passed\)/);
  });
});
