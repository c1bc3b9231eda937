/**
 * `?filter_path` on plain values and Maps: includes with `*` and `**`, arrays, exclusions, and what
 * is left when nothing matches.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { applyFilterPath } from './filter-path';
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
});
