/**
 * Tests for flattening nested settings (ES `Settings.Builder#loadFromMap` with the `index.` prefix):
 * dotted keys in the order the object gives them, lists as `key.N`, nulls kept as null, and the same
 * entries through a caller's sink and shared `SettingKeys` as through a fresh map.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { flattenSettings, SettingKeys } from './index-settings';

const nested = {
  number_of_shards: 3,
  index: { lifecycle: { name: 'logs', rollover_alias: null }, routing: { allocation: { include: { _tier_preference: 'data_hot' } } } },
  'index.query.default_field': ['message', 'host.*'],
  blocks: { write: true },
};

const flat = [
  ['index.number_of_shards', '3'],
  ['index.lifecycle.name', 'logs'],
  ['index.lifecycle.rollover_alias', null],
  ['index.routing.allocation.include._tier_preference', 'data_hot'],
  ['index.query.default_field.0', 'message'],
  ['index.query.default_field.1', 'host.*'],
  ['index.blocks.write', 'true'],
];

describe('flattening settings', () => {
  it('gives flat index. keys in order, lists by position, nulls as null', () => {
    expect([...flattenSettings(nested)]).to.deep.equal(flat);
  });

  it('gives the same entries into a caller sink with keys shared across many objects', () => {
    const keys = new SettingKeys();
    for (let i = 0; i < 3; i++) {
      const seen: Array<[string, string | null]> = [];
      flattenSettings(nested, { set: (key: string, value: string | null) => seen.push([key, value]) }, keys);
      expect(seen).to.deep.equal(flat);
    }
  });

  it('refuses an object inside a list, as ES', () => {
    expect(() => flattenSettings({ a: [{ b: 1 }] }, new Map(), new SettingKeys())).to.throw(/only value lists are allowed/);
  });
});
