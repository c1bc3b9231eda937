/**
 * The user's Cucumber, found at run time. Cucumber keeps the step definitions of a run in a module-level
 * registry, so steps registered on any other copy of `@cucumber/cucumber` are lost ("calling functions
 * on an instance of Cucumber that isn't running"). A plain `require` from this package finds the right
 * copy when npm placed the peer dependency beside it, but not when the package is a symlink into a
 * checkout with a Cucumber of its own (`npm install ../ilm-sim`). So the copy is looked up first from
 * the running program (Cucumber's own bin or worker, or the user's script) and the working directory,
 * then from here. This module only finds and re-exports Cucumber; it registers nothing.
 */
import { requireFromUser } from '../user-require';

type CucumberModule = typeof import('@cucumber/cucumber');

function loadRunningCucumber(): CucumberModule {
  const found = requireFromUser<CucumberModule>('@cucumber/cucumber');
  if (!found) throw new Error('ilm-sim/cucumber needs @cucumber/cucumber (a peer dependency): npm install --save-dev @cucumber/cucumber');
  return found;
}

export const cucumber: CucumberModule = loadRunningCucumber();
export const { Given, When, Then, Before, BeforeStep, After, defineParameterType, setWorldConstructor, World } = cucumber;
export type { DataTable, IWorldOptions } from '@cucumber/cucumber';
export type World<P = unknown> = import('@cucumber/cucumber').World<P>;
