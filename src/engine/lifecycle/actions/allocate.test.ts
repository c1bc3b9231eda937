/**
 * The allocate and freeze actions: parsing per release (ES's messages verbatim, filter values kept as
 * text), GET policy serialisation, the settings the allocate step applies, the freeze chains, and the
 * migrate-with-allocate policy rule.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, createCluster } from '../../cluster/cluster';
import { EsException } from '../../errors';
import { JsonTokenizer } from '../../xcontent/json-tokens';
import type { Phase } from '../../cluster/policy-model';
import { PROFILE_6_6, PROFILE_7_10, PROFILE_8_19, PROFILE_9_1, type Profile } from '../../profile';
import { stepKey } from '../../cluster/step-key';
import { allocateAction } from './allocate';
import { validateLifecycleType } from '../policy-validation';
import { freezeAction, freezeDeprecationWarning } from './freeze';

const NEXT = stepKey('warm', 'next', 'next');

function parse(json: string, profile: Profile) {
  return allocateAction.parse(new JsonTokenizer(json, profile.parseErrorStyle), profile);
}

function innermost(e: unknown): string {
  let error = (e as EsException).error;
  while (error.causedBy) error = error.causedBy;
  return `${error.type}: ${error.reason}`;
}

describe('allocate action', () => {
  it('refuses an empty action with the release message', () => {
    const cases: Array<[Profile, string]> = [
      [PROFILE_6_6, 'At least one of include, exclude or requiremust contain attributes for action allocate'],
      [PROFILE_7_10, 'At least one of include, exclude or requiremust contain attributes for action allocate'],
      [
        PROFILE_8_19,
        'At least one of include, exclude or require must contain attributes for action allocate. Otherwise the number_of_replicas or the total_shards_per_node options must be configured.',
      ],
    ];
    for (const [profile, message] of cases) {
      expect(() => parse('{"include":{}}', profile)).to.throw(EsException);
      try {
        parse('{"include":{}}', profile);
      } catch (e) {
        expect(innermost(e)).to.equal(`illegal_argument_exception: ${message}`);
      }
    }
  });

  it('accepts total_shards_per_node alone in 8.19 only', () => {
    expect(parse('{"total_shards_per_node":-1}', PROFILE_8_19).settings['total_shards_per_node']).to.equal(-1);
    expect(() => parse('{"total_shards_per_node":2}', PROFILE_7_10)).to.throw(EsException);
  });

  it('keeps filter values as text and prints the filters as objects in HashMap order', () => {
    const config = parse('{"number_of_replicas":"1","include":{"box_type":"warm","rack":3}}', PROFILE_7_10);
    expect(JSON.stringify(allocateAction.toXContent(config, PROFILE_7_10))).to.equal(
      '{"number_of_replicas":1,"include":{"rack":"3","box_type":"warm"},"exclude":{},"require":{}}',
    );
  });

  it('applies the replicas, filters and shards per node in one settings update, then checks allocation', () => {
    const config = parse('{"number_of_replicas":0,"require":{"zone":"a"},"total_shards_per_node":2}', PROFILE_8_19);
    const steps = allocateAction.toSteps('warm', NEXT, config, PROFILE_8_19);
    expect(steps.map((s) => `${s.key.name}:${s.kind}`)).to.deep.equal(['allocate:async-action', 'check-allocation:cluster-state-wait']);
    const cluster = createCluster(() => 'u');
    const index = addIndex(cluster, 'logs', 0, new Map());
    const first = steps[0]!;
    if (first.kind !== 'async-action') throw new Error('allocate is an async action');
    first.perform({ cluster, index, now: 0, policyName: 'p', profile: PROFILE_8_19 });
    expect(Object.fromEntries(index.settings)).to.deep.equal({
      'index.number_of_replicas': '0',
      'index.routing.allocation.require.zone': 'a',
      'index.routing.allocation.total_shards_per_node': '2',
    });
  });

  it('refuses an enabled migrate beside allocation rules, naming the phases', () => {
    const rules = parse('{"require":{"box":"cold"}}', PROFILE_7_10);
    const phase = (name: string, enabled: boolean): Phase => ({
      name,
      minAge: null,
      actions: new Map([
        ['allocate', rules],
        ['migrate', { action: 'migrate', settings: { enabled } }],
      ]),
    });
    const phases = new Map([
      ['cold', phase('cold', true)],
      ['warm', phase('warm', true)],
    ]);
    expect(() => validateLifecycleType(phases, PROFILE_7_10)).to.throw(
      'phases [warm,cold] specify an enabled migrate action and an allocate action with allocation rules. specify only a single data migration in each phase',
    );
    expect(() => validateLifecycleType(new Map([['warm', phase('warm', false)]]), PROFILE_8_19)).not.to.throw();
  });
});

describe('freeze action', () => {
  it('has the chain of each release', () => {
    const config = { action: 'freeze', settings: {} };
    const names = (profile: Profile) => freezeAction.toSteps('cold', NEXT, config, profile).map((s) => `${s.key.name}:${s.kind}:${s.nextKey?.name}`);
    expect(names(PROFILE_7_10)).to.deep.equal(['check-not-write-index:cluster-state-wait:freeze', 'freeze:async-action:next']);
    expect(names(PROFILE_8_19)).to.deep.equal([
      'branch-freeze-check-prerequisites:cluster-state-action:check-not-write-index',
      'check-not-write-index:cluster-state-wait:freeze',
      'freeze:async-action:next',
    ]);
    expect(names(PROFILE_9_1)).to.deep.equal([
      'branch-freeze-check-prerequisites:cluster-state-wait:next',
      'check-not-write-index:cluster-state-wait:next',
      'freeze:cluster-state-wait:next',
    ]);
  });

  it('warns about the freeze action only in 9.x', () => {
    const phases = new Map<string, Phase>([['cold', { name: 'cold', minAge: null, actions: new Map([['freeze', { action: 'freeze', settings: {} }]]) }]]);
    expect(freezeDeprecationWarning('p', phases, PROFILE_8_19)).to.equal(null);
    expect(freezeDeprecationWarning('p', phases, PROFILE_9_1)).to.equal(
      "The freeze action in ILM is deprecated and will be removed in a future version; this action is already a noop so it can be safely removed. Please remove the freeze action from the 'p' policy.",
    );
  });
});
