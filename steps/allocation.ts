/**
 * Steps that make shard allocation slow (`/_sim/allocation`): after a change that moves shards, the
 * copies of every index (or of those matching a pattern) are in place only that long afterwards.
 */
import { Given } from '../src/cucumber/cucumber';
import type { IlmWorld } from '../src/cucumber/world';

Given('shard allocation takes {duration}', async function (this: IlmWorld, delay: string) {
  await this.sendOk('PUT', '/_sim/allocation', { delay });
});

Given('shard allocation for {string} takes {duration}', async function (this: IlmWorld, index: string, delay: string) {
  await this.sendOk('PUT', '/_sim/allocation', { delay, index });
});
