import { Suspense, use, useEffect, useState, useSyncExternalStore } from 'react';
import type { ComponentType, ReactPromise } from 'react';
import { whenIdle } from './when-idle.js';

/**
 * A part of a page whose code loads after the first screen: in the browser when it is idle, on the
 * server (which draws the first screen, issue 75) before the page is drawn (`loadIdleParts`), so
 * the drawn page has it whole. A page the server drew keeps that part as drawn until its code has
 * arrived (React hydrates a boundary that waits after the rest); a page the browser draws itself
 * holds an empty place for it until then, marked as the dashboard's blocks still to come are
 * (`later`, which the journeys wait for). Code that did not arrive (offline, a new release) leaves
 * the place empty, and the next page that shows the part asks for it again.
 */

/** `promise`, saying how it settled as React's `use` reads it: a settled one is read at once. */
function settling<T>(promise: Promise<T>): ReactPromise<T> {
  void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
  return promise;
}

const Nothing = () => null;
const onServer = typeof window === 'undefined';
const parts: (() => PromiseLike<unknown>)[] = [];

export function idlePart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loading: ReactPromise<ComponentType<P>> | null = null;
  let failed = false;
  const start = (now: boolean) =>
    (loading ??= settling(
      (now ? load() : new Promise<void>((idle) => whenIdle(idle)).then(load)).catch(() => {
        failed = true;
        return Nothing;
      }),
    ));
  parts.push(() => start(true));
  function Loaded(props: P) {
    const Part = use(start(onServer));
    return <Part {...props} />;
  }
  return function IdlePart(props: P) {
    // A part placed anew after its code did not arrive asks for it again.
    useState(() => {
      if (failed) [loading, failed] = [null, false];
    });
    return (
      <Suspense fallback={<div className="later later--part" />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** The server render's: every idle part's code, loaded before the page is drawn. */
export const loadIdleParts = (): Promise<unknown> => Promise.all(parts.map((load) => load()));

/**
 * A part whose code loads when the browser is idle, drawn until then as `Standin` draws it with the
 * same props, by the server too (which neither loads the part nor waits on what it reads): the
 * page never waits on it, and a person without scripts has the stand-in. Once the code has
 * arrived, every place showing the part shows it at once. Code that did not arrive leaves the
 * stand-in, and the next place that shows the part asks for it again.
 */
export function idleSwap<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Standin: ComponentType<P>,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let asking: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const ask = () => {
    asking ??= load().then(
      (part) => {
        loaded = part;
        for (const listener of listeners) listener();
      },
      () => {
        asking = null;
      },
    );
  };
  return function IdleSwap(props: P) {
    const Part = useSyncExternalStore(
      subscribe,
      () => loaded,
      () => null,
    );
    useEffect(() => (loaded ? undefined : whenIdle(ask)), []);
    return Part ? <Part {...props} /> : <Standin {...props} />;
  };
}
