/**
 * The downsample action: ES 8.19's step list and kinds, the target name, the time-series end-time
 * wait, and the skip for indices that are not time-series indices.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { addIndex, createCluster } from '../../cluster/cluster';
import { JsonTokenizer } from '../../xcontent/json-tokens';
import { PROFILE_8_19 } from '../../profile';
import { stepKey } from '../../cluster/step-key';
import type { Step, StepContext } from '../steps';
import { downsampleAction, downsampleIndexName } from './downsample';

const NEXT = stepKey('warm', 'migrate', 'branch-check-skip-action');
const config = downsampleAction.parse(new JsonTokenizer('{"fixed_interval":"1h"}', PROFILE_8_19.parseErrorStyle), PROFILE_8_19);
const steps = downsampleAction.toSteps('warm', NEXT, config, PROFILE_8_19);
const SHORT = { 'cluster-state-action': 'CSA', 'cluster-state-wait': 'CSW', 'async-action': 'AA', 'async-wait': 'AW' } as Record<string, string>;

function context(settings: Record<string, string>, now: number): StepContext {
  let n = 0;
  const cluster = createCluster(() => `uuid-${n++}`);
  const index = addIndex(cluster, 'metrics', 0, new Map(Object.entries(settings)));
  return { cluster, index, now, policyName: 'p', profile: PROFILE_8_19 };
}

const step = (name: string) => steps.find((s) => s.key.name === name)!;

describe('downsample (8.19)', () => {
  it('has ES 8.19 DownsampleAction#toSteps steps, kinds and order', () => {
    expect(steps.map((s) => `${s.key.name} ${SHORT[s.kind]}`)).to.deep.equal([
      'branch-on-timeseries-check CSA',
      'check-not-write-index CSW',
      'wait-for-shard-history-leases AW',
      'check-ts-end-time-passed AW',
      'readonly AA',
      'cleanup-target-index CSW',
      'generate-downsampled-index-name CSA',
      'rollup AA',
      'wait-for-index-color CSW',
      'copy-execution-state CSA',
      'copy-settings CSA',
      'branch-on-datastream-check CSA',
      'replace-datastream-backing-index CSA',
      'delete AA',
      'swap-aliases AA',
    ]);
    expect(step('readonly').nextKey?.name).to.equal('generate-downsampled-index-name');
    expect(step('cleanup-target-index').nextKey?.name).to.equal('rollup');
  });

  it('prints fixed_interval and the default wait_timeout', () => {
    expect(downsampleAction.toXContent(config, PROFILE_8_19)).to.deep.equal({ fixed_interval: '1h', wait_timeout: '1d' });
  });

  it('skips an index that is not a time-series index', () => {
    const branch = step('branch-on-timeseries-check') as Extract<Step, { kind: 'cluster-state-action' }>;
    expect(branch.perform(context({}, 0))).to.deep.equal(NEXT);
    expect(branch.perform(context({ 'index.mode': 'time_series', 'index.routing_path': 'h' }, 0))).to.deep.equal(
      stepKey('warm', 'downsample', 'check-not-write-index'),
    );
  });

  it('names the target after the first index of a downsampling chain', () => {
    const ctx = context({ 'index.downsample.origin.name': 'metrics-0' }, 0);
    expect(downsampleIndexName(ctx.index, '1d')).to.equal('downsample-1d-metrics-0');
    expect(downsampleIndexName(context({}, 0).index, '1h')).to.equal('downsample-1h-metrics');
  });

  it('check-ts-end-time-passed waits for a time-series index until its end time', () => {
    const wait = step('check-ts-end-time-passed') as Extract<Step, { kind: 'async-wait' }>;
    const end = Date.UTC(2024, 0, 5);
    const tsdb = { 'index.mode': 'time_series', 'index.routing_path': 'h', 'index.time_series.end_time': '2024-01-05T00:00:00Z' };
    expect(wait.evaluate(context(tsdb, end - 1))).to.deep.equal({
      complete: false,
      info: {
        message:
          "The [index.time_series.end_time] setting for index [metrics] is [1704412800000]. Waiting until the index's time series end time lapses before proceeding with action [downsample] as the index can still accept writes.",
      },
    });
    expect(wait.evaluate(context(tsdb, end)).complete).to.equal(true);
    expect(wait.evaluate(context({}, 0)).complete).to.equal(true);
  });
});
