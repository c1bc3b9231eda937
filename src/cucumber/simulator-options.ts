/**
 * Checks a simulator option the moment a scenario chooses it (a tag or a Given step), so a typo is
 * reported at that tag or step instead of at the scenario's first request. The checks are the ones
 * `createSimulator` makes (it is asked with the one option); an unknown profile lists the known ones.
 * It reads tags; it creates no simulator that a scenario uses.
 */
import { createSimulator, PROFILES, SimulatorOptions } from '../index';

/** Throws the reason `value` is no valid `key`; returns nothing when it is valid. */
export function checkSimulatorOption<K extends keyof SimulatorOptions>(key: K, value: SimulatorOptions[K]): void {
  if (key === 'profile' && !PROFILES.has(String(value))) {
    throw new Error(`unknown profile [${String(value)}]; known profiles: ${[...PROFILES.keys()].join(', ')}`);
  }
  createSimulator({ [key]: value } as SimulatorOptions);
}

/** The option a scenario tag sets (`@profile:8.19`, `@seed:42`, ...), or null for any other tag. */
export function optionFromTag(tag: string): { key: keyof SimulatorOptions; value: string | number } | null {
  const [key, value] = tag.replace(/^@/, '').split(/:(.*)/s) as [string, string | undefined];
  if (value === undefined) return null;
  switch (key) {
    case 'profile':
      return { key: 'profile', value };
    case 'seed':
      if (!/^-?\d+$/.test(value)) throw new Error(`invalid seed [${value}]: must be an integer`);
      return { key: 'seed', value: Number(value) };
    case 'poll-interval':
      return { key: 'pollInterval', value };
    case 'start-time':
      return { key: 'startTime', value: /^\d+$/.test(value) ? Number(value) : value };
    default:
      return null;
  }
}
