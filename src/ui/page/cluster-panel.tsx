/**
 * The cluster: its nodes with roles, attributes and the shard copies each holds (`GET /_sim/nodes`,
 * `GET /_cat/allocation`, the unassigned ones from `GET /_cat/shards`), health (`GET /_cluster/health`), ILM and SLM status, the faults of
 * `/_sim/faults`; stop, start and add a node through the `/_sim/nodes` routes. Values are shown as
 * the routes answer them.
 */
import { useEffect, useState } from 'preact/hooks';
import { Answer, call, errorOf, seg } from './api';
import { JsonBlock, Outcome } from './json-view';

interface NodeJson {
  readonly name: string;
  readonly roles: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly running: boolean;
}
interface AllocationJson {
  readonly node: string;
  readonly shards: string;
}
interface ShardJson {
  readonly index: string;
  readonly shard: string;
  readonly prirep: string;
  readonly state: string;
  readonly node: string | null;
}

interface Loaded {
  readonly nodes: Answer;
  readonly allocation: Answer;
  /** Read only while health counts unassigned copies (a whole-cluster listing is costly at 10,000 indices). */
  readonly shards: Answer | null;
  readonly health: Answer;
  readonly ilm: Answer;
  readonly slm: Answer;
  readonly faults: Answer;
}

function statusText(answer: Answer, field: string): string {
  const error = errorOf(answer);
  if (error) return `${error.type}: ${error.reason}`;
  return String((answer.body as Record<string, unknown> | null)?.[field] ?? '—');
}

export function ClusterPanel({ version, onDone }: { version: number; onDone: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [outcome, setOutcome] = useState<Answer | null>(null);
  const [form, setForm] = useState({ name: '', roles: 'data_warm', attributes: '' });
  const [listShards, setListShards] = useState(false);
  const [shardList, setShardList] = useState<ShardJson[] | null>(null);

  useEffect(() => {
    if (!listShards) return setShardList(null);
    let live = true;
    void call('GET', '/_cat/shards?format=json&h=index,shard,prirep,state,node').then((answer) => {
      if (live) setShardList(Array.isArray(answer.body) ? (answer.body as ShardJson[]) : []);
    });
    return () => {
      live = false;
    };
  }, [listShards, version]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [nodes, allocation, health, ilm, slm, faults] = await Promise.all([
        call('GET', '/_sim/nodes'),
        call('GET', '/_cat/allocation?format=json&h=node,shards'),
        call('GET', '/_cluster/health'),
        call('GET', '/_ilm/status'),
        call('GET', '/_slm/status'),
        call('GET', '/_sim/faults'),
      ]);
      const unassignedCount = (health.body as { unassigned_shards?: number } | null)?.unassigned_shards ?? 0;
      const shards = unassignedCount > 0 ? await call('GET', '/_cat/shards?format=json&h=index,shard,prirep,state,node') : null;
      if (live) setLoaded({ nodes, allocation, shards, health, ilm, slm, faults });
    })();
    return () => {
      live = false;
    };
  }, [version]);

  const act = async (method: string, path: string, body?: unknown) => {
    setOutcome(await call(method, path, body));
    onDone();
  };

  if (!loaded)
    return (
      <section class="panel" aria-label="Cluster">
        loading…
      </section>
    );
  const nodes = ((loaded.nodes.body as { nodes?: NodeJson[] } | null)?.nodes ?? []) as NodeJson[];
  const allocation = (Array.isArray(loaded.allocation.body) ? loaded.allocation.body : []) as AllocationJson[];
  const shards = (Array.isArray(loaded.shards?.body) ? loaded.shards.body : []) as ShardJson[];
  const unassigned = shards.filter((s) => s.node === null || s.node === undefined || s.node === '');
  const faults = ((loaded.faults.body as { faults?: { id?: string }[] } | null)?.faults ?? []) as { id?: string }[];

  return (
    <section class="panel cluster-panel" aria-label="Cluster" data-testid="cluster-panel">
      <h2>Cluster</h2>
      <dl class="facts">
        <dt>health</dt>
        <dd data-testid="cluster-health" class={`health-${statusText(loaded.health, 'status')}`}>
          {statusText(loaded.health, 'status')}
        </dd>
        <dt>ILM</dt>
        <dd data-testid="ilm-status">{statusText(loaded.ilm, 'operation_mode')}</dd>
        <dt>SLM</dt>
        <dd data-testid="slm-status">{statusText(loaded.slm, 'operation_mode')}</dd>
        <dt>unassigned copies</dt>
        <dd data-testid="unassigned-count">{String((loaded.health.body as { unassigned_shards?: number } | null)?.unassigned_shards ?? '—')}</dd>
      </dl>
      <div class="actions" role="group" aria-label="ILM">
        <button type="button" onClick={() => act('POST', '/_ilm/stop')}>
          Stop ILM
        </button>
        <button type="button" onClick={() => act('POST', '/_ilm/start')}>
          Start ILM
        </button>
      </div>
      <table class="nodes" aria-label="Nodes">
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">roles</th>
            <th scope="col">attributes</th>
            <th scope="col">shards</th>
            <th scope="col">state</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((n) => {
            const held = allocation.find((a) => a.node === n.name)?.shards ?? '0';
            return (
              <tr data-testid={`node-${n.name}`} class={n.running ? '' : 'stopped'}>
                <th scope="row">{n.name}</th>
                <td>{n.roles.join(', ')}</td>
                <td>
                  {Object.entries(n.attributes)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', ')}
                </td>
                <td data-testid="node-shards">{held}</td>
                <td>
                  <span data-testid="node-running">{n.running ? 'running' : 'stopped'}</span>{' '}
                  <button
                    type="button"
                    onClick={() => act('POST', `/_sim/nodes/${seg(n.name)}/${n.running ? '_stop' : '_start'}`)}
                    aria-label={`${n.running ? 'Stop' : 'Start'} node ${n.name}`}
                    data-testid={`node-toggle-${n.name}`}
                  >
                    {n.running ? 'Stop' : 'Start'}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label>
        <input type="checkbox" checked={listShards} onChange={(e) => setListShards(e.currentTarget.checked)} /> list the shard copies each node holds
      </label>
      {shardList
        ? nodes.map((n) => (
            <p class="held">
              <strong>{n.name}</strong>:{' '}
              {shardList
                .filter((c) => c.node === n.name)
                .map((c) => `${c.index}[${c.shard}]${c.prirep}`)
                .join(' ') || 'none'}
            </p>
          ))
        : null}
      <form
        class="inline add-node"
        aria-label="Add a node"
        onSubmit={(e) => {
          e.preventDefault();
          const attributes: Record<string, string> = {};
          for (const pair of form.attributes.split(',')) {
            const [k, ...v] = pair.split('=');
            if (k && k.trim() !== '') attributes[k.trim()] = v.join('=').trim();
          }
          const roles = form.roles
            .split(',')
            .map((r) => r.trim())
            .filter((r) => r !== '');
          void act('POST', '/_sim/nodes', { name: form.name.trim(), roles, attributes });
        }}
      >
        <input aria-label="New node name" placeholder="name" size={10} value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
        <input
          aria-label="Roles, comma separated"
          placeholder="roles"
          size={16}
          value={form.roles}
          onInput={(e) => setForm({ ...form, roles: e.currentTarget.value })}
        />
        <input
          aria-label="Attributes as key=value, comma separated"
          placeholder="box_type=warm"
          size={14}
          value={form.attributes}
          onInput={(e) => setForm({ ...form, attributes: e.currentTarget.value })}
        />
        <button type="submit">Add node</button>
      </form>
      <Outcome answer={outcome} testId="cluster-outcome" />
      <h3>Unassigned shard copies</h3>
      {unassigned.length === 0 ? <p>none</p> : <JsonBlock value={unassigned.slice(0, 50)} label="unassigned shard copies" />}
      <h3>Faults</h3>
      {faults.length === 0 ? <p>none</p> : null}
      {faults.map((f) => (
        <div class="fault">
          <JsonBlock value={f} label={`fault ${f.id ?? ''}`} />
          {f.id ? (
            <button type="button" onClick={() => act('DELETE', `/_sim/faults/${seg(String(f.id))}`)}>
              Remove fault {f.id}
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
