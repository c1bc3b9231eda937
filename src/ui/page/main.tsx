/**
 * The time machine page served at `/_sim/ui/`: the clock, the filters, the timeline and a side panel
 * (one index, or the cluster). It reads `/_sim/timeline`, `/_sim/clock` and `/_data_stream` again
 * whenever `/_sim/events` says something changed (coalesced: one read in flight, one queued), and
 * never holds a value the HTTP routes did not give it.
 */
import { render } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import './app.css';
import { call, followChanges } from './api';
import { ClockBar } from './clock-bar';
import { ClusterPanel } from './cluster-panel';
import { IndexPanel } from './index-panel';
import { DataStreamsJson, Filters, fitView, NO_FILTERS, policiesOf, rowsOf, TimelineJson, View } from './model';
import { Timeline } from './timeline';

interface Snapshot {
  readonly timeline: TimelineJson;
  readonly dataStreams: DataStreamsJson;
  readonly now: string;
  readonly error: string | null;
}

const EMPTY: Snapshot = { timeline: { now: '', now_millis: 0, indices: [] }, dataStreams: {}, now: '', error: null };

async function load(): Promise<Snapshot> {
  const [timeline, clock, dataStreams] = await Promise.all([call('GET', '/_sim/timeline'), call('GET', '/_sim/clock'), call('GET', '/_data_stream')]);
  if (timeline.status !== 200) return { ...EMPTY, error: `GET /_sim/timeline answered ${timeline.status}` };
  return {
    timeline: timeline.body as TimelineJson,
    // 6.6 and 7.0-7.8 have no data streams: every index is then outside a stream.
    dataStreams: dataStreams.status === 200 ? (dataStreams.body as DataStreamsJson) : {},
    now: String((clock.body as { now?: string } | null)?.now ?? ''),
    error: null,
  };
}

function App() {
  const [snapshot, setSnapshot] = useState<Snapshot>(EMPTY);
  const [version, setVersion] = useState(0);
  const [connected, setConnected] = useState(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [view, setView] = useState<View>({ startMillis: 0, endMillis: 1 });
  const [follow, setFollow] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);
  const [side, setSide] = useState<'index' | 'cluster'>('cluster');
  const loading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const refresh = useCallback(() => {
    const state = loading.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    void (async () => {
      do {
        state.again = false;
        try {
          const next = await load();
          setSnapshot(next);
          setVersion((v) => v + 1);
        } catch (error) {
          setSnapshot((s) => ({ ...s, error: String(error) }));
        }
      } while (state.again);
      state.running = false;
    })();
  }, []);

  // While the event stream is up, the server's event for the page's own request triggers the read
  // (reading on the answer too would read everything twice); without it, the answer does.
  const live = useRef(false);
  const afterAction = useCallback(() => {
    if (!live.current) refresh();
  }, [refresh]);
  useEffect(
    () =>
      followChanges(refresh, (up) => {
        live.current = up;
        setConnected(up);
      }),
    [refresh],
  );
  useEffect(() => {
    if (follow && snapshot.timeline.indices.length >= 0 && snapshot.now !== '') setView(fitView(snapshot.timeline));
  }, [snapshot, follow]);

  const rows = useMemo(() => rowsOf(snapshot.timeline, snapshot.dataStreams, filters), [snapshot, filters]);
  const policies = useMemo(() => policiesOf(snapshot.timeline), [snapshot]);
  const names = useMemo(() => snapshot.timeline.indices.map((l) => l.lineage[l.lineage.length - 1]?.index ?? l.index), [snapshot]);
  const selectedLineage = snapshot.timeline.indices.find((l) => l.index === selected) ?? null;
  const selectedName = selectedLineage ? (selectedLineage.lineage[selectedLineage.lineage.length - 1]?.index ?? selectedLineage.index) : selected;

  return (
    <div class="app" data-testid="app" data-version={version} data-ready={snapshot.now !== '' ? 'true' : 'false'}>
      <header>
        <h1>
          ilm-sim <span>time machine</span>
        </h1>
        <span class={connected ? 'live on' : 'live'} role="status" data-testid="live">
          {connected ? 'live' : 'offline: reconnecting'}
        </span>
        <ClockBar now={snapshot.now} indexNames={names} onDone={afterAction} />
      </header>
      {snapshot.error ? (
        <p class="outcome failed" role="alert">
          {snapshot.error}
        </p>
      ) : null}
      <form class="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          index{' '}
          <input
            type="search"
            value={filters.pattern}
            placeholder="logs-*, name"
            onInput={(e) => setFilters({ ...filters, pattern: e.currentTarget.value })}
            data-testid="filter-pattern"
          />
        </label>
        <label>
          policy{' '}
          <select value={filters.policy} onChange={(e) => setFilters({ ...filters, policy: e.currentTarget.value })} data-testid="filter-policy">
            <option value="">any</option>
            {policies.map((p) => (
              <option value={p}>{p}</option>
            ))}
          </select>
        </label>
        <label>
          phase now{' '}
          <select value={filters.phase} onChange={(e) => setFilters({ ...filters, phase: e.currentTarget.value })} data-testid="filter-phase">
            <option value="">any</option>
            {['new', 'hot', 'warm', 'cold', 'frozen', 'delete'].map((p) => (
              <option value={p}>{p}</option>
            ))}
            <option value="ended">deleted</option>
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={filters.problemsOnly}
            onChange={(e) => setFilters({ ...filters, problemsOnly: e.currentTarget.checked })}
            data-testid="filter-problems"
          />{' '}
          problems only
        </label>
        <span class="count" data-testid="lineage-count">
          {rows.filter((r) => r.kind === 'lineage').length} of {snapshot.timeline.indices.length} lineages
        </span>
      </form>
      <main>
        <Timeline
          rows={rows}
          nowMillis={snapshot.timeline.now_millis}
          view={view}
          onView={(next, nextFollow) => {
            setView(next);
            setFollow(nextFollow);
          }}
          fit={() => fitView(snapshot.timeline)}
          selected={selected}
          onSelect={(index) => {
            setSelected(index);
            setSide('index');
          }}
        />
        <aside>
          <div role="tablist" aria-label="Side panel" class="tabs">
            <button
              type="button"
              role="tab"
              aria-selected={side === 'index'}
              disabled={selectedName === null}
              onClick={() => setSide('index')}
              data-testid="side-index"
            >
              Index
            </button>
            <button type="button" role="tab" aria-selected={side === 'cluster'} onClick={() => setSide('cluster')} data-testid="side-cluster">
              Cluster
            </button>
          </div>
          {side === 'index' && selectedName ? (
            <IndexPanel index={selectedName} version={version} onDone={afterAction} />
          ) : (
            <ClusterPanel version={version} onDone={afterAction} />
          )}
        </aside>
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
