import { describe, it } from 'node:test';
import { expect } from 'chai';

import { byteSizeString } from './cat-handlers';

describe('byteSizeString (ES ByteSizeValue#toString)', () => {
  it('uses the largest unit with one truncated decimal', () => {
    expect(byteSizeString(0)).to.equal('0b');
    expect(byteSizeString(1023)).to.equal('1023b');
    expect(byteSizeString(1024)).to.equal('1kb');
    expect(byteSizeString(1536)).to.equal('1.5kb');
    expect(byteSizeString(1024 * 1024 - 1)).to.equal('1023.9kb');
    expect(byteSizeString(5 * 1024 ** 3)).to.equal('5gb');
  });
});
