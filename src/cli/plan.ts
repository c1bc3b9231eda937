/**
 * `ilm-sim plan <policy.json>`: runs a policy forward on a described workload (the user's templates
 * as written, SLM policies, documents per day, a horizon) in a simulator, then draws each index
 * lineage's phases per day and lists the problems: indices that end in ERROR (the step and ES's
 * reason), waits longer than a threshold (with what they wait for, from `GET /_sim/why`), indices that
 * should have been deleted within the horizon and were not; those made too late to finish are listed
 * as still running, not as problems. Every rule is the engine's: this module only sends requests
 * (`requestSync`) and reads `/_sim/timeline`; it never decides what ILM would do. `--html` also
 * writes the picture (src/report/timeline-svg.ts). Exit code 0 clean, 1 problems found (errors,
 * stalls), 2 bad input.
 */
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createSimulator, policyBody, PROFILES, readJsonFile, type LineageJson, type Simulator, type TimelineJson } from '../index';
import { simpleMatch } from '../engine/cluster/index-resolver';
import { DEFAULT_PROFILE } from '../engine/profile';
import { slmPoliciesFromFile, templatesFromFile, type TemplateFromFile } from '../files/user-files';
import { parseByteSize } from '../engine/xcontent/byte-size';
import { formatEsDate, formatTimeValueToString, parseTimeValue } from '../engine/xcontent/time';
import { timelineHtml } from '../report/timeline-svg';

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
    "  Runs the policy forward on a workload and draws each index's phases day by day, then lists",
    "  the problems: indices that end in ERROR (the step and Elasticsearch's reason), waits longer",
    '  than --stuck-after (what the step waits for, current against required), indices made early',
    '  enough to be deleted within the horizon that were not. Indices made too late to finish are',
    '  listed as still running at the horizon, not as problems. The policy file is a PUT _ilm/policy',
    '  body or a GET _ilm/policy export.',
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
  readonly policy: string;
  readonly templates: readonly string[];
  readonly legacyTemplates: readonly string[];
  readonly componentTemplates: readonly string[];
  readonly slm: readonly string[];
  /** The data stream or first index to write to (default: from the first template's first pattern). */
  readonly target?: string;
}

interface Setup {
  readonly policy: string;
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
  for (const template of templates) putTemplate(sim, template);
  const fileName = nameOfFile(files.policy).replace(/[^a-z0-9_-]/g, '-');
  let main: IndexTemplate | null = templates[0] ?? null;
  let generatedNote = -1;
  if (main === null && files.target === undefined) {
    main = composableApi
      ? {
          name: 'plan',
          kind: 'composable',
          body: {
            index_patterns: [`${fileName}-*`],
            priority: 100,
            ...(components.length > 0 ? { composed_of: components.map((c) => c.name) } : {}),
            template: { settings: {} },
          },
        }
      : { name: 'plan', kind: 'legacy', body: { index_patterns: [`${fileName}-*`], settings: {} } };
    generatedNote = notes.length;
    notes.push(
      `template made for the plan (none given): indices ${fileName}-*${components.length > 0 ? `, composed of ${components.map((c) => c.name).join(', ')}` : ''}`,
    );
    putTemplate(sim, main);
  }
  const pattern = files.target ?? patternsOf(main!.body)[0] ?? `${fileName}-*`;
  const streamName = pattern.replace(/\*/g, 'plan');
  const stream = composableApi && winningComposable(sim, streamName)?.['data_stream'] !== undefined;
  // A target such as app-000001 names the first of app-000002, ... (a daily index or a rollover's next).
  const prefix = files.target !== undefined ? files.target.replace(/\d+$/, '') : pattern.replace(/\*.*$/, '');
  const first = files.target ?? `${prefix}000001`;
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
  const policyText = input(() => policyBody(policy, files.policy, cwd)).body;
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
  const common = { policy, rollover, hasDelete, maxMinAgeMillis: maxMinAge, maxRolloverAgeMillis: maxRolloverAge, notes };
  if (stream) {
    must(sim, 'the data stream', 'PUT', `/_data_stream/${encodeURIComponent(streamName)}`);
    notes.push(`data stream "${streamName}"`);
    return { ...common, target: streamName, dailyPrefix: null };
  }
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
        answer === null
          ? ''
          : answer.waiting_for === 'error'
            ? `; ${answer.explanation.replace(/^the step \S+ failed: .*?; (?=ILM|ES )/, '')}`
            : `; ILM retries it automatically on each poll tick`;
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

const LETTERS: Readonly<Record<string, string>> = { new: 'n', hot: 'H', warm: 'W', cold: 'C', frozen: 'F', delete: 'D' };
const COLORS: Readonly<Record<string, string>> = { H: '41;97', W: '43;30', C: '44;97', F: '46;30', D: '100;97', n: '47;30', E: '101;97;1', x: '0;90' };

/** The letter of one cell [from, to) of a lineage: its phase, E for ERROR, x at the deletion, blank outside. */
function cellOf(lineage: LineageJson, from: number, to: number): string {
  if (lineage.start_millis >= to) return ' ';
  if (lineage.end_millis !== null && lineage.end_millis < from) return ' ';
  if (lineage.waits.some((w) => w.step === 'ERROR' && w.start_millis < to && (w.end_millis ?? Infinity) > from)) return 'E';
  if (lineage.ended === 'deleted' && lineage.end_millis !== null && lineage.end_millis < to) return 'x';
  const instant = Math.max(from, lineage.start_millis);
  const phase = [...lineage.phases].reverse().find((p) => p.start_millis <= instant) ?? lineage.phases[0];
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
  lines.push(
    '',
    `one column = ${perCell === 1 ? '1 day' : `${perCell} days`}; H hot, W warm, C cold, F frozen, D delete, n new (before the first phase), E ERROR, x deleted`,
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
        'stack-templates': { type: 'boolean' },
        target: { type: 'string' },
        ingest: { type: 'string' },
        indices: { type: 'string' },
        horizon: { type: 'string' },
        'stuck-after': { type: 'string' },
        'start-time': { type: 'string' },
        html: { type: 'string' },
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
    if (positionals.length !== 1) throw new PlanInputError(`expected one policy file, got ${positionals.length === 0 ? 'none' : positionals.join(' ')}`);
    return plan(positionals[0]!, values, streams);
  } catch (error) {
    if (!(error instanceof PlanInputError)) throw error;
    streams.err.write(`ilm-sim plan: ${error.message}\n`);
    return 2;
  }
}

type Values = Record<string, string | boolean | string[] | undefined>;

function plan(policyFile: string, values: Values, streams: PlanStreams): number {
  const text = (key: string): string | undefined => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const workload = parseIngest(text('ingest') ?? DEFAULT_INGEST);
  const indicesText = text('indices') ?? String(DEFAULT_INDICES);
  if (!/^\d+$/.test(indicesText) || Number(indicesText) < 1 || Number(indicesText) > 1000)
    throw new PlanInputError(`--indices [${indicesText}]: expected a whole number from 1 to 1000`);
  const indices = Number(indicesText);
  const stuckAfter = duration(text('stuck-after') ?? DEFAULT_STUCK_AFTER, 'stuck-after');
  const list = (key: string): string[] => (Array.isArray(values[key]) ? (values[key] as string[]) : []);
  const files: PlanFiles = {
    policy: policyFile,
    templates: list('template'),
    legacyTemplates: list('legacy-template'),
    componentTemplates: list('component-template'),
    slm: list('slm'),
    ...(text('target') !== undefined ? { target: text('target')! } : {}),
  };
  // Reading the files first: a missing file is bad input before anything runs.
  for (const file of [policyFile, ...files.templates, ...files.legacyTemplates, ...files.componentTemplates, ...files.slm])
    input(() => readJsonFile(file, streams.cwd));
  const profile = text('profile') ?? DEFAULT_PROFILE.name;
  // By default a plan runs the one policy on a blank cluster: the built-in stack templates (7.9+) would
  // take the plan's `logs-*`-like patterns at the same priority and refuse its template.
  // `--stack-templates` keeps them, to plan a built-in template with the user's `@custom` parts.
  const stackTemplates = values['stack-templates'] === true;
  if (!stackTemplates && files.templates.length + files.legacyTemplates.length === 0 && files.target !== undefined)
    throw new PlanInputError('--target needs a --template (or --stack-templates) whose patterns match it');
  const sim = input(() => createSimulator({ profile, stackTemplates, ...(text('start-time') !== undefined ? { startTime: text('start-time')! } : {}) }));
  const setup = setUp(sim, files, profile, streams.cwd);
  const horizonMillis = text('horizon') !== undefined ? duration(text('horizon')!, 'horizon') : setup.maxMinAgeMillis + 60 * DAY;
  const horizon = formatTimeValueToString(horizonMillis);
  const start = (send(sim, 'GET', '/_sim/clock').body as { now_millis: number }).now_millis;
  const end = start + horizonMillis;
  const progress = progressBar(streams.err);
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
    progress.update((now - start) / horizonMillis, now);
  }
  progress.done();
  const timeline = send(sim, 'GET', '/_sim/timeline').body as TimelineJson;
  const shown = timeline.indices.slice(0, indices);
  const found = shown.map((lineage) => problemsOf(sim, lineage, setup, stuckAfter, end, horizon));
  const problems = found.flatMap((f) => f.problems);
  const running = found.flatMap((f) => f.running);
  const out = streams.out;
  out.write(`Plan for the policy "${setup.policy}" (${policyFile}) on Elasticsearch ${profile}, ${formatEsDate(start).slice(0, 10)} + ${horizon}\n`);
  out.write(`Workload: ${workload.text}; ${setup.notes.join('; ')}\n`);
  out.write(`Showing ${shown.length} of ${timeline.indices.length} indices.\n\n`);
  out.write(`${chart(shown, start, end, streams.color === true)}\n\n`);
  if (!setup.hasDelete) out.write('Note: the policy has no delete phase, so its indices are kept for ever.\n');
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
  const html = text('html');
  if (html !== undefined) {
    const file = path.resolve(streams.cwd, html);
    const page = timelineHtml({
      title: `ILM plan: the policy "${setup.policy}" on Elasticsearch ${profile}`,
      lineages: shown,
      startMillis: start,
      endMillis: end,
      longWaitMillis: stuckAfter,
      notes: [
        `${formatEsDate(start).slice(0, 10)} + ${horizon}. Workload: ${workload.text}; ${setup.notes.join('; ')}`,
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
    out.write(`HTML written to ${file}\n`);
  }
  return problems.length === 0 ? 0 : 1;
}
