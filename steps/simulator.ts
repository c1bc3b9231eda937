/**
 * Steps that choose the simulator and move its clock: the ES version profile, start time, poll
 * interval, seed and the built-in stack templates (before the first request), advancing or setting the virtual clock, advancing it
 * until an index reaches a step or a phase or is gone (within a bound, default 365d; see
 * ../advance-until), settling the events due now, and sending any raw request.
 */
import { stepGroup } from '../src/cucumber/step-catalogue';
import { advanceUntil } from '../src/cucumber/advance-until';
import type { StepKeyText } from '../src/cucumber/parameter-types';
import type { IlmWorld } from '../src/cucumber/world';

const { Given, When } = stepGroup('simulator and clock');

/**
 * The until-steps walk every instant ILM acts on, two requests each: a year of a retried ERROR under a
 * 10m poll interval is some 50,000 instants (seconds in process, about a minute over HTTP). Their own
 * bound ends them, so Cucumber's 5 s default must not.
 */
const UNTIL = { timeout: 10 * 60_000 };

Given(
  'the simulator mirrors Elasticsearch {string}',
  {
    says: "Chooses the Elasticsearch release the scenario's simulator answers as (6.6, 7.10, 7.17, 8.19, 9.1; default 7.10), like the tag `@profile:8.19`. Before the first request.",
    example: 'the simulator mirrors Elasticsearch "8.19"',
  },
  function (this: IlmWorld, profile: string) {
    this.configure('profile', profile);
  },
);

Given(
  'the clock starts at {string}',
  {
    says: "Sets the virtual clock's start, an ISO 8601 instant or epoch millis (default 2024-01-01T00:00:00Z), like `@start-time:`. Before the first request.",
    example: 'the clock starts at "2030-06-01T12:00:00Z"',
  },
  function (this: IlmWorld, instant: string) {
    this.configure('startTime', /^\d+$/.test(instant) ? Number(instant) : instant);
  },
);

Given(
  'the ILM poll interval is {duration}',
  {
    says: 'Sets `indices.lifecycle.poll_interval` (default 10m, at least 1s), like `@poll-interval:`. Before the first request.',
    example: 'the ILM poll interval is 1h',
  },
  function (this: IlmWorld, interval: string) {
    this.configure('pollInterval', interval);
  },
);

Given(
  'the random seed is {int}',
  {
    says: "Seeds the simulator's one PRNG (index UUIDs, fault probabilities), like `@seed:`. Before the first request.",
    example: 'the random seed is 7',
  },
  function (this: IlmWorld, seed: number) {
    this.configure('seed', seed);
  },
);

/** The node setting `stack.templates.enabled: false`: a cluster without the built-in `logs`/`metrics`/`synthetics` templates and policies. */
Given(
  'the built-in stack templates are turned off',
  {
    says: 'Starts the cluster without the built-in `logs`/`metrics`/`synthetics` templates and policies (the node setting `stack.templates.enabled: false`). Before the first request.',
    example: 'the built-in stack templates are turned off',
  },
  function (this: IlmWorld) {
    this.configure('stackTemplates', false);
  },
);

When(
  'the clock advances by {duration}',
  {
    says: 'Moves the virtual clock forward, running every poll tick and event in order on the way (`POST /_sim/clock/_advance`).',
    example: 'the clock advances by 5d',
  },
  async function (this: IlmWorld, duration: string) {
    await this.advance(duration);
  },
);

When(
  'the clock advances until {string} is at step {stepKey}',
  {
    says: "Moves the clock instant by instant (each poll tick, event or shard start ILM acts on) until the index's explain record is at `phase/action/step`, within a year; fails saying where the index is stuck, since when and why. No move when it is already there.",
    example: 'the clock advances until "my-index-000001" is at step warm/shrink/ERROR',
  },
  UNTIL,
  async function (this: IlmWorld, index: string, step: StepKeyText) {
    await advanceUntil(this, index, { step });
  },
);

When(
  'the clock advances until {string} is at step {stepKey} within {duration}',
  {
    says: 'The same, within the bound given instead of a year.',
    example: 'the clock advances until "my-index-000001" is at step warm/shrink/ERROR within 30d',
  },
  UNTIL,
  async function (this: IlmWorld, index: string, step: StepKeyText, within: string) {
    await advanceUntil(this, index, { step }, within);
  },
);

When(
  'the clock advances until {string} is in the {string} phase',
  {
    says: 'Moves the clock until the index is in the phase (within a year), or fails saying where it is stuck and why.',
    example: 'the clock advances until "logs-000001" is in the "warm" phase',
  },
  UNTIL,
  async function (this: IlmWorld, index: string, phase: string) {
    await advanceUntil(this, index, { phase });
  },
);

When(
  'the clock advances until {string} is in the {string} phase within {duration}',
  {
    says: 'The same, within the bound given.',
    example: 'the clock advances until "logs-000001" is in the "warm" phase within 10d',
  },
  UNTIL,
  async function (this: IlmWorld, index: string, phase: string, within: string) {
    await advanceUntil(this, index, { phase }, within);
  },
);

When(
  'the clock advances until {string} does not exist',
  {
    says: 'Moves the clock until the index is gone (deleted by ILM, say), within a year, or fails saying where it is stuck.',
    example: 'the clock advances until "logs-000001" does not exist',
  },
  UNTIL,
  async function (this: IlmWorld, index: string) {
    await advanceUntil(this, index, { gone: true });
  },
);

When(
  'the clock advances until {string} does not exist within {duration}',
  {
    says: 'The same, within the bound given.',
    example: 'the clock advances until "logs-000001" does not exist within 40d',
  },
  UNTIL,
  async function (this: IlmWorld, index: string, within: string) {
    await advanceUntil(this, index, { gone: true }, within);
  },
);

When(
  'the clock is set to {string}',
  {
    says: 'Moves the clock to an instant (never backwards), running everything due on the way (`POST /_sim/clock/_set`).',
    example: 'the clock is set to "2024-02-01T00:00:00Z"',
  },
  async function (this: IlmWorld, instant: string) {
    await this.setClock(instant);
  },
);

When(
  'the simulator settles',
  {
    says: 'Runs the events already due now, such as the re-run after a retry, without moving the clock (`POST /_sim/_settle`).',
    example: 'the simulator settles',
  },
  async function (this: IlmWorld) {
    await this.settle();
  },
);

When(
  'I send {word} {string}',
  {
    says: 'Sends any request without a body and keeps the answer for the response steps; it may fail.',
    example: 'I send GET "/_ilm/status"',
  },
  async function (this: IlmWorld, method: string, path: string) {
    await this.send(method, path);
  },
);

When(
  'I send {word} {string} with:',
  {
    says: 'Sends any request with the doc string as its body and keeps the answer; it may fail.',
    example: 'I send POST "/_sim/clock/_advance" with:\n  """json\n  { "by": "1d" }\n  """',
  },
  async function (this: IlmWorld, method: string, path: string, body: string) {
    await this.send(method, path, body);
  },
);
