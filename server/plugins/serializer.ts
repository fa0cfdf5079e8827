import { serializerCompiler } from 'fastify-type-provider-zod';
import { isFrozenAnswer } from '../cache/frozen.js';

/**
 * The contract's serializer (each answer checked with its route's response schema, then written as
 * JSON), remembering the text of answers that cannot change: a cached answer the in-process store
 * hands to every reader (cache/frozen.ts) is checked and written once per route, not once per request.
 */
export const answerSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const texts = new WeakMap<object, string>();
  return (data) => {
    if (!isFrozenAnswer(data)) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) texts.set(data, (text = serialize(data)));
    return text;
  };
};
