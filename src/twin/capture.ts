/**
 * `twin capture`: makes a support-diagnostics-shaped bundle by sending the tool's calls (see
 * `bundle-files.ts`) to a cluster, GET only, through a transport the caller gives (the CLI's HTTP
 * client, or a simulator's `request` in tests). It returns the files as text; writing them is the
 * caller's. It never sends anything but GET, and never changes the cluster it reads.
 */
import { BUNDLE_FILES, callFor, majorMinor, MANIFEST_FILE } from './bundle-files';

/** One GET and its answer. */
export interface CaptureResponse {
  readonly status: number;
  readonly text: string;
}

/** Sends `GET <path>` (path with its query string) and gives back the status and body text. */
export type GetTransport = (path: string) => Promise<CaptureResponse>;

export interface CapturedBundle {
  /** Bundle path -> file text, the manifest first. */
  readonly files: Map<string, string>;
  /** Calls that did not answer 200, with what they answered (the file is then left out). */
  readonly skipped: ReadonlyArray<{ file: string; path: string; status: number }>;
  /** The bundle's instant (epoch millis) written into the manifest. */
  readonly instantMillis: number;
  readonly version: string;
}

export interface CaptureOptions {
  /** The instant to record when the cluster has no `/_sim/clock` (a real cluster): the caller's clock. */
  readonly wallClockMillis: number;
  /** The name and version written into the manifest. */
  readonly tool: string;
}

/**
 * Captures the bundle. The instant is the simulator's clock when the cluster is an `ilm-sim` (it
 * answers `GET /_sim/clock`), otherwise the wall clock the caller passes, as the tool records its
 * own collection time.
 */
export async function captureBundle(get: GetTransport, options: CaptureOptions): Promise<CapturedBundle> {
  const main = await get('/');
  if (main.status !== 200) throw new Error(`GET / answered ${main.status}: ${main.text.slice(0, 200)}`);
  const number = parseJson(main.text)?.['version']?.['number'];
  const version = majorMinor(number);
  if (!version) throw new Error(`GET / did not name a version (version.number): ${main.text.slice(0, 200)}`);
  const clock = await get('/_sim/clock');
  const simMillis = clock.status === 200 ? parseJson(clock.text)?.['now_millis'] : undefined;
  const instantMillis = typeof simMillis === 'number' ? simMillis : options.wallClockMillis;

  const files = new Map<string, string>();
  const skipped: Array<{ file: string; path: string; status: number }> = [];
  const bodies = new Map<string, string>();
  for (const entry of BUNDLE_FILES) {
    const path = callFor(entry, version);
    if (path === null) continue;
    const answer = entry.file === 'version.json' ? main : await get(path);
    if (answer.status === 200) bodies.set(entry.file, answer.text);
    else if (entry.file === 'snapshot.json') {
      // Releases (and the simulator) that do not take a repository wildcard: each repository's
      // snapshots, gathered into the multi-repository answer shape (`responses`), which the loader reads.
      const gathered = await snapshotsPerRepository(get, bodies.get('repositories.json'));
      if (gathered !== null) bodies.set(entry.file, gathered);
      else skipped.push({ file: entry.file, path, status: answer.status });
    } else skipped.push({ file: entry.file, path, status: answer.status });
  }
  files.set(
    MANIFEST_FILE,
    `${JSON.stringify(
      {
        diagToolVersion: options.tool,
        diagnosticType: 'ilm-sim twin capture',
        productVersion: String(number),
        timestamp: new Date(instantMillis).toISOString(),
        timestamp_millis: instantMillis,
        calls: BUNDLE_FILES.map((entry) => ({ file: entry.file, path: callFor(entry, version) })).filter((c) => c.path !== null),
      },
      null,
      2,
    )}\n`,
  );
  for (const [file, text] of bodies) files.set(file, text);
  return { files, skipped, instantMillis, version: String(number) };
}

async function snapshotsPerRepository(get: GetTransport, repositoriesText: string | undefined): Promise<string | null> {
  const repositories = repositoriesText === undefined ? null : parseJson(repositoriesText);
  if (repositories === null) return null;
  const responses: unknown[] = [];
  for (const repository of Object.keys(repositories).sort()) {
    const answer = await get(`/_snapshot/${encodeURIComponent(repository)}/*?verbose=false`);
    if (answer.status !== 200) return null;
    const body = parseJson(answer.text);
    const snapshots = Array.isArray(body?.['snapshots']) ? body['snapshots'] : (body?.['responses']?.[0]?.['snapshots'] ?? []);
    responses.push({ repository, snapshots });
  }
  return `${JSON.stringify({ responses }, null, 2)}\n`;
}

// biome-ignore lint/suspicious/noExplicitAny: bundle files are arbitrary JSON, read field by field with checks
function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
