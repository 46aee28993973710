import { describe, expect, it } from 'vitest';
import { KeptAnswers } from '../src/lib/kept-answers';

// Decision 056: the kept answers hold a bounded number of bytes, drop the least recently sent first, and never
// answer for another version of the rows.

const bytes = (length: number, fill = 'x') => Buffer.alloc(length, fill);

describe('KeptAnswers', () => {
  it('answers only for the version it was kept with', () => {
    const answers = new KeptAnswers(100, 50);
    answers.keep('a', 'v1', bytes(10));
    expect(answers.get('a', 'v1')).toEqual(bytes(10));
    expect(answers.get('a', 'v2')).toBeUndefined();
    expect(answers.get('b', 'v1')).toBeUndefined();
    answers.keep('a', 'v2', bytes(20, 'y'));
    expect(answers.get('a', 'v1')).toBeUndefined();
    expect(answers.get('a', 'v2')).toEqual(bytes(20, 'y'));
    expect(answers.size).toBe(20);
  });

  it('holds at most its bytes, dropping the least recently sent first', () => {
    const answers = new KeptAnswers(100, 50);
    answers.keep('a', 'v', bytes(40));
    answers.keep('b', 'v', bytes(40));
    expect(answers.get('a', 'v')).toBeDefined();
    answers.keep('c', 'v', bytes(40));
    expect(answers.size).toBe(80);
    expect(answers.get('b', 'v')).toBeUndefined();
    expect(answers.get('a', 'v')).toBeDefined();
    expect(answers.get('c', 'v')).toBeDefined();
  });

  it('does not keep an answer over its largest, and forgets the older one of that key', () => {
    const answers = new KeptAnswers(100, 50);
    answers.keep('a', 'v1', bytes(30));
    answers.keep('a', 'v2', bytes(51));
    expect(answers.get('a', 'v1')).toBeUndefined();
    expect(answers.get('a', 'v2')).toBeUndefined();
    expect(answers.size).toBe(0);
  });
});
