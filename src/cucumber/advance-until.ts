/**
 * Moving the clock until an index reaches a step or a phase (or is gone), within a bound, and saying
 * where it got stuck when it does not. `POST /_sim/clock/_next` with `until` walks instant by instant on
 * the server (the next poll tick, event or shard start ILM acts on), checking explain after each, so a
 * scenario stops at the first instant the condition holds without knowing how poll ticks line up, in
 * one request however many instants it takes. It speaks only ES
 * requests and `/_sim` routes, so it runs in process and over HTTP alike; it never changes an answer.
 */
import type { SimResponse } from '../index';
import type { StepKeyText } from './parameter-types';
import { describeEsError } from './refusal';

/** What the helpers need of the World: one ES-shaped request at a time. */
export interface Requester {
  send(method: string, path: string, body?: unknown): Promise<SimResponse>;
}

/** What a scenario waits for. */
export type Target = { readonly step: StepKeyText } | { readonly phase: string } | { readonly gone: true };

/** An explain record as the steps read it, or null when the index does not exist. */
export type ExplainRecord = Record<string, unknown>;

/**
 * How many times one until-step goes on after the server stopped at its limit of instants per clock
 * request (a 429 `es_rejected_execution_exception`, `MAX_INSTANTS_PER_CLOCK_REQUEST` in the simulator):
 * a wait of up to about fifty times that many instants completes; past it the step fails naming the
 * instant the clock stopped at.
 */
export const CLOCK_LIMITS_PER_STEP = 50;

export function isClockLimit(response: SimResponse): boolean {
  return response.status === 429 && (response.body as { error?: { type?: unknown } } | null)?.error?.type === 'es_rejected_execution_exception';
}

/** The default bound of the until-steps: one year of simulated time. */
export const DEFAULT_BOUND = '365d';

const UNIT_MILLIS: Record<string, number> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a `{duration}` (`30d`, `90m`, `1500ms`), rounded down. */
export function durationMillis(text: string): number {
  const match = /^(\d+)(nanos|micros|ms|s|m|h|d)$/.exec(text);
  if (!match) throw new Error(`[${text}] is not a duration such as 30d, 12h or 90m`);
  return Math.floor(Number(match[1]) * UNIT_MILLIS[match[2]!]!);
}

/** A span for people: `30d`, `5.1d`, `2h`, `10m`, `1.5s`, `20ms`. */
export function formatDuration(millis: number): string {
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (millis >= size) {
      const value = millis / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')}${unit}`;
    }
  }
  return `${millis}ms`;
}

function instant(millis: number): string {
  return new Date(millis).toISOString();
}

async function must(world: Requester, method: string, path: string, body?: unknown, sent?: SimResponse): Promise<SimResponse> {
  const response = sent ?? (await world.send(method, path, body));
  if (response.status < 200 || response.status > 299) throw new Error(`${method} ${path} was refused: ${describeEsError(response)}\n${response.text}`);
  return response;
}

async function clockMillis(world: Requester): Promise<number> {
  return ((await must(world, 'GET', '/_sim/clock')).body as { now_millis: number }).now_millis;
}

/** The explain record of `index` (as `explainRecord` picks it), or null when there is no such index. */
export async function readRecord(world: Requester, index: string): Promise<ExplainRecord | null> {
  const path = `/${encodeURIComponent(index)}/_ilm/explain`;
  const response = await world.send('GET', path);
  if (response.status === 404) return null;
  if (response.status < 200 || response.status > 299) throw new Error(`GET ${path} was refused: ${describeEsError(response)}\n${response.text}`);
  const indices = (response.body as { indices?: Record<string, ExplainRecord> }).indices ?? {};
  return indices[index] ?? Object.values(indices).find((r) => r['index'] === index) ?? Object.values(indices)[0] ?? null;
}

export function reached(target: Target, record: ExplainRecord | null): boolean {
  if ('gone' in target) return record === null;
  if (record === null) return false;
  if ('phase' in target) return record['phase'] === target.phase;
  return record['phase'] === target.step.phase && record['action'] === target.step.action && record['step'] === target.step.step;
}

function targetText(target: Target): string {
  if ('gone' in target) return 'gone';
  if ('phase' in target) return `in the "${target.phase}" phase`;
  return `at step ${keyText(target.step)}`;
}

function keyText(key: { phase: string; action: string; step?: string; name?: string }): string {
  return `${key.phase}/${key.action}/${key.step ?? key.name}`;
}

interface HistoryRecord {
  readonly time_millis: number;
  readonly from: { phase: string; action: string; name: string } | null;
  readonly to: { phase: string; action: string; name: string } | null;
  readonly success?: boolean;
}

/**
 * Every history record of one index, oldest first, read a page at a time (`after` the last page's
 * `next_after`), so a long scenario never asks for more than one page in one answer.
 */
export async function historyPages(world: Requester, index: string): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let after: number | null = -1; after !== null; ) {
    const query = `index=${encodeURIComponent(index)}${after >= 0 ? `&after=${after}` : ''}`;
    const response = await world.send('GET', `/_sim/history?${query}`);
    if (response.status !== 200) throw new Error(`GET /_sim/history?${query} answered ${response.status}: ${response.text}`);
    const page = response.body as { history?: Array<Record<string, unknown>>; next_after?: number };
    for (const record of page.history ?? []) if (record['index'] === index) out.push(record);
    after = typeof page.next_after === 'number' ? page.next_after : null;
  }
  return out;
}

async function historyOf(world: Requester, index: string): Promise<HistoryRecord[]> {
  try {
    return (await historyPages(world, index)) as unknown as HistoryRecord[];
  } catch {
    return [];
  }
}

/**
 * Where `index` is, as a clause after its quoted name: "is at warm/shrink/ERROR since <instant> (for
 * 360d), after its step "shrink" failed: <type>: <reason>", "is not managed by ILM (...)", "does not
 * exist: ILM's delete action deleted it at <instant>", "does not exist".
 */
export async function whereIs(world: Requester, index: string, record: ExplainRecord | null, nowMillis: number): Promise<string> {
  if (record === null) {
    const history = await historyOf(world, index);
    const deletion = [...history].reverse().find((r) => r.from?.action === 'delete' && r.from.name === 'delete' && r.success !== false);
    if (deletion) return `does not exist: ILM's delete action deleted it at ${instant(deletion.time_millis)}`;
    const last = history[history.length - 1];
    if (last?.to) {
      const replaced = ['shrink', 'searchable_snapshot', 'downsample'].includes(last.to.action)
        ? `, whose ${last.to.action} action replaces the index by a new one`
        : '';
      return `does not exist (the ILM history last moved it to ${keyText(last.to)} at ${instant(last.time_millis)}${replaced})`;
    }
    return 'does not exist';
  }
  if (record['managed'] === false) return 'is not managed by ILM (explain shows "managed": false; is index.lifecycle.name set?)';
  if (record['phase'] === undefined) {
    return `is managed by the policy "${String(record['policy'])}" but has no step yet${infoText(record)}`;
  }
  const stepTime = record['step_time_millis'];
  const stayed = typeof stepTime === 'number' ? nowMillis - stepTime : 0;
  const since = typeof stepTime === 'number' ? ` since ${instant(stepTime)}${stayed > 0 ? ` (for ${formatDuration(stayed)})` : ''}` : '';
  const why = await whyText(world, String(record['index'] ?? index));
  if (why !== null) return `is at ${keyText(record as { phase: string; action: string; step: string })}${since}: ${why}`;
  const failed = record['step'] === 'ERROR' && typeof record['failed_step'] === 'string' ? `, after its step "${record['failed_step']}" failed` : '';
  const retries =
    record['is_auto_retryable_error'] === true ? `; ILM retries it on each poll (retries so far: ${String(record['failed_step_retry_count'] ?? 0)})` : '';
  return `is at ${keyText(record as { phase: string; action: string; step: string })}${since}${failed}${infoText(record)}${retries}`;
}

/**
 * What the index's current step waits for, in words (`GET /_sim/why/<index>`'s `explanation`), or null
 * when the simulator cannot say (an older server, a missing index).
 */
export async function whyText(world: Requester, index: string): Promise<string | null> {
  const response = await world.send('GET', `/_sim/why/${encodeURIComponent(index)}`);
  if (response.status !== 200) return null;
  const explanation = (response.body as { explanation?: unknown }).explanation;
  return typeof explanation === 'string' ? explanation : null;
}

/** Fails unless `index` is at `key`, saying where it is instead and why it waits there. */
export async function expectAtStep(world: Requester, index: string, key: StepKeyText): Promise<void> {
  const record = await readRecord(world, index);
  if (reached({ step: key }, record)) return;
  throw new Error(`expected "${index}" at ${keyText(key)}, but it ${await whereIs(world, index, record, await clockMillis(world))}`);
}

function infoText(record: ExplainRecord): string {
  const info = record['step_info'];
  if (info === undefined || info === null) return '';
  const { type, reason } = info as { type?: unknown; reason?: unknown };
  if (typeof type === 'string' && typeof reason === 'string') return `: ${type}: ${reason}`;
  return `; step_info: ${JSON.stringify(info)}`;
}

/** "It was at step X from T1 until T2", from the history, when the index was there at some time. */
async function passedBy(world: Requester, index: string, target: Target, startMillis: number): Promise<string> {
  if ('gone' in target) return '';
  const history = await historyOf(world, index);
  const at = (r: HistoryRecord) => r.to !== null && ('phase' in target ? r.to.phase === target.phase : keyText(r.to) === keyText(target.step));
  const first = history.findIndex(at);
  if (first < 0) return '';
  let leave = first + 1;
  while (leave < history.length && at(history[leave]!)) leave++;
  const entered = history[first]!.time_millis;
  const left = history[leave]?.time_millis;
  const note =
    left === entered
      ? ' (ILM went on within the same instant, so explain never shows it there)'
      : left !== undefined && left <= startMillis
        ? ' (before this step began)'
        : '';
  return `\nIts history shows it was ${targetText(target)} from ${instant(entered)}${left === undefined ? '' : ` until ${instant(left)}`}${note}.`;
}

/** The failure of an until-step: how far the clock went, why it stopped, where the index is. */
async function notReached(
  world: Requester,
  index: string,
  target: Target,
  record: ExplainRecord | null,
  clock: { start: number; now: number; within: string; idle: boolean },
): Promise<Error> {
  const ended = clock.idle
    ? `ILM has nothing scheduled within the bound of ${clock.within}, so the clock was moved to the bound`
    : `the bound of ${clock.within} was reached`;
  const goal = 'gone' in target ? `"${index}" still exists` : `"${index}" is not ${targetText(target)}`;
  const where = `"${index}" ${await whereIs(world, index, record, clock.now)}.`;
  return new Error(
    `the clock advanced ${formatDuration(clock.now - clock.start)} to ${instant(clock.now)} and ${goal}: ${ended}.\n${where}${await passedBy(world, index, target, clock.start)}`,
  );
}

/** The `until` of `POST /_sim/clock/_next` for a target. */
function untilBody(index: string, target: Target): Record<string, unknown> {
  if ('gone' in target) return { index, exists: false };
  if ('phase' in target) return { index, phase: target.phase };
  return { index, step: keyText(target.step) };
}

/**
 * Moves the clock instant by instant until `target` holds for `index` (checked first: if it already
 * holds, the clock does not move), in one request: the server walks the instants
 * (`POST /_sim/clock/_next` with `until`) and answers where it stopped. When nothing more is scheduled
 * before the bound, the clock is moved to the bound itself, so what a scenario sees afterwards does not
 * depend on where the last event was; the step then fails. Resolves to the clock's instant.
 */
export async function advanceUntil(world: Requester, index: string, target: Target, within: string = DEFAULT_BOUND): Promise<number> {
  const start = await clockMillis(world);
  const deadline = start + durationMillis(within);
  let now = start;
  let unmoved = 0;
  let limitsHit = 0;
  for (;;) {
    const before = now;
    const response = await world.send('POST', '/_sim/clock/_next', { within: `${deadline - now}ms`, until: untilBody(index, target) });
    if (isClockLimit(response) && limitsHit < CLOCK_LIMITS_PER_STEP) {
      // The server ran its most instants for one request and stopped, whole, at an instant: go on from there.
      limitsHit++;
      now = await clockMillis(world);
      continue;
    }
    if (isClockLimit(response)) {
      throw new Error(
        `the step asked the server ${limitsHit + 1} times and it stopped each time at its limit of instants per request: ${describeEsError(response)}`,
      );
    }
    const answer = (await must(world, 'POST', '/_sim/clock/_next', undefined, response)).body as {
      now_millis: number;
      reached: boolean;
      idle?: boolean;
    };
    now = answer.now_millis;
    if (answer.reached) return now;
    // The server stops early (unreached, not idle, before the bound) only when a linked fake clock
    // makes each move after its answer: ask again from the new instant, where the condition is checked first.
    if (answer.idle !== true && now < deadline) {
      unmoved = now === before ? unmoved + 1 : 0;
      if (unmoved > 1000) throw new Error(`POST /_sim/clock/_next with until kept stopping at ${instant(now)} without moving the clock`);
      continue;
    }
    // Read after the answer, so a move the linked clock made after it is seen too.
    const record = await readRecord(world, index);
    if (reached(target, record)) return now;
    throw await notReached(world, index, target, record, { start, now, within, idle: answer.idle === true });
  }
}

/** Fails unless `index` is in `phase`, saying where it is instead. */
export async function expectInPhase(world: Requester, index: string, phase: string): Promise<void> {
  const record = await readRecord(world, index);
  if (reached({ phase }, record)) return;
  throw new Error(`expected "${index}" to be in the "${phase}" phase, but it ${await whereIs(world, index, record, await clockMillis(world))}`);
}

/** Fails unless `HEAD /<index>` answers 404, saying where the index is instead. */
export async function expectNoIndex(world: Requester, index: string): Promise<void> {
  const response = await world.send('HEAD', `/${encodeURIComponent(index)}`);
  if (response.status === 404) return;
  if (response.status !== 200) throw new Error(`HEAD /${index} answered ${response.status}, expected 404`);
  const record = await readRecord(world, index);
  const holders = await aliasHolders(world, index);
  if (holders.length > 0) {
    // ES: shrink, searchable_snapshot and downsample delete the source and give its name to the new index as an alias.
    const target = holders[0]!;
    const where = holders.length === 1 ? ` "${target}" ${await whereIs(world, target, await readRecord(world, target), await clockMillis(world))}` : '';
    throw new Error(
      `expected the index "${index}" not to exist, and no index of that name does, but the name is an alias of ${holders.map((h) => `"${h}"`).join(', ')}, so HEAD /${index} answers 200 ` +
        `(as in ES: ILM's shrink, searchable_snapshot and downsample actions give the index they replace its name as an alias).${where ? `${where}.` : ''}`,
    );
  }
  const where = record === null ? 'exists' : await whereIs(world, index, record, await clockMillis(world));
  throw new Error(`expected the index "${index}" not to exist, but it exists${where === 'exists' ? '' : ` and ${where}`}`);
}

/** The indices `name` is an alias of (`GET /_alias/<name>`), or none when it is no alias. */
async function aliasHolders(world: Requester, name: string): Promise<string[]> {
  const response = await world.send('GET', `/_alias/${encodeURIComponent(name)}`);
  if (response.status !== 200 || response.body === null || typeof response.body !== 'object') return [];
  return Object.keys(response.body as Record<string, unknown>).filter((holder) => holder !== name);
}
