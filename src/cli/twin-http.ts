/**
 * The twin's read-only HTTP client for a live cluster (`ilm-sim twin --url`, `twin capture --url`):
 * GET only, with basic auth, an API key and a CA file, as the user gives them. It never sends any
 * other method; `twin` says so when it starts. Part of the CLI (it reads files the user names).
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { readFileSync } from 'node:fs';
import type { GetTransport } from '../twin/capture';

export interface ClusterAccess {
  readonly url: string;
  /** `user:password` for basic auth. */
  readonly user?: string;
  /** An API key as Elasticsearch prints it (`encoded`), sent as `Authorization: ApiKey <key>`. */
  readonly apiKey?: string;
  /** A PEM file of the CA that signed the cluster's certificate. */
  readonly caFile?: string;
}

export function getTransport(access: ClusterAccess): GetTransport {
  const base = new URL(access.url);
  const ca = access.caFile === undefined ? undefined : readFileSync(access.caFile);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (access.user !== undefined) headers['authorization'] = `Basic ${Buffer.from(access.user).toString('base64')}`;
  if (access.apiKey !== undefined) headers['authorization'] = `ApiKey ${access.apiKey}`;
  return (requestPath) =>
    new Promise((resolve, reject) => {
      const target = new URL(base.pathname.replace(/\/$/, '') + requestPath, base);
      const module = target.protocol === 'https:' ? https : http;
      const request = module.request(target, { method: 'GET', headers, ...(ca ? { ca } : {}) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
}
