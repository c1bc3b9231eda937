/**
 * Tests for `simpleMatch` (ES `Regex.simpleMatch`): examples, and agreement with the regular expression
 * it stands for (`*` as `.*`, everything else literal, the whole value) on generated patterns.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { simpleMatch } from './index-resolver';

/** The meaning of a simple pattern as a regular expression (the reference, not the implementation). */
function reference(pattern: string, value: string): boolean {
  const parts = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(value);
}

describe('simpleMatch', () => {
  it('matches literally without a star, and a star matches any run of characters', () => {
    const cases: Array<[string, string, boolean]> = [
      ['logs', 'logs', true],
      ['logs', 'logs2', false],
      ['*', '', true],
      ['logs-*', 'logs-', true],
      ['logs-*', 'logs-2024.01.01', true],
      ['logs-*', 'metrics-1', false],
      ['*-000001', 'my-index-000001', true],
      ['a*b*c', 'abc', true],
      ['a*b*c', 'axxbyyc', true],
      ['a*b*c', 'acb', false],
      ['a*a', 'a', false],
      ['ab*ba', 'aba', false],
      ['*.ds-*', '.ds-logs-2024', true],
      ['a**b', 'ab', true],
      ['x*', 'x\ny', true],
    ];
    for (const [pattern, value, expected] of cases) expect(simpleMatch(pattern, value), `${pattern} ~ ${JSON.stringify(value)}`).to.equal(expected);
  });

  it('agrees with the regular expression it stands for', () => {
    const text = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 10 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text(['a', 'b', '*', '.', '-']), text(['a', 'b', '.', '-', '\n']), (pattern, value) => {
        expect(simpleMatch(pattern, value)).to.equal(reference(pattern, value));
      }),
      { numRuns: 2000 },
    );
  });
});

// Issue 14: wildcard expressions and index patterns cost work linear in their length. Counted, not timed:
// every piece between stars is searched once, whatever the stars around it.
describe('simpleMatch does no backtracking', () => {
  const cases: Array<[string, string, boolean]> = [
    [`${'*'.repeat(10_000)}z`, 'a'.repeat(10_000), false],
    [`*${'a*'.repeat(5_000)}z`, 'a'.repeat(10_000), false],
    [`*${'ab*'.repeat(3_000)}`, 'ab'.repeat(3_000), true],
    [`${'*.'.repeat(2_000)}*`, '.'.repeat(1_999), false],
  ];
  for (const [pattern, value, expected] of cases) {
    it(`${pattern.slice(0, 12)}… against ${value.length} characters: pieces searched at most the stars`, () => {
      const work = { steps: 0 };
      expect(simpleMatch(pattern, value, work)).to.equal(expected);
      expect(work.steps).to.be.at.most(pattern.split('*').length);
    });
  }
});
