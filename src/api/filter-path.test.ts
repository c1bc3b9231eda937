/**
 * `?filter_path` on plain values and Maps: includes with `*` and `**`, arrays, exclusions, and what
 * is left when nothing matches.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { applyFilterPath, type FilterWork } from './filter-path';
import { toCompactJson } from './json-output';

const value = {
  indices: new Map<string, unknown>([
    ['b', { index: 'b', step: 'ERROR', step_info: { type: 't', reason: 'r' } }],
    ['a', { index: 'a', step: 'complete' }],
  ]),
  list: [{ x: 1, y: 2 }, { y: 3 }, 4],
};

const filtered = (expression: string): string => toCompactJson(applyFilterPath(value, expression));

describe('applyFilterPath', () => {
  it('keeps the paths a filter names, in the original order', () => {
    expect(filtered('indices.*.step')).to.equal('{"indices":{"b":{"step":"ERROR"},"a":{"step":"complete"}}}');
    expect(filtered('indices.b')).to.equal('{"indices":{"b":{"index":"b","step":"ERROR","step_info":{"type":"t","reason":"r"}}}}');
  });
  it('matches any depth with **', () => {
    expect(filtered('**.reason')).to.equal('{"indices":{"b":{"step_info":{"reason":"r"}}}}');
  });
  it('filters objects inside arrays and drops what is left empty', () => {
    expect(filtered('list.x')).to.equal('{"list":[{"x":1}]}');
    expect(filtered('list')).to.equal('{"list":[{"x":1,"y":2},{"y":3},4]}');
  });
  it('excludes with a leading -', () => {
    expect(filtered('-indices,-list.y')).to.equal('{"list":[{"x":1},{},4]}');
    expect(filtered('indices.*.step,-indices.a')).to.equal('{"indices":{"b":{"step":"ERROR"}}}');
  });
  it('gives an empty object when nothing matches', () => {
    expect(filtered('nothing')).to.equal('{}');
  });
  it('reaches the same fields through repeated ** as through one', () => {
    expect(filtered('**.**.**.reason')).to.equal(filtered('**.reason'));
    expect(filtered('indices.**.**')).to.equal(filtered('indices.**'));
  });
  it('matches wildcard segments without backtracking', () => {
    expect(filtered('indices.*.st*p')).to.equal('{"indices":{"b":{"step":"ERROR"},"a":{"step":"complete"}}}');
    expect(filtered('indices.*.***********z')).to.equal('{}');
    expect(filtered('indices.b.s**p*i*f*')).to.equal('{"indices":{"b":{"step_info":{"type":"t","reason":"r"}}}}');
  });

  // Issue 14, items 1 and 2: `**.**.` repeated copied the filter per `**` (the heap ran out at 40
  // repeats), and `***...z` built a backtracking RegExp. The work is counted, never timed: at most one
  // segment test per compiled segment for every field of the response.
  describe('costs work linear in the expression times the response', () => {
    const deep = (depth: number): unknown => (depth === 0 ? { x: 1, y: 'z'.repeat(30) } : { a: deep(depth - 1), b: deep(depth - 1) });
    const response = deep(8);
    const fields = (v: unknown): number =>
      v !== null && typeof v === 'object' ? Object.values(v).reduce<number>((sum, child) => sum + 1 + fields(child), 0) : 0;
    const cost = (expression: string): number => {
      const work: FilterWork = { steps: 0 };
      applyFilterPath(response, expression, work);
      return work.steps;
    };
    const bound = (expression: string): number => (expression.split(/[.,]/).length + 1) * fields(response) * 2;
    for (const expression of [
      `${'**.'.repeat(40)}**.x`,
      `${'**.'.repeat(40)}**.x,-${'**.'.repeat(40)}y`,
      `*.${'*'.repeat(11)}z`,
      `**.${'*a'.repeat(60)}`,
      Array.from({ length: 50 }, (_, i) => `**.${i}.**.x`).join(','),
    ]) {
      it(`${expression.slice(0, 40)}… (${expression.length} characters)`, () => {
        expect(cost(expression)).to.be.at.most(bound(expression));
      });
    }
    it('keeps the answer of many ** equal to one', () => {
      expect(toCompactJson(applyFilterPath(response, `${'**.'.repeat(40)}**.x`))).to.equal(toCompactJson(applyFilterPath(response, '**.x')));
    });
  });
});
