/**
 * Every step file of the library, in the order the reference lists them. Importing this module defines
 * the steps (see ./step-catalogue: registered with Cucumber, or only recorded for the reference); it
 * holds no code of its own.
 */
import '../../steps/simulator';
import '../../steps/policy';
import '../../steps/indices';
import '../../steps/explain';
import '../../steps/response';
import '../../steps/fault';
import '../../steps/data-stream';
import '../../steps/data-stream-lifecycle';
import '../../steps/snapshot';
import '../../steps/allocation';
import '../../steps/nodes';
import '../../steps/files';
import '../../steps/timeline';
