/**
 * The twin's workload as requests: per step of the clock, each write target's whole documents due
 * (`POST /_sim/ingest`, fractions carried to the next step), then the clock set to the step's end.
 * The forecast and the step library's `... while the write targets receive:` both send exactly these,
 * so a feature generated from a forecast replays the forecast's workload. Requests only: it sends
 * nothing itself and reads no clock.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One write target's rate: documents per day (fractional) and bytes per document. */
export interface WorkloadRate {
  readonly target: string;
  readonly docsPerDay: number;
  readonly bytesEach: number;
}

export interface WorkloadRequest {
  readonly method: 'POST';
  readonly path: '/_sim/ingest' | '/_sim/clock/_set';
  readonly body: Record<string, unknown>;
}

/** One hour with any ingest (documents arrive through the day), else a day (only the clock moves). */
export function workloadStepMillis(rates: readonly WorkloadRate[]): number {
  return rates.some((r) => r.docsPerDay > 0) ? HOUR : DAY;
}

/**
 * The requests from `startMillis` to `endMillis`; `owed` holds each target's fraction of a document
 * not yet sent (give the same map to a later call to continue where this one ended).
 */
export function* workloadRequests(
  rates: readonly WorkloadRate[],
  startMillis: number,
  endMillis: number,
  owed: Map<string, number> = new Map(),
  stepMillis: number = workloadStepMillis(rates),
): Generator<WorkloadRequest> {
  for (let now = startMillis; now < endMillis; ) {
    const next = Math.min(endMillis, now + stepMillis);
    for (const rate of rates) {
      if (rate.docsPerDay <= 0) continue;
      const due = (owed.get(rate.target) ?? 0) + (rate.docsPerDay * (next - now)) / DAY;
      const count = Math.floor(due);
      owed.set(rate.target, due - count);
      if (count > 0) yield { method: 'POST', path: '/_sim/ingest', body: { index: rate.target, count, bytes_each: rate.bytesEach } };
    }
    yield { method: 'POST', path: '/_sim/clock/_set', body: { to: next } };
    now = next;
  }
}

/** A forecast's rate (documents and bytes per day) as the workload sends it. */
export function workloadRate(rate: { target: string; docsPerDay: number; bytesPerDay: number }): WorkloadRate {
  return { target: rate.target, docsPerDay: rate.docsPerDay, bytesEach: rate.docsPerDay > 0 ? Math.round(rate.bytesPerDay / rate.docsPerDay) : 0 };
}

/**
 * Whether an answer is the simulator's refusal to run more instants in one clock request (429
 * `es_rejected_execution_exception`, `MAX_INSTANTS_PER_CLOCK_REQUEST`): the clock stopped short of
 * the target, at the last instant it ran, and the same request sent again goes on from there.
 */
export function isClockLimitAnswer(answer: { status: number; body: unknown }): boolean {
  return answer.status === 429 && (answer.body as { error?: { type?: unknown } } | null)?.error?.type === 'es_rejected_execution_exception';
}

/**
 * Sends one workload request; a clock request stopped at the limit of instants is sent again until
 * it reaches its target. Answers the last answer and how many times it went on. It stops going on when
 * a repeat does not move the clock (the answer is then the refusal).
 */
export function sendWorkloadRequest<A extends { status: number; body: unknown }>(
  send: (request: WorkloadRequest) => A,
  now: () => number,
  request: WorkloadRequest,
): { answer: A; continuations: number } {
  let answer = send(request);
  let continuations = 0;
  while (isClockLimitAnswer(answer)) {
    const before = now();
    answer = send(request);
    continuations++;
    if (isClockLimitAnswer(answer) && now() === before) break;
  }
  return { answer, continuations };
}
