/**
 * The `aliases` object of a create-index body, read as ES reads it (issue 14, item 5): ES turns the
 * request into a `HashMap` (`XContentHelper.convertToMap(..., ordered=false)`), writes the aliases back
 * out as JSON (`CreateIndexRequest#aliases(Map)`) and walks the tokens with `Alias.fromXContent`, which
 * takes the token after an alias name for granted as its object's start. So a value that is not an
 * object (`5`, `null`, `"yes"`, `[1]`) makes the walk read on into the following aliases, and ends in
 * `No alias is specified` once the input is used up. 8.0 (PR #71889, backported to 8.0 as #81565)
 * refuses unknown fields (`Unknown field [b] in alias [a]`) and any other token (`Unknown token
 * [VALUE_NUMBER] in alias [a]`); 6.x and 7.x skip them. Pure: the walk is a function of the value.
 */

import { AliasMetadata } from '../../engine/cluster/cluster';
import { EsError, EsException, illegalArgument } from '../../engine/errors';
import { Profile } from '../../engine/profile';
import { javaHashMapOrder } from '../../engine/xcontent/java-order';
import { Token as TokenType } from '../../engine/xcontent/json-tokens';
import { aliasMetadataFromBody } from '../context';

/** How a release's `Alias.fromXContent` treats what it does not know. */
export type AliasParsing = Profile['aliasParsing'];

interface Token {
  readonly type: TokenType;
  /** Jackson's `currentName()` at this token: the field name, or the name the value stands under. */
  readonly name: string | null;
  /** A scalar's value, or the whole object a START_OBJECT opens (what `parser.mapOrdered()` reads). */
  readonly value?: unknown;
}

/** ES's `Alias` fields (`filter`, `routing`, `index_routing`, `search_routing`, `is_write_index`, `is_hidden`). */
const KNOWN_FIELDS = new Set(['filter', 'routing', 'index_routing', 'search_routing', 'is_write_index', 'is_hidden']);

/** Which of those fields 8.0+ reads from each token kind. */
const TOKEN_FIELDS: Readonly<Record<'START_OBJECT' | 'VALUE_STRING' | 'VALUE_BOOLEAN', ReadonlySet<string>>> = {
  START_OBJECT: new Set(['filter']),
  VALUE_STRING: new Set(['routing', 'index_routing', 'search_routing']),
  VALUE_BOOLEAN: new Set(['is_write_index', 'is_hidden']),
};

function tokens(value: unknown, name: string | null, out: Token[]): void {
  if (Array.isArray(value)) {
    out.push({ type: 'START_ARRAY', name });
    for (const element of value) tokens(element, null, out);
    out.push({ type: 'END_ARRAY', name });
  } else if (value !== null && typeof value === 'object') {
    out.push({ type: 'START_OBJECT', name, value });
    const object = value as Record<string, unknown>;
    for (const key of javaHashMapOrder(Object.keys(object))) {
      out.push({ type: 'FIELD_NAME', name: key });
      tokens(object[key], key, out);
    }
    out.push({ type: 'END_OBJECT', name });
  } else if (value === null || value === undefined) {
    out.push({ type: 'VALUE_NULL', name });
  } else if (typeof value === 'boolean') {
    out.push({ type: 'VALUE_BOOLEAN', name, value });
  } else if (typeof value === 'string') {
    out.push({ type: 'VALUE_STRING', name, value });
  } else {
    out.push({ type: 'VALUE_NUMBER', name, value });
  }
}

/**
 * ES `ParseField#match` requires a field name: an object, string or boolean met before any field
 * (inside an array in an alias's place) is an NPE. Unsettled: how the REST layer prints that
 * NullPointerException (taken as a 500 `null_pointer_exception` with the message).
 */
function fieldNameRequired(): EsError {
  return { type: 'null_pointer_exception', reason: 'fieldName cannot be null', status: 500 };
}

/**
 * The aliases of a create-index body (already checked to be an object), as the release reads them:
 * each alias's write flag, and the routing, filter and hidden flag its fields carry (shown by the alias
 * APIs, never applied), read in the one walk.
 */
export function createIndexAliases(aliases: Record<string, unknown>, parsing: AliasParsing): Map<string, AliasMetadata> {
  const stream: Token[] = [];
  tokens(aliases, null, stream);
  let position = 0;
  let current: Token | null = null;
  const advance = (): Token | null => (current = position < stream.length ? stream[position++]! : null);

  const fromXContent = (): { name: string | null; metadata: AliasMetadata } => {
    const name = current === null ? null : (current as Token).name;
    let field: string | null = null;
    let writeIndex: boolean | undefined;
    // The fields the walk passes, as written (the filter object whole), read into routing, filter
    // and the hidden flag at the end; `is_write_index` is the walk's own, a boolean only.
    const fields: Record<string, unknown> = {};
    if (advance() === null) throw new EsException(illegalArgument('No alias is specified'));
    for (;;) {
      const token = advance();
      if (token?.type === 'END_OBJECT') break;
      if (token === null) {
        if (parsing === 'strict') throw new EsException(illegalArgument(`Unknown token [null] in alias [${name}]`));
        // Divergence: 6.x/7.x's loop has no case for the end of input and would spin; it is refused here.
        throw new EsException(illegalArgument('No alias is specified'));
      }
      if (token.type === 'FIELD_NAME') {
        field = token.name;
        if (parsing === 'strict' && !KNOWN_FIELDS.has(field ?? '')) {
          throw new EsException(illegalArgument(`Unknown field [${field}] in alias [${name}]`));
        }
      } else if (token.type === 'START_OBJECT' || token.type === 'VALUE_STRING' || token.type === 'VALUE_BOOLEAN') {
        if (field === null) throw new EsException(fieldNameRequired());
        // 8.0+ takes each token kind for its own fields only (an object for `filter`, a string for the
        // routings, a boolean for the flags) and refuses a known field given another kind as unknown:
        // `{"routing": {}}` is `Unknown field [routing] in alias [a]` (issue 20, item 5; the shape of
        // `Alias#fromXContent` after #71889, recalled, not re-read here).
        if (parsing === 'strict' && !TOKEN_FIELDS[token.type].has(field)) {
          throw new EsException(illegalArgument(`Unknown field [${field}] in alias [${name}]`));
        }
        if (token.type === 'START_OBJECT' && field === 'filter') {
          // `parser.mapOrdered()` reads the whole filter object.
          fields[field] = token.value;
          let depth = 1;
          while (depth > 0) {
            const inner = advance();
            if (inner === null) break;
            if (inner.type === 'START_OBJECT' || inner.type === 'START_ARRAY') depth++;
            if (inner.type === 'END_OBJECT' || inner.type === 'END_ARRAY') depth--;
          }
        } else if (token.type === 'VALUE_BOOLEAN' && field === 'is_write_index') {
          writeIndex = token.value === true;
        }
        if (token.type !== 'START_OBJECT') fields[field] = token.value;
      } else if (parsing === 'strict') {
        throw new EsException(illegalArgument(`Unknown token [${token.type}] in alias [${name}]`));
      } else if (field !== null && (token.type === 'VALUE_NUMBER' || token.type === 'VALUE_NULL')) {
        fields[field] = token.value ?? null;
      }
    }
    const { isWriteIndex: _written, ...details } = aliasMetadataFromBody(fields);
    return { name, metadata: { ...details, ...(writeIndex === undefined ? {} : { isWriteIndex: writeIndex }) } };
  };

  const result = new Map<string, AliasMetadata>();
  advance(); // the aliases object's start
  while (advance()?.type !== 'END_OBJECT') {
    const alias = fromXContent();
    // `CreateIndexRequest#alias` adds to a set: the first alias of a name stays.
    if (alias.name !== null && !result.has(alias.name)) result.set(alias.name, alias.metadata);
  }
  return result;
}
