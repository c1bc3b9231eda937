/**
 * Chain integrity of every registered action under every profile (architecture rule 3), the exact
 * ordered step names and kinds ES gives each action, and whole-policy compilation
 * (`compileSteps`): `init` first, the `new` phase-complete step, injected actions, the end of policy.
 * References: es-ilm-engine.md sections 0, 1.2, 1.3 and 2.1.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, createCluster } from '../../cluster/cluster';
import { JsonTokenizer } from '../../xcontent/json-tokens';
import type { ActionConfig, Policy } from '../../cluster/policy-model';
import { parsePolicyRequest } from '../policy-parser';
import { compileSteps } from '../policy-steps';
import { PROFILES, PROFILE_6_6, PROFILE_7_10, PROFILE_8_19, type Profile } from '../../profile';
import { stepKey, stepKeyJson, type StepKey } from '../../cluster/step-key';
import type { Step, StepKind } from '../steps';
import { ACTIONS } from './registry';

const NEXT: StepKey = stepKey('warm', 'next-action', 'next-step');

/** Settings worth compiling per action; each is parsed by the action's own parser. */
const REPRESENTATIVE_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  set_priority: ['{"priority":50}', '{"priority":null}', '{"priority":0}'],
  unfollow: ['{}'],
  rollover: ['{"max_docs":1000}', '{"max_age":"1d","max_size":"50gb"}'],
  readonly: ['{}'],
  migrate: ['{"enabled":true}', '{"enabled":false}', '{}'],
  shrink: ['{"number_of_shards":1}', '{"number_of_shards":3}', '{"max_primary_shard_size":"50gb"}', '{"number_of_shards":1,"allow_write_after_shrink":true}'],
  forcemerge: ['{"max_num_segments":1}', '{"max_num_segments":1,"index_codec":"best_compression"}'],
  delete: ['{}', '{"delete_searchable_snapshot":false}', '{"delete_searchable_snapshot":true}'],
  downsample: ['{"fixed_interval":"1h"}', '{"fixed_interval":"1d","wait_timeout":"2h"}'],
  allocate: ['{"number_of_replicas":1}', '{"include":{"box":"warm"},"exclude":{"rack":"2"}}', '{"total_shards_per_node":2}'],
  freeze: ['{}'],
  searchable_snapshot: [
    '{"snapshot_repository":"backups"}',
    '{"snapshot_repository":"backups","force_merge_index":false}',
    '{"snapshot_repository":"backups","total_shards_per_node":2,"replicate_for":"1d"}',
  ],
  wait_for_snapshot: ['{"policy":"nightly"}'],
};

function parseSettings(action: string, json: string, profile: Profile): ActionConfig | null {
  const definition = ACTIONS.get(action)!;
  const p = new JsonTokenizer(json, profile.parseErrorStyle);
  try {
    return definition.parse(p, profile);
  } catch {
    // A setting the profile's release did not have (index_codec, delete_searchable_snapshot in 6.6).
    return null;
  }
}

const SHORT: Readonly<Record<StepKind, string>> = {
  'cluster-state-action': 'CSA',
  'cluster-state-wait': 'CSW',
  'async-action': 'AA',
  'async-wait': 'AW',
  'phase-complete': 'PC',
  terminal: 'TERMINAL',
  error: 'ERROR',
};

const describeSteps = (steps: readonly Step[]): string[] => steps.map((s) => `${s.key.name} ${SHORT[s.kind]}`);

describe('every registered action is known to the registry under its own name', () => {
  it('registers every action of es-ilm-engine.md section 2', () => {
    expect([...ACTIONS.keys()].sort()).to.deep.equal([
      'allocate',
      'delete',
      'downsample',
      'forcemerge',
      'freeze',
      'migrate',
      'readonly',
      'rollover',
      'searchable_snapshot',
      'set_priority',
      'shrink',
      'unfollow',
      'wait_for_snapshot',
    ]);
    for (const [name, definition] of ACTIONS) expect(definition.name).to.equal(name);
  });

  it('every registered action has representative settings in this test', () => {
    expect(Object.keys(REPRESENTATIVE_SETTINGS).sort()).to.deep.equal([...ACTIONS.keys()].sort());
  });
});

describe('action chain integrity (every action x every profile x representative settings)', () => {
  for (const profile of PROFILES.values()) {
    for (const [action, settingsList] of Object.entries(REPRESENTATIVE_SETTINGS)) {
      for (const json of settingsList) {
        const config = parseSettings(action, json, profile);
        if (config === null) continue;
        describe(`${profile.name} ${action} ${json}`, () => {
          const steps = ACTIONS.get(action)!.toSteps('warm', NEXT, config, profile);
          const keys = steps.map((s) => stepKeyJson(s.key));

          it('every step belongs to the phase and action it was compiled for', () => {
            for (const step of steps) {
              expect(step.key.phase, stepKeyJson(step.key)).to.equal('warm');
              expect(step.key.action, stepKeyJson(step.key)).to.equal(action);
            }
          });

          it('step keys are unique', () => {
            expect(new Set(keys).size).to.equal(keys.length);
          });

          it('no step is named ERROR', () => {
            expect(steps.map((s) => s.key.name)).to.not.include('ERROR');
          });

          it('every nextKey resolves to a step of the list or is the supplied next key', () => {
            const allowed = new Set([...keys, stepKeyJson(NEXT)]);
            for (const step of steps) {
              expect(step.nextKey, `${stepKeyJson(step.key)} has a next key`).to.not.equal(null);
              expect(allowed.has(stepKeyJson(step.nextKey!)), `${stepKeyJson(step.key)} -> ${JSON.stringify(step.nextKey)}`).to.equal(true);
            }
          });

          /** The steps met when every branch takes its default (`nextKey`) way. */
          const walk = (): string[] => {
            const byKey = new Map(steps.map((s) => [stepKeyJson(s.key), s]));
            const visited: string[] = [];
            let key: StepKey | null = steps[0]!.key;
            while (key && stepKeyJson(key) !== stepKeyJson(NEXT)) {
              const k = stepKeyJson(key);
              expect(visited, `loop at ${k}`).to.not.include(k);
              visited.push(k);
              key = byKey.get(k)!.nextKey;
            }
            expect(key && stepKeyJson(key)).to.equal(stepKeyJson(NEXT));
            return visited;
          };

          it('walking from the first step reaches the supplied next key, meeting steps in list order', () => {
            if (steps.length === 0) return;
            const visited = walk();
            expect(visited.map((k) => keys.indexOf(k))).to.deep.equal([...visited.map((k) => keys.indexOf(k))].sort((a, b) => a - b));
          });

          it('steps off the default way (the other side of a branch) lead back onto it', () => {
            if (steps.length === 0) return;
            const onWay = new Set(walk());
            for (const step of steps.filter((s) => !onWay.has(stepKeyJson(s.key)))) {
              let key: StepKey | null = step.key;
              const seen = new Set<string>();
              while (key && !onWay.has(stepKeyJson(key)) && stepKeyJson(key) !== stepKeyJson(NEXT)) {
                expect(seen.has(stepKeyJson(key)), `loop at ${stepKeyJson(key)}`).to.equal(false);
                seen.add(stepKeyJson(key));
                key = steps.find((s) => stepKeyJson(s.key) === stepKeyJson(key!))!.nextKey;
              }
              expect(key, `${stepKeyJson(step.key)} rejoins`).to.not.equal(null);
            }
          });

          it('only the last step of the default way points at the supplied next key', () => {
            if (steps.length === 0) return;
            const visited = walk();
            // Steps on the other side of a branch may end the action too (ES downsample: `delete` for a
            // data stream, `swap-aliases` otherwise, both pointing at the next action).
            const onWay = new Set(visited);
            const pointing = steps.filter((s) => onWay.has(stepKeyJson(s.key)) && s.nextKey && stepKeyJson(s.nextKey) === stepKeyJson(NEXT));
            expect(pointing.map((s) => stepKeyJson(s.key))).to.deep.equal([visited[visited.length - 1]]);
          });

          it('marker kinds (phase-complete, terminal, error) never appear inside an action', () => {
            for (const step of steps) expect(['phase-complete', 'terminal', 'error']).to.not.include(step.kind);
          });
        });
      }
    }
  }
});

/**
 * The exact steps ES gives each action, in order, with their kinds (es-ilm-engine.md section 2.1 and
 * its "Historical step lists"; 6.6 from the 6.6 action classes).
 */
const EXPECTED: ReadonlyArray<{ profile: Profile; action: string; settings: string; steps: readonly string[] }> = [
  // 8.19 chains (ES 8.19 `ShrinkAction`, `ReadOnlyAction`, `ForceMergeAction`, `UnfollowAction`,
  // `MigrateAction` toSteps).
  {
    profile: PROFILE_8_19,
    action: 'shrink',
    settings: '{"number_of_shards":1,"allow_write_after_shrink":true}',
    steps: [
      'branch-check-prerequisites AA',
      'check-not-write-index CSW',
      'wait-for-shard-history-leases AW',
      'check-ts-end-time-passed AW',
      'readonly AA',
      'check-target-shards-count CSW',
      'cleanup-shrink-index AA',
      'generate-index-name CSA',
      'set-single-node-allocation AA',
      'check-shrink-allocation CSW',
      'shrink AA',
      'shrunk-shards-allocated CSW',
      'copy-execution-state CSA',
      'branch-on-datastream-check CSA',
      'aliases AA',
      'is-shrunken-index CSW',
      'replace-datastream-backing-index CSA',
      'delete AA',
      'update-settings AA',
    ],
  },
  { profile: PROFILE_8_19, action: 'readonly', settings: '{}', steps: ['check-not-write-index CSW', 'check-ts-end-time-passed AW', 'readonly AA'] },
  {
    profile: PROFILE_8_19,
    action: 'forcemerge',
    settings: '{"max_num_segments":1}',
    steps: [
      'branch-forcemerge-check-prerequisites CSA',
      'check-not-write-index CSW',
      'check-ts-end-time-passed AW',
      'readonly CSW',
      'forcemerge AA',
      'segment-count AW',
    ],
  },
  {
    profile: PROFILE_8_19,
    action: 'unfollow',
    settings: '{}',
    steps: [
      'branch-check-unfollow-prerequisites CSA',
      'wait-for-indexing-complete CSW',
      'wait-for-follow-shard-tasks AW',
      'pause-follower-index AA',
      'close-follower-index AA',
      'unfollow-follower-index AA',
      'open-follower-index AA',
      'wait-for-index-color CSW',
    ],
  },
  { profile: PROFILE_8_19, action: 'migrate', settings: '{}', steps: ['branch-check-skip-action CSA', 'migrate AA', 'check-migration CSW'] },
  // es-ilm-engine.md 2.1 (rollover); 6.x had no wait-for-active-shards (RolloverAction, 6.x package).
  {
    profile: PROFILE_7_10,
    action: 'rollover',
    settings: '{"max_docs":1000}',
    steps: ['check-rollover-ready AW', 'attempt-rollover AA', 'wait-for-active-shards CSW', 'update-rollover-lifecycle-date CSA', 'set-indexing-complete AA'],
  },
  {
    profile: PROFILE_6_6,
    action: 'rollover',
    settings: '{"max_docs":1000}',
    steps: ['check-rollover-ready AW', 'attempt-rollover AA', 'update-rollover-lifecycle-date CSA', 'set-indexing-complete AA'],
  },
  { profile: PROFILE_7_10, action: 'set_priority', settings: '{"priority":50}', steps: ['set_priority AA'] },
  {
    // es-ilm-engine.md 2.1, "unfollow before 7.12: no branch step ... wait-for-follow-shard-tasks is AW".
    profile: PROFILE_7_10,
    action: 'unfollow',
    settings: '{}',
    steps: [
      'wait-for-indexing-complete CSW',
      'wait-for-follow-shard-tasks AW',
      'pause-follower-index AA',
      'close-follower-index AA',
      'unfollow-follower-index AA',
      'open-follower-index AA',
      'wait-for-yellow-step CSW',
    ],
  },
  { profile: PROFILE_7_10, action: 'readonly', settings: '{}', steps: ['check-not-write-index CSW', 'readonly AA'] },
  { profile: PROFILE_6_6, action: 'readonly', settings: '{}', steps: ['readonly AA'] },
  // 7.10 had no branch-check-skip-action (es-ilm-engine.md 2.1 migrate row lists the later chain).
  { profile: PROFILE_7_10, action: 'migrate', settings: '{"enabled":true}', steps: ['migrate AA', 'check-migration CSW'] },
  { profile: PROFILE_7_10, action: 'migrate', settings: '{"enabled":false}', steps: [] },
  {
    // es-ilm-engine.md 2.1 "shrink 7.10", the data stream branch's targets last.
    profile: PROFILE_7_10,
    action: 'shrink',
    settings: '{"number_of_shards":1}',
    steps: [
      'branch-check-prerequisites CSA',
      'check-not-write-index CSW',
      'wait-for-shard-history-leases AW',
      'readonly AA',
      'set-single-node-allocation AA',
      'check-shrink-allocation CSW',
      'shrink AA',
      'shrunk-shards-allocated CSW',
      'copy-execution-state CSA',
      'branch-on-datastream-check CSA',
      'aliases AA',
      'is-shrunken-index CSW',
      'replace-datastream-backing-index CSA',
      'delete AA',
    ],
  },
  {
    profile: PROFILE_6_6,
    action: 'shrink',
    settings: '{"number_of_shards":1}',
    steps: [
      'readonly AA',
      'set-single-node-allocation AA',
      'check-shrink-allocation CSW',
      'shrink AA',
      'shrunk-shards-allocated CSW',
      'copy-execution-state CSA',
      'aliases AA',
      'is-shrunken-index CSW',
    ],
  },
  {
    profile: PROFILE_7_10,
    action: 'forcemerge',
    settings: '{"max_num_segments":1}',
    steps: ['check-not-write-index CSW', 'readonly AA', 'forcemerge AA', 'segment-count AW'],
  },
  {
    profile: PROFILE_7_10,
    action: 'forcemerge',
    settings: '{"max_num_segments":1,"index_codec":"best_compression"}',
    steps: [
      'check-not-write-index CSW',
      'readonly AA',
      'close-index AA',
      'update-settings AA',
      'open-index AA',
      'wait-for-index-color CSW',
      'forcemerge AA',
      'segment-count AW',
    ],
  },
  { profile: PROFILE_6_6, action: 'forcemerge', settings: '{"max_num_segments":1}', steps: ['readonly AA', 'forcemerge AA', 'segment-count AW'] },
  {
    profile: PROFILE_7_10,
    action: 'delete',
    settings: '{}',
    steps: ['wait-for-shard-history-leases AW', 'cleanup-snapshot AA', 'delete AA'],
  },
  {
    profile: PROFILE_7_10,
    action: 'delete',
    settings: '{"delete_searchable_snapshot":false}',
    steps: ['wait-for-shard-history-leases AW', 'delete AA'],
  },
  { profile: PROFILE_6_6, action: 'delete', settings: '{}', steps: ['delete AA'] },
];

describe('exact step names and kinds per action and profile (as ES has them)', () => {
  for (const { profile, action, settings, steps } of EXPECTED) {
    it(`${profile.name} ${action} ${settings}`, () => {
      const config = parseSettings(action, settings, profile);
      expect(config, 'settings parse').to.not.equal(null);
      expect(describeSteps(ACTIONS.get(action)!.toSteps('warm', NEXT, config!, profile))).to.deep.equal(steps);
    });
  }

  it('the settings UpdateSettingsStep steps are retryable in 7.10, nothing is in 6.6 (es-ilm-engine.md 4.4)', () => {
    const config = parseSettings('set_priority', '{"priority":1}', PROFILE_7_10)!;
    expect(ACTIONS.get('set_priority')!.toSteps('warm', NEXT, config, PROFILE_7_10)[0]!.retryable).to.equal(true);
    expect(ACTIONS.get('set_priority')!.toSteps('warm', NEXT, config, PROFILE_6_6)[0]!.retryable).to.equal(false);
  });

  it('the shrink step itself is not retryable in 7.10, so a bad shard count needs a manual retry', () => {
    const config = parseSettings('shrink', '{"number_of_shards":4}', PROFILE_7_10)!;
    const shrink = ACTIONS.get('shrink')!
      .toSteps('warm', NEXT, config, PROFILE_7_10)
      .find((s) => s.key.name === 'shrink')!;
    expect(shrink.retryable).to.equal(false);
  });
});

describe('branching steps branch to a step of their own chain or to the next action', () => {
  function branchTarget(profile: Profile, shards: number, target: number, stepName: string): string {
    const config = parseSettings('shrink', `{"number_of_shards":${target}}`, profile)!;
    const steps = ACTIONS.get('shrink')!.toSteps('warm', NEXT, config, profile);
    const step = steps.find((s) => s.key.name === stepName)!;
    expect(step.kind).to.equal('cluster-state-action');
    if (step.kind !== 'cluster-state-action') throw new Error('unreachable');
    let n = 0;
    const cluster = createCluster(() => `uuid-${n++}`);
    const index = addIndex(cluster, 'idx', 0, new Map([['index.number_of_shards', String(shards)]]));
    const branch = step.perform({ cluster, index, now: 0, policyName: 'p', profile });
    const key = branch ?? step.nextKey!;
    const allowed = [...steps.map((s) => stepKeyJson(s.key)), stepKeyJson(NEXT)];
    expect(allowed, `${stepName} -> ${stepKeyJson(key)}`).to.include(stepKeyJson(key));
    return `${key.action}/${key.name}`;
  }

  it('7.10 shrink branch-check-prerequisites skips the action when the index already has the target count', () => {
    expect(branchTarget(PROFILE_7_10, 1, 1, 'branch-check-prerequisites')).to.equal('next-action/next-step');
  });

  it('7.10 shrink branch-check-prerequisites goes on to check-not-write-index otherwise', () => {
    expect(branchTarget(PROFILE_7_10, 4, 1, 'branch-check-prerequisites')).to.equal('shrink/check-not-write-index');
  });

  it('7.10 shrink branch-on-datastream-check takes the aliases path for an index outside a data stream', () => {
    expect(branchTarget(PROFILE_7_10, 4, 1, 'branch-on-datastream-check')).to.equal('shrink/aliases');
  });
});

function policy(body: unknown, profile: Profile): Policy {
  return parsePolicyRequest(JSON.stringify(body), 'p', profile);
}

const keyOf = (s: Step): string => `${s.key.phase}/${s.key.action}/${s.key.name}`;
const nextOf = (s: Step): string | null => (s.nextKey ? `${s.nextKey.phase}/${s.nextKey.action}/${s.nextKey.name}` : null);

function expectLinked(steps: readonly Step[]): void {
  const keys = steps.map(keyOf);
  expect(new Set(keys).size, 'unique keys').to.equal(keys.length);
  expect(
    keys.filter((k) => k.endsWith('/ERROR')),
    'no ERROR steps',
  ).to.deep.equal([]);
  for (let i = 0; i < steps.length - 1; i++) {
    // Compiled back to front: each step's successor is the next entry of the list, except branches.
    expect(keys, `${keys[i]} -> ${nextOf(steps[i]!)}`).to.include(nextOf(steps[i]!));
  }
}

describe('compileSteps: a whole policy', () => {
  const warmShrink = { policy: { phases: { warm: { min_age: '1d', actions: { shrink: { number_of_shards: 1 } } } } } };

  it('7.10: init, new complete, unfollow and migrate injected around shrink, then the warm complete step with no next', () => {
    const steps = compileSteps(policy(warmShrink, PROFILE_7_10), PROFILE_7_10);
    expect(steps.map((s) => `${keyOf(s)} ${SHORT[s.kind]} -> ${nextOf(s)}`)).to.deep.equal([
      'new/init/init CSA -> new/complete/complete',
      'new/complete/complete PC -> warm/unfollow/wait-for-indexing-complete',
      'warm/unfollow/wait-for-indexing-complete CSW -> warm/unfollow/wait-for-follow-shard-tasks',
      'warm/unfollow/wait-for-follow-shard-tasks AW -> warm/unfollow/pause-follower-index',
      'warm/unfollow/pause-follower-index AA -> warm/unfollow/close-follower-index',
      'warm/unfollow/close-follower-index AA -> warm/unfollow/unfollow-follower-index',
      'warm/unfollow/unfollow-follower-index AA -> warm/unfollow/open-follower-index',
      'warm/unfollow/open-follower-index AA -> warm/unfollow/wait-for-yellow-step',
      'warm/unfollow/wait-for-yellow-step CSW -> warm/migrate/migrate',
      'warm/migrate/migrate AA -> warm/migrate/check-migration',
      'warm/migrate/check-migration CSW -> warm/shrink/branch-check-prerequisites',
      'warm/shrink/branch-check-prerequisites CSA -> warm/shrink/check-not-write-index',
      'warm/shrink/check-not-write-index CSW -> warm/shrink/wait-for-shard-history-leases',
      'warm/shrink/wait-for-shard-history-leases AW -> warm/shrink/readonly',
      'warm/shrink/readonly AA -> warm/shrink/set-single-node-allocation',
      'warm/shrink/set-single-node-allocation AA -> warm/shrink/check-shrink-allocation',
      'warm/shrink/check-shrink-allocation CSW -> warm/shrink/shrink',
      'warm/shrink/shrink AA -> warm/shrink/shrunk-shards-allocated',
      'warm/shrink/shrunk-shards-allocated CSW -> warm/shrink/copy-execution-state',
      'warm/shrink/copy-execution-state CSA -> warm/shrink/branch-on-datastream-check',
      'warm/shrink/branch-on-datastream-check CSA -> warm/shrink/aliases',
      'warm/shrink/aliases AA -> warm/shrink/is-shrunken-index',
      'warm/shrink/is-shrunken-index CSW -> warm/complete/complete',
      'warm/shrink/replace-datastream-backing-index CSA -> warm/shrink/delete',
      'warm/shrink/delete AA -> warm/shrink/is-shrunken-index',
      'warm/complete/complete PC -> null',
    ]);
  });

  it('6.6: no unfollow or migrate injection, and the policy ends at completed/completed/completed', () => {
    const steps = compileSteps(policy(warmShrink, PROFILE_6_6), PROFILE_6_6);
    expect(steps.map((s) => `${keyOf(s)} ${SHORT[s.kind]} -> ${nextOf(s)}`)).to.deep.equal([
      'new/init/init CSA -> new/complete/complete',
      'new/complete/complete PC -> warm/shrink/readonly',
      'warm/shrink/readonly AA -> warm/shrink/set-single-node-allocation',
      'warm/shrink/set-single-node-allocation AA -> warm/shrink/check-shrink-allocation',
      'warm/shrink/check-shrink-allocation CSW -> warm/shrink/shrink',
      'warm/shrink/shrink AA -> warm/shrink/shrunk-shards-allocated',
      'warm/shrink/shrunk-shards-allocated CSW -> warm/shrink/copy-execution-state',
      'warm/shrink/copy-execution-state CSA -> warm/shrink/aliases',
      'warm/shrink/aliases AA -> warm/shrink/is-shrunken-index',
      'warm/shrink/is-shrunken-index CSW -> completed/completed/completed',
      'completed/completed/completed TERMINAL -> null',
    ]);
  });

  it('phases run in ES order whatever order the body lists them, with a complete step between phases', () => {
    const body = {
      policy: {
        phases: {
          delete: { min_age: '30d', actions: { delete: {} } },
          cold: { min_age: '7d', actions: { set_priority: { priority: 0 } } },
          warm: { min_age: '1d', actions: { readonly: {} } },
          hot: { actions: { set_priority: { priority: 100 } } },
        },
      },
    };
    const steps = compileSteps(policy(body, PROFILE_7_10), PROFILE_7_10);
    expectLinked(steps);
    const phaseBoundaries = steps.filter((s) => s.kind === 'phase-complete').map((s) => `${keyOf(s)} -> ${nextOf(s)}`);
    expect(phaseBoundaries).to.deep.equal([
      'new/complete/complete -> hot/set_priority/set_priority',
      'hot/complete/complete -> warm/readonly/check-not-write-index',
      'warm/complete/complete -> cold/set_priority/set_priority',
      'cold/complete/complete -> delete/delete/wait-for-shard-history-leases',
      'delete/complete/complete -> null',
    ]);
    // migrate is injected into warm and cold (no allocate rules), never into hot or delete.
    expect(steps.filter((s) => s.key.action === 'migrate').map(keyOf)).to.deep.equal([
      'warm/migrate/migrate',
      'warm/migrate/check-migration',
      'cold/migrate/migrate',
      'cold/migrate/check-migration',
    ]);
    // unfollow only joins phases with rollover, shrink or searchable_snapshot (es-ilm-engine.md 1.2).
    expect(steps.some((s) => s.key.action === 'unfollow')).to.equal(false);
  });

  it('actions run in the profile order within a phase, not in request order (7.10 warm)', () => {
    const body = {
      policy: {
        phases: {
          warm: {
            actions: {
              forcemerge: { max_num_segments: 1 },
              shrink: { number_of_shards: 1 },
              readonly: {},
              set_priority: { priority: 50 },
            },
          },
        },
      },
    };
    const steps = compileSteps(policy(body, PROFILE_7_10), PROFILE_7_10);
    const actionOrder = steps.map((s) => s.key.action).filter((a, i, all) => all.indexOf(a) === i);
    expect(actionOrder).to.deep.equal(['init', 'complete', 'set_priority', 'unfollow', 'readonly', 'migrate', 'shrink', 'forcemerge']);
  });

  it('an explicit migrate {"enabled":false} suppresses injection and compiles to no steps', () => {
    const body = { policy: { phases: { warm: { actions: { migrate: { enabled: false }, readonly: {} } } } } };
    const steps = compileSteps(policy(body, PROFILE_7_10), PROFILE_7_10);
    expect(steps.some((s) => s.key.action === 'migrate')).to.equal(false);
    expectLinked(steps);
  });

  it('6.6 with several phases: the last phase has no complete step and points at the terminal step', () => {
    const body = { policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } }, warm: { actions: { readonly: {} } } } } };
    const steps = compileSteps(policy(body, PROFILE_6_6), PROFILE_6_6);
    expect(steps.map((s) => `${keyOf(s)} -> ${nextOf(s)}`)).to.deep.equal([
      'new/init/init -> new/complete/complete',
      'new/complete/complete -> warm/readonly/readonly',
      'warm/readonly/readonly -> warm/complete/complete',
      'warm/complete/complete -> delete/delete/delete',
      'delete/delete/delete -> completed/completed/completed',
      'completed/completed/completed -> null',
    ]);
  });

  it('every compiled policy starts with init and, in 7.10, ends at its last phase complete step with no next', () => {
    const bodies = [
      { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } },
      { policy: { phases: { hot: { actions: {} } } } },
      { policy: { phases: { cold: { actions: { set_priority: { priority: null } } } } } },
    ];
    for (const body of bodies) {
      const steps = compileSteps(policy(body, PROFILE_7_10), PROFILE_7_10);
      expectLinked(steps);
      expect(keyOf(steps[0]!)).to.equal('new/init/init');
      expect(keyOf(steps[1]!)).to.equal('new/complete/complete');
      const last = steps[steps.length - 1]!;
      expect(last.kind).to.equal('phase-complete');
      expect(last.key.action).to.equal('complete');
      expect(last.nextKey).to.equal(null);
      expect(steps.filter((s) => s.nextKey === null)).to.have.length(1);
    }
  });

  it('an empty phase compiles to its complete step alone', () => {
    const steps = compileSteps(policy({ policy: { phases: { hot: { actions: {} } } } }, PROFILE_7_10), PROFILE_7_10);
    expect(steps.map((s) => `${keyOf(s)} -> ${nextOf(s)}`)).to.deep.equal([
      'new/init/init -> new/complete/complete',
      'new/complete/complete -> hot/complete/complete',
      'hot/complete/complete -> null',
    ]);
  });
});
