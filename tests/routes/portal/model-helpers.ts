import { createTestModel } from '@xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { expect } from 'vitest';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise the test settles when the model's event happens. */
export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Every simple path of a screen model, as [title, path] rows for `it.each`. The model is a small
 * invoke-free chart of what the user sees; each test drives the real screen along one path.
 */
export function screenPaths(model: AnyStateMachine) {
  return createTestModel(model)
    .getSimplePaths()
    .map((path) => [path.description, path] as const);
}

/** Every state of the model has a check: a path cannot pass by reaching an unchecked state. */
export function expectEveryStateChecked(model: AnyStateMachine, checks: Record<string, unknown>) {
  expect(Object.keys(checks).sort()).toEqual(Object.keys(model.root.states).sort());
}
