/**
 * The simulator's single source of randomness: a small seeded generator (sfc32, seeded through
 * splitmix32) and ES-style base64 UUIDs drawn from it. The same seed always gives the same sequence;
 * nothing else in the project may produce random values.
 */

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
  }

  /** The next 32-bit unsigned value. */
  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 0x100000000;
  }

  /**
   * An ES `UUIDs.randomBase64UUID()`-shaped id: 16 random bytes with the version-4 and variant bits
   * set, base64url without padding (22 characters).
   */
  base64Uuid(): string {
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i += 4) {
      const v = this.nextUint32();
      bytes[i] = v & 0xff;
      bytes[i + 1] = (v >>> 8) & 0xff;
      bytes[i + 2] = (v >>> 16) & 0xff;
      bytes[i + 3] = (v >>> 24) & 0xff;
    }
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    return base64Url(bytes);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));

/**
 * Base64url without padding. The characters are collected as codes and made into one flat string:
 * appending them one by one would leave a chain of 20-odd concatenation nodes behind every id, and
 * every index keeps its id for life.
 */
function base64Url(bytes: Uint8Array): string {
  const codes: number[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) codes.push(ALPHABET_CODES[(n >>> (18 - 6 * c)) & 63]!);
  }
  return String.fromCharCode(...codes);
}
