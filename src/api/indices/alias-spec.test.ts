/**
 * createIndexAliases walks the aliases as ES's `Alias.fromXContent` walks their tokens: a value that
 * is not an object reads on into the next alias (6.x/7.x) or is refused (8.0+).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createIndexAliases } from './alias-spec';
import { EsException } from '../../engine/errors';

function reason(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof EsException) return `${e.error.type}: ${e.error.reason}`;
    throw e;
  }
  return 'no error';
}

describe('createIndexAliases', () => {
  it('reads objects, keeping is_write_index only when it is a boolean', () => {
    const aliases = createIndexAliases({ a: {}, b: { is_write_index: true }, c: { is_write_index: 'true' } }, 'lenient');
    expect([...aliases]).to.deep.equal([
      ['a', {}],
      ['b', { isWriteIndex: true }],
      ['c', {}],
    ]);
  });

  it('refuses a lone value that is not an object as ES does in every release', () => {
    for (const parsing of ['lenient', 'strict'] as const) {
      for (const value of [5, null, 'yes']) {
        expect(reason(() => createIndexAliases({ a: value }, parsing))).to.equal('illegal_argument_exception: No alias is specified');
      }
    }
  });

  it('6.x/7.x read the next alias as the fields of a value that is not an object', () => {
    // a is 5, so b's object gives a its fields and b is lost.
    const aliases = createIndexAliases({ a: 5, b: { is_write_index: true } }, 'lenient');
    expect([...aliases]).to.deep.equal([['a', { isWriteIndex: true }]]);
  });

  it('8.0+ refuse the tokens 6.x/7.x skip', () => {
    expect(reason(() => createIndexAliases({ a: [1] }, 'strict'))).to.equal('illegal_argument_exception: Unknown token [VALUE_NUMBER] in alias [a]');
    expect(reason(() => createIndexAliases({ a: [1] }, 'lenient'))).to.equal('illegal_argument_exception: No alias is specified');
    expect(reason(() => createIndexAliases({ a: 5, b: {} }, 'strict'))).to.equal('illegal_argument_exception: Unknown field [b] in alias [a]');
    expect(reason(() => createIndexAliases({ a: { bool: {} } }, 'strict'))).to.equal('illegal_argument_exception: Unknown field [bool] in alias [a]');
    expect(reason(() => createIndexAliases({ a: { filter: [] } }, 'strict'))).to.equal('illegal_argument_exception: Unknown token [START_ARRAY] in alias [a]');
  });

  it('keeps the routing, filter and hidden flag an alias object carries, read in the same walk', () => {
    const filter = { term: { user: 'kimchy' } };
    for (const parsing of ['lenient', 'strict'] as const) {
      const aliases = createIndexAliases(
        {
          a: { filter, routing: 'r', is_hidden: true },
          b: { index_routing: 'i', search_routing: 's', is_write_index: false },
          c: { routing: 'r', index_routing: 'i' },
        },
        parsing,
      );
      expect([...aliases], parsing).to.deep.equal([
        ['a', { filter, indexRouting: 'r', searchRouting: 'r', isHidden: true }],
        ['b', { indexRouting: 'i', searchRouting: 's', isWriteIndex: false }],
        ['c', { indexRouting: 'i', searchRouting: 'r' }],
      ]);
    }
    // 6.x/7.x take the other spellings ES's ParseFields accept, and a number's text, as before.
    const lenient = createIndexAliases({ d: { indexRouting: 1, 'search-routing': 'x', is_hidden: 'true' } }, 'lenient');
    expect([...lenient]).to.deep.equal([['d', { indexRouting: '1', searchRouting: 'x', isHidden: true }]]);
  });

  it('6.x/7.x give an alias that is not an object all the fields of the object it reads on into', () => {
    const aliases = createIndexAliases({ a: 5, b: { routing: 'r', is_write_index: true } }, 'lenient');
    expect([...aliases]).to.deep.equal([['a', { indexRouting: 'r', searchRouting: 'r', isWriteIndex: true }]]);
  });
});
