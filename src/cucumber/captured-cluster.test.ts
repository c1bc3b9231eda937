/**
 * The workload table of `the clock advances by {duration} while the write targets receive:`: its
 * header, and rows refused with the row named.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import type { DataTable } from './cucumber';
import { workloadRates } from './captured-cluster';

const table = (rows: string[][]) => ({ raw: () => rows }) as unknown as DataTable;

describe('the workload table', () => {
  it('reads a rate per row, fractional documents allowed', () => {
    expect(
      workloadRates(
        table([
          ['target', 'docs per day', 'bytes each'],
          ['logs', '133.33333333333334', '2048'],
        ]),
      ),
    ).to.deep.equal([{ target: 'logs', docsPerDay: 133.33333333333334, bytesEach: 2048 }]);
  });

  it('refuses another header and bad numbers, naming them', () => {
    expect(() =>
      workloadRates(
        table([
          ['target', 'rate'],
          ['logs', '5'],
        ]),
      ),
    ).to.throw("the table's first row must be | target | docs per day | bytes each |, not | target | rate |");
    expect(() =>
      workloadRates(
        table([
          ['target', 'docs per day', 'bytes each'],
          ['logs', 'many', '1'],
        ]),
      ),
    ).to.throw('| logs | many | 1 |: docs per day must be a number >= 0');
    expect(() =>
      workloadRates(
        table([
          ['target', 'docs per day', 'bytes each'],
          ['logs', '5', '1.5'],
        ]),
      ),
    ).to.throw('| logs | 5 | 1.5 |');
    expect(() =>
      workloadRates(
        table([
          ['target', 'docs per day', 'bytes each'],
          ['logs', '', '1'],
        ]),
      ),
    ).to.throw('| logs |  | 1 |');
  });
});
