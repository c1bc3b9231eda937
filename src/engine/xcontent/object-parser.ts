/**
 * Declarative body parsing with ES's `ObjectParser`/`ConstructingObjectParser` semantics: which tokens a
 * field accepts, unknown-field and wrong-type errors, the `[parser] failed to parse field [f]` wrapping
 * at the token where a failure happened, and constructor arguments built as soon as the last one
 * arrives. Messages are ES's; the code is ours. Pure: works on a `JsonTokenizer`, no I/O.
 */
import { EsError, EsException, illegalArgument, illegalState, numberFormat } from '../errors';
import { javaHashMapOrder } from './java-order';
import { JsonTokenizer, Location, Token, jsonParseError } from './json-tokens';
import { parseTimeValue, TimeValue } from './time';

/** ES `ObjectParser.ValueType`: the tokens each declared field accepts. */
export type ValueType =
  | 'STRING'
  | 'STRING_OR_NULL'
  | 'INT'
  | 'INT_OR_NULL'
  | 'LONG'
  | 'BOOLEAN'
  | 'OBJECT'
  | 'VALUE'
  | 'OBJECT_ARRAY'
  | 'STRING_ARRAY'
  | 'INT_ARRAY';

const SUPPORTED: Record<ValueType, readonly Token[]> = {
  STRING: ['VALUE_STRING'],
  STRING_OR_NULL: ['VALUE_STRING', 'VALUE_NULL'],
  INT: ['VALUE_NUMBER', 'VALUE_STRING'],
  INT_OR_NULL: ['VALUE_NUMBER', 'VALUE_STRING', 'VALUE_NULL'],
  LONG: ['VALUE_NUMBER', 'VALUE_STRING'],
  BOOLEAN: ['VALUE_BOOLEAN', 'VALUE_STRING'],
  OBJECT: ['START_OBJECT'],
  VALUE: ['VALUE_STRING', 'VALUE_NUMBER', 'VALUE_BOOLEAN', 'VALUE_NULL'],
  OBJECT_ARRAY: ['START_OBJECT', 'START_ARRAY'],
  STRING_ARRAY: ['START_ARRAY', 'VALUE_STRING'],
  INT_ARRAY: ['START_ARRAY', 'VALUE_NUMBER', 'VALUE_STRING'],
};

export interface FieldSpec {
  readonly name: string;
  readonly type: ValueType;
  /** Constructor argument of a `ConstructingObjectParser`; plain fields when absent. */
  readonly constructorArg?: 'required' | 'optional';
  /** Reads the value at the current token; may throw `EsException`. */
  readonly parse: (p: JsonTokenizer) => unknown;
}

export interface ParserSpec<R> {
  readonly name: string;
  readonly fields: readonly FieldSpec[];
  /**
   * Builds the result from the parsed values. For a constructing parser this is the constructor: it
   * runs as soon as every constructor argument has arrived (inside the last one's field parse), or at
   * the end of the object when some optional ones are missing.
   */
  readonly build: (values: ReadonlyMap<string, unknown>) => R;
  readonly constructing?: boolean;
  /** ES's `ignoreUnknownFields` parsers (`new ObjectParser<>(name, true, ...)`): other fields are skipped. */
  readonly ignoreUnknownFields?: boolean;
}

export function xContentError(at: Location | null, message: string, causedBy?: EsError): EsError {
  return {
    type: 'x_content_parse_exception',
    reason: at ? `[${at.line}:${at.column}] ${message}` : message,
    status: 400,
    ...(causedBy ? { causedBy } : {}),
  };
}

function rethrowWrapped(e: unknown, wrap: (cause: EsError) => EsError): never {
  if (e instanceof EsException) throw new EsException(wrap(e.error));
  throw e;
}

/**
 * The unknown-field message. ES 7.7+ (`SuggestingErrorOnUnknown`) appends suggestions; 6.x said
 * `, parser not found` (chosen per tokenizer, see `JsonTokenizer.errorStyle`).
 */
export function unknownFieldMessage(
  parserName: string,
  field: string,
  candidates: readonly string[],
  style: 'suggesting' | 'parser-not-found' = 'suggesting',
): string {
  if (style === 'parser-not-found') return `[${parserName}] unknown field [${field}], parser not found`;
  return `[${parserName}] unknown field [${field}]${didYouMean(field, candidates)}`;
}

/**
 * ES's suggestion suffix: candidates whose Lucene Levenshtein similarity to the unknown name is above
 * 0.5, best first (ties by name): ` did you mean [x]?` or ` did you mean any of [a, b]?`.
 */
export function didYouMean(unknown: string, candidates: readonly string[]): string {
  const scored = candidates
    .map((candidate) => ({ candidate, score: levenshteinSimilarity(unknown, candidate) }))
    .filter((entry) => entry.score > 0.5)
    .sort((a, b) => b.score - a.score || (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0))
    .map((entry) => entry.candidate);
  if (scored.length === 0) return '';
  return scored.length === 1 ? ` did you mean [${scored[0]}]?` : ` did you mean any of [${scored.join(', ')}]?`;
}

/** Lucene `LevenshteinDistance#getDistance`: 1 - edits / max(length). */
export function levenshteinSimilarity(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return a === b ? 1 : 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(current[j - 1]! + 1, previous[j]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return 1 - previous[b.length]! / Math.max(a.length, b.length);
}

/**
 * A failure ES queues until the object is built (the "ordered" form of named objects): the builder
 * throws it, so it arrives wrapped in "Failed to build [x] after last required field arrived".
 */
export class DeferredFailure {
  constructor(readonly error: EsError) {}
}

function isJacksonError(error: EsError): boolean {
  return error.type === 'json_parse_exception' || error.type === 'json_e_o_f_exception';
}

/**
 * Parses one object with `spec`, starting at its START_OBJECT or just before it. Like ES's
 * `ObjectParser#apply`, a Jackson error met by this parser's own token loop is wrapped as
 * `[name] failed to parse object`.
 */
export function parseObject<R>(p: JsonTokenizer, spec: ParserSpec<R>): R {
  try {
    return parseObjectFields(p, spec);
  } catch (e) {
    if (e instanceof EsException && isJacksonError(e.error)) {
      throw new EsException(xContentError(p.tokenLocation(), `[${spec.name}] failed to parse object`, e.error));
    }
    throw e;
  }
}

function parseObjectFields<R>(p: JsonTokenizer, spec: ParserSpec<R>): R {
  let token = p.currentToken();
  if (token !== 'START_OBJECT') {
    token = p.nextToken();
    if (token !== 'START_OBJECT') {
      throw new EsException(xContentError(p.tokenLocation(), `[${spec.name}] Expected START_OBJECT but was: ${token ?? 'null'}`));
    }
  }
  const values = new Map<string, unknown>();
  const constructorArgs = spec.fields.filter((f) => f.constructorArg !== undefined);
  let collected = 0;
  let built: { value: R } | null = null;
  let field: FieldSpec | null = null;
  let fieldName = '';
  for (;;) {
    token = p.nextToken();
    if (token === 'END_OBJECT' || token === null) break;
    if (token === 'FIELD_NAME') {
      fieldName = p.currentName();
      field = spec.fields.find((f) => f.name === fieldName) ?? null;
      if (!field && spec.ignoreUnknownFields) {
        p.nextToken();
        p.skipChildren();
        continue;
      }
      if (!field) {
        const at = p.tokenLocation();
        const message = unknownFieldMessage(
          spec.name,
          fieldName,
          spec.fields.map((f) => f.name),
          p.errorStyle,
        );
        // ES 7.7+ raises it after reading the value that follows, so wrappers point at the value;
        // 6.x raised it on the name.
        if (p.errorStyle === 'suggesting') p.nextToken();
        throw new EsException(xContentError(at, message));
      }
      continue;
    }
    if (!field) throw new EsException(xContentError(p.tokenLocation(), `[${spec.name}] no field found`));
    if (!SUPPORTED[field.type].includes(token)) {
      throw new EsException(xContentError(p.tokenLocation(), `[${spec.name}] ${fieldName} doesn't support values of type: ${token}`));
    }
    const current = field;
    try {
      values.set(current.name, current.parse(p));
      if (current.constructorArg !== undefined && spec.constructing) {
        collected++;
        if (collected === constructorArgs.length) built = { value: buildTarget(p, spec, values) };
      }
    } catch (e) {
      rethrowWrapped(e, (cause) => xContentError(p.tokenLocation(), `[${spec.name}] failed to parse field [${fieldName}]`, cause));
    }
    field = null;
  }
  if (built) return built.value;
  if (spec.constructing) {
    const missing = constructorArgs.filter((f) => f.constructorArg === 'required' && !values.has(f.name));
    if (missing.length > 0) {
      throw new EsException(illegalArgument(`Required [${missing.map((f) => f.name).join(', ')}]`));
    }
    return buildTarget(p, spec, values);
  }
  return spec.build(values);
}

function buildTarget<R>(p: JsonTokenizer, spec: ParserSpec<R>, values: ReadonlyMap<string, unknown>): R {
  try {
    for (const value of values.values()) if (value instanceof DeferredFailure) throw new EsException(value.error);
    return spec.build(values);
  } catch (e) {
    rethrowWrapped(e, (cause) =>
      cause.type === 'x_content_parse_exception'
        ? xContentError(p.tokenLocation(), `failed to build [${spec.name}] after last required field arrived`, cause)
        : xContentError(null, `Failed to build [${spec.name}] after last required field arrived`, cause),
    );
  }
}

/**
 * ES `declareNamedObjects`: an object whose keys name sub-objects (phases, actions). The array form
 * is refused with `ordered {field} are not supported` when the owner is built (a `DeferredFailure`);
 * each entry's failure is wrapped as `[field] failed to parse field [name]`.
 * Divergence: ES parses the entries of the array form before refusing it, so an error inside one
 * would come first; the simulator skips them.
 */
export function parseNamedObjects<T>(
  p: JsonTokenizer,
  field: string,
  parseEntry: (p: JsonTokenizer, name: string) => T,
): Array<{ name: string; value: T }> | DeferredFailure {
  if (p.currentToken() === 'START_ARRAY') {
    p.skipChildren();
    return new DeferredFailure(illegalArgument(`ordered ${field} are not supported`));
  }
  const out: Array<{ name: string; value: T }> = [];
  for (;;) {
    const token = p.nextToken();
    if (token === 'END_OBJECT' || token === null) return out;
    const name = p.currentName();
    try {
      out.push({ name, value: parseEntry(p, name) });
    } catch (e) {
      rethrowWrapped(e, (cause) => xContentError(p.tokenLocation(), `[${field}] failed to parse field [${name}]`, cause));
    }
  }
}

/** ES `XContentParser.intValue()` with coercion: numbers truncate, strings parse as doubles. */
export function intValue(p: JsonTokenizer): number {
  return integerValue(p, 'int', 2147483647);
}

export function longValue(p: JsonTokenizer): number {
  return integerValue(p, 'long', Number.MAX_SAFE_INTEGER);
}

function integerValue(p: JsonTokenizer, kind: 'int' | 'long', max: number): number {
  const text = p.text();
  if (p.currentToken() === 'VALUE_STRING') {
    const trimmed = text.trim();
    const value = trimmed === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? NaN : Number(trimmed);
    if (Number.isNaN(value)) throw new EsException(numberFormat(text));
    if (value > max || value < -max - 1) {
      throw new EsException(illegalArgument(`Value [${text}] is out of range for ${kind === 'int' ? 'an integer' : 'a long'}`));
    }
    return Math.trunc(value);
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value > max || value < -max - 1) {
    if (Number.isInteger(value) || Math.abs(value) > max) {
      throw new EsException(jsonParseError(`Numeric value (${text}) out of range of ${kind}`, p.tokenLocation()));
    }
    return Math.trunc(value);
  }
  return value;
}

/** ES `TimeValue.parseTimeValue(p.text(), name)` for a policy field; its failure is an IAE. */
export function timeValue(p: JsonTokenizer, settingName: string): TimeValue {
  const parsed = parseTimeValue(p.text(), settingName);
  if (!parsed.ok) throw new EsException(illegalArgument(parsed.reason));
  return parsed.value;
}

/** ES `XContentParser.booleanValue()`: a JSON boolean, or exactly the strings `true`/`false`. */
export function booleanValue(p: JsonTokenizer): boolean {
  const text = p.text();
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new EsException(illegalArgument(`Failed to parse value [${text}] as only [true] or [false] are allowed.`));
}

/**
 * ES `XContentParser#text()`: the text of a string, number or boolean; on an object, array or null it is
 * an `IllegalStateException` naming the token and where it starts (the parser wraps it as
 * `failed to parse field [f]`).
 */
export function textValue(p: JsonTokenizer): string {
  const token = p.currentToken();
  if (token === 'VALUE_STRING' || token === 'VALUE_NUMBER' || token === 'VALUE_BOOLEAN') return p.text();
  const at = p.tokenLocation();
  throw new EsException(illegalState(`Can't get text on a ${token ?? 'null'} at ${at.line}:${at.column}`));
}

/**
 * ES `AbstractObjectParser#parseArray` with an item parser: one value (or object) stands for a list of
 * one; in an array each value, null or object goes to the item parser, a nested array is an
 * `IllegalStateException` ("expected value but got [START_ARRAY]").
 */
export function arrayOf<T>(p: JsonTokenizer, item: (p: JsonTokenizer) => T): T[] {
  if (p.currentToken() !== 'START_ARRAY') return [item(p)];
  const out: T[] = [];
  for (let token = p.nextToken(); token !== 'END_ARRAY' && token !== null; token = p.nextToken()) {
    if (token === 'START_ARRAY') throw new EsException(illegalState(`expected value but got [${token}]`));
    out.push(item(p));
  }
  return out;
}

/** ES `declareStringArray`: `STRING_ARRAY` read with `p.text()` per element. */
export function stringArray(p: JsonTokenizer): string[] {
  return arrayOf(p, textValue);
}

/** The fields of a type-checking pass: each name's `ValueType` and how its value is read. */
export type FieldTypes = ReadonlyArray<readonly [name: string, type: ValueType, parse?: (p: JsonTokenizer) => unknown]>;

/**
 * A lenient `ObjectParser` that only checks and reads values (ES `assertSupports`, then the field's
 * parser): `[name] f doesn't support values of type: T`, or a reader's failure wrapped as
 * `[name] failed to parse field [f]`, at the token where it happened. Undeclared fields are skipped;
 * a field without a reader is read whole (`anyValue`). Nested objects pass another `typedObject` as
 * their reader. This is the one place a body's value types are checked.
 */
export function typedObject(name: string, fields: FieldTypes): ParserSpec<void> {
  return {
    name,
    ignoreUnknownFields: true,
    fields: fields.map(([field, type, parse]) => ({ name: field, type, parse: parse ?? anyValue })),
    build: () => undefined,
  };
}

/** A reader for a nested object that `typedObject` checks. */
export function nested(name: string, fields: FieldTypes): (p: JsonTokenizer) => void {
  const spec = typedObject(name, fields);
  return (p) => {
    // ES `ObjectParser#parse` at the value it is given (an array element may be any token).
    const token = p.currentToken();
    if (token !== 'START_OBJECT') throw new EsException(xContentError(p.tokenLocation(), `[${name}] Expected START_OBJECT but was: ${token ?? 'null'}`));
    parseObject(p, spec);
  };
}

/**
 * Checks a request body's value types with `spec` (the body text as sent, so every error names ES's
 * line and column). Bodies that are not an object are left to the caller's own parse.
 */
export function checkValueTypes(text: string | null, spec: ParserSpec<void>): void {
  if (text === null || text.trim().length === 0) return;
  const p = new JsonTokenizer(text);
  if (p.nextToken() !== 'START_OBJECT') return;
  parseObject(p, spec);
}

/**
 * A fresh object with no prototype: every key, `__proto__` and `constructor` included, is an ordinary
 * own key of it, as every name is to ES (issue 14, item 7). Whatever a request names is collected
 * into one of these (or a Map), never into `{}`, where `out["__proto__"] = v` would set the prototype
 * and `"by" in out` would read through it.
 */
export function ownKeysObject<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * The text of numbers as the request wrote them, where JavaScript would print them otherwise (`1E2`
 * reads as 100, `9007199254740993` as ...992): by the object or array that holds them, then by key or
 * index. ES echoes and parses such values from Jackson's token text, so settings read it from here.
 */
const writtenNumbers = new WeakMap<object, Map<string, string>>();

/** The number at `key` of a container `anyValue` built, as the request wrote it. */
export function numberAsWritten(container: object, key: string | number, value: number): string {
  return writtenNumbers.get(container)?.get(String(key)) ?? String(value);
}

/** Java's `Double.toString`: `100.0`, `1.5`, `1.0E20`, `1.0E-5`. */
function javaDoubleText(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (!Number.isFinite(d)) return d > 0 ? 'Infinity' : '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const text = String(d);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = d.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.replace('+', '')}`;
}

/**
 * A request value as ES prints it where it echoes the Java object that `XContentHelper.convertToMap`
 * made of it with `toString()` (`PutRepositoryRequest#source`'s `type`, `XContentMapValues#nodeBooleanValue`):
 * a whole number as written (an `Integer`, `Long` or `BigInteger`), any other number as Java's
 * `Double.toString` (`1E2` is `100.0`), a map as `{a=1, b=x}` in `HashMap` order, a list as `[1, x]`,
 * null as `null`. `container` and `key` find the number's text as written.
 */
export function javaToString(value: unknown, container?: object, key?: string | number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    const text = container !== undefined && key !== undefined ? numberAsWritten(container, key, value) : String(value);
    return /^-?\d+$/.test(text) ? text : javaDoubleText(value);
  }
  if (Array.isArray(value)) return `[${value.map((e, i) => javaToString(e, value, i)).join(', ')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${javaHashMapOrder(Object.keys(object))
      .map((k) => `${k}=${javaToString(object[k], object, k)}`)
      .join(', ')}}`;
  }
  return String(value);
}

function keepNumberText(container: object, key: string | number, p: JsonTokenizer, value: unknown): void {
  if (typeof value !== 'number' || String(value) === p.text()) return;
  let texts = writtenNumbers.get(container);
  if (!texts) writtenNumbers.set(container, (texts = new Map()));
  texts.set(String(key), p.text());
}

/** Reads any JSON value at the current token into a plain JS value (objects keep key order, no prototype). */
export function anyValue(p: JsonTokenizer): unknown {
  switch (p.currentToken()) {
    case 'START_OBJECT': {
      const out = ownKeysObject();
      for (let t = p.nextToken(); t !== 'END_OBJECT' && t !== null; t = p.nextToken()) {
        const name = p.currentName();
        p.nextToken();
        out[name] = anyValue(p);
        keepNumberText(out, name, p, out[name]);
      }
      return out;
    }
    case 'START_ARRAY': {
      const out: unknown[] = [];
      for (let t = p.nextToken(); t !== 'END_ARRAY' && t !== null; t = p.nextToken()) {
        out.push(anyValue(p));
        keepNumberText(out, out.length - 1, p, out[out.length - 1]);
      }
      return out;
    }
    case 'VALUE_NUMBER':
      return Number(p.text());
    case 'VALUE_BOOLEAN':
      return p.text() === 'true';
    case 'VALUE_NULL':
      return null;
    default:
      return p.text();
  }
}
