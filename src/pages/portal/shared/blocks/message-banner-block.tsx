import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { isStudent } from '../../../../../contract/roles.rules.js';
import { selectUser } from '../../../../machines/app.machine.js';
import { usePortal } from '../../../../routes/portal/context.js';
import { bannerLines } from '../../../../lib/banner-rules.js';
import type { BannerLine } from '../../../../lib/banner-rules.js';
import { selectHoldCount } from '../../../../machines/banner.machine.js';
import { selectInbox } from '../../../../machines/messages.machine.js';
import { MessageBanner } from '../../../../ui/portal/message-banner.js';
import type { MessageActors } from '../use-message-actors.js';
import { useMessageActors } from '../use-message-actors.js';

function ConnectedBanner({ messages, banner }: MessageActors) {
  const items = useSelector(messages, selectInbox);
  const holdCount = useSelector(banner, selectHoldCount);
  const { app } = usePortal();
  const user = useSelector(app, selectUser);
  // The dashboard's profile summary lists a student's holds: the hold is said there, once.
  const holdsSummaryShown = user !== null && user !== undefined && isStudent(user);
  const lines = useMemo(
    () => bannerLines({ messages: items, holdCount, holdsSummaryShown }),
    [items, holdCount, holdsSummaryShown],
  );
  // portal.md §4: each line is dismissed by its kind; the message center picks the call for messages.
  const dismiss = (line: BannerLine) => {
    if (line.kind === 'hold') banner.send({ type: 'banner.dismissHold' });
    else if (line.kind === 'nudge') {
      for (const key of line.messageKeys) messages.send({ type: 'messages.read', key });
    } else messages.send({ type: 'messages.read', key: line.key });
  };
  return <MessageBanner lines={lines} onDismiss={dismiss} />;
}

/**
 * The dashboard's banner message area (portal.md §2): hold, nudge and up to 5 message lines; a
 * student's hold is in the profile summary's holds summary instead.
 */
export function MessageBannerBlock() {
  const actors = useMessageActors();
  return actors ? <ConnectedBanner {...actors} /> : null;
}
