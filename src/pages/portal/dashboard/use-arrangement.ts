import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { User } from '../../../../contract/user.schema.js';
import {
  dashboardLayoutMachine,
  selectAnnouncement,
  selectCustomising,
  selectLayout,
  selectMandatory,
  selectUndoBlock,
} from '../../../machines/dashboardLayout.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import type { Arrangement } from '../../../ui/portal/dashboard-customise.js';
import { logPreferenceFailure, reportSavedPreferences } from '../account/user-preferences.js';
import { useOffline } from '../../shared/offline.js';

/**
 * The person's own dashboard layout (issue #30): read from their user record, saved to their
 * preferences (demo mode's own in demo mode), with the blocks no one may hide from the server.
 */
export function useArrangement(user: User): Arrangement {
  const { app, http } = usePortal();
  const actor = useActorRef(
    dashboardLayoutMachine.provide({
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
  const send = actor.send;
  return {
    layout: useSelector(actor, selectLayout),
    mandatory: useSelector(actor, selectMandatory),
    customising: useSelector(actor, selectCustomising),
    announcement: useSelector(actor, selectAnnouncement),
    undoBlock: useSelector(actor, selectUndoBlock),
    offline: useOffline(),
    onCustomise: () => send({ type: 'dashboard.customise' }),
    onFinish: () => send({ type: 'dashboard.finish' }),
    onMove: (block, by, shown) => send({ type: 'dashboard.move', block, by, shown }),
    onHide: (block) => send({ type: 'dashboard.hide', block }),
    onShow: (block) => send({ type: 'dashboard.show', block }),
    onUndo: () => send({ type: 'dashboard.undo' }),
    onReset: () => send({ type: 'dashboard.reset' }),
  };
}
