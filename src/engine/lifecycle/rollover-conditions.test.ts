/**
 * Rollover conditions per release: what the parser accepts and refuses, the key order GET policy and
 * 8.13+ explain print (Java HashMap orders; the explain orders were checked against real ES output),
 * and when an index meets them (any one before 8.4; all mins and one max since, with ILM's defaults).
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createCluster, addIndex, IndexMetadata } from '../cluster/cluster';
import { EsException } from '../errors';
import { PROFILE_7_10, PROFILE_8_19 } from '../profile';
import {
  buildConditions,
  conditionResults,
  conditionsMet,
  conditionsToXContent,
  earliestMet,
  MAX_PRIMARY_SHARD_DOCS_DEFAULT,
  RolloverConditions,
  withImplicitDefaults,
} from './rollover-conditions';
import { parseTimeValue } from '../xcontent/time';
import { parseByteSize } from '../xcontent/byte-size';

const DAY = 86_400_000;

function time(text: string) {
  const parsed = parseTimeValue(text, 'max_age');
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

function conditions(entries: Array<[string, unknown]>, profile = PROFILE_8_19): RolloverConditions {
  return buildConditions(new Map(entries), profile);
}

function index(docs: number, bytes: number, shards = 1): IndexMetadata {
  let n = 0;
  const cluster = createCluster(() => `uuid-${n++}`);
  const out = addIndex(cluster, 'logs-000001', 0, new Map([['index.number_of_shards', String(shards)]]));
  out.docsCount = docs;
  out.storeBytes = bytes;
  return out;
}

describe('rollover conditions: the constructor check per release', () => {
  it('8.19 needs a max_* condition and says so', () => {
    expect(() => conditions([['min_docs', 5]])).to.throw(EsException, 'At least one max_* rollover condition must be set.');
  });
  it('7.10 needs any condition, with the older wording', () => {
    expect(() => conditions([], PROFILE_7_10)).to.throw(EsException, 'At least one rollover condition must be set.');
  });
});

describe('rollover conditions: printing', () => {
  it('GET prints the configured conditions in HashMap order (16 buckets)', () => {
    const c = conditions([
      ['max_size', parseByteSize('50gb', 'max_size')],
      ['max_docs', 10],
      ['max_age', time('30d')],
      ['min_docs', 1],
    ]);
    expect(Object.keys(conditionsToXContent(c, PROFILE_8_19, false))).to.deep.equal(['max_age', 'min_docs', 'max_docs', 'max_size']);
  });
  it('explain adds the defaults: {max_age} prints max_age, min_docs, max_primary_shard_docs', () => {
    const c = conditions([['max_age', time('1d')]]);
    expect(conditionsToXContent(c, PROFILE_8_19, true)).to.deep.equal({ max_age: '1d', min_docs: 1, max_primary_shard_docs: MAX_PRIMARY_SHARD_DOCS_DEFAULT });
    expect(Object.keys(conditionsToXContent(c, PROFILE_8_19, true))).to.deep.equal(['max_age', 'min_docs', 'max_primary_shard_docs']);
  });
  it('explain with two configured conditions grows the map and reorders the keys', () => {
    const c = conditions([
      ['max_age', time('30d')],
      ['max_primary_shard_size', parseByteSize('50gb', 'x')],
    ]);
    expect(Object.keys(conditionsToXContent(c, PROFILE_8_19, true))).to.deep.equal(['max_age', 'max_primary_shard_docs', 'min_docs', 'max_primary_shard_size']);
  });
  it('a configured max_primary_shard_docs above the cap is lowered; a min_docs keeps the default away', () => {
    const c = conditions([
      ['max_primary_shard_docs', 300_000_000],
      ['min_docs', 0],
    ]);
    expect(new Map(withImplicitDefaults(c, PROFILE_8_19))).to.deep.equal(
      new Map<string, unknown>([
        ['max_primary_shard_docs', MAX_PRIMARY_SHARD_DOCS_DEFAULT],
        ['min_docs', 0],
      ]),
    );
  });
  it('7.10 has no implicit defaults', () => {
    const c = conditions([['max_age', time('1d')]], PROFILE_7_10);
    expect(conditionsToXContent(c, PROFILE_7_10, true)).to.deep.equal({ max_age: '1d' });
  });
});

describe('rollover conditions: evaluation', () => {
  it('8.19: an empty index never rolls over on age alone (implicit min_docs: 1)', () => {
    const c = withImplicitDefaults(conditions([['max_age', time('1d')]]), PROFILE_8_19);
    expect(conditionsMet(c, index(0, 0), 2 * DAY, PROFILE_8_19)).to.equal(false);
    expect(conditionsMet(c, index(1, 100), 2 * DAY, PROFILE_8_19)).to.equal(true);
    expect(conditionsMet(c, index(1, 100), DAY - 1, PROFILE_8_19)).to.equal(false);
  });
  it('7.10: any one condition is enough, documents or not', () => {
    const c = conditions(
      [
        ['max_age', time('1d')],
        ['max_docs', 5],
      ],
      PROFILE_7_10,
    ).entries;
    expect(conditionsMet(c, index(0, 0), DAY, PROFILE_7_10)).to.equal(true);
    expect(conditionsMet(c, index(5, 0), 0, PROFILE_7_10)).to.equal(true);
    expect(conditionsMet(c, index(4, 0), 0, PROFILE_7_10)).to.equal(false);
  });
  it('shard conditions read the largest primary of an even split', () => {
    const c = conditions([['max_primary_shard_size', parseByteSize('10b', 'x')]]).entries;
    expect(conditionsMet(c, index(1, 30, 3), 0, PROFILE_8_19)).to.equal(true);
    expect(conditionsMet(c, index(1, 27, 3), 0, PROFILE_8_19)).to.equal(false);
  });
  it('names each condition as ES does', () => {
    const c = conditions([
      ['max_age', time('36h')],
      ['max_size', parseByteSize('50gb', 'x')],
      ['max_docs', 7],
    ]).entries;
    expect(conditionResults(c, index(7, 0), 0).map(([name]) => name)).to.deep.equal(['[max_age: 1.5d]', '[max_size: 50gb]', '[max_docs: 7]']);
  });
});

describe('rollover conditions: when they can first hold without a change', () => {
  it('8.19: an empty index never (implicit min_docs), a filled one at max_age', () => {
    const c = withImplicitDefaults(conditions([['max_age', time('2d')]]), PROFILE_8_19);
    expect(earliestMet(c, index(0, 0), DAY, PROFILE_8_19)).to.equal(Infinity);
    expect(earliestMet(c, index(5, 10), DAY, PROFILE_8_19)).to.equal(2 * DAY);
  });
  it('8.19: a min_age holds it back even when a count maximum is met', () => {
    const c = withImplicitDefaults(
      conditions([
        ['max_docs', 5],
        ['min_age', time('3d')],
      ]),
      PROFILE_8_19,
    );
    expect(earliestMet(c, index(9, 10), DAY, PROFILE_8_19)).to.equal(3 * DAY);
  });
  it('7.10: any condition: the age, unless a count is already met', () => {
    const c = conditions(
      [
        ['max_age', time('2d')],
        ['max_docs', 5],
      ],
      PROFILE_7_10,
    ).entries;
    expect(earliestMet(c, index(0, 0), DAY, PROFILE_7_10)).to.equal(2 * DAY);
    expect(earliestMet(c, index(5, 0), DAY, PROFILE_7_10)).to.equal(DAY);
    expect(earliestMet(conditions([['max_docs', 5]], PROFILE_7_10).entries, index(0, 0), DAY, PROFILE_7_10)).to.equal(Infinity);
  });
});
