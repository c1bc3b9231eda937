/**
 * A bundle directory reads each file as its UTF-8 text: ASCII files (the usual case, read through a
 * faster path) and files with other characters alike, and a missing file as undefined.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { directorySource } from './bundle-dir';

describe('directorySource', () => {
  it('reads ASCII and non-ASCII files as their UTF-8 text', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ilm-sim-bundle-dir-'));
    try {
      writeFileSync(path.join(dir, 'diagnostic_manifest.json'), '{"timestamp": "2024-01-01T00:00:00Z"}\n');
      const accented = '{"cluster_name": "clúster-ü 日本", "emoji": "🗂", "bom": "\uFEFF"}';
      writeFileSync(path.join(dir, 'version.json'), accented);
      // Bytes that are not valid UTF-8 decode as the UTF-8 decoder decodes them (replacement characters).
      writeFileSync(path.join(dir, 'alias.json'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
      const source = directorySource(dir);
      expect(source.read('diagnostic_manifest.json')).to.equal('{"timestamp": "2024-01-01T00:00:00Z"}\n');
      expect(source.read('version.json')).to.equal(accented);
      expect(source.read('alias.json')).to.equal('{\uFFFD\uFFFD}');
      expect(source.read('settings.json')).to.equal(undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
