/**
 * The World's fake clock: `@sinonjs/fake-timers` installed on the global object for one scenario,
 * faking only what code under test schedules with (`setTimeout`, `setInterval`, their clears and
 * `Date`), so promises, `process.nextTick`, `setImmediate` and I/O keep running for real. It installs
 * and nothing else; linking to the simulator is `linkFakeTimers`. The library is loaded on first use,
 * so a run whose scenarios never ask for the clock does not pay for loading it.
 */
import type * as FakeTimers from '@sinonjs/fake-timers';

export type FakeClock = FakeTimers.Clock;

export function installFakeClock(nowMillis: number): FakeClock {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
  const fakeTimers = require('@sinonjs/fake-timers') as typeof FakeTimers;
  return fakeTimers.withGlobal(globalThis).install({
    now: nowMillis,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}
