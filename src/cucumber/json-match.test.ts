/**
 * Partial JSON matching for `the response contains:` and `the explain record of "i" contains:` (issue
 * 24): a mismatch names the path where the documents first differ and shows both, not `-false +true`.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { partialMismatchText } from './json-match';

describe('partialMismatchText', () => {
  const actual = { indices: { 'logs-000001': { step: 'ERROR', step_info: { type: 'illegal_argument_exception' } } }, items: [1, 2] };
  it('null when the document contains the partial one', () => {
    expect(partialMismatchText(actual, { indices: { 'logs-000001': { step: 'ERROR' } } })).to.equal(null);
  });
  it('names the first differing path with both values, then shows both documents', () => {
    const text = partialMismatchText(actual, { indices: { 'logs-000001': { step: 'complete' } } })!;
    expect(text.split('\n')[0]).to.equal('at indices.logs-000001.step: expected "complete", got "ERROR"');
    expect(text).to.include('expected to contain:\n{\n  "indices"');
    expect(text).to.include('actual:\n{\n  "indices"');
  });
  it('a missing key and an array of another length say so', () => {
    expect(partialMismatchText(actual, { indices: { 'logs-000001': { failed_step: 'shrink' } } })!.split('\n')[0]).to.equal(
      'at indices.logs-000001.failed_step: expected "shrink", got (missing) (no such key)',
    );
    expect(partialMismatchText(actual, { items: [1] })!.split('\n')[0]).to.equal('at items: expected [1], got [1,2] (an array of 2, not 1)');
  });
});
