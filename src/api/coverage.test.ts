/**
 * Keeps docs/coverage.md true: the committed table must equal the one rendered from the routes,
 * actions and profiles.
 */
import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { coverageMarkdown } from './coverage';

describe('docs/coverage.md', () => {
  it('matches the registered routes, actions and profiles (run npm run docs:coverage after a change)', () => {
    const committed = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'coverage.md'), 'utf8');
    expect(committed).to.equal(coverageMarkdown());
  });

  it('lists every route and every simulated action', () => {
    const table = coverageMarkdown();
    for (const needle of ['`PUT /_ilm/policy/{policy}`', '`POST /{index}/_ilm/retry`', '`POST /_sim/faults`', '| `shrink` | runs | runs |']) {
      expect(table).to.include(needle);
    }
  });
});
