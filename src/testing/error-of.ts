/**
 * `errorOf(run)`: the ES error value a call throws (as an `EsException`), for tests that check a
 * refusal's type, reason and status. Any other throw is passed on; no throw fails the test.
 */
import { EsError, EsException } from '../engine/errors';

export function errorOf(run: () => unknown): EsError {
  try {
    run();
  } catch (e) {
    if (e instanceof EsException) return e.error;
    throw e;
  }
  throw new Error('expected an EsException');
}
