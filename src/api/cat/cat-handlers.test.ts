import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';
import { byteSizeString } from './cat-handlers';

describe('byteSizeString (ES ByteSizeValue#toString)', () => {
  it('uses the largest unit with one truncated decimal', () => {
    expect(byteSizeString(0)).to.equal('0b');
    expect(byteSizeString(1023)).to.equal('1023b');
    expect(byteSizeString(1024)).to.equal('1kb');
    expect(byteSizeString(1536)).to.equal('1.5kb');
    expect(byteSizeString(1024 * 1024 - 1)).to.equal('1023.9kb');
    expect(byteSizeString(5 * 1024 ** 3)).to.equal('5gb');
  });
});

describe('GET /_cat/health (ES RestHealthAction)', () => {
  it('one row of the cluster health, led by the simulated clock', async () => {
    const sim = createSimulator({ profile: '7.17' });
    await sim.request({ method: 'PUT', path: '/logs' });
    await sim.request({ method: 'POST', path: '/_sim/clock/_set', body: { to: '2024-03-05T13:04:05Z' } });
    const text = await sim.request({ method: 'GET', path: '/_cat/health?v' });
    expect(text.text).to.equal(
      'epoch      timestamp cluster status node.total node.data shards pri relo init unassign pending_tasks max_task_wait_time active_shards_percent\n' +
        '1709643845 13:04:05  ilm-sim yellow          1         1      1   1    0    0        1             0                  -                 50.0%\n',
    );
    const noTs = await sim.request({ method: 'GET', path: '/_cat/health?ts=false&h=st,t' });
    expect(noTs.text).to.equal('yellow 1709643845 1\n');
  });

  it('format=json has every cell a string; 8.19 adds unassign.pri after unassign', async () => {
    const sim = createSimulator({ profile: '8.19' });
    const json = await sim.request({ method: 'GET', path: '/_cat/health?format=json&ts=false' });
    expect(json.body).to.deep.equal([
      {
        cluster: 'ilm-sim',
        status: 'green',
        'node.total': '1',
        'node.data': '1',
        shards: '0',
        pri: '0',
        relo: '0',
        init: '0',
        unassign: '0',
        'unassign.pri': '0',
        pending_tasks: '0',
        max_task_wait_time: '-',
        active_shards_percent: '100.0%',
      },
    ]);
  });
});
