/**
 * `ilm-sim plan <policy.json>`: runs a policy forward on a described workload (the user's templates
 * as written, SLM policies, documents per day, a horizon) in a simulator, then draws each index
 * lineage's phases per day and lists the problems: indices that end in ERROR (the step and ES's
 * reason), waits longer than a threshold (with what they wait for, from `GET /_sim/why`), indices that
 * should have been deleted within the horizon and were not; those made too late to finish are listed
 * as still running, not as problems. Every rule is the engine's: this module only sends requests
 * (`requestSync`) and reads `/_sim/timeline`; it never decides what ILM would do. `--html` also
 * writes the picture (src/report/timeline-svg.ts). Exit code 0 clean, 1 problems found (errors,
 * stalls), 2 bad input. A data stream whose data stream lifecycle (8.11+) manages its indices, from a
 * `--lifecycle` file or a template's `template.lifecycle`, is planned the same way, with or without a
 * policy; its part lives in ./plan-lifecycle.ts.
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createSimulator, policyBody, PROFILES, readJsonFile, type LineageJson, type Simulator, type TimelineJson } from '../index';
import { simpleMatch } from '../engine/cluster/index-resolver';
import { DEFAULT_PROFILE } from '../engine/profile';
import { retryWordsOf } from '../engine/lifecycle/why';
import { slmPoliciesFromFile, templatesFromFile, type TemplateFromFile } from '../files/user-files';
import { parseByteSize } from '../engine/xcontent/byte-size';
import { formatEsDate, formatTimeValueToString, parseTimeValue } from '../engine/xcontent/time';
import { timelineHtml } from '../report/timeline-svg';
import {
  aliveSummary,
  GenerationCounter,
  generationReport,
  generationTable,
  isLifecycleGeneration,
  lifecycleFromFile,
  lifecycleHorizonMillis,
  lifecycleJson,
  lifecycleSummary,
  lifecycleProblems,
  lifecycleProfileError,
  streamLifecycle,
} from './plan-lifecycle';

export interface PlanStreams {
  readonly out: { write(text: string): unknown };
  readonly err: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly cwd: string;
  /** ANSI colours in the chart (a terminal). */
  readonly color?: boolean;
}

const DAY = 86_400_000;
const PERIODS: Readonly<Record<string, number>> = { minute: 60_000, hour: 3_600_000, day: DAY, week: 7 * DAY };
const DEFAULT_INGEST = '1000 docs of 1kb per day';
const DEFAULT_INDICES = 5;
const DEFAULT_STUCK_AFTER = '7d';

class PlanInputError extends Error {}

/** Runs `read`; a failure (a missing file, bad JSON, an unknown profile) is bad input. */
function input<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof PlanInputError) throw error;
    throw new PlanInputError((error as Error).message);
  }
}

export function planHelp(): string {
  return [
    'ilm-sim plan <policy.json> [options]',
    'ilm-sim plan --lifecycle <lifecycle.json> [options]   (or a --template with "template.lifecycle")',
    "  Runs the policy forward on a workload and draws each index's phases day by day, then lists",
    "  the problems: indices that end in ERROR (the step and Elasticsearch's reason), waits longer",
    '  than --stuck-after (what the step waits for, current against required), indices made early',
    '  enough to be deleted within the horizon that were not. Indices made too late to finish are',
    '  listed as still running at the horizon, not as problems. The policy file is a PUT _ilm/policy',
    '  body or a GET _ilm/policy export. A data stream managed by the data stream lifecycle (8.11+) is',
    '  planned without a policy: when each generation rolls over (max_age=auto from the retention),',
    '  is force merged, downsampled, deleted by its data_retention, and how many stay alive.',
    '  --lifecycle <file>      A data stream lifecycle: a PUT _data_stream/<name>/_lifecycle body such as',
    '                          {"data_retention": "7d"} (with "downsampling" rounds for a time series',
    '                          stream), a template\'s {"lifecycle": {...}} or a GET _lifecycle export. It',
    "                          goes in the first template's template.lifecycle (default a data stream",
    '                          template made for the plan); with a policy too, the template carries both',
    '                          and index.lifecycle.prefer_ilm decides which manages the indices',
    '  --cluster-setting <k=v> A persistent cluster setting before anything is made (repeatable), e.g.',
    '                          data_streams.lifecycle.retention.default=30d',
    `  --profile <name>        Elasticsearch version to mirror (${[...PROFILES.keys()].join(', ')}; default ${DEFAULT_PROFILE.name})`,
    '  --template <file>       An index template, taken as it is (repeatable): a PUT body or GET export of',
    '                          _index_template (composable: "template", "composed_of", "priority", ...) or',
    '                          of _template (legacy: "settings", "mappings", "aliases", "order" at the top).',
    '                          A file with neither is composable where the release has them (7.8+). The',
    "                          first template's first pattern names the indices; default a template made",
    '                          for the policy',
    '  --legacy-template <file>  A legacy (_template) index template, whatever its fields (repeatable)',
    '  --component-template <file>  A component template (repeatable; PUT body named after the file, so',
    '                          logs@custom.json is "logs@custom", or a GET export)',
    "  --stack-templates       Keep the release's built-in templates (logs, metrics, ...; 7.9+), as a",
    '                          cluster with stack.templates.enabled has them',
    '  --target <name>         The data stream (or first index) to write to, e.g. logs-app-default',
    '  --slm <file>            An SLM policy (repeatable): a PUT _slm/policy body named after the file,',
    '                          or a GET export; for wait_for_snapshot. Its repository is made (fs)',
    `  --ingest "<workload>"   "N docs of SIZE per day|hour|week", or "none" (default "${DEFAULT_INGEST}")`,
    `  --indices <n>           How many indices (rollover generations) to show and check (default ${DEFAULT_INDICES})`,
    "  --horizon <duration>    How far to run, e.g. 120d (default: the last phase's min_age + 60d)",
    `  --stuck-after <dur>     A wait longer than this is a problem (default ${DEFAULT_STUCK_AFTER}; a rollover`,
    '                          may also wait for its max_age)',
    '  --start-time <instant>  When the plan starts (default 2024-01-01T00:00:00Z)',
    '  --html <file>           Also write an HTML page with the timeline picture (SVG)',
    '  --json                  Print the plan as JSON (timeline, generations, problems) instead of text',
    '  Exit status: 0 nothing will go wrong, 1 problems found (errors, stalls), 2 bad input.',
  ].join('\n');
}

interface Workload {
  readonly count: number;
  readonly bytesEach: number;
  readonly everyMillis: number;
  readonly text: string;
}

function parseIngest(text: string): Workload {
  if (text.trim() === 'none') return { count: 0, bytesEach: 0, everyMillis: DAY, text: 'none' };
  const match = /^\s*(\d+)\s+docs?\s+of\s+(\S+)\s+(?:per|a|each)\s+(minute|hour|day|week)\s*$/.exec(text);
  if (!match) throw new PlanInputError(`--ingest "${text}": expected "N docs of SIZE per day" (or hour, week, minute), or "none"`);
  let bytesEach: number;
  try {
    bytesEach = parseByteSize(match[2]!, 'ingest').bytes;
  } catch {
    throw new PlanInputError(`--ingest "${text}": [${match[2]}] is not a size such as 1kb`);
  }
  return { count: Number(match[1]), bytesEach, everyMillis: PERIODS[match[3]!]!, text };
}

function duration(text: string, flag: string): number {
  const parsed = parseTimeValue(text, flag);
  if (!parsed.ok || parsed.value.millis <= 0) throw new PlanInputError(`--${flag} [${text}]: expected a positive duration such as 120d`);
  return parsed.value.millis;
}

function send(sim: Simulator, method: string, requestPath: string, body?: unknown) {
  return sim.requestSync({ method, path: requestPath, ...(body === undefined ? {} : { body }) });
}

/** A request the plan needs; a refusal is bad input (exit 2), shown with ES's answer. */
function must(sim: Simulator, what: string, method: string, requestPath: string, body?: unknown) {
  const response = send(sim, method, requestPath, body);
  if (response.status < 200 || response.status > 299) {
    const error = isObject(response.body) ? response.body['error'] : undefined;
    const reason =
      isObject(error) && typeof error['type'] === 'string' && typeof error['reason'] === 'string' ? `${error['type']}: ${error['reason']}` : response.text;
    throw new PlanInputError(`${what} was refused (${method} ${requestPath}, ${response.status}): ${reason}`);
  }
  return response;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Settings as flat `index.*` keys (`{"index": {"lifecycle": {"name": "p"}}}` and `{"lifecycle.name": "p"}` both give `index.lifecycle.name`). */
function flatSettings(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (!isObject(value)) return into;
  for (const [key, item] of Object.entries(value)) {
    const full = prefix === '' ? (key === 'index' || key.startsWith('index.') ? key : `index.${key}`) : `${prefix}.${key}`;
    if (isObject(item)) flatSettings(item, full, into);
    else into[full] = item;
  }
  return into;
}

/** Every `snapshot_repository` a policy body names (searchable_snapshot actions), once each. */
function snapshotRepositories(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) snapshotRepositories(item, into);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'snapshot_repository' && typeof item === 'string') into.add(item);
      else snapshotRepositories(item, into);
    }
  }
  return into;
}

/** The files a plan is given (each option may be given several times). */
interface PlanFiles {
  /** The ILM policy file; null for a plan of the data stream lifecycle alone. */
  readonly policy: string | null;
  /** The `--lifecycle` file and its body. */
  readonly lifecycle: { readonly file: string; readonly body: Record<string, unknown> } | null;
  readonly templates: readonly string[];
  readonly legacyTemplates: readonly string[];
  readonly componentTemplates: readonly string[];
  readonly slm: readonly string[];
  /** The data stream or first index to write to (default: from the first template's first pattern). */
  readonly target?: string;
}

interface Setup {
  /** The ILM policy; null when only the data stream lifecycle is planned. */
  readonly policy: string | null;
  /** The data stream written to, if the plan writes to one. */
  readonly stream: string | null;
  readonly target: string;
  readonly rollover: boolean;
  readonly hasDelete: boolean;
  readonly maxMinAgeMillis: number;
  readonly maxRolloverAgeMillis: number;
  /** Names of the indices created one per period when the policy has no rollover. */
  readonly dailyPrefix: string | null;
  readonly notes: string[];
}

/** A template or policy's name from its file: `logs@custom.json` is `logs@custom`. */
function nameOfFile(file: string): string {
  return (
    path
      .basename(file)
      .replace(/\.json$/i, '')
      .toLowerCase()
      .replace(/[\s,#*?"<>|\\/]+/g, '-') || 'plan'
  );
}

interface IndexTemplate {
  readonly name: string;
  body: Record<string, unknown>;
  readonly kind: 'legacy' | 'composable';
}

function patternsOf(body: Record<string, unknown>): string[] {
  const patterns = body['index_patterns'] ?? body['template'];
  return Array.isArray(patterns) ? patterns.map(String) : typeof patterns === 'string' ? patterns.split(',') : [];
}

/** A composable template as a release without them takes it: its `template` block's parts at the top, `order` for `priority`. */
function asLegacy(template: IndexTemplate, file: string, profile: string): IndexTemplate {
  const { template: inner, priority, ...rest } = template.body;
  for (const field of ['composed_of', 'data_stream']) {
    if (field in rest) throw new PlanInputError(`${file}: Elasticsearch ${profile} has no composable index templates, and a legacy one cannot have [${field}]`);
  }
  return { name: template.name, kind: 'legacy', body: { ...rest, ...(priority === undefined ? {} : { order: priority }), ...(isObject(inner) ? inner : {}) } };
}

function putTemplate(sim: Simulator, template: IndexTemplate): void {
  const route = template.kind === 'legacy' ? '_template' : '_index_template';
  must(
    sim,
    `the ${template.kind === 'legacy' ? 'legacy' : 'composable'} index template ${template.name}`,
    'PUT',
    `/${route}/${encodeURIComponent(template.name)}`,
    template.body,
  );
}

/**
 * The settings an index named `name` gets from the templates in the cluster: composable templates
 * resolved by Elasticsearch itself (`POST _index_template/_simulate_index`), else the legacy templates
 * that match, lowest `order` first, as `MetadataCreateIndexService` merges them.
 */
function effectiveSettings(sim: Simulator, name: string, composableApi: boolean): Record<string, unknown> {
  if (composableApi) {
    const simulated = must(sim, `simulating the index ${name}`, 'POST', `/_index_template/_simulate_index/${encodeURIComponent(name)}`).body;
    const template = isObject(simulated) ? simulated['template'] : undefined;
    if (isObject(template)) return flatSettings(template['settings']);
  }
  const legacy = send(sim, 'GET', '/_template');
  if (legacy.status !== 200 || !isObject(legacy.body)) return {};
  const matching = Object.values(legacy.body)
    .filter((t): t is Record<string, unknown> => isObject(t) && patternsOf(t).some((pattern) => simpleMatch(pattern, name)))
    .sort((a, b) => Number(a['order'] ?? 0) - Number(b['order'] ?? 0));
  return Object.assign({}, ...matching.map((t) => flatSettings(t['settings'])));
}

/** The composable template that would create `name` (the highest priority that matches), if any. */
function winningComposable(sim: Simulator, name: string): Record<string, unknown> | null {
  const listed = send(sim, 'GET', '/_index_template');
  const all =
    isObject(listed.body) && Array.isArray(listed.body['index_templates'])
      ? (listed.body['index_templates'] as Array<{ index_template: Record<string, unknown> }>)
      : [];
  const matching = all.map((entry) => entry.index_template).filter((t) => patternsOf(t).some((pattern) => simpleMatch(pattern, name)));
  return matching.sort((a, b) => Number(b['priority'] ?? 0) - Number(a['priority'] ?? 0))[0] ?? null;
}

/**
 * Puts the templates, SLM policies and the policy, creates the first index (or data stream); answers
 * what to write to. Templates go in as the user wrote them: a legacy one to `_template`, a composable
 * one to `_index_template` (a release without those takes it as a legacy one).
 */
function setUp(sim: Simulator, files: PlanFiles, profile: string, cwd: string): Setup {
  const notes: string[] = [];
  const composableApi = send(sim, 'GET', '/_index_template').status === 200;
  const components = files.componentTemplates.flatMap((file) => input(() => templatesFromFile('component', file, nameOfFile(file), cwd)));
  if (components.length > 0 && !composableApi)
    throw new PlanInputError(`Elasticsearch ${profile} has no component templates (--component-template ${files.componentTemplates.join(', ')})`);
  const kindFor = (kind: TemplateFromFile['kind']): IndexTemplate['kind'] =>
    kind === 'legacy' ? 'legacy' : kind === 'composable' ? 'composable' : composableApi ? 'composable' : 'legacy';
  const templates: IndexTemplate[] = [
    ...files.templates.flatMap((file) =>
      input(() => templatesFromFile('index', file, nameOfFile(file), cwd)).map((t) => ({
        file,
        template: { name: t.name, body: t.body, kind: kindFor(t.kind) },
      })),
    ),
    ...files.legacyTemplates.flatMap((file) =>
      input(() => templatesFromFile('index', file, nameOfFile(file), cwd)).map((t) => ({
        file,
        template: { name: t.name, body: t.body, kind: 'legacy' as const },
      })),
    ),
  ].map(({ file, template }) => (template.kind === 'composable' && !composableApi ? asLegacy(template, file, profile) : template));
  for (const component of components)
    must(sim, `the component template ${component.name}`, 'PUT', `/_component_template/${encodeURIComponent(component.name)}`, component.body);
  const lifecycle = files.lifecycle;
  if (lifecycle !== null && templates[0] !== undefined) {
    // The lifecycle goes in the first template, as a user would write it there.
    const first = templates[0];
    if (first.kind !== 'composable' || first.body['data_stream'] === undefined)
      throw new PlanInputError(
        `--lifecycle ${lifecycle.file}: the data stream lifecycle manages data streams, and the template ${first.name} makes no data stream (add "data_stream": {} to it)`,
      );
    const inner = isObject(first.body['template']) ? first.body['template'] : (first.body['template'] = {});
    (inner as Record<string, unknown>)['lifecycle'] = lifecycle.body;
    notes.push(`the lifecycle of ${lifecycle.file} set in the template ${first.name}`);
  }
  for (const template of templates) putTemplate(sim, template);
  const fileName = nameOfFile(files.policy ?? lifecycle?.file ?? 'plan').replace(/[^a-z0-9_-]/g, '-');
  let main: IndexTemplate | null = templates[0] ?? null;
  let generatedNote = -1;
  if (main === null && files.target === undefined) {
    // Without a policy, or with a lifecycle, the plan's own template makes a data stream.
    const streamed = files.policy === null || lifecycle !== null;
    main = composableApi
      ? {
          name: 'plan',
          kind: 'composable',
          body: {
            index_patterns: [`${fileName}-*`],
            ...(streamed ? { data_stream: {} } : {}),
            priority: 100,
            ...(components.length > 0 ? { composed_of: components.map((c) => c.name) } : {}),
            template: { settings: {}, ...(lifecycle !== null ? { lifecycle: lifecycle.body } : {}) },
          },
        }
      : { name: 'plan', kind: 'legacy', body: { index_patterns: [`${fileName}-*`], settings: {} } };
    generatedNote = notes.length;
    notes.push(
      `template made for the plan (none given): ${streamed ? 'data streams' : 'indices'} ${fileName}-*${components.length > 0 ? `, composed of ${components.map((c) => c.name).join(', ')}` : ''}${lifecycle !== null ? `, the lifecycle of ${lifecycle.file}` : ''}`,
    );
    putTemplate(sim, main);
  }
  const pattern = files.target ?? patternsOf(main!.body)[0] ?? `${fileName}-*`;
  const streamName = pattern.replace(/\*/g, 'plan');
  const stream = composableApi && winningComposable(sim, streamName)?.['data_stream'] !== undefined;
  // A target such as app-000001 names the first of app-000002, ... (a daily index or a rollover's next).
  const prefix = files.target !== undefined ? files.target.replace(/\d+$/, '') : pattern.replace(/\*.*$/, '');
  const first = files.target ?? `${prefix}000001`;
  if (files.policy === null) {
    if (!stream)
      throw new PlanInputError(
        `no policy file, and ${streamName} would not be a data stream (no composable template with "data_stream" matches it): the data stream lifecycle manages data streams only`,
      );
    makeStream(sim, streamName, lifecycle, notes);
    return {
      policy: null,
      stream: streamName,
      rollover: true,
      hasDelete: false,
      maxMinAgeMillis: 0,
      maxRolloverAgeMillis: 0,
      notes,
      target: streamName,
      dailyPrefix: null,
    };
  }
  let settings = effectiveSettings(sim, stream ? streamName : first, composableApi);
  const named = settings['index.lifecycle.name'];
  const policy = typeof named === 'string' && named.length > 0 ? named : fileName;
  if (typeof named !== 'string' || named.length === 0) {
    if (main === null)
      throw new PlanInputError(`no template names a lifecycle policy for ${stream ? streamName : first} (index.lifecycle.name); give one with --template`);
    const holder =
      main.kind === 'legacy'
        ? main.body
        : ((isObject(main.body['template']) ? main.body['template'] : (main.body['template'] = {})) as Record<string, unknown>);
    holder['settings'] = { ...(isObject(holder['settings']) ? holder['settings'] : {}), 'index.lifecycle.name': policy };
    putTemplate(sim, main);
    if (templates.length > 0) notes.push(`no template names a policy: index.lifecycle.name "${policy}" added to the template ${main.name}`);
    settings = effectiveSettings(sim, stream ? streamName : first, composableApi);
  }
  const policyText = input(() => policyBody(policy, files.policy!, cwd)).body;
  // The snapshot repositories the policy and the SLM policies name exist in the cluster they are meant
  // for: the plan makes those that do not exist yet.
  const slmPolicies = files.slm.flatMap((file) => input(() => slmPoliciesFromFile(file, nameOfFile(file), cwd)));
  const repositories = snapshotRepositories(JSON.parse(policyText));
  for (const slm of slmPolicies) if (typeof slm.body['repository'] === 'string') repositories.add(slm.body['repository']);
  for (const repository of repositories) {
    if (send(sim, 'GET', `/_snapshot/${encodeURIComponent(repository)}`).status === 200) continue;
    must(sim, `the snapshot repository ${repository}`, 'PUT', `/_snapshot/${encodeURIComponent(repository)}`, {
      type: 'fs',
      settings: { location: `/plan/${repository}` },
    });
    notes.push(`snapshot repository "${repository}" (fs) made for the plan`);
  }
  for (const slm of slmPolicies) {
    must(sim, `the snapshot lifecycle policy ${slm.name}`, 'PUT', `/_slm/policy/${encodeURIComponent(slm.name)}`, slm.body);
    notes.push(`snapshot lifecycle policy "${slm.name}"`);
  }
  must(sim, 'the policy', 'PUT', `/_ilm/policy/${encodeURIComponent(policy)}`, policyText);
  const stored = (
    must(sim, 'reading the policy back', 'GET', `/_ilm/policy/${encodeURIComponent(policy)}`).body as Record<
      string,
      { policy: { phases: Record<string, { min_age?: string; actions: Record<string, Record<string, unknown>> }> } }
    >
  )[policy]!;
  const phases = stored.policy.phases;
  let maxMinAge = 0;
  let maxRolloverAge = 0;
  let rollover = false;
  for (const phase of Object.values(phases)) {
    const minAge = parseTimeValue(phase.min_age ?? '0ms', 'min_age');
    if (minAge.ok) maxMinAge = Math.max(maxMinAge, minAge.value.millis);
    const conditions = phase.actions['rollover'];
    if (conditions) {
      rollover = true;
      for (const key of ['max_age', 'min_age']) {
        const value = conditions[key];
        const age = typeof value === 'string' ? parseTimeValue(value, key) : null;
        if (age?.ok) maxRolloverAge = Math.max(maxRolloverAge, age.value.millis);
      }
    }
  }
  const hasDelete = 'delete' in phases;
  const common = { policy, rollover, hasDelete, maxMinAgeMillis: maxMinAge, maxRolloverAgeMillis: maxRolloverAge, notes, stream: stream ? streamName : null };
  if (stream) {
    makeStream(sim, streamName, lifecycle, notes);
    return { ...common, target: streamName, dailyPrefix: null };
  }
  if (lifecycle !== null)
    throw new PlanInputError(
      `--lifecycle ${lifecycle.file}: the data stream lifecycle manages data streams, and ${first} would be an index (no template with "data_stream" matches it)`,
    );
  if (!rollover) {
    notes.push(`no rollover in the policy: one new index a day, ${prefix}000001, ${prefix}000002, ...`);
    return { ...common, target: first, dailyPrefix: prefix };
  }
  const aliasSetting = settings['index.lifecycle.rollover_alias'];
  let alias = typeof aliasSetting === 'string' && aliasSetting.length > 0 ? aliasSetting : prefix.replace(/[-_.]+$/, '') || policy;
  if (generatedNote >= 0 && main !== null && (typeof aliasSetting !== 'string' || aliasSetting.length === 0)) {
    // The plan's own template: it gives the rollover its alias, as a user's template would.
    alias = policy;
    const holder = main.kind === 'legacy' ? main.body : (main.body['template'] as Record<string, unknown>);
    holder['settings'] = { ...(holder['settings'] as Record<string, unknown>), 'index.lifecycle.rollover_alias': alias };
    putTemplate(sim, main);
    notes[generatedNote] = `${notes[generatedNote]!}, rollover alias "${alias}"`;
  }
  must(sim, `the first index ${first}`, 'PUT', `/${encodeURIComponent(first)}`, { aliases: { [alias]: { is_write_index: true } } });
  notes.push(`first index ${first}, write alias "${alias}"`);
  return { ...common, target: alias, dailyPrefix: null };
}

/**
 * Creates the data stream; a `--lifecycle` no template of the plan's carries (the stream comes from a
 * built-in template) is set on the stream itself (`PUT _data_stream/<name>/_lifecycle`).
 */
function makeStream(sim: Simulator, streamName: string, lifecycle: PlanFiles['lifecycle'], notes: string[]): void {
  must(sim, 'the data stream', 'PUT', `/_data_stream/${encodeURIComponent(streamName)}`);
  notes.push(`data stream "${streamName}"`);
  if (lifecycle === null || notes.some((note) => note.includes(`the lifecycle of ${lifecycle.file}`))) return;
  must(sim, 'the data stream lifecycle', 'PUT', `/_data_stream/${encodeURIComponent(streamName)}/_lifecycle`, lifecycle.body);
  notes.push(`the lifecycle of ${lifecycle.file} set on the data stream`);
}

/** One found problem, attached to a lineage. */
export interface Problem {
  readonly index: string;
  readonly text: string;
}

function why(sim: Simulator, index: string): { explanation: string; waiting_for: string } | null {
  const response = send(sim, 'GET', `/_sim/why/${encodeURIComponent(index)}`);
  return response.status === 200 ? (response.body as { explanation: string; waiting_for: string }) : null;
}

function at(millis: number): string {
  return formatEsDate(millis).replace(/:00\.000Z$/, 'Z');
}

/**
 * The problems of one lineage, from its timeline and (for what lasts) `GET /_sim/why` of its current
 * index; and, apart, the lineage when it is only still running at the horizon.
 */
function problemsOf(
  sim: Simulator,
  lineage: LineageJson,
  setup: Setup,
  stuckAfterMillis: number,
  nowMillis: number,
  horizon: string,
): { problems: Problem[]; running: Problem[] } {
  const problems: Problem[] = [];
  const running: Problem[] = [];
  const current = lineage.lineage[lineage.lineage.length - 1]!.index;
  const add = (text: string) => problems.push({ index: lineage.index, text });
  lineage.waits.forEach((wait, i) => {
    const lasted = (wait.end_millis ?? nowMillis) - wait.start_millis;
    if (wait.step === 'ERROR') {
      const error = wait.error ? `${wait.error.type}: ${wait.error.reason}` : 'no reason recorded';
      // Still in ERROR, or back on the failed step for an automatic retry that has not run yet.
      const lasting = lineage.ended === null && lineage.waits.slice(i + 1).every((later) => later.step === wait.failed_step && later.index === wait.index);
      const still = lasting
        ? `ends in ERROR (since ${at(wait.start_millis)})`
        : `was in ERROR from ${at(wait.start_millis)} for ${formatTimeValueToString(lasted)}`;
      const retries = wait.retries ? `, ${wait.retries} automatic retries failed again` : '';
      const answer = lasting ? why(sim, current) : null;
      const retry =
        answer === null ? '' : answer.waiting_for === 'error' ? `; ${retryWordsOf(answer.explanation)}` : `; ILM retries it automatically on each poll tick`;
      add(`${wait.index} ${still} at ${wait.phase}/${wait.action}/${wait.failed_step ?? '?'}: ${error}${retries}${retry}`);
      return;
    }
    if (wait.step === 'complete') return;
    const allowance = stuckAfterMillis + (wait.step === 'check-rollover-ready' ? setup.maxRolloverAgeMillis : 0);
    if (lasted <= allowance) return;
    const answer = wait.end_millis === null ? why(sim, current) : null;
    const what = answer ? `: ${answer.explanation}` : '';
    add(
      `${wait.index} ${wait.end_millis === null ? 'is stuck' : 'was stuck'} on ${wait.phase}/${wait.action}/${wait.step} for ${formatTimeValueToString(lasted)} (from ${at(wait.start_millis)})${what}`,
    );
  });
  if (setup.hasDelete && lineage.ended !== 'deleted' && !problems.some((p) => p.text.includes('ends in ERROR') || p.text.includes('is stuck'))) {
    const answer = why(sim, current);
    // An index made too late to reach its delete phase by the horizon (its rollover's max_age, the last
    // min_age and --stuck-after's slack after it was made) is still on its way: worth saying, not a
    // problem. One made early enough and not deleted, or that nothing will move, is one.
    const dueMillis = lineage.start_millis + setup.maxRolloverAgeMillis + setup.maxMinAgeMillis + stuckAfterMillis;
    const stopped = answer !== null && ['error', 'end_of_policy', 'policy', 'unmanaged'].includes(answer.waiting_for);
    const text = `${current} is not deleted within the horizon (${horizon})${answer ? `: ${answer.explanation}` : ''}`;
    if (dueMillis <= nowMillis || stopped) add(text);
    else running.push({ index: lineage.index, text: `${current}${answer ? `: ${answer.explanation}` : ''}` });
  }
  return { problems, running };
}

/** ILM phases in capitals; the data stream lifecycle's spans in small letters (w write index, r rolled over, s downsampled). */
const LETTERS: Readonly<Record<string, string>> = { new: 'n', hot: 'H', warm: 'W', cold: 'C', frozen: 'F', delete: 'D', write: 'w', rolled_over: 'r' };
const COLORS: Readonly<Record<string, string>> = {
  H: '41;97',
  W: '43;30',
  C: '44;97',
  F: '46;30',
  D: '100;97',
  n: '47;30',
  w: '42;30',
  r: '104;30',
  s: '106;30',
  E: '101;97;1',
  x: '0;90',
};

/** The letter of one cell [from, to) of a lineage: its phase, E for ERROR, x at the deletion, blank outside. */
function cellOf(lineage: LineageJson, from: number, to: number): string {
  if (lineage.start_millis >= to) return ' ';
  if (lineage.end_millis !== null && lineage.end_millis < from) return ' ';
  if (lineage.waits.some((w) => w.step === 'ERROR' && w.start_millis < to && (w.end_millis ?? Infinity) > from)) return 'E';
  if (lineage.ended === 'deleted' && lineage.end_millis !== null && lineage.end_millis < to) return 'x';
  const instant = Math.max(from, lineage.start_millis);
  const phase = [...lineage.phases].reverse().find((p) => p.start_millis <= instant) ?? lineage.phases[0];
  // A data stream lifecycle generation once downsampled (its downsampled index took its place).
  if (phase?.phase === 'rolled_over' && lineage.lineage.length > 1 && lineage.lineage[1]!.start_millis < to) return 's';
  return phase ? (LETTERS[phase.phase] ?? phase.phase[0]!.toUpperCase()) : '?';
}

/** The terminal chart: a date axis, one row per lineage (one cell per day, or per few days), a legend. */
export function chart(lineages: readonly LineageJson[], startMillis: number, endMillis: number, color: boolean, maxColumns = 120): string {
  const days = Math.max(1, Math.ceil((endMillis - startMillis) / DAY));
  const perCell = Math.ceil(days / maxColumns);
  const cells = Math.ceil(days / perCell);
  const labelWidth = Math.min(40, Math.max(5, ...lineages.map((l) => l.index.length)));
  const label = (text: string) => (text.length > labelWidth ? `…${text.slice(text.length - labelWidth + 1)}` : text.padEnd(labelWidth));
  // Date marks (MM-DD) every 10 cells.
  let axis = '';
  for (let c = 0; c < cells; c += 10) {
    axis = axis.padEnd(c) + formatEsDate(startMillis + c * perCell * DAY).slice(5, 10);
  }
  let ticks = '';
  for (let c = 0; c < cells; c++) ticks += c % 10 === 0 ? '|' : ' ';
  const lines = [`${' '.repeat(labelWidth)}  ${axis.slice(0, cells + 10)}`, `${' '.repeat(labelWidth)}  ${ticks}`];
  for (const lineage of lineages) {
    let letters = '';
    for (let c = 0; c < cells; c++) letters += cellOf(lineage, startMillis + c * perCell * DAY, startMillis + (c + 1) * perCell * DAY);
    // In colour, one escape sequence per run of the same letter.
    const row = color ? letters.replace(/(.)\1*/g, (run, letter: string) => (COLORS[letter] ? `\u001b[${COLORS[letter]}m${run}\u001b[0m` : run)) : letters;
    lines.push(`${label(lineage.index)}  ${row}`);
  }
  const lifecycle = lineages.some(isLifecycleGeneration);
  const ilm = !lifecycle || !lineages.every(isLifecycleGeneration);
  lines.push(
    '',
    `one column = ${perCell === 1 ? '1 day' : `${perCell} days`}; ${[
      ...(ilm ? ['H hot, W warm, C cold, F frozen, D delete, n new (before the first phase)'] : []),
      ...(lifecycle ? ['w write index, r rolled over, s downsampled (data stream lifecycle)'] : []),
    ].join(', ')}, E ERROR, x deleted`,
  );
  return lines.map((line) => line.trimEnd()).join('\n');
}

/** Problems that differ only in their index and instants, together: the first in full, the others by name. */
function grouped(problems: readonly Problem[]): Array<{ first: Problem; others: string[] }> {
  const groups = new Map<string, { first: Problem; others: string[] }>();
  for (const problem of problems) {
    const key = problem.text
      .split(problem.index)
      .join('<index>')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<instant>')
      .replace(/\b\d+(\.\d+)?(ms|d|h|m|s)\b/g, '<span>');
    const group = groups.get(key);
    if (group) group.others.push(problem.index);
    else groups.set(key, { first: problem, others: [] });
  }
  return [...groups.values()];
}

interface Progress {
  update(fraction: number, nowMillis: number): void;
  done(): void;
}

/** A progress bar on stderr when it is a terminal (nothing otherwise). */
function progressBar(err: PlanStreams['err']): Progress {
  if (!err.isTTY) return { update() {}, done() {} };
  let last = -1;
  return {
    update(fraction, nowMillis) {
      const percent = Math.floor(fraction * 100);
      if (percent === last) return;
      last = percent;
      const width = 30;
      const filled = Math.round(fraction * width);
      err.write(`\rplanning [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${formatEsDate(nowMillis).slice(0, 10)}`);
    },
    done() {
      err.write('\r\u001b[K');
    },
  };
}

/** Runs `ilm-sim plan` with the arguments after `plan`; answers the exit code. */
export function runPlan(args: readonly string[], streams: PlanStreams): number {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        profile: { type: 'string' },
        template: { type: 'string', multiple: true },
        'legacy-template': { type: 'string', multiple: true },
        'component-template': { type: 'string', multiple: true },
        slm: { type: 'string', multiple: true },
        lifecycle: { type: 'string' },
        'cluster-setting': { type: 'string', multiple: true },
        'stack-templates': { type: 'boolean' },
        target: { type: 'string' },
        ingest: { type: 'string' },
        indices: { type: 'string' },
        horizon: { type: 'string' },
        'stuck-after': { type: 'string' },
        'start-time': { type: 'string' },
        html: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    streams.err.write(`ilm-sim plan: ${(error as Error).message}\n\n${planHelp()}\n`);
    return 2;
  }
  if (values['help']) {
    streams.out.write(`${planHelp()}\n`);
    return 0;
  }
  try {
    const lifecycleGiven = typeof values['lifecycle'] === 'string';
    const templated = Array.isArray(values['template']) || values['stack-templates'] === true;
    if (positionals.length > 1 || (positionals.length === 0 && !lifecycleGiven && !templated))
      throw new PlanInputError(
        positionals.length === 0
          ? 'expected one policy file, got none (or --lifecycle <file>, or a --template whose template.lifecycle is set)'
          : `expected one policy file, got ${positionals.join(' ')}`,
      );
    return plan(positionals[0] ?? null, values, streams);
  } catch (error) {
    if (!(error instanceof PlanInputError)) throw error;
    streams.err.write(`ilm-sim plan: ${error.message}\n`);
    return 2;
  }
}

type Values = Record<string, string | boolean | string[] | undefined>;

/** `--cluster-setting k=v` (repeatable) as one persistent settings body. */
function clusterSettings(items: readonly string[]): Record<string, string> | null {
  if (items.length === 0) return null;
  const out: Record<string, string> = {};
  for (const item of items) {
    const match = /^([^=\s]+)=(.*)$/.exec(item);
    if (!match) throw new PlanInputError(`--cluster-setting [${item}]: expected name=value, e.g. data_streams.lifecycle.retention.default=30d`);
    out[match[1]!] = match[2]!;
  }
  return out;
}

function plan(policyFile: string | null, values: Values, streams: PlanStreams): number {
  const text = (key: string): string | undefined => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const workload = parseIngest(text('ingest') ?? DEFAULT_INGEST);
  const indicesText = text('indices') ?? String(DEFAULT_INDICES);
  if (!/^\d+$/.test(indicesText) || Number(indicesText) < 1 || Number(indicesText) > 1000)
    throw new PlanInputError(`--indices [${indicesText}]: expected a whole number from 1 to 1000`);
  const indices = Number(indicesText);
  const stuckAfter = duration(text('stuck-after') ?? DEFAULT_STUCK_AFTER, 'stuck-after');
  const list = (key: string): string[] => (Array.isArray(values[key]) ? (values[key] as string[]) : []);
  const lifecycleFile = text('lifecycle');
  const profile = text('profile') ?? DEFAULT_PROFILE.name;
  // A plan of the data stream lifecycle on a release without it is refused before anything is read.
  if (lifecycleFile !== undefined || policyFile === null) {
    const refused = lifecycleProfileError(profile, lifecycleFile !== undefined ? `--lifecycle ${lifecycleFile}` : 'a plan without a policy file');
    if (refused !== null) throw new PlanInputError(refused);
  }
  const files: PlanFiles = {
    policy: policyFile,
    lifecycle: lifecycleFile === undefined ? null : { file: lifecycleFile, body: input(() => lifecycleFromFile(lifecycleFile, streams.cwd)) },
    templates: list('template'),
    legacyTemplates: list('legacy-template'),
    componentTemplates: list('component-template'),
    slm: list('slm'),
    ...(text('target') !== undefined ? { target: text('target')! } : {}),
  };
  // Reading the files first: a missing file is bad input before anything runs.
  for (const file of [...(policyFile === null ? [] : [policyFile]), ...files.templates, ...files.legacyTemplates, ...files.componentTemplates, ...files.slm])
    input(() => readJsonFile(file, streams.cwd));
  const settingsBody = clusterSettings(list('cluster-setting'));
  // By default a plan runs the one policy on a blank cluster: the built-in stack templates (7.9+) would
  // take the plan's `logs-*`-like patterns at the same priority and refuse its template.
  // `--stack-templates` keeps them, to plan a built-in template with the user's `@custom` parts.
  const stackTemplates = values['stack-templates'] === true;
  if (!stackTemplates && files.templates.length + files.legacyTemplates.length === 0 && files.target !== undefined)
    throw new PlanInputError('--target needs a --template (or --stack-templates) whose patterns match it');
  const sim = input(() => createSimulator({ profile, stackTemplates, ...(text('start-time') !== undefined ? { startTime: text('start-time')! } : {}) }));
  if (settingsBody !== null) must(sim, `the cluster settings ${list('cluster-setting').join(', ')}`, 'PUT', '/_cluster/settings', { persistent: settingsBody });
  const setup = setUp(sim, files, profile, streams.cwd);
  const found = setup.stream === null ? null : streamLifecycle(sim, setup.stream);
  const lifecycle = found?.enabled ? found : null;
  if (setup.policy === null && lifecycle === null)
    throw new PlanInputError(
      `no policy file, and the data stream ${setup.stream} has no ${found ? 'enabled ' : ''}data stream lifecycle: give --lifecycle <file>, or a template whose template.lifecycle is set`,
    );
  const horizonMillis =
    text('horizon') !== undefined
      ? duration(text('horizon')!, 'horizon')
      : Math.max(setup.policy === null ? 0 : setup.maxMinAgeMillis + 60 * DAY, lifecycle === null ? 0 : lifecycleHorizonMillis(lifecycle));
  const horizon = formatTimeValueToString(horizonMillis);
  const start = (send(sim, 'GET', '/_sim/clock').body as { now_millis: number }).now_millis;
  const end = start + horizonMillis;
  const progress = progressBar(streams.err);
  const counter = new GenerationCounter();
  let created = 1;
  for (let now = start; now < end; ) {
    if (setup.dailyPrefix !== null && now > start && created < indices) {
      created++;
      must(sim, 'a new index', 'PUT', `/${encodeURIComponent(`${setup.dailyPrefix}${String(created).padStart(6, '0')}`)}`, {});
    }
    const target = setup.dailyPrefix !== null ? `${setup.dailyPrefix}${String(created).padStart(6, '0')}` : setup.target;
    if (workload.count > 0) must(sim, 'ingesting documents', 'POST', '/_sim/ingest', { index: target, count: workload.count, bytes_each: workload.bytesEach });
    else if (now === start && setup.dailyPrefix !== null) must(sim, 'the first index', 'PUT', `/${encodeURIComponent(target)}`, {});
    const next = Math.min(end, now + workload.everyMillis);
    must(sim, 'advancing the clock', 'POST', '/_sim/clock/_set', { to: next });
    now = next;
    if (lifecycle !== null) counter.sample(sim, lifecycle.stream, now);
    progress.update((now - start) / horizonMillis, now);
  }
  progress.done();
  const timeline = send(sim, 'GET', '/_sim/timeline').body as TimelineJson;
  const shown = timeline.indices.slice(0, indices);
  const generations = shown.filter(isLifecycleGeneration);
  const ilmLineages = shown.filter((l) => !isLifecycleGeneration(l));
  // ILM's rows are checked against the plan's policy; without one (the lifecycle alone) an index ILM
  // manages is itself the problem, said by lifecycleProblems.
  const ilmFound = setup.policy === null ? [] : ilmLineages.map((lineage) => problemsOf(sim, lineage, setup, stuckAfter, end, horizon));
  const problems: Problem[] = [
    ...ilmFound.flatMap((f) => f.problems),
    ...(lifecycle === null ? [] : lifecycleProblems(sim, lifecycle, generations, stuckAfter, end, setup.policy)),
  ];
  const running = ilmFound.flatMap((f) => f.running);
  const notes = [...setup.notes];
  if (lifecycle !== null && (setup.policy !== null || ilmLineages.length > 0)) {
    const managedByIlm = timeline.indices.length - timeline.indices.filter(isLifecycleGeneration).length;
    notes.push(
      `its indices have both a policy (index.lifecycle.name) and the data stream lifecycle: ILM manages ${managedByIlm} of its ${timeline.indices.length} indices, the data stream lifecycle ${timeline.indices.length - managedByIlm} (index.lifecycle.prefer_ilm decides, true by default)`,
    );
  }
  // No steady state to speak of while the lifecycle has problems (a stream that cannot roll over stays at one generation).
  const lifecycleTroubled = lifecycle !== null && problems.length > ilmFound.flatMap((f) => f.problems).length;
  const steady =
    lifecycle === null
      ? null
      : counter.steady(lifecycle.retentionMillis === null || lifecycleTroubled ? null : lifecycle.retentionMillis + lifecycle.maxAgeMillis);
  const what = [
    ...(setup.policy !== null ? [`the policy "${setup.policy}" (${policyFile})`] : []),
    ...(lifecycle !== null ? [`the data stream lifecycle of "${lifecycle.stream}"${files.lifecycle ? ` (${files.lifecycle.file})` : ''}`] : []),
  ].join(' and ');
  const lifecycleLine = lifecycle === null ? null : lifecycleSummary(lifecycle);
  const steadyLine = lifecycle === null || steady === null ? null : aliveSummary(lifecycle, steady, lifecycleTroubled);
  const generationReports = generations.map(generationReport);
  const html = text('html');
  const json = values['json'] === true;
  if (json) {
    const body = {
      profile,
      start: formatEsDate(start),
      horizon,
      end: formatEsDate(end),
      workload: workload.text,
      policy: setup.policy,
      data_stream_lifecycle: lifecycle === null ? null : lifecycleJson(lifecycle, generationReports, steady),
      notes,
      shown: shown.length,
      indices: timeline.indices.length,
      still_running: running.map((r) => r.text),
      problems: problems.map((p) => p.text),
      timeline: { indices: shown },
    };
    streams.out.write(`${JSON.stringify(body, null, 2)}\n`);
  } else {
    const out = streams.out;
    out.write(`Plan for ${what} on Elasticsearch ${profile}, ${formatEsDate(start).slice(0, 10)} + ${horizon}\n`);
    out.write(`Workload: ${workload.text}; ${notes.join('; ')}\n`);
    if (lifecycleLine !== null) out.write(`${lifecycleLine}\n`);
    out.write(`Showing ${shown.length} of ${timeline.indices.length} indices.\n\n`);
    out.write(`${chart(shown, start, end, streams.color === true)}\n\n`);
    if (generationReports.length > 0) out.write(`Generations the data stream lifecycle manages:\n${generationTable(generationReports)}\n\n`);
    if (steadyLine !== null) out.write(`${steadyLine}\n`);
    if (setup.policy !== null && !setup.hasDelete) out.write('Note: the policy has no delete phase, so its indices are kept for ever.\n');
    if (lifecycle !== null && lifecycle.retention === null)
      out.write('Note: the data stream lifecycle has no data_retention (and no global retention applies), so its generations are kept for ever.\n');
    const listed = (items: readonly Problem[]) => {
      for (const group of grouped(items)) {
        const more =
          group.others.length === 0
            ? ''
            : `\n    (the same for ${group.others.length === 1 ? group.others[0] : `${group.others.length} more: ${group.others.join(', ')}`})`;
        out.write(`  - ${group.first.text}${more}\n`);
      }
    };
    if (running.length > 0) {
      out.write(
        `Still running at the horizon (made too late to be deleted by ${formatEsDate(end).slice(0, 10)}; not a problem): ${running.length} ${running.length === 1 ? 'index' : 'indices'}\n`,
      );
      listed(running);
    }
    if (problems.length === 0) {
      out.write('No problems found.\n');
    } else {
      out.write(`${problems.length} problem${problems.length === 1 ? '' : 's'}:\n`);
      listed(problems);
    }
  }
  if (html !== undefined) {
    const file = path.resolve(streams.cwd, html);
    const page = timelineHtml({
      title: setup.policy !== null ? `ILM plan: the policy "${setup.policy}" on Elasticsearch ${profile}` : `Plan: ${what} on Elasticsearch ${profile}`,
      lineages: shown,
      startMillis: start,
      endMillis: end,
      longWaitMillis: stuckAfter,
      notes: [
        `${formatEsDate(start).slice(0, 10)} + ${horizon}. Workload: ${workload.text}; ${notes.join('; ')}`,
        ...(lifecycleLine === null ? [] : [lifecycleLine]),
        ...(steadyLine === null ? [] : [steadyLine]),
        `Showing ${shown.length} of ${timeline.indices.length} indices.`,
        ...(running.length === 0
          ? []
          : [
              `Still running at the horizon (made too late to be deleted by ${formatEsDate(end).slice(0, 10)}; not a problem): ${running.map((r) => r.index).join(', ')}.`,
            ]),
      ],
      problems: problems.map((p) => p.text),
    });
    try {
      writeFileSync(file, page);
    } catch (error) {
      throw new PlanInputError(`cannot write the HTML to ${file}: ${(error as Error).message}`);
    }
    (json ? streams.err : streams.out).write(`HTML written to ${file}\n`);
  }
  return problems.length === 0 ? 0 : 1;
}
