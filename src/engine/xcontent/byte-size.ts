/**
 * ES byte-size values (`ByteSizeValue#parseBytesSizeValue`): `50gb`, `1024b`, `-1`, with ES's messages,
 * and their string forms (`getStringRep` keeps the unit as written). Pure.
 */
import { EsException, parseException } from '../errors';

export interface ByteSize {
  readonly bytes: number;
  /** As ES prints it back: the number and unit suffix as parsed. */
  readonly text: string;
}

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['pb', 1024 ** 5],
  ['p', 1024 ** 5],
  ['tb', 1024 ** 4],
  ['t', 1024 ** 4],
  ['gb', 1024 ** 3],
  ['g', 1024 ** 3],
  ['mb', 1024 ** 2],
  ['m', 1024 ** 2],
  ['kb', 1024],
  ['k', 1024],
  ['b', 1],
];

export function parseByteSize(input: string, settingName: string): ByteSize {
  const lower = input.trim().toLowerCase();
  if (lower === '-1') return { bytes: -1, text: '-1' };
  if (lower === '0') return { bytes: 0, text: '0b' };
  const unit = UNITS.find(([suffix]) => lower.endsWith(suffix));
  if (!unit) {
    throw new EsException(parseException(`failed to parse setting [${settingName}] with value [${input}] as a size in bytes: unit is missing or unrecognized`));
  }
  const number = lower.slice(0, lower.length - unit[0].length).trim();
  const suffix = unit[0].length === 1 && unit[0] !== 'b' ? `${unit[0]}b` : unit[0];
  if (/^-?\d+$/.test(number)) {
    const n = Number(number);
    if (n < 0) {
      throw new EsException(
        parseException(`failed to parse setting [${settingName}] with value [${input}] as a size in bytes`, {
          type: 'illegal_argument_exception',
          reason: `Values less than -1 bytes are not supported: ${input.trim()}`,
          status: 400,
        }),
      );
    }
    return { bytes: n * unit[1], text: `${n}${suffix}` };
  }
  if (/^\d*\.\d+$|^\d+\.\d*$/.test(number)) {
    // ES accepts fractions with a deprecation warning and keeps the value in bytes.
    const bytes = Math.trunc(Number(number) * unit[1]);
    return { bytes, text: `${bytes}b` };
  }
  throw new EsException(parseException(`failed to parse [${input}]`));
}
