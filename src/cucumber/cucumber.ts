/**
 * The user's Cucumber, found at run time. Cucumber keeps the step definitions of a run in a module-level
 * registry, so steps registered on any other copy of `@cucumber/cucumber` are lost ("calling functions
 * on an instance of Cucumber that isn't running"). A plain `require` from this package finds the right
 * copy when npm placed the peer dependency beside it, but not when the package is a symlink into a
 * checkout with a Cucumber of its own (`npm install ../ilm-sim`). So the copy is looked up first from
 * the running program (Cucumber's own bin or worker, or the user's script) and the working directory,
 * then from here. This module only finds and re-exports Cucumber; it registers nothing.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

type CucumberModule = typeof import('@cucumber/cucumber');

function loadRunningCucumber(): CucumberModule {
  const origins = [require.main?.filename, path.join(process.cwd(), 'package.json')];
  for (const origin of origins) {
    if (origin === undefined) continue;
    try {
      return createRequire(origin)('@cucumber/cucumber') as CucumberModule;
    } catch {
      // Not resolvable from there: try the next origin.
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved at run time on purpose
  return require('@cucumber/cucumber') as CucumberModule;
}

export const cucumber: CucumberModule = loadRunningCucumber();
export const { Given, When, Then, Before, After, defineParameterType, setWorldConstructor, World } = cucumber;
export type { DataTable, IWorldOptions } from '@cucumber/cucumber';
export type World<P = unknown> = import('@cucumber/cucumber').World<P>;
