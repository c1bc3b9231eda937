/**
 * Running the real third-party tools the client suite and the twin's fixture capture both drive:
 * a command to its end, and Curator with `curator-actions.yml` against a server. Nothing here is
 * imported by src/.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a command to its end; rejects with its output when it exits non-zero. */
export function runTool(command: string, args: string[], timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}:\n${out}`));
    });
  });
}

/**
 * Runs Curator (Debian's `elasticsearch-curator`) with `clients/curator-actions.yml` against the
 * server at `url`: it deletes the unmanaged `cur-*` indices and puts the ILM-managed ones behind the
 * `cur-managed` alias. Answers Curator's log.
 */
export async function runCurator(url: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ilm-sim-curator-'));
  try {
    const { hostname, port } = new URL(url);
    const config = join(dir, 'curator.yml');
    writeFileSync(config, `client:\n  hosts: [${hostname}]\n  port: ${port}\n  timeout: 30\nlogging:\n  loglevel: INFO\n`);
    return await runTool('curator', ['--config', config, join(__dirname, 'curator-actions.yml')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
