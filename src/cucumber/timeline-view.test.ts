/**
 * The phase table of `the phases of "i" are:` (issue 24): a date written shorter matches any instant
 * it spans, in UTC, and a failure shows both tables and says what `left` is for the phase an index was
 * deleted in.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import type { LineageJson } from '../index';
import { cellMatchesInstant, namedBy, phasesMismatch } from './timeline-view';

const at = (iso: string) => ({ text: iso, millis: Date.parse(iso) });

function span(phase: string, start: string, end: string | null) {
  return { phase, start: at(start).text, start_millis: at(start).millis, end, end_millis: end === null ? null : Date.parse(end) };
}

/** A lineage deleted in its delete phase at 2024-02-01T00:20. */
const DELETED: LineageJson = {
  index: 'logs-000001',
  policy: 'logs',
  ended: 'deleted',
  start: '2024-01-01T00:00:00.000Z',
  start_millis: Date.parse('2024-01-01T00:00:00.000Z'),
  end: '2024-02-01T00:20:00.000Z',
  end_millis: Date.parse('2024-02-01T00:20:00.000Z'),
  lineage: [
    {
      index: 'logs-000001',
      start: '2024-01-01T00:00:00.000Z',
      start_millis: Date.parse('2024-01-01T00:00:00.000Z'),
      end: '2024-02-01T00:20:00.000Z',
      end_millis: Date.parse('2024-02-01T00:20:00.000Z'),
    },
  ],
  phases: [span('hot', '2024-01-01T00:00:00.000Z', '2024-01-09T00:10:00.000Z'), span('delete', '2024-02-01T00:00:00.000Z', '2024-02-01T00:20:00.000Z')],
  actions: [],
  waits: [],
};

describe('cellMatchesInstant: a written instant covers what its last field spans, in UTC', () => {
  it('a bare date matches any instant of that day, and no other', () => {
    expect(cellMatchesInstant('2024-02-01', Date.parse('2024-02-01T00:20:00.000Z'))).to.equal(true);
    expect(cellMatchesInstant('2024-02-01', Date.parse('2024-02-01T23:59:59.999Z'))).to.equal(true);
    expect(cellMatchesInstant('2024-02-01', Date.parse('2024-02-02T00:00:00.000Z'))).to.equal(false);
    expect(cellMatchesInstant('2024-02-01', Date.parse('2024-01-31T23:59:59.999Z'))).to.equal(false);
  });
  it('minutes, seconds and millis narrow it; no zone means UTC', () => {
    expect(cellMatchesInstant('2024-02-01T00:20', Date.parse('2024-02-01T00:20:30.000Z'))).to.equal(true);
    expect(cellMatchesInstant('2024-02-01T00:20Z', Date.parse('2024-02-01T00:21:00.000Z'))).to.equal(false);
    expect(cellMatchesInstant('2024-02-01T00:20:00.000Z', Date.parse('2024-02-01T00:20:00.001Z'))).to.equal(false);
    expect(cellMatchesInstant('2024-02-01T00:20:00.5Z', Date.parse('2024-02-01T00:20:00.500Z'))).to.equal(true);
  });
});

describe('phasesMismatch', () => {
  it('matches short dates on the day, including the deletion instant as left', () => {
    const expected = [
      { phase: 'hot', entered: '2024-01-01', left: '2024-01-09' },
      { phase: 'delete', entered: '2024-02-01', left: '2024-02-01' },
    ];
    expect(phasesMismatch('logs-000001', DELETED, expected, ['phase', 'entered', 'left'])).to.equal(null);
  });
  it('an empty left for the phase the index was deleted in: the failure says left is the deletion instant', () => {
    const expected = [
      { phase: 'hot', entered: '2024-01-01', left: '2024-01-09' },
      { phase: 'delete', entered: '2024-02-01', left: '' },
    ];
    const message = phasesMismatch('logs-000001', DELETED, expected, ['phase', 'entered', 'left']) ?? '';
    expect(message).to.include('| delete | 2024-02-01 | 2024-02-01T00:20:00.000Z |');
    expect(message).to.include(
      'The delete phase ended when the index was deleted, at 2024-02-01T00:20:00.000Z: its "left" is that instant. An empty "left" means the phase still lasts.',
    );
  });
});

describe('namedBy: a failure attaches the lineages its step names (issue 24)', () => {
  it('an index of the lineage or a data stream whose backing index it is; not others', () => {
    expect(namedBy(DELETED, ['logs-000001'])).to.equal(true);
    expect(namedBy(DELETED, ['logs-000002', 'p'])).to.equal(false);
    const backing = { ...DELETED, lineage: [{ ...DELETED.lineage[0]!, index: '.ds-logs-app-default-2024.01.01-000001' }] };
    expect(namedBy(backing, ['logs-app-default'])).to.equal(true);
    expect(namedBy(backing, ['logs-app'])).to.equal(false);
  });
});
