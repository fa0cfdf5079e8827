import { useSelector } from '@xstate/react';
import { createElement, useEffect, useSyncExternalStore } from 'react';
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { ALWAYS_MANDATORY } from '../../../../contract/dashboard.schema.js';
import type { User } from '../../../../contract/user.schema.js';
import type * as Layout from '../../../machines/dashboard-layout.machine.js';
import type { DashboardLayoutEvent } from '../../../machines/dashboard-layout.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { Arrangement } from '../../../ui/portal/dashboard-types.js';
import { logPreferenceFailure, reportSavedPreferences } from '../account/user-preferences.js';
import { useOffline } from '../../shared/offline.js';
import { useOnce } from '../../shared/use-once.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

type LayoutModule = typeof Layout;
type LayoutActorRef = ActorRefFrom<LayoutModule['dashboardLayoutMachine']>;

/**
 * The layout machine's module once loaded and its actor once running, for the hook to read
 * (useSyncExternalStore); events sent before the actor runs wait here and are sent when it does.
 */
function layoutHolder() {
  let current: { module?: LayoutModule; actor?: LayoutActorRef } = {};
  const waiting: DashboardLayoutEvent[] = [];
  const listeners = new Set<() => void>();
  const set = (next: typeof current) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => current,
    loaded: (module: LayoutModule) => set({ module }),
    running: (actor: LayoutActorRef | undefined) => {
      set({ ...current, actor });
      if (actor) for (const event of waiting.splice(0)) actor.send(event);
    },
    send: (event: DashboardLayoutEvent) =>
      current.actor ? current.actor.send(event) : waiting.push(event),
  };
}
type LayoutHolder = ReturnType<typeof layoutHolder>;

/**
 * Runs the layout machine (`module`: its module, loaded) and hands its actor to `holder`. An element
 * of its own beside the dashboard, so the dashboard's tree stays the same when it arrives.
 */
function LayoutActor({
  module,
  user,
  holder,
}: {
  module: LayoutModule;
  user: User;
  holder: LayoutHolder;
}): null {
  const { app, http } = usePortal();
  const actor = useActorRef(
    module.dashboardLayoutMachine.provide({
      actors: {
        // The calls load with their first use, off the first screen's script.
        mandatoryBlocks: module.mandatoryBlocksMachine.provide({
          actors: {
            loadMandatory: fromPromise(async () =>
              (await import('../../../api/dashboard.js')).fetchMandatoryBlocks(http),
            ),
          },
          actions: { logFailure: (_, error) => logPreferenceFailure(error) },
        }),
        layoutSaves: module.layoutSavesMachine.provide({
          actors: {
            saveLayout: fromPromise(async ({ input }) =>
              (await import('../../../api/dashboard.js')).saveDashboardLayout(
                http,
                user.preferences.pk,
                input.layout,
              ),
            ),
          },
        }),
      },
      actions: {
        // The user record takes the saved layout: the dashboard opened again starts from it.
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
    { input: { layout: user.preferences.dashboard_layout } },
  );
  useEffect(() => {
    holder.running(actor);
    return () => holder.running(undefined);
  }, [holder, actor]);
  return null;
}

/**
 * The person's own dashboard layout (issue #30): read from their user record, saved to their
 * preferences (demo mode's own in demo mode), with the blocks no one may hide from the server.
 * The layout machine loads after the first screen (issue 63): until it runs the dashboard shows the
 * person's saved layout, and a change asked for meanwhile is made once it does. Answers the
 * arrangement and the element that runs the machine, to be rendered beside the dashboard.
 */
export function useArrangement(user: User): [Arrangement, ReactElement | null] {
  const offline = useOffline(usePortal().connection);
  const holder = useOnce(layoutHolder);
  // A page the server drew (issue 75) is drawn, and hydrated, before the machine has loaded.
  const { module, actor } = useSyncExternalStore(holder.subscribe, holder.get, holder.get);
  useEffect(() => {
    let mounted = true;
    void import('../../../machines/dashboard-layout.machine.js').then((loaded) => {
      if (mounted) holder.loaded(loaded);
    });
    return () => {
      mounted = false;
    };
  }, [holder]);
  const saved = user.preferences.dashboard_layout;
  const send = holder.send;
  const arrangement: Arrangement = {
    layout: useSelector(actor, (s) => (s && module ? module.selectLayout(s) : saved)),
    mandatory: useSelector(actor, (s) =>
      s && module ? module.selectMandatory(s) : ALWAYS_MANDATORY,
    ),
    customising: useSelector(actor, (s) => (s && module ? module.selectCustomising(s) : false)),
    announcement: useSelector(actor, (s) => (s && module ? module.selectAnnouncement(s) : null)),
    undoBlock: useSelector(actor, (s) => (s && module ? module.selectUndoBlock(s) : null)),
    offline,
    onCustomise: () => send({ type: 'dashboard.customise' }),
    onFinish: () => send({ type: 'dashboard.finish' }),
    onMove: (block, by, shown) => send({ type: 'dashboard.move', block, by, shown }),
    onHide: (block) => send({ type: 'dashboard.hide', block }),
    onShow: (block) => send({ type: 'dashboard.show', block }),
    onUndo: () => send({ type: 'dashboard.undo' }),
    onReset: () => send({ type: 'dashboard.reset' }),
  };
  const layoutActor = module ? createElement(LayoutActor, { module, user, holder }) : null;
  return [arrangement, layoutActor];
}
