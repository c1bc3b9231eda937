/**
 * Scenario hooks: tags choose the simulator before the first request (`@profile:6.6`,
 * `@seed:42`, `@poll-interval:1m`, `@start-time:2024-01-01T00:00:00Z`), so a Background can create
 * policies and indices for every profile a feature runs under.
 */
import { Before } from './cucumber';
import type { IlmWorld } from './world';

Before(function (this: IlmWorld, { pickle }) {
  for (const { name } of pickle.tags) {
    const [key, value] = name.slice(1).split(/:(.*)/s) as [string, string | undefined];
    if (value === undefined) continue;
    if (key === 'profile') this.configure('profile', value);
    else if (key === 'seed') this.configure('seed', Number(value));
    else if (key === 'poll-interval') this.configure('pollInterval', value);
    else if (key === 'start-time') this.configure('startTime', /^\d+$/.test(value) ? Number(value) : value);
  }
});
