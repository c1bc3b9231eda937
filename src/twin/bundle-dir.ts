/**
 * A bundle on disk: a directory holding the tool's files (`commercial/ilm_explain.json`, ...), read
 * as a `BundleSource`, and the writer `twin capture` uses. A `.zip` is refused with what to do
 * instead (unpack it): the project carries no zip library. Reads and writes files only.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { isAscii } from 'node:buffer';
import type { BundleSource } from './bundle';

export class BundleLocationError extends Error {}

export function directorySource(dir: string): BundleSource {
  if (/\.zip$/i.test(dir)) {
    throw new BundleLocationError(`${dir}: a zipped bundle; unpack it first (unzip ${path.basename(dir)}) and give the directory`);
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BundleLocationError(`${dir}: no such bundle directory`);
  // The tool's zip unpacks into one folder named after the cluster and time: look inside it.
  const root = existsSync(path.join(dir, 'diagnostic_manifest.json')) ? dir : findManifestFolder(dir);
  return {
    name: root,
    read(file) {
      const full = path.join(root, file);
      return existsSync(full) ? textOf(readFileSync(full)) : undefined;
    },
  };
}

/**
 * The file's text as UTF-8. A bundle is mostly ASCII JSON (tens of megabytes on a large cluster),
 * which reads as the same text byte for byte (latin1) about twice as fast as through the UTF-8 decoder.
 */
function textOf(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function findManifestFolder(dir: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(dir, entry.name, 'diagnostic_manifest.json'))) return path.join(dir, entry.name);
  }
  return dir;
}

/** Writes captured files under `dir` (made if needed); answers the paths written. */
export function writeBundle(dir: string, files: ReadonlyMap<string, string>): string[] {
  const written: string[] = [];
  for (const [file, text] of files) {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    written.push(full);
  }
  return written;
}
