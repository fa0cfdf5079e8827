import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freezeAnswer } from '../../../server/cache/frozen.js';
import { answerSerializerCompiler } from '../../../server/plugins/serializer.js';

function counted() {
  let checks = 0;
  const schema = z.object({ n: z.number(), tags: z.array(z.string()) }).transform((value) => {
    checks += 1;
    return value;
  });
  const serialize = answerSerializerCompiler({ schema, method: 'GET', url: '/answer' });
  return { serialize, checks: () => checks };
}

describe('answerSerializerCompiler', () => {
  it('checks and writes a frozen cached answer once, and reuses the text for the same object', () => {
    const { serialize, checks } = counted();
    const answer = freezeAnswer({ n: 1, tags: ['a'] });
    expect(serialize(answer)).toBe('{"n":1,"tags":["a"]}');
    expect(serialize(answer)).toBe('{"n":1,"tags":["a"]}');
    expect(checks()).toBe(1);
  });

  it('checks and writes every other answer each time, so a changed object is written as it is now', () => {
    const { serialize, checks } = counted();
    const answer = { n: 1, tags: ['a'] };
    expect(serialize(answer)).toBe('{"n":1,"tags":["a"]}');
    answer.tags.push('b');
    expect(serialize(answer)).toBe('{"n":1,"tags":["a","b"]}');
    expect(checks()).toBe(2);
  });

  it('still refuses a frozen answer its schema does not accept', () => {
    const { serialize } = counted();
    expect(() => serialize(freezeAnswer({ n: 'one', tags: [] }))).toThrow();
  });
});
