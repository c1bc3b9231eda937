/**
 * The files of a support-diagnostics bundle the twin reads, each with the REST call behind it, as
 * Elastic's support-diagnostics tool names them (its `src/main/resources/elastic-rest.yml`, checked at
 * commit 03371b9: file name = the entry's label, `subdir` = its folder, the newest `versions` rule's
 * path). One table, used by `twin capture` to make a bundle and by the loader to find the files.
 * Plain data; it reads and writes nothing.
 */

export interface BundleFile {
  /** The file's path inside the bundle (`commercial/ilm_explain.json`). */
  readonly file: string;
  /** The request path the tool sends for releases from 7.7 on (all of them GET). */
  readonly path: string;
  /** The same call for releases before 7.7, where the tool's rule differs (no `expand_wildcards`). */
  readonly pathBefore77?: string;
  /** The first release that has the call (the tool skips it on older ones); `[major, minor]`. */
  readonly since?: readonly [number, number];
  /** Whether the twin can work without the file (the loader says what it assumed instead). */
  readonly optional: boolean;
}

/** The bundle's manifest: written by the tool (and by `twin capture`); its `timestamp` is the bundle's instant. */
export const MANIFEST_FILE = 'diagnostic_manifest.json';

export const BUNDLE_FILES: readonly BundleFile[] = [
  { file: 'version.json', path: '/', optional: false },
  { file: 'commercial/ilm_policies.json', path: '/_ilm/policy?human&pretty', optional: false },
  {
    file: 'commercial/ilm_explain.json',
    path: '/*/_ilm/explain?human&pretty&expand_wildcards=all',
    pathBefore77: '/*/_ilm/explain?human&pretty',
    optional: false,
  },
  { file: 'commercial/ilm_status.json', path: '/_ilm/status?pretty', optional: true },
  { file: 'settings.json', path: '/_settings?pretty&human&expand_wildcards=all', pathBefore77: '/_settings?pretty&human', optional: false },
  { file: 'alias.json', path: '/_alias?pretty&human', optional: true },
  { file: 'templates.json', path: '/_template?pretty', optional: true },
  { file: 'index_templates.json', path: '/_index_template', since: [7, 8], optional: true },
  { file: 'component_templates.json', path: '/_component_template', since: [7, 8], optional: true },
  { file: 'cluster_settings.json', path: '/_cluster/settings?pretty&flat_settings', optional: true },
  { file: 'cluster_settings_defaults.json', path: '/_cluster/settings?include_defaults&pretty&flat_settings', since: [6, 4], optional: true },
  { file: 'nodes.json', path: '/_nodes?pretty&human', optional: true },
  {
    file: 'indices_stats.json',
    path: '/_stats?level=shards&pretty&human&expand_wildcards=all',
    pathBefore77: '/_stats?level=shards&pretty&human',
    optional: true,
  },
  { file: 'shards.json', path: '/_cat/shards?format=json&bytes=b&pretty', optional: true },
  { file: 'allocation.json', path: '/_cat/allocation?v&format=json', optional: true },
  { file: 'commercial/data_stream.json', path: '/_data_stream?pretty&expand_wildcards=all', since: [7, 9], optional: true },
  { file: 'commercial/slm_policies.json', path: '/_slm/policy?pretty&human', since: [7, 4], optional: true },
  { file: 'repositories.json', path: '/_snapshot?pretty', optional: true },
  // Divergence: the tool takes this file from 7.15 on; `twin capture` takes it on every release, since
  // the call answers there too and wait_for_snapshot and SLM retention need the snapshots.
  { file: 'snapshot.json', path: '/_snapshot/*/*?verbose=false', optional: true },
  { file: 'cluster_state.json', path: '/_cluster/state?human', optional: true },
];

/** The call for one file on a release (`[major, minor]`), or null when the tool skips it there. */
export function callFor(entry: BundleFile, version: readonly [number, number]): string | null {
  if (entry.since && compareVersions(version, entry.since) < 0) return null;
  if (entry.pathBefore77 && compareVersions(version, [7, 7]) < 0) return entry.pathBefore77;
  return entry.path;
}

export function compareVersions(a: readonly [number, number], b: readonly [number, number]): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}

/** `[major, minor]` of a version number such as `8.19.0`, or null when it is not one. */
export function majorMinor(number: unknown): [number, number] | null {
  if (typeof number !== 'string') return null;
  const match = /^(\d+)\.(\d+)/.exec(number);
  return match ? [Number(match[1]), Number(match[2])] : null;
}
