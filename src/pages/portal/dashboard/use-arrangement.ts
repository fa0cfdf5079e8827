import { useActorRef, useSelector } from '@xstate/react';
import { createElement, useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { fromPromise } from 'xstate';
import { ALWAYS_MANDATORY } from '../../../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../../../contract/dashboard.schema.js';
import type { User } from '../../../../contract/user.schema.js';
import type { DashboardLayoutEvent } from '../../../machines/dashboardLayout.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { Arrangement } from '../../../ui/portal/dashboard-customise.js';
import { logPreferenceFailure, reportSavedPreferences } from '../account/user-preferences.js';
import { useOffline } from '../../shared/offline.js';

type Machine = typeof import('../../../machines/dashboardLayout.machine.js');
type Send = (event: DashboardLayoutEvent) => void;

/** What the layout machine says, once it runs. */
interface Live {
  layout: DashboardLayout;
  mandatory: DashboardBlock[];
  customising: boolean;
  announcement: string;
  undoBlock: DashboardBlock | null;
  send: Send;
}

/**
 * Runs the layout machine (`machine`: its module, loaded) and reports what it says to the dashboard. An
 * element of its own beside the dashboard, so the dashboard's tree stays the same when it arrives.
 */
function LayoutActor({
  machine,
  user,
  onLive,
}: {
  machine: Machine;
  user: User;
  onLive: (live: Live) => void;
}): null {
  const { app, http } = usePortal();
  const actor = useActorRef(
    machine.dashboardLayoutMachine.provide({
      actors: {
        // The calls load with their first use, off the first screen's script.
        loadMandatory: fromPromise(async () =>
          (await import('../../../api/dashboard.js')).fetchMandatoryBlocks(http),
        ),
        saveLayout: fromPromise(async ({ input }) =>
          (await import('../../../api/dashboard.js')).saveDashboardLayout(
            http,
            user.preferences.pk,
            input.layout,
          ),
        ),
      },
      actions: {
        // The user record takes the saved layout: the dashboard opened again starts from it.
        reportSaved: (_, preferences) => reportSavedPreferences(app, preferences),
        logFailure: (_, error) => logPreferenceFailure(error),
      },
    }),
    { input: { layout: user.preferences.dashboard_layout } },
  );
  const layout = useSelector(actor, machine.selectLayout);
  const mandatory = useSelector(actor, machine.selectMandatory);
  const customising = useSelector(actor, machine.selectCustomising);
  const announcement = useSelector(actor, machine.selectAnnouncement);
  const undoBlock = useSelector(actor, machine.selectUndoBlock);
  const send = actor.send;
  useEffect(
    () => onLive({ layout, mandatory, customising, announcement, undoBlock, send }),
    [onLive, layout, mandatory, customising, announcement, undoBlock, send],
  );
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
  const offline = useOffline();
  const [machine, setMachine] = useState<Machine | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const waiting = useRef<DashboardLayoutEvent[]>([]);
  useEffect(() => {
    let mounted = true;
    void import('../../../machines/dashboardLayout.machine.js').then((loaded) => {
      if (mounted) setMachine(loaded);
    });
    return () => {
      mounted = false;
    };
  }, []);
  useEffect(() => {
    if (!live) return;
    for (const event of waiting.current.splice(0)) live.send(event);
  }, [live]);
  const send: Send = (event) => (live ? live.send(event) : waiting.current.push(event));
  const arrangement: Arrangement = {
    layout: live?.layout ?? user.preferences.dashboard_layout,
    mandatory: live?.mandatory ?? ALWAYS_MANDATORY,
    customising: live?.customising ?? false,
    announcement: live?.announcement ?? '',
    undoBlock: live?.undoBlock ?? null,
    offline,
    onCustomise: () => send({ type: 'dashboard.customise' }),
    onFinish: () => send({ type: 'dashboard.finish' }),
    onMove: (block, by, shown) => send({ type: 'dashboard.move', block, by, shown }),
    onHide: (block) => send({ type: 'dashboard.hide', block }),
    onShow: (block) => send({ type: 'dashboard.show', block }),
    onUndo: () => send({ type: 'dashboard.undo' }),
    onReset: () => send({ type: 'dashboard.reset' }),
  };
  const actor = machine ? createElement(LayoutActor, { machine, user, onLive: setLive }) : null;
  return [arrangement, actor];
}
