/**
 * `ilm-sim init`: writes a working starter into a project (a Cucumber config, a support file that
 * loads the step library, a policy file, a feature that checks it, one step of the project's own, and
 * the npm scripts), so `npx cucumber-js` passes right after. It never overwrites a file unless told to
 * (`--force`) and writes nothing when any file is in the way; it only touches the directory it is given.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface InitResult {
  /** Paths written, relative to the project directory. */
  readonly written: readonly string[];
  /** Paths that exist and would be overwritten (nothing was written). */
  readonly conflicts: readonly string[];
  /** What the package.json's scripts gained, e.g. `test: cucumber-js`. */
  readonly scripts: readonly string[];
}

/** How the support files are written: CommonJS or ES-module JavaScript, or TypeScript run by ts-node. */
type ModuleKind = 'commonjs' | 'module' | 'typescript';

/**
 * What a TypeScript starter needs installed beside ilm-sim and Cucumber: the versions this package is
 * built and tested with. ts-node 10.9.2 cannot load TypeScript 7 (it fails reading `fileExists`), so
 * TypeScript stays on 5.x.
 */
export const TYPESCRIPT_TOOLS = ['typescript@5.9.3', 'ts-node@10.9.2', '@types/node@20'] as const;

const POLICY = `{
  "policy": {
    "phases": {
      "hot": {
        "actions": {
          "rollover": { "max_age": "1d", "max_docs": 1000000 }
        }
      },
      "warm": {
        "min_age": "7d",
        "actions": {
          "forcemerge": { "max_num_segments": 1 },
          "shrink": { "number_of_shards": 1 }
        }
      },
      "delete": {
        "min_age": "30d",
        "actions": { "delete": {} }
      }
    }
  }
}
`;

const TEMPLATE = `{
  "index_patterns": ["logs-*"],
  "template": {
    "settings": {
      "index.number_of_shards": 2,
      "index.lifecycle.name": "logs",
      "index.lifecycle.rollover_alias": "logs"
    }
  }
}
`;

const FEATURE = `Feature: The logs lifecycle policy
  Our logs roll over daily, are shrunk to one shard after a week and deleted after a month.
  ilm-sim runs policies/logs.json (and the index template in templates/logs.json) under a virtual
  clock, so each scenario takes milliseconds instead of weeks. Change the policy, run
  \`npx cucumber-js\`, and see what it does.

  Background:
    Given the lifecycle policy "logs" from the file "policies/logs.json"
    And the index template "logs" from the file "templates/logs.json"
    And the first logs index "logs-000001" is the write index of "logs"
    And 1000 documents of 1kb are indexed into "logs"

  Scenario: The first index rolls over after a day and is shrunk to one shard a week later
    When the clock advances until "logs-000001" is at step hot/complete/complete
    Then "logs-000002" is in the "hot" phase
    When the clock advances until "shrink-logs-000001" is at step warm/complete/complete
    Then the explain record of "shrink-logs-000001" has:
      | phase | warm  |
      | age   | 7.02d |

  Scenario: An index is deleted a month after it rolled over
    When the clock advances by 32d
    Then the index "shrink-logs-000001" does not exist
    And the index "logs-000001" does not exist
`;

function supportFile(kind: ModuleKind): string {
  if (kind === 'module' || kind === 'typescript') {
    return `// Loads ilm-sim's step library, parameter types, World and hooks into this project's Cucumber.
import 'ilm-sim/cucumber';
`;
  }
  return `// Loads ilm-sim's step library, parameter types, World and hooks into this project's Cucumber.
require('ilm-sim/cucumber');
`;
}

function ownStepsFile(kind: ModuleKind): string {
  const body = `// A step of this project's own. \`this\` is ilm-sim's World (IlmWorld): send any ES request with
// this.send or this.sendOk (which fails the step unless ES answers 2xx), read an explain record with
// this.explainRecord, move the clock with this.advance.
Given('the first logs index {string} is the write index of {string}', async function (index, alias) {
  await this.sendOk('PUT', \`/\${index}\`, { aliases: { [alias]: { is_write_index: true } } });
});
`;
  if (kind === 'typescript') {
    const typed = body.replace('async function (index, alias)', 'async function (this: IlmWorld, index: string, alias: string)');
    return `import { Given } from '@cucumber/cucumber';\nimport type { IlmWorld } from 'ilm-sim/cucumber';\n\n${typed}`;
  }
  return kind === 'module' ? `import { Given } from '@cucumber/cucumber';\n\n${body}` : `const { Given } = require('@cucumber/cucumber');\n\n${body}`;
}

function cucumberConfig(kind: ModuleKind): string {
  if (kind === 'typescript') {
    // transpile-only: Cucumber runs the steps as written; `npx tsc --noEmit` checks their types.
    const config = { requireModule: ['ts-node/register/transpile-only'], require: ['features/support/**/*.ts'], format: ['progress'] };
    return `${JSON.stringify({ default: config }, null, 2)}\n`;
  }
  const key = kind === 'module' ? 'import' : 'require';
  return `${JSON.stringify({ default: { [key]: ['features/support/**/*.js'], format: ['progress'] } }, null, 2)}\n`;
}

function moduleKind(packageJson: Record<string, unknown> | null): ModuleKind {
  return packageJson?.['type'] === 'module' ? 'module' : 'commonjs';
}

/**
 * The TypeScript starter's compiler options, written only when the project has no tsconfig.json of its
 * own: without one, ts-node 10.9.2 falls back to options TypeScript 5.9 refuses ("Option
 * 'moduleResolution' must be set to 'NodeNext'"). `npx tsc` then type-checks the features' support files.
 */
const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: { target: 'ES2022', module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
    include: ['features/**/*.ts'],
  },
  null,
  2,
)}\n`;

function readPackageJson(file: string): Record<string, unknown> | null {
  if (!fs.existsSync(file)) return null;
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file} does not hold a JSON object`);
  return parsed as Record<string, unknown>;
}

/** npm's placeholder test script (`npm init -y`), which init may replace. */
const PLACEHOLDER_TEST = /no test specified/;

export function init(directory: string, options: { readonly force?: boolean; readonly typescript?: boolean } = {}): InitResult {
  const packageFile = path.join(directory, 'package.json');
  const packageJson = readPackageJson(packageFile);
  const kind = options.typescript ? 'typescript' : moduleKind(packageJson);
  const extension = kind === 'typescript' ? 'ts' : 'js';
  const files: Array<[string, string]> = [
    ['cucumber.json', cucumberConfig(kind)],
    [`features/support/ilm-sim.${extension}`, supportFile(kind)],
    [`features/support/steps.${extension}`, ownStepsFile(kind)],
    ['features/logs-policy.feature', FEATURE],
    ['policies/logs.json', POLICY],
    ['templates/logs.json', TEMPLATE],
  ];
  const conflicts = options.force ? [] : files.map(([name]) => name).filter((name) => fs.existsSync(path.join(directory, name)));
  if (conflicts.length > 0) return { written: [], conflicts, scripts: [] };
  for (const [name, text] of files) {
    fs.mkdirSync(path.dirname(path.join(directory, name)), { recursive: true });
    fs.writeFileSync(path.join(directory, name), text);
  }
  const written = files.map(([name]) => name);
  if (kind === 'typescript' && !fs.existsSync(path.join(directory, 'tsconfig.json'))) {
    fs.writeFileSync(path.join(directory, 'tsconfig.json'), TSCONFIG);
    written.push('tsconfig.json');
  }
  const scripts: string[] = [];
  const next: Record<string, unknown> = packageJson ?? {
    name: path
      .basename(path.resolve(directory))
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '-'),
    private: true,
  };
  const existing = (typeof next['scripts'] === 'object' && next['scripts'] !== null ? next['scripts'] : {}) as Record<string, string>;
  const wanted: Record<string, string> = {};
  const testScript = existing['test'];
  if (testScript === undefined || PLACEHOLDER_TEST.test(testScript)) wanted['test'] = 'cucumber-js';
  if (existing['test:ilm'] === undefined) wanted['test:ilm'] = 'cucumber-js';
  if (Object.keys(wanted).length > 0 || packageJson === null) {
    next['scripts'] = { ...existing, ...wanted };
    fs.writeFileSync(packageFile, `${JSON.stringify(next, null, 2)}\n`);
    for (const [name, command] of Object.entries(wanted)) scripts.push(`${name}: ${command}`);
    if (packageJson === null) written.push('package.json');
  }
  return { written, conflicts: [], scripts };
}
