/**
 * Steps that make shard allocation slow (`/_sim/allocation`): after a change that moves shards, the
 * copies of every index (or of those matching a pattern) are in place only that long afterwards.
 */
import { stepGroup } from '../src/cucumber/step-catalogue';
import type { IlmWorld } from '../src/cucumber/world';

const { Given } = stepGroup('allocation');

Given(
  'shard allocation takes {duration}',
  {
    says: 'Makes later shard moves of every index take that long (`PUT /_sim/allocation`).',
    example: 'shard allocation takes 2h',
  },
  async function (this: IlmWorld, delay: string) {
    await this.sendOk('PUT', '/_sim/allocation', { delay });
  },
);

Given(
  'shard allocation for {string} takes {duration}',
  {
    says: 'The same, for the indices matching a pattern.',
    example: 'shard allocation for "logs-*" takes 1d',
  },
  async function (this: IlmWorld, index: string, delay: string) {
    await this.sendOk('PUT', '/_sim/allocation', { delay, index });
  },
);
