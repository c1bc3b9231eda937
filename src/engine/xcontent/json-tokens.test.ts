/**
 * The JSON pull tokenizer against Jackson (jackson-core 2.10 `UTF8StreamJsonParser`, which ES 7.x reads
 * REST bodies with): token locations as 1-based line:column of a token's first character, and the
 * messages and locations of its failures. The `[Source: ...]` text is ES 7.x's stream wrapper.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';

import { EsException, type EsError } from '../errors';
import { JACKSON_SOURCE, JsonTokenizer, jsonParseError, type Token } from './json-tokens';

/** Every token as `TOKEN@line:column` with its name or text, until the root value ends. */
function tokens(source: string): string[] {
  const p = new JsonTokenizer(source);
  const out: string[] = [];
  for (let t = p.nextToken(); t !== null; t = p.nextToken()) {
    const at = p.tokenLocation();
    const detail = t === 'FIELD_NAME' ? `=${p.currentName()}` : t.startsWith('VALUE_') ? `=${p.text()}` : '';
    out.push(`${t}@${at.line}:${at.column}${detail}`);
  }
  return out;
}

/** The error thrown while tokenizing to the end, or null. */
function failure(source: string): EsError | null {
  const p = new JsonTokenizer(source);
  try {
    while (p.nextToken() !== null);
  } catch (e) {
    if (e instanceof EsException) return e.error;
    throw e;
  }
  return null;
}

const at = (line: number, column: number): string => `\n at [Source: ${JACKSON_SOURCE}; line: ${line}, column: ${column}]`;

describe('jsonParseError', () => {
  it('is a 400 json_parse_exception whose reason ends with the Jackson location', () => {
    expect(jsonParseError('Boom', { line: 3, column: 7 })).to.deep.equal({
      type: 'json_parse_exception',
      reason: `Boom\n at [Source: (org.elasticsearch.common.bytes.AbstractBytesReference$MarkSupportingStreamInputWrapper); line: 3, column: 7]`,
      status: 400,
    });
  });
});

describe('token locations (line:column of the first character, FIELD_NAME at its opening quote)', () => {
  it('a pretty-printed document', () => {
    const doc = ['{', '  "a": 1,', '  "b": [true, null, "x\\"y"],', '  "c": {"d": -1.5e3}', '}'].join('\n');
    expect(tokens(doc)).to.deep.equal([
      'START_OBJECT@1:1',
      'FIELD_NAME@2:3=a',
      'VALUE_NUMBER@2:8=1',
      'FIELD_NAME@3:3=b',
      'START_ARRAY@3:8',
      'VALUE_BOOLEAN@3:9=true',
      'VALUE_NULL@3:15=null',
      'VALUE_STRING@3:21=x"y',
      'END_ARRAY@3:27',
      'FIELD_NAME@4:3=c',
      'START_OBJECT@4:8',
      'FIELD_NAME@4:9=d',
      'VALUE_NUMBER@4:14=-1.5e3',
      'END_OBJECT@4:20',
      'END_OBJECT@5:1',
    ]);
  });

  it('CR LF and lone CR each end one line; tabs count one column', () => {
    expect(tokens('\r\n{\r"a":\t{}\r\n}')).to.deep.equal(['START_OBJECT@2:1', 'FIELD_NAME@3:1=a', 'START_OBJECT@3:6', 'END_OBJECT@3:7', 'END_OBJECT@4:1']);
  });

  it('escapes decode, numbers keep their text as written', () => {
    expect(tokens('["\\u00e9\\n\\t\\/", 0, -0.5, 1E+2, 10]')).to.deep.equal([
      'START_ARRAY@1:1',
      'VALUE_STRING@1:2=é\n\t/',
      'VALUE_NUMBER@1:18=0',
      'VALUE_NUMBER@1:21=-0.5',
      'VALUE_NUMBER@1:27=1E+2',
      'VALUE_NUMBER@1:33=10',
      'END_ARRAY@1:35',
    ]);
  });

  it('content after the root value is never read (ES object parsers stop at the root END_OBJECT)', () => {
    expect(tokens('{"a":1}garbage')).to.deep.equal(['START_OBJECT@1:1', 'FIELD_NAME@1:2=a', 'VALUE_NUMBER@1:6=1', 'END_OBJECT@1:7']);
  });

  it('the tokenizer is lazy: tokens before a syntax error are delivered first', () => {
    const p = new JsonTokenizer('{"a":1,"b" 2}');
    const seen: Array<Token | null> = [p.nextToken(), p.nextToken(), p.nextToken(), p.nextToken()];
    expect(seen).to.deep.equal(['START_OBJECT', 'FIELD_NAME', 'VALUE_NUMBER', 'FIELD_NAME']);
    expect(() => p.nextToken()).to.throw(EsException);
  });

  it('skipChildren skips a whole object and leaves the parser on its END_OBJECT', () => {
    const p = new JsonTokenizer('{"a":{"b":[1,{"c":2}]},"d":3}');
    p.nextToken();
    p.nextToken();
    expect(p.nextToken()).to.equal('START_OBJECT');
    p.skipChildren();
    expect(p.currentToken()).to.equal('END_OBJECT');
    expect(p.tokenLocation()).to.deep.equal({ line: 1, column: 22 });
    expect(p.nextToken()).to.equal('FIELD_NAME');
    expect(p.currentName()).to.equal('d');
  });
});

describe('Jackson failures: message and current location (just after the offending character)', () => {
  const cases: Array<[string, string, number, number]> = [
    ['{"a" 1}', "Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value", 1, 7],
    ['{"a":1 "b":2}', `Unexpected character ('"' (code 34)): was expecting comma to separate Object entries`, 1, 9],
    ['[1 2]', "Unexpected character ('2' (code 50)): was expecting comma to separate Array entries", 1, 5],
    ['{a:1}', "Unexpected character ('a' (code 97)): was expecting double-quote to start field name", 1, 3],
    ['{"a":1,}', "Unexpected character ('}' (code 125)): was expecting double-quote to start field name", 1, 9],
    ['{"a":}', "Unexpected character ('}' (code 125)): expected a value", 1, 7],
    ['[1,]', "Unexpected character (']' (code 93)): expected a value", 1, 5],
    ['{"a":"x\\qy"}', "Unrecognized character escape 'q' (code 113)", 1, 10],
    ['{"a":"x\ny"}', 'Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value', 1, 9],
    ['{"a":1,"a":2}', "Duplicate field 'a'", 1, 11],
    ['{"a":{"b":1},\n "a":2}', "Duplicate field 'a'", 2, 5],
    ['{"a":{"x":1,"x":2}}', "Duplicate field 'x'", 1, 16],
    ['{"a":-x}', "Unexpected character ('x' (code 120)) in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value", 1, 8],
    ['\r\n{"a"\r\n 1}', "Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value", 3, 3],
    ['{"a":1', `Unexpected end-of-input: expected close marker for Object (start marker at [Source: ${JACKSON_SOURCE}; line: 1, column: 1])`, 1, 7],
    ['{"a":{"b":[1,2', `Unexpected end-of-input: expected close marker for Array (start marker at [Source: ${JACKSON_SOURCE}; line: 1, column: 11])`, 1, 15],
    ['{\n  "a": {\n', `Unexpected end-of-input: expected close marker for Object (start marker at [Source: ${JACKSON_SOURCE}; line: 2, column: 8])`, 3, 1],
    ['{"a":"x', 'Unexpected end-of-input: was expecting closing quote for a string value', 1, 8],
  ];
  for (const [source, message, line, column] of cases) {
    it(`${JSON.stringify(source)}`, () => {
      const error = failure(source);
      expect(error, 'fails').to.not.equal(null);
      expect(error!.reason).to.equal(`${message}${at(line, column)}`);
      expect(error!.status).to.equal(400);
    });
  }

  it('a word that is not a literal names the whole word', () => {
    expect(failure('{"a": xyz}')!.reason).to.match(/^Unrecognized token 'xyz': was expecting \('true', 'false' or 'null'\)\n at /);
  });

  it('leading zeroes are refused', () => {
    expect(failure('{"a":01}')!.reason).to.match(/^Invalid numeric value: Leading zeroes not allowed\n at /);
  });

  it('syntax errors are json_parse_exception', () => {
    for (const source of ['{"a" 1}', '[1 2]', '{a:1}', '{"a":1,"a":2}']) expect(failure(source)!.type, source).to.equal('json_parse_exception');
  });

  // Jackson reports a premature end of input as JsonEOFException (a JsonParseException subclass,
  // jackson-core 2.8+, `ParserMinimalBase#_reportInvalidEOF`), and ES names an exception by its class:
  // real ES 7 bodies read `"type" : "json_e_o_f_exception"` with exactly these "expected close marker"
  // reasons.
  for (const source of ['{"a":1', '[1,2', '{', '{"a":"x']) {
    it(`end of input ${JSON.stringify(source)} is a json_e_o_f_exception`, () => {
      const error = failure(source);
      expect(error?.type).to.equal('json_e_o_f_exception');
      expect(error?.status).to.equal(400);
    });
  }

  // Where the input ends inside an entry (after a name, a colon or a comma), Jackson's skip routines
  // (`_skipColon2`, `_skipAfterComma2`/`_skipWS2`) report "Unexpected end-of-input within/between
  // <Object|Array> entries", not the close-marker message, which only comes from `_handleEOF` when
  // the input ends where a value or an end marker may start.
  const withinBetween: Array<[string, string, number]> = [
    ['{"a"', 'Object', 5],
    ['{"a":', 'Object', 6],
    ['{"a":1,', 'Object', 8],
    ['[1,', 'Array', 4],
  ];
  for (const [source, container, column] of withinBetween) {
    it(`end of input inside an entry ${JSON.stringify(source)}`, () => {
      expect(failure(source)?.reason).to.equal(`Unexpected end-of-input within/between ${container} entries${at(1, column)}`);
    });
  }

  it('a bad \\u escape names the first character that is not a hex digit, after reading it', () => {
    // UTF8StreamJsonParser#_decodeEscaped reads the four characters one at a time and reports the
    // one that fails CharTypes.charToHex.
    expect(failure('{"a":"\\u12G4"}')?.reason).to.equal(`Unexpected character ('G' (code 71)): expected a hex-digit for character escape sequence${at(1, 12)}`);
  });

  it('empty input at the root is no token, not an error (Jackson nextToken returns null at end of input)', () => {
    // `_skipWSOrEnd` returns -1 and nextToken answers null in the root context; only a data-binding
    // ObjectMapper says "No content to map due to end-of-input". ES's object parser then reports
    // "[parser] Expected START_OBJECT but was: null".
    expect(new JsonTokenizer('').nextToken()).to.equal(null);
    expect(new JsonTokenizer('   \n ').nextToken()).to.equal(null);
  });
});
