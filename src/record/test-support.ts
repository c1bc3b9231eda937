/**
 * Test-only helpers for recordings: the seed story as a session of in-process requests (shrink ERROR,
 * fix, retry, settle, with errors and clock moves in every body form) and its recording. Nothing in
 * src imports this module except tests.
 */
import { createSimulator, SimRequest } from '../index';
import { createRecorder } from './recorder';

const SHRINK_4 = { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 4 } } } } } };
export const SHRINK_1 = { policy: { phases: { warm: { min_age: '5d', actions: { shrink: { number_of_shards: 1 } } } } } };

/** The seed story with a few errors and clock moves, in every body form the in-process API takes. */
export const SEED_SESSION: readonly SimRequest[] = [
  { method: 'PUT', path: '/_ilm/policy/shrink-index', body: SHRINK_4 },
  { method: 'PUT', path: '/my-index-000001', body: JSON.stringify({ settings: { 'index.number_of_shards': 2, 'index.lifecycle.name': 'shrink-index' } }) },
  { method: 'GET', path: '/_sim/clock' },
  { method: 'POST', path: '/_sim/clock/_advance', body: { by: '5d' } },
  { method: 'GET', path: '/my-index-000001/_ilm/explain' },
  { method: 'POST', path: '/_sim/clock/_advance', body: { by: '1h' } },
  { method: 'GET', path: '/my-index-000001/_ilm/explain?human' }, // line 8: ERROR
  { method: 'GET', path: '/missing/_ilm/explain' },
  { method: 'PUT', path: '/_ilm/policy/bad', body: '{"policy":{"phases":{"warm":{"actions":{"nope":{}}}}}}' },
  { method: 'PUT', path: '/_ilm/policy/bad', body: 'not json' },
  { method: 'POST', path: '/_sim/clock/_set', body: { to: '2024-01-01T00:00:00Z' } },
  { method: 'DELETE', path: '/_sim/clock' },
  { method: 'GET', path: '/my-index-000001/_ilm/explain?humn' },
  { method: 'PUT', path: '/bytes', body: new Uint8Array([0x7b, 0xff, 0x7d]) },
  { method: 'PUT', path: '/_ilm/policy/shrink-index', body: SHRINK_1 },
  { method: 'POST', path: '/my-index-000001/_ilm/retry' },
  { method: 'GET', path: '/my-index-000001/_ilm/explain' },
  { method: 'POST', path: '/_sim/_settle' },
  { method: 'POST', path: '/_sim/clock/_advance', body: { by: '1d' } },
  { method: 'GET', path: '/shrink-my-index-000001/_ilm/explain?pretty' },
  { method: 'HEAD', path: '/my-index-000001' },
  { method: 'GET', path: '/_ilm/policy' },
  { method: 'GET', path: '/_all/_ilm/explain?only_errors=true' },
];

export function recordSeedSession(options: Parameters<typeof createSimulator>[0] = {}): string {
  const sim = createRecorder(createSimulator(options));
  for (const request of SEED_SESSION) sim.requestSync(request);
  return sim.recording();
}
