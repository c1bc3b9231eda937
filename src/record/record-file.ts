/**
 * Recordings on disk, for the command line: a file that receives each line with one synchronous
 * write as the request is applied (so a server killed at any moment leaves whole lines: a valid
 * prefix), and the strict UTF-8 read of a recording. File I/O only; it never formats, parses lines or
 * runs a simulator, and it never touches the console or the process.
 */
import * as fs from 'node:fs';
import { MalformedRecordingError } from './recording-format';

export interface RecordFile {
  readonly path: string;
  /** Writes one line and its newline before returning; throws on a write error (e.g. ENOSPC). */
  append(line: string): void;
  close(): void;
}

/**
 * Creates the file at `path` for a new recording. An existing file is refused (EEXIST) unless
 * `overwrite`, which empties it; a symbolic link is never followed, whatever the flag (EEXIST, or
 * ELOOP with `overwrite`), so a recording can't be written through a link to some other file.
 */
export function openRecordFile(path: string, options: { overwrite?: boolean } = {}): RecordFile {
  const { O_WRONLY, O_CREAT, O_EXCL, O_TRUNC, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(path, O_WRONLY | O_CREAT | (O_NOFOLLOW ?? 0) | (options.overwrite ? O_TRUNC : O_EXCL), 0o666);
  let open = true;
  return {
    path,
    append(line: string): void {
      if (!open) throw new Error(`the recording ${path} is closed`);
      const bytes = Buffer.from(`${line}\n`, 'utf8');
      // One write per line; the loop only matters if the OS ever accepts part of it.
      for (let written = 0; written < bytes.length; ) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    },
    close(): void {
      if (!open) return;
      open = false;
      fs.closeSync(fd);
    },
  };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of a recording file. Throws the file system's error when it cannot be read, and a
 * MalformedRecordingError naming the first line that is not UTF-8 (recordings are always UTF-8).
 */
export function readRecordFile(path: string): string {
  const bytes = fs.readFileSync(path);
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        STRICT_UTF8.decode(bytes.subarray(start, i));
      } catch {
        break;
      }
      line++;
      start = i + 1;
    }
    throw new MalformedRecordingError(line, 'not valid UTF-8 (a recording is UTF-8 text)');
  }
}
