import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AccountSummary } from '../../../contract/sis/finances.schema.js';
import type { FinancialAid } from '../../../contract/sis/financial-aid.schema.js';
import { formatUsd } from '../../lib/money.js';
import { useTermName } from './term-name.js';
import './account/account.css';
import './finances.css';

export interface FinancesPageProps {
  toolbar: ReactNode;
  summary: ReactNode;
  /** Issue 88: a delegate's holds ("Finances and holds"); null for a student (theirs are on Account). */
  holds?: ReactNode;
  aid: ReactNode;
  /** Issue 89: Pay and "Payments made here" where a provider is configured; null: the plain link. */
  pay: ReactNode;
  links: { payOnline: string; financialAidOffice: string };
}

/**
 * portal.md §3 Other: the financial account summary and the financial aid detail; issue 89: paying
 * the bill here where the campus configured a provider, else its payment site's link.
 */
export function FinancesPage({ toolbar, summary, holds, aid, pay, links }: FinancesPageProps) {
  return (
    <section className="page account-page" aria-labelledby="finances-title">
      {toolbar}
      {summary}
      {holds}
      {pay}
      {aid}
      <section className="account-section" aria-labelledby="finance-links-heading">
        <h2 id="finance-links-heading">
          {pay ? <Trans>Get help</Trans> : <Trans>Pay and get help</Trans>}
        </h2>
        <ul className="finance-links">
          {!pay && (
            <li>
              <a className="button" href={links.payOnline} target="_blank" rel="noreferrer">
                <Trans>Pay your bill online</Trans>
              </a>
            </li>
          )}
          <li>
            <a href={links.financialAidOffice} target="_blank" rel="noreferrer">
              <Trans>Contact the financial aid office</Trans>
            </a>
          </li>
        </ul>
      </section>
    </section>
  );
}

/**
 * What the page is for someone without a student role: there is no student account of theirs, so
 * neither the empty summary and aid nor the bill's payment link, only a short note.
 */
export function EmployeeFinances({ toolbar }: { toolbar: ReactNode }) {
  return (
    <section className="page account-page" aria-labelledby="finances-title">
      {toolbar}
      <section className="account-section">
        <h2>
          <Trans>This page is for students</Trans>
        </h2>
        <p>
          <Trans>
            Finances shows students their account summary, payments and financial aid. Your account
            has no student role, so there is no student account of yours to show here.
          </Trans>
        </p>
      </section>
    </section>
  );
}

/** Balance, payments received, new activity, anticipated aid, refunds and amount due, in USD. */
export function AccountSummaryView({ summary }: { summary: AccountSummary }) {
  const { t } = useLingui();
  const termName = useTermName();
  const c = summary.CHARGES_DETAIL;
  const rows: Array<[string, number]> = [
    [t`Balance`, c.CHARGES_BALANCE],
    [t`Payments received`, c.CHARGES_PAYMENTS_RXD],
    [t`New activity`, c.CHARGES_NEW_ACTIVITY],
    [t`Anticipated aid`, c.CHARGES_ANTICIPATED_AID],
    [t`Refunds`, c.CHARGES_REFUNDS],
  ];
  const term = summary.PPLAN_TERM ? termName(summary.PPLAN_TERM) : null;
  return (
    <>
      <dl className="amounts">
        {rows.map(([label, amount]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatUsd(amount)}</dd>
          </div>
        ))}
        <div className="amounts__due">
          <dt>
            <Trans>Amount due</Trans>
          </dt>
          <dd>{formatUsd(c.CHARGES_AMOUNT_DUE)}</dd>
        </div>
      </dl>
      <p>
        {summary.ENROLLED_PPLAN !== 'Y'
          ? t`You are not enrolled in a payment plan.`
          : term
            ? t`You are enrolled in a payment plan for ${term}.`
            : t`You are enrolled in a payment plan.`}
      </p>
    </>
  );
}

/** Financial aid by aid year (DISPLAY_AIDY): FAFSA, outstanding requirements, academic progress. */
export function FinancialAidView({ aid }: { aid: FinancialAid }) {
  return (
    <>
      {/* The SIS's own words are English: marked so, for a reader of another language (WCAG 3.1.2). */}
      {aid.FINAID_MSG && (
        <p className="aid-message" lang="en">
          {aid.FINAID_MSG}
        </p>
      )}
      {aid.FINAID_DETAIL.map((year) => (
        <AidYear key={year.AIDY} year={year} />
      ))}
    </>
  );
}

/** One aid year: its FAFSA, outstanding requirements and academic progress, as the SIS words them. */
function AidYear({ year }: { year: FinancialAid['FINAID_DETAIL'][number] }) {
  const aidYear = year.DISPLAY_AIDY;
  return (
    <div className="aid-year">
      <h3>
        <Trans>Aid year {aidYear}</Trans>
      </h3>
      <dl className="info-grid">
        <div>
          <dt>
            <Trans>FAFSA</Trans>
          </dt>
          <dd lang="en">{year.FAFSA_DESC}</dd>
        </div>
        <div>
          <dt>
            <Trans>Outstanding requirements</Trans>
          </dt>
          <dd lang="en">{year.STUREQ_DESC}</dd>
        </div>
        <div>
          <dt>
            <Trans>Satisfactory academic progress</Trans>
          </dt>
          <dd lang="en">{year.SAP_DESC}</dd>
        </div>
      </dl>
    </div>
  );
}
