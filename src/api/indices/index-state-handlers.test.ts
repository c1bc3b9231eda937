import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

async function closedCluster(profile: string) {
  const sim = createSimulator({ profile });
  await sim.request({ method: 'PUT', path: '/logs-1' });
  await sim.request({ method: 'PUT', path: '/logs-2' });
  const closed = await sim.request({ method: 'POST', path: '/logs-1/_close' });
  return { sim, closed };
}

describe('POST /<index>/_close and _open (ES MetadataIndexStateService)', () => {
  it('6.6 answers an acknowledged response and sets no verified_before_close', async () => {
    const { sim, closed } = await closedCluster('6.6');
    expect(closed.text).to.equal('{"acknowledged":true}');
    const settings = await sim.request({ method: 'GET', path: '/logs-1/_settings?flat_settings' });
    expect(settings.text).not.to.contain('verified_before_close');
  });

  it('7.x+ lists the indices it closed and marks them verified_before_close until reopened', async () => {
    for (const profile of ['7.10', '7.17', '8.19', '9.1']) {
      const { sim, closed } = await closedCluster(profile);
      expect(closed.text, profile).to.equal('{"acknowledged":true,"shards_acknowledged":true,"indices":{"logs-1":{"closed":true}}}');
      const again = await sim.request({ method: 'POST', path: '/logs-1/_close' });
      expect(again.text, profile).to.equal('{"acknowledged":true,"shards_acknowledged":false,"indices":{}}');
      const flat = await sim.request({ method: 'GET', path: '/logs-1/_settings?flat_settings' });
      expect(flat.body, profile).to.have.nested.property('logs-1.settings.index\\.verified_before_close', 'true');
      await sim.request({ method: 'POST', path: '/logs-1/_open' });
      const reopened = await sim.request({ method: 'GET', path: '/logs-1/_settings?flat_settings' });
      expect(reopened.text, profile).not.to.contain('verified_before_close');
    }
  });

  it('wildcards close open indices and open closed ones by default', async () => {
    const { sim } = await closedCluster('7.10');
    const cat = await sim.request({ method: 'GET', path: '/_cat/indices?h=index,status&s=index' });
    expect(cat.text).to.equal('logs-1 close\nlogs-2 open\n');
    const opened = await sim.request({ method: 'POST', path: '/logs-*/_open' });
    expect(opened.text).to.equal('{"acknowledged":true,"shards_acknowledged":true}');
    const closeAll = await sim.request({ method: 'POST', path: '/logs-*/_close?expand_wildcards=none' });
    expect(closeAll.text).to.equal('{"acknowledged":true,"shards_acknowledged":false,"indices":{}}');
    const state = await sim.request({ method: 'GET', path: '/_cluster/state/metadata' });
    expect(state.body).to.have.nested.property('metadata.indices.logs-1.state', 'open');
  });

  it('a write to a closed index is ES index_closed_exception', async () => {
    const { sim } = await closedCluster('7.10');
    const settings = (await sim.request({ method: 'GET', path: '/logs-1/_settings?flat_settings' })).body as Record<
      string,
      { settings: Record<string, string> }
    >;
    const indexUuid = settings['logs-1']!.settings['index.uuid'];
    const write = await sim.request({ method: 'POST', path: '/logs-1/_doc', body: { a: 1 } });
    expect(write.status).to.equal(400);
    expect(write.body).to.deep.equal({
      error: {
        root_cause: [{ type: 'index_closed_exception', reason: 'closed', index_uuid: indexUuid, index: 'logs-1' }],
        type: 'index_closed_exception',
        reason: 'closed',
        index_uuid: indexUuid,
        index: 'logs-1',
      },
      status: 400,
    });
    const ingest = await sim.request({ method: 'POST', path: '/_sim/ingest', body: { index: 'logs-1', count: 5 } });
    expect(ingest.status).to.equal(400);
    expect(ingest.text).to.contain('"type":"index_closed_exception"');
  });

  it('a wildcard delete reaches closed indices (ES DeleteIndexRequest expands open and closed)', async () => {
    const { sim } = await closedCluster('7.10');
    await sim.request({ method: 'DELETE', path: '/logs-*' });
    const cat = await sim.request({ method: 'GET', path: '/_cat/indices?h=index' });
    expect(cat.text).to.equal('');
  });
});
