import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CanvasOutcome, Coursework } from '../../../../contract/coursework.schema.js';
import { apiFailed } from '../../../api/api-failure.js';
import {
  fetchCoursework,
  refreshCoursework,
  removeCourseworkFeed,
  saveCourseworkFeed,
  startCanvasConnection,
} from '../../../api/coursework.js';
import {
  courseworkConnectionMachine,
  selectCoursework,
  selectCourseworkProblem,
  selectCourseworkStatus,
} from '../../../machines/coursework-connection.machine.js';
import type { CourseworkRequest } from '../../../machines/coursework-connection.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { CourseworkCalendar } from '../../../ui/portal/account/coursework-calendar.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/**
 * Account's "Coursework calendar": the student's LMS calendar feed, or their Canvas connected
 * (issue 45). `canvasOutcome` is how connecting Canvas went, as the server sent them back.
 */
export function CourseworkSection({
  readOnly,
  canvasOutcome,
}: {
  readOnly: ReadOnly;
  canvasOutcome?: CanvasOutcome | undefined;
}) {
  const { app, http } = usePortal();
  const actor = useActorRef(
    courseworkConnectionMachine.provide({
      actors: {
        load: fromPromise<Coursework>(() => fetchCoursework(http)),
        send: fromPromise<Coursework, CourseworkRequest>(({ input }) => {
          if (input.kind === 'add') return saveCourseworkFeed(http, input.address);
          if (input.kind === 'remove') return removeCourseworkFeed(http);
          return refreshCoursework(http);
        }),
        connect: fromPromise<string>(() => startCanvasConnection(http)),
      },
      actions: {
        reportFailure: () => app.send(apiFailed('coursework')),
        goToCanvas: (_, url: string) => window.location.assign(url),
      },
    }),
  );
  // The server's own words for a refused address, or a message of the catalogue (issue 59).
  const problem = useSelector(actor, selectCourseworkProblem);
  const { i18n } = useLingui();
  return (
    <CourseworkCalendar
      status={useSelector(actor, selectCourseworkStatus)}
      coursework={useSelector(actor, selectCoursework)}
      problem={problem === null || typeof problem === 'string' ? problem : i18n._(problem)}
      readOnly={readOnly}
      onRetry={() => actor.send({ type: 'coursework.retry' })}
      onAdd={(address) => actor.send({ type: 'coursework.add', address })}
      onRemove={() => actor.send({ type: 'coursework.remove' })}
      onRefresh={() => actor.send({ type: 'coursework.refresh' })}
      onConnectCanvas={() => actor.send({ type: 'coursework.connectCanvas' })}
      canvasOutcome={canvasOutcome}
    />
  );
}
