/**
 * Test support for the command line: an output stream that keeps what the CLI writes and lets a test
 * wait for a line to appear (never a timer), and a run of the command line. Used by the CLI tests only.
 */
import { main } from './main';

export class Capture {
  text = '';
  private waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];

  write(chunk: string | Buffer): boolean {
    this.text += String(chunk);
    this.waiters = this.waiters.filter((w) => {
      const match = this.text.match(w.pattern);
      if (match) w.resolve(match);
      return !match;
    });
    return true;
  }

  waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    const match = this.text.match(pattern);
    if (match) return Promise.resolve(match);
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }
}

/** Runs the command line in `cwd` as a test would type it: its exit code and what it wrote. */
export async function runCli(args: readonly string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const out = new Capture();
  const err = new Capture();
  const code = await main([...args], out, err, {}, { cwd });
  return { code, out: out.text, err: err.text };
}
