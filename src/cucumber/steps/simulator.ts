/**
 * Steps that choose the simulator and move its clock: the ES version profile, start time, poll
 * interval and seed (before the first request), advancing or setting the virtual clock, settling the
 * events due now, and sending any raw request.
 */
import { Given, When } from '../cucumber';
import type { IlmWorld } from '../world';

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

When('the clock advances by {duration}', async function (this: IlmWorld, duration: string) {
  await this.advance(duration);
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
