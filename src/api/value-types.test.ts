/**
 * Values of the wrong type and prototype keys in request bodies (issue 20, items 4 to 6): each is
 * answered with ES's error (or ES's acceptance) rather than a 500 thrown by JavaScript, and a policy ES
 * stores whole never breaks the clock afterwards. The messages follow ES's `ObjectParser` (positioned
 * `x_content_parse_exception`s) and the map readers of the routes that have no parser.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';

function send(sim: Simulator, method: string, path: string, body?: unknown) {
  return sim.requestSync({ method, path, ...(body === undefined ? {} : { body }) });
}

type Cause = { type: string; reason: string; caused_by?: Cause };
/** An ES error body: the chain of causes, outermost first; the root cause as ES guesses it. */
function esError(status: number, chain: Cause[], rootIndex = 0): string {
  const nest = (i: number): Cause => ({ type: chain[i]!.type, reason: chain[i]!.reason, ...(i + 1 < chain.length ? { caused_by: nest(i + 1) } : {}) });
  const root = chain[rootIndex]!;
  return JSON.stringify({ error: { root_cause: [{ type: root.type, reason: root.reason }], ...nest(0) }, status });
}
const xContent = (reason: string): Cause => ({ type: 'x_content_parse_exception', reason });

function cluster(profile = '8.19'): Simulator {
  const sim = createSimulator({ profile });
  for (const [method, path, body] of [
    ['PUT', '/b', undefined],
    ['PUT', '/_snapshot/r', { type: 'fs', settings: { location: '/x' } }],
  ] as const) {
    expect(send(sim, method, path, body).status).to.equal(200);
  }
  return sim;
}

describe('prototype keys are ordinary names (issue 20, item 4)', () => {
  it('an alias action named __proto__ or constructor is an unknown field, not a 500', () => {
    const sim = cluster();
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const response = send(sim, 'POST', '/_aliases', `{"actions":[{"${key}":{"index":"b","alias":"x"}}]}`);
      expect(response.text).to.equal(esError(400, [{ type: 'illegal_argument_exception', reason: `[alias_action] unknown field [${key}]` }]));
    }
  });

  it('?bytes=constructor is an unknown unit, not a NaN column', () => {
    const response = send(cluster(), 'GET', '/_cat/indices?bytes=constructor');
    expect(response.text).to.equal(esError(400, [{ type: 'illegal_argument_exception', reason: 'failed to parse [bytes] with value [constructor]' }]));
  });

  it('an SLM policy with a constructor field is accepted, as ES skips unknown fields', () => {
    const response = send(cluster(), 'PUT', '/_slm/policy/p', { name: 'snap', schedule: '0 30 1 * * ?', repository: 'r', constructor: 1 });
    expect(response.status).to.equal(200);
  });
});

describe('an object where a string or number is expected (issue 20, item 5)', () => {
  it('composable templates: ObjectParser type errors, also in _simulate_index', () => {
    const sim = cluster();
    for (const path of ['/_index_template/t', '/_index_template/_simulate_index/a1']) {
      const method = path.includes('_simulate') ? 'POST' : 'PUT';
      expect(send(sim, method, path, '{"index_patterns":["a*"],"priority":{}}').text).to.equal(
        esError(400, [xContent("[1:37] [index_template] priority doesn't support values of type: START_OBJECT")]),
      );
      expect(send(sim, method, path, '{"index_patterns":[{}]}').text).to.equal(
        esError(400, [
          xContent('[1:20] [index_template] failed to parse field [index_patterns]'),
          { type: 'illegal_state_exception', reason: "Can't get text on a START_OBJECT at 1:20" },
        ]),
      );
    }
  });

  it('component templates: ComponentTemplate.PARSER types, Template.PARSER nested', () => {
    const sim = cluster();
    expect(send(sim, 'PUT', '/_component_template/c', '{"template":{},"version":{}}').text).to.equal(
      esError(400, [xContent("[1:26] [component_template] version doesn't support values of type: START_OBJECT")]),
    );
    expect(send(sim, 'PUT', '/_component_template/c', '{"template":{"settings":5}}').text).to.equal(
      esError(
        400,
        [
          xContent('[1:25] [component_template] failed to parse field [template]'),
          xContent("[1:25] [template] settings doesn't support values of type: VALUE_NUMBER"),
        ],
        1,
      ),
    );
  });

  it('legacy templates: order goes through Integer.parseInt; a pattern element is its Java text', () => {
    const sim = cluster();
    expect(send(sim, 'PUT', '/_template/t', { index_patterns: ['a*'], order: {} }).text).to.equal(
      esError(400, [{ type: 'number_format_exception', reason: 'For input string: "{}"' }]),
    );
    expect(send(sim, 'PUT', '/_template/t', { index_patterns: [{}] }).status).to.equal(200);
    expect((send(sim, 'GET', '/_template/t').body as Record<string, { index_patterns: string[] }>)['t']!.index_patterns).to.deep.equal(['{}']);
  });

  it('POST /_aliases: routing is ValueType.INT, the error wrapped by each enclosing parser', () => {
    const response = send(cluster(), 'POST', '/_aliases', '{"actions":[{"add":{"index":"b","alias":"x","routing":{}}}]}');
    const inner = xContent("[1:55] [add] routing doesn't support values of type: START_OBJECT");
    expect(response.text).to.equal(
      esError(400, [xContent('[1:55] [aliases] failed to parse field [actions]'), xContent('[1:55] [alias_action] failed to parse field [add]'), inner], 2),
    );
  });

  it('PUT /{index}/_alias/{name}: RestIndexPutAliasAction walks over an object routing', () => {
    const sim = cluster();
    expect(send(sim, 'PUT', '/b/_alias/a', { routing: {} }).status).to.equal(200);
    expect(send(sim, 'GET', '/b/_alias/a').text).to.equal('{"b":{"aliases":{"a":{}}}}');
  });

  it('create index: 8.x refuses an object routing in an alias; 7.x reads past it', () => {
    expect(send(cluster('8.19'), 'PUT', '/c', { aliases: { a: { routing: {} } } }).text).to.equal(
      esError(400, [{ type: 'illegal_argument_exception', reason: 'Unknown field [routing] in alias [a]' }]),
    );
    const sim = cluster('7.17');
    expect(send(sim, 'PUT', '/c', { aliases: { a: { routing: {} } } }).status).to.equal(200);
    expect(send(sim, 'GET', '/c/_alias/a').text).to.equal('{"c":{"aliases":{"a":{}}}}');
  });

  it('migrate_to_data_tiers: both fields are declareString', () => {
    const sim = cluster();
    send(sim, 'POST', '/_ilm/stop');
    expect(send(sim, 'POST', '/_ilm/migrate_to_data_tiers?dry_run=true', '{"legacy_template_to_delete":{}}').text).to.equal(
      esError(400, [xContent("[1:30] [index_template] legacy_template_to_delete doesn't support values of type: START_OBJECT")]),
    );
    expect(send(sim, 'POST', '/_ilm/migrate_to_data_tiers?dry_run=true', '{"node_attribute":{}}').text).to.equal(
      esError(400, [xContent("[1:19] [index_template] node_attribute doesn't support values of type: START_OBJECT")]),
    );
  });

  it("create snapshot: a list element that is not a string fails List#toArray (ES's 500)", () => {
    const sim = cluster();
    const response = send(sim, 'PUT', '/_snapshot/r/s1', { indices: [{}] });
    expect(response.status).to.equal(500);
    expect((response.body as { error: { type: string } }).error.type).to.equal('array_store_exception');
    expect(send(sim, 'GET', '/_snapshot/r/_all').text).to.equal('{"snapshots":[],"total":0,"remaining":0}');
  });
});

describe('SLM policies with a malformed config or retention (issue 20, item 6)', () => {
  it('a retention count of the wrong type is refused at PUT', () => {
    const sim = cluster();
    const response = send(sim, 'PUT', '/_slm/policy/p', '{"name":"n","schedule":"0 30 1 * * ?","repository":"r","retention":{"min_count":{}}}');
    const inner = xContent("[1:81] [snapshot_retention] min_count doesn't support values of type: START_OBJECT");
    expect(response.text).to.equal(esError(400, [xContent('[1:81] [snapshot_lifecycle] failed to parse field [retention]'), inner], 1));
    expect(send(sim, 'GET', '/_slm/policy').text).to.equal('{}');
  });

  it('a config ES stores but cannot snapshot with: the clock moves on, runs take no snapshot, _execute answers the failure', () => {
    const sim = cluster();
    expect(send(sim, 'PUT', '/_slm/policy/p', { name: 'snap', schedule: '0 30 1 * * ?', repository: 'r', config: { indices: [{}] } }).status).to.equal(200);
    const advanced = send(sim, 'POST', '/_sim/clock/_advance', { by: '3d' });
    expect(advanced.status, advanced.text).to.equal(200);
    expect(send(sim, 'GET', '/_snapshot/r/_all').text).to.equal('{"snapshots":[],"total":0,"remaining":0}');
    const executed = send(sim, 'POST', '/_slm/policy/p/_execute');
    expect(executed.status).to.equal(500);
    expect((executed.body as { error: { type: string } }).error.type).to.equal('array_store_exception');
  });
});
