/**
 * Recording files on disk: each appended line is in the file as soon as `append` returns, the file is
 * emptied when opened, and reading refuses bytes that are not UTF-8 at the line they are on.
 */
import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { openRecordFile, readRecordFile } from './record-file';
import { MalformedRecordingError } from './recording-format';

describe('record files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilm-sim-record-file-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes each line through before append returns, and empties an existing file with overwrite', () => {
    const file = path.join(dir, 'session.ndjson');
    fs.writeFileSync(file, 'an older recording\n');
    const out = openRecordFile(file, { overwrite: true });
    expect(fs.readFileSync(file, 'utf8')).to.equal('');
    out.append('{"a":"ü"}');
    expect(fs.readFileSync(file, 'utf8')).to.equal('{"a":"ü"}\n');
    out.append('{"b":2}');
    expect(readRecordFile(file)).to.equal('{"a":"ü"}\n{"b":2}\n');
    out.close();
    out.close();
    expect(() => out.append('{}')).to.throw(/is closed/);
  });

  // Issue 14, item 9.
  it('refuses an existing file without overwrite, and never follows a symbolic link', () => {
    const file = path.join(dir, 'kept.ndjson');
    fs.writeFileSync(file, 'kept\n');
    expect(() => openRecordFile(file)).to.throw(/EEXIST/);
    const link = path.join(dir, 'link.ndjson');
    fs.symlinkSync(file, link);
    expect(() => openRecordFile(link)).to.throw(/EEXIST/);
    expect(() => openRecordFile(link, { overwrite: true })).to.throw(/ELOOP/);
    expect(fs.readFileSync(file, 'utf8')).to.equal('kept\n');
    const dangling = path.join(dir, 'dangling.ndjson');
    fs.symlinkSync(path.join(dir, 'not-there.ndjson'), dangling);
    expect(() => openRecordFile(dangling)).to.throw(/EEXIST/);
    expect(fs.existsSync(path.join(dir, 'not-there.ndjson'))).to.equal(false);
  });

  it('refuses a file that is not UTF-8, naming the line', () => {
    const file = path.join(dir, 'latin1.ndjson');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('{"format":1}\n{"x":"'), Buffer.from([0xe9]), Buffer.from('"}\n')]));
    let caught: unknown = null;
    try {
      readRecordFile(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(MalformedRecordingError);
    expect((caught as MalformedRecordingError).message).to.equal('line 2: not valid UTF-8 (a recording is UTF-8 text)');
  });

  it('passes on the file system error for a missing file', () => {
    expect(() => readRecordFile(path.join(dir, 'none.ndjson'))).to.throw(/ENOENT/);
    expect(() => openRecordFile(path.join(dir, 'no-such-dir', 'x.ndjson'))).to.throw(/ENOENT/);
  });
});
