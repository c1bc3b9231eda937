/**
 * A pull tokenizer over JSON text that reports token locations the way Jackson does (1-based line and
 * column of a token's first character) and fails, lazily, at the token where Jackson would fail, with
 * Jackson's wording. ES's object parsers wrap such failures differently depending on where they occur,
 * so request bodies are parsed token by token, never through JSON.parse. Pure: no I/O.
 */
import { EsError, EsException } from '../errors';

export type Token =
  | 'START_OBJECT'
  | 'END_OBJECT'
  | 'START_ARRAY'
  | 'END_ARRAY'
  | 'FIELD_NAME'
  | 'VALUE_STRING'
  | 'VALUE_NUMBER'
  | 'VALUE_BOOLEAN'
  | 'VALUE_NULL';

export interface Location {
  readonly line: number;
  readonly column: number;
}

/**
 * The source description Jackson appends to its messages. ES 7.x reads REST bodies through a stream
 * wrapper, and Jackson names the stream's class.
 */
export const JACKSON_SOURCE = '(org.elasticsearch.common.bytes.AbstractBytesReference$MarkSupportingStreamInputWrapper)';

/**
 * Jackson's `JsonParseException`, as ES reports it (type `json_parse_exception`, 400), or its
 * `JsonEOFException` subclass for input that ends too early (`json_e_o_f_exception`).
 */
export function jsonParseError(message: string, at: Location, type = 'json_parse_exception'): EsError {
  return {
    type,
    reason: `${message}\n at [Source: ${JACKSON_SOURCE}; line: ${at.line}, column: ${at.column}]`,
    status: 400,
  };
}

/** Jackson's `StreamReadConstraints` default (2.15+). */
export const MAX_NESTING_DEPTH = 1000;

interface Container {
  readonly kind: 'object' | 'array';
  readonly start: Location;
  readonly names: Set<string> | null;
  count: number;
}

export class JsonTokenizer {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private readonly stack: Container[] = [];
  private token: Token | null = null;
  private tokenStart: Location = { line: 1, column: 1 };
  private name: string | null = null;
  private value: string | null = null;
  private expectingValueAfterName = false;
  private done = false;

  /**
   * @param errorStyle how object parsers word unknown fields: ES 7.7+ suggests near names, 6.x said
   *   `parser not found`.
   */
  constructor(
    private readonly source: string,
    readonly errorStyle: 'suggesting' | 'parser-not-found' = 'suggesting',
  ) {}

  currentToken(): Token | null {
    return this.token;
  }

  /** Location of the current token's first character (Jackson `getTokenLocation`). */
  tokenLocation(): Location {
    return this.tokenStart;
  }

  currentName(): string {
    return this.name ?? '';
  }

  /** The current scalar's text: string contents, number digits as written, `true`/`false`/`null`. */
  text(): string {
    return this.value ?? '';
  }

  /** Advances and returns the next token, or null at the end of the root value (or of empty input). */
  nextToken(): Token | null {
    if (this.done) return (this.token = null);
    const top = this.stack[this.stack.length - 1];
    this.skipWhitespace();
    if (!top) {
      if (this.token !== null || this.peek() === undefined) {
        // The root value is complete (or there is none). Like ES's object parsers, trailing content is
        // never read.
        this.done = true;
        return (this.token = null);
      }
      return this.readValue();
    }
    if (this.expectingValueAfterName) {
      this.expectingValueAfterName = false;
      const c = this.peek();
      if (c === undefined) this.eofBetweenEntries(top);
      if (c !== ':') this.unexpected(c, 'was expecting a colon to separate field name and value');
      this.pos++;
      this.skipWhitespace();
      if (this.peek() === undefined) this.eofBetweenEntries(top);
      return this.readValue();
    }
    const c = this.peek();
    if (top.kind === 'object') {
      if (c === '}') return this.closeContainer('END_OBJECT');
      if (top.count > 0) {
        if (c !== ',') this.unexpected(c, 'was expecting comma to separate Object entries');
        this.pos++;
        this.skipWhitespace();
        if (this.peek() === undefined) this.eofBetweenEntries(top);
      }
      return this.readFieldName(top);
    }
    if (c === ']') return this.closeContainer('END_ARRAY');
    if (top.count > 0) {
      if (c !== ',') this.unexpected(c, 'was expecting comma to separate Array entries');
      this.pos++;
      this.skipWhitespace();
      if (this.peek() === undefined) this.eofBetweenEntries(top);
    }
    top.count++;
    return this.readValue();
  }

  /** Jackson `_reportInvalidEOF(" within/between ... entries")`: input ends inside an entry. */
  private eofBetweenEntries(top: Container): never {
    const what = top.kind === 'object' ? 'Object' : 'Array';
    this.fail(`Unexpected end-of-input within/between ${what} entries`, this.currentLocation(), 'json_e_o_f_exception');
  }

  /** Skips the children of the current START_OBJECT/START_ARRAY (a no-op on scalars). */
  skipChildren(): void {
    if (this.token !== 'START_OBJECT' && this.token !== 'START_ARRAY') return;
    let depth = 1;
    while (depth > 0) {
      const t = this.nextToken();
      if (t === 'START_OBJECT' || t === 'START_ARRAY') depth++;
      else if (t === 'END_OBJECT' || t === 'END_ARRAY') depth--;
    }
  }

  private closeContainer(token: Token): Token {
    this.markStart();
    this.pos++;
    this.stack.pop();
    this.name = null;
    return (this.token = token);
  }

  private readFieldName(top: Container): Token {
    const c = this.peek();
    if (c !== '"') this.unexpected(c, 'was expecting double-quote to start field name');
    const start = { line: this.line, column: this.pos - this.lineStart + 1 };
    const name = this.readString();
    if (top.names) {
      // Jackson checks for duplicates before the name becomes the current token, so the location of
      // the current token is still the previous one.
      if (top.names.has(name)) this.fail(`Duplicate field '${name}'`, this.currentLocation());
      top.names.add(name);
    }
    this.tokenStart = start;
    top.count++;
    this.name = name;
    this.value = null;
    this.expectingValueAfterName = true;
    return (this.token = 'FIELD_NAME');
  }

  private readValue(): Token {
    const c = this.peek();
    // Jackson makes a field name the current token before it reads the value's first character, so a
    // bad value inside an object is located at its name; elsewhere the location moves to the value.
    const start = { line: this.line, column: this.pos - this.lineStart + 1 };
    if (this.stack[this.stack.length - 1]?.kind !== 'object') this.tokenStart = start;
    const token = this.readValueToken(c);
    this.tokenStart = start;
    return token;
  }

  private readValueToken(c: string | undefined): Token {
    this.value = null;
    switch (c) {
      case '{':
        this.checkDepth();
        this.stack.push({ kind: 'object', start: this.here(), names: new Set(), count: 0 });
        this.pos++;
        return (this.token = 'START_OBJECT');
      case '[':
        this.checkDepth();
        this.stack.push({ kind: 'array', start: this.here(), names: null, count: 0 });
        this.pos++;
        return (this.token = 'START_ARRAY');
      case '"':
        this.value = this.readString();
        return (this.token = 'VALUE_STRING');
      case undefined:
        return this.endOfInput();
      case ']':
      case '}':
        this.unexpected(c, 'expected a value');
    }
    if (c === '-' || (c >= '0' && c <= '9')) return this.readNumber();
    const word = /^[A-Za-z0-9_$]+/.exec(this.source.slice(this.pos))?.[0] ?? '';
    if (word === 'true' || word === 'false' || word === 'null') {
      this.pos += word.length;
      this.value = word;
      return (this.token = word === 'null' ? 'VALUE_NULL' : 'VALUE_BOOLEAN');
    }
    if (/[A-Za-z_$]/.test(c)) {
      const tokenText = /^[^\s,:\]}{["]*/.exec(this.source.slice(this.pos))?.[0] ?? c;
      this.pos += tokenText.length;
      this.fail(`Unrecognized token '${tokenText}': was expecting ('true', 'false' or 'null')`, this.currentLocation());
    }
    this.unexpected(c, "expected a valid value (number, String, array, object, 'true', 'false' or 'null')");
  }

  private readNumber(): Token {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.source.slice(this.pos));
    const leadingZero = /^-?0[0-9]/.test(this.source.slice(this.pos));
    if (leadingZero) {
      this.pos += this.source.slice(this.pos).startsWith('-') ? 3 : 2;
      this.fail('Invalid numeric value: Leading zeroes not allowed', this.currentLocation());
    }
    if (!match) {
      this.pos++;
      const next = this.peek();
      this.pos++;
      this.fail(
        `Unexpected character (${describeChar(next)}) in numeric value: expected digit (0-9) to follow minus sign, for valid numeric value`,
        this.currentLocation(),
      );
    }
    this.pos += match[0].length;
    this.value = match[0];
    return (this.token = 'VALUE_NUMBER');
  }

  private readString(): string {
    this.pos++; // opening quote
    let out = '';
    for (;;) {
      const c = this.source[this.pos];
      if (c === undefined) {
        this.fail(`Unexpected end-of-input: was expecting closing quote for a string value`, this.currentLocation(), 'json_e_o_f_exception');
      }
      this.pos++;
      if (c === '"') return out;
      if (c === '\\') {
        const e = this.source[this.pos++];
        switch (e) {
          case '"':
            out += '"';
            break;
          case '\\':
            out += '\\';
            break;
          case '/':
            out += '/';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            const hex = this.source.slice(this.pos, this.pos + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
              const bad = [...hex].findIndex((ch) => !/[0-9a-fA-F]/.test(ch));
              this.pos += bad === -1 ? hex.length : bad + 1;
              const ch = bad === -1 ? undefined : hex[bad];
              if (ch === undefined) this.fail('Unexpected end-of-input in character escape sequence', this.currentLocation(), 'json_e_o_f_exception');
              this.fail(`Unexpected character (${describeChar(ch)}): expected a hex-digit for character escape sequence`, this.currentLocation());
            }
            out += String.fromCharCode(parseInt(hex, 16));
            this.pos += 4;
            break;
          }
          default:
            this.fail(`Unrecognized character escape ${describeChar(e)}`, this.currentLocation());
        }
        continue;
      }
      if (c.charCodeAt(0) < 0x20) {
        this.fail(
          `Illegal unquoted character ((CTRL-CHAR, code ${c.charCodeAt(0)})): has to be escaped using backslash to be included in string value`,
          this.currentLocation(),
        );
      }
      out += c;
    }
  }

  private endOfInput(): never {
    const top = this.stack[this.stack.length - 1];
    if (!top) this.fail('Unexpected end-of-input', this.currentLocation(), 'json_e_o_f_exception');
    const what = top.kind === 'object' ? 'Object' : 'Array';
    this.fail(
      `Unexpected end-of-input: expected close marker for ${what} (start marker at [Source: ${JACKSON_SOURCE}; line: ${top.start.line}, column: ${top.start.column}])`,
      this.currentLocation(),
      'json_e_o_f_exception',
    );
  }

  private unexpected(c: string | undefined, expectation: string): never {
    if (c === undefined) this.endOfInput();
    this.pos++;
    this.fail(`Unexpected character (${describeChar(c)}): ${expectation}`, this.currentLocation());
  }

  private fail(message: string, at: Location, type?: string): never {
    throw new EsException(jsonParseError(message, at, type));
  }

  private peek(): string | undefined {
    return this.source[this.pos];
  }

  private markStart(): void {
    this.tokenStart = { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  /**
   * Divergence: ES 7.10's Jackson (2.10) has no nesting limit, and a deep enough body overflows the
   * node's stack (a fatal error); the simulator refuses it the way later Jackson releases do.
   */
  private checkDepth(): void {
    if (this.stack.length >= MAX_NESTING_DEPTH) {
      throw new EsException({
        type: 'stream_constraints_exception',
        reason: `Document nesting depth (${this.stack.length + 1}) exceeds the maximum allowed (${MAX_NESTING_DEPTH}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`,
        status: 400,
      });
    }
  }

  private here(): Location {
    return { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  /** Jackson's current location: just after the last character read. */
  private currentLocation(): Location {
    return { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  private skipWhitespace(): void {
    for (;;) {
      const c = this.source[this.pos];
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\n') {
        this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else if (c === '\r') {
        this.pos++;
        if (this.source[this.pos] === '\n') this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else return;
    }
  }
}

function describeChar(c: string | undefined): string {
  if (c === undefined) return "'<EOF>'";
  const code = c.charCodeAt(0);
  if (code < 0x20) return `CTRL-CHAR, code ${code}`;
  return `'${c}' (code ${code})`;
}
