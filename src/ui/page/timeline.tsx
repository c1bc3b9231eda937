/**
 * The timeline: one row per index lineage (phases as coloured bars, waits and ERROR spans over them,
 * renames marked, deletions ending the bar, a "now" line), grouped under data streams. Only the rows
 * in sight are in the DOM (virtualised), so 10,000 lineages scroll as smoothly as ten. Zoom and
 * scroll over time with the buttons, the keyboard (+, -, arrows, 0 to fit) or the wheel (ctrl to zoom).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { panView, Row, ticksOf, View, zoomView } from './model';

const ROW_HEIGHT_PX = 26;
const OVERSCAN_ROWS = 8;

interface Props {
  readonly rows: readonly Row[];
  readonly nowMillis: number;
  readonly view: View;
  readonly onView: (view: View, follow: boolean) => void;
  readonly selected: string | null;
  readonly onSelect: (lineageIndex: string) => void;
  readonly fit: () => View;
}

/** ILM's phases, then the data stream lifecycle's two spans when a generation it manages is shown. */
function legendPhases(rows: readonly Row[]): string[] {
  const ilm = ['hot', 'warm', 'cold', 'frozen', 'delete'];
  const lifecycle = rows.some((r) => r.kind === 'lineage' && r.lineage.phases.some((p) => p.phase === 'write' || p.phase === 'rolled_over'));
  return lifecycle ? [...ilm, 'write', 'rolled_over'] : ilm;
}

const iso = (millis: number | null): string => (millis === null ? 'now' : new Date(millis).toISOString());

export function Timeline({ rows, nowMillis, view, onView, selected, onSelect, fit }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const [trackWidth, setTrackWidth] = useState(800);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      setHeight(element.clientHeight);
      setTrackWidth(Math.max(100, element.clientWidth - 300));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const span = view.endMillis - view.startMillis;
  const x = (millis: number) => ((millis - view.startMillis) / span) * 100;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT_PX) - OVERSCAN_ROWS);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT_PX) + OVERSCAN_ROWS);
  const ticks = ticksOf(view, Math.max(2, Math.floor(trackWidth / 110)));

  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return;
    if (e.key === '+' || e.key === '=') onView(zoomView(view, 0.5), false);
    else if (e.key === '-') onView(zoomView(view, 2), false);
    else if (e.key === 'ArrowLeft') onView(panView(view, -0.2), false);
    else if (e.key === 'ArrowRight') onView(panView(view, 0.2), false);
    else if (e.key === '0') onView(fit(), true);
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const buttons = [...(scroller.current?.querySelectorAll<HTMLButtonElement>('button.row-label') ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const next = buttons[at + (e.key === 'ArrowDown' ? 1 : -1)];
      if (next) {
        next.focus();
        next.scrollIntoView({ block: 'nearest' });
      }
    } else return;
    e.preventDefault();
  };
  const onWheel = (e: WheelEvent) => {
    const track = scroller.current;
    if (!track) return;
    const anchor = Math.min(1, Math.max(0, (e.clientX - track.getBoundingClientRect().left - 300) / trackWidth));
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      onView(zoomView(view, e.deltaY > 0 ? 1.25 : 0.8, anchor), false);
    } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      e.preventDefault();
      onView(panView(view, (e.shiftKey ? e.deltaY : e.deltaX) / trackWidth), false);
    }
  };

  return (
    <section class="timeline" aria-label="Timeline" onKeyDown={onKey}>
      <div class="timeline-tools" role="group" aria-label="Zoom and scroll over time">
        <button type="button" onClick={() => onView(panView(view, -0.5), false)} aria-label="Scroll back in time">
          ◀
        </button>
        <button type="button" onClick={() => onView(zoomView(view, 0.5), false)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => onView(zoomView(view, 2), false)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => onView(fit(), true)} aria-label="Fit everything up to now">
          Fit
        </button>
        <button type="button" onClick={() => onView(panView(view, 0.5), false)} aria-label="Scroll forward in time">
          ▶
        </button>
        <span class="range">
          {iso(view.startMillis).slice(0, 16)} → {iso(view.endMillis).slice(0, 16)}
        </span>
        <span class="legend" aria-hidden="true">
          {legendPhases(rows).map((p) => (
            <span class={`swatch phase-${p}`}>{p}</span>
          ))}
          <span class="swatch wait">wait</span>
          <span class="swatch error">ERROR</span>
        </span>
      </div>
      <div class="axis" aria-hidden="true">
        <div class="axis-label">index · state</div>
        <div class="axis-track">
          {ticks
            .filter((t) => x(t.millis) > 3 && x(t.millis) < 97)
            .map((t) => (
              <span class="tick" style={{ left: `${x(t.millis)}%` }}>
                {t.label}
              </span>
            ))}
        </div>
      </div>
      <div
        class="rows"
        ref={scroller}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onWheel={onWheel}
        data-testid="timeline-rows"
        data-row-count={rows.length}
      >
        <div style={{ height: `${rows.length * ROW_HEIGHT_PX}px`, position: 'relative' }} role="list" aria-label={`${rows.length} rows`}>
          {rows.slice(first, last).map((row, i) => {
            const top = (first + i) * ROW_HEIGHT_PX;
            if (row.kind === 'stream') {
              return (
                <div class="row stream" style={{ top: `${top}px` }} role="listitem">
                  <div class="row-label">
                    data stream <strong>{row.name}</strong> ({row.count})
                  </div>
                </div>
              );
            }
            const { lineage, state } = row;
            const mark = state.error ? 'error' : state.problem ? 'stall' : '';
            return (
              <div
                class={`row ${selected === lineage.index ? 'selected' : ''} ${row.stream ? 'backing' : ''}`}
                style={{ top: `${top}px` }}
                role="listitem"
                data-index={lineage.index}
              >
                <button
                  type="button"
                  class={`row-label ${mark}`}
                  onClick={() => onSelect(lineage.index)}
                  aria-label={`${state.current}: ${state.summary}`}
                  aria-pressed={selected === lineage.index}
                >
                  <span class="name">{state.current}</span>
                  <span class="state" data-testid="row-state">
                    {state.summary}
                  </span>
                </button>
                <div class="track">
                  {lineage.phases.map((p) => {
                    const left = x(p.start_millis);
                    const right = x(p.end_millis ?? nowMillis);
                    if (right < 0 || left > 100) return null;
                    return (
                      <span
                        class={`bar phase-${p.phase}`}
                        style={{ left: `${Math.max(left, 0)}%`, width: `${Math.max(Math.min(right, 100) - Math.max(left, 0), 0.15)}%` }}
                        title={`${p.phase} ${iso(p.start_millis)} → ${iso(p.end_millis)}`}
                      />
                    );
                  })}
                  {lineage.waits.map((w) => {
                    const left = x(w.start_millis);
                    const right = x(w.end_millis ?? nowMillis);
                    if (right < 0 || left > 100 || (w.step === 'complete' && !w.error)) return null;
                    return (
                      <span
                        class={`wait ${w.error ? 'error' : ''}`}
                        style={{ left: `${Math.max(left, 0)}%`, width: `${Math.max(Math.min(right, 100) - Math.max(left, 0), 0.3)}%` }}
                        title={
                          w.error
                            ? `ERROR at ${w.failed_step}: ${w.error.type}: ${w.error.reason}`
                            : `waiting at ${w.phase}/${w.action}/${w.step} ${iso(w.start_millis)} → ${iso(w.end_millis)}`
                        }
                      />
                    );
                  })}
                  {lineage.lineage.slice(1).map((n) => (
                    <span class="rename" style={{ left: `${x(n.start_millis)}%` }} title={`renamed to ${n.index} at ${iso(n.start_millis)}`} />
                  ))}
                  {lineage.ended && lineage.end_millis !== null ? (
                    <span class="ended" style={{ left: `${x(lineage.end_millis)}%` }} title={`${lineage.ended} at ${iso(lineage.end_millis)}`} />
                  ) : null}
                  {state.error && state.wait ? (
                    <ErrorReason reason={state.error.reason} startPercent={x(state.wait.start_millis)} nowPercent={x(nowMillis)} />
                  ) : null}
                </div>
              </div>
            );
          })}
          <div class="now-line" style={{ left: `calc(300px + (100% - 300px) * ${x(nowMillis) / 100})` }} title={`now ${iso(nowMillis)}`} aria-hidden="true" />
        </div>
      </div>
    </section>
  );
}

/**
 * ES's reason beside an ERROR span, where it hides the least: after the "now" line when there is room
 * there, else ending where the ERROR began.
 */
function ErrorReason({ reason, startPercent, nowPercent }: { reason: string; startPercent: number; nowPercent: number }) {
  const style =
    100 - nowPercent >= 25 || startPercent < 20
      ? { left: `${Math.min(Math.max(nowPercent, 0), 100) + 0.5}%`, maxWidth: `${Math.max(99.5 - Math.max(nowPercent, 0), 20)}%` }
      : { right: `${100 - Math.min(startPercent, 100) + 0.5}%`, maxWidth: `${Math.min(startPercent, 100) - 1}%` };
  return (
    <span class="reason" style={style}>
      {reason}
    </span>
  );
}
