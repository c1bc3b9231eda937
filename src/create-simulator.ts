/**
 * Builds a simulator (the contract `src/index.ts` exports): checks the options, refusing bad ones with
 * a clear message, and wires the simulation to the request handling. Nothing reads the wall clock. A
 * module of its own so that what wraps a simulator (`src/record`) can import it without importing
 * the entry point that re-exports the wrapper (an import circle).
 */
import { handle, SimRequest, SimResponse } from './api/handle';
import { installStackTemplates } from './api/templates/stack-templates';
import { DEFAULT_PROFILE, Profile, PROFILES } from './engine/profile';
import { NodeSpec, nodeSpecsError, toNodeSpecs } from './engine/cluster/topology';
import { parseInstant, parseTimeValue } from './engine/xcontent/time';
import { Simulation } from './sim/simulator';

export interface SimulatorOptions {
  /** Epoch millis or an ISO 8601 instant; default 2024-01-01T00:00:00.000Z (never the wall clock). */
  readonly startTime?: number | string;
  /** The ES version to mirror: "7.10" (default), "6.6", "7.17", "8.19" or "9.1" (`PROFILES`). */
  readonly profile?: string;
  /** `indices.lifecycle.poll_interval` in ES syntax; default "10m", minimum "1s". */
  readonly pollInterval?: string;
  /** Seed of the one PRNG (UUIDs and any later randomness); default 0. */
  readonly seed?: number;
  /**
   * How many of the newest lifecycle history records `GET /_sim/history` (and timelines, `why`, the
   * Cucumber history steps) can see; older ones are dropped. Default 1,000,000 (about 25 MB); 0 turns
   * the history off for long simulations.
   */
  readonly historyLimit?: number;
  /**
   * The cluster's nodes: `[{ name, roles?, attributes?, host?, ip? }]` (roles are ES role names such as
   * `data_hot`, `data_warm`, `master`; default every role). Default: one node named `ilm-sim` holding
   * every role and, for allocation filters, every attribute. `POST /_sim/_reset` restores this list.
   */
  readonly nodes?: readonly NodeSpec[];
  /**
   * The node setting `stack.templates.enabled`: whether the built-in stack templates (`logs`, `metrics`,
   * `synthetics`, their component templates and ILM policies) are there from the start and after each
   * reset, on the releases that have them (7.9+). Default true, as ES.
   */
  readonly stackTemplates?: boolean;
}

export interface Simulator {
  request(request: SimRequest): Promise<SimResponse>;
  /** The same, synchronously (the simulator never waits on anything). */
  requestSync(request: SimRequest): SimResponse;
  readonly profile: Profile;
  /** The options as given and resolved; `stackTemplates` only when turned off (recordings stay as they were). */
  readonly options: Readonly<Required<Omit<SimulatorOptions, 'historyLimit' | 'nodes' | 'stackTemplates'>>> & {
    readonly startMillis: number;
    readonly historyLimit?: number;
    readonly nodes?: readonly NodeSpec[];
    readonly stackTemplates?: false;
  };
}

export const DEFAULT_START_TIME = '2024-01-01T00:00:00.000Z';
export const DEFAULT_POLL_INTERVAL = '10m';

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  return buildSimulator(options, installStackTemplates);
}

/**
 * A simulator whose cluster starts as `seedCluster` makes it, at the start instant, on creation and
 * on every `POST /_sim/_reset` (instead of the empty cluster with the built-in stack templates): a
 * twin restoring a captured cluster (`src/twin/restore.ts`). Otherwise as `createSimulator`.
 */
export function createSeededSimulator(options: SimulatorOptions, seedCluster: (simulation: Simulation) => void): Simulator {
  return buildSimulator({ ...options, stackTemplates: false }, seedCluster);
}

function buildSimulator(options: SimulatorOptions, seedCluster: (simulation: Simulation) => void): Simulator {
  const profileName = options.profile ?? DEFAULT_PROFILE.name;
  const profile = PROFILES.get(profileName);
  if (!profile) {
    throw new Error(`unknown profile [${profileName}]; known profiles: ${[...PROFILES.keys()].join(', ')}`);
  }
  const startTime = options.startTime ?? DEFAULT_START_TIME;
  const start = parseInstant(startTime);
  if (!start.ok) throw new Error(`invalid startTime [${String(startTime)}]: ${start.reason}`);
  const pollInterval = options.pollInterval ?? DEFAULT_POLL_INTERVAL;
  const poll = parseTimeValue(pollInterval, 'indices.lifecycle.poll_interval');
  if (!poll.ok) throw new Error(poll.reason);
  if (poll.value.millis < 1000) {
    throw new Error(`failed to parse value [${pollInterval}] for setting [indices.lifecycle.poll_interval], must be >= [1s]`);
  }
  const seed = options.seed ?? 0;
  if (!Number.isSafeInteger(seed)) throw new Error(`invalid seed [${String(seed)}]: must be an integer`);
  const { historyLimit } = options;
  if (historyLimit !== undefined && (!Number.isSafeInteger(historyLimit) || historyLimit < 0)) {
    throw new Error(`invalid historyLimit [${String(historyLimit)}]: must be a non-negative integer`);
  }
  const nodesProblem = options.nodes === undefined ? null : nodeSpecsError(options.nodes);
  if (nodesProblem) throw new Error(`invalid nodes: ${nodesProblem}`);
  const stackTemplates = options.stackTemplates ?? true;
  if (typeof stackTemplates !== 'boolean') throw new Error(`invalid stackTemplates [${String(stackTemplates)}]: must be true or false`);
  const simulation = new Simulation({
    startMillis: start.millis,
    profile,
    pollIntervalMillis: Math.floor(poll.value.millis),
    pollIntervalText: pollInterval,
    seed,
    ...(historyLimit === undefined ? {} : { historyLimit }),
    ...(options.nodes === undefined ? {} : { nodes: toNodeSpecs(options.nodes) }),
    stackTemplates,
    seedCluster,
  });
  const requestSync = (request: SimRequest): SimResponse => handle(simulation, request);
  const simulator: Simulator = {
    request: async (request) => requestSync(request),
    requestSync,
    profile,
    options: {
      startTime,
      profile: profileName,
      pollInterval,
      seed,
      ...(stackTemplates ? {} : { stackTemplates: false as const }),
      startMillis: start.millis,
      ...(historyLimit === undefined ? {} : { historyLimit }),
      ...(options.nodes === undefined ? {} : { nodes: options.nodes }),
    },
  };
  simulations.set(simulator, simulation);
  return simulator;
}

/** Each simulator's simulation, for what links to its clock from inside the package (`linkFakeTimers`). */
const simulations = new WeakMap<Simulator, Simulation>();

/** The simulation behind a simulator made by `createSimulator`; throws for anything else. */
export function simulationOf(simulator: Simulator): Simulation {
  const simulation = simulations.get(simulator);
  if (!simulation) throw new Error('not a simulator made by createSimulator');
  return simulation;
}
