/**
 * Runs files in Elasticsearch's YAML REST test format (`setup`, `teardown`, named tests of `do`, `match`,
 * `set`, `skip`/`requires`...) against any Elasticsearch-compatible base URL, the way ES's own
 * `ESClientYamlSuiteTestCase` does: setup before each test, teardown after it, then a wipe of the cluster
 * (data streams, indices, templates, persistent and transient settings). It is our own reading of the
 * format, not ES's code; it prints nothing (the caller reports the results it returns).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isMap, isScalar, parseAllDocuments } from 'yaml';
import * as assert from './assertions';
import { ApiSpec, buildRequest, ParamError } from './spec';

export type Outcome = { status: 'pass' } | { status: 'fail'; message: string } | { status: 'skip'; reason: string };

export interface TestResult {
  readonly file: string;
  readonly test: string;
  readonly outcome: Outcome;
}

type Section = Record<string, unknown>;

interface Suite {
  readonly file: string;
  readonly setup: Section[];
  readonly teardown: Section[];
  readonly tests: { name: string; sections: Section[] }[];
  /** Tests the YAML parser here could not read, with its message. */
  readonly unreadable: { name: string; reason: string }[];
}

export interface RunnerOptions {
  readonly baseUrl: string;
  readonly specs: Map<string, ApiSpec>;
  /** The version `skip.version` ranges and `gte_vX.Y.Z` cluster features are checked against (`GET /` by default). */
  readonly version?: string;
}

/** The test runner features this runner implements (ES's `Features`): a test needing another one is skipped. */
export const RUNNER_FEATURES = new Set([
  'allowed_warnings',
  'allowed_warnings_regex',
  'warnings',
  'warnings_regex',
  'capabilities',
  'contains',
  'close_to',
  'headers',
  'stash_in_key',
  'stash_in_path',
  'stash_path_replace',
  'embedded_stash_key',
  'arbitrary_key',
  'node_selector',
  'default_shards',
]);

export function parseSuite(file: string): Suite {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const suite: Suite = { file: basename(file), setup: [], teardown: [], tests: [], unreadable: [] };
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length > 0) {
      // Divergence: the `yaml` package refuses some scalars ES's SnakeYAML-based parser reads (a quoted
      // string continued at its item's indentation); such a test is reported skipped, saying why.
      const first = isMap(doc.contents) ? doc.contents.items[0]?.key : undefined;
      const name = isScalar(first) ? String(first.value) : `document ${suite.tests.length + suite.unreadable.length + 1}`;
      suite.unreadable.push({ name, reason: doc.errors[0]!.message.split('\n')[0]! });
      continue;
    }
    const value = doc.toJS({ maxAliasCount: -1 }) as Record<string, Section[]> | null;
    if (value === null) continue;
    for (const [name, sections] of Object.entries(value)) {
      if (name === 'setup') suite.setup.push(...sections);
      else if (name === 'teardown') suite.teardown.push(...sections);
      else suite.tests.push({ name, sections: sections ?? [] });
    }
  }
  return suite;
}

class Mismatch extends Error {}

interface Response {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly warnings: string[];
}

/** HTTP statuses of ES's `catch` names (`request` is any other 4xx or 5xx). */
const CATCHES: Record<string, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  missing: 404,
  request_timeout: 408,
  conflict: 409,
  unavailable: 503,
};

export class YamlRunner {
  private versionText = '';

  constructor(private readonly options: RunnerOptions) {}

  async runFile(file: string): Promise<TestResult[]> {
    const suite = parseSuite(file);
    this.versionText = this.options.version ?? (await this.clusterVersion());
    const results: TestResult[] = [];
    const setupSkip = await this.skipReason(suite.setup);
    for (const test of suite.tests) {
      const outcome = setupSkip !== undefined ? { status: 'skip' as const, reason: setupSkip } : await this.runTest(suite, test.sections);
      results.push({ file: suite.file, test: test.name, outcome });
    }
    for (const { name, reason } of suite.unreadable)
      results.push({ file: suite.file, test: name, outcome: { status: 'skip', reason: `unreadable here: ${reason}` } });
    return results;
  }

  private async runTest(suite: Suite, sections: Section[]): Promise<Outcome> {
    const skip = await this.skipReason(sections);
    if (skip !== undefined) return { status: 'skip', reason: skip };
    const stash = new assert.Stash();
    let outcome: Outcome = { status: 'pass' };
    try {
      await this.runSections(suite.setup, stash, 'setup');
      await this.runSections(sections, stash, 'test');
    } catch (error) {
      outcome = { status: 'fail', message: error instanceof Error ? error.message : String(error) };
    }
    try {
      if ((await this.skipReason(suite.teardown)) === undefined) await this.runSections(suite.teardown, stash, 'teardown');
    } catch (error) {
      if (outcome.status === 'pass') outcome = { status: 'fail', message: `teardown: ${(error as Error).message}` };
    }
    await this.wipeCluster();
    return outcome;
  }

  private async runSections(sections: Section[], stash: assert.Stash, where: string): Promise<void> {
    let last: Response | undefined;
    for (const [index, section] of sections.entries()) {
      const [kind, raw] = Object.entries(section)[0] ?? [];
      const at = `${where} step ${index + 1} (${kind})`;
      if (kind === 'skip' || kind === 'requires') continue;
      if (kind === 'do') {
        last = await this.doSection(raw as Record<string, unknown>, stash, at);
        continue;
      }
      const body = last?.body;
      const checks = Object.entries((raw ?? {}) as Record<string, unknown>);
      if (kind === 'is_true' || kind === 'is_false' || kind === 'exists' || kind === 'not_exists') {
        const field = String(raw);
        const actual = assert.valueAt(body, field, stash);
        const present = actual !== undefined && actual !== null;
        if (kind === 'is_true') fail(at, assert.isTrue(actual, field));
        else if (kind === 'is_false') fail(at, assert.isFalse(actual, field));
        else if (present !== (kind === 'exists'))
          fail(at, `field [${field}] was ${JSON.stringify(actual) ?? 'absent'}, expected it ${kind === 'exists' ? 'present' : 'absent'}`);
        continue;
      }
      for (const [field, expectedRaw] of checks) {
        const actual = assert.valueAt(body, field, stash);
        const expected = kind === 'set' ? expectedRaw : stash.replace(expectedRaw);
        switch (kind) {
          case 'match':
            fail(at, assert.match(actual, expected, field));
            break;
          case 'length':
            fail(at, assert.length(actual, expected, field));
            break;
          case 'gt':
          case 'gte':
          case 'lt':
          case 'lte':
            fail(at, assert.compare(kind, actual, expected, field));
            break;
          case 'contains':
            fail(at, assert.contains(actual, expected, field));
            break;
          case 'close_to':
            fail(at, assert.closeTo(actual, expected, field));
            break;
          case 'set':
            stash.set(String(expectedRaw), actual);
            break;
          default:
            throw new Mismatch(`${at}: unsupported section [${kind}]`);
        }
      }
    }
  }

  private async doSection(raw: Record<string, unknown>, stash: assert.Stash, at: string): Promise<Response> {
    const { catch: catchName, warnings, warnings_regex, allowed_warnings, allowed_warnings_regex, headers, node_selector: _selector, ...call } = raw;
    const entries = Object.entries(call);
    if (entries.length !== 1) throw new Mismatch(`${at}: expected one API call, got [${entries.map(([k]) => k).join(', ')}]`);
    const [api, argsRaw] = entries[0]!;
    const spec = this.options.specs.get(api);
    if (!spec) throw new Mismatch(`${at}: api [${api}] is not in the REST specification`);
    const args = { ...((stash.replace(argsRaw ?? {}) as Record<string, unknown>) ?? {}) };
    const ignore = new Set(listOf(args.ignore).map(Number));
    delete args.ignore;
    let request: ReturnType<typeof buildRequest>;
    try {
      request = buildRequest(spec, args);
    } catch (error) {
      if (error instanceof ParamError && catchName === 'param') return { status: 0, body: {}, text: '', warnings: [] };
      throw error;
    }
    if (catchName === 'param') throw new Mismatch(`${at}: expected a parameter error before sending [${api}]`);
    const response = await this.send(request, (headers ?? {}) as Record<string, string>);
    const where = `${at} ${api} ${request.method} ${request.path}`;
    checkCatch(where, catchName, response, ignore);
    checkWarnings(where, response.warnings, {
      expected: listOf(warnings).map(String),
      expectedRegex: listOf(warnings_regex).map((r) => new RegExp(String(r))),
      allowed: listOf(allowed_warnings).map(String),
      allowedRegex: listOf(allowed_warnings_regex).map((r) => new RegExp(String(r))),
    });
    return response;
  }

  private async send(request: { method: string; path: string; body?: string; contentType?: string }, headers: Record<string, string> = {}): Promise<Response> {
    const init: RequestInit = { method: request.method, headers: { ...headers, ...(request.contentType ? { 'content-type': request.contentType } : {}) } };
    if (request.body !== undefined) init.body = request.body;
    const res = await fetch(new URL(request.path, this.options.baseUrl), init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      // A plain-text answer (`_cat`) stays a string, as ES's runner keeps it.
    }
    const warningHeader = res.headers.get('warning');
    return { status: res.status, body, text, warnings: warningHeader ? parseWarnings(warningHeader) : [] };
  }

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    return this.send(body === undefined ? { method, path } : { method, path, body: JSON.stringify(body), contentType: 'application/json' });
  }

  private async clusterVersion(): Promise<string> {
    const info = await this.call('GET', '/');
    return String((info.body as { version?: { number?: string } }).version?.number ?? '0.0.0');
  }

  /** Why the `skip`/`requires` sections at the head of `sections` skip them, or undefined to run them. */
  async skipReason(sections: Section[]): Promise<string | undefined> {
    for (const section of sections) {
      const [kind, raw] = Object.entries(section)[0] ?? [];
      if (kind !== 'skip' && kind !== 'requires') break;
      const spec = (raw ?? {}) as Record<string, unknown>;
      const reason = String(spec.reason ?? '');
      const runnerFeatures = [...listOf(spec.features), ...listOf(spec.test_runner_features)].map(String);
      const missing = runnerFeatures.filter((f) => !RUNNER_FEATURES.has(f));
      if (missing.length > 0) return `runner lacks [${missing.join(', ')}]`;
      const features = listOf(spec.cluster_features).map(String);
      const capabilities = listOf(spec.capabilities) as Record<string, unknown>[];
      if (kind === 'requires') {
        const absent = features.filter((f) => !this.hasClusterFeature(f));
        if (absent.length > 0) return `cluster lacks features [${absent.join(', ')}]: ${reason}`;
        for (const check of capabilities) if (!(await this.supports(check))) return `cluster lacks capabilities ${describe(check)}: ${reason}`;
      } else {
        if (spec.awaits_fix !== undefined) return `awaits fix: ${spec.awaits_fix}`;
        if (spec.version !== undefined && inVersionRanges(this.versionText, String(spec.version)))
          return `version ${this.versionText} in [${spec.version}]: ${reason}`;
        if (features.length > 0 && features.every((f) => this.hasClusterFeature(f))) return `cluster has features [${features.join(', ')}]: ${reason}`;
        for (const check of capabilities) if (await this.supports(check)) return `cluster has capabilities ${describe(check)}: ${reason}`;
        if (listOf(spec.os).length > 0) continue; // the operating system of the node is not known here; run
      }
    }
    return undefined;
  }

  /** ES's historical features `gte_vX.Y.Z` hold from that release on; other named features are not known here. */
  private hasClusterFeature(feature: string): boolean {
    const historical = /^gte_v(\d+\.\d+\.\d+)$/.exec(feature);
    return historical ? compareVersions(this.versionText, historical[1]!) >= 0 : false;
  }

  private async supports(check: Record<string, unknown>): Promise<boolean> {
    const query = new URLSearchParams({ method: String(check.method ?? 'GET'), path: String(check.path ?? '/') });
    const parameters = listOf(check.parameters).map(String);
    const capabilities = listOf(check.capabilities).map(String);
    if (parameters.length > 0) query.set('parameters', parameters.join(','));
    if (capabilities.length > 0) query.set('capabilities', capabilities.join(','));
    const response = await this.call('GET', `/_capabilities?${query}`);
    return response.status === 200 && (response.body as { supported?: unknown }).supported === true;
  }

  /**
   * ES `ESRestTestCase#wipeCluster`, for what these tests create: data streams, indices (hidden too),
   * composable and component index templates, legacy templates (all but ones a test cluster ships, marked
   * `_meta.managed`), then every persistent and transient cluster setting back to its default.
   */
  private async wipeCluster(): Promise<void> {
    await this.call('DELETE', '/_data_stream/*?expand_wildcards=all');
    await this.call('DELETE', '/*,-.ds-ilm-history-*?expand_wildcards=open,closed,hidden');
    const composable = await this.call('GET', '/_index_template');
    for (const t of (composable.body as { index_templates?: { name: string; index_template?: { _meta?: { managed?: boolean } } }[] }).index_templates ?? []) {
      if (t.index_template?._meta?.managed !== true) await this.call('DELETE', `/_index_template/${encodeURIComponent(t.name)}`);
    }
    const components = await this.call('GET', '/_component_template');
    for (const t of (components.body as { component_templates?: { name: string; component_template?: { _meta?: { managed?: boolean } } }[] })
      .component_templates ?? []) {
      if (t.component_template?._meta?.managed !== true) await this.call('DELETE', `/_component_template/${encodeURIComponent(t.name)}`);
    }
    const legacy = await this.call('GET', '/_template');
    if (legacy.status === 200) for (const name of Object.keys(legacy.body as object)) await this.call('DELETE', `/_template/${encodeURIComponent(name)}`);
    const settings = await this.call('GET', '/_cluster/settings?flat_settings=true');
    const current = settings.body as { persistent?: Record<string, unknown>; transient?: Record<string, unknown> };
    const nulls = (values: Record<string, unknown> = {}) => Object.fromEntries(Object.keys(values).map((k) => [k, null]));
    if (Object.keys(current.persistent ?? {}).length + Object.keys(current.transient ?? {}).length > 0) {
      await this.call('PUT', '/_cluster/settings', { persistent: nulls(current.persistent), transient: nulls(current.transient) });
    }
  }
}

function fail(at: string, message: string | undefined): void {
  if (message !== undefined) throw new Mismatch(`${at}: ${message}`);
}

function describe(check: Record<string, unknown>): string {
  return `${check.method ?? 'GET'} ${check.path} [${listOf(check.capabilities).join(', ')}]`;
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function checkCatch(where: string, catchName: unknown, response: Response, ignore: Set<number>): void {
  const errorText = response.text.slice(0, 400);
  if (catchName === undefined) {
    if (response.status >= 400 && !ignore.has(response.status)) throw new Mismatch(`${where}: status ${response.status}: ${errorText}`);
    return;
  }
  const name = String(catchName);
  const regex = assert.asRegex(name);
  if (regex) {
    if (response.status < 400) throw new Mismatch(`${where}: expected an error matching ${name}, got status ${response.status}`);
    if (!regex.test(response.text)) throw new Mismatch(`${where}: error ${errorText} does not match ${name}`);
    return;
  }
  if (name === 'request') {
    if (response.status < 400 || Object.values(CATCHES).includes(response.status))
      throw new Mismatch(`${where}: expected another 4xx/5xx (catch: request), got status ${response.status}: ${errorText}`);
    return;
  }
  const status = CATCHES[name];
  if (status === undefined) throw new Mismatch(`${where}: unknown catch [${name}]`);
  if (response.status !== status) throw new Mismatch(`${where}: expected status ${status} (catch: ${name}), got ${response.status}: ${errorText}`);
}

/** The quoted texts of RFC 7234 `Warning` headers (`299 Elasticsearch-<version> "text"`, comma-joined by fetch). */
export function parseWarnings(header: string): string[] {
  const out: string[] = [];
  const pattern = /\d{3} [^ ]+ "((?:[^"\\]|\\.)*)"(?: "[^"]*")?/g;
  for (let m = pattern.exec(header); m !== null; m = pattern.exec(header)) out.push(m[1]!.replace(/\\(.)/g, '$1'));
  return out;
}

function checkWarnings(
  where: string,
  actual: string[],
  want: { expected: string[]; expectedRegex: RegExp[]; allowed: string[]; allowedRegex: RegExp[] },
): void {
  const unexpected = actual.filter(
    (w) => !want.expected.includes(w) && !want.allowed.includes(w) && !want.expectedRegex.some((r) => r.test(w)) && !want.allowedRegex.some((r) => r.test(w)),
  );
  if (unexpected.length > 0) throw new Mismatch(`${where}: unexpected warnings ${JSON.stringify(unexpected)}`);
  const missing = [...want.expected.filter((w) => !actual.includes(w)), ...want.expectedRegex.filter((r) => !actual.some((w) => r.test(w))).map(String)];
  if (missing.length > 0) throw new Mismatch(`${where}: expected warnings ${JSON.stringify(missing)} not received (got ${JSON.stringify(actual)})`);
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split(/[.-]/).map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** ES `VersionRange`s: `all`, or comma-separated `lower - upper` with either bound left open. */
export function inVersionRanges(version: string, ranges: string): boolean {
  if (ranges.trim() === 'all') return true;
  return ranges.split(',').some((range) => {
    if (!range.includes('-')) return compareVersions(version, range.trim()) === 0;
    const [lower = '', upper = ''] = range.trim().split(/\s*-\s*/);
    return (lower === '' || compareVersions(version, lower) >= 0) && (upper === '' || compareVersions(version, upper) <= 0);
  });
}
