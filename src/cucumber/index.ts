/**
 * `ilm-sim/cucumber`, the step library (a contract): requiring this module from a support file of the
 * user's registers every ilm-sim step, the `{duration}` and `{stepKey}` parameter types, the World and
 * the hooks in the user's own Cucumber. It exports the World class, so a project can add steps of its
 * own that speak to the same simulator. It must not start anything at load time: each scenario creates
 * its simulator on its first request.
 */
import './parameter-types';
import './world';
import './hooks';
import './steps/simulator';
import './steps/policy';
import './steps/indices';
import './steps/explain';
import './steps/response';
import './steps/fault';
import './steps/data-stream';
import './steps/data-stream-lifecycle';
import './steps/snapshot';
import './steps/allocation';
import './steps/nodes';
import './steps/files';
import './steps/timeline';

export { IlmWorld } from './world';
export type { Transport } from './driver';
export type { StepKeyText } from './parameter-types';
