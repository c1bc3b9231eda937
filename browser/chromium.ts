/**
 * Debian's Chromium for the page's browser checks and bench: installed with apt-get when missing (as
 * `npm run test:clients` installs its tools), then driven by playwright-core pointed at it. Playwright
 * never downloads a browser of its own here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Installs Debian's `chromium` when /usr/bin/chromium is missing, or throws saying why it cannot. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM_PATH} is missing; run as root, or install it: apt-get install -y chromium`);
  console.log('packages: apt-get install -y chromium');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
}

export async function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
