import { useEffect, useRef } from 'react';
import { keyOf } from './page-reads.js';
import type { ArgsOf, DataOf, PageReadSpecs, PageReads } from './page-reads.js';
import { useSectionActor, useSectionView } from './use-section.js';
import type { Section, SectionRef } from './use-section.js';

/**
 * One section on a read its route's loader started: its first load shows the answer the router
 * keeps (the loader's, or one kept from an earlier visit while fresh); a retry or a reload reads
 * anew. New loader data (the route loaded again once its answers went stale, other deps) loads the
 * section again from it, the answers shown meanwhile staying on screen. `arg` (a term) loads again
 * when it changes. The actor, for a page that reloads it from outside (Account's "Refresh").
 */
export function usePageReadActor<S extends PageReadSpecs, K extends keyof S & string>(
  reads: PageReads<S>,
  name: K,
  ...arg: ArgsOf<S[K]>
): SectionRef<DataOf<S[K]>> {
  const spec = reads.specs[name]!;
  const latest = useRef({ reads, arg, fresh: true });
  const key = `${keyOf(name, arg)}`;
  const actor = useSectionActor<DataOf<S[K]>>({
    component: spec.component,
    ...(spec.message ? { message: spec.message } : {}),
    isEmpty: (data) => spec.isEmpty?.(data) ?? false,
    load: () => {
      const now = latest.current;
      const kept = now.fresh;
      now.fresh = false;
      return kept ? now.reads.answer(name, ...now.arg) : now.reads.again(name, ...now.arg);
    },
  });
  // A page the server drew (issue 75): the actor starts from the snapshot the server's ended in,
  // the loader's answer already shown, so its next load (a reload after a change) reads anew.
  const restored = useRef(false);
  if (!restored.current) {
    restored.current = true;
    if (!actor.getSnapshot().hasTag('loading')) latest.current.fresh = false;
  }
  const shown = useRef({ reads, key });
  useEffect(() => {
    if (shown.current.reads === reads && shown.current.key === key) return;
    shown.current = { reads, key };
    latest.current = { reads, arg, fresh: true };
    actor.send({ type: 'section.reload' });
    // `arg` is read through `key`, its value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reads, key, actor]);
  return actor;
}

/** What a section on a read its route's loader started shows (`usePageReadActor`). */
export function usePageRead<S extends PageReadSpecs, K extends keyof S & string>(
  reads: PageReads<S>,
  name: K,
  ...arg: ArgsOf<S[K]>
): Section<DataOf<S[K]>> {
  return useSectionView(usePageReadActor(reads, name, ...arg));
}
