/**
 * The request edge (`handle`), reached through `createSimulator`: ES's routing errors (no handler,
 * wrong method with `Allow`, unrecognized parameters with "did you mean"), the `?pretty` output of
 * ES's JSON generator, and HEAD. References: es-ilm-api.md sections 1.1 and 1.3, ES `RestController`,
 * `BaseRestHandler#unrecognized`, `JsonXContentGenerator#usePrettyPrint`.
 */
import { deepStrictEqual } from 'node:assert';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import { expect } from 'chai';

import { createSimulator, type Simulator } from '../index';
import { simulationOf } from '../create-simulator';

async function send(sim: Simulator, method: string, path: string, body?: unknown) {
  return sim.request({ method, path, ...(body === undefined ? {} : { body }) });
}

describe('no handler for the path: 400 with a bare error string (ES 7 RestController#handleBadRequest)', () => {
  const cases: Array<[string, string]> = [
    ['GET', '/nothing/here/at/all'],
    ['GET', '/nothing/here?x=1'], // the uri is echoed with its query string
    ['POST', '/_sim/clock/_rewind'],
    ['PUT', '/_ilm/policy/a/b'],
  ];
  for (const [method, path] of cases) {
    it(`${method} ${path}`, async () => {
      const response = await send(createSimulator(), method, path);
      expect(response.status).to.equal(400);
      expect(response.text).to.equal(`{"error":"no handler found for uri [${path}] and method [${method}]"}`);
      expect(response.body).to.deep.equal({ error: `no handler found for uri [${path}] and method [${method}]` });
      expect(response.headers['content-type']).to.equal('application/json; charset=UTF-8');
    });
  }
});

describe('wrong method on a known path: 405 with the allowed methods and an Allow header (es-ilm-api.md 1.3)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['POST', '/_ilm/policy/p', ['GET', 'PUT', 'DELETE']],
    ['DELETE', '/_sim/clock', ['GET']],
    ['GET', '/_sim/_settle', ['POST']],
    ['PUT', '/idx/_ilm/explain', ['GET']],
    ['GET', '/idx/_ilm/retry', ['POST']],
  ];
  for (const [method, path, allowed] of cases) {
    it(`${method} ${path} -> allowed ${allowed.join(', ')}`, async () => {
      const response = await send(createSimulator(), method, path);
      expect(response.status).to.equal(405);
      expect(response.text).to.equal(
        `{"error":"Incorrect HTTP method for uri [${path}] and method [${method}], allowed: [${allowed.join(', ')}]","status":405}`,
      );
      expect(response.headers['allow']).to.equal(allowed.join(','));
    });
  }

  it('the uri in the message keeps its query string', async () => {
    const response = await send(createSimulator(), 'DELETE', '/_sim/clock?human');
    expect((response.body as { error: string }).error).to.equal('Incorrect HTTP method for uri [/_sim/clock?human] and method [DELETE], allowed: [GET]');
  });
});

describe('unrecognized query parameters (ES BaseRestHandler#unrecognized)', () => {
  const body = (reason: string): string =>
    JSON.stringify({ error: { root_cause: [{ type: 'illegal_argument_exception', reason }], type: 'illegal_argument_exception', reason }, status: 400 });

  it('one parameter with a near name', async () => {
    const response = await send(createSimulator(), 'GET', '/idx/_ilm/explain?humn');
    expect(response.status).to.equal(400);
    expect(response.text).to.equal(body('request [/idx/_ilm/explain] contains unrecognized parameter: [humn] -> did you mean [human]?'));
  });

  it('one parameter without a near name', async () => {
    const response = await send(createSimulator(), 'GET', '/idx/_ilm/explain?zzz=1');
    expect(response.text).to.equal(body('request [/idx/_ilm/explain] contains unrecognized parameter: [zzz]'));
  });

  it('several parameters: plural, sorted by name, each with its own suggestion', async () => {
    const response = await send(createSimulator(), 'GET', '/idx/_ilm/explain?zzz&only_manged=true&humn');
    expect(response.text).to.equal(
      body(
        'request [/idx/_ilm/explain] contains unrecognized parameters: [humn] -> did you mean [human]?, [only_manged] -> did you mean [only_managed]?, [zzz]',
      ),
    );
  });

  it('the path in the message has no query string, and the check runs before the handler (no 404 for the index)', async () => {
    const response = await send(createSimulator(), 'POST', '/missing/_ilm/retry?master_timout=1s');
    expect(response.status).to.equal(400);
    expect(response.text).to.equal(body('request [/missing/_ilm/retry] contains unrecognized parameter: [master_timout] -> did you mean [master_timeout]?'));
  });

  it('global parameters are accepted everywhere', async () => {
    const response = await send(createSimulator(), 'GET', '/_sim/clock?pretty=false&human&error_trace=false');
    expect(response.status).to.equal(200);
  });
});

describe('?pretty: Jackson DefaultPrettyPrinter with ES indenters, and a final line feed', () => {
  it('an object: two-space indent, " : " between name and value', async () => {
    const response = await send(createSimulator(), 'GET', '/_sim/clock?pretty');
    expect(response.text).to.equal('{\n  "now_millis" : 1704067200000,\n  "now" : "2024-01-01T00:00:00.000Z"\n}\n');
    expect(response.body).to.deep.equal({ now_millis: 1704067200000, now: '2024-01-01T00:00:00.000Z' });
  });

  it('?pretty=false is compact', async () => {
    const response = await send(createSimulator(), 'GET', '/_sim/clock?pretty=false');
    expect(response.text).to.equal('{"now_millis":1704067200000,"now":"2024-01-01T00:00:00.000Z"}');
  });

  it('an empty object prints as "{ }"', async () => {
    const response = await send(createSimulator({ stackTemplates: false }), 'GET', '/_ilm/policy?pretty');
    expect(response.text).to.equal('{ }\n');
  });

  it('nested objects indent by two per level', async () => {
    const sim = createSimulator();
    await send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } });
    const response = await send(sim, 'GET', '/_ilm/policy/p?pretty');
    expect(response.text).to.equal(
      [
        '{',
        '  "p" : {',
        '    "version" : 1,',
        '    "modified_date" : "2024-01-01T00:00Z",',
        '    "policy" : {',
        '      "phases" : {',
        '        "delete" : {',
        '          "min_age" : "30d",',
        '          "actions" : {',
        '            "delete" : {',
        '              "delete_searchable_snapshot" : true',
        '            }',
        '          }',
        '        }',
        '      }',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('a routing error pretty-prints too', async () => {
    const response = await send(createSimulator(), 'DELETE', '/_sim/clock?pretty');
    expect(response.text).to.equal(
      '{\n  "error" : "Incorrect HTTP method for uri [/_sim/clock?pretty] and method [DELETE], allowed: [GET]",\n  "status" : 405\n}\n',
    );
  });

  it('arrays put each element on its own line (ES uses DefaultIndenter for arrays as for objects)', async () => {
    // JsonXContentGenerator#usePrettyPrint: new DefaultPrettyPrinter().withObjectIndenter(INDENTER)
    // .withArrayIndenter(INDENTER) with INDENTER = new DefaultIndenter("  ", "\n"); real ES 7
    // error bodies read `"root_cause" : [` then `{` on the next line. Only an empty array is `[ ]`.
    const response = await send(createSimulator(), 'GET', '/nope/_ilm/explain?pretty');
    expect(response.status).to.equal(404);
    expect(response.text).to.equal(
      [
        '{',
        '  "error" : {',
        '    "root_cause" : [',
        '      {',
        '        "type" : "index_not_found_exception",',
        '        "reason" : "no such index [nope]",',
        '        "resource.type" : "index_or_alias",',
        '        "resource.id" : "nope",',
        '        "index_uuid" : "_na_",',
        '        "index" : "nope"',
        '      }',
        '    ],',
        '    "type" : "index_not_found_exception",',
        '    "reason" : "no such index [nope]",',
        '    "resource.type" : "index_or_alias",',
        '    "resource.id" : "nope",',
        '    "index_uuid" : "_na_",',
        '    "index" : "nope"',
        '  },',
        '  "status" : 404',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('pretty and compact bodies parse to the same value', async () => {
    const sim = createSimulator();
    const pretty = await send(sim, 'GET', '/nope/_ilm/explain?pretty');
    const compact = await send(sim, 'GET', '/nope/_ilm/explain');
    expect(JSON.parse(pretty.text)).to.deep.equal(JSON.parse(compact.text));
    expect(pretty.body).to.deep.equal(compact.body);
  });
});

describe('HEAD', () => {
  it('HEAD / answers 200 with no body', async () => {
    const response = await send(createSimulator(), 'HEAD', '/');
    expect(response.status).to.equal(200);
    expect(response.text).to.equal('');
    expect(response.body).to.equal(null);
    expect(response.headers['content-type']).to.equal('application/json; charset=UTF-8');
  });

  it('GET / still has the banner (pretty by default, as ES RestMainAction)', async () => {
    const response = await send(createSimulator(), 'GET', '/');
    expect(response.status).to.equal(200);
    expect(response.text.startsWith('{\n  "name" : ')).to.equal(true);
    expect((response.body as { version: { number: string } }).version.number).to.equal('7.10.2');
  });
});

describe('responses carry ES headers and parsed bodies', () => {
  it('every response has the JSON content type and the product header', async () => {
    const sim = createSimulator();
    for (const [method, path] of [
      ['GET', '/_sim/clock'],
      ['GET', '/nothing/here/at/all'],
      ['POST', '/_ilm/policy/p'],
      ['GET', '/idx/_ilm/explain?humn'],
    ] as const) {
      const response = await send(sim, method, path);
      expect(response.headers['content-type'], `${method} ${path}`).to.equal('application/json; charset=UTF-8');
      expect(response.headers['x-elastic-product'], `${method} ${path}`).to.equal('Elasticsearch');
      expect(response.body).to.deep.equal(JSON.parse(response.text));
    }
  });

  it('a request body may be a JSON string or a plain object, with the same answer', async () => {
    const policy = { policy: { phases: { delete: { min_age: '30d', actions: { delete: {} } } } } };
    const a = createSimulator();
    const b = createSimulator();
    const asObject = await send(a, 'PUT', '/_ilm/policy/p', policy);
    const asString = await send(b, 'PUT', '/_ilm/policy/p', JSON.stringify(policy));
    expect(asObject.text).to.equal('{"acknowledged":true}');
    expect(asString.text).to.equal(asObject.text);
    expect((await send(a, 'GET', '/_ilm/policy')).text).to.equal((await send(b, 'GET', '/_ilm/policy')).text);
  });

  it('a body string that is not JSON gets an ES parse error body, not an exception', async () => {
    const response = await send(createSimulator(), 'PUT', '/_ilm/policy/p', '{"policy":');
    expect(response.status).to.equal(400);
    const error = (response.body as { error: { type: string; root_cause: unknown[] } }).error;
    expect(['json_parse_exception', 'json_e_o_f_exception', 'x_content_parse_exception']).to.include(error.type);
    expect(error.root_cause).to.have.length(1);
  });

  it('issue 24: bodies are plain objects, exactly what JSON.parse of the text gives (__proto__ an own key)', async () => {
    const sim = createSimulator();
    const put = await send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { hot: { actions: {} } } } });
    deepStrictEqual(put.body, { acknowledged: true });
    expect(inspect(put.body)).to.equal('{ acknowledged: true }');
    await send(sim, 'PUT', '/i', '{"settings":{"index.routing.allocation.include.__proto__":"x"}}');
    for (const path of ['/i/_settings?filter_path=**.include', '/i/_settings?filter_path=**.include&pretty', '/_ilm/policy/p', '/nothing/at/all']) {
      const response = await send(sim, 'GET', path);
      deepStrictEqual(response.body, JSON.parse(response.text), path);
    }
    type Nested = { i: { settings: { index: { routing: { allocation: { include: object } } } } } };
    const include = ((await send(sim, 'GET', '/i/_settings?filter_path=**.include')).body as Nested).i.settings.index.routing.allocation.include;
    expect(Object.getPrototypeOf(include)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(include, '__proto__')?.value).to.equal('x');
  });

  it('the method is case-insensitive', async () => {
    expect((await send(createSimulator(), 'get', '/_sim/clock')).status).to.equal(200);
  });
});

describe('issue 14: hostile filter_path and wildcard expressions answer at once (items 1 and 2)', () => {
  // Before the fix, 40 repeats of `**.` ran the heap out and `*.***********z` backtracked for a minute;
  // filter-path.test.ts bounds the work by counting, these check the answers through the request edge.
  it('answers 40 repeats of ** as one', async () => {
    const sim = createSimulator();
    await send(sim, 'PUT', '/_ilm/policy/p', { policy: { phases: { delete: { min_age: '1d', actions: { delete: {} } } } } });
    const many = await send(sim, 'GET', `/_ilm/policy/p?filter_path=${'**.'.repeat(40)}**.min_age`);
    const one = await send(sim, 'GET', '/_ilm/policy/p?filter_path=**.min_age');
    expect(many.status).to.equal(200);
    expect(many.text).to.equal(one.text);
    expect(one.text).to.equal('{"p":{"policy":{"phases":{"delete":{"min_age":"1d"}}}}}');
  });
  it('answers wildcard runs in filter_path and in index expressions', async () => {
    const sim = createSimulator();
    await send(sim, 'PUT', '/idx');
    expect((await send(sim, 'GET', `/?filter_path=*.${'*'.repeat(30)}z`)).body).to.deep.equal({});
    const explain = await send(sim, 'GET', `/${'*'.repeat(30)}x${'*'.repeat(30)}z/_ilm/explain`);
    expect(explain.text).to.equal('{"indices":{}}');
  });
});

describe('issue 14, item 7: __proto__ and constructor are ordinary keys', () => {
  it('does not read a field through __proto__ (the clock stays)', async () => {
    const sim = createSimulator();
    const before = (await send(sim, 'GET', '/_sim/clock')).text;
    const answer = await send(sim, 'POST', '/_sim/clock/_advance', '{"__proto__":{"by":"5d"}}');
    expect(answer.status).to.equal(400);
    expect((answer.body as { error: { reason: string } }).error.reason).to.equal('unknown field [__proto__], expected only [by]');
    expect((await send(sim, 'GET', '/_sim/clock')).text).to.equal(before);
  });
  it('keeps __proto__ and constructor as names in what it stores and prints', async () => {
    const sim = createSimulator();
    await send(sim, 'PUT', '/_ilm/policy/p', '{"policy":{"phases":{"warm":{"actions":{"allocate":{"include":{"__proto__":"a","constructor":"b"}}}}}}}');
    expect((await send(sim, 'GET', '/_ilm/policy/p?filter_path=**.include')).text).to.equal(
      '{"p":{"policy":{"phases":{"warm":{"actions":{"allocate":{"include":{"__proto__":"a","constructor":"b"}}}}}}}}',
    );
    await send(sim, 'PUT', '/i', '{"settings":{"index.routing.allocation.include.__proto__":"x"}}');
    expect((await send(sim, 'GET', '/i/_settings?filter_path=**.include')).text).to.equal(
      '{"i":{"settings":{"index":{"routing":{"allocation":{"include":{"__proto__":"x"}}}}}}}',
    );
    expect(({} as Record<string, unknown>)['x']).to.equal(undefined);
  });
  it('answers __proto__ as it answers any other unknown name', async () => {
    for (const [method, path, body] of [
      ['PUT', '/idx', '{"NAME":{}}'],
      ['PUT', '/idx', '{"settings":{"NAME":"1"}}'],
      ['PUT', '/_ilm/policy/p', '{"policy":{"phases":{"hot":{"actions":{}}}},"NAME":{}}'],
      ['PUT', '/_index_template/t', '{"index_patterns":["x-*"],"NAME":{}}'],
      ['POST', '/_sim/faults', '{"NAME":{"index":"x"}}'],
    ] as const) {
      const sim = createSimulator();
      const unknown = (await send(sim, method, path, body.replace('NAME', 'zzz'))).text.replace(/zzz/g, 'NAME');
      for (const name of ['__proto__', 'constructor']) {
        expect((await send(createSimulator(), method, path, body.replace('NAME', name))).text.split(name).join('NAME'), `${path} ${name}`).to.equal(unknown);
      }
    }
  });
});

describe('issue 14, item 3: GET /_sim/history is bounded and paged', () => {
  const DELETE_NOW = { policy: { phases: { delete: { min_age: '0ms', actions: { delete: {} } } } } };
  async function lifecycles(sim: Simulator, count: number): Promise<void> {
    await send(sim, 'PUT', '/_ilm/policy/p', DELETE_NOW);
    for (let i = 0; i < count; i++) await send(sim, 'PUT', `/idx-${i}`, { settings: { 'index.lifecycle.name': 'p' } });
    await send(sim, 'POST', '/_sim/clock/_advance', { by: '1h' });
  }
  const page = async (sim: Simulator, query: string) =>
    (await send(sim, 'GET', `/_sim/history?${query}`)).body as { history: Array<{ index: string }>; next_after?: number };

  it('pages with size and after (next_after), or from, and filters by index', async () => {
    const sim = createSimulator();
    await lifecycles(sim, 4);
    const all = (await page(sim, '')).history;
    expect(all.length).to.be.greaterThan(8);
    expect((await page(sim, '')).next_after).to.equal(undefined);
    const collected: unknown[] = [];
    let query = 'size=3';
    for (;;) {
      const answer = await page(sim, query);
      collected.push(...answer.history);
      if (answer.next_after === undefined) break;
      query = `size=3&after=${answer.next_after}`;
    }
    expect(collected).to.deep.equal(all);
    expect((await page(sim, 'from=2&size=2')).history).to.deep.equal(all.slice(2, 4));
    const one = (await page(sim, 'index=idx-2')).history;
    expect(one.map((r) => r.index)).to.deep.equal(all.filter((r) => r.index === 'idx-2').map((r) => r.index));
    expect((await page(sim, 'index=idx-2&size=1')).next_after).to.be.a('number');
  });

  it('refuses bad paging parameters', async () => {
    const sim = createSimulator();
    for (const [query, reason] of [
      ['size=abc', 'Failed to parse int parameter [size] with value [abc]'],
      ['size=-1', 'Failed to parse int parameter [size] with value [-1]'],
      ['size=10001', '[size] must be at most [10000], got [10001]'],
      ['from=1.5', 'Failed to parse int parameter [from] with value [1.5]'],
      ['from=1&after=2', '[from] and [after] cannot be used together'],
    ]) {
      const answer = await send(sim, 'GET', `/_sim/history?${query}`);
      expect(answer.status, query).to.equal(400);
      expect((answer.body as { error: { reason: string } }).error.reason, query).to.equal(reason);
    }
  });

  it('shows only the newest historyLimit records, none with 0, and deleted indices release their names', async () => {
    const limited = createSimulator({ historyLimit: 7 });
    await lifecycles(limited, 10);
    const shown = (await page(limited, '')).history;
    expect(shown).to.have.length(7);
    expect(shown).to.deep.equal((await page(createSimulatorWithLifecycles(10), '')).history.slice(-7));
    const off = createSimulator({ historyLimit: 0 });
    await lifecycles(off, 10);
    expect((await page(off, '')).history).to.deep.equal([]);
    expect(simulationOf(off).cluster.history.held).to.deep.equal({ names: 0, records: 0 });
    expect(() => createSimulator({ historyLimit: -1 })).to.throw('invalid historyLimit [-1]: must be a non-negative integer');
  });

  function createSimulatorWithLifecycles(count: number): Simulator {
    const sim = createSimulator();
    sim.requestSync({ method: 'PUT', path: '/_ilm/policy/p', body: DELETE_NOW });
    for (let i = 0; i < count; i++) sim.requestSync({ method: 'PUT', path: `/idx-${i}`, body: { settings: { 'index.lifecycle.name': 'p' } } });
    sim.requestSync({ method: 'POST', path: '/_sim/clock/_advance', body: { by: '1h' } });
    return sim;
  }
});

describe('issue 14, item 11: OPTIONS, and requests built wrongly in JavaScript', () => {
  it('answers OPTIONS 200 with an empty text/plain body and Allow (ES RestController#handleOptionsRequest)', async () => {
    const sim = createSimulator();
    const known = await send(sim, 'OPTIONS', '/_ilm/policy/p');
    expect(known.status).to.equal(200);
    expect(known.text).to.equal('');
    expect(known.headers['content-type']).to.equal('text/plain; charset=UTF-8');
    expect(known.headers['allow']).to.equal('GET,PUT,DELETE');
    const unknown = await send(sim, 'OPTIONS', '/nothing/here');
    expect(unknown.status).to.equal(200);
    expect(unknown.headers['allow']).to.equal(undefined);
  });

  it('throws a TypeError naming the field for a request no HTTP client could send', () => {
    const sim = createSimulator();
    const cases: Array<[unknown, string]> = [
      [null, 'ilm-sim: a request must be an object { method, path, body?, headers? }, got null'],
      [{ path: '/' }, 'ilm-sim: request.method must be a non-empty string such as "GET", got undefined'],
      [{ method: 'GET' }, 'ilm-sim: request.path must be a string such as "/_ilm/policy", got undefined'],
      [{ method: 'GET', path: 5 }, 'ilm-sim: request.path must be a string such as "/_ilm/policy", got number'],
      [{ method: 'PUT', path: '/x', body: () => 1 }, 'ilm-sim: request.body must be a JSON string, bytes (Uint8Array) or a JSON value, got a function'],
      [{ method: 'GET', path: '/', headers: 'x' }, 'ilm-sim: request.headers must be an object of header names to values, got "x"'],
    ];
    for (const [request, message] of cases) {
      expect(() => sim.requestSync(request as never)).to.throw(TypeError, message);
    }
  });
});
