/**
 * `GET /_cluster/state`'s per-index `ilm` map: ILM's execution state as ES stores it in the index
 * metadata (ES `LifecycleExecutionState#asMap`): string values, epoch-millis dates, JSON text for the
 * step info and the cached phase, printed after `mappings`. `ilm-sim twin` reads it back from a
 * captured `cluster_state.json` (src/twin/twin-model.ts).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { createSimulator } from '../../create-simulator';

function started(profile: string) {
  const simulator = createSimulator({ profile, stackTemplates: false, startTime: '2024-01-01T00:00:00Z' });
  const send = (method: string, path: string, body?: Record<string, unknown>) => {
    const answer = simulator.requestSync({ method, path, ...(body ? { body } : {}) });
    expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.below(300);
    return answer;
  };
  send('PUT', '/_ilm/policy/roll', { policy: { phases: { hot: { actions: { rollover: { max_docs: 1 } } } } } });
  send('PUT', '/_ilm/policy/plain', { policy: { phases: { warm: { min_age: '1d', actions: { readonly: {} } } } } });
  // No rollover alias: the rollover step fails and the index goes to ERROR.
  send('PUT', '/no-alias', { settings: { 'index.lifecycle.name': 'roll' } });
  send('PUT', '/waiting', { settings: { 'index.lifecycle.name': 'plain' } });
  send('PUT', '/unmanaged');
  send('POST', '/_sim/clock/_advance', { by: '1h' });
  return { simulator, send };
}

describe('GET /_cluster/state: the ilm custom metadata', () => {
  it('stores the execution state as ES does: strings, millis, JSON text, after mappings', () => {
    const { send } = started('8.19');
    const state = send('GET', '/_cluster/state/metadata').body as { metadata: { indices: Record<string, Record<string, unknown>> } };
    const explain = (send('GET', '/no-alias/_ilm/explain').body as { indices: Record<string, Record<string, unknown>> }).indices['no-alias']!;
    const failed = state.metadata.indices['no-alias']!;
    expect(Object.keys(failed).slice(0, 5)).to.deep.equal(['state', 'settings', 'mappings', 'ilm', 'aliases']);
    const ilm = failed['ilm'] as Record<string, string>;
    for (const value of Object.values(ilm)) expect(value).to.be.a('string');
    // Each explain field and the stored key it comes from (explain reads the stored map).
    const pairs: Array<[string, string]> = [
      ['phase', 'phase'],
      ['action', 'action'],
      ['step', 'step'],
      ['failed_step', 'failed_step'],
      ['is_auto_retryable_error', 'is_auto_retryable_error'],
      ['failed_step_retry_count', 'failed_step_retry_count'],
      ['lifecycle_date_millis', 'creation_date'],
      ['phase_time_millis', 'phase_time'],
      ['action_time_millis', 'action_time'],
      ['step_time_millis', 'step_time'],
    ];
    const expected: Record<string, string> = {};
    for (const [field, key] of pairs) if (explain[field] !== undefined) expected[key] = String(explain[field]);
    expect(expected).to.include.keys('failed_step_retry_count', 'is_auto_retryable_error');
    expect(explain['step_info'] ?? explain['previous_step_info']).to.be.an('object');
    expect(ilm).to.include(expected);
    expect(Object.keys(ilm).sort()).to.deep.equal(
      [...Object.keys(expected), 'phase_definition', ...['step_info', 'previous_step_info'].filter((field) => explain[field] !== undefined)].sort(),
    );
    if (explain['previous_step_info']) expect(JSON.parse(ilm['previous_step_info']!)).to.deep.equal(explain['previous_step_info']);
    if (explain['step_info']) expect(JSON.parse(ilm['step_info']!)).to.deep.equal(explain['step_info']);
    const cached = explain['phase_execution'] as Record<string, unknown>;
    expect(JSON.parse(ilm['phase_definition']!)).to.deep.equal({
      policy: 'roll',
      phase_definition: cached['phase_definition'],
      version: 1,
      modified_date_in_millis: cached['modified_date_in_millis'],
    });
    // An index still in the new phase has its date and step; an unmanaged one has no map at all.
    expect(Object.keys(state.metadata.indices['waiting']!['ilm'] as object)).to.include.members(['phase', 'step', 'creation_date']);
    expect(state.metadata.indices['unmanaged']).to.not.have.property('ilm');
  });

  it('leaves previous_step_info out on releases whose state has no such field (7.17)', () => {
    const { send } = started('7.17');
    send('POST', '/_sim/clock/_advance', { by: '1h' });
    const state = send('GET', '/_cluster/state/metadata/no-alias').body as { metadata: { indices: Record<string, { ilm: Record<string, string> }> } };
    expect(state.metadata.indices['no-alias']!.ilm).to.not.have.property('previous_step_info');
    expect(state.metadata.indices['no-alias']!.ilm['failed_step_retry_count']).to.match(/^\d+$/);
  });

  it('has only the ten keys of 6.x (ES 6.x LifecycleExecutionState) on profile 6.6', () => {
    const { send } = started('6.6');
    const state = send('GET', '/_cluster/state/metadata/no-alias').body as { metadata: { indices: Record<string, { ilm: Record<string, string> }> } };
    const ten = ['phase', 'action', 'step', 'creation_date', 'phase_time', 'action_time', 'step_time', 'failed_step', 'step_info', 'phase_definition'];
    expect(Object.keys(state.metadata.indices['no-alias']!.ilm)).to.have.members(ten);
  });
});
