/**
 * Scenario hooks: tags choose the simulator before the first request (`@profile:6.6`,
 * `@seed:42`, `@poll-interval:1m`, `@start-time:2024-01-01T00:00:00Z`), so a Background can create
 * policies and indices for every profile a feature runs under. A tag with a bad value fails the
 * scenario here, naming the tag. Before each step, the World notes the names the step quotes, so a
 * failure attaches what concerns those indices only.
 */
import { Before, BeforeStep } from './cucumber';
import { optionFromTag } from './simulator-options';
import type { IlmWorld } from './world';

Before(function (this: IlmWorld, { pickle }) {
  for (const { name } of pickle.tags) {
    try {
      const option = optionFromTag(name);
      if (option) this.configure(option.key, option.value);
    } catch (error) {
      throw new Error(`the tag ${name}: ${(error as Error).message}`);
    }
  }
});

BeforeStep(function (this: IlmWorld, { pickleStep }) {
  this.noteStep(pickleStep.text);
});
