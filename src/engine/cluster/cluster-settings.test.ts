/**
 * Tests for dynamic cluster settings: nested or flat keys, every key checked before any is applied,
 * null removes, transient wins over persistent.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createCluster } from './cluster';
import { effectiveClusterSetting, flattenClusterSettings, updateClusterSettings } from './cluster-settings';
import { errorOf } from '../../testing/error-of';
import { PROFILE_8_19 } from '../profile';

describe('cluster settings (ES SettingsUpdater)', () => {
  it('flattens nested keys and applies, echoing what was set', () => {
    const cluster = createCluster(() => 'u');
    const echoed = updateClusterSettings(cluster, flattenClusterSettings({ indices: { lifecycle: { poll_interval: '1m' } } }), new Map());
    expect([...echoed.persistent]).to.deep.equal([['indices.lifecycle.poll_interval', '1m']]);
    updateClusterSettings(cluster, new Map(), new Map([['indices.lifecycle.poll_interval', '30s']]));
    expect(effectiveClusterSetting(cluster, 'indices.lifecycle.poll_interval')).to.equal('30s');
    updateClusterSettings(cluster, new Map(), new Map([['indices.lifecycle.poll_interval', null]]));
    expect(effectiveClusterSetting(cluster, 'indices.lifecycle.poll_interval')).to.equal('1m');
  });

  it('refuses everything when one key is bad', () => {
    const cluster = createCluster(() => 'u');
    const error = errorOf(() =>
      updateClusterSettings(
        cluster,
        new Map([
          ['indices.lifecycle.poll_interval', '1m'],
          ['no.such', 'x'],
        ]),
        new Map(),
      ),
    );
    expect(error.reason).to.equal('persistent setting [no.such], not recognized');
    expect(cluster.clusterSettings.persistent.size).to.equal(0);
    expect(errorOf(() => updateClusterSettings(cluster, new Map([['indices.lifecycle.poll_interval', '0s']]), new Map())).reason).to.equal(
      'failed to parse value [0s] for setting [indices.lifecycle.poll_interval], must be >= [1s]',
    );
  });

  it('a null under a key ending in * removes the keys of that scope it matches, and is no unknown setting', () => {
    const cluster = createCluster(() => 'u');
    const profile = PROFILE_8_19;
    updateClusterSettings(
      cluster,
      new Map([
        ['data_streams.lifecycle.retention.default', '7d'],
        ['data_streams.lifecycle.retention.max', '90d'],
        ['indices.lifecycle.poll_interval', '1m'],
      ]),
      new Map([['data_streams.lifecycle.retention.max', '30d']]),
      'absent',
      profile,
    );
    const echoed = updateClusterSettings(cluster, new Map([['data_streams.lifecycle.retention.*', null]]), new Map(), 'absent', profile);
    expect(echoed.persistent.size).to.equal(0);
    expect([...cluster.clusterSettings.persistent]).to.deep.equal([['indices.lifecycle.poll_interval', '1m']]);
    expect([...cluster.clusterSettings.transient]).to.deep.equal([['data_streams.lifecycle.retention.max', '30d']]);
    // A value set beside the wildcard in the same scope stays: ES removes first, then sets.
    updateClusterSettings(
      cluster,
      new Map<string, string | null>([
        ['indices.lifecycle.*', null],
        ['indices.lifecycle.poll_interval', '2m'],
      ]),
      new Map(),
      'absent',
      profile,
    );
    expect(effectiveClusterSetting(cluster, 'indices.lifecycle.poll_interval')).to.equal('2m');
    // Only a null may be a pattern.
    expect(errorOf(() => updateClusterSettings(cluster, new Map([['indices.lifecycle.*', '1m']]), new Map(), 'absent', profile)).reason).to.equal(
      'persistent setting [indices.lifecycle.*], not recognized',
    );
  });

  it("checks the data stream lifecycle's merge and signalling settings as ES types them", () => {
    const cluster = createCluster(() => 'u');
    const put = (key: string, value: string) => errorOf(() => updateClusterSettings(cluster, new Map([[key, value]]), new Map(), 'absent', PROFILE_8_19));
    // ES `DataStreamLifecycleService`: intSetting(merge_factor, 16, 2), byteSizeSetting(floor_segment, 100mb),
    // intSetting(error_retry_interval, 10, 1).
    expect(put('data_streams.lifecycle.target.merge.policy.merge_factor', '1').reason).to.equal(
      'Failed to parse value [1] for setting [data_streams.lifecycle.target.merge.policy.merge_factor] must be >= 2',
    );
    expect(put('data_streams.lifecycle.signalling.error_retry_interval', '0').reason).to.equal(
      'Failed to parse value [0] for setting [data_streams.lifecycle.signalling.error_retry_interval] must be >= 1',
    );
    const floor = put('data_streams.lifecycle.target.merge.policy.floor_segment', 'abc');
    const message =
      'failed to parse setting [data_streams.lifecycle.target.merge.policy.floor_segment] with value [abc] as a size in bytes: unit is missing or unrecognized';
    expect(floor).to.deep.include({ type: 'illegal_argument_exception', reason: message });
    expect(floor.causedBy).to.deep.include({ type: 'parse_exception', reason: message });
    expect(cluster.clusterSettings.persistent.size).to.equal(0);
    updateClusterSettings(
      cluster,
      new Map([
        ['data_streams.lifecycle.target.merge.policy.merge_factor', '2'],
        ['data_streams.lifecycle.target.merge.policy.floor_segment', '1gb'],
        ['data_streams.lifecycle.signalling.error_retry_interval', '1'],
      ]),
      new Map(),
      'absent',
      PROFILE_8_19,
    );
    expect(cluster.clusterSettings.persistent.size).to.equal(3);
  });
});
