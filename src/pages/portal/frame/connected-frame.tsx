import { msg } from '@lingui/core/macro';
import type { DelegateCategory } from '../../../../contract/delegates.schema.js';
import { useSelector } from '@xstate/react';
import { Suspense, lazy, useCallback } from 'react';
import { selectIsInitialised, selectUser } from '../../../machines/app.machine.js';
import { selectIsDemo, selectIsDemoPending } from '../../../machines/demo.machine.js';
import type { DemoSource } from '../../../machines/demo.machine.js';
import { selectFlashMessages } from '../../../machines/flash.machine.js';
import { selectMobileOpen, selectSafetyOpen } from '../../../machines/menu.machine.js';
import { selectModal } from '../../../machines/modal.machine.js';
import { INSPECTOR_BUILT } from '../../../inspector/enabled.js';
import { StatechartsControl } from '../../../inspector/control.js';
import { DemoControls } from '../../../ui/portal/demo-controls.js';
import { FlashMessages } from '../../../ui/portal/flash-messages.js';
import { Footer } from '../../../ui/portal/footer.js';
import { Sidebar } from '../../../ui/portal/sidebar.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { PortalContext } from '../../../routes/portal/context.js';
import { keptOffer } from '../../../lib/install-offer.js';

/** Said once the person accepted the browser's install dialog (the flash messages translate it). */
const INSTALLED = msg`Installed. Open it from your home screen or app list.`;

/** The demo toggle shows only to initialised users whose can_use_demo is true (portal.md §6). */
function ConnectedDemo({ source }: { source: DemoSource }) {
  const { app, demo } = usePortal();
  const user = useSelector(app, selectUser);
  const initialised = useSelector(app, selectIsInitialised);
  const isDemo = useSelector(demo, selectIsDemo);
  const pending = useSelector(demo, selectIsDemoPending);
  const canToggle = initialised && user?.can_use_demo === true;
  // The footer offers only the way out; the sidebar carries the label and both directions.
  if (source === 'footer' && !(isDemo && canToggle)) return null;
  return (
    <DemoControls
      isDemo={isDemo}
      showLabel={source === 'sidebar'}
      canToggle={canToggle}
      pending={pending}
      onToggle={() => demo.send({ type: 'demo.toggle', source })}
    />
  );
}

/**
 * The account menu's "Install the app" (issue 57): the browser's install prompt on the first press,
 * as Account's own button; accepted, a flash message says where the app now is. Without a kept offer
 * it answers false and the item leads to Account's section.
 */
function useInstallFromMenu(flash: PortalContext['flash'], closeMenu: () => void) {
  return useCallback(() => {
    const offer = keptOffer();
    if (!offer) return false;
    closeMenu();
    // The browser's prompt opens on the press itself (it needs the press's user activation); the
    // code that waits for the person's answer loads meanwhile: the first screen has no use for it.
    const shown = offer.prompt();
    import('../../../lib/install-prompt.js')
      .then(({ promptInstall }) => promptInstall(shown))
      .then(
        (outcome) => {
          if (outcome === 'accepted') flash.send({ type: 'flash.push', message: INSTALLED });
        },
        (error: unknown) => console.warn('Install the app', error),
      );
    return true;
  }, [flash, closeMenu]);
}

/** Issue 88: `shared`, a delegate's categories: their menu shows only the sections those open. */
export function ConnectedSidebar({ shared }: { shared?: readonly DelegateCategory[] }) {
  const { app, menu, campus, flash } = usePortal();
  const initialised = useSelector(app, selectIsInitialised);
  const menuOpen = useSelector(menu, selectMobileOpen);
  const safetyOpen = useSelector(menu, selectSafetyOpen);
  const closeSafety = useCallback(() => menu.send({ type: 'safety.close' }), [menu]);
  const closeMenu = useCallback(() => {
    if (selectMobileOpen(menu.getSnapshot())) menu.send({ type: 'menu.toggle' });
  }, [menu]);
  const install = useInstallFromMenu(flash, closeMenu);
  return (
    <Sidebar
      productName={campus.productName}
      initialised={initialised || shared !== undefined}
      shared={shared}
      menuOpen={menuOpen}
      onToggleMenu={() => menu.send({ type: 'menu.toggle' })}
      safetyOpen={safetyOpen}
      onToggleSafety={() => menu.send({ type: 'safety.toggle' })}
      onCloseSafety={closeSafety}
      safety={campus.safety}
      demo={<ConnectedDemo source="sidebar" />}
      onInstall={install}
    />
  );
}

/** The footer's version and admin link show only to initialised users with is_staff. */
export function ConnectedFooter() {
  const { app, campus, build } = usePortal();
  const user = useSelector(app, selectUser);
  const initialised = useSelector(app, selectIsInitialised);
  return (
    <Footer
      year={new Date().getFullYear()}
      campus={campus}
      staffBuild={initialised && user?.is_staff ? build : null}
      demo={
        // One shape with the inspector or without (the server's render has none): the same
        // places, so the same ids (useId) either way.
        <>
          <ConnectedDemo source="footer" />
          {INSPECTOR_BUILT && <StatechartsControl />}
        </>
      }
    />
  );
}

export function ConnectedFlash() {
  const { flash } = usePortal();
  const messages = useSelector(flash, selectFlashMessages);
  return (
    <FlashMessages
      messages={messages}
      onDismiss={(id) => flash.send({ type: 'flash.dismiss', id })}
    />
  );
}

// The dialogs load when one is first shown: no page opens with one but a provisional account's.
const PostModal = lazy(async () => ({
  default: (await import('../../../ui/portal/modal.js')).PostModal,
}));
const ProvisionalModal = lazy(async () => ({
  default: (await import('../../../ui/portal/modal.js')).ProvisionalModal,
}));

export function ConnectedModal() {
  const { modal, campus } = usePortal();
  const shown = useSelector(modal, selectModal);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      {shown.kind === 'provisional' ? (
        <ProvisionalModal
          ssoName={campus.ssoName}
          accountManagerUrl={campus.links.accountManager}
        />
      ) : (
        <PostModal post={shown.post} onClose={() => modal.send({ type: 'modal.close' })} />
      )}
    </Suspense>
  );
}
