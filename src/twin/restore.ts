/**
 * Restoring a twin: a simulator whose clock starts at the bundle's instant and whose cluster is the
 * bundle's (`TwinModel`), put in through the engine's own types and functions: policies as stored
 * `PolicyMetadata` with their versions and dates, templates and cluster settings through the same
 * requests a user sends, indices with their creation dates, documents, aliases and rollover dates,
 * each managed index's execution state restored as it was (`restoreLifecycle`: no history is written,
 * no step runs), data streams, repositories, snapshots and SLM policies with their last runs. The
 * engine then continues each index from where it is. It never runs ILM itself.
 */
import { handle } from '../api/handle';
import { createSeededSimulator, type Simulator } from '../create-simulator';
import { addIndex, addIndexWithSettings, recordRollover, restoreLifecycle, type DataStream } from '../engine/cluster/cluster';
import { placementStore } from '../engine/cluster/shard-placement';
import { topologyOf } from '../engine/cluster/topology';
import { putRepository } from '../engine/cluster/snapshots';
import { copyState } from '../engine/cluster/execution-state';
import type { Simulation } from '../sim/simulator';
import type { BundleNote } from './bundle';
import { directorySource } from './bundle-dir';
import { BundleRefused, readTwinModel, type TwinModel } from './twin-model';

export interface Twin {
  readonly simulator: Simulator;
  readonly model: TwinModel;
  /** What the bundle could not give and what was assumed instead, the model's notes first. */
  readonly notes: readonly BundleNote[];
}

export interface TwinOptions {
  /** Seed of the twin's PRNG (UUIDs of indices it creates from now on); default 0. */
  readonly seed?: number;
  readonly historyLimit?: number;
  /**
   * The restored cluster takes the model's index settings and execution states as its own instead of
   * copying them: the clock then changes them, so only for a twin restored once whose model is neither
   * restored again nor read for index settings or states afterwards (the CLI's forecast without
   * what-ifs, whose header counts `index.lifecycle.name`, which ILM never changes). A reset
   * (`/_sim/_reset`) of such a twin is refused with an error. Default false: each restore and reset copies.
   */
  readonly consumeModel?: boolean;
}

/** A simulator holding the bundle's cluster at the bundle's instant (and again after each reset). */
export function restoreTwin(model: TwinModel, options: TwinOptions = {}): Twin {
  const notes: BundleNote[] = [...model.notes];
  let firstRun = true;
  const simulator = createSeededSimulator(
    {
      startTime: model.instantMillis,
      profile: model.profile.name,
      pollInterval: model.pollInterval,
      seed: options.seed ?? 0,
      ...(options.historyLimit === undefined ? {} : { historyLimit: options.historyLimit }),
      ...(model.nodes === null ? {} : { nodes: model.nodes }),
    },
    (simulation) => {
      if (!firstRun && options.consumeModel) throw new Error('this twin took its model as its own (consumeModel): it cannot be reset');
      seedFromModel(simulation, model, firstRun ? notes : [], options.consumeModel === true);
      firstRun = false;
    },
  );
  return { simulator, model, notes };
}

function seedFromModel(sim: Simulation, model: TwinModel, notes: BundleNote[], consume: boolean): void {
  const { cluster } = sim;
  const put = (file: string, what: string, path: string, body: unknown): void => {
    const answer = handle(sim, { method: 'PUT', path, body: body as Record<string, unknown> });
    if (answer.status >= 300) {
      const error = (answer.body as { error?: { type?: string; reason?: string } } | null)?.error;
      notes.push({ file, kind: 'refused', message: `${file}: ${what} refused by profile ${model.profile.name} (${error?.type}: ${error?.reason}); left out` });
    }
  };
  const { persistent, transient } = model.clusterSettings;
  if (Object.keys(persistent).length + Object.keys(transient).length > 0) {
    put('cluster_settings.json', 'the cluster settings', '/_cluster/settings', { persistent, transient });
  }
  cluster.operationMode = model.ilmMode;
  for (const [name, metadata] of model.policies) {
    cluster.policies.set(name, Number.isNaN(metadata.modifiedDate) ? { ...metadata, modifiedDate: model.instantMillis } : metadata);
  }
  if (model.policies.size > 0) cluster.ilmMetadataExists = true;
  for (const t of model.componentTemplates) cluster.componentTemplates.set(t.name, t);
  for (const t of model.indexTemplates) cluster.indexTemplates.set(t.name, t);
  for (const t of model.legacyTemplates) cluster.legacyTemplates.set(t.name, t);

  for (const repository of model.repositories) putRepository(cluster, repository.name, repository.type, repository.settings);
  for (const snapshot of model.snapshots) {
    let stored = cluster.snapshots.snapshots.get(snapshot.repository);
    if (!stored) cluster.snapshots.snapshots.set(snapshot.repository, (stored = new Map()));
    stored.set(snapshot.name, snapshot);
  }
  for (const policy of model.slmPolicies) cluster.snapshots.slmPolicies.set(policy.id, policy);
  for (const { id, ...counters } of model.slmStats) cluster.snapshots.slmStats.policies.set(id, { ...counters });
  cluster.snapshots.slmOperationMode = model.slmMode;

  for (const spec of model.indices) {
    const index = (consume ? addIndexWithSettings : addIndex)(cluster, spec.name, spec.creationDate, spec.settings, spec.aliases, spec.providedName, spec.uuid);
    index.docsCount = spec.docsCount;
    index.storeBytes = spec.storeBytes;
    index.state = spec.state;
    for (const [alias, info] of spec.rolloverInfos) recordRollover(index, alias, info);
    // The model's states are in the engine's shape already (see `engineState` in twin-model.ts).
    restoreLifecycle(index, spec.lifecycle === null || consume ? spec.lifecycle : copyState(spec.lifecycle));
  }
  for (const ds of model.dataStreams) {
    const stream: DataStream = { name: ds.name, indices: [...ds.indices], generation: ds.generation, hidden: ds.hidden };
    cluster.dataStreams.set(ds.name, stream);
    for (const name of ds.indices) cluster.backingIndexOwner.set(name, stream);
  }
  // Shards take their places before any step reads them, as they had them in the cluster.
  if (!topologyOf(cluster).isDefault) placementStore(cluster).placeNew(cluster);
  sim.slmChanged();
}

/**
 * The twin of the bundle in `dir` (a support-diagnostics directory), for the step library's
 * `Given the cluster captured in {string}`: its profile, its instant as the clock, seed 0 as
 * `ilm-sim twin` uses. A bundle the twin cannot load throws its message with the notes.
 */
export function twinOfBundleDirectory(dir: string): Twin {
  try {
    return restoreTwin(readTwinModel(directorySource(dir)));
  } catch (error) {
    if (error instanceof BundleRefused) throw new Error(`${error.message}\n${error.notes.map((n) => `  - ${n.kind}: ${n.message}`).join('\n')}`);
    throw error;
  }
}
