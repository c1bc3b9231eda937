// Type-checked only (never run): the package's entry points as a TypeScript user writes them.
import { Client } from '@elastic/elasticsearch';
import * as sinon from 'sinon';
import { createSimulator, linkFakeTimers, type FakeTimersLink, type Simulator } from 'ilm-sim';
import { connectionFor } from 'ilm-sim/client';
import { startServer, type SimulatorServer } from 'ilm-sim/server';

export async function usage(): Promise<void> {
  const simulator: Simulator = createSimulator({ profile: '8.19', startTime: '2024-01-01T00:00:00Z', pollInterval: '1m', seed: 7 });
  const client = new Client({ node: 'http://localhost:9200', Connection: connectionFor(simulator) });
  const link: FakeTimersLink = linkFakeTimers(simulator, sinon.useFakeTimers());
  link.unlink();
  const server: SimulatorServer = await startServer({ port: 0, profile: '9.1' });
  const url: string = server.url;
  await server.close();
  await client.close();
  void url;
}
