/**
 * Tests for compact JSON output: the fast path through `JSON.stringify` and the walk give ES's bytes
 * alike (Map order, Java doubles, undefined members left out), including the cases the fast path hands
 * to the walk.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { JsonDouble, toCompactJson } from './json-output';

describe('toCompactJson', () => {
  it('keeps Map order, prints Java doubles and leaves undefined members out', () => {
    const value = {
      a: 1,
      m: new Map<string, unknown>([
        ['z', true],
        ['b', new JsonDouble(100)],
      ]),
      u: undefined,
      list: [new JsonDouble(66.66666666666667), undefined, 'x'],
    };
    expect(toCompactJson(value)).to.equal('{"a":1,"m":{"z":true,"b":100.0},"list":[66.66666666666667,null,"x"]}');
  });

  it('keeps a Map with integer-like keys in insertion order, as the walk does', () => {
    const value = new Map<string, unknown>([
      ['logs', 1],
      ['2024', 2],
      ['0', new JsonDouble(1)],
    ]);
    expect(toCompactJson(value)).to.equal('{"logs":1,"2024":2,"0":1.0}');
  });

  it('leaves strings and keys that hold the double marker as they are', () => {
    const mark = '\u0001';
    const value = { [`${mark}1.0${mark}`]: `${mark}2.0${mark}`, d: new JsonDouble(3) };
    expect(toCompactJson(value)).to.equal('{"\\u00011.0\\u0001":"\\u00012.0\\u0001","d":3.0}');
  });

  it('prints scalars and null as JSON does', () => {
    expect([null, undefined, 'a"b', 1.5, false].map(toCompactJson)).to.deep.equal(['null', 'null', '"a\\"b"', '1.5', 'false']);
  });
});
