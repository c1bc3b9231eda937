/**
 * `ilm-sim plan` of a data stream the data stream lifecycle manages, driven as a function: a
 * `--lifecycle` file alone (daily rollover from max_age=auto, force merge, retention deletion, the
 * generations alive), a time series template's downsampling rounds, global retention from
 * `--cluster-setting`, an error in the lifecycle's error store (exit 1), a template with a policy as
 * well, the release check (exit 2 naming 8.11), `--json` and `--html`.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from './test-support';

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-plan-dsl-'));
  const write = (name: string, value: unknown) => writeFileSync(path.join(dir, name), JSON.stringify(value));
  write('week.json', { data_retention: '7d' });
  write('empty.json', {});
  write('metrics.json', {
    index_patterns: ['metrics-*'],
    data_stream: {},
    priority: 500,
    template: {
      settings: { 'index.mode': 'time_series', 'index.routing_path': 'host' },
      lifecycle: {
        data_retention: '30d',
        downsampling: [
          { after: '1d', fixed_interval: '1h' },
          { after: '3d', fixed_interval: '1d' },
        ],
      },
    },
  });
  write('rollover.json', {
    policy: { phases: { hot: { actions: { rollover: { max_age: '1d' } } }, delete: { min_age: '5d', actions: { delete: {} } } } },
  });
  write('both.json', {
    index_patterns: ['both-*'],
    data_stream: {},
    priority: 500,
    template: { settings: { 'index.lifecycle.name': 'rollover', 'index.lifecycle.prefer_ilm': false }, lifecycle: { data_retention: '3d' } },
  });
  write('missing-policy.json', {
    index_patterns: ['orphan-*'],
    data_stream: {},
    priority: 500,
    template: { settings: { 'index.lifecycle.name': 'rollover' }, lifecycle: { data_retention: '3d' } },
  });
  write('plain.json', { index_patterns: ['plain-*'], data_stream: {}, priority: 500 });
  return dir;
}

function plan(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  return runCli(['plan', ...args], cwd);
}

describe('ilm-sim plan: the data stream lifecycle', () => {
  const dir = project();

  it('--lifecycle alone: daily rollover (max_age=1d automatic for 7d), a merge, deletion 7d after the rollover, 8 alive', async () => {
    const { code, out, err } = await plan(['--lifecycle', 'week.json', '--profile', '8.19', '--indices', '2'], dir);
    expect(err).to.equal('');
    expect(code, out).to.equal(0);
    expect(out)
      .to.contain('Plan for the data stream lifecycle of "week-plan" (week.json) on Elasticsearch 8.19, 2024-01-01 + 38d')
      .and.contain('template made for the plan (none given): data streams week-*, the lifecycle of week.json; data stream "week-plan"')
      .and.contain('Data stream lifecycle: data_retention 7d (data_stream_configuration); rollover min_docs=1, ')
      .and.contain('max_age=1d [automatic]');
    expect(out).to.match(/\.ds-week-plan-2024\.01\.01-000001 {2}wr{7}x\n/);
    expect(out).to.match(/\.ds-week-plan-2024\.01\.01-000001 +2024-01-01T00:00Z +2024-01-02T00:00Z +2024-01-02T00:10Z +- +2024-01-09T00:00Z\n/);
    expect(out).to.contain('w write index, r rolled over, s downsampled (data stream lifecycle), E ERROR, x deleted').and.not.contain('H hot');
    expect(out).to.contain('Generations alive at the horizon: 8 (the most at once: 8; at steady state 8).').and.contain('No problems found.');
  });

  it('a time series template with downsampling rounds: each generation downsampled twice, then deleted after 30d', async () => {
    const { code, out } = await plan(['--template', 'metrics.json', '--profile', '9.1', '--indices', '1'], dir);
    expect(code, out).to.equal(0);
    expect(out)
      .to.contain('Plan for the data stream lifecycle of "metrics-plan" on Elasticsearch 9.1, 2024-01-01 + 67d')
      .and.contain('max_age=7d [automatic]; downsampling after 1d to 1h, after 3d to 1d');
    expect(out).to.match(/\.ds-metrics-plan-2024\.01\.01-000001 {2}w{7}rs{29}x\n/);
    expect(out).to.contain('2024-01-08T00:00Z  2024-01-08T00:10Z  2024-01-09T00:05Z (1h), 2024-01-11T00:00Z (1d)  2024-02-07T00:00Z');
  });

  it('global retention from --cluster-setting; a bad setting is refused with ES reason (exit 2)', async () => {
    const global = await plan(
      ['--lifecycle', 'empty.json', '--profile', '8.19', '--cluster-setting', 'data_streams.lifecycle.retention.default=3d', '--indices', '1'],
      dir,
    );
    expect(global.code, global.out).to.equal(0);
    expect(global.out)
      .to.contain('data_retention 3d (default_global_retention)')
      .and.match(/\.ds-empty-plan-2024\.01\.01-000001 {2}wrrrx\n/);
    const forever = await plan(['--lifecycle', 'empty.json', '--profile', '8.19', '--indices', '1', '--horizon', '10d'], dir);
    expect(forever.out)
      .to.contain(
        'no data_retention (kept forever); rollover min_docs=1, max_primary_shard_docs=200000000, max_primary_shard_size=50gb, max_age=30d [automatic]',
      )
      .and.contain('Note: the data stream lifecycle has no data_retention');
    const bad = await plan(['--lifecycle', 'empty.json', '--profile', '8.19', '--cluster-setting', 'no.such.setting=1'], dir);
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain('(PUT /_cluster/settings, 400): illegal_argument_exception: persistent setting [no.such.setting], not recognized');
  });

  it("an error in the lifecycle's error store (the shard limit refuses the rollover): a problem with explain's error, exit 1", async () => {
    const { code, out } = await plan(
      ['--lifecycle', 'week.json', '--profile', '8.19', '--cluster-setting', 'cluster.max_shards_per_node=3', '--indices', '1', '--horizon', '5d'],
      dir,
    );
    expect(code, out).to.equal(1);
    expect(out).to.match(/\.ds-week-plan-2024\.01\.01-000001 {2}wEEEE\n/);
    expect(out).to.contain(
      '- .ds-week-plan-2024.01.01-000001 has an error in the data stream lifecycle since 2024-01-02T00:00Z (retried 1152 times): validation_exception: Validation Failed: 1: this action would add [2] shards, but this cluster currently has [2]/[3] maximum normal shards open;',
    );
    expect(out).to.contain('no steady state: see the problems');
  });

  it('no documents: the write index never rolls over (min_docs 1), with what it waits for, exit 1', async () => {
    const { code, out } = await plan(['--lifecycle', 'week.json', '--profile', '8.19', '--ingest', 'none', '--horizon', '20d'], dir);
    expect(code).to.equal(1);
    expect(out).to.contain('- .ds-week-plan-2024.01.01-000001 has not rolled over for 20d (rollover min_docs=1, ').and.contain('min_docs 1 (now 0 docs)');
  });

  it('a template with a policy and a lifecycle: prefer_ilm false gives the generations to the lifecycle; a missing policy is a problem', async () => {
    const both = await plan(['rollover.json', '--template', 'both.json', '--profile', '8.19', '--indices', '1', '--horizon', '20d'], dir);
    expect(both.code, both.out).to.equal(0);
    expect(both.out)
      .to.contain('Plan for the policy "rollover" (rollover.json) and the data stream lifecycle of "both-plan"')
      .and.contain(
        'its indices have both a policy (index.lifecycle.name) and the data stream lifecycle: ILM manages 0 of its 21 indices, the data stream lifecycle 21',
      )
      .and.match(/\.ds-both-plan-2024\.01\.01-000001 {2}wrrrx\n/);
    // The built-in logs template names an ILM policy: a lifecycle set on its stream is not used.
    const builtIn = await plan(
      ['--lifecycle', 'week.json', '--profile', '9.1', '--stack-templates', '--target', 'logs-app-default', '--indices', '1', '--horizon', '5d'],
      dir,
    );
    expect(builtIn.code).to.equal(1);
    expect(builtIn.out)
      .to.contain('the lifecycle of week.json set on the data stream')
      .and.contain('.ds-logs-app-default-2024.01.01-000001 is managed by ILM, not by the data stream lifecycle (index.lifecycle.name [')
      .and.contain('set index.lifecycle.prefer_ilm to false in the template');
    const orphan = await plan(['--template', 'missing-policy.json', '--profile', '8.19', '--horizon', '10d'], dir);
    expect(orphan.code).to.equal(1);
    expect(orphan.out).to.contain(
      '.ds-orphan-plan-2024.01.01-000001 is not managed by the data stream lifecycle (managed_by: Index Lifecycle Management, index.lifecycle.name [rollover] with index.lifecycle.prefer_ilm true), and the policy [rollover] does not exist',
    );
  });

  it('bad input: a release before 8.11 (naming 8.11), a template without a lifecycle, no data stream (exit 2)', async () => {
    for (const profile of ['7.17', '6.6']) {
      const { code, err } = await plan(['--lifecycle', 'week.json', '--profile', profile], dir);
      expect(code, profile).to.equal(2);
      expect(err).to.equal(
        `ilm-sim plan: --lifecycle week.json: Elasticsearch ${profile} has no data stream lifecycle (it came with Elasticsearch 8.11); use --profile 8.19 or 9.1\n`,
      );
    }
    const plain = await plan(['--template', 'plain.json', '--profile', '8.19'], dir);
    expect(plain.code).to.equal(2);
    expect(plain.err).to.contain('no policy file, and the data stream plain-plan has no data stream lifecycle');
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ index_patterns: ['idx-*'], priority: 500 }));
    const index = await plan(['--lifecycle', 'week.json', '--template', 'index.json', '--profile', '8.19'], dir);
    expect(index.code).to.equal(2);
    expect(index.err).to.contain('the template index makes no data stream (add "data_stream": {} to it)');
  });

  it('--json: the generations and the timeline with the lifecycle actions; --html: the picture in the lifecycle vocabulary', async () => {
    const { code, out, err } = await plan(['--lifecycle', 'week.json', '--profile', '9.1', '--indices', '1', '--json', '--html', 'week.html'], dir);
    expect(code).to.equal(0);
    expect(err).to.equal(`HTML written to ${path.join(dir, 'week.html')}\n`);
    const body = JSON.parse(out);
    expect(body.data_stream_lifecycle.generations[0]).to.deep.equal({
      index: '.ds-week-plan-2024.01.01-000001',
      current: '.ds-week-plan-2024.01.01-000001',
      created: '2024-01-01T00:00Z',
      rolled_over: '2024-01-02T00:00Z',
      force_merged: '2024-01-02T00:10Z',
      downsampled: [],
      deleted: '2024-01-09T00:00Z',
    });
    expect(body.data_stream_lifecycle).to.include({ effective_retention: '7d', alive_at_horizon: 8 });
    expect(body.timeline.indices[0].actions.map((a: { action: string }) => a.action)).to.deep.equal(['rollover', 'forcemerge', 'delete']);
    expect(body.problems).to.deep.equal([]);
    const page = readFileSync(path.join(dir, 'week.html'), 'utf8');
    expect(page)
      .to.contain('<title>Plan: the data stream lifecycle of &quot;week-plan&quot; (week.json) on Elasticsearch 9.1</title>')
      .and.contain('write (data stream lifecycle)')
      .and.contain('forcemerge by the data stream lifecycle at 2024-01-02T00:10Z')
      .and.contain('deleted by the data stream lifecycle (data_retention) at 2024-01-09T00:00Z')
      .and.not.contain('>hot<');
  });
});
