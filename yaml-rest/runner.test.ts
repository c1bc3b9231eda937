import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { test } from 'node:test';
import { closeTo, contains, isFalse, isTrue, length, match, Stash, valueAt } from './assertions';
import { inVersionRanges, parseWarnings } from './runner';
import { buildRequest, loadSpecs, ParamError } from './spec';

const specs = loadSpecs(join(__dirname, 'spec', '9.1'));

test('a do call becomes the spec path with the most given parts, the rest query parameters', () => {
  const request = buildRequest(specs.get('indices.get_data_lifecycle')!, { name: 'a,b*', include_defaults: true });
  assert.deepEqual(request, { method: 'GET', path: '/_data_stream/a,b*/_lifecycle?include_defaults=true' });
  const put = buildRequest(specs.get('indices.put_index_template')!, { name: 't', body: { index_patterns: ['x'] } });
  assert.equal(put.method, 'PUT');
  assert.equal(put.body, '{"index_patterns":["x"]}');
  assert.throws(() => buildRequest(specs.get('indices.put_data_lifecycle')!, { body: {} }), ParamError);
});

test('stashed values replace whole strings and key segments', () => {
  const stash = new Stash();
  stash.set('backing_index', '.ds-a-000001');
  const body = { indices: { '.ds-a-000001': { managed_by_lifecycle: true } } };
  assert.equal(valueAt(body, 'indices.$backing_index.managed_by_lifecycle', stash), true);
  assert.deepEqual(stash.replace({ index: '$backing_index', text: 'x ${backing_index}' }), { index: '.ds-a-000001', text: 'x .ds-a-000001' });
  assert.equal(valueAt({ 'a.b': 1 }, 'a\\.b', stash), 1);
});

test('match compares numbers by value, maps whole, and /regex/ values with comments allowed', () => {
  assert.equal(match({}, {}, 'g'), undefined);
  assert.match(match({ a: 1 }, {}, 'g')!, /expected \{\}/);
  assert.equal(match('.ds-x-2024.01.01-000001', '/\\.ds-x-(\\d{4}\\.\\d{2}\\.\\d{2}-)?000001/', 'f'), undefined);
  assert.equal(match('ab', '/ a  b /', 'f'), undefined);
  assert.notEqual(match(undefined, '10d', 'f'), undefined);
});

test('is_true, is_false, length, contains and close_to answer as the YAML framework does', () => {
  assert.notEqual(isTrue(undefined, 'f'), undefined);
  assert.notEqual(isTrue(false, 'f'), undefined);
  assert.equal(isTrue({ max_age: '30d' }, 'f'), undefined);
  assert.equal(isFalse(undefined, 'f'), undefined);
  assert.notEqual(isFalse({}, 'f'), undefined);
  assert.equal(length([1, 2], 2, 'f'), undefined);
  assert.equal(length({ a: 1 }, 1, 'f'), undefined);
  assert.notEqual(length([1], 2, 'f'), undefined);
  assert.equal(contains([{ name: 'a', x: 1 }], { name: 'a' }, 'f'), undefined);
  assert.notEqual(contains([{ name: 'b' }], { name: 'a' }, 'f'), undefined);
  assert.equal(closeTo(1.05, { value: 1, error: 0.1 }, 'f'), undefined);
});

test('version ranges with open bounds and several ranges', () => {
  assert.equal(inVersionRanges('8.19.0', ' - 8.10.99'), false);
  assert.equal(inVersionRanges('8.9.0', ' - 8.10.99'), true);
  assert.equal(inVersionRanges('9.1.0', '8.0.0 - 8.99.99, 9.1.0 - '), true);
  assert.equal(inVersionRanges('9.1.0', 'all'), true);
});

test('Warning headers give their quoted texts', () => {
  assert.deepEqual(parseWarnings('299 Elasticsearch-9.1.0-abc "one, \\"two\\"", 299 Elasticsearch-9.1.0-abc "three"'), ['one, "two"', 'three']);
});
