import type { ReactNode } from 'react';
import type { AccountSummary, FinancialAid } from '../../../contract/sis/finances.schema.js';
import { formatUsd } from '../../lib/money.js';
import { termName } from '../../lib/term-name.js';
import './account/account.css';
import './finances.css';

export interface FinancesPageProps {
  toolbar: ReactNode;
  summary: ReactNode;
  aid: ReactNode;
  links: { payOnline: string; financialAidOffice: string };
}

/** portal.md §3 Other: the financial account summary and the financial aid detail. */
export function FinancesPage({ toolbar, summary, aid, links }: FinancesPageProps) {
  return (
    <section className="page account-page" aria-labelledby="finances-title">
      {toolbar}
      {summary}
      {aid}
      <section className="account-section" aria-labelledby="finance-links-heading">
        <h2 id="finance-links-heading">Pay and get help</h2>
        <ul className="finance-links">
          <li>
            <a className="button" href={links.payOnline} target="_blank" rel="noreferrer">
              Pay your bill online
            </a>
          </li>
          <li>
            <a href={links.financialAidOffice} target="_blank" rel="noreferrer">
              Contact the financial aid office
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
        <h2>This page is for students</h2>
        <p>
          Finances shows students their account summary, payments and financial aid. Your account
          has no student role, so there is no student account of yours to show here.
        </p>
      </section>
    </section>
  );
}

/** Balance, payments received, new activity, anticipated aid, refunds and amount due, in USD. */
export function AccountSummaryView({ summary }: { summary: AccountSummary }) {
  const c = summary.CHARGES_DETAIL;
  const rows: Array<[string, number]> = [
    ['Balance', c.CHARGES_BALANCE],
    ['Payments received', c.CHARGES_PAYMENTS_RXD],
    ['New activity', c.CHARGES_NEW_ACTIVITY],
    ['Anticipated aid', c.CHARGES_ANTICIPATED_AID],
    ['Refunds', c.CHARGES_REFUNDS],
  ];
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
          <dt>Amount due</dt>
          <dd>{formatUsd(c.CHARGES_AMOUNT_DUE)}</dd>
        </div>
      </dl>
      <p>
        {summary.ENROLLED_PPLAN === 'Y'
          ? `You are enrolled in a payment plan${summary.PPLAN_TERM ? ` for ${termName(summary.PPLAN_TERM)}` : ''}.`
          : 'You are not enrolled in a payment plan.'}
      </p>
    </>
  );
}

/** Financial aid by aid year (DISPLAY_AIDY): FAFSA, outstanding requirements, academic progress. */
export function FinancialAidView({ aid }: { aid: FinancialAid }) {
  return (
    <>
      {aid.FINAID_MSG && <p className="aid-message">{aid.FINAID_MSG}</p>}
      {aid.FINAID_DETAIL.map((year) => (
        <div key={year.AIDY} className="aid-year">
          <h3>Aid year {year.DISPLAY_AIDY}</h3>
          <dl className="info-grid">
            <div>
              <dt>FAFSA</dt>
              <dd>{year.FAFSA_DESC}</dd>
            </div>
            <div>
              <dt>Outstanding requirements</dt>
              <dd>{year.STUREQ_DESC}</dd>
            </div>
            <div>
              <dt>Satisfactory academic progress</dt>
              <dd>{year.SAP_DESC}</dd>
            </div>
          </dl>
        </div>
      ))}
    </>
  );
}
