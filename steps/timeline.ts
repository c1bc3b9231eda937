/**
 * Phase-level assertions on an index's timeline (`GET /_sim/timeline`): the phases its lineage went
 * through (across shrink, searchable_snapshot and downsample renames) with when each was entered and
 * left, instead of every intermediate step of the history. A date written shorter (`2024-02-01`)
 * matches any instant it spans (UTC); `left` is empty while the phase lasts, and for the phase the
 * index was deleted in it is the deletion instant (see ../timeline-view).
 */
import type { DataTable } from '../src/cucumber/cucumber';
import { stepGroup } from '../src/cucumber/step-catalogue';
import { lineageOf, phasesMismatch } from '../src/cucumber/timeline-view';
import type { IlmWorld } from '../src/cucumber/world';

const { Then } = stepGroup('timeline');

Then(
  'the phases of {string} are:',
  {
    says: "Asserts the phases of the index's lineage (across shrink, searchable_snapshot and downsample renames) with a table `phase | entered [| left]`; an instant may be written shorter (`2024-01-09`), an empty `left` while the phase lasts.",
    example: 'the phases of "logs-000001" are:\n  | phase | entered    |\n  | hot   | 2024-01-01 |',
  },
  async function (this: IlmWorld, index: string, table: DataTable) {
    const lineage = await lineageOf(this, index);
    if (lineage === null) throw new Error(`"${index}" has no timeline: the ILM history never mentions it`);
    const mismatch = phasesMismatch(index, lineage, table.hashes(), table.raw()[0]!);
    if (mismatch !== null) throw new Error(mismatch);
  },
);
