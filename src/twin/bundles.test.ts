/**
 * The bundles kept in src/twin/fixtures/ that `npm run fixtures:twin` (clients/capture-bundles.ts)
 * captures from the client suite's workflows (Filebeat 7.17 and Logstash bootstraps, Curator) on
 * hot-warm-cold clusters: each loads without assuming anything, runs as its release's profile, shows
 * today's ERROR, and its forecast ends exactly where the original cluster, continued with the same
 * workload, ended (`expected/<name>.json`, written by the capture); the feature `--feature` writes
 * from it passes. A 7.17 bundle without `cluster_state.json` loads from explain alone and says so.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { mapSource } from './bundle';
import { directorySource } from './bundle-dir';
import { forecastFeature } from './feature';
import { forecast } from './forecast';
import { restoreTwin } from './restore';
import { bundleFiles, explainRecords, REPOSITORY_ROOT, runCucumber } from './test-support';
import { readTwinModel, type TwinModel } from './twin-model';
import { workloadRate, type WorkloadRate } from './workload';

const DAY = 86_400_000;
const FIXTURES = path.join(__dirname, 'fixtures');

interface Expected {
  readonly bundle: string;
  readonly profile: string;
  readonly horizon_days: number;
  readonly rates: readonly WorkloadRate[];
  readonly explain: readonly unknown[];
}

const expectations: Expected[] = readdirSync(path.join(FIXTURES, 'expected'))
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(path.join(FIXTURES, 'expected', name), 'utf8')) as Expected);

/** The indices the bundle's own explain shows in ERROR. */
function inErrorInBundle(dir: string): string[] {
  const explain = JSON.parse(readFileSync(path.join(dir, 'commercial', 'ilm_explain.json'), 'utf8')) as { indices: Record<string, { step?: string }> };
  return Object.keys(explain.indices)
    .filter((name) => explain.indices[name]!.step === 'ERROR')
    .sort();
}

describe('the bundles captured from the client workflows', () => {
  it('are kept: Filebeat and Curator on 7.17, Logstash on 8.19 and 9.1', () => {
    expect(expectations.map((e) => e.bundle)).to.deep.equal(['filebeat-curator-7.17', 'logstash-tiers-8.19', 'logstash-tiers-9.1']);
  });

  for (const expected of expectations) {
    const dir = path.join(FIXTURES, expected.bundle);
    describe(expected.bundle, () => {
      const load = (): TwinModel => readTwinModel(directorySource(dir));

      it(`loads as profile ${expected.profile} without assuming anything, on tiered nodes`, () => {
        const model = load();
        expect(model.profile.name).to.equal(expected.profile);
        expect(restoreTwin(model).notes).to.deep.equal([]);
        expect(model.nodes?.map((n) => n.name)).to.include.members(['hot-1', 'warm-1', 'cold-1']);
        // Indices at varied steps: in warm and cold, one in ERROR, a write index waiting for its rollover.
        const steps = model.indices.map((i) => `${i.lifecycle?.phase}/${i.lifecycle?.step}`);
        expect(steps).to.include.members(['hot/check-rollover-ready', 'hot/ERROR', 'warm/complete', 'cold/complete']);
      });

      it(`forecasts ${expected.horizon_days} days to exactly where the original cluster went with the same workload`, () => {
        const twin = restoreTwin(load());
        const result = forecast(twin.simulator, { horizonMillis: expected.horizon_days * DAY });
        expect(result.ingest.map(workloadRate)).to.deep.equal(expected.rates);
        expect(result.clockContinuations).to.equal(0);
        expect(explainRecords(twin.simulator)).to.deep.equal(expected.explain);
        // The report: today's ERROR with ES's reason, and the phases, rollovers and deletions ahead.
        const inError = inErrorInBundle(dir);
        expect(inError).to.have.lengthOf(1);
        expect(result.today.map((p) => p.index)).to.deep.equal(inError);
        expect(result.today[0]!.text).to.contain(`does not point to index [${inError[0]}]`);
        // ES's reason once (from explain), then when ILM retries: not the reason a second time from why.
        expect(result.today[0]!.text.split(`does not point to index [${inError[0]}]`).length, result.today[0]!.text).to.equal(2);
        expect(result.today[0]!.text).to.match(/; (ILM retries it automatically|ES \S+ (does not|never) retr)/);
        const what = new Set(result.events.map((e) => e.what.replace(/^continues as .*/, 'continues as')));
        expect([...what]).to.include.members(['enters warm', 'enters cold', 'enters delete', 'deleted', 'hot/rollover starts']);
        // Storage per tier, named as the nodes name their tiers (a role, or the `data` node attribute on 7.17).
        const tiers = Object.keys(result.storage.at(-1)!.tiers).filter((t) => t !== 'unassigned');
        expect(tiers.sort()).to.deep.equal(expected.profile === '7.17' ? ['data:cold', 'data:hot', 'data:warm'] : ['data_cold', 'data_hot', 'data_warm']);
      });

      it('writes a feature (--feature) that passes against the bundle', () => {
        const model = load();
        const rates = forecast(restoreTwin(model).simulator, { horizonMillis: expected.horizon_days * DAY }).ingest.map(workloadRate);
        const scratch = mkdtempSync(path.join(tmpdir(), 'ilm-sim-bundle-feature-'));
        try {
          const feature = path.join(scratch, 'forecast.feature');
          const text = forecastFeature(model, {
            bundlePath: path.relative(REPOSITORY_ROOT, dir),
            horizonMillis: expected.horizon_days * DAY,
            rates,
            tool: 'bundles.test.ts',
            command: 'npm run test:unit',
          });
          writeFileSync(feature, text);
          const run = runCucumber(feature);
          expect(run.status, run.output).to.equal(0);
          expect(run.output).to.match(/3 scenarios \(3 passed\)/);
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      });
    });
  }

  it('a 7.17 bundle without cluster_state.json loads from explain alone, and the note names the file and what was assumed', () => {
    const files = bundleFiles(path.join(FIXTURES, 'filebeat-curator-7.17'));
    files.delete('cluster_state.json');
    const twin = restoreTwin(readTwinModel(mapSource('explain-only', files)));
    expect(twin.notes.map((n) => `${n.kind}: ${n.message}`)).to.deep.equal([
      'assumed: cluster_state.json is not in the bundle: no rollover dates and no stored ILM state: explain is used alone',
    ]);
    const expected = expectations.find((e) => e.bundle === 'filebeat-curator-7.17')!;
    forecast(twin.simulator, { horizonMillis: expected.horizon_days * DAY });
    expect(explainRecords(twin.simulator)).to.deep.equal(expected.explain);
  });

  it("a bundle without explain reads each index's state from cluster_state.json's ilm metadata: explain is not needed", () => {
    const files = bundleFiles(path.join(FIXTURES, 'logstash-tiers-8.19'));
    files.delete('commercial/ilm_explain.json');
    const twin = restoreTwin(readTwinModel(mapSource('state-only', files)));
    expect(twin.notes.map((n) => `${n.kind}: ${n.message}`)).to.deep.equal([]);
    const expected = expectations.find((e) => e.bundle === 'logstash-tiers-8.19')!;
    forecast(twin.simulator, { horizonMillis: expected.horizon_days * DAY });
    expect(explainRecords(twin.simulator)).to.deep.equal(expected.explain);
  });

  it('a bundle with neither explain nor the cluster state: every managed index starts its policy afresh, and the notes say so', () => {
    const files = bundleFiles(path.join(FIXTURES, 'filebeat-curator-7.17'));
    files.delete('commercial/ilm_explain.json');
    files.delete('cluster_state.json');
    const notes = restoreTwin(readTwinModel(mapSource('neither', files))).notes.map((n) => `${n.kind}: ${n.message}`);
    expect(notes).to.deep.equal([
      'assumed: cluster_state.json is not in the bundle: no rollover dates and no stored ILM state: explain is used alone',
      'assumed: commercial/ilm_explain.json is not in the bundle: no index has an ILM state; every managed index starts again from its policy',
      ...notes.slice(2),
    ]);
    // One note per managed index (11: the Filebeat generations, the hand-made one, Curator's kept one).
    expect(notes.slice(2)).to.have.lengthOf(11);
    expect(notes.slice(2).every((n) => n.startsWith('assumed: commercial/ilm_explain.json: managed index ['))).to.equal(true);
  });
});
