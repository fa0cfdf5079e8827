import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import type { DisclosureAttributes } from '../../../lib/disclosure.js';
import {
  selectProblem,
  selectSaving,
  shareSaveMachine,
} from '../../../machines/share-save.machine.js';
import { useOnce } from '../../shared/use-once.js';

/**
 * "Stop sharing"'s question (issue 73; its focus, issue 87): the panel of the row's "Stop sharing"
 * disclosure. Opening it puts focus on its first control, the one that stops; "Keep sharing" closes
 * it and gives focus back to "Stop sharing"; once stopped, `onStopped` places focus in the row
 * (the flash's live region says it), before the row's buttons leave.
 */
export function StopSharingPanel(props: {
  who: string;
  panel: DisclosureAttributes['panel'];
  onRevoke: () => Promise<void>;
  onKeep: () => void;
  onStopped: () => void;
}) {
  const { t } = useLingui();
  const { who, panel, onRevoke, onStopped } = props;
  const first = useRef<HTMLButtonElement>(null);
  const revoker = useActorRef(
    useOnce(() =>
      shareSaveMachine.provide({
        actors: {
          save: fromPromise(async () => {
            await onRevoke();
            onStopped();
          }),
        },
      }),
    ),
  );
  const revoking = useSelector(revoker, selectSaving);
  const problem = useSelector(revoker, selectProblem);
  // Before the focus rule looks: the press that opened the panel leaves focus on its first control.
  useLayoutEffect(() => {
    if (!panel.hidden) first.current?.focus();
  }, [panel.hidden]);

  return (
    <div {...panel} role="group" aria-label={t`Stop sharing with ${who}?`}>
      <p>{t`${who} will no longer see your record, from their next page on.`}</p>
      <button
        ref={first}
        type="button"
        className="button"
        disabled={revoking}
        onClick={() => revoker.send({ type: 'share.save', input: {} })}
      >
        {t`Stop sharing with ${who}`}
      </button>{' '}
      <button type="button" className="button button--quiet" onClick={props.onKeep}>
        {t`Keep sharing`}
      </button>
      {problem ? <p role="alert">{t`This could not be saved. Try again.`}</p> : null}
    </div>
  );
}
