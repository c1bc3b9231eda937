/**
 * Reading a support-diagnostics bundle: each file by its name (`bundle-files.ts`), parsed as JSON,
 * with every problem written down as a note naming the file and what the twin assumed or refused
 * instead (a missing file, truncated JSON, a file from another release). It reads through a
 * `BundleSource` the caller gives (a directory, a zip, captured text), so it does no I/O itself, and
 * it never throws for a bad file: the loader decides what a missing piece means.
 */
import { MANIFEST_FILE } from './bundle-files';

/** Where the bundle's files come from: the text of one file, or undefined when the bundle lacks it. */
export interface BundleSource {
  /** A name for messages (the directory or zip path). */
  readonly name: string;
  read(file: string): string | undefined;
}

/** What the twin had to decide about the bundle: `assumed` a value, `refused` a piece, or only `noted`. */
export interface BundleNote {
  readonly file: string;
  readonly kind: 'assumed' | 'refused' | 'noted';
  readonly message: string;
}

/** A JSON value as parsed (objects with string keys). */
// biome-ignore lint/suspicious/noExplicitAny: bundle files are arbitrary JSON, read field by field with checks
export type Json = any;

export class BundleReader {
  readonly notes: BundleNote[] = [];

  constructor(readonly source: BundleSource) {}

  note(file: string, kind: BundleNote['kind'], message: string): void {
    this.notes.push({ file, kind, message });
  }

  /**
   * The file parsed as JSON, or undefined (with a note saying what stands in for it) when it is
   * missing or not JSON. Text after a `pretty` answer's JSON is not a problem; a truncated file is.
   */
  json(file: string, whenMissing: string): Json | undefined {
    const text = this.source.read(file);
    if (text === undefined) {
      this.note(file, 'assumed', `${file} is not in the bundle: ${whenMissing}`);
      return undefined;
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.note(file, 'refused', `${file} is not valid JSON (${reason}; truncated?): ${whenMissing}`);
      return undefined;
    }
  }

  /** An object-valued file, or undefined with a note when it is something else. */
  object(file: string, whenMissing: string): Record<string, Json> | undefined {
    const value = this.json(file, whenMissing);
    if (value === undefined) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.note(file, 'refused', `${file} is not a JSON object: ${whenMissing}`);
      return undefined;
    }
    // An error answer the tool saved in place of the data (`{"error": ..., "status": 404}`).
    if ('error' in value && 'status' in value && typeof value.status === 'number') {
      this.note(file, 'refused', `${file} holds an error answer (status ${value.status}): ${whenMissing}`);
      return undefined;
    }
    return value as Record<string, Json>;
  }

  /** The bundle's instant from the manifest's `timestamp` (ISO 8601 or epoch millis), or null. */
  instant(): number | null {
    const manifest = this.object(MANIFEST_FILE, 'the bundle has no instant');
    if (!manifest) return null;
    for (const key of ['timestamp_millis', 'timestamp', 'collectionDate']) {
      const value = manifest[key];
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      if (typeof value === 'string') {
        const millis = Date.parse(value);
        if (!Number.isNaN(millis)) return millis;
      }
    }
    this.note(MANIFEST_FILE, 'refused', `${MANIFEST_FILE} has no readable timestamp`);
    return null;
  }
}

/** Epoch millis from a number, a numeric string or an ISO 8601 string; undefined otherwise. */
export function millisOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value !== '') {
    if (/^-?\d+$/.test(value)) return Number(value);
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  return undefined;
}

export function isObject(value: unknown): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A bundle held in memory (a fresh capture, a test's files). */
export function mapSource(name: string, files: ReadonlyMap<string, string>): BundleSource {
  return { name, read: (file) => files.get(file) };
}
