/**
 * `POST /<index>/_close` and `POST /<index>/_open` (ES `RestCloseIndexAction`, `RestOpenIndexAction`):
 * an index's open/closed state as ILM sees it. They flip `IndexMetadata.state` and nothing else (no
 * shards, no blocks are simulated); the answer's shape is the release's.
 */
import { IndexMetadata, setIndexState } from '../../engine/cluster/cluster';
import { resolveIndices } from '../../engine/cluster/index-resolver';
import { HandlerResult, ok, RequestContext, wildcardOptions } from '../context';
import { checkOpenShardLimit } from '../../engine/cluster/shard-limit';

/** The indices named, wildcards reaching the default states (close: `open`; open: `closed`). */
function targets(ctx: RequestContext, defaultWildcards: string): IndexMetadata[] {
  return resolveIndices(ctx.sim.cluster, ctx.params.get('index') ?? '_all', wildcardOptions(ctx, defaultWildcards));
}

/**
 * ES `TransportCloseIndexAction` / `MetadataIndexStateService#closeIndices`: indices already closed are
 * left out (`addIndexClosedBlocks`); when nothing is left to close the answer is
 * `CloseIndexResponse.EMPTY`, `shards_acknowledged: false` with no indices. The 7.3+ body is
 * `CloseIndexResponse#addCustomFields` (`indices.<name>.closed`), as elasticsearch-specification 8.19
 * `indices/close/CloseIndexResponse.ts` lists it.
 * From 7.2 a closed index carries `index.verified_before_close: true` (`VERIFIED_BEFORE_CLOSE_SETTING`).
 * Divergence: ES refuses to close a data stream's write index, can be disabled by
 * `cluster.indices.close.enable: false`, and refuses wildcards and `_all` under
 * `action.destructive_requires_name` (`DestructiveOperations#failDestructive`, true by default from
 * 8.0); the simulator closes any index named (as its `DELETE` does, the setting not being modelled).
 */
export function closeIndex(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const closing = targets(ctx, 'open').filter((index) => index.state === 'open');
  for (const index of closing) {
    setIndexState(index, 'close');
    if (sim.profile.closeIndex === 'v7') index.settings.set('index.verified_before_close', 'true');
  }
  sim.clusterChanged();
  // ES 6.x `CloseIndexResponse extends AcknowledgedResponse`; 7.3+ `ShardsAcknowledgedResponse` with the
  // per-index `closed` results.
  if (sim.profile.closeIndex === 'v6') return ok({ acknowledged: true });
  const indices: Record<string, unknown> = {};
  for (const index of closing) indices[index.name] = { closed: true };
  return ok({ acknowledged: true, shards_acknowledged: closing.length > 0, indices });
}

/**
 * ES `TransportOpenIndexAction` / `MetadataIndexStateService#openIndices`: wildcards reach closed
 * indices by default; an open index named stays as it is. The answer is `OpenIndexResponse` in every
 * release: `{"acknowledged":true,"shards_acknowledged":true}`.
 */
export function openIndex(ctx: RequestContext): HandlerResult {
  const { sim } = ctx;
  const opening = targets(ctx, 'closed');
  // ES `MetadataIndexStateService#openIndices`: the shard limit over the closed indices named.
  checkOpenShardLimit(sim.cluster, sim.profile, opening);
  for (const index of opening) {
    if (index.state === 'open') continue;
    setIndexState(index, 'open');
    index.settings.delete('index.verified_before_close');
  }
  sim.clusterChanged();
  return ok({ acknowledged: true, shards_acknowledged: true });
}
