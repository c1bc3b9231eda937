/**
 * Test support for the command line: an output stream that keeps what the CLI writes and lets a test
 * wait for a line to appear (never a timer). Used by the CLI tests only.
 */

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
