/**
 * Tests for the scheduler's queues: the event queue gives events in (due, seq) order whichever way
 * they arrive, and the wait queue gives waits by instant, first in first out within one instant.
 */
import { describe, it } from 'node:test';
import { expect } from 'chai';
import * as fc from 'fast-check';

import { EventQueue, WaitQueue } from './scheduler';
import { addIndex, createCluster } from '../engine/cluster/cluster';

describe('the event queue', () => {
  it('gives events in (due, seq) order, in order or not when pushed', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.boolean()), { maxLength: 60 }), (pushes) => {
        const queue = new EventQueue();
        const expected: Array<[number, number]> = [];
        const popped: Array<[number, number]> = [];
        pushes.forEach(([due, popOne], seq) => {
          queue.push('async-action', due, seq, `i${seq}`, null, null, 1);
          expected.push([due, seq]);
          if (popOne) {
            expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
            const event = queue.pop()!;
            expect([event.due, event.seq]).to.deep.equal(expected.shift());
            popped.push([event.due, event.seq]);
          }
        });
        expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(queue.size).to.equal(expected.length);
        while (queue.size > 0) {
          expect(queue.peekDue()).to.equal(expected[0]![0]);
          const event = queue.pop()!;
          expect([event.due, event.seq]).to.deep.equal(expected.shift());
        }
        expect(queue.peekDue()).to.equal(Infinity);
        expect(queue.pop()).to.equal(undefined);
      }),
    );
  });
});

describe('the wait queue', () => {
  const cluster = createCluster(() => 'uuid');
  const records = new Map(['a', 'b', 'c', 'z'].map((name) => [name, addIndex(cluster, name, 0, new Map())]));
  const wait = (at: number, index: string) => ({ at, record: records.get(index)!, generation: 0 });

  it('gives waits by instant, first in first out within one instant', () => {
    const queue = new WaitQueue();
    for (const [at, index] of [
      [30, 'c'],
      [10, 'b'],
      [30, 'a'],
      [10, 'a'],
      [20, 'z'],
    ] as const) {
      queue.push(wait(at, index));
    }
    expect(queue.size).to.equal(5);
    expect(queue.firstAt()).to.equal(10);
    const out: string[] = [];
    while (queue.peek() !== undefined) {
      const peeked = queue.peek();
      const popped = queue.pop()!;
      expect(popped).to.equal(peeked);
      out.push(`${popped.at}:${popped.record.name}`);
    }
    expect(out).to.deep.equal(['10:b', '10:a', '20:z', '30:c', '30:a']);
    expect(queue.size).to.equal(0);
    expect(queue.firstAt()).to.equal(Infinity);
    expect(queue.pop()).to.equal(undefined);
  });

  it('takes new waits for an instant whose earlier waits were popped', () => {
    const queue = new WaitQueue();
    queue.push(wait(5, 'a'));
    expect(queue.pop()!.record.name).to.equal('a');
    queue.push(wait(5, 'b'));
    queue.push(wait(1, 'c'));
    expect([queue.pop()!.record.name, queue.pop()!.record.name]).to.deep.equal(['c', 'b']);
  });
});
