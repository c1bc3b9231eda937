/**
 * Shows an HTTP answer's JSON as ES sent it (pretty-printed, keys in ES's order) and an ES error's
 * type and reason word for word. Display only.
 */
import type { Answer } from './api';
import { causesOf, errorOf } from './api';

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre class="json" aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The outcome of an action: ES's error words when it failed, else the acknowledged body. */
export function Outcome({ answer, testId }: { answer: Answer | null; testId: string }) {
  if (!answer) return null;
  const error = errorOf(answer);
  return (
    <div class={error ? 'outcome failed' : 'outcome'} role="status" data-testid={testId}>
      {error ? (
        <p>
          <strong>{answer.status}</strong> <code>{error.type}</code>: <span data-testid={`${testId}-reason`}>{error.reason}</span>
          {causesOf(answer).map((cause) => (
            <span class="cause">
              caused by <code>{cause.type}</code>: {cause.reason}
            </span>
          ))}
        </p>
      ) : (
        <p>
          <strong>{answer.status}</strong> {JSON.stringify(answer.body)}
        </p>
      )}
    </div>
  );
}
