/**
 * One clock for ILM and the user's own code: `linkFakeTimers(simulator, clock)` joins a simulator to a
 * sinon (`@sinonjs/fake-timers`) clock. Moving the simulated clock (`/_sim/clock/_advance`, `_set`,
 * `_next`) ticks the user's clock, so their timers and ILM's poll ticks and events run in time order
 * (with `request`, the user's promises settle between them); ticking the user's clock moves the
 * simulator, which keeps one timer on that clock at its next due instant. It drives only the
 * simulation's own advance; it never installs or uninstalls fake timers and never reads the wall clock.
 */
import type { SimRequest, SimResponse } from './api/handle';
import { Simulator, simulationOf } from './create-simulator';
import { formatEsDate } from './engine/xcontent/time';

/** The parts of a `@sinonjs/fake-timers` clock (what `sinon.useFakeTimers()` returns) the link uses. */
export interface LinkableClock {
  readonly now: number;
  setTimeout(callback: () => void, delay: number): unknown;
  clearTimeout(id: unknown): void;
  tick(millis: number): number;
  tickAsync(millis: number): Promise<number>;
  setSystemTime(now: number): void;
}

export interface FakeTimersLink {
  /** Undoes the link: the simulator answers on its own again and its timer leaves the clock. */
  unlink(): void;
}

/** The control routes that move the simulated clock. */
const CLOCK_ROUTES = new Set(['/_sim/clock/_advance', '/_sim/clock/_set', '/_sim/clock/_next']);

function movesClock(request: SimRequest): boolean {
  if (request.method.toUpperCase() !== 'POST') return false;
  const path = request.path.split('?')[0]!.replace(/\/+$/, '');
  return CLOCK_ROUTES.has(path);
}

const linked = new WeakSet<object>();

/**
 * Links `simulator` to `clock`. At the start the clock is moved forward to the simulator's time (or
 * the simulator to the clock's, whichever is later).
 *
 * Divergence (none from ES; a limit of the link): a clock move requested while the link is already
 * ticking the user's clock (from inside one of their timers) moves only the simulator, and `requestSync`
 * ticks the clock synchronously, so promises settle only after the whole move; `request` settles them
 * between timers.
 */
export function linkFakeTimers(simulator: Simulator, clock: LinkableClock): FakeTimersLink {
  const simulation = simulationOf(simulator);
  if (linked.has(simulation)) throw new Error('this simulator is already linked to a clock; unlink it first');
  linked.add(simulation);
  const originalAdvance = simulation.advanceTo.bind(simulation);
  const { request: originalRequest, requestSync: originalRequestSync } = simulator;
  const mutable = simulator as { -readonly [K in keyof Simulator]: Simulator[K] };
  let timer: unknown = null;
  /** True while the link moves the user's clock (a tick it started is running). */
  let ticking = false;
  /** While an async clock route runs: the target it asked for, applied after the request returns. */
  let deferring = false;
  let deferred: number | null = null;

  const catchUp = (): void => {
    if (clock.now > simulation.now) originalAdvance(clock.now);
  };
  const schedule = (): void => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const due = simulation.nextDue();
    if (Number.isFinite(due)) timer = clock.setTimeout(onDue, Math.max(0, due - clock.now));
  };
  function onDue(): void {
    timer = null;
    catchUp();
    schedule();
  }
  /** After a reset the simulator is back at its start: the user's clock goes back with it. */
  const followReset = (): void => {
    if (simulation.now < clock.now) clock.setSystemTime(simulation.now);
  };

  simulation.advanceTo = (target: number): void => {
    if (deferring) {
      deferred = target;
      return;
    }
    if (!ticking && target > clock.now) {
      ticking = true;
      try {
        clock.tick(target - clock.now);
      } finally {
        ticking = false;
      }
    }
    originalAdvance(Math.max(target, simulation.now));
  };

  mutable.requestSync = (request: SimRequest): SimResponse => {
    catchUp();
    const response = originalRequestSync(request);
    followReset();
    schedule();
    return response;
  };

  mutable.request = async (request: SimRequest): Promise<SimResponse> => {
    catchUp();
    if (ticking || !movesClock(request)) return mutable.requestSync(request);
    const before = { millis: simulation.now, text: formatEsDate(simulation.now) };
    deferring = true;
    deferred = null;
    let response: SimResponse;
    try {
      response = originalRequestSync(request);
    } finally {
      deferring = false;
    }
    const target = deferred;
    deferred = null;
    if (target !== null) {
      ticking = true;
      try {
        if (target > clock.now) await clock.tickAsync(target - clock.now);
      } finally {
        ticking = false;
      }
      originalAdvance(Math.max(target, simulation.now));
      response = withClockAt(response, before, simulation.now);
    }
    schedule();
    return response;
  };

  if (clock.now < simulation.now) clock.setSystemTime(simulation.now);
  catchUp();
  schedule();

  return {
    unlink: () => {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      delete (simulation as { advanceTo?: unknown }).advanceTo;
      mutable.request = originalRequest;
      mutable.requestSync = originalRequestSync;
      linked.delete(simulation);
    },
  };
}

/**
 * A clock route's answer rendered before the move it asked for: the instant it names is replaced by
 * the instant reached (the answer holds only the clock, in whatever layout `pretty` or `filter_path`
 * gave it).
 */
function withClockAt(response: SimResponse, before: { millis: number; text: string }, now: number): SimResponse {
  if (response.status !== 200 || now === before.millis) return response;
  const text = response.text.split(String(before.millis)).join(String(now)).split(before.text).join(formatEsDate(now));
  return { ...response, text, body: JSON.parse(text) as unknown };
}
