/**
 * The JSON `GET /_sim/timeline` answers, as types for its readers (the step library, `ilm-sim plan`,
 * the SVG picture). Types only: the route builds the JSON in src/api/sim/lifecycle-view-handlers.ts.
 */

export interface TimelineSpanJson {
  readonly start: string;
  readonly start_millis: number;
  readonly end: string | null;
  readonly end_millis: number | null;
}

export interface TimelineWaitJson extends TimelineSpanJson {
  readonly phase: string;
  readonly action: string;
  readonly step: string;
  readonly index: string;
  readonly failed_step?: string;
  readonly retries?: number;
  readonly error?: { readonly type: string; readonly reason: string };
}

export interface LineageJson extends TimelineSpanJson {
  readonly index: string;
  readonly policy: string | null;
  readonly ended: 'deleted' | 'gone' | null;
  readonly lineage: ReadonlyArray<TimelineSpanJson & { readonly index: string }>;
  readonly phases: ReadonlyArray<TimelineSpanJson & { readonly phase: string }>;
  readonly actions: ReadonlyArray<TimelineSpanJson & { readonly phase: string; readonly action: string }>;
  readonly waits: readonly TimelineWaitJson[];
}

export interface TimelineJson {
  readonly now: string;
  readonly now_millis: number;
  readonly indices: readonly LineageJson[];
}
