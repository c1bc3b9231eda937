/**
 * Handlers for the ILM endpoints that steer indices and ILM itself: move to step, remove policy, and
 * start / stop / status. Each parses the request once, calls the engine and the simulation, and
 * returns ES's body; the rules live in the engine (`move-to-step.ts`, `remove-policy.ts`,
 * `operation-mode.ts`).
 */
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { moveIndexToStep, parseMoveToStepRequest } from '../../engine/lifecycle/move-to-step';
import { requestOperationMode } from '../../engine/lifecycle/operation-mode';
import { removePolicyFromIndices } from '../../engine/lifecycle/remove-policy';
import { EsException, illegalArgument } from '../../engine/errors';
import { migrateToDataTiers } from '../../engine/lifecycle/migrate-to-data-tiers';
import { checkValueTypes, textValue, typedObject } from '../../engine/xcontent/object-parser';
import { ACKNOWLEDGED, bodyAsMap, booleanParam, HandlerResult, indicesOptions, noHandlerFound, ok, pathParam, RequestContext, requiredBody } from '../context';

/** `POST _ilm/move/{index}` (ES `RestMoveToStepAction`). */
export function moveToStep(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const request = parseMoveToStepRequest(requiredBody(ctx), sim.profile);
  moveIndexToStep(sim.cluster, sim.profile, pathParam(ctx, 'index'), request, sim.now);
  // ES runs the new step's async action once the move is applied (`maybeRunAsyncAction`): an event
  // due now, like the re-run after a retry.
  sim.scheduleRetry(pathParam(ctx, 'index'));
  sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

/** `POST {index}/_ilm/remove` (ES `RestRemoveIndexLifecyclePolicyAction`, strict-expand-open by default). */
export function removePolicy(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const indices = resolveIndices(sim.cluster, pathParam(ctx, 'index'), indicesOptions(ctx));
  const failed = removePolicyFromIndices(
    sim.cluster,
    indices.map((i) => i.name),
  );
  sim.clusterChanged();
  return ok({ has_failures: failed.length > 0, failed_indexes: failed });
}

/** `POST _ilm/start`: RUNNING again, and every index is looked at afresh. */
export function start(ctx: RequestContext): HandlerResult {
  requestOperationMode(ctx.sim.cluster, 'RUNNING');
  ctx.sim.replanAll();
  return ok(ACKNOWLEDGED);
}

/** `POST _ilm/stop`: STOPPING, and STOPPED as soon as no index sits on an unsafe step. */
export function stop(ctx: RequestContext): HandlerResult {
  requestOperationMode(ctx.sim.cluster, 'STOPPING');
  ctx.sim.clusterChanged();
  return ok(ACKNOWLEDGED);
}

/** `GET _ilm/status`. */
export function status(ctx: RequestContext): HandlerResult {
  return ok({ operation_mode: ctx.sim.cluster.operationMode });
}

/** ES `MigrateToDataTiersRequest.PARSER` (named `index_template`): both fields `declareString`. */
const MIGRATE_TYPES = typedObject('index_template', [
  ['legacy_template_to_delete', 'STRING', textValue],
  ['node_attribute', 'STRING', textValue],
]);

/**
 * `POST /_ilm/migrate_to_data_tiers[?dry_run]` with an optional `{"legacy_template_to_delete": ..,
 * "node_attribute": ..}` (ES `RestMigrateToDataTiersAction`, 7.14+).
 */
export function migrateToDataTiersHandler(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  if (!sim.profile.migrateToDataTiers) return noHandlerFound(ctx);
  const body = bodyAsMap(ctx.body);
  for (const key of Object.keys(body)) {
    if (key !== 'legacy_template_to_delete' && key !== 'node_attribute') throw new EsException(illegalArgument(`[index_template] unknown field [${key}]`));
  }
  checkValueTypes(ctx.body, MIGRATE_TYPES);
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const dryRun = booleanParam(ctx, 'dry_run', false);
  const result = migrateToDataTiers(
    sim.cluster,
    sim.profile,
    { dryRun, legacyTemplateToDelete: text(body['legacy_template_to_delete']), nodeAttribute: text(body['node_attribute']) },
    sim.now,
  );
  if (!dryRun) {
    sim.replanAll();
  }
  // ES `MigrateToDataTiersResponse#toXContent` leaves out every empty list.
  const lists: Array<[string, readonly string[]]> = [
    ['migrated_ilm_policies', result.migratedPolicies],
    ['migrated_indices', result.migratedIndices],
    ['migrated_legacy_templates', result.migratedLegacyTemplates],
    ['migrated_composable_templates', result.migratedComposableTemplates],
    ['migrated_component_templates', result.migratedComponentTemplates],
  ];
  const out: Record<string, unknown> = { dry_run: dryRun };
  if (result.removedLegacyTemplate !== null) out['removed_legacy_template'] = result.removedLegacyTemplate;
  for (const [field, names] of lists) if (names.length > 0) out[field] = names;
  return ok(out);
}
