/**
 * The public entry point (a contract): `createSimulator(options)` returns a simulator whose
 * `request({ method, path, body })` answers exactly as an Elasticsearch node of the chosen version
 * would, under a virtual clock controlled through the `/_sim` routes. Options are checked (in
 * `create-simulator.ts`) and refused with a clear message; nothing reads the wall clock. This file
 * only re-exports: src/record imports `create-simulator.ts`, never this entry point.
 */
export { createSimulator, DEFAULT_POLL_INTERVAL, DEFAULT_START_TIME } from './create-simulator';
export type { Simulator, SimulatorOptions } from './create-simulator';
export type { NodeSpec } from './engine/cluster/topology';
export type { SimRequest, SimResponse } from './api/handle';
export { PROFILES } from './engine/profile';
// One clock for ILM and the user's own sinon timers.
export { linkFakeTimers } from './fake-timers';
export type { FakeTimersLink, LinkableClock } from './fake-timers';
// Recording a session for `ilm-sim replay` (src/record): a wrapper, the contract above is unchanged.
export { createRecorder, recordTo } from './record/recorder';
export type { RecordingSimulator, RecordingSink } from './record/recorder';
// Your policy and template files, as PUT bodies or GET exports (the step library and `ilm-sim plan`).
export { policyBody, readJsonFile, templateBody } from './files/user-files';
export type { BodyFromFile } from './files/user-files';
// Seeing a lifecycle: the timeline JSON (`GET /_sim/timeline`).
export type { LineageJson, TimelineJson, TimelineSpanJson, TimelineWaitJson } from './report/timeline-json';
export { timelineHtml, timelineRange, timelineSvg, timelineText } from './report/timeline-svg';
export type { TimelinePage, TimelinePictureOptions } from './report/timeline-svg';
// The twin of a captured cluster and its workload (the step library's captured-cluster steps).
export { twinOfBundleDirectory } from './twin/restore';
export { workloadRequests } from './twin/workload';
export type { WorkloadRate } from './twin/workload';
