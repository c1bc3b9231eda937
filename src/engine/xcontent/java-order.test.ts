/**
 * Java iteration orders that leak into ES's JSON: `String.hashCode` and the order a `java.util.HashMap`
 * built by successive puts iterates (es-ilm-engine.md Appendix A, es-ilm-api.md 2.2).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { javaHashMapOrder, javaStringHashCode } from './java-order';

describe('javaStringHashCode (java.lang.String#hashCode)', () => {
  const cases: Array<[string, number]> = [
    ['', 0],
    ['a', 97],
    ['hot', 103501],
    ['warm', 3641989],
    ['cold', 3059428],
    ['delete', -1335458389],
    ['frozen', -1266085216],
    ['shrink', -903068151],
    ['set_priority', -1539523359],
    ['polygenelubricants', -2147483648], // overflows to Integer.MIN_VALUE
    ['Aa', 2112],
    ['BB', 2112], // the classic collision
    ['é', 233],
  ];
  for (const [s, hash] of cases) {
    it(`${JSON.stringify(s)} -> ${hash}`, () => {
      expect(javaStringHashCode(s)).to.equal(hash);
    });
  }
});

describe('javaHashMapOrder (HashMap iteration after successive puts)', () => {
  it('phases always iterate warm, frozen, cold, hot, delete (buckets 2, 9, 10, 12, 13)', () => {
    const orders = [
      ['hot', 'warm', 'cold', 'frozen', 'delete'],
      ['delete', 'frozen', 'cold', 'warm', 'hot'],
      ['cold', 'delete', 'hot', 'frozen', 'warm'],
    ];
    for (const keys of orders) expect(javaHashMapOrder(keys)).to.deep.equal(['warm', 'frozen', 'cold', 'hot', 'delete']);
  });

  it('a subset keeps the same relative order', () => {
    expect(javaHashMapOrder(['delete', 'hot', 'warm'])).to.deep.equal(['warm', 'hot', 'delete']);
    expect(javaHashMapOrder(['delete', 'cold'])).to.deep.equal(['cold', 'delete']);
  });

  it('actions iterate by bucket (Appendix A), ties in insertion order', () => {
    const keys = [
      'migrate',
      'unfollow',
      'delete',
      'set_priority',
      'wait_for_snapshot',
      'forcemerge',
      'rollover',
      'searchable_snapshot',
      'shrink',
      'allocate',
      'readonly',
      'freeze',
    ];
    expect(javaHashMapOrder(keys)).to.deep.equal([
      'freeze', // 3
      'allocate', // 4, inserted before readonly
      'readonly', // 4
      'shrink', // 5
      'searchable_snapshot', // 8
      'wait_for_snapshot', // 10, in insertion order among forcemerge and rollover
      'forcemerge',
      'rollover',
      'delete', // 13, inserted before set_priority
      'set_priority',
      'unfollow', // 14
      'migrate', // 15
    ]);
  });

  it('ties follow insertion order in both directions', () => {
    expect(javaHashMapOrder(['readonly', 'allocate'])).to.deep.equal(['readonly', 'allocate']);
    expect(javaHashMapOrder(['allocate', 'readonly'])).to.deep.equal(['allocate', 'readonly']);
    expect(javaHashMapOrder(['Aa', 'BB'])).to.deep.equal(['Aa', 'BB']);
    expect(javaHashMapOrder(['BB', 'Aa'])).to.deep.equal(['BB', 'Aa']);
  });

  it('the hot-phase rollover message lists [readonly, shrink, forcemerge] (es-ilm-engine.md 3.2)', () => {
    expect(javaHashMapOrder(['forcemerge', 'shrink', 'readonly'])).to.deep.equal(['readonly', 'shrink', 'forcemerge']);
    expect(javaHashMapOrder(['searchable_snapshot', 'forcemerge', 'shrink', 'readonly', 'downsample'])).to.deep.equal([
      'downsample',
      'readonly',
      'shrink',
      'searchable_snapshot',
      'forcemerge',
    ]);
  });

  it('the 13th key resizes the table to 32 buckets, which can reorder earlier keys', () => {
    // 'q' (113) and 'a' (97) share bucket 1 of 16, but sit in buckets 17 and 1 of 32.
    const twelve = ['q', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
    expect(javaHashMapOrder(twelve)).to.deep.equal(['q', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
    expect(javaHashMapOrder([...twelve, 'l'])).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'q']);
  });

  it('index names like warm and hot come out in hash order, not alphabetical or insertion order', () => {
    expect(javaHashMapOrder(['hot', 'warm'])).to.deep.equal(['warm', 'hot']);
  });

  it('returns a new array and leaves its argument alone', () => {
    const keys = ['hot', 'warm'];
    const out = javaHashMapOrder(keys);
    expect(keys).to.deep.equal(['hot', 'warm']);
    expect(out).to.not.equal(keys);
  });

  it('empty and single inputs', () => {
    expect(javaHashMapOrder([])).to.deep.equal([]);
    expect(javaHashMapOrder(['x'])).to.deep.equal(['x']);
  });
});
