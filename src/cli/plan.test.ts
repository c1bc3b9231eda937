/**
 * `ilm-sim plan` driven as a function: the seed policy with a 2-shard template ends in ERROR with ES's
 * reason (exit 1), a sound hot/warm/cold/delete policy with daily rollover is clean (exit 0), a
 * rollover that documents never reach is stuck with its conditions, bad input exits 2; --html
 * writes a page with the picture.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from './test-support';

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-plan-'));
  const write = (name: string, value: unknown) => writeFileSync(path.join(dir, name), JSON.stringify(value));
  write('seed.json', { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } });
  write('two-shards.json', { index_patterns: ['my-index-*'], template: { settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } } });
  write('logs.json', {
    policy: {
      phases: {
        hot: { actions: { rollover: { max_age: '1d' } } },
        warm: { min_age: '7d', actions: { forcemerge: { max_num_segments: 1 } } },
        cold: { min_age: '30d', actions: { set_priority: { priority: 0 } } },
        delete: { min_age: '60d', actions: { delete: {} } },
      },
    },
  });
  write('refused.json', { policy: { phases: { hot: { actions: { shrink: { number_of_shards: 1 } } } } } });
  return dir;
}

function plan(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  return runCli(['plan', ...args], cwd);
}

describe('ilm-sim plan', () => {
  const dir = project();

  it("the seed policy with a 2-shard template: ERROR with ES's reason, exit 1", async () => {
    const { code, out, err } = await plan(['seed.json', '--template', 'two-shards.json', '--indices', '2'], dir);
    expect(code).to.equal(1);
    expect(err).to.equal('');
    expect(out).to.contain('my-index-000001  nnnnnEEEE');
    expect(out).to.contain(
      '- my-index-000001 ends in ERROR (since 2024-01-06T00:20Z) at warm/shrink/shrink: illegal_argument_exception: the number of target shards [4] must be less that the number of source shards [2]; ES 7.10 does not retry this step automatically',
    );
    expect(out).to.contain('(the same for my-index-000002)');
  });

  it('a sound hot/warm/cold/delete policy with a daily rollover: every index deleted, exit 0', async () => {
    const { code, out } = await plan(['logs.json', '--profile', '8.19', '--indices', '3', '--horizon', '100d', '--html', 'plan.html'], dir);
    expect(code, out).to.equal(0);
    expect(out).to.contain(`HTML written to ${path.join(dir, 'plan.html')}`);
    const page = readFileSync(path.join(dir, 'plan.html'), 'utf8');
    expect(page).to.contain('<title>ILM plan: the policy &quot;logs&quot; on Elasticsearch 8.19</title>').and.contain('<svg').and.contain('No problems found.');
    expect(out).to.contain('Showing 3 of 101 indices.');
    expect(out).to.match(/logs-000001 {2}H{8}W{23}C{30}x\n/);
    expect(out).to.contain('No problems found.');
  });

  it('a data stream template and a searchable snapshot: the repository is made for the plan, exit 0', async () => {
    writeFileSync(
      path.join(dir, 'frozen.json'),
      JSON.stringify({
        policy: {
          phases: {
            hot: { actions: { rollover: { max_age: '1d' } } },
            cold: { min_age: '5d', actions: { searchable_snapshot: { snapshot_repository: 'backups' } } },
            delete: { min_age: '20d', actions: { delete: {} } },
          },
        },
      }),
    );
    writeFileSync(
      path.join(dir, 'stream.json'),
      JSON.stringify({ index_patterns: ['metrics-*'], data_stream: {}, priority: 200, template: { settings: { 'index.lifecycle.name': 'frozen' } } }),
    );
    const { code, out } = await plan(['frozen.json', '--profile', '8.19', '--template', 'stream.json', '--horizon', '40d', '--indices', '1'], dir);
    expect(code, out).to.equal(0);
    expect(out).to.contain('snapshot repository "backups" (fs) made for the plan; data stream "metrics-plan"');
    expect(out).to.match(/\.ds-metrics-plan-2024\.01\.01-000001 {2}H{6}C{15}x\n/);
  });

  it('no documents: the rollover is stuck on the implicit min_docs, current against required', async () => {
    const { code, out } = await plan(['logs.json', '--profile', '8.19', '--indices', '1', '--ingest', 'none', '--horizon', '30d'], dir);
    expect(code).to.equal(1);
    expect(out).to.contain('logs-000001 is stuck on hot/rollover/check-rollover-ready for 30d').and.contain('min_docs 1 (now 0 docs, implicit)');
  });

  it('a legacy template file (settings at the top) is taken as it is, on 6.6 and on 7.10', async () => {
    writeFileSync(path.join(dir, 'legacy.json'), JSON.stringify({ index_patterns: ['shrink-index-*'], settings: { 'index.number_of_shards': 2 } }));
    for (const profile of ['6.6', '7.10']) {
      const { code, out, err } = await plan(['seed.json', '--profile', profile, '--template', 'legacy.json', '--indices', '1', '--horizon', '10d'], dir);
      expect(err, profile).to.equal('');
      expect(code, profile).to.equal(1);
      expect(out, profile).to.contain('index.lifecycle.name "seed" added to the template legacy');
      expect(out, profile).to.contain(
        'at warm/shrink/shrink: illegal_argument_exception: the number of target shards [4] must be less that the number of source shards [2]',
      );
    }
    // A GET _template export holds legacy templates by name; one mixing both kinds' fields is refused.
    writeFileSync(
      path.join(dir, 'export.json'),
      JSON.stringify({
        old: {
          order: 1,
          index_patterns: ['shrink-index-*'],
          settings: { index: { number_of_shards: '2', lifecycle: { name: 'seed' } } },
          mappings: {},
          aliases: {},
        },
      }),
    );
    const exported = await plan(['seed.json', '--profile', '7.10', '--template', 'export.json', '--indices', '1', '--horizon', '10d'], dir);
    expect(exported.out).to.contain('the number of target shards [4] must be less that the number of source shards [2]');
    writeFileSync(path.join(dir, 'mixed.json'), JSON.stringify({ index_patterns: ['x-*'], settings: {}, priority: 1 }));
    const mixed = await plan(['seed.json', '--template', 'mixed.json'], dir);
    expect(mixed.code).to.equal(2);
    expect(mixed.err).to.contain('"mixed.json" mixes legacy template fields [settings] with composable template fields [priority]');
  });

  it('several component templates and templates; the built-in logs template with logs@custom', async () => {
    writeFileSync(path.join(dir, 'shards.json'), JSON.stringify({ template: { settings: { 'index.number_of_shards': 2 } } }));
    writeFileSync(path.join(dir, 'names.json'), JSON.stringify({ template: { settings: { 'index.lifecycle.name': 'shrink-index' } } }));
    writeFileSync(path.join(dir, 'composed.json'), JSON.stringify({ index_patterns: ['app-*'], priority: 10, composed_of: ['shards', 'names'] }));
    writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ index_patterns: ['other-*'], template: { settings: { 'index.number_of_shards': 3 } } }));
    const composed = await plan(
      [
        'seed.json',
        '--component-template',
        'shards.json',
        '--component-template',
        'names.json',
        '--template',
        'composed.json',
        '--template',
        'other.json',
        '--indices',
        '1',
        '--horizon',
        '10d',
      ],
      dir,
    );
    expect(composed.err).to.equal('');
    expect(composed.out).to.contain('Plan for the policy "shrink-index"').and.contain('app-000001 ends in ERROR').and.contain('source shards [2]');
    writeFileSync(path.join(dir, 'logs@custom.json'), JSON.stringify({ template: { settings: { 'index.lifecycle.name': 'logs' } } }));
    const builtIn = await plan(
      [
        'logs.json',
        '--profile',
        '8.19',
        '--stack-templates',
        '--component-template',
        'logs@custom.json',
        '--target',
        'logs-app-default',
        '--indices',
        '1',
        '--horizon',
        '70d',
      ],
      dir,
    );
    expect(builtIn.code, builtIn.out + builtIn.err).to.equal(0);
    expect(builtIn.out).to.contain('Plan for the policy "logs"').and.contain('data stream "logs-app-default"');
    expect(builtIn.out).to.match(/\.ds-logs-app-default-2024\.01\.01-000001 {2}H{8}W{23}C{30}x\n/);
  });

  it('an SLM policy for wait_for_snapshot, with the repository it needs: not stuck', async () => {
    writeFileSync(
      path.join(dir, 'snap.json'),
      JSON.stringify({
        policy: {
          phases: {
            hot: { actions: { rollover: { max_age: '1d' } } },
            delete: { min_age: '5d', actions: { wait_for_snapshot: { policy: 'nightly' }, delete: {} } },
          },
        },
      }),
    );
    writeFileSync(
      path.join(dir, 'nightly.json'),
      JSON.stringify({ schedule: '0 30 1 * * ?', name: '<nightly-{now/d}>', repository: 'backups', config: { indices: ['*'] } }),
    );
    for (const profile of ['7.10', '8.19']) {
      const { code, out, err } = await plan(['snap.json', '--profile', profile, '--slm', 'nightly.json', '--indices', '2', '--horizon', '20d'], dir);
      expect(err, profile).to.equal('');
      expect(code, profile + out).to.equal(0);
      expect(out)
        .to.contain('snapshot repository "backups" (fs) made for the plan; snapshot lifecycle policy "nightly"')
        .and.match(/snap-000001 {2}HHHHHHx\n/);
    }
  });

  it('indices made too late to be deleted by the horizon are still running, not problems', async () => {
    writeFileSync(
      path.join(dir, 'sound.json'),
      JSON.stringify({
        policy: {
          phases: {
            hot: { actions: { rollover: { max_age: '1d' } } },
            warm: { min_age: '3d', actions: { forcemerge: { max_num_segments: 1 } } },
            delete: { min_age: '10d', actions: { delete: {} } },
          },
        },
      }),
    );
    const { code, out } = await plan(
      ['sound.json', '--profile', '8.19', '--ingest', '1000 docs of 1kb per day', '--horizon', '60d', '--indices', '1000', '--html', 'sound.html'],
      dir,
    );
    expect(readFileSync(path.join(dir, 'sound.html'), 'utf8'))
      .to.contain('<p class="note">Still running at the horizon (made too late to be deleted by 2024-03-01; not a problem): sound-000050, sound-000051,')
      .and.contain('No problems found.');
    expect(code, out).to.equal(0);
    expect(out).to.not.contain('not deleted within the horizon');
    expect(out).to.contain('Still running at the horizon (made too late to be deleted by 2024-03-01; not a problem): 12 indices\n');
    expect(out).to.contain('  - sound-000051: the delete phase needs min_age 10d, age is 9d').and.contain('No problems found.');
  });

  it('--json: the policy, the problems and the timeline rows instead of the text', async () => {
    const { code, out } = await plan(['logs.json', '--profile', '8.19', '--indices', '1', '--horizon', '70d', '--json'], dir);
    expect(code).to.equal(0);
    const body = JSON.parse(out);
    expect(body).to.include({ profile: '8.19', horizon: '70d', policy: 'logs', data_stream_lifecycle: null, shown: 1, indices: 71 });
    expect(body.problems).to.deep.equal([]);
    expect(body.timeline.indices[0].phases.map((p: { phase: string }) => p.phase)).to.deep.equal(['hot', 'warm', 'cold', 'delete']);
    expect(body.timeline.indices[0].ended).to.equal('deleted');
  });

  it('bad input exits 2 with the reason: a missing file, a refused policy, a bad workload, a bad option', async () => {
    for (const [args, reason] of [
      [['missing.json'], 'cannot read "missing.json": there is no such file'],
      [['refused.json'], 'the policy was refused (PUT /_ilm/policy/refused, 400)'],
      [['logs.json', '--ingest', 'lots'], '--ingest "lots": expected "N docs of SIZE per day"'],
      [['logs.json', '--horizon', 'soon'], '--horizon [soon]'],
      [['logs.json', '--profile', '5.0'], 'unknown profile'],
      [['logs.json', '--indices', '0'], '--indices [0]'],
      [['logs.json', '--bogus'], "Unknown option '--bogus'"],
      [[], 'expected one policy file, got none (or --lifecycle <file>, or a --template whose template.lifecycle is set)'],
      [['logs.json', '--cluster-setting', 'oops'], '--cluster-setting [oops]: expected name=value'],
    ] as const) {
      const { code, err } = await plan([...args], dir);
      expect(code, args.join(' ')).to.equal(2);
      expect(err, args.join(' ')).to.contain(reason);
    }
  });
});
