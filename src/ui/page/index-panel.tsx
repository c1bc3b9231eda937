/**
 * One index, as ES and the simulator answer for it: explain (`GET /<index>/_ilm/explain`), why it
 * waits (`GET /_sim/why/<index>`), its history (`GET /_sim/history?index=`), settings, its policy and
 * the cached phase definition; and the actions a person takes in Kibana: retry, move to step, remove
 * the policy, edit the policy (ES's validation errors shown as ES words them).
 */
import { useEffect, useState } from 'preact/hooks';
import { Answer, call, errorOf, seg } from './api';
import { JsonBlock, Outcome } from './json-view';

interface Props {
  readonly index: string;
  /** Bumped on every change the server reports: the panel reads its index again. */
  readonly version: number;
  readonly onDone: () => void;
}

interface Loaded {
  readonly explain: Answer;
  readonly why: Answer;
  readonly history: Answer;
  readonly settings: Answer;
  readonly policy: Answer | null;
}

type Tab = 'why' | 'explain' | 'history' | 'settings' | 'policy';
const TABS: readonly Tab[] = ['why', 'explain', 'history', 'settings', 'policy'];

function explainRecord(answer: Answer, index: string): Record<string, unknown> | null {
  return (answer.body as { indices?: Record<string, Record<string, unknown>> } | null)?.indices?.[index] ?? null;
}

export function IndexPanel({ index, version, onDone }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [tab, setTab] = useState<Tab>('why');
  const [outcome, setOutcome] = useState<Answer | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [move, setMove] = useState({ phase: '', action: '', name: '' });

  useEffect(() => {
    setOutcome(null);
    setDraft(null);
  }, [index]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [explain, why, history, settings] = await Promise.all([
        call('GET', `/${seg(index)}/_ilm/explain`),
        call('GET', `/_sim/why/${seg(index)}`),
        call('GET', `/_sim/history?index=${seg(index)}&size=200`),
        call('GET', `/${seg(index)}/_settings?flat_settings=true`),
      ]);
      const policyName = explainRecord(explain, index)?.['policy'];
      const policy = typeof policyName === 'string' ? await call('GET', `/_ilm/policy/${seg(policyName)}`) : null;
      if (live) setLoaded({ explain, why, history, settings, policy });
    })();
    return () => {
      live = false;
    };
  }, [index, version]);

  const act = async (method: string, path: string, body?: unknown) => {
    setOutcome(await call(method, path, body));
    onDone();
  };

  const record = loaded ? explainRecord(loaded.explain, index) : null;
  const why = loaded?.why.body as Record<string, unknown> | null | undefined;
  const policyName = typeof record?.['policy'] === 'string' ? (record['policy'] as string) : null;
  const policyBody = policyName && loaded?.policy ? (loaded.policy.body as Record<string, { policy?: unknown }> | null)?.[policyName] : undefined;
  const policyText = draft ?? (policyBody?.policy ? JSON.stringify({ policy: policyBody.policy }, null, 2) : '');
  const missing = loaded ? errorOf(loaded.explain) : null;

  return (
    <section class="panel index-panel" aria-label={`Index ${index}`} data-testid="index-panel">
      <h2>
        <span class="label">index</span> {index}
      </h2>
      {missing ? (
        <p class="outcome failed" data-testid="index-missing">
          <code>{missing.type}</code>: {missing.reason}
        </p>
      ) : null}
      {record ? (
        <dl class="facts">
          <dt>policy</dt>
          <dd data-testid="fact-policy">{String(record['policy'] ?? '—')}</dd>
          <dt>step</dt>
          <dd data-testid="fact-step">{record['managed'] ? `${record['phase']}/${record['action']}/${record['step']}` : 'not managed'}</dd>
          {record['failed_step'] ? (
            <>
              <dt>failed step</dt>
              <dd>{String(record['failed_step'])}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {why && typeof why['explanation'] === 'string' ? (
        <p class="why" data-testid="why-explanation">
          {why['explanation'] as string}
        </p>
      ) : null}
      <div class="actions" role="group" aria-label="Actions on this index">
        <button type="button" onClick={() => act('POST', `/${seg(index)}/_ilm/retry`)} data-testid="action-retry">
          Retry
        </button>
        <button type="button" onClick={() => act('POST', `/${seg(index)}/_ilm/remove`)} data-testid="action-remove">
          Remove policy
        </button>
      </div>
      {tab !== 'policy' ? <Outcome answer={outcome} testId="index-outcome" /> : null}
      <div role="tablist" aria-label="Index details" class="tabs">
        {TABS.map((t) => (
          <button type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)} data-testid={`tab-${t}`}>
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" class="tab-body">
        {!loaded ? <p>loading…</p> : null}
        {loaded && tab === 'why' ? <JsonBlock value={loaded.why.body} label="GET /_sim/why" /> : null}
        {loaded && tab === 'explain' ? <JsonBlock value={loaded.explain.body} label="GET _ilm/explain" /> : null}
        {loaded && tab === 'history' ? <JsonBlock value={loaded.history.body} label="GET /_sim/history" /> : null}
        {loaded && tab === 'settings' ? <JsonBlock value={loaded.settings.body} label="GET _settings" /> : null}
        {loaded && tab === 'policy' ? (
          <div class="policy">
            <h3>Cached phase definition (explain's phase_execution)</h3>
            <JsonBlock value={record?.['phase_execution'] ?? null} label="phase_execution" />
            {policyName ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void act('PUT', `/_ilm/policy/${seg(policyName)}`, policyText);
                }}
              >
                <label for="policy-editor">
                  Policy <code>{policyName}</code> (PUT _ilm/policy/{policyName})
                </label>
                <textarea
                  id="policy-editor"
                  rows={14}
                  spellcheck={false}
                  value={policyText}
                  onInput={(e) => setDraft(e.currentTarget.value)}
                  data-testid="policy-editor"
                />
                <button type="submit" data-testid="policy-save">
                  Save policy
                </button>
              </form>
            ) : null}
            <Outcome answer={outcome} testId="index-outcome" />
            <form
              class="move"
              aria-label="Move to step"
              onSubmit={(e) => {
                e.preventDefault();
                const current = record ? { phase: record['phase'], action: record['action'], name: record['step'] } : {};
                void act('POST', `/_ilm/move/${seg(index)}`, { current_step: current, next_step: move });
              }}
            >
              <h3>Move to step</h3>
              <p>
                from <code>{record ? `${record['phase']}/${record['action']}/${record['step']}` : '—'}</code> to
              </p>
              <input
                aria-label="Next phase"
                placeholder="phase"
                size={8}
                value={move.phase}
                onInput={(e) => setMove({ ...move, phase: e.currentTarget.value })}
              />
              <input
                aria-label="Next action"
                placeholder="action"
                size={10}
                value={move.action}
                onInput={(e) => setMove({ ...move, action: e.currentTarget.value })}
              />
              <input
                aria-label="Next step name"
                placeholder="name"
                size={12}
                value={move.name}
                onInput={(e) => setMove({ ...move, name: e.currentTarget.value })}
              />
              <button type="submit" data-testid="action-move">
                Move
              </button>
            </form>
          </div>
        ) : null}
      </div>
    </section>
  );
}
