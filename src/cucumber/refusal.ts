/**
 * Why a request a step needed was refused, in words for the step's failure: ES's status, error type and
 * reason (and the root cause when the reason only says where parsing failed), then ES's whole answer,
 * verbatim. When the refusal is a 400 that depends on the Elasticsearch version, it adds which known
 * profiles accept the same request, found by sending it to a throwaway in-process simulator per profile.
 * It never changes ES's answer itself.
 */
import { createSimulator, PROFILES, SimRequest, SimResponse } from '../index';

interface EsErrorBody {
  readonly type?: string;
  readonly reason?: string;
  readonly root_cause?: ReadonlyArray<{ readonly type?: string; readonly reason?: string }>;
  readonly caused_by?: EsErrorBody;
}

/**
 * "400 x_content_parse_exception: <reason> (root cause: <type>: <reason>)" from an ES error answer. The
 * root cause is the innermost `caused_by`: ES's `root_cause` list stops at the innermost parse exception
 * ("Failed to build [lifecycle_policy] after last required field arrived"), whose own cause says why
 * ("Timeseries lifecycle does not support phase [wram]").
 */
export function describeEsError(response: SimResponse): string {
  const error = (response.body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return `${response.status} ${error}`;
  if (error === null || typeof error !== 'object') return `${response.status}`;
  const { type, reason, root_cause: rootCauses } = error as EsErrorBody;
  let innermost = error as EsErrorBody;
  while (innermost.caused_by !== undefined && innermost.caused_by !== null && typeof innermost.caused_by === 'object') innermost = innermost.caused_by;
  const root = innermost !== error ? innermost : rootCauses?.[0];
  const rootText = root && (root.type !== type || root.reason !== reason) ? ` (root cause: ${root.type}: ${root.reason})` : '';
  return `${response.status} ${type}: ${reason}${rootText}`;
}

/** The names of the profiles whose simulator, empty, accepts `request`. */
export function profilesAccepting(request: SimRequest): string[] {
  return [...PROFILES.keys()].filter((profile) => {
    const status = createSimulator({ profile }).requestSync(request).status;
    return status >= 200 && status < 300;
  });
}

/**
 * The sentence naming the profiles that accept a request `profile` refused with a 400, or '' when the
 * refusal is not about the version (every profile refuses it, or an empty cluster under `profile`
 * accepts it, so the refusal came from the scenario's own state).
 */
export function profileHint(request: SimRequest, profile: string | undefined, response: SimResponse, what = 'request'): string {
  if (response.status !== 400) return '';
  const current = profile ?? createSimulator().options.profile;
  if (!PROFILES.has(current)) return '';
  const accepting = profilesAccepting(request);
  if (accepting.length === 0 || accepting.includes(current)) return '';
  return `profile ${current} refuses this ${what}; the profiles that accept it: ${accepting.join(', ')}`;
}

/** The failure text of a refused request: what was sent, ES's answer, and the profile hint if any. */
export function refusalMessage(request: SimRequest, response: SimResponse, hint: string, context = ''): string {
  const lines = [`${request.method} ${request.path}${context} was refused: ${describeEsError(response)}`];
  if (hint) lines.push(hint);
  lines.push(`Elasticsearch answered: ${response.text}`);
  return lines.join('\n');
}
