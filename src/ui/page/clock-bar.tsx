/**
 * The clock in the user's hand: the virtual instant now, advance by 1h, 1d, 7d or any ES duration
 * (`POST /_sim/clock/_advance`), to the next event or until an index reaches a step or phase
 * (`POST /_sim/clock/_next`), and reset (`POST /_sim/_reset`). Every answer or ES error is shown as sent.
 */
import { useState } from 'preact/hooks';
import { Answer, call } from './api';
import { Outcome } from './json-view';

interface Props {
  readonly now: string;
  readonly indexNames: readonly string[];
  readonly onDone: () => void;
}

export function ClockBar({ now, indexNames, onDone }: Props) {
  const [by, setBy] = useState('30d');
  const [untilIndex, setUntilIndex] = useState('');
  const [untilKind, setUntilKind] = useState<'phase' | 'step'>('phase');
  const [untilValue, setUntilValue] = useState('warm');
  const [within, setWithin] = useState('365d');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (method: string, path: string, body?: unknown) => {
    setBusy(true);
    try {
      setAnswer(await call(method, path, body));
    } finally {
      setBusy(false);
      onDone();
    }
  };
  const advance = (duration: string) => run('POST', '/_sim/clock/_advance', { by: duration });

  return (
    <section class="clock" aria-label="Clock">
      <p class="now">
        <span class="label">now</span> <time data-testid="clock-now">{now}</time>
      </p>
      <div class="buttons" role="group" aria-label="Advance the clock">
        {['1h', '1d', '7d'].map((d) => (
          <button type="button" disabled={busy} onClick={() => advance(d)} aria-label={`Advance the clock by ${d}`} data-testid={`advance-${d}`}>
            +{d}
          </button>
        ))}
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            void advance(by.trim());
          }}
        >
          <label>
            by{' '}
            <input
              size={6}
              value={by}
              onInput={(e) => setBy(e.currentTarget.value)}
              aria-label="Duration to advance by (ES syntax, e.g. 90m, 12h, 30d)"
              data-testid="advance-by"
            />
          </label>
          <button type="submit" disabled={busy}>
            Advance
          </button>
        </form>
        <button type="button" disabled={busy} onClick={() => run('POST', '/_sim/clock/_next', {})} data-testid="next-event">
          Next event
        </button>
      </div>
      <form
        class="inline until"
        aria-label="Advance until an index reaches a step or phase"
        onSubmit={(e) => {
          e.preventDefault();
          const body: Record<string, unknown> = { until: { index: untilIndex.trim(), [untilKind]: untilValue.trim() } };
          if (within.trim() !== '') body['within'] = within.trim();
          void run('POST', '/_sim/clock/_next', body);
        }}
      >
        <label>
          until{' '}
          <input
            list="index-names"
            size={16}
            value={untilIndex}
            onInput={(e) => setUntilIndex(e.currentTarget.value)}
            aria-label="Index"
            placeholder="index"
            data-testid="until-index"
          />
        </label>
        <datalist id="index-names">
          {indexNames.slice(0, 500).map((n) => (
            <option value={n} />
          ))}
        </datalist>
        <select value={untilKind} onChange={(e) => setUntilKind(e.currentTarget.value as 'phase' | 'step')} aria-label="Reaches a phase or a step">
          <option value="phase">reaches phase</option>
          <option value="step">reaches step</option>
        </select>
        <input
          size={14}
          value={untilValue}
          onInput={(e) => setUntilValue(e.currentTarget.value)}
          aria-label={untilKind === 'phase' ? 'Phase' : 'Step as phase/action/step'}
          placeholder={untilKind === 'phase' ? 'warm' : 'warm/shrink/shrink'}
          data-testid="until-value"
        />
        <label>
          within <input size={5} value={within} onInput={(e) => setWithin(e.currentTarget.value)} aria-label="Within (duration, optional)" />
        </label>
        <button type="submit" disabled={busy} data-testid="until-run">
          Run until
        </button>
      </form>
      <button type="button" class="danger" disabled={busy} onClick={() => run('POST', '/_sim/_reset')} data-testid="reset">
        Reset
      </button>
      <Outcome answer={answer} testId="clock-outcome" />
    </section>
  );
}
