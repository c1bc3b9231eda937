/**
 * Tests for dynamic cluster settings: nested or flat keys, every key checked before any is applied,
 * null removes, transient wins over persistent.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createCluster } from './cluster';
import { effectiveClusterSetting, flattenClusterSettings, updateClusterSettings } from './cluster-settings';
import { errorOf } from '../../testing/error-of';

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
});
