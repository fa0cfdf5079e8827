/**
 * The footer's Statecharts control (issue 49): in development, and in demo mode for people with the
 * demo right, it opens the inspector's panel, whose code loads only then (`panel.tsx`). Only in a
 * build that carries the inspector (`enabled.ts`); the footer names it in that case alone. The
 * server's render (issue 75) has no inspector, so the control is drawn in the browser only.
 */
import { useSelector } from '@xstate/react';
import { Suspense, lazy, useRef, useSyncExternalStore } from 'react';
import { selectUser } from '../machines/app.machine.js';
import { selectIsDemo } from '../machines/demo.machine.js';
import { usePortal } from '../routes/portal/context.js';

// Pure: a build without the inspector drops it with the control, and the panel's chunk with it.
const Panel = /* @__PURE__ */ lazy(() => import('./panel.js'));

let open = false;
const listeners = new Set<() => void>();
const setOpen = (next: boolean) => {
  open = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const unchanging = () => () => {};

export function StatechartsControl() {
  const { app, demo } = usePortal();
  const canUseDemo = useSelector(app, (s) => selectUser(s)?.can_use_demo === true);
  const isDemo = useSelector(demo, selectIsDemo);
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
  // Not on a page the server drew, whose build holds no inspector: the control comes once React
  // has the page (false while hydrating, as the server drew it, then true), so hydration meets
  // the server's footer.
  const hydrated = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  const button = useRef<HTMLButtonElement>(null);
  if (!hydrated || (!import.meta.env.DEV && !(isDemo && canUseDemo))) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="footer__statecharts" data-marker="statecharts-inspector-control">
      <button
        type="button"
        ref={button}
        aria-expanded={isOpen}
        onClick={() => (isOpen ? close() : setOpen(true))}
      >
        Statecharts
      </button>
      {isOpen && (
        <Suspense fallback={<span role="status">Loading the statecharts…</span>}>
          <Panel onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
