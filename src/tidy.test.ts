/**
 * Architecture rules as a test (in the spirit of TigerBeetle's tidy.zig): the engine and the simulator
 * never read the wall clock, randomness, timers, the process or the console; imports point one way
 * (engine <- sim <- api <- server, cli), and inside the engine down its rooms (lifecycle -> cluster ->
 * xcontent -> profile, errors); no module under src imports itself back through others (no circles);
 * every module opens with a comment block; file names are kebab-case. Each failure reads "X is banned
 * in src/engine, use Y" with the file and line.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

const SRC = __dirname;
const ROOT = resolve(SRC, '..');
/** The step definitions: Gherkin glue at the top level, beside src (the project's design card). */
const STEPS = join(ROOT, 'steps');

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

const isTest = (file: string): boolean => file.endsWith('.test.ts');
const rel = (file: string): string => relative(ROOT, file).split(sep).join('/');

/** Every `.ts` module under src (and the top-level steps/ when no folder is named), test files excluded. */
function modules(under?: string): string[] {
  const files = under === undefined ? [...walk(SRC), ...walk(STEPS)] : walk(under);
  return files.filter((f) => f.endsWith('.ts') && !isTest(f));
}

/**
 * The source with every comment removed (TypeScript's own printer, so comments inside strings and
 * regular expression literals are handled correctly). Line numbers are not kept by the printer, so
 * findings report the line in the original file by searching for the offending text there.
 */
export function stripComments(source: string, fileName = 'sample.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  return ts.createPrinter({ removeComments: true }).printFile(file);
}

interface BannedPattern {
  readonly what: string;
  readonly pattern: RegExp;
  readonly instead: string;
}

/** What may not appear in src/engine or src/sim, and what to use instead. */
const BANNED: readonly BannedPattern[] = [
  { what: 'Date.now(', pattern: /\bDate\s*\.\s*now\s*\(/, instead: 'take the instant as an argument (now: number, epoch millis)' },
  { what: 'new Date()', pattern: /\bnew\s+Date\s*\(\s*\)/, instead: 'new Date(millis) with an explicit instant' },
  { what: 'Math.random(', pattern: /\bMath\s*\.\s*random\s*\(/, instead: 'the seeded Prng in src/sim/prng.ts' },
  { what: 'setTimeout(', pattern: /\bsetTimeout\s*\(/, instead: 'an event on the simulator scheduler' },
  { what: 'setInterval(', pattern: /\bsetInterval\s*\(/, instead: 'poll ticks of the simulator scheduler' },
  { what: 'setImmediate(', pattern: /\bsetImmediate\s*\(/, instead: 'an event due now on the simulator scheduler' },
  { what: 'process.', pattern: /\bprocess\s*\./, instead: 'options passed in by src/cli' },
  { what: 'console.', pattern: /\bconsole\s*\./, instead: 'return values; only src/cli writes to the console' },
];

/** Findings for one source text: "X is banned in <layer>, use Y" for each banned use outside comments. */
export function bannedUses(source: string, layer: string, fileName = 'sample.ts'): string[] {
  const code = stripComments(source, fileName);
  const findings: string[] = [];
  for (const { what, pattern, instead } of BANNED) {
    if (pattern.test(code)) findings.push(`${what} is banned in ${layer}, use ${instead} (${fileName}${lineOf(source, pattern)})`);
  }
  return findings;
}

function lineOf(source: string, pattern: RegExp): string {
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) if (pattern.test(lines[i]!)) return `:${i + 1}`;
  return '';
}

/** Module specifiers a file imports or re-exports (static imports, `export ... from`, `import()`, `require()`). */
export function importSpecifiers(source: string, fileName = 'sample.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) out.push(expression.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const first = node.arguments[0];
      if ((isDynamicImport || isRequire) && first && ts.isStringLiteralLike(first)) out.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

type Layer = 'engine' | 'sim' | 'api' | 'server' | 'cli' | 'cucumber' | 'client' | 'steps' | 'root' | 'features' | 'package' | 'builtin';

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Which layer a specifier imported from `file` lands in. */
function layerOf(file: string, specifier: string): Layer {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier)) return 'builtin';
  if (!specifier.startsWith('.')) return 'package';
  const target = rel(resolve(dirname(file), specifier));
  const [top, second] = target.split('/');
  if (top === 'features') return 'features';
  if (top === 'steps') return 'steps';
  if (top !== 'src') return 'package';
  if (isSourceLayer(second)) return second;
  return 'root';
}

const SOURCE_LAYERS = ['engine', 'sim', 'api', 'server', 'cli', 'cucumber', 'client'] as const;
type SourceLayer = (typeof SOURCE_LAYERS)[number];

function isSourceLayer(name: string | undefined): name is SourceLayer {
  return (SOURCE_LAYERS as readonly (string | undefined)[]).includes(name);
}

function layerOfFile(file: string): Layer {
  const [top, second] = rel(file).split('/');
  if (top === 'steps') return 'steps';
  return isSourceLayer(second) ? second : 'root';
}

/** Allowed targets per source layer, with the advice a violation prints. */
const ALLOWED: Record<SourceLayer | 'steps' | 'root', { readonly may: readonly Layer[]; readonly advice: string }> = {
  engine: { may: ['engine'], advice: 'keep src/engine pure: pass what it needs in as arguments' },
  sim: { may: ['engine', 'sim'], advice: 'the simulator may only drive src/engine' },
  api: { may: ['engine', 'sim', 'api', 'package', 'builtin'], advice: 'src/api sits below src/server and src/cli: let them call src/api' },
  server: { may: ['engine', 'sim', 'api', 'server', 'root', 'package', 'builtin'], advice: 'src/server only adapts src/api to node:http' },
  // The cli reads the step library's definitions for `ilm-sim steps` (src/cucumber/step-catalogue loads them without Cucumber).
  cli: { may: ['engine', 'sim', 'api', 'server', 'cli', 'cucumber', 'root', 'package', 'builtin'], advice: 'the cli drives the simulator through src/api' },
  cucumber: {
    may: ['cucumber', 'steps', 'server', 'root', 'package', 'builtin'],
    advice: 'the step library speaks to the simulator only through the package entry points (src/index.ts, src/server)',
  },
  client: { may: ['client', 'root', 'package', 'builtin'], advice: 'the client connection speaks to the simulator only through src/index.ts' },
  steps: {
    may: ['steps', 'cucumber', 'server', 'root', 'package', 'builtin'],
    advice: 'step definitions stay thin: they call the World and the helpers in src/cucumber',
  },
  root: { may: ['engine', 'sim', 'api', 'server', 'cli', 'root', 'package', 'builtin'], advice: 'src never depends on the Gherkin glue' },
};

/** Import-direction findings for one file: "importing X is banned in src/<layer>, <advice>". */
export function importViolations(file: string, source: string): string[] {
  const from = layerOfFile(file);
  const rule = ALLOWED[from as keyof typeof ALLOWED];
  const findings: string[] = [];
  for (const specifier of importSpecifiers(source, file)) {
    const to = layerOf(file, specifier);
    if (to === 'features') {
      findings.push(`importing '${specifier}' (features/) is banned in src, features use src and never the other way (${rel(file)})`);
    } else if (!rule.may.includes(to)) {
      const what = to === 'builtin' ? `node builtin '${specifier}'` : to === 'package' ? `package '${specifier}'` : `'${specifier}' (src/${to})`;
      const where = from === 'root' ? 'src' : from === 'steps' ? 'steps' : `src/${from}`;
      findings.push(`importing ${what} is banned in ${where}, ${rule.advice} (${rel(file)})`);
    }
  }
  return findings;
}

/**
 * Where an engine module sits: one of the three rooms, or one of the two modules below them all. The
 * imports run down only: lifecycle -> cluster -> xcontent -> profile, errors (see src/engine/README.md).
 */
type EngineRoom = 'lifecycle' | 'cluster' | 'xcontent' | 'profile' | 'errors';

const ENGINE_ROOMS: readonly EngineRoom[] = ['lifecycle', 'cluster', 'xcontent'];

/** A module under src/engine: its room, or null when it sits outside every room. */
function engineRoomOf(file: string): EngineRoom | null {
  const parts = rel(file).split('/');
  if (parts[0] !== 'src' || parts[1] !== 'engine') return null;
  if (parts.length === 3) return parts[2] === 'profile.ts' ? 'profile' : parts[2] === 'errors.ts' ? 'errors' : null;
  return (ENGINE_ROOMS as readonly string[]).includes(parts[2]!) ? (parts[2] as EngineRoom) : null;
}

/** What each room may import from the engine, with the advice a violation prints. */
const ROOM_RULES: Record<EngineRoom, { readonly may: readonly EngineRoom[]; readonly advice: string }> = {
  lifecycle: { may: ['lifecycle', 'cluster', 'xcontent', 'profile', 'errors'], advice: '' },
  cluster: {
    may: ['cluster', 'xcontent', 'profile', 'errors'],
    advice: 'the cluster is the state ILM acts on and never knows the lifecycle: move the piece to the room it belongs in, or pass it in as an argument',
  },
  xcontent: { may: ['xcontent', 'errors'], advice: "the x-content layer is ES's wire details and knows nothing of the cluster, the lifecycle or the profiles" },
  profile: { may: ['errors'], advice: 'the profiles are data at the bottom of the engine' },
  errors: { may: [], advice: 'the errors are at the bottom of the engine' },
};

/**
 * Room findings for one engine module: it sits outside the rooms, or it imports a room above its own
 * ("importing X (src/engine/lifecycle) is banned in src/engine/cluster, <advice>").
 */
export function roomViolations(file: string, source: string): string[] {
  const parts = rel(file).split('/');
  if (parts[0] !== 'src' || parts[1] !== 'engine') return [];
  const from = engineRoomOf(file);
  if (from === null) {
    return [
      `${rel(file)} sits outside the engine's rooms, put it in src/engine/lifecycle, src/engine/cluster or src/engine/xcontent (only profile.ts and errors.ts sit at the top)`,
    ];
  }
  const findings: string[] = [];
  for (const specifier of importSpecifiers(source, file)) {
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    const targetParts = rel(target).split('/');
    if (targetParts[0] !== 'src' || targetParts[1] !== 'engine') continue;
    const to = engineRoomOf(target.endsWith('.ts') ? target : `${target}.ts`);
    if (to !== null && ROOM_RULES[from].may.includes(to)) continue;
    const where = to === null || to === 'profile' || to === 'errors' ? 'src/engine' : `src/engine/${to}`;
    findings.push(`importing '${specifier}' (${where}) is banned in src/engine/${from}, ${ROOM_RULES[from].advice} (${rel(file)})`);
  }
  return findings;
}

/**
 * The import graph of a set of modules (file -> the files it imports, type-only imports included: a
 * circle of types still ties the modules together). Relative specifiers resolve among the given files
 * as `<specifier>.ts` or `<specifier>/index.ts`; anything else (packages, builtins) is no edge.
 */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets: string[] = [];
    for (const specifier of importSpecifiers(source, file)) {
      if (!specifier.startsWith('.')) continue;
      const base = resolve(dirname(file), specifier);
      const target = [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => sources.has(candidate));
      if (target !== undefined && !targets.includes(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The import circles of a graph: for each group of modules that reach each other (a strongly connected
 * component, Tarjan's algorithm), one shortest circle through its first module, as "a -> b -> a".
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return groups
    .sort((a, b) => (a[0]! < b[0]! ? -1 : 1))
    .map((group) => {
      // Breadth first from the group's first module back to itself, inside the group.
      const start = group[0]!;
      const inGroup = new Set(group);
      const cameFrom = new Map<string, string>();
      const queue = [start];
      let last: string | null = null;
      for (let i = 0; i < queue.length && last === null; i++) {
        for (const next of graph.get(queue[i]!) ?? []) {
          if (next === start) {
            last = queue[i]!;
            break;
          }
          if (inGroup.has(next) && !cameFrom.has(next)) {
            cameFrom.set(next, queue[i]!);
            queue.push(next);
          }
        }
      }
      const path = [start];
      for (let node = last!; node !== start; node = cameFrom.get(node)!) path.splice(1, 0, node);
      return [...path, start].join(' -> ');
    });
}

describe('tidy: the scanner itself (so a rule can fail)', () => {
  it('finds a banned call in code and reports the rule, the layer and the line', () => {
    const sample = ['export function f(): number {', '  return Date.now();', '}', ''].join('\n');
    expect(bannedUses(sample, 'src/engine', 'f.ts')).to.deep.equal([
      'Date.now( is banned in src/engine, use take the instant as an argument (now: number, epoch millis) (f.ts:2)',
    ]);
  });

  const flagged: Array<[string, string]> = [
    ['const t = new Date();', 'new Date()'],
    ['const x = Math.random();', 'Math.random('],
    ['setTimeout(() => 1, 5);', 'setTimeout('],
    ['setInterval(() => 1, 5);', 'setInterval('],
    ['setImmediate(() => 1);', 'setImmediate('],
    ['const env = process.env.X;', 'process.'],
    ['console.log("x");', 'console.'],
    ['const n = Date . now ();', 'Date.now('],
    // A naive comment stripper would take these for comments and miss the call after them.
    ['const r = /\\/\\*/; const t = Date.now();', 'Date.now('],
    ['const u = "http://x"; const t = Date.now();', 'Date.now('],
  ];
  for (const [code, rule] of flagged) {
    it(`flags ${JSON.stringify(code)} as ${rule}`, () => {
      const findings = bannedUses(code, 'src/sim');
      expect(findings).to.have.length(1);
      expect(findings[0]).to.match(new RegExp(`^${rule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is banned in src/sim, use `));
    });
  }

  const allowed: string[] = [
    '// Date.now() is banned here\nexport const a = 1;',
    '/* Math.random() and console.log are not used */ export const b = 2;',
    '/**\n * no process.env, no setTimeout(...)\n */\nexport const c = 3;',
    'const d = new Date(0);',
    'const e = new Date(millis);',
    'const url = "http://x" + "y"; export const f = url;',
  ];
  for (const code of allowed) {
    it(`does not flag ${JSON.stringify(code)}`, () => {
      expect(bannedUses(code, 'src/engine')).to.deep.equal([]);
    });
  }

  it('reads static, re-export, dynamic and require imports', () => {
    const sample = [
      "import { a } from './a';",
      "import type { B } from '../sim/b';",
      "export { c } from 'node:fs';",
      "const d = require('http');",
      "async function e() { return import('../../steps/world'); }",
      "import f = require('./f');",
    ].join('\n');
    expect(importSpecifiers(sample)).to.deep.equal(['./a', '../sim/b', 'node:fs', 'http', '../../steps/world', './f']);
  });

  it('reports an engine module importing the simulator, a builtin and a package', () => {
    const file = join(SRC, 'engine', 'sample.ts');
    const source = "import { Simulation } from '../sim/simulator';\nimport { readFileSync } from 'fs';\nimport * as sinon from 'sinon';\n";
    expect(importViolations(file, source)).to.deep.equal([
      "importing '../sim/simulator' (src/sim) is banned in src/engine, keep src/engine pure: pass what it needs in as arguments (src/engine/sample.ts)",
      "importing node builtin 'fs' is banned in src/engine, keep src/engine pure: pass what it needs in as arguments (src/engine/sample.ts)",
      "importing package 'sinon' is banned in src/engine, keep src/engine pure: pass what it needs in as arguments (src/engine/sample.ts)",
    ]);
  });

  it('reports the api importing the server, src importing the step glue and anything importing features', () => {
    const api = join(SRC, 'api', 'sample.ts');
    expect(importViolations(api, "import { start } from '../server/http-server';")).to.deep.equal([
      "importing '../server/http-server' (src/server) is banned in src/api, src/api sits below src/server and src/cli: let them call src/api (src/api/sample.ts)",
    ]);
    const root = join(SRC, 'sample.ts');
    expect(importViolations(root, "import { IlmWorld } from './cucumber/world';")).to.deep.equal([
      "importing './cucumber/world' (src/cucumber) is banned in src, src never depends on the Gherkin glue (src/sample.ts)",
    ]);
    const engine = join(SRC, 'engine', 'sample.ts');
    expect(importViolations(engine, "import '../../features/support';")).to.deep.equal([
      "importing '../../features/support' (features/) is banned in src, features use src and never the other way (src/engine/sample.ts)",
    ]);
  });

  it('reports the cluster importing the lifecycle, and x-content importing the cluster or the profiles', () => {
    const cluster = join(SRC, 'engine', 'cluster', 'sample.ts');
    expect(roomViolations(cluster, "import type { Step } from '../lifecycle/steps';\nimport { parseTimeValue } from '../xcontent/time';\n")).to.deep.equal([
      "importing '../lifecycle/steps' (src/engine/lifecycle) is banned in src/engine/cluster, the cluster is the state ILM acts on and never knows the lifecycle: move the piece to the room it belongs in, or pass it in as an argument (src/engine/cluster/sample.ts)",
    ]);
    const xcontent = join(SRC, 'engine', 'xcontent', 'sample.ts');
    expect(
      roomViolations(
        xcontent,
        "import { Cluster } from '../cluster/cluster';\nimport type { Profile } from '../profile';\nimport { EsException } from '../errors';\nimport { parseTimeValue } from './time';\n",
      ),
    ).to.deep.equal([
      "importing '../cluster/cluster' (src/engine/cluster) is banned in src/engine/xcontent, the x-content layer is ES's wire details and knows nothing of the cluster, the lifecycle or the profiles (src/engine/xcontent/sample.ts)",
      "importing '../profile' (src/engine) is banned in src/engine/xcontent, the x-content layer is ES's wire details and knows nothing of the cluster, the lifecycle or the profiles (src/engine/xcontent/sample.ts)",
    ]);
    expect(roomViolations(join(SRC, 'engine', 'profile.ts'), "import { INIT_KEY } from './cluster/step-key';")).to.deep.equal([
      "importing './cluster/step-key' (src/engine/cluster) is banned in src/engine/profile, the profiles are data at the bottom of the engine (src/engine/profile.ts)",
    ]);
  });

  it('reports an engine module outside the rooms, and allows the lifecycle to import every room', () => {
    expect(roomViolations(join(SRC, 'engine', 'sample.ts'), '')).to.deep.equal([
      "src/engine/sample.ts sits outside the engine's rooms, put it in src/engine/lifecycle, src/engine/cluster or src/engine/xcontent (only profile.ts and errors.ts sit at the top)",
    ]);
    expect(roomViolations(join(SRC, 'engine', 'other', 'sample.ts'), '')).to.have.length(1);
    const action = join(SRC, 'engine', 'lifecycle', 'actions', 'sample.ts');
    const imports =
      "import { Cluster } from '../../cluster/cluster';\nimport { xContentError } from '../../xcontent/object-parser';\nimport { Profile } from '../../profile';\nimport { COMPLETE } from '../steps';\n";
    expect(roomViolations(action, imports)).to.deep.equal([]);
    expect(roomViolations(join(SRC, 'sim', 'sample.ts'), "import { Runner } from '../engine/lifecycle/runner';")).to.deep.equal([]);
  });

  it('finds import circles, type-only imports included, and none in a graph that points one way', () => {
    const sources = new Map([
      ['/p/a.ts', "import { b } from './b';"],
      ['/p/b.ts', "import type { C } from './c/index';\nimport * as fs from 'node:fs';"],
      ['/p/c/index.ts', "import { a } from '../a';\nimport { d } from '../d';"],
      ['/p/d.ts', "import { e } from './e';"],
      ['/p/e.ts', "import { d } from './d';"],
      ['/p/f.ts', "import { a } from './a';"],
      ['/p/g.ts', "export { g } from './g';"],
    ]);
    const graph = importGraph(sources);
    expect(graph.get('/p/b.ts')).to.deep.equal(['/p/c/index.ts']);
    expect(importCircles(graph)).to.deep.equal(['/p/a.ts -> /p/b.ts -> /p/c/index.ts -> /p/a.ts', '/p/d.ts -> /p/e.ts -> /p/d.ts', '/p/g.ts -> /p/g.ts']);
    const oneWay = new Map([
      ['/p/a.ts', "import { b } from './b';\nimport { c } from './c';"],
      ['/p/b.ts', "import { c } from './c';"],
      ['/p/c.ts', ''],
    ]);
    expect(importCircles(importGraph(oneWay))).to.deep.equal([]);
  });

  it('allows the simulator to import the engine and the api to import both', () => {
    expect(importViolations(join(SRC, 'sim', 's.ts'), "import { Runner } from '../engine/runner';")).to.deep.equal([]);
    expect(
      importViolations(join(SRC, 'api', 'a.ts'), "import type { Simulation } from '../sim/simulator';\nimport { x } from '../engine/errors';"),
    ).to.deep.equal([]);
  });
});

describe('tidy: src/engine and src/sim read no time, randomness, timers, process or console', () => {
  for (const layer of ['engine', 'sim']) {
    const files = modules(join(SRC, layer));
    it(`src/${layer} has modules to check`, () => {
      expect(files.length).to.be.greaterThan(0);
    });
    it(`src/${layer} uses nothing banned`, () => {
      const findings = files.flatMap((f) => bannedUses(readFileSync(f, 'utf8'), `src/${layer}`, rel(f)));
      expect(findings).to.deep.equal([]);
    });
  }
});

describe('tidy: imports point one way (engine <- sim <- api <- server, cli)', () => {
  it('every module under src imports only what its layer may', () => {
    const findings = modules().flatMap((f) => importViolations(f, readFileSync(f, 'utf8')));
    expect(findings).to.deep.equal([]);
  });
});

describe('tidy: inside src/engine, imports run down the rooms (lifecycle -> cluster -> xcontent -> profile, errors)', () => {
  it('every engine module sits in a room and imports only the rooms below it', () => {
    const findings = modules(join(SRC, 'engine')).flatMap((f) => roomViolations(f, readFileSync(f, 'utf8')));
    expect(findings).to.deep.equal([]);
  });
});

describe('tidy: no import circles under src', () => {
  it('no module imports itself back through others (type-only imports included)', () => {
    const sources = new Map(modules().map((f) => [f, readFileSync(f, 'utf8')] as const));
    const circles = importCircles(importGraph(sources)).map(
      (circle) =>
        `import circle ${circle
          .split(' -> ')
          .map((f) => rel(f))
          .join(' -> ')}: move what both sides need into a module both import`,
    );
    expect(circles).to.deep.equal([]);
  });
});

/**
 * Issue 14: a RegExp built from text a request carries can backtrack for minutes (`filter_path` did).
 * No module under src constructs one; patterns are literals, and wildcards go through the linear
 * `simpleMatch`. The one place allowed is a step whose pattern the feature file's author writes.
 */
const REGEXP_CONSTRUCTOR = /\bRegExp\s*\(/;
const REGEXP_ALLOWED = new Set(['steps/explain.ts']);

export function regExpConstructions(source: string, fileName: string): string[] {
  if (!REGEXP_CONSTRUCTOR.test(stripComments(source, fileName))) return [];
  return [
    `RegExp( is banned in src, match with simpleMatch or a literal pattern, never a RegExp built from input (${fileName}${lineOf(source, REGEXP_CONSTRUCTOR)})`,
  ];
}

describe('tidy: no RegExp built at run time under src', () => {
  it('flags new RegExp( and RegExp( outside comments, and not a literal', () => {
    expect(regExpConstructions('const r = new RegExp(`^${x}$`);', 'a.ts')).to.have.length(1);
    expect(regExpConstructions('const r = RegExp(x);', 'a.ts')).to.have.length(1);
    expect(regExpConstructions('// new RegExp(x) is banned\nconst r = /^a.*b$/;', 'a.ts')).to.deep.equal([]);
  });
  it('no module under src constructs a RegExp', () => {
    const findings = modules()
      .filter((f) => !REGEXP_ALLOWED.has(rel(f)))
      .flatMap((f) => regExpConstructions(readFileSync(f, 'utf8'), rel(f)));
    expect(findings).to.deep.equal([]);
  });
});

describe('tidy: every module under src opens with a comment block', () => {
  it('the first thing in each non-test module is a /** ... */ comment', () => {
    const missing = modules()
      .filter((f) => !/^\s*\/\*[\s\S]*?\*\//.test(readFileSync(f, 'utf8')))
      .map((f) => `${rel(f)} has no opening comment block, start it with two or three sentences saying what it is and what it must not do`);
    expect(missing).to.deep.equal([]);
  });
});

describe('tidy: file and folder names under src are kebab-case', () => {
  it('every .ts file and its folders are lower-case words joined by hyphens', () => {
    // Source files only: conventional upper-case documents such as README.md are not modules.
    const names = walk(SRC)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => rel(f).split('/').slice(1));
    const bad = new Set<string>();
    for (const parts of names) {
      parts.forEach((part, i) => {
        const isFile = i === parts.length - 1;
        const ok = isFile ? /^[a-z0-9]+(-[a-z0-9]+)*(\.test)?\.ts$/.test(part) : /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part);
        if (!ok) bad.add(`src/${parts.slice(0, i + 1).join('/')} is not kebab-case, rename it to lower-case words joined by hyphens`);
      });
    }
    expect([...bad]).to.deep.equal([]);
  });
});
