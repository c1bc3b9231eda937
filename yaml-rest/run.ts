/**
 * `npm run test:yaml -- --profile 8.19 [--spec <dir>] [--url <base url>] <file or dir>...`: runs files in
 * Elasticsearch's YAML REST test format against `ilm-sim serve` started in process on port 0 (or against
 * `--url`, any ES-compatible node), printing PASS/FAIL/SKIP per test with the first mismatch, and exits
 * non-zero when a test fails. The API definitions come from `--spec` (a `specification/_json_spec/`
 * directory of elastic/elasticsearch-specification) or the subset vendored in `yaml-rest/spec/<branch>/`.
 * Nothing here is imported by src/; it does not ship in the package.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../src/server';
import { YamlRunner } from './runner';
import { loadSpecs } from './spec';

interface Args {
  profile: string;
  spec?: string;
  url?: string;
  paths: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { profile: '8.19', paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--profile') args.profile = argv[++i] ?? args.profile;
    else if (arg === '--spec') args.spec = argv[++i];
    else if (arg === '--url') args.url = argv[++i];
    else args.paths.push(arg);
  }
  return args;
}

/** The vendored spec directory closest to a profile: 9.x profiles read `9.1`, older ones `8.19`. */
function vendoredSpec(profile: string): string {
  return join(__dirname, 'spec', Number.parseInt(profile, 10) >= 9 ? '9.1' : '8.19');
}

function yamlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => yamlFiles(join(path, name)))
    .filter((file) => file.endsWith('.yml') || file.endsWith('.yaml'));
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.paths.length === 0) {
    console.error('usage: npm run test:yaml -- --profile <8.19|9.1|...> [--spec <_json_spec dir>] [--url <base url>] <file or dir>...');
    return 2;
  }
  const specs = loadSpecs(args.spec ?? vendoredSpec(args.profile));
  const server = args.url === undefined ? await startServer({ port: 0, profile: args.profile }) : undefined;
  const baseUrl = args.url ?? server!.url;
  const counts = { pass: 0, fail: 0, skip: 0 };
  try {
    const runner = new YamlRunner({ baseUrl, specs });
    console.log(`yaml-rest: ${baseUrl}${server ? ` (ilm-sim serve --profile ${args.profile})` : ''}`);
    for (const file of args.paths.flatMap(yamlFiles)) {
      for (const result of await runner.runFile(file)) {
        const { outcome } = result;
        counts[outcome.status]++;
        const detail = outcome.status === 'fail' ? `\n      ${outcome.message}` : outcome.status === 'skip' ? ` (${outcome.reason})` : '';
        console.log(`${outcome.status.toUpperCase().padEnd(4)} ${result.file} :: ${result.test}${detail}`);
      }
    }
  } finally {
    await server?.close();
  }
  console.log(`${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped`);
  return counts.fail > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  },
);
