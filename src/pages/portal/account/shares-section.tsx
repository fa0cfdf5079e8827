import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { changeDelegation, inviteDelegate, revokeDelegation } from '../../../api/delegations.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { usePortal } from '../../../routes/portal/context.js';
import { AccountSection } from '../../../ui/portal/account/account-section.js';
import { useReadOnlyText } from '../../../ui/portal/account/read-only-text.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { usePageReadActor } from '../shared/use-page-read.js';
import { useSectionView } from '../shared/use-section.js';
import type { AccountReads } from './account-reads.js';
import { ShareForm } from './share-form.js';
import type { ShareChoice } from './share-form.js';
import { ShareItem } from './share-item.js';
import { useFocusBack, useToggle } from './share-toggle.js';

const INVITED = msg`Invitation sent. They are told by email, and so are you.`;
const CHANGED = msg`Saved. They are told by email, and so are you.`;
const STOPPED = msg`Sharing stopped. They are told by email, and so are you.`;

const untilOf = (choice: ShareChoice) => (choice.until === '' ? {} : { until: choice.until });

/**
 * Issue 73, Account → "People you share with": the student shares parts of the record with a person
 * (family, a sponsor), changes or stops it, sees each of their views and prints the consent record.
 * The server refuses every change while support views as the student; here the controls are
 * disabled with the reason.
 */
export function SharesSection({ reads, readOnly }: { reads: AccountReads; readOnly: ReadOnly }) {
  const { t } = useLingui();
  const { http, campus, flash } = usePortal();
  const readOnlyText = useReadOnlyText();
  const list = usePageReadActor(reads, 'shares');
  const { status, data, retry } = useSectionView(list);
  // Read again after a change, the list stays on screen (its rows keep their place and focus).
  const reloading = status === 'loading' && data !== null;
  const inviting = useToggle();
  const shareButton = useFocusBack(inviting.open);
  const reason = readOnly === null ? null : readOnlyText(readOnly);
  const done = (message: typeof INVITED) => {
    flash.send({ type: 'flash.push', message });
    // The list as it stands now (a retry reads again only after a failed read).
    list.send({ type: 'section.reload' });
  };

  async function invite(choice: ShareChoice) {
    await inviteDelegate(http, {
      name: choice.name,
      email: choice.email,
      categories: choice.categories,
      purpose: choice.purpose,
      language: choice.language,
      ...untilOf(choice),
    });
    inviting.close();
    done(INVITED);
  }

  async function change(id: number, choice: ShareChoice) {
    await changeDelegation(http, id, {
      categories: choice.categories,
      purpose: choice.purpose,
      ...untilOf(choice),
    });
    done(CHANGED);
  }

  async function revoke(id: number) {
    await revokeDelegation(http, id);
    done(STOPPED);
  }

  return (
    <AccountSection id="shares" title={t`People you share with`}>
      <p>
        {t`Let a parent, a guardian or a sponsor see parts of your record, read only, until a date you choose. They are told by email, and so are you.`}
      </p>
      {inviting.open ? (
        <ShareForm
          inviting
          timeZone={campus.timeZone}
          submitLabel={t`Share`}
          onCancel={inviting.close}
          onSubmit={invite}
        />
      ) : (
        <p>
          <button
            ref={shareButton}
            type="button"
            className="button"
            disabled={reason !== null}
            aria-describedby={reason !== null ? 'shares-read-only' : undefined}
            onClick={inviting.toggle}
          >
            {t`Share with someone`}
          </button>
          {reason !== null ? (
            <span id="shares-read-only" className="muted">
              {' '}
              {reason}
            </span>
          ) : null}
        </p>
      )}
      <SectionStatus
        status={reloading ? 'loaded' : status}
        emptyText={t`You share your record with nobody.`}
        errorText={t`This list is not available at this time`}
        onRetry={retry}
      >
        {() => (
          <ul className="share-list" aria-busy={reloading}>
            {(data ?? []).map((grant) => (
              <ShareItem
                key={grant.id}
                grant={grant}
                timeZone={campus.timeZone}
                readOnly={readOnly}
                readOnlyReason={reason}
                onChange={change}
                onRevoke={revoke}
              />
            ))}
          </ul>
        )}
      </SectionStatus>
    </AccountSection>
  );
}
