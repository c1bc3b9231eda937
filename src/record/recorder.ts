/**
 * Recording a session: `recordTo` wraps a simulator so that every request it applies, with the
 * response it gave, is handed to a sink as one NDJSON line (the header first); `createRecorder` keeps
 * the lines in memory for `recording()`. The wrapper answers exactly as the simulator it wraps: it
 * never changes a request or a response, and it does no I/O itself (the sink decides where lines go).
 */
import type { SimRequest, SimResponse } from '../api/handle';
import type { Simulator } from '../create-simulator';
import { entryLine, headerLine, recordedOptions, RecordedOutcome, toRecordedRequest } from './recording-format';

/** Receives each line of a recording, without its newline, as soon as it is known. */
export type RecordingSink = (line: string) => void;

export interface RecordingSimulator extends Simulator {
  /** The recording so far: the header line and one line per request, each ending with a newline. */
  recording(): string;
  /** How many requests have been recorded. */
  readonly recordedRequests: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Wraps `simulator` so each request is recorded through `sink`; the header line goes to the sink at
 * once. Wrap a fresh simulator: requests it answered before being wrapped are not in the recording,
 * so the recording would not replay. A request that throws (a simulator bug, never an ES error) is
 * recorded with its message and the exception passes through unchanged.
 */
export function recordTo(simulator: Simulator, sink: RecordingSink): Simulator {
  sink(headerLine(recordedOptions(simulator)));
  const requestSync = (request: SimRequest): SimResponse => {
    const recorded = toRecordedRequest(request);
    let response: SimResponse;
    try {
      response = simulator.requestSync(request);
    } catch (error) {
      sink(entryLine(recorded, { kind: 'thrown', message: messageOf(error) }));
      throw error;
    }
    const outcome: RecordedOutcome = { kind: 'response', status: response.status, headers: response.headers, text: response.text };
    sink(entryLine(recorded, outcome));
    return response;
  };
  return { ...simulator, requestSync, request: async (request) => requestSync(request) };
}

/**
 * A simulator that records its own session in memory:
 *
 *     const sim = createRecorder(createSimulator({ seed: 7 }));
 *     await sim.request({ method: 'GET', path: '/_sim/clock' });
 *     writeFileSync('session.ndjson', sim.recording());
 */
export function createRecorder(simulator: Simulator): RecordingSimulator {
  const lines: string[] = [];
  const recording = recordTo(simulator, (line) => lines.push(line));
  return {
    ...recording,
    recording: () => lines.map((line) => `${line}\n`).join(''),
    get recordedRequests(): number {
      return lines.length - 1;
    },
  };
}
