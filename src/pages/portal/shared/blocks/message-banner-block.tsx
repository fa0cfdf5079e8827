import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { bannerLines } from '../../../../lib/banner-rules.js';
import type { BannerLine } from '../../../../lib/banner-rules.js';
import { selectHoldCount } from '../../../../machines/banner.machine.js';
import { selectBannerInbox } from '../../../../machines/messages.machine.js';
import { MessageBanner } from '../../../../ui/portal/message-banner.js';
import type { MessageActors } from '../use-message-actors.js';
import { useMessageActors } from '../use-message-actors.js';

function ConnectedBanner({ messages, banner }: MessageActors) {
  const items = useSelector(messages, selectBannerInbox);
  const holdCount = useSelector(banner, selectHoldCount);
  const lines = useMemo(() => bannerLines({ messages: items, holdCount }), [items, holdCount]);
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
 * The dashboard's banner message area (portal.md §2): a student's hold line (dismissible for the
 * session, §4; also where the profile summary lists the holds, issue 57), the nudge line and up to 5
 * message lines.
 */
export function MessageBannerBlock() {
  const actors = useMessageActors();
  return actors ? <ConnectedBanner {...actors} /> : null;
}
