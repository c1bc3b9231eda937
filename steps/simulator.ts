/**
 * Steps that choose the simulator and move its clock: the ES version profile, start time, poll
 * interval, seed and the built-in stack templates (before the first request), advancing or setting the virtual clock, advancing it
 * until an index reaches a step or a phase or is gone (within a bound, default 365d; see
 * ../advance-until), settling the events due now, and sending any raw request.
 */
import { Given, When } from '../src/cucumber/cucumber';
import { advanceUntil } from '../src/cucumber/advance-until';
import type { StepKeyText } from '../src/cucumber/parameter-types';
import type { IlmWorld } from '../src/cucumber/world';

/**
 * The until-steps walk every instant ILM acts on, two requests each: a year of a retried ERROR under a
 * 10m poll interval is some 50,000 instants (seconds in process, about a minute over HTTP). Their own
 * bound ends them, so Cucumber's 5 s default must not.
 */
const UNTIL = { timeout: 10 * 60_000 };

Given('the simulator mirrors Elasticsearch {string}', function (this: IlmWorld, profile: string) {
  this.configure('profile', profile);
});

Given('the clock starts at {string}', function (this: IlmWorld, instant: string) {
  this.configure('startTime', /^\d+$/.test(instant) ? Number(instant) : instant);
});

Given('the ILM poll interval is {duration}', function (this: IlmWorld, interval: string) {
  this.configure('pollInterval', interval);
});

Given('the random seed is {int}', function (this: IlmWorld, seed: number) {
  this.configure('seed', seed);
});

/** The node setting `stack.templates.enabled: false`: a cluster without the built-in `logs`/`metrics`/`synthetics` templates and policies. */
Given('the built-in stack templates are turned off', function (this: IlmWorld) {
  this.configure('stackTemplates', false);
});

When('the clock advances by {duration}', async function (this: IlmWorld, duration: string) {
  await this.advance(duration);
});

When('the clock advances until {string} is at step {stepKey}', UNTIL, async function (this: IlmWorld, index: string, step: StepKeyText) {
  await advanceUntil(this, index, { step });
});

When('the clock advances until {string} is at step {stepKey} within {duration}', UNTIL, async function (this: IlmWorld, index: string, step: StepKeyText, within: string) {
  await advanceUntil(this, index, { step }, within);
});

When('the clock advances until {string} is in the {string} phase', UNTIL, async function (this: IlmWorld, index: string, phase: string) {
  await advanceUntil(this, index, { phase });
});

When('the clock advances until {string} is in the {string} phase within {duration}', UNTIL, async function (this: IlmWorld, index: string, phase: string, within: string) {
  await advanceUntil(this, index, { phase }, within);
});

When('the clock advances until {string} does not exist', UNTIL, async function (this: IlmWorld, index: string) {
  await advanceUntil(this, index, { gone: true });
});

When('the clock advances until {string} does not exist within {duration}', UNTIL, async function (this: IlmWorld, index: string, within: string) {
  await advanceUntil(this, index, { gone: true }, within);
});

When('the clock is set to {string}', async function (this: IlmWorld, instant: string) {
  await this.setClock(instant);
});

When('the simulator settles', async function (this: IlmWorld) {
  await this.settle();
});

When('I send {word} {string}', async function (this: IlmWorld, method: string, path: string) {
  await this.send(method, path);
});

When('I send {word} {string} with:', async function (this: IlmWorld, method: string, path: string, body: string) {
  await this.send(method, path, body);
});
