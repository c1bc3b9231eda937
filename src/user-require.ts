/**
 * Loads a package the way the user's own program sees it. A library such as Cucumber or the official
 * Elasticsearch client must be the user's copy (Cucumber keeps its step registry per copy; a client's
 * `Connection` must extend that client's own base class), so the copy is looked up first from the
 * running program and the working directory, and only then from this package. It only resolves.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';

/** The user's copy of `name`, or undefined when no origin can resolve it. */
export function requireFromUser<T>(name: string): T | undefined {
  const origins = [require.main?.filename, path.join(process.cwd(), 'package.json'), __filename];
  for (const origin of origins) {
    if (origin === undefined) continue;
    try {
      return createRequire(origin)(name) as T;
    } catch (error) {
      // Not resolvable from there: try the next origin. A module that throws while loading is a
      // real failure, reported as is.
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  return undefined;
}
