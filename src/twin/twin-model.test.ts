/**
 * Loading bundles: the kept fixture (captured from `ilm-sim serve`) restores to a twin whose explain,
 * settings and policies answer byte for byte as the bundle's files; bad bundles (truncated JSON,
 * missing files, a policy the bundle lacks, a step the profile does not know, 6.x releases) load
 * with a note naming the file and what was assumed, or are refused with a message, never a crash.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

import { mapSource } from './bundle';
import { directorySource } from './bundle-dir';
import { FIXTURE_DIR } from './fixtures/capture-fixture';
import { forecast } from './forecast';
import { restoreTwin } from './restore';
import { BundleRefused, nearestProfile, readTwinModel } from './twin-model';

function fixtureFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(path.relative(FIXTURE_DIR, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(FIXTURE_DIR);
  return files;
}

function load(change: (files: Map<string, string>) => void = () => {}) {
  const files = fixtureFiles();
  change(files);
  const model = readTwinModel(mapSource('bundle', files));
  return { model, twin: restoreTwin(model) };
}

/** The bundle as a cluster without `GET _cluster/state` gives it: explain alone carries each index's state. */
function explainOnly(files: Map<string, string>): void {
  files.delete('cluster_state.json');
}

/** The cluster state without the index's stored `ilm` metadata (as before ILM first stored it). */
function withoutStoredState(files: Map<string, string>, index: string): void {
  const state = JSON.parse(files.get('cluster_state.json')!);
  delete state.metadata.indices[index].ilm;
  files.set('cluster_state.json', JSON.stringify(state));
}

function messages(notes: readonly { kind: string; message: string }[]): string[] {
  return notes.map((n) => `${n.kind}: ${n.message}`);
}

describe('the twin of the kept bundle', () => {
  it('loads without assuming anything', () => {
    const twin = restoreTwin(readTwinModel(directorySource(FIXTURE_DIR)));
    expect(messages(twin.notes)).to.deep.equal([]);
  });

  for (const [file, requestPath] of [
    ['commercial/ilm_explain.json', '/*/_ilm/explain?human&pretty&expand_wildcards=all'],
    ['settings.json', '/_settings?pretty&human&expand_wildcards=all'],
    ['commercial/ilm_policies.json', '/_ilm/policy?human&pretty'],
    ['commercial/data_stream.json', '/_data_stream?pretty&expand_wildcards=all'],
    ['alias.json', '/_alias?pretty&human'],
    ['commercial/slm_policies.json', '/_slm/policy?pretty&human'],
  ] as const) {
    it(`answers ${requestPath} at the bundle's instant exactly as ${file}`, () => {
      const { twin } = load();
      expect(twin.simulator.requestSync({ method: 'GET', path: requestPath }).text).to.equal(fixtureFiles().get(file));
    });
  }

  it("keeps an index's cached phase when the bundle shows one older than its policy (as ES does)", () => {
    // The explain record caches version 1 of [slow] (priority 100) while the policy is at version 2.
    const { twin } = load((files) => {
      explainOnly(files);
      const explain = JSON.parse(files.get('commercial/ilm_explain.json')!);
      const execution = explain.indices['metrics-old'].phase_execution;
      explain.indices['metrics-old'].phase_execution = {
        ...execution,
        version: 1,
        phase_definition: { min_age: '0ms', actions: { set_priority: { priority: 100 } } },
      };
      files.set('commercial/ilm_explain.json', JSON.stringify(explain));
    });
    const explain = (name: string) =>
      (twin.simulator.requestSync({ method: 'GET', path: `/${name}/_ilm/explain` }).body as { indices: Record<string, { phase_execution: unknown }> }).indices[
        name
      ]!;
    expect(explain('metrics-old').phase_execution).to.deep.include({
      version: 1,
      phase_definition: { min_age: '0ms', actions: { set_priority: { priority: 100 } } },
    });
    expect((twin.simulator.requestSync({ method: 'GET', path: '/_ilm/policy/slow' }).body as { slow: { version: number } }).slow.version).to.equal(2);
  });

  it("reads the cluster state's stored ilm metadata when the bundle has it (ES LifecycleExecutionState), before explain", () => {
    const { twin } = load((files) => {
      const explain = JSON.parse(files.get('commercial/ilm_explain.json')!).indices['metrics-old'];
      const state = JSON.parse(files.get('cluster_state.json')!);
      state.metadata.indices['metrics-old'].ilm = {
        phase: explain.phase,
        action: explain.action,
        step: explain.step,
        creation_date: String(explain.lifecycle_date_millis),
        phase_time: String(explain.phase_time_millis),
        action_time: String(explain.action_time_millis),
        step_time: String(explain.step_time_millis + 1000),
        phase_definition: JSON.stringify({
          policy: 'slow',
          phase_definition: { min_age: '0ms', actions: { set_priority: { priority: 7 } } },
          version: 1,
          modified_date_in_millis: 1704067200000,
        }),
      };
      files.set('cluster_state.json', JSON.stringify(state));
    });
    const record = (
      twin.simulator.requestSync({ method: 'GET', path: '/metrics-old/_ilm/explain' }).body as {
        indices: Record<string, { step_time_millis: number; phase_execution: unknown }>;
      }
    ).indices['metrics-old']!;
    const bundled = JSON.parse(fixtureFiles().get('commercial/ilm_explain.json')!).indices['metrics-old'];
    expect(record.step_time_millis).to.equal(bundled.step_time_millis + 1000);
    expect(record.phase_execution).to.deep.include({ version: 1, phase_definition: { min_age: '0ms', actions: { set_priority: { priority: 7 } } } });
  });

  it('reads every stored key under its ES name: retry fields as strings, step info as JSON text, rollup_index_name', () => {
    const { model } = load((files) => {
      const state = JSON.parse(files.get('cluster_state.json')!);
      const ilm = state.metadata.indices['metrics-old'].ilm;
      Object.assign(ilm, {
        step: 'ERROR',
        failed_step: 'set-priority',
        is_auto_retryable_error: 'false',
        failed_step_retry_count: '2',
        step_info: '{"type":"illegal_state_exception","reason":"boom"}',
        snapshot_repository: 'backups',
        snapshot_name: 'snap-1',
        snapshot_index_name: 'restored-metrics-old',
        shrink_index_name: 'shrink-metrics-old',
        rollup_index_name: 'downsample-1h-metrics-old',
      });
      files.set('cluster_state.json', JSON.stringify(state));
    });
    expect(model.indices.find((i) => i.name === 'metrics-old')!.lifecycle).to.deep.include({
      step: 'ERROR',
      failedStep: 'set-priority',
      isAutoRetryableError: false,
      failedStepRetryCount: 2,
      stepInfo: { type: 'illegal_state_exception', reason: 'boom' },
      snapshotRepository: 'backups',
      snapshotName: 'snap-1',
      snapshotIndexName: 'restored-metrics-old',
      shrinkIndexName: 'shrink-metrics-old',
      downsampleIndexName: 'downsample-1h-metrics-old',
    });
  });

  it('forecasts from the step each index is on: the failing rollover and the delete phase ahead', () => {
    const { twin } = load();
    const result = forecast(twin.simulator, { horizonMillis: 10 * 86_400_000 });
    expect(result.today.map((p) => p.index)).to.deep.equal(['legacy-000001']);
    expect(result.today[0]!.text).to.contain('[index.lifecycle.rollover_alias] for index [legacy-000001] is empty or not defined');
    // One warm node and one replica: the warm migration waits for a copy no node can hold.
    expect(
      result.ahead
        .filter((p) => p.kind === 'stall')
        .map((p) => p.text)
        .join('\n'),
    ).to.contain('stalls on warm/migrate/check-migration');
    expect(result.events.some((e) => e.what === 'enters warm')).to.equal(true);
    expect(result.ingest.map((r) => r.target)).to.deep.equal(['logs-app-prod', 'metrics']);
    expect(result.ingest[0]!.docsPerDay).to.be.closeTo(400, 60);
  });
});

describe('bad bundles', () => {
  it('truncated explain: the note names the file and where the states come from instead', () => {
    const truncate = (files: Map<string, string>) => files.set('commercial/ilm_explain.json', files.get('commercial/ilm_explain.json')!.slice(0, 500));
    // Explain is read for a managed index the cluster state stores no ILM state for.
    const notes = messages(
      load((files) => {
        withoutStoredState(files, 'metrics-old');
        truncate(files);
      }).twin.notes,
    );
    expect(notes[0]).to.match(
      /^refused: commercial\/ilm_explain\.json is not valid JSON \(.*truncated\?\): each index's ILM state is read from cluster_state\.json's stored ilm metadata$/,
    );
    expect(notes.slice(1)).to.deep.equal([
      'assumed: commercial/ilm_explain.json: managed index [metrics-old] has no explain record; it starts its policy afresh',
    ]);
    // Without the cluster state too, every managed index starts its policy afresh.
    const alone = messages(
      load((files) => {
        explainOnly(files);
        truncate(files);
      }).twin.notes,
    );
    expect(alone[1]).to.match(/^refused: commercial\/ilm_explain\.json is not valid JSON \(.*truncated\?\): no index has an ILM state/);
  });

  it('with the cluster state holding every index, settings.json and explain are not read: broken, they change nothing', () => {
    const whole = load().model;
    const { model, twin } = load((files) => {
      files.set('settings.json', files.get('settings.json')!.slice(0, 500));
      files.delete('commercial/ilm_explain.json');
    });
    expect(messages(twin.notes)).to.deep.equal([]);
    expect(model.indices).to.deep.equal(whole.indices);
    // The cluster state is one picture of every index: an index only settings.json lists (made after the
    // cluster state was taken) is not in the twin; one only the cluster state lists is.
    const state = load((files) => {
      const settings = JSON.parse(files.get('settings.json')!);
      settings['made-later'] = settings['metrics-old'];
      delete settings['metrics-old'];
      files.set('settings.json', JSON.stringify(settings));
    }).model;
    expect(state.indices.map((i) => i.name)).to.deep.equal(whole.indices.map((i) => i.name));
  });

  it("reads an index's settings flat in their order, the metadata keys and null values left out", () => {
    const { model, twin } = load((files) => {
      const state = JSON.parse(files.get('cluster_state.json')!);
      state.metadata.indices['legacy-000001'].settings = {
        'index.number_of_shards': 3,
        index: { creation_date: '1704067200000', uuid: 'u-1', provided_name: '<legacy-{now/d}>', blocks: { write: null }, priority: '7' },
        'index.version.created': '8536000',
        lifecycle: { name: 'logs' },
        auto_expand_replicas: '0-1',
      };
      files.set('cluster_state.json', JSON.stringify(state));
    });
    const index = model.indices.find((i) => i.name === 'legacy-000001')!;
    expect([...index.settings]).to.deep.equal([
      ['index.number_of_shards', '3'],
      ['index.priority', '7'],
      ['index.lifecycle.name', 'logs'],
      ['index.auto_expand_replicas', '0-1'],
    ]);
    expect(index.settings.lifecycleName).to.equal('logs');
    expect([index.uuid, index.providedName, index.creationDate]).to.deep.equal(['u-1', '<legacy-{now/d}>', 1704067200000]);
    expect(messages(twin.notes).filter((m) => m.includes('legacy-000001'))).to.deep.equal([]);
  });

  it("takes the aliases the cluster state names, with alias.json's metadata; without any, alias.json is not read", () => {
    const whole = load().model;
    expect([...whole.indices.find((i) => i.name === 'metrics-old')!.aliases]).to.deep.equal([['metrics', { isWriteIndex: true }]]);
    // An alias only alias.json lists (added after the cluster state was taken) is not in the twin.
    const later = load((files) => {
      const aliases = JSON.parse(files.get('alias.json')!);
      aliases['legacy-000001'].aliases['added-later'] = {};
      files.set('alias.json', JSON.stringify(aliases));
    }).model;
    expect(later.indices.map((i) => [i.name, [...i.aliases.keys()]])).to.deep.equal(whole.indices.map((i) => [i.name, [...i.aliases.keys()]]));
    // A cluster state naming no alias: a broken alias.json changes nothing and is not noted.
    const none = load((files) => {
      const state = JSON.parse(files.get('cluster_state.json')!);
      state.metadata.indices['metrics-old'].aliases = [];
      files.set('cluster_state.json', JSON.stringify(state));
      files.set('alias.json', '{"metrics-old": {');
    });
    expect(none.model.indices.every((i) => i.aliases.size === 0)).to.equal(true);
    expect(messages(none.twin.notes).filter((m) => m.includes('alias.json'))).to.deep.equal([]);
  });

  it('a cluster state without index metadata: the indices come from settings.json, as the notes of a broken one say', () => {
    const { model, twin } = load((files) => {
      const state = JSON.parse(files.get('cluster_state.json')!);
      delete state.metadata.indices;
      files.set('cluster_state.json', JSON.stringify(state));
      files.set('settings.json', files.get('settings.json')!.slice(0, 500));
    });
    expect(model.indices).to.deep.equal([]);
    expect(messages(twin.notes)[0]).to.match(/^refused: settings\.json is not valid JSON \(.*truncated\?\): no index can be rebuilt$/);
  });

  it('an index the cluster state stores no ILM state for reads its state from explain', () => {
    const whole = load().model.indices.find((i) => i.name === 'metrics-old')!;
    const { model, twin } = load((files) => withoutStoredState(files, 'metrics-old'));
    expect(messages(twin.notes)).to.deep.equal([]);
    const index = model.indices.find((i) => i.name === 'metrics-old')!;
    expect(index.lifecycle).to.deep.include({ phase: whole.lifecycle!.phase, action: whole.lifecycle!.action, step: whole.lifecycle!.step });
    expect(index.lifecycle!.stepTime).to.equal(whole.lifecycle!.stepTime);
  });

  it('a missing file is named with what stands in for it', () => {
    const { twin } = load((files) => {
      files.delete('indices_stats.json');
      files.delete('nodes.json');
    });
    expect(messages(twin.notes)).to.deep.equal([
      'assumed: indices_stats.json is not in the bundle: every index is taken as empty (0 documents, 0 bytes)',
      "assumed: nodes.json is not in the bundle: the twin runs ilm-sim's default node (every role; matches every allocation attribute)",
    ]);
  });

  it('without version.json or the manifest the bundle is refused, naming the file', () => {
    const files = fixtureFiles();
    files.delete('version.json');
    expect(() => readTwinModel(mapSource('b', files))).to.throw(BundleRefused, 'the bundle names no release (version.json version.number)');
    const noManifest = fixtureFiles();
    noManifest.set('diagnostic_manifest.json', '{"timestamp": "not a date"}');
    expect(() => readTwinModel(mapSource('b', noManifest))).to.throw(BundleRefused, 'diagnostic_manifest.json timestamp');
  });

  it('an index naming a policy the bundle lacks: noted with the file its settings came from, and the index stays where it is', () => {
    const withoutSlow = (files: Map<string, string>) => {
      const policies = JSON.parse(files.get('commercial/ilm_policies.json')!);
      delete policies['slow'];
      files.set('commercial/ilm_policies.json', JSON.stringify(policies));
    };
    expect(messages(load(withoutSlow).twin.notes)).to.deep.equal([
      'noted: cluster_state.json: index [metrics-old] names policy [slow], which the bundle lacks; it stays where it is, as ES leaves it',
    ]);
    const { twin } = load((files) => {
      explainOnly(files);
      withoutSlow(files);
    });
    expect(messages(twin.notes)).to.deep.equal([
      'assumed: cluster_state.json is not in the bundle: no rollover dates and no stored ILM state: explain is used alone',
      'noted: commercial/ilm_explain.json: index [metrics-old] names policy [slow], which the bundle lacks; it stays where it is, as ES leaves it',
    ]);
  });

  it('a step the profile does not know: noted with the file, the index and the step', () => {
    const { twin } = load((files) => {
      explainOnly(files);
      files.set(
        'commercial/ilm_explain.json',
        files.get('commercial/ilm_explain.json')!.replace('"step" : "check-rollover-ready"', '"step" : "check-rollover-readyish"'),
      );
    });
    expect(messages(twin.notes).join('\n')).to.contain(
      'is on step [hot/rollover/check-rollover-readyish], which its [hot] phase does not have in profile 8.19',
    );
    const stored = load((files) =>
      files.set('cluster_state.json', files.get('cluster_state.json')!.replace('"step":"check-rollover-ready"', '"step":"check-rollover-readyish"')),
    );
    expect(messages(stored.twin.notes).join('\n')).to.match(
      /noted: cluster_state\.json: index \[[^\]]+\] is on step \[hot\/rollover\/check-rollover-readyish\]/,
    );
  });

  it('a 6.x bundle: 6.8 runs as the 6.6 profile (said so); 6.5 is refused (no ILM)', () => {
    expect(nearestProfile('6.8.23')?.name).to.equal('6.6');
    expect(nearestProfile('7.14.0')?.name).to.equal('7.17');
    expect(nearestProfile('8.5.1')?.name).to.equal('8.19');
    const old = fixtureFiles();
    old.set('version.json', JSON.stringify({ version: { number: '6.5.4' } }));
    expect(() => readTwinModel(mapSource('b', old))).to.throw(BundleRefused, 'version.json names 6.5.4: refused, ILM exists from 6.6 on');
  });

  it('a file from another release: the nearest profile runs it and the note says which', () => {
    const { twin } = load((files) => files.set('version.json', files.get('version.json')!.replace('"8.19.0"', '"8.17.2"')));
    expect(messages(twin.notes)).to.deep.equal(['assumed: release 8.17.2 runs as profile 8.19 (8.19.0), the nearest the simulator has']);
  });

  it('a zipped bundle is refused with what to do instead', () => {
    expect(() => directorySource('/tmp/diag.zip')).to.throw('a zipped bundle; unpack it first (unzip diag.zip)');
  });
});
