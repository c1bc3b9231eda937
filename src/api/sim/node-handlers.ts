/**
 * The `/_sim/nodes` control (not an ES API): read and change the simulated cluster's nodes. `PUT`
 * replaces every node, `POST` adds one (a node joins), `DELETE /_sim/nodes/<name>` removes one,
 * `POST /_sim/nodes/<name>/_stop` and `_start` make a node leave and come back. Each change is checked
 * whole first (bad input: 400 with the reason, nothing changed), then the simulator places every index
 * again and runs what a cluster change runs. Errors use the ES error shape.
 */
import { EsException, illegalArgument, resourceNotFound } from '../../engine/errors';
import { nodeSpecsError, SimNode, topologyOf, toNodeSpecs } from '../../engine/cluster/topology';
import { bodyAsMap, HandlerResult, ok, RequestContext, requiredBody } from '../context';

function nodeView(node: SimNode): Record<string, unknown> {
  return { name: node.name, id: node.id, host: node.host, ip: node.ip, roles: node.roles, attributes: node.attributes, running: node.running };
}

function view(ctx: RequestContext): HandlerResult {
  return ok({ nodes: topologyOf(ctx.sim.cluster).nodes().map(nodeView) });
}

function bad(reason: string): never {
  throw new EsException(illegalArgument(reason));
}

/** `GET /_sim/nodes`. */
export function getNodes(ctx: RequestContext): HandlerResult {
  return view(ctx);
}

/** `PUT /_sim/nodes` `{"nodes": [{"name": "hot-1", "roles": ["data_hot"], "attributes": {"box_type": "hot"}}]}`. */
export function putNodes(ctx: RequestContext): HandlerResult {
  const body = bodyAsMap(requiredBody(ctx));
  for (const key of Object.keys(body)) if (key !== 'nodes') bad(`unknown field [${key}], expected only [nodes]`);
  if (!('nodes' in body)) bad('required field [nodes] is missing');
  const problem = nodeSpecsError(body['nodes']);
  if (problem) bad(problem);
  topologyOf(ctx.sim.cluster).replace(toNodeSpecs(body['nodes']));
  ctx.sim.topologyChanged();
  return view(ctx);
}

/** `POST /_sim/nodes` with one node: it joins the cluster. */
export function addNode(ctx: RequestContext): HandlerResult {
  const body = bodyAsMap(requiredBody(ctx));
  const problem = nodeSpecsError([body]);
  if (problem) bad(problem.replace('[nodes][0]', '[node]'));
  const [spec] = toNodeSpecs([body]);
  const topology = topologyOf(ctx.sim.cluster);
  if (topology.byName(spec!.name)) bad(`a node named [${spec!.name}] is already in the cluster`);
  topology.add(spec!);
  ctx.sim.topologyChanged();
  return view(ctx);
}

function named(ctx: RequestContext): string {
  const name = ctx.params.get('name') ?? '';
  if (!topologyOf(ctx.sim.cluster).byName(name)) throw new EsException(resourceNotFound(`no node named [${name}]`));
  return name;
}

/** `DELETE /_sim/nodes/<name>`: the node leaves for good. */
export function removeNode(ctx: RequestContext): HandlerResult {
  const name = named(ctx);
  const topology = topologyOf(ctx.sim.cluster);
  if (topology.nodes().length === 1) bad(`cannot remove [${name}], the cluster's last node`);
  topology.remove(name);
  ctx.sim.topologyChanged();
  return view(ctx);
}

/** `POST /_sim/nodes/<name>/_stop`: the node leaves; its copies are unassigned or promoted. */
export function stopNode(ctx: RequestContext): HandlerResult {
  topologyOf(ctx.sim.cluster).setRunning(named(ctx), false, ctx.sim.now);
  ctx.sim.topologyChanged();
  return view(ctx);
}

/** `POST /_sim/nodes/<name>/_start`: the node comes back (empty). */
export function startNode(ctx: RequestContext): HandlerResult {
  topologyOf(ctx.sim.cluster).setRunning(named(ctx), true);
  ctx.sim.topologyChanged();
  return view(ctx);
}
