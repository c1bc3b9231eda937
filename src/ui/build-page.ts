/**
 * Bundles the time machine page (src/ui/page/) with esbuild into three files, `index.html`, `app.js`
 * and `app.css`, everything inlined from the package (Preact included, no CDN). `npm run build` writes
 * them to dist/ui-page/; the server running from the TypeScript sources builds them in memory on first
 * request. Build-time only: it is not compiled into dist/ and nothing at run time in an installed
 * package loads it.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The page's files by name, as the server serves them under `/_sim/ui/`. */
export type PageFiles = ReadonlyMap<string, Buffer>;

const PAGE_DIR = join(__dirname, 'page');

export function buildPageSync(): PageFiles {
  const result = buildSync({
    entryPoints: { app: join(PAGE_DIR, 'main.tsx') },
    bundle: true,
    write: false,
    outdir: '/out',
    format: 'iife',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.css': 'css' },
    logLevel: 'silent',
  });
  const files = new Map<string, Buffer>([['index.html', readFileSync(join(PAGE_DIR, 'index.html'))]]);
  for (const output of result.outputFiles) files.set(output.path.slice('/out/'.length), Buffer.from(output.contents));
  return files;
}

/** Writes the bundle into `outDir` (created when missing). */
export function writePage(outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  for (const [name, bytes] of buildPageSync()) writeFileSync(join(outDir, name), bytes);
}

if (require.main === module) writePage(process.argv[2] ?? join(__dirname, '..', '..', 'dist', 'ui-page'));
