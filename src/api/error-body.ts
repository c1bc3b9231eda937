/**
 * THE place an error value becomes an ES error body: `{"error":{"root_cause":[...],"type","reason",
 * <metadata>,"caused_by":{...}},"status":N}` (mirrors ES `ElasticsearchException#generateFailureXContent`).
 * Root-cause entries carry no `caused_by`. Nothing else in the project builds this envelope.
 */
import { EsError, rootCause, throwableXContent } from '../engine/errors';

export function errorBody(error: EsError): Record<string, unknown> {
  const root = rootCause(error);
  const rootEntry: Record<string, unknown> = { type: root.type, reason: root.reason };
  for (const [key, value] of root.metadata ?? []) rootEntry[key] = value;
  return { error: { root_cause: [rootEntry], ...throwableXContent(error) }, status: error.status };
}

/** The routing errors ES answers with a bare string `error` (no root cause). */
export function plainErrorBody(message: string, status: number): Record<string, unknown> {
  return { error: message, status };
}
