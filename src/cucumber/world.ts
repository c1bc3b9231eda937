/**
 * The scenario World: a fresh simulator per scenario, created on the first request so that Given
 * steps can first choose its profile, start time, poll interval and seed. It carries the vocabulary
 * the step definitions call (put a policy, create an index, move the clock, explain, check errors) and
 * remembers the last response. Steps stay thin; anything they do is an ES or `/_sim` request.
 */
import { After, IWorldOptions, setWorldConstructor, World } from './cucumber';
import { expect } from 'chai';
import {
  createSimulator,
  linkFakeTimers,
  timelineRange,
  timelineSvg,
  timelineText,
  type FakeTimersLink,
  type SimRequest,
  type SimResponse,
  type Simulator,
  type SimulatorOptions,
  type TimelineJson,
} from '../index';
import { FakeClock, installFakeClock } from './fake-clock';
import { createDriver, Driver, Transport } from './driver';
import { getPath, partialMismatchText } from './json-match';
import { profileHint, refusalMessage } from './refusal';
import { checkSimulatorOption } from './simulator-options';
import { CLOCK_LIMITS_PER_STEP, durationMillis, isClockLimit } from './advance-until';
import { namedBy } from './timeline-view';

/** How many index lineages a scenario's picture shows. */
const PICTURE_ROWS = 12;

export class IlmWorld extends World<{ transport?: Transport; pictures?: boolean }> {
  private driver: Driver | null = null;
  private readonly options: { -readonly [K in keyof SimulatorOptions]: SimulatorOptions[K] } = {};
  lastResponse: SimResponse | null = null;
  private remembered: string | null = null;
  private clock: FakeClock | null = null;
  private clockLink: FakeTimersLink | null = null;
  /** The names the running step quotes (`"logs-000001"`), read by a failure's attachment. */
  private stepNames: string[] = [];

  constructor(options: IWorldOptions<{ transport?: Transport; pictures?: boolean }>) {
    super(options);
  }

  /** Sets a simulator option (checked now); only possible before the scenario's first request. */
  configure<K extends keyof SimulatorOptions>(key: K, value: SimulatorOptions[K]): void {
    if (this.driver) throw new Error(`set the ${key} before the first request of the scenario`);
    checkSimulatorOption(key, value);
    this.options[key] = value;
  }

  get simulatorOptions(): SimulatorOptions {
    return this.options;
  }

  /**
   * The scenario's simulator (for `connectionFor`, or anything that takes one); it exists from the
   * scenario's first request on.
   */
  get simulator(): Simulator {
    if (!this.driver) throw new Error("the simulator is created by the scenario's first request: send one first");
    return this.driver.simulator;
  }

  async send(method: string, path: string, body?: unknown): Promise<SimResponse> {
    if (!this.driver) {
      this.driver = await createDriver(this.parameters.transport ?? 'in-process', this.options);
      if (this.clock) this.clockLink = linkFakeTimers(this.driver.simulator, this.clock);
    }
    const request: SimRequest = body === undefined ? { method, path } : { method, path, body };
    // With a fake clock, a clock move goes to the linked simulator in process (over HTTP too), so the
    // scenario's own timers run in time order with ILM and their promises settle between them.
    this.lastResponse = await (this.clockLink && /^\/_sim\/clock\/_/.test(path) ? this.driver.simulator.request(request) : this.driver.request(request));
    return this.lastResponse;
  }

  /**
   * A sinon fake clock (`@sinonjs/fake-timers`) for the scenario's own code, linked to its simulator:
   * `setTimeout`, `setInterval` and `Date` are faked from first use until the scenario ends, starting at
   * the simulator's start time. Every clock step moves both; `await this.fakeClock.tickAsync(ms)` too.
   */
  get fakeClock(): FakeClock {
    if (!this.clock) {
      this.clock = installFakeClock(createSimulator(this.options).options.startMillis);
      if (this.driver) this.clockLink = linkFakeTimers(this.driver.simulator, this.clock);
    }
    return this.clock;
  }

  /** Sends a request that must succeed; a failure shows ES's answer. */
  async sendOk(method: string, path: string, body?: unknown): Promise<SimResponse> {
    const response = await this.send(method, path, body);
    expect(response.status, `${method} ${path} answered ${response.text}`).to.be.within(200, 299);
    return response;
  }

  /**
   * Sends a request that must succeed; a refusal shows ES's answer and, for a 400 another profile would
   * not give, the profiles that accept it (`what` names the body: "policy", "index template").
   */
  async sendAccepted(method: string, path: string, body: unknown, what = 'request', context = ''): Promise<SimResponse> {
    const response = await this.send(method, path, body);
    this.expectAccepted({ method, path, body }, response, what, context);
    return response;
  }

  expectAccepted(request: SimRequest, response: SimResponse, what = 'request', context = ''): void {
    if (response.status >= 200 && response.status <= 299) return;
    throw new Error(refusalMessage(request, response, profileHint(request, this.options.profile, response, what), context));
  }

  putPolicy(name: string, json: string): Promise<SimResponse> {
    return this.sendAccepted('PUT', `/_ilm/policy/${encodeURIComponent(name)}`, json, 'policy');
  }

  createIndex(name: string, body: unknown): Promise<SimResponse> {
    return this.sendOk('PUT', `/${encodeURIComponent(name)}`, body);
  }

  /**
   * Moves the clock by `duration`. Where the server stops at its limit of instants per clock request
   * (a 429 naming the instant it reached), the step goes on to the same target, as the until-steps do,
   * up to `CLOCK_LIMITS_PER_STEP` times.
   */
  async advance(duration: string): Promise<SimResponse> {
    const started = ((await this.sendOk('GET', '/_sim/clock')).body as { now_millis: number }).now_millis;
    let response = await this.send('POST', '/_sim/clock/_advance', { by: duration });
    const target = started + durationMillis(duration);
    for (let round = 0; round < CLOCK_LIMITS_PER_STEP && isClockLimit(response); round++) {
      response = await this.send('POST', '/_sim/clock/_set', { to: target });
    }
    expect(response.status, `POST /_sim/clock/_advance {"by":"${duration}"} answered ${response.text}`).to.be.within(200, 299);
    return response;
  }

  setClock(instant: string): Promise<SimResponse> {
    return this.sendOk('POST', '/_sim/clock/_set', { to: /^\d+$/.test(instant) ? Number(instant) : instant });
  }

  settle(): Promise<SimResponse> {
    return this.sendOk('POST', '/_sim/_settle');
  }

  retry(index: string): Promise<SimResponse> {
    return this.send('POST', `/${encodeURIComponent(index)}/_ilm/retry`);
  }

  /** The explain record of one index, read fresh (the explain call changes nothing). */
  async explainRecord(index: string, query = ''): Promise<Record<string, unknown>> {
    const response = await this.sendOk('GET', `/${encodeURIComponent(index)}/_ilm/explain${query ? `?${query}` : ''}`);
    const indices = (response.body as { indices?: Record<string, Record<string, unknown>> }).indices ?? {};
    const record = indices[index] ?? Object.values(indices).find((r) => r['index'] === index) ?? Object.values(indices)[0];
    expect(record, `explain of ${index} returned ${response.text}`).to.be.an('object');
    return record!;
  }

  expectError(status: number, type: string, reason?: string): void {
    const response = this.requireResponse();
    expect(response.status, response.text).to.equal(status);
    expect(getPath(response.body, 'error.type'), response.text).to.equal(type);
    if (reason !== undefined) expect(getPath(response.body, 'error.reason'), response.text).to.equal(reason);
  }

  /** Fails unless `actual` contains the partial JSON, saying where they first differ and showing both. */
  expectContains(actual: unknown, partialJson: string): void {
    const mismatch = partialMismatchText(actual, JSON.parse(partialJson));
    if (mismatch !== null) throw new Error(`the JSON does not contain what was expected, ${mismatch}`);
  }

  /** Exact comparison, key order included: the expected document re-serialised must equal the bytes. */
  /**
   * The answer is exactly this JSON (compared without its layout, number tokens as written, so
   * `60.0` stays `60.0`), or exactly this text when it is not JSON (a `_cat` table).
   */
  expectExactly(actualText: string, expected: string): void {
    let isJson = true;
    try {
      const parsed: unknown = JSON.parse(expected);
      isJson = parsed !== null && typeof parsed === 'object';
    } catch {
      isJson = false;
    }
    expect(actualText).to.equal(isJson ? minifyJson(expected) : expected);
  }

  requireResponse(): SimResponse {
    if (!this.lastResponse) throw new Error('no request has been sent yet in this scenario');
    return this.lastResponse;
  }

  async addFault(fault: Record<string, unknown>): Promise<void> {
    await this.sendOk('POST', '/_sim/faults', fault);
  }

  /** A snapshot of everything observable: clock, policies, every index's explain record. */
  async snapshot(): Promise<string> {
    const clock = await this.send('GET', '/_sim/clock');
    const policies = await this.send('GET', '/_ilm/policy');
    const explain = await this.send('GET', '/*/_ilm/explain?human&expand_wildcards=all');
    return [clock.text, policies.text, explain.text].join('\n');
  }

  async remember(): Promise<void> {
    const last = this.lastResponse;
    this.remembered = await this.snapshot();
    this.lastResponse = last;
  }

  async expectUnchanged(): Promise<void> {
    if (this.remembered === null) throw new Error('the scenario did not remember the cluster state first');
    const last = this.lastResponse;
    expect(await this.snapshot()).to.equal(this.remembered);
    this.lastResponse = last;
  }

  /** Notes the quoted names of the step about to run (see `hooks.ts`). */
  noteStep(text: string): void {
    this.stepNames = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  }

  /**
   * Attaches the scenario's timeline as a picture (SVG) and, with `table`, as a compact text table of
   * phases, long waits and ERRORs: what ILM did, readable at a glance (the raw history is at
   * `GET /_sim/history`).
   */
  async attachTimeline(table: boolean): Promise<void> {
    let response: SimResponse;
    try {
      response = await this.send('GET', '/_sim/timeline');
    } catch {
      // The simulator is gone (a transport failure is what the scenario reports): no picture then.
      return;
    }
    if (response.status !== 200) return;
    const whole = response.body as TimelineJson;
    // A failure shows the indices its step names (with their lineages and data streams), when it names any.
    const named = table ? whole.indices.filter((l) => namedBy(l, this.stepNames)) : [];
    const timeline = named.length > 0 ? { ...whole, indices: named } : whole;
    if (timeline.indices.length === 0) return;
    // A picture people can read: the first lineages (a long run rolls over hundreds of times).
    const shown = timeline.indices.slice(0, PICTURE_ROWS);
    const range = timelineRange(timeline.indices, timeline.now_millis);
    const more = timeline.indices.length - shown.length;
    this.attach(
      Buffer.from(timelineSvg(shown, { ...range, nowMillis: timeline.now_millis, width: 960, ...(more > 0 ? { moreRows: more } : {}) }), 'utf8'),
      'image/svg+xml',
    );
    const about = named.length > 0 ? ` to the indices the step names (${named.length} of ${whole.indices.length} lineages)` : '';
    if (table) this.attach(`What ILM did${about} (at ${timeline.now}):\n${timelineText(timeline.indices, timeline.now_millis)}`, 'text/plain');
  }

  async close(): Promise<void> {
    // The real timers come back first: closing an HTTP server waits on one.
    this.clockLink?.unlink();
    this.clockLink = null;
    this.clock?.uninstall();
    this.clock = null;
    await this.driver?.close();
    this.driver = null;
  }
}

setWorldConstructor(IlmWorld);

After(async function (this: IlmWorld, { result }) {
  if (result?.status === 'FAILED') {
    // Everything needed to reproduce the scenario's simulator (architecture rule 6), and what ILM did.
    const options = this.simulatorOptions;
    this.attach(
      JSON.stringify(
        {
          profile: options.profile ?? '7.10',
          startTime: options.startTime ?? 'default',
          pollInterval: options.pollInterval ?? '10m',
          seed: options.seed ?? 0,
          transport: this.parameters.transport ?? 'in-process',
        },
        null,
        2,
      ),
      'application/json',
    );
    if (this.lastResponse) await this.attachTimeline(true);
  } else if (this.parameters.pictures === true && this.lastResponse) {
    // The living documentation: every scenario with its picture.
    await this.attachTimeline(false);
  }
  await this.close();
});

/** JSON text without the white space outside strings; tokens stay as written. */
function minifyJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') {
      out += c;
    }
  }
  return out;
}
