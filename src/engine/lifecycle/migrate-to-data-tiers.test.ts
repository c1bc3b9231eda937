/**
 * Tests for the data-tier migration: ILM must be stopped (unless dry run), allocate rules on the node
 * attribute go (the action too when nothing is left), index attribute routing becomes a tier preference,
 * and an index left without tiers gets the default one.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { addIndex, createCluster } from '../cluster/cluster';
import { PROFILE_8_19 } from '../profile';
import { errorOf } from '../../testing/error-of';
import { migrateToDataTiers } from './migrate-to-data-tiers';
import { parsePolicyRequest, policyToXContent } from './policy-parser';

function setup() {
  let n = 0;
  const cluster = createCluster(() => `uuid-${n++}`);
  const policy = parsePolicyRequest(
    JSON.stringify({
      policy: {
        phases: {
          warm: { actions: { allocate: { number_of_replicas: 1, require: { data: 'warm' } } } },
          cold: { min_age: '2d', actions: { allocate: { include: { data: 'cold' } } } },
        },
      },
    }),
    'p',
    PROFILE_8_19,
  );
  cluster.policies.set('p', { policy, version: 1, modifiedDate: 0, canonical: '' });
  addIndex(
    cluster,
    'a',
    0,
    new Map([
      ['index.routing.allocation.require.data', 'warm'],
      ['index.routing.allocation.exclude.data', 'x'],
    ]),
  );
  addIndex(cluster, 'b', 0, new Map([['index.routing.allocation.require.data', 'the_warm_nodes']]));
  return cluster;
}

describe('migrateToDataTiers (ES MetadataMigrateToDataTiersRoutingService)', () => {
  it('refuses while ILM runs, except for a dry run that changes nothing', () => {
    const cluster = setup();
    expect(errorOf(() => migrateToDataTiers(cluster, PROFILE_8_19, { dryRun: false, legacyTemplateToDelete: null, nodeAttribute: null }, 5)).reason).to.equal(
      'stop ILM before migrating to data tiers, current state is [RUNNING]',
    );
    const dry = migrateToDataTiers(cluster, PROFILE_8_19, { dryRun: true, legacyTemplateToDelete: null, nodeAttribute: null }, 5);
    // `b`'s rule names no tier, so it keeps it and only gains the default preference (ES 7.16+).
    expect(dry).to.deep.equal({
      removedLegacyTemplate: null,
      migratedPolicies: ['p'],
      migratedIndices: ['a', 'b'],
      migratedLegacyTemplates: [],
      migratedComposableTemplates: [],
      migratedComponentTemplates: [],
    });
    expect(cluster.indices.get('b')!.settings.has('index.routing.allocation.include._tier_preference')).to.equal(false);
    expect(cluster.policies.get('p')!.version).to.equal(1);
  });

  it('strips the rules, keeps the replica count, and converts the index routing', () => {
    const cluster = setup();
    cluster.operationMode = 'STOPPED';
    migrateToDataTiers(cluster, PROFILE_8_19, { dryRun: false, legacyTemplateToDelete: null, nodeAttribute: null }, 5);
    const stored = cluster.policies.get('p')!;
    expect(stored.version).to.equal(2);
    const phases = (policyToXContent(stored.policy, PROFILE_8_19) as { phases: Record<string, { actions: Record<string, unknown> }> }).phases;
    expect(phases['cold']!.actions).to.deep.equal({});
    expect(phases['warm']!.actions['allocate']).to.include({ number_of_replicas: 1 });
    expect([...cluster.indices.get('a')!.settings]).to.deep.equal([['index.routing.allocation.include._tier_preference', 'data_warm,data_hot']]);
    expect([...cluster.indices.get('b')!.settings]).to.deep.equal([
      ['index.routing.allocation.require.data', 'the_warm_nodes'],
      ['index.routing.allocation.include._tier_preference', 'data_content'],
    ]);
  });
});
