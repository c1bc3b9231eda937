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
        <SuccessBody status={answer.status} text={JSON.stringify(answer.body)} />
      )}
    </div>
  );
}

/** A success body on one line; a long one cut there, the whole of it one click away. */
function SuccessBody({ status, text }: { status: number; text: string }) {
  const LIMIT = 160;
  if (text.length <= LIMIT) {
    return (
      <p>
        <strong>{status}</strong> {text}
      </p>
    );
  }
  return (
    <details>
      <summary>
        <strong>{status}</strong> {text.slice(0, LIMIT)}…
      </summary>
      <pre class="json">{text}</pre>
    </details>
  );
}
