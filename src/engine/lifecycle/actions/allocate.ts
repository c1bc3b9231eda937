/**
 * The `allocate` action (mirrors ES `AllocateAction` of 6.6, 7.x and 8.x): one `UpdateSettingsStep`
 * that sets the replica count, the `index.routing.allocation.{include,exclude,require}.<attribute>`
 * filters and (7.16+) `total_shards_per_node`, then `check-allocation` (ES `AllocationRoutedStep`),
 * which waits until every copy is active where the rules allow (see `../allocation.ts`). Also the
 * policy rule that a phase may not migrate data twice. Holds no state and never reads the clock.
 */
import { allocationRoutedWait, readsOnlyItsOwnIndex } from '../allocation-waits';
import { EsException, illegalArgument, illegalState } from '../../errors';
import { javaHashMapOrder } from '../../xcontent/java-order';
import type { JsonTokenizer } from '../../xcontent/json-tokens';
import { intValue, ownKeysObject, parseObject, FieldSpec } from '../../xcontent/object-parser';
import { stepKey } from '../../cluster/step-key';
import type { ActionDefinition } from './action';
import { updateSettingsStep } from './common';

export const NAME = 'allocate';
const ROUTING_FILTERS = ['include', 'exclude', 'require'] as const;

/**
 * ES `XContentParser#mapStrings` (a `HashMap`): every value must be a scalar and is kept as its text,
 * so `{"rack": 1}` becomes `"1"`. Anything else fails as Jackson's `text()` does, with
 * `Can't get text on a <token> at <line>:<column>` (an `IllegalStateException`; JSON null included,
 * since ES's `VALUE_NULL` is not a value token).
 */
function stringMap(p: JsonTokenizer): Record<string, string> {
  const out = ownKeysObject<string>();
  for (let token = p.nextToken(); token === 'FIELD_NAME'; token = p.nextToken()) {
    const name = p.currentName();
    const value = p.nextToken();
    if (value !== 'VALUE_STRING' && value !== 'VALUE_NUMBER' && value !== 'VALUE_BOOLEAN') {
      const at = p.tokenLocation();
      throw new EsException(illegalState(`Can't get text on a ${value ?? 'null'} at ${at.line}:${at.column}`));
    }
    out[name] = p.text();
  }
  return out;
}

function routing(settings: Readonly<Record<string, unknown>>, filter: (typeof ROUTING_FILTERS)[number]): Record<string, string> {
  return (settings[filter] as Record<string, string> | undefined) ?? {};
}

/** Whether the action routes by node attributes (ES `definesAllocationRules`). */
export function definesAllocationRules(settings: Readonly<Record<string, unknown>>): boolean {
  return ROUTING_FILTERS.some((f) => Object.keys(routing(settings, f)).length > 0);
}

export const allocateAction: ActionDefinition = {
  name: NAME,
  parse: (p, profile) => {
    const withShardsPerNode = profile.chains.allocate === 'v8';
    const fields: FieldSpec[] = [
      { name: 'number_of_replicas', type: 'INT', constructorArg: 'optional', parse: intValue },
      // `total_shards_per_node` arrived in 7.16 (elastic/elasticsearch#76134); earlier it is unknown.
      ...(withShardsPerNode ? [{ name: 'total_shards_per_node', type: 'INT', constructorArg: 'optional', parse: intValue } as FieldSpec] : []),
      ...ROUTING_FILTERS.map((name): FieldSpec => ({ name, type: 'OBJECT', constructorArg: 'optional', parse: stringMap })),
    ];
    return parseObject(p, {
      name: NAME,
      constructing: true,
      fields,
      build: (values) => {
        const replicas = values.get('number_of_replicas') as number | undefined;
        const shardsPerNode = values.get('total_shards_per_node') as number | undefined;
        const settings: Record<string, unknown> = {};
        for (const filter of ROUTING_FILTERS) settings[filter] = (values.get(filter) as Record<string, string> | undefined) ?? {};
        if (!definesAllocationRules(settings) && replicas === undefined && shardsPerNode === undefined) {
          // 6.6-7.x lacked the space before "must" (sic); 8.x (#81944) reworded it.
          throw new EsException(
            illegalArgument(
              withShardsPerNode
                ? 'At least one of include, exclude or require must contain attributes for action allocate. Otherwise the number_of_replicas or the total_shards_per_node options must be configured.'
                : 'At least one of include, exclude or requiremust contain attributes for action allocate',
            ),
          );
        }
        if (replicas !== undefined && replicas < 0) throw new EsException(illegalArgument('[number_of_replicas] must be >= 0'));
        if (shardsPerNode !== undefined && shardsPerNode < -1) throw new EsException(illegalArgument('[total_shards_per_node] must be >= -1'));
        return {
          action: NAME,
          settings: {
            ...(replicas !== undefined ? { number_of_replicas: replicas } : {}),
            ...(shardsPerNode !== undefined ? { total_shards_per_node: shardsPerNode } : {}),
            ...settings,
          },
        };
      },
    });
  },
  // ES `AllocateAction#toXContent`: the counts when set, then the three filters always, as objects in
  // the HashMap order `mapStrings` gave them.
  toXContent: (config) => {
    const out: Record<string, unknown> = {};
    const { settings } = config;
    if (settings['number_of_replicas'] !== undefined) out['number_of_replicas'] = settings['number_of_replicas'];
    if (settings['total_shards_per_node'] !== undefined) out['total_shards_per_node'] = settings['total_shards_per_node'];
    for (const filter of ROUTING_FILTERS) {
      const map = routing(settings, filter);
      out[filter] = Object.fromEntries(javaHashMapOrder(Object.keys(map)).map((k) => [k, map[k]]));
    }
    return out;
  },
  toSteps: (phase, nextKey, config, profile) => {
    const allocateKey = stepKey(phase, NAME, NAME);
    const checkKey = stepKey(phase, NAME, 'check-allocation');
    const { settings } = config;
    const update = ownKeysObject<string>();
    if (settings['number_of_replicas'] !== undefined) update['index.number_of_replicas'] = String(settings['number_of_replicas']);
    for (const filter of ROUTING_FILTERS) {
      for (const [attribute, value] of Object.entries(routing(settings, filter))) update[`index.routing.allocation.${filter}.${attribute}`] = value;
    }
    if (settings['total_shards_per_node'] !== undefined) {
      update['index.routing.allocation.total_shards_per_node'] = String(settings['total_shards_per_node']);
    }
    return [
      updateSettingsStep(profile, allocateKey, checkKey, update),
      {
        kind: 'cluster-state-wait',
        key: checkKey,
        nextKey,
        retryable: profile.retryable.otherActionSteps,
        // Its answer reads only the index, its placement and the nodes; a change of nodes or of the
        // index's shards marks the index changed, so no other index's change can change it.
        watches: readsOnlyItsOwnIndex,
        check: allocationRoutedWait,
      },
    ];
  },
};
