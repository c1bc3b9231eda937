/**
 * Phase-level assertions on an index's timeline (`GET /_sim/timeline`): the phases its lineage went
 * through (across shrink, searchable_snapshot and downsample renames) with when each was entered and
 * left, instead of every intermediate step of the history.
 */
import { DataTable, Then } from '../src/cucumber/cucumber';
import { expect } from 'chai';
import { lineageOf, phaseRows } from '../src/cucumber/timeline-view';
import type { IlmWorld } from '../src/cucumber/world';

Then('the phases of {string} are:', async function (this: IlmWorld, index: string, table: DataTable) {
  const lineage = await lineageOf(this, index);
  if (lineage === null) throw new Error(`"${index}" has no timeline: the ILM history never mentions it`);
  const columns = table.raw()[0]!;
  const expected = table.hashes();
  const actual = phaseRows(lineage, expected, columns);
  const names = lineage.lineage.map((n) => n.index).join(' -> ');
  expect(actual, `the phases of "${index}" (lineage ${names})`).to.deep.equal(expected);
});
