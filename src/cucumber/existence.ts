/**
 * Assertions on what exists and where writes go: an index, an alias, the indices an alias points to,
 * the write index of an alias or of a data stream. Each reads ES's own answers (`GET /<index>`,
 * `GET /_alias/<name>`, `GET /_data_stream/<name>`) and fails in one line saying what is there instead.
 * It speaks only ES requests, in process and over HTTP alike, and changes nothing.
 */
import { readRecord, whereIs, type Requester } from './advance-until';
import { describeEsError } from './refusal';

type AliasEntries = Record<string, { aliases?: Record<string, { is_write_index?: boolean }> }>;

const path = (name: string): string => encodeURIComponent(name);
const names = (list: readonly string[]): string => (list.length === 0 ? 'nothing' : list.join(', '));
/** A long list of backing indices shortened for a message: the first three, how many between, the last two. */
const backingNames = (list: readonly string[]): string =>
  list.length <= 6 ? names(list) : `${list.slice(0, 3).join(', ')}, ... (${list.length - 5} more), ${list.slice(-2).join(', ')}`;

/** The indices the alias points to, with each one's `is_write_index`, or null when no index has the alias. */
async function aliasIndices(world: Requester, alias: string): Promise<Map<string, boolean | undefined> | null> {
  const response = await world.send('GET', `/_alias/${path(alias)}`);
  if (response.status === 404) return null;
  if (response.status !== 200) throw new Error(`GET /_alias/${alias} was refused: ${describeEsError(response)}\n${response.text}`);
  const out = new Map<string, boolean | undefined>();
  for (const [index, entry] of Object.entries(response.body as AliasEntries)) out.set(index, entry.aliases?.[alias]?.is_write_index);
  return out;
}

/**
 * The index writes to the alias go to, as ES resolves it (`IndexAbstraction.Alias`): the one marked
 * `is_write_index: true`, else the only index when it is not marked `false`; null when there is none.
 */
function writeIndexOf(indices: Map<string, boolean | undefined>): string | null {
  const marked = [...indices].find(([, write]) => write === true);
  if (marked) return marked[0];
  const [only] = [...indices];
  return indices.size === 1 && only![1] !== false ? only![0] : null;
}

/** What a name is when it is not an index: an alias (of which indices) or a data stream. */
async function whatNameIs(world: Requester, name: string): Promise<string | null> {
  const indices = await aliasIndices(world, name);
  if (indices !== null) return `"${name}" is an alias of ${names([...indices.keys()])}`;
  const stream = await world.send('GET', `/_data_stream/${path(name)}`);
  if (stream.status === 200) return `"${name}" is a data stream`;
  return null;
}

/** Fails unless an index of that very name exists (an alias or a data stream of the name is not one). */
export async function expectIndexExists(world: Requester, index: string): Promise<void> {
  const response = await world.send('GET', `/${path(index)}`);
  if (response.status === 200 && Object.hasOwn(response.body as object, index)) return;
  if (response.status === 200) {
    const other = await whatNameIs(world, index);
    throw new Error(
      `expected the index "${index}" to exist, but ${other ?? `GET /${index} answered the indices ${names(Object.keys(response.body as object))}`}`,
    );
  }
  if (response.status !== 404) throw new Error(`GET /${index} was refused: ${describeEsError(response)}\n${response.text}`);
  const clock = (await world.send('GET', '/_sim/clock')).body as { now_millis: number };
  throw new Error(`expected the index "${index}" to exist, but it ${await whereIs(world, index, await readRecord(world, index), clock.now_millis)}`);
}

/** Fails unless some index has the alias. */
export async function expectAliasExists(world: Requester, alias: string): Promise<void> {
  if ((await aliasIndices(world, alias)) !== null) return;
  const index = (await world.send('HEAD', `/${path(alias)}`)).status === 200 ? ` ("${alias}" is an index or a data stream, not an alias)` : '';
  throw new Error(`expected the alias "${alias}" to exist, but no index has it${index}`);
}

/** Fails when some index has the alias, naming them. */
export async function expectNoAlias(world: Requester, alias: string): Promise<void> {
  const indices = await aliasIndices(world, alias);
  if (indices === null) return;
  throw new Error(`expected no alias "${alias}", but it points to ${names([...indices.keys()])}`);
}

/** Fails unless the alias points to the index (among others, perhaps). */
export async function expectAliasPointsTo(world: Requester, alias: string, index: string): Promise<void> {
  const indices = await aliasIndices(world, alias);
  if (indices === null) throw new Error(`expected the alias "${alias}" to point to "${index}", but no index has the alias`);
  if (indices.has(index)) return;
  throw new Error(`expected the alias "${alias}" to point to "${index}", but it points to ${names([...indices.keys()])}`);
}

/** Fails unless writes to the alias go to the index. */
export async function expectAliasWriteIndex(world: Requester, alias: string, index: string): Promise<void> {
  const indices = await aliasIndices(world, alias);
  if (indices === null) throw new Error(`expected the write index of the alias "${alias}" to be "${index}", but no index has the alias`);
  const write = writeIndexOf(indices);
  if (write === index) return;
  const listed = [...indices].map(([name, flag]) => (flag === undefined ? name : `${name} (is_write_index: ${flag})`));
  const actual = write === null ? 'the alias has no write index' : `it is "${write}"`;
  throw new Error(`expected the write index of the alias "${alias}" to be "${index}", but ${actual} (the alias points to ${names(listed)})`);
}

/** Fails unless the data stream's write index (its newest backing index) is the index. */
export async function expectDataStreamWriteIndex(world: Requester, stream: string, index: string): Promise<void> {
  const response = await world.send('GET', `/_data_stream/${path(stream)}`);
  if (response.status !== 200)
    throw new Error(
      `expected the write index of the data stream "${stream}" to be "${index}", but GET /_data_stream/${stream} answered ${describeEsError(response)}`,
    );
  const [found] = (response.body as { data_streams?: Array<{ indices: Array<{ index_name: string }> }> }).data_streams ?? [];
  const backing = found?.indices.map((i) => i.index_name) ?? [];
  const write = backing[backing.length - 1];
  if (write === index) return;
  throw new Error(
    `expected the write index of the data stream "${stream}" to be "${index}", but it is "${write}" (backing indices, oldest first: ${backingNames(backing)})`,
  );
}

/**
 * How many backing indices the data stream has and which is the oldest. A failure (after a policy
 * change: more or fewer rollovers, an earlier or later delete) says in one line which stream, what was
 * expected and what it has: the count and the difference, the oldest, its generation and write index.
 */
export async function expectDataStreamBackingIndices(world: Requester, stream: string, count: number, oldest: string): Promise<void> {
  const response = await world.send('GET', `/_data_stream/${path(stream)}`);
  if (response.status !== 200)
    throw new Error(
      `expected the data stream "${stream}" to have ${count} backing indices, the oldest "${oldest}", but GET /_data_stream/${stream} answered ${describeEsError(response)}`,
    );
  const [found] = (response.body as { data_streams?: Array<{ generation?: number; indices: Array<{ index_name: string }> }> }).data_streams ?? [];
  const backing = found?.indices.map((i) => i.index_name) ?? [];
  if (backing.length === count && backing[0] === oldest) return;
  const differences: string[] = [];
  if (backing.length !== count) {
    const by = backing.length - count;
    differences.push(`${backing.length} backing indices where ${count} were expected (${Math.abs(by)} ${by > 0 ? 'more' : 'fewer'})`);
  }
  if (backing[0] !== oldest) differences.push(`the oldest is "${backing[0]}", not "${oldest}"`);
  throw new Error(
    `the data stream "${stream}" differs: ${differences.join(', and ')}; it is at generation ${found?.generation ?? '?'}, writing to "${backing[backing.length - 1]}"; backing indices, oldest first: ${backingNames(backing)}`,
  );
}
