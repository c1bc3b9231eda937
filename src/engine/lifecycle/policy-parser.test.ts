/**
 * The error chains ES returns for bad `PUT _ilm/policy/<name>` bodies, rendered through the one error
 * envelope (`api/error-body.ts`) and compared as exact JSON per profile, and valid policies printed
 * back with ES's Java HashMap phase and action order. References: es-ilm-engine.md sections 3.1, 3.2,
 * 5.2 and Appendix A; es-ilm-api.md sections 1.1, 2.1 and 2.2.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { errorBody } from '../../api/error-body';
import { EsException } from '../errors';
import { parsePolicyRequest, policyToXContent, validatePolicyName } from './policy-parser';
import { PROFILE_6_6, PROFILE_7_10, type Profile } from '../profile';

type Layer = readonly [type: string, reason: string];

const XCP = 'x_content_parse_exception';
const IAE = 'illegal_argument_exception';
const SOURCE = '(org.elasticsearch.common.bytes.AbstractBytesReference$MarkSupportingStreamInputWrapper)';

/** The exact JSON ES sends: `root_cause` given explicitly, then the chain from the top down. */
function esError(root: Layer, chain: readonly Layer[], status = 400): string {
  let inner: Record<string, unknown> | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const [type, reason] = chain[i]!;
    inner = { type, reason, ...(inner ? { caused_by: inner } : {}) };
  }
  return JSON.stringify({ error: { root_cause: [{ type: root[0], reason: root[1] }], ...inner }, status });
}

/** The object-parser wrappers from `put_lifecycle_request` down to the given depth, all at `loc`. */
function wrappers(loc: string, depth: 'policy' | 'phases' | 'phase' | 'actions', phase = 'warm', action = ''): Layer[] {
  const out: Layer[] = [[XCP, `[${loc}] [put_lifecycle_request] failed to parse field [policy]`]];
  if (depth === 'policy') return out;
  out.push([XCP, `[${loc}] [lifecycle_policy] failed to parse field [phases]`]);
  if (depth === 'phases') return out;
  out.push([XCP, `[${loc}] [phases] failed to parse field [${phase}]`]);
  if (depth === 'phase') return out;
  out.push([XCP, `[${loc}] [phase] failed to parse field [actions]`], [XCP, `[${loc}] [actions] failed to parse field [${action}]`]);
  return out;
}

function putError(body: string, profile: Profile): string {
  try {
    parsePolicyRequest(body, 'p', profile);
  } catch (e) {
    if (e instanceof EsException) return JSON.stringify(errorBody(e.error));
    throw e;
  }
  throw new Error(`expected ${body} to be refused`);
}

const jackson = (message: string, line: number, column: number): string => `${message}\n at [Source: ${SOURCE}; line: ${line}, column: ${column}]`;

interface Case {
  readonly name: string;
  readonly body: string;
  readonly profiles: readonly Profile[];
  readonly expected: string;
}

const BOTH = [PROFILE_7_10, PROFILE_6_6];

const CASES: readonly Case[] = [
  // Unknown field at the top (no wrapping: the failure happens in the outermost parser).
  {
    name: 'unknown top-level field, 7.10 suggests the near name',
    body: '{"polisy":{}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:2] [put_lifecycle_request] unknown field [polisy] did you mean [policy]?'],
      [[XCP, '[1:2] [put_lifecycle_request] unknown field [polisy] did you mean [policy]?']],
    ),
  },
  {
    name: 'unknown top-level field, 6.6 says parser not found',
    body: '{"polisy":{}}',
    profiles: [PROFILE_6_6],
    expected: esError(
      [XCP, '[1:2] [put_lifecycle_request] unknown field [polisy], parser not found'],
      [[XCP, '[1:2] [put_lifecycle_request] unknown field [polisy], parser not found']],
    ),
  },
  {
    // 6.x ObjectParser fails at the FIELD_NAME token, so every wrapper shares the field's location.
    name: 'unknown field in a phase, 6.6',
    body: '{"policy":{"phases":{"warm":{"min_age":"1d","actionz":{}}}}}',
    profiles: [PROFILE_6_6],
    expected: esError(
      [XCP, '[1:45] [phase] unknown field [actionz], parser not found'],
      [...wrappers('1:45', 'phase'), [XCP, '[1:45] [phase] unknown field [actionz], parser not found']],
    ),
  },
  {
    name: 'unknown field in the policy, 6.6',
    body: '{"policy":{"phasez":{}}}',
    profiles: [PROFILE_6_6],
    expected: esError(
      [XCP, '[1:12] [lifecycle_policy] unknown field [phasez], parser not found'],
      [...wrappers('1:12', 'policy'), [XCP, '[1:12] [lifecycle_policy] unknown field [phasez], parser not found']],
    ),
  },
  {
    // 7.7+ ObjectParser reports the unknown field at its name (`currentPosition`) but only once it
    // has read the value's first token; the wrappers then take the parser's location, which is the
    // value (`{` at 1:55). Source: ObjectParser#parse of 7.7-7.x (unknownFieldParser.acceptUnknownField
    // is called from the value branch with the saved field position).
    name: 'unknown field in a phase, 7.10: suggestion, wrappers at the value token',
    body: '{"policy":{"phases":{"warm":{"min_age":"1d","actionz":{}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:45] [phase] unknown field [actionz] did you mean [actions]?'],
      [...wrappers('1:55', 'phase'), [XCP, '[1:45] [phase] unknown field [actionz] did you mean [actions]?']],
    ),
  },
  {
    name: 'unknown field in the policy, 7.10: suggestion, wrapper at the value token',
    body: '{"policy":{"phasez":{}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:12] [lifecycle_policy] unknown field [phasez] did you mean [phases]?'],
      [...wrappers('1:21', 'policy'), [XCP, '[1:12] [lifecycle_policy] unknown field [phasez] did you mean [phases]?']],
    ),
  },
  // Unknown actions: NamedXContentRegistry, wrapped by the actions' declareNamedObjects.
  {
    name: 'unknown action without a near name, 7.10',
    body: '{"policy":{"phases":{"warm":{"actions":{"foo":{}}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      ['named_object_not_found_exception', '[1:41] unknown field [foo]'],
      [...wrappers('1:41', 'actions', 'warm', 'foo'), ['named_object_not_found_exception', '[1:41] unknown field [foo]']],
    ),
  },
  {
    // es-ilm-engine.md 3.1: the unknown action message is NamedXContentRegistry's "unknown field [foo]".
    // In 7.x that message never carries a suggestion: the registry passes its candidates separately
    // (NamedObjectNotFoundException#getCandidates) and only the query parser turns them into
    // "did you mean"; the ILM Phase parser does not.
    name: 'unknown action with a near name, 7.10: no suggestion',
    body: '{"policy":{"phases":{"warm":{"actions":{"shrimp":{"number_of_shards":1}}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      ['named_object_not_found_exception', '[1:41] unknown field [shrimp]'],
      [...wrappers('1:41', 'actions', 'warm', 'shrimp'), ['named_object_not_found_exception', '[1:41] unknown field [shrimp]']],
    ),
  },
  {
    name: 'unknown action, 6.6: parser not found',
    body: '{"policy":{"phases":{"warm":{"actions":{"shrimp":{"number_of_shards":1}}}}}}',
    profiles: [PROFILE_6_6],
    expected: esError(
      ['named_object_not_found_exception', '[1:41] unable to parse LifecycleAction with name [shrimp]: parser not found'],
      [
        ...wrappers('1:41', 'actions', 'warm', 'shrimp'),
        ['named_object_not_found_exception', '[1:41] unable to parse LifecycleAction with name [shrimp]: parser not found'],
      ],
    ),
  },
  // Wrong value types.
  {
    name: 'a boolean for number_of_shards',
    body: '{"policy":{"phases":{"warm":{"actions":{"shrink":{"number_of_shards":true}}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, "[1:70] [shrink] number_of_shards doesn't support values of type: VALUE_BOOLEAN"],
      [...wrappers('1:70', 'actions', 'warm', 'shrink'), [XCP, "[1:70] [shrink] number_of_shards doesn't support values of type: VALUE_BOOLEAN"]],
    ),
  },
  {
    name: 'a string that is not a number for number_of_shards',
    body: '{"policy":{"phases":{"warm":{"actions":{"shrink":{"number_of_shards":"abc"}}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, '[1:70] [shrink] failed to parse field [number_of_shards]'],
      [
        ...wrappers('1:70', 'actions', 'warm', 'shrink'),
        [XCP, '[1:70] [shrink] failed to parse field [number_of_shards]'],
        ['number_format_exception', 'For input string: "abc"'],
      ],
    ),
  },
  {
    name: 'an object for min_age',
    body: '{"policy":{"phases":{"warm":{"min_age":{},"actions":{}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, "[1:40] [phase] min_age doesn't support values of type: START_OBJECT"],
      [...wrappers('1:40', 'phase'), [XCP, "[1:40] [phase] min_age doesn't support values of type: START_OBJECT"]],
    ),
  },
  {
    name: 'a string for actions',
    body: '{"policy":{"phases":{"warm":{"actions":"readonly"}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, "[1:40] [phase] actions doesn't support values of type: VALUE_STRING"],
      [...wrappers('1:40', 'phase'), [XCP, "[1:40] [phase] actions doesn't support values of type: VALUE_STRING"]],
    ),
  },
  {
    name: 'a number for phases',
    body: '{"policy":{"phases":5}}',
    profiles: BOTH,
    expected: esError(
      [XCP, "[1:21] [lifecycle_policy] phases doesn't support values of type: VALUE_NUMBER"],
      [...wrappers('1:21', 'policy'), [XCP, "[1:21] [lifecycle_policy] phases doesn't support values of type: VALUE_NUMBER"]],
    ),
  },
  {
    name: 'an array for policy',
    body: '{"policy":[]}',
    profiles: BOTH,
    expected: esError(
      [XCP, "[1:11] [put_lifecycle_request] policy doesn't support values of type: START_ARRAY"],
      [[XCP, "[1:11] [put_lifecycle_request] policy doesn't support values of type: START_ARRAY"]],
    ),
  },
  {
    name: 'an array as the whole body',
    body: '[]',
    profiles: BOTH,
    expected: esError(
      [XCP, '[1:1] [put_lifecycle_request] Expected START_OBJECT but was: START_ARRAY'],
      [[XCP, '[1:1] [put_lifecycle_request] Expected START_OBJECT but was: START_ARRAY']],
    ),
  },
  // Invalid min_age (es-ilm-engine.md 5.2).
  ...(
    [
      ['1.5d', 'failed to parse [1.5d], fractional time values are not supported'],
      ['10', 'failed to parse setting [min_age] with value [10] as a time value: unit is missing or unrecognized'],
      ['5M', 'failed to parse setting [min_age] with value [5M] as a time value: unit is missing or unrecognized'],
      ['5y', 'failed to parse setting [min_age] with value [5y] as a time value: unit is missing or unrecognized'],
      ['-5d', 'failed to parse setting [min_age] with value [-5d] as a time value: negative durations are not supported'],
    ] as const
  ).map(
    ([minAge, reason]): Case => ({
      name: `min_age ${minAge}`,
      body: `{"policy":{"phases":{"warm":{"min_age":"${minAge}","actions":{}}}}}`,
      profiles: BOTH,
      expected: esError(
        [XCP, '[1:40] [phase] failed to parse field [min_age]'],
        [...wrappers('1:40', 'phase'), [XCP, '[1:40] [phase] failed to parse field [min_age]'], [IAE, reason]],
      ),
    }),
  ),
  {
    // XContentParser#text on VALUE_NULL: an IllegalStateException naming the token and location.
    name: 'min_age null',
    body: '{"policy":{"phases":{"warm":{"min_age":null,"actions":{}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, '[1:40] [phase] failed to parse field [min_age]'],
      [
        ...wrappers('1:40', 'phase'),
        [XCP, '[1:40] [phase] failed to parse field [min_age]'],
        ['illegal_state_exception', "Can't get text on a VALUE_NULL at 1:40"],
      ],
    ),
  },
  // Missing required fields.
  {
    // The shape of the real 7.x example in es-ilm-engine.md 3.1 (wrappers at the phase's closing brace).
    name: 'a phase without actions (pretty-printed body)',
    body: ['{', '  "policy": {', '    "phases": {', '      "cold": {', '        "min_age": "30d"', '      }', '    }', '  }', '}'].join('\n'),
    profiles: BOTH,
    expected: esError([XCP, '[6:7] [phases] failed to parse field [cold]'], [...wrappers('6:7', 'phase', 'cold'), [IAE, 'Required [actions]']]),
  },
  {
    name: 'a policy without phases',
    body: '{"policy":{}}',
    profiles: BOTH,
    expected: esError([XCP, '[1:12] [put_lifecycle_request] failed to parse field [policy]'], [...wrappers('1:12', 'policy'), [IAE, 'Required [phases]']]),
  },
  {
    name: 'a body without policy',
    body: '{}',
    profiles: BOTH,
    expected: esError([IAE, 'Required [policy]'], [[IAE, 'Required [policy]']]),
  },
  {
    name: 'set_priority without priority',
    body: '{"policy":{"phases":{"warm":{"actions":{"set_priority":{}}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:57] [actions] failed to parse field [set_priority]'],
      [...wrappers('1:57', 'actions', 'warm', 'set_priority'), [IAE, 'Required [priority]']],
    ),
  },
  // Action constructor validation, wrapped in "Failed to build" (ConstructingObjectParser#buildTarget).
  {
    name: 'shrink number_of_shards 0 (built as its only argument arrives)',
    body: '{"policy":{"phases":{"warm":{"actions":{"shrink":{"number_of_shards":0}}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [shrink] after last required field arrived'],
      [
        ...wrappers('1:70', 'actions', 'warm', 'shrink'),
        [XCP, '[1:70] [shrink] failed to parse field [number_of_shards]'],
        [XCP, 'Failed to build [shrink] after last required field arrived'],
        [IAE, '[number_of_shards] must be greater than 0'],
      ],
    ),
  },
  {
    // 7.10 forcemerge has two constructor arguments (max_num_segments, index_codec): with one given,
    // the target is built at the end of the object, outside any field wrapper.
    name: 'forcemerge max_num_segments 0, 7.10',
    body: '{"policy":{"phases":{"warm":{"actions":{"forcemerge":{"max_num_segments":0}}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, 'Failed to build [forcemerge] after last required field arrived'],
      [
        ...wrappers('1:75', 'actions', 'warm', 'forcemerge'),
        [XCP, 'Failed to build [forcemerge] after last required field arrived'],
        [IAE, '[max_num_segments] must be a positive integer'],
      ],
    ),
  },
  {
    name: 'forcemerge max_num_segments 0, 6.6 (one constructor argument)',
    body: '{"policy":{"phases":{"warm":{"actions":{"forcemerge":{"max_num_segments":0}}}}}}',
    profiles: [PROFILE_6_6],
    expected: esError(
      [XCP, 'Failed to build [forcemerge] after last required field arrived'],
      [
        ...wrappers('1:74', 'actions', 'warm', 'forcemerge'),
        [XCP, '[1:74] [forcemerge] failed to parse field [max_num_segments]'],
        [XCP, 'Failed to build [forcemerge] after last required field arrived'],
        [IAE, '[max_num_segments] must be a positive integer'],
      ],
    ),
  },
  // Lifecycle type validation, run by the LifecyclePolicy constructor in 6.x/7.x (es-ilm-engine.md 3.1).
  {
    name: 'hot forcemerge without rollover, 7.10',
    body: '{"policy":{"phases":{"hot":{"actions":{"forcemerge":{"max_num_segments":1}}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [
        ...wrappers('1:77', 'phases'),
        [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
        [IAE, 'the [forcemerge] action may not be used in the [hot] phase without an accompanying [rollover] action'],
      ],
    ),
  },
  {
    name: 'hot forcemerge, 6.6: the hot phase allows rollover only',
    body: '{"policy":{"phases":{"hot":{"actions":{"forcemerge":{"max_num_segments":1}}}}}}',
    profiles: [PROFILE_6_6],
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [
        ...wrappers('1:77', 'phases'),
        [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
        [IAE, 'invalid action [forcemerge] defined in phase [hot]'],
      ],
    ),
  },
  {
    name: 'unknown phase',
    body: '{"policy":{"phases":{"hotter":{"actions":{}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [
        ...wrappers('1:45', 'phases'),
        [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
        [IAE, 'Timeseries lifecycle does not support phase [hotter]'],
      ],
    ),
  },
  {
    name: 'an action the phase does not allow',
    body: '{"policy":{"phases":{"cold":{"actions":{"shrink":{"number_of_shards":1}}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [
        ...wrappers('1:74', 'phases'),
        [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
        [IAE, 'invalid action [shrink] defined in phase [cold]'],
      ],
    ),
  },
  {
    // Phases are validated in HashMap order (cold=10 before delete=13), not request order (Appendix A).
    name: 'two bad phases: the HashMap-first phase is reported',
    body: '{"policy":{"phases":{"delete":{"actions":{"readonly":{}}},"cold":{"actions":{"shrink":{"number_of_shards":1}}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [
        ...wrappers('1:111', 'phases'),
        [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
        [IAE, 'invalid action [shrink] defined in phase [cold]'],
      ],
    ),
  },
  {
    // Actions too: readonly (bucket 4) is checked before forcemerge (bucket 10).
    name: 'two bad actions in one phase: the HashMap-first action is reported',
    body: '{"policy":{"phases":{"delete":{"actions":{"forcemerge":{"max_num_segments":1},"readonly":{}}}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [
        ...wrappers('1:94', 'phases'),
        [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
        [IAE, 'invalid action [readonly] defined in phase [delete]'],
      ],
    ),
  },
  // Ordered (array) forms. ConstructingObjectParser queues the ordered-mode callback until the target
  // is built (wrapOrderedModeCallBack), so its IllegalArgumentException surfaces from buildTarget as
  // "Failed to build [...] after last required field arrived".
  {
    name: 'ordered phases',
    body: '{"policy":{"phases":[{"warm":{"actions":{}}}]}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'],
      [...wrappers('1:45', 'phases'), [XCP, 'Failed to build [lifecycle_policy] after last required field arrived'], [IAE, 'ordered phases are not supported']],
    ),
  },
  {
    // phase has two constructor arguments; without min_age the target is built by finish() at the
    // phase's closing brace (1:42), so the first wrapper is the phases' one.
    name: 'ordered actions, no min_age',
    body: '{"policy":{"phases":{"warm":{"actions":[]}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [phase] after last required field arrived'],
      [...wrappers('1:42', 'phase'), [XCP, 'Failed to build [phase] after last required field arrived'], [IAE, 'ordered actions are not supported']],
    ),
  },
  {
    // With min_age first, the phase is built as actions arrives, inside the actions field parser.
    name: 'ordered actions after min_age',
    body: '{"policy":{"phases":{"warm":{"min_age":"1d","actions":[]}}}}',
    profiles: BOTH,
    expected: esError(
      [XCP, 'Failed to build [phase] after last required field arrived'],
      [
        ...wrappers('1:56', 'phase'),
        [XCP, '[1:56] [phase] failed to parse field [actions]'],
        [XCP, 'Failed to build [phase] after last required field arrived'],
        [IAE, 'ordered actions are not supported'],
      ],
    ),
  },
  // Malformed JSON at several positions.
  {
    // Inside the phases object: Jackson fails in the phases field parser, wrapped at the last token
    // read (the warm phase's closing brace, 1:42); the error itself is at the offending quote.
    name: 'a missing comma between phases',
    body: '{"policy":{"phases":{"warm":{"actions":{}} "cold":{"actions":{}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:42] [lifecycle_policy] failed to parse field [phases]'],
      [
        ...wrappers('1:42', 'phases'),
        ['json_parse_exception', jackson(`Unexpected character ('"' (code 34)): was expecting comma to separate Object entries`, 1, 45)],
      ],
    ),
  },
  {
    // Deep inside an action, over several lines: line and column count from 1, CR LF is one break.
    name: 'a stray comma inside a phase, CR LF line breaks',
    body: '{\r\n  "policy": {\r\n    "phases": {\r\n      "warm": {,\r\n      }\r\n    }\r\n  }\r\n}',
    profiles: [PROFILE_7_10],
    // Phase.parse calls PARSER.apply, which wraps the Jackson failure of its own token loop as
    // "[phase] failed to parse object" (ConstructingObjectParser#apply) before the outer wrappers.
    expected: esError(
      [XCP, '[4:15] [phase] failed to parse object'],
      [
        ...wrappers('4:15', 'phase'),
        [XCP, '[4:15] [phase] failed to parse object'],
        ['json_parse_exception', jackson(`Unexpected character (',' (code 44)): was expecting double-quote to start field name`, 4, 17)],
      ],
    ),
  },
  {
    // At the top level the Jackson failure escapes ObjectParser#parse; PutLifecycleAction.Request
    // #parseRequest calls PARSER.apply, and ConstructingObjectParser#apply wraps any IOException
    // (JsonParseException is one) as "[put_lifecycle_request] failed to parse object" at the
    // current token (the field name, 1:2).
    name: 'a missing colon after policy',
    body: '{"policy" {}}',
    profiles: BOTH,
    expected: esError(
      [XCP, '[1:2] [put_lifecycle_request] failed to parse object'],
      [
        [XCP, '[1:2] [put_lifecycle_request] failed to parse object'],
        ['json_parse_exception', jackson(`Unexpected character ('{' (code 123)): was expecting a colon to separate field name and value`, 1, 12)],
      ],
    ),
  },
  {
    // Same wrapper; the current token is the policy's closing brace (1:44).
    name: 'a trailing comma at the top level',
    body: '{"policy":{"phases":{"warm":{"actions":{}}}},}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:44] [put_lifecycle_request] failed to parse object'],
      [
        [XCP, '[1:44] [put_lifecycle_request] failed to parse object'],
        ['json_parse_exception', jackson(`Unexpected character ('}' (code 125)): was expecting double-quote to start field name`, 1, 47)],
      ],
    ),
  },
  // Duplicate keys: Jackson's strict duplicate detection (ES enables it) fails while reading the
  // second name, before that name becomes the current token, so the wrapper's location is the
  // previous token (a closing brace); the error's own location is just after the duplicate name.
  {
    name: 'a duplicate phase',
    body: '{"policy":{"phases":{"warm":{"actions":{}},"warm":{"actions":{}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:42] [lifecycle_policy] failed to parse field [phases]'],
      [...wrappers('1:42', 'phases'), ['json_parse_exception', jackson("Duplicate field 'warm'", 1, 50)]],
    ),
  },
  {
    name: 'a duplicate action',
    body: '{"policy":{"phases":{"warm":{"actions":{"readonly":{},"readonly":{}}}}}}',
    profiles: [PROFILE_7_10],
    expected: esError(
      [XCP, '[1:53] [phase] failed to parse field [actions]'],
      [
        ...wrappers('1:53', 'phase'),
        [XCP, '[1:53] [phase] failed to parse field [actions]'],
        ['json_parse_exception', jackson("Duplicate field 'readonly'", 1, 65)],
      ],
    ),
  },
];

describe('PUT policy error chains (exact ES JSON through errorBody)', () => {
  for (const c of CASES) {
    for (const profile of c.profiles) {
      it(`${profile.name}: ${c.name}`, () => {
        expect(putError(c.body, profile)).to.equal(c.expected);
      });
    }
  }

  it('every error chain is a 400', () => {
    for (const c of CASES) for (const profile of c.profiles) expect(JSON.parse(putError(c.body, profile)).status, c.name).to.equal(400);
  });
});

describe('policy names (ES LifecyclePolicy.validatePolicyName, es-ilm-engine.md 3.4)', () => {
  const cases: Array<[string, string | null]> = [
    ['my-policy', null],
    ['UPPER#*', null],
    ['a,b', "invalid policy name [a,b]: must not contain ','"],
    ['a b', 'invalid policy name [a b]: must not contain spaces'],
    ['_hidden', "invalid policy name [_hidden]: must not start with '_'"],
    ['a, b', "invalid policy name [a, b]: must not contain ','"],
    ['x'.repeat(256), `invalid policy name [${'x'.repeat(256)}]: name is too long, (256 > 255)`],
    ['é'.repeat(128), `invalid policy name [${'é'.repeat(128)}]: name is too long, (256 > 255)`],
    ['x'.repeat(255), null],
  ];
  for (const [name, reason] of cases) {
    it(`${name.length > 20 ? `${name.slice(0, 8)}... (${name.length} chars)` : JSON.stringify(name)} -> ${reason ?? 'accepted'}`, () => {
      let error: unknown = null;
      try {
        validatePolicyName(name, PROFILE_7_10);
      } catch (e) {
        error = e;
      }
      if (reason === null) {
        expect(error).to.equal(null);
      } else {
        expect(error).to.be.instanceOf(EsException);
        expect(JSON.stringify(errorBody((error as EsException).error))).to.equal(esError([IAE, reason], [[IAE, reason]]));
      }
    });
  }
});

function printed(body: unknown, profile: Profile): string {
  return JSON.stringify(policyToXContent(parsePolicyRequest(JSON.stringify(body), 'p', profile), profile));
}

describe('valid policies print back in Java HashMap order (es-ilm-api.md 2.2)', () => {
  it('7.10: phases warm, cold, hot, delete; actions by bucket; min_age as written; defaults filled in', () => {
    const body = {
      policy: {
        phases: {
          hot: { min_age: 0, actions: { set_priority: { priority: null } } },
          delete: { min_age: '1D', actions: { delete: {} } },
          cold: { min_age: '-1', actions: {} },
          warm: {
            min_age: ' 36h ',
            actions: {
              migrate: {},
              unfollow: {},
              set_priority: { priority: 1 },
              forcemerge: { max_num_segments: 2 },
              shrink: { number_of_shards: 1 },
              readonly: {},
            },
          },
        },
      },
    };
    expect(printed(body, PROFILE_7_10)).to.equal(
      JSON.stringify({
        phases: {
          warm: {
            min_age: '36h',
            actions: {
              readonly: {},
              shrink: { number_of_shards: 1 },
              forcemerge: { max_num_segments: 2 },
              set_priority: { priority: 1 },
              unfollow: {},
              migrate: { enabled: true },
            },
          },
          cold: { min_age: '-1', actions: {} },
          hot: { min_age: '0ms', actions: { set_priority: { priority: null } } },
          delete: { min_age: '1d', actions: { delete: { delete_searchable_snapshot: true } } },
        },
      }),
    );
  });

  it('7.10: the same policy printed from any request order is byte-identical', () => {
    const a = { policy: { phases: { delete: { actions: { delete: {} } }, warm: { actions: { shrink: { number_of_shards: 1 }, readonly: {} } } } } };
    const b = { policy: { phases: { warm: { actions: { readonly: {}, shrink: { number_of_shards: 1 } } }, delete: { actions: { delete: {} } } } } };
    expect(printed(a, PROFILE_7_10)).to.equal(printed(b, PROFILE_7_10));
    expect(printed(a, PROFILE_7_10)).to.equal(
      '{"phases":{"warm":{"min_age":"0ms","actions":{"readonly":{},"shrink":{"number_of_shards":1}}},"delete":{"min_age":"0ms","actions":{"delete":{"delete_searchable_snapshot":true}}}}}',
    );
  });

  it('7.10: explicit settings are kept (delete_searchable_snapshot false, index_codec, migrate disabled)', () => {
    const body = {
      policy: {
        phases: {
          delete: { min_age: '30d', actions: { delete: { delete_searchable_snapshot: false } } },
          warm: { min_age: '300s', actions: { forcemerge: { max_num_segments: 1, index_codec: 'best_compression' }, migrate: { enabled: false } } },
        },
      },
    };
    expect(printed(body, PROFILE_7_10)).to.equal(
      '{"phases":{"warm":{"min_age":"300s","actions":{"forcemerge":{"max_num_segments":1,"index_codec":"best_compression"},"migrate":{"enabled":false}}},"delete":{"min_age":"30d","actions":{"delete":{"delete_searchable_snapshot":false}}}}}',
    );
  });

  it('6.6: delete prints no settings, min_age "0" prints as 0ms', () => {
    const body = {
      policy: {
        phases: {
          delete: { actions: { delete: {} } },
          warm: { min_age: '0', actions: { forcemerge: { max_num_segments: 2 }, shrink: { number_of_shards: 1 }, readonly: {} } },
          hot: { actions: {} },
        },
      },
    };
    expect(printed(body, PROFILE_6_6)).to.equal(
      '{"phases":{"warm":{"min_age":"0ms","actions":{"readonly":{},"shrink":{"number_of_shards":1},"forcemerge":{"max_num_segments":2}}},"hot":{"min_age":"0ms","actions":{}},"delete":{"min_age":"0ms","actions":{"delete":{}}}}}',
    );
  });

  it('an empty phases object is a valid policy', () => {
    expect(printed({ policy: { phases: {} } }, PROFILE_7_10)).to.equal('{"phases":{}}');
  });

  it('6.6 refuses the settings its release did not have', () => {
    const body = '{"policy":{"phases":{"delete":{"actions":{"delete":{"delete_searchable_snapshot":true}}}}}}';
    expect(JSON.parse(putError(body, PROFILE_6_6)).error.root_cause[0].reason).to.equal(
      '[1:53] [delete] unknown field [delete_searchable_snapshot], parser not found',
    );
  });
});
