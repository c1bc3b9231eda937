/**
 * `ilm-sim twin --feature`: the feature written from the kept bundle passes when Cucumber runs it
 * against that bundle, and fails, naming what changed, once the bundle's policy rolls over at another
 * size; the flags it cannot go with are refused.
 */
import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURE_DIR } from '../twin/fixtures/capture-fixture';
import { runCucumber } from '../twin/test-support';
import { main } from './main';
import { Capture } from './test-support';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

async function twin(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new Capture();
  const err = new Capture();
  const code = await main(['twin', ...args], out, err, {}, { cwd: ROOT });
  return { code, out: out.text, err: err.text };
}

const cucumber = runCucumber;

describe('ilm-sim twin --feature', () => {
  it('writes a feature that passes against the bundle and fails once its policy changes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-feature-'));
    const bundle = path.join(dir, 'bundle');
    cpSync(FIXTURE_DIR, bundle, { recursive: true });
    const feature = path.join(dir, 'forecast.feature');
    const result = await twin([bundle, '--horizon', '20d', '--fail-on', 'none', '--feature', feature]);
    expect(result.code, result.err).to.equal(0);
    expect(result.err).to.contain(`Feature written to ${feature}`);
    const text = readFileSync(feature, 'utf8');
    expect(text).to.contain(`Given the cluster captured in "${path.relative(ROOT, bundle)}"`);
    expect(text.split('\n')[0]).to.equal(
      `# Written by ilm-sim ${PACKAGE_VERSION}; after a change you meant, write it again: ilm-sim twin ${path.relative(ROOT, bundle)} --horizon 20d --feature ${feature}`,
    );
    expect(text.match(/^ {2}Scenario: /gm)).to.have.length(3);
    expect(text).to.contain('Scenario: 20d after the capture (2024-01-30T00:00:00.000Z)');
    expect(text).to.match(/\| logs-app-prod \| 400 +\| 2048 +\|/);

    const passing = cucumber(feature);
    expect(passing.status, passing.output).to.equal(0);
    expect(passing.output).to.contain('3 scenarios (3 passed)');

    // The policy change a team might make: the data stream's indices roll over at 2000 documents.
    const policies = path.join(bundle, 'commercial', 'ilm_policies.json');
    const original = readFileSync(policies, 'utf8');
    expect(original).to.contain('"max_docs" : 1000');
    writeFileSync(policies, original.replace('"max_docs" : 1000', '"max_docs" : 2000'));
    const failing = cucumber(feature);
    expect(failing.status, failing.output).to.equal(1);
    // The failure says plainly which stream and how many generations it has against the expected.
    expect(failing.output).to.match(
      /the data stream "logs-app-prod" differs: \d+ backing indices where \d+ were expected \(\d+ fewer\); it is at generation \d+/,
    );
    expect(failing.output).to.match(/scenarios \(\d failed/);
  });

  it('with --policy, loads the policy file over the bundle and fails once the file changes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-twin-feature-'));
    const policyFile = path.join(dir, 'logs.json');
    // The team's policy file: the bundle's own export, as `GET _ilm/policy` gave it.
    cpSync(path.join(FIXTURE_DIR, 'commercial', 'ilm_policies.json'), policyFile);
    const feature = path.join(dir, 'forecast.feature');
    const result = await twin([FIXTURE_DIR, '--horizon', '10d', '--fail-on', 'none', '--policy', `logs=${policyFile}`, '--feature', feature]);
    expect(result.code, result.err).to.equal(0);
    const text = readFileSync(feature, 'utf8');
    expect(text).to.contain(
      `    Given the cluster captured in "${path.relative(ROOT, FIXTURE_DIR)}"\n    And the lifecycle policy "logs" from the file "${path.relative(ROOT, policyFile)}"\n`,
    );
    const passing = cucumber(feature);
    expect(passing.status, passing.output).to.equal(0);

    writeFileSync(policyFile, readFileSync(policyFile, 'utf8').replace('"max_docs" : 1000', '"max_docs" : 500'));
    const failing = cucumber(feature);
    expect(failing.status, failing.output).to.equal(1);
    expect(failing.output).to.match(/the data stream "logs-app-prod" differs: \d+ backing indices where \d+ were expected \(\d+ more\)/);
  });

  it('refuses the flags whose cluster the feature could not load', async () => {
    for (const flags of [
      ['--profile', '8.19'],
      ['--nodes', 'nodes.json'],
    ]) {
      const result = await twin([FIXTURE_DIR, '--feature', path.join(tmpdir(), 'never.feature'), ...flags]);
      expect(result.code).to.equal(2);
      expect(result.err).to.contain(`--feature asserts the bundle directory's cluster as it is: it cannot go with ${flags[0]}`);
    }
  });
});
