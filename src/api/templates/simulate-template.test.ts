/**
 * Tests for `POST /_index_template/_simulate` without a name: the body is added as
 * `simulate_template_<uuid>`, the uuid shaped as ES's lowercased random ones, the same for the same
 * request, and drawn without touching the simulator's seeded random sequence.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator } from '../../create-simulator';

const missingComponent = { index_patterns: ['x'], composed_of: ['nope'] };

function simulateReason(body: unknown): string {
  const sim = createSimulator({ profile: '9.1' });
  const response = sim.requestSync({ method: 'POST', path: '/_index_template/_simulate', body });
  expect(response.status).to.equal(400);
  return (response.body as { error: { reason: string } }).error.reason;
}

describe('simulate template (ES TransportSimulateTemplateAction)', () => {
  it('names a nameless body simulate_template_ and 22 lowercase base64url characters, the same for the same request', () => {
    const reason = simulateReason(missingComponent);
    expect(reason).to.match(
      /^index_template \[simulate_template_[a-z0-9_-]{22}\] invalid, cause \[index template \[simulate_template_[a-z0-9_-]{22}\] specifies/,
    );
    expect(simulateReason(missingComponent)).to.equal(reason);
    expect(simulateReason({ ...missingComponent, index_patterns: ['y'] })).to.not.equal(reason);
  });

  it('leaves the uuids of later indices as they were', () => {
    const uuidAfter = (simulate: boolean) => {
      const sim = createSimulator({ profile: '9.1' });
      if (simulate) sim.requestSync({ method: 'POST', path: '/_index_template/_simulate', body: { index_patterns: ['x'] } });
      sim.requestSync({ method: 'PUT', path: '/idx' });
      return (sim.requestSync({ method: 'GET', path: '/idx/_settings?flat_settings' }).body as Record<string, { settings: Record<string, string> }>)['idx']!
        .settings['index.uuid'];
    };
    expect(uuidAfter(true)).to.equal(uuidAfter(false));
  });
});
