/**
 * Tests for restoring a twin's execution states: in the engine's one state shape, with one shared
 * phase execution info per policy, version, modified date and cached phase (the engine's step memo
 * is per info object), every field as the bundle gave it.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as path from 'node:path';
import { simulationOf } from '../create-simulator';
import { copyState, EMPTY_STATE } from '../engine/cluster/execution-state';
import { directorySource } from './bundle-dir';
import { restoreTwin } from './restore';
import { readTwinModel } from './twin-model';

describe('restoring execution states', () => {
  it('shares equal phase execution infos and keeps every field the bundle gave', () => {
    const model = readTwinModel(directorySource(path.join(__dirname, 'fixtures', 'logstash-tiers-8.19')));
    const { simulator } = restoreTwin(model);
    const cluster = simulationOf(simulator).cluster;
    const shape = Object.keys(copyState(EMPTY_STATE));
    const infos = new Map<string, object>();
    let shared = 0;
    for (const spec of model.indices) {
      const restored = cluster.indices.get(spec.name)!.lifecycle;
      if (spec.lifecycle === null) {
        expect(restored).to.equal(null);
        continue;
      }
      expect(Object.keys(restored!)).to.deep.equal(shape);
      // Field by field what the model holds (the info may be another object with the same fields).
      for (const [field, value] of Object.entries(spec.lifecycle)) expect((restored as Record<string, unknown>)[field], field).to.deep.equal(value);
      const info = restored!.phaseDefinition;
      if (info === undefined) continue;
      const key = `${info.policy}/${info.version}/${info.modifiedDate}/${restored!.phase}`;
      const seen = infos.get(key);
      if (seen !== undefined && info.phase !== null && seen === info) shared++;
      else if (seen === undefined) infos.set(key, info);
    }
    expect(shared).to.be.above(0);
  });

  it("copies the model's index settings, so each reset starts from the bundle; a consumed model is taken as it is and never reset", () => {
    const dir = path.join(__dirname, 'fixtures', 'logstash-tiers-8.19');
    const model = readTwinModel(directorySource(dir));
    const spec = model.indices.find((i) => i.settings.size > 0)!;
    const copied = simulationOf(restoreTwin(model).simulator).cluster.indices.get(spec.name)!.settings;
    expect(copied).to.not.equal(spec.settings);
    expect([...copied]).to.deep.equal([...spec.settings]);
    const managed = model.indices.find((i) => i.lifecycle !== null)!;
    expect(simulationOf(restoreTwin(model).simulator).cluster.indices.get(managed.name)!.lifecycle).to.not.equal(managed.lifecycle);
    const consumed = restoreTwin(model, { consumeModel: true }).simulator;
    expect(simulationOf(consumed).cluster.indices.get(spec.name)!.settings).to.equal(spec.settings);
    expect(simulationOf(consumed).cluster.indices.get(managed.name)!.lifecycle).to.equal(managed.lifecycle);
    expect(() => consumed.requestSync({ method: 'POST', path: '/_sim/_reset' })).to.throw(/cannot be reset/);
  });
});
