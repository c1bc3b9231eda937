/**
 * `ilm-sim init` through the command line function: what it writes for a CommonJS and an ES-module
 * project, the scripts it adds (never replacing a real test script), and refusing to overwrite.
 * That the starter passes under Cucumber is checked by the package test (src/package.test.ts).
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from './main';
import { Capture } from './test-support';

function scratch(packageJson?: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ilm-sim-init-'));
  if (packageJson) writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson));
  return dir;
}

describe('ilm-sim init', () => {
  it('writes a CommonJS starter and the test scripts into a project made by npm init -y', async () => {
    const dir = scratch({ name: 'team', version: '1.0.0', scripts: { test: 'echo "Error: no test specified" && exit 1' } });
    try {
      const out = new Capture();
      expect(await main(['init'], out, new Capture(), {}, { cwd: dir })).to.equal(0);
      for (const file of [
        'cucumber.json',
        'features/support/ilm-sim.js',
        'features/support/steps.js',
        'features/logs-policy.feature',
        'policies/logs.json',
        'templates/logs.json',
      ]) {
        expect(existsSync(join(dir, file)), file).to.equal(true);
        expect(out.text).to.include(file);
      }
      expect(readFileSync(join(dir, 'features/support/ilm-sim.js'), 'utf8')).to.include("require('ilm-sim/cucumber');");
      expect(JSON.parse(readFileSync(join(dir, 'cucumber.json'), 'utf8'))).to.deep.equal({
        default: { require: ['features/support/**/*.js'], format: ['progress'] },
      });
      const policy = JSON.parse(readFileSync(join(dir, 'policies/logs.json'), 'utf8')) as { policy: { phases: Record<string, unknown> } };
      expect(Object.keys(policy.policy.phases)).to.deep.equal(['hot', 'warm', 'delete']);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string> };
      expect(manifest.name).to.equal('team');
      expect(manifest.scripts).to.deep.equal({ test: 'cucumber-js', 'test:ilm': 'cucumber-js' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes ES-module support files for a "type": "module" project and keeps its own test script', async () => {
    const dir = scratch({ name: 'esm', type: 'module', scripts: { test: 'vitest' } });
    try {
      expect(await main(['init'], new Capture(), new Capture(), {}, { cwd: dir })).to.equal(0);
      expect(readFileSync(join(dir, 'features/support/ilm-sim.js'), 'utf8')).to.include("import 'ilm-sim/cucumber';");
      expect(readFileSync(join(dir, 'features/support/steps.js'), 'utf8')).to.include("import { Given } from '@cucumber/cucumber';");
      expect(JSON.parse(readFileSync(join(dir, 'cucumber.json'), 'utf8'))).to.deep.equal({
        default: { import: ['features/support/**/*.js'], format: ['progress'] },
      });
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      expect(manifest.scripts).to.deep.equal({ test: 'vitest', 'test:ilm': 'cucumber-js' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--typescript writes TypeScript support files run by ts-node, and names the versions that work', async () => {
    const dir = scratch({ name: 'typed', version: '1.0.0' });
    try {
      const out = new Capture();
      expect(await main(['init', '--typescript'], out, new Capture(), {}, { cwd: dir })).to.equal(0);
      expect(existsSync(join(dir, 'features/support/ilm-sim.js'))).to.equal(false);
      expect(readFileSync(join(dir, 'features/support/ilm-sim.ts'), 'utf8')).to.include("import 'ilm-sim/cucumber';");
      const steps = readFileSync(join(dir, 'features/support/steps.ts'), 'utf8');
      expect(steps).to.include("import type { IlmWorld } from 'ilm-sim/cucumber';");
      expect(steps).to.include('async function (this: IlmWorld, index: string, alias: string)');
      expect(JSON.parse(readFileSync(join(dir, 'cucumber.json'), 'utf8'))).to.deep.equal({
        default: { requireModule: ['ts-node/register/transpile-only'], require: ['features/support/**/*.ts'], format: ['progress'] },
      });
      // The versions this package itself is built and tested with (TypeScript 7 breaks ts-node 10.9.2).
      const dev = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
        .devDependencies;
      expect(out.text).to.include(`npm install --save-dev typescript@${dev['typescript']} ts-node@${dev['ts-node']} @types/node@20\n`);
      expect(out.text).to.include('  tsconfig.json\n');
      const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown>; include: string[] };
      expect([tsconfig.compilerOptions['module'], tsconfig.compilerOptions['moduleResolution'], tsconfig.include]).to.deep.equal([
        'node16',
        'node16',
        ['features/**/*.ts'],
      ]);
      expect(await main(['serve', '--typescript'], new Capture(), new Capture(), {})).to.equal(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--typescript keeps a tsconfig.json the project has', async () => {
    const dir = scratch({ name: 'typed', version: '1.0.0' });
    try {
      writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"strict":true}}');
      const out = new Capture();
      expect(await main(['init', '--typescript'], out, new Capture(), {}, { cwd: dir })).to.equal(0);
      expect(out.text).to.not.include('tsconfig.json');
      expect(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).to.equal('{"compilerOptions":{"strict":true}}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes nothing when a file is in the way, unless --force', async () => {
    const dir = scratch({ name: 'busy' });
    try {
      writeFileSync(join(dir, 'cucumber.json'), '{"default":{}}');
      const err = new Capture();
      expect(await main(['init'], new Capture(), err, {}, { cwd: dir })).to.equal(1);
      expect(err.text).to.equal('ilm-sim: init wrote nothing, these files exist: cucumber.json (use --force to overwrite them)\n');
      expect(existsSync(join(dir, 'policies'))).to.equal(false);
      expect(readFileSync(join(dir, 'cucumber.json'), 'utf8')).to.equal('{"default":{}}');
      expect(await main(['init', '--force'], new Capture(), new Capture(), {}, { cwd: dir })).to.equal(0);
      expect(readFileSync(join(dir, 'cucumber.json'), 'utf8')).to.include('features/support');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses other arguments with exit code 2', async () => {
    for (const argv of [
      ['init', 'here'],
      ['init', '--port', '1'],
      ['serve', '--force'],
    ]) {
      const err = new Capture();
      expect(await main(argv, new Capture(), err, {}), argv.join(' ')).to.equal(2);
      expect(err.text).to.match(/^ilm-sim: /);
    }
  });

  it('prints the package version', async () => {
    const out = new Capture();
    expect(await main(['--version'], out, new Capture(), {})).to.equal(0);
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect(out.text).to.equal(`${manifest.version}\n`);
  });
});
