/**
 * CHANGELOG.md keeps the Keep a Changelog form and follows the package: an Unreleased section, then
 * one section per release, newest first, the first of them the version package.json carries, each
 * with a date and only the kinds of change that form names.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

const parts = (v: string): number[] => v.split('.').map(Number);
const newer = (a: string, b: string): boolean => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
};

describe('CHANGELOG.md', () => {
  const releases = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]!);

  it('opens with Unreleased, then the version package.json carries', () => {
    const headings = [...changelog.matchAll(/^## (.*)$/gm)].map((m) => m[1]!);
    expect(headings[0]).to.equal('[Unreleased]');
    expect(releases[0]).to.equal(version);
    expect(version).to.match(/^\d+\.\d+\.\d+$/);
  });

  it('lists every release with a date, newest first, each once', () => {
    expect(releases.length).to.equal([...changelog.matchAll(/^## \[\d/gm)].length);
    for (let i = 1; i < releases.length; i++) expect(newer(releases[i - 1]!, releases[i]!), `${releases[i - 1]} after ${releases[i]}`).to.equal(true);
  });

  it('uses only the kinds of change Keep a Changelog names', () => {
    const kinds = [...changelog.matchAll(/^### (.*)$/gm)].map((m) => m[1]!);
    expect(kinds.filter((kind) => !['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'].includes(kind))).to.deep.equal([]);
  });
});
