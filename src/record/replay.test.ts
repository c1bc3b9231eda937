/**
 * Replaying recordings: the seed story (shrink ERROR, fix, retry, settle) with errors and clock moves
 * replays byte-identically; a tampered response, status, header or request is reported at the right
 * line with a caret under the first differing character; malformed recordings name the line at fault.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createSimulator } from '../index';
import { createRecorder } from './recorder';
import { MalformedRecordingError, parseRecording } from './recording-format';
import { firstDifferenceAt, formatDifference, replayRecording, ReplayResult, textDifference } from './replay';
import { recordSeedSession, SEED_SESSION, SHRINK_1 } from './test-support';

function differenceOf(result: ReplayResult) {
  if (result.identical) throw new Error('expected a difference');
  return result;
}

/** The recording with one line (1-based) rewritten. */
function editLine(text: string, line: number, edit: (value: Record<string, any>) => void): string {
  const lines = text.split('\n');
  const value = JSON.parse(lines[line - 1]!) as Record<string, any>;
  edit(value);
  lines[line - 1] = JSON.stringify(value);
  return lines.join('\n');
}

function malformed(text: string): MalformedRecordingError {
  try {
    replayRecording(text);
  } catch (error) {
    expect(error).to.be.instanceOf(MalformedRecordingError);
    return error as MalformedRecordingError;
  }
  throw new Error('expected the recording to be refused');
}

describe('replaying a recorded session', () => {
  it('the seed story, with errors and clock moves, replays byte-identically', () => {
    const text = recordSeedSession();
    const explain = JSON.parse(text.split('\n')[7]!) as { path: string; response: { text: string } };
    expect(explain.path).to.equal('/my-index-000001/_ilm/explain?human');
    expect(explain.response.text).to.include('"step":"ERROR"');
    const settled = JSON.parse(text.split('\n')[20]!) as { response: { status: number; text: string } };
    expect(settled.response.status).to.equal(200);
    expect(settled.response.text).to.not.include('ERROR');
    expect(replayRecording(text)).to.deep.equal({
      identical: true,
      requests: SEED_SESSION.length,
      options: { profile: '7.10', startTime: '2024-01-01T00:00:00.000Z', startMillis: 1704067200000, pollInterval: '10m', seed: 0 },
    });
  });

  it('replays under the recorded profile, start time, poll interval and seed', () => {
    const options = { profile: '6.6', startTime: 1_900_000_000_000, pollInterval: '1h', seed: 99 };
    const text = recordSeedSession(options);
    const result = replayRecording(text);
    expect(result.identical).to.equal(true);
    expect(result.options).to.deep.equal({ ...options, startMillis: 1_900_000_000_000 });
    // The same requests under other options give other bytes: the header is what makes them replay.
    const swapped = text.replace('"profile":"6.6"', '"profile":"7.10"');
    expect(differenceOf(replayRecording(swapped)).difference.line).to.be.greaterThan(1);
  });

  it('a recording with no requests replays', () => {
    expect(replayRecording(createRecorder(createSimulator()).recording())).to.deep.include({ identical: true, requests: 0 });
  });

  it('tolerates CRLF line ends and blank lines', () => {
    const text = recordSeedSession();
    expect(replayRecording(text.replace(/\n/g, '\r\n')).identical).to.equal(true);
    expect(replayRecording(`${text}\n\n`).identical).to.equal(true);
  });
});

describe('a tampered recording is reported at its line', () => {
  const text = recordSeedSession();

  it('a changed response text: the line, the request, and a caret under the first differing character', () => {
    const tampered = text.replace('"step\\":\\"ERROR\\"', '"step\\":\\"ERRAR\\"');
    const result = differenceOf(replayRecording(tampered));
    expect(result.matched).to.equal(6);
    expect(result.difference).to.deep.include({ line: 8, request: 7, method: 'GET', path: '/my-index-000001/_ilm/explain?human' });
    const report = formatDifference(result.difference, result.requests);
    const lines = report.split('\n');
    expect(lines[0]).to.equal(`difference at line 8 (request 7 of ${SEED_SESSION.length}): GET /my-index-000001/_ilm/explain?human`);
    expect(lines[1]).to.equal('  status: expected 200, actual 200');
    expect(lines[2]).to.equal('  text:');
    expect(lines[3]).to.match(/^ {4}first difference at character \d+ \(line 1, column \d+ of the text\); lengths (\d+) and \1$/);
    const expectedLine = lines[4]!;
    const actualLine = lines[5]!;
    const caret = lines[6]!.indexOf('^');
    expect(expectedLine.startsWith('    expected: …')).to.equal(true);
    expect(actualLine.startsWith('    actual:   …')).to.equal(true);
    expect(expectedLine.slice(caret - 3, caret + 1)).to.equal('ERRA');
    expect(actualLine.slice(caret - 3, caret + 1)).to.equal('ERRO');
    expect(lines[7]).to.equal('');
  });

  it('a changed status', () => {
    const tampered = editLine(text, 9, (line) => {
      line['response'].status = 400;
    });
    const result = differenceOf(replayRecording(tampered));
    expect(result.difference).to.deep.include({ line: 9, method: 'GET', path: '/missing/_ilm/explain' });
    const report = formatDifference(result.difference);
    expect(report).to.include('status: expected 400, actual 404');
    expect(report).to.include('text: identical');
  });

  it('a changed or missing response header', () => {
    const tampered = editLine(text, 13, (line) => {
      delete line['response'].headers.allow;
      line['response'].headers['x-elastic-product'] = 'OpenSearch';
    });
    const result = differenceOf(replayRecording(tampered));
    expect(result.difference).to.deep.include({ line: 13, method: 'DELETE', path: '/_sim/clock' });
    const report = formatDifference(result.difference);
    expect(report).to.include('  header x-elastic-product: expected "OpenSearch", actual "Elasticsearch"');
    expect(report).to.include('  header allow: expected (absent), actual "GET"');
  });

  it('a changed request shows where its effect first appears', () => {
    // Four target shards become one: the PUT still answers the same; the first explain in the warm
    // phase shows the other phase definition.
    const tampered = editLine(text, 2, (line) => {
      line['body'] = JSON.stringify(SHRINK_1);
    });
    const result = differenceOf(replayRecording(tampered));
    expect(result.difference).to.deep.include({ line: 6, method: 'GET', path: '/my-index-000001/_ilm/explain' });
    const report = formatDifference(result.difference);
    expect(report).to.match(/expected: .*"number_of_shards":4/);
    expect(report).to.match(/actual: .*"number_of_shards":1/);
  });

  it('a recorded exception that no longer happens, and text that is a prefix of the other', () => {
    const tampered = editLine(text, 4, (line) => {
      delete line['response'];
      line['thrown'] = 'boom';
    });
    const result = differenceOf(replayRecording(tampered));
    expect(result.difference.line).to.equal(4);
    expect(formatDifference(result.difference)).to.equal(
      `difference at line 4 (request 3): GET /_sim/clock\n  expected: the simulator threw "boom"\n  actual:   status 200\n`,
    );
    expect(textDifference('abc', 'abcd')).to.deep.equal([
      '    first difference at character 4 (line 1, column 4 of the text); lengths 3 and 4',
      '    expected: abc(end)',
      '    actual:   abcd',
      '                 ^',
    ]);
  });

  it('firstDifferenceAt and the text window on multi-line text', () => {
    expect(firstDifferenceAt('same', 'same')).to.equal(4);
    expect(firstDifferenceAt('', 'x')).to.equal(0);
    const [position, expected, actual, caret] = textDifference('{\n  "a" : 1\n}', '{\n  "a" : 2\n}');
    expect(position).to.equal('    first difference at character 11 (line 2, column 9 of the text); lengths 13 and 13');
    expect(expected).to.equal('    expected: {↵  "a" : 1↵}');
    expect(actual).to.equal('    actual:   {↵  "a" : 2↵}');
    expect(caret!.indexOf('^')).to.equal(expected!.indexOf('1'));
  });
});

describe('malformed recordings are refused before anything runs, naming the line', () => {
  const good = recordSeedSession();
  const [header, first] = good.split('\n') as [string, string];
  const cases: Array<[string, string, number | null, RegExp]> = [
    ['an empty file', '', null, /empty recording/],
    ['only blank lines', '\n\n', null, /empty recording/],
    ['a first line that is not JSON', 'hello\n', 1, /not valid JSON/],
    ['a first line that is not a header', `${first}\n`, 1, /not an ilm-sim recording: the first line must be a header/],
    [
      'an unknown format version',
      `${header.replace('"version":1', '"version":2')}\n`,
      1,
      /format version \[2\] is not supported; this ilm-sim reads version 1/,
    ],
    ['a header without options', '{"format":"ilm-sim-recording","version":1}\n', 1, /\[options\] must be an object/],
    ['a header with a bad seed', `${header.replace('"seed":0', '"seed":"0"')}\n`, 1, /\[options\.seed\] must be an integer, not string "0"/],
    ['an unknown profile', `${header.replace('"profile":"7.10"', '"profile":"9.9"')}\n`, 1, /options cannot be replayed: unknown profile \[9\.9\]/],
    ['a start time that resolves elsewhere', `${header.replace('1704067200000', '1704067200001')}\n`, 1, /resolves to 1704067200000/],
    ['a request line that is not JSON', `${header}\n${first}\n{"method":\n`, 3, /not valid JSON/],
    ['a cut-off last line', `${header}\n${first.slice(0, 40)}`, 2, /no newline: was the recording cut off/],
    ['a request without a response', `${header}\n{"method":"GET","path":"/"}\n`, 2, /exactly one of \[response\] and \[thrown\]/],
    ['an unknown field', `${header}\n${first.replace('"method"', '"verb":1,"method"')}\n`, 2, /unknown field \[verb\] in a request line/],
    ['a missing method', `${header}\n${first.replace('"method":"PUT",', '')}\n`, 2, /\[method\] must be a non-empty string/],
    ['a status out of range', `${header}\n${first.replace('"status":200', '"status":42')}\n`, 2, /must be an HTTP status/],
    [
      'a bad request header value',
      `${header}\n${first.replace('"method"', '"headers":{"accept":1},"method"')}\n`,
      2,
      /header \[accept\] in \[headers\] must be a string or an array of strings/,
    ],
    [
      'bad base64',
      `${header}\n{"method":"PUT","path":"/a","bodyBase64":"!!","response":{"status":200,"headers":{},"text":""}}\n`,
      2,
      /\[bodyBase64\] must be a base64 string/,
    ],
    [
      'a body twice',
      `${header}\n{"method":"PUT","path":"/a","body":"","bodyBase64":"","response":{"status":200,"headers":{},"text":""}}\n`,
      2,
      /\[body\] or \[bodyBase64\], not both/,
    ],
    ['a second header (concatenated recordings)', `${good}${header}\n`, SEED_SESSION.length + 2, /a second header/],
    ['an array', `${header}\n[]\n`, 2, /must be an object, not an array/],
  ];
  for (const [what, text, line, message] of cases) {
    it(what, () => {
      const error = malformed(text);
      expect(error.line).to.equal(line);
      expect(error.message).to.match(message);
      if (line !== null) expect(error.message.startsWith(`line ${line}: `)).to.equal(true);
    });
  }

  it('a malformed line after a difference is still reported as malformed', () => {
    const tampered = `${good.replace('"step\\":\\"ERROR\\"', '"step\\":\\"ERRAR\\"')}{oops\n`;
    expect(malformed(tampered).line).to.equal(SEED_SESSION.length + 2);
  });

  it('parseRecording keeps the line of every entry', () => {
    const { entries } = parseRecording(`\n${good.replace('\n', '\n\n')}`);
    expect(entries[0]!.line).to.equal(4);
    expect(entries[1]!.line).to.equal(5);
  });
});
