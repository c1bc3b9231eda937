/**
 * Serves the time machine page at `/_sim/ui/` (never on an ES path): the bundle `npm run build` wrote
 * to dist/ui-page/, or, when the server runs from the TypeScript sources, the same bundle built in
 * memory on first request (so a clone needs no build step). Static files only: the page reads the
 * cluster through the same HTTP routes any client uses. No ES behaviour lives here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type * as http from 'node:http';
import { join } from 'node:path';

/** Where the page is served: a `/_sim` control path, never one ES answers. */
export const PAGE_PATH = '/_sim/ui/';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=UTF-8',
  js: 'text/javascript; charset=UTF-8',
  css: 'text/css; charset=UTF-8',
};

type PageFiles = ReadonlyMap<string, Buffer>;

let loaded: PageFiles | null = null;

/** The bundle: from the sources in a clone (built once per process), else from dist/ui-page/. */
function pageFiles(): PageFiles {
  if (loaded) return loaded;
  const fromSources = __filename.endsWith('.ts');
  if (fromSources) {
    const builder = require('../ui/build-page') as { buildPageSync(): PageFiles };
    loaded = builder.buildPageSync();
  } else {
    // dist/src/server/page.js -> dist/ui-page/ (`npm run build:ui` writes it beside dist/src and dist/steps).
    const dir = join(__dirname, '..', '..', 'ui-page');
    const files = new Map<string, Buffer>();
    if (existsSync(dir)) for (const name of readdirSync(dir)) files.set(name, readFileSync(join(dir, name)));
    loaded = files;
  }
  return loaded;
}

/** Whether a request path (query string included) belongs to the page. */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === '/_sim/ui' || path.startsWith(PAGE_PATH);
}

/** Answers a GET or HEAD for the page: its files, a redirect from `/_sim/ui` to `/_sim/ui/`, or 404. */
export function servePage(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]!;
  res.sendDate = false;
  if (path === '/_sim/ui') {
    res.writeHead(308, { location: PAGE_PATH, 'content-length': '0' });
    res.end();
    return;
  }
  const name = path === PAGE_PATH ? 'index.html' : path.slice(PAGE_PATH.length);
  let bytes: Buffer | undefined;
  let failure: string | null = null;
  try {
    bytes = pageFiles().get(name);
  } catch (error) {
    failure = `ilm-sim: the page could not be built: ${error instanceof Error ? error.message : String(error)}\n`;
  }
  if (bytes === undefined) {
    const text = failure ?? (pageFiles().size === 0 ? 'ilm-sim: the page is not built: run `npm run build`\n' : `ilm-sim: no page file [${name}]\n`);
    res.writeHead(failure ? 500 : 404, { 'content-type': 'text/plain; charset=UTF-8', 'content-length': String(Buffer.byteLength(text)) });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  const extension = name.slice(name.lastIndexOf('.') + 1);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'content-length': String(bytes.length),
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
