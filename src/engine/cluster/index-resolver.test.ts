/**
 * Tests for `simpleMatch` (ES `Regex.simpleMatch`): examples, and agreement with the regular expression
 * it stands for (`*` as `.*`, everything else literal, the whole value) on generated patterns; and
 * `resolveIndices` over open and closed indices.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { addIndex, createCluster, setIndexState } from './cluster';
import { ResolveOptions, resolveIndices, simpleMatch, STRICT_EXPAND_OPEN } from './index-resolver';

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

describe('resolveIndices by open/closed state (ES IndicesOptions expand_wildcards)', () => {
  it('a wildcard reaches open indices by default, closed ones when asked; a name reaches either', () => {
    let n = 0;
    const cluster = createCluster(() => `uuid-${n++}`);
    setIndexState(addIndex(cluster, 'a-1', 0, new Map()), 'close');
    addIndex(cluster, 'a-2', 0, new Map());
    const names = (expression: string, options: ResolveOptions): string[] =>
      resolveIndices(cluster, expression, options)
        .map((i) => i.name)
        .sort();
    expect(names('a-*', STRICT_EXPAND_OPEN)).to.deep.equal(['a-2']);
    expect(names('_all', STRICT_EXPAND_OPEN)).to.deep.equal(['a-2']);
    expect(names('a-*', { ...STRICT_EXPAND_OPEN, expandOpen: false, expandClosed: true })).to.deep.equal(['a-1']);
    expect(names('a-*', { ...STRICT_EXPAND_OPEN, expandClosed: true })).to.deep.equal(['a-1', 'a-2']);
    expect(names('a-1', STRICT_EXPAND_OPEN)).to.deep.equal(['a-1']);
  });
});
