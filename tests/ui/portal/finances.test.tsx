import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountSummarySchema } from '../../../contract/sis/finances.schema.js';
import { financialAidSchema } from '../../../contract/sis/financial-aid.schema.js';
import type { AccountSummary } from '../../../contract/sis/finances.schema.js';
import { student } from '../../../server/sis/fixtures/student.js';
import { activateLocale } from '../../../src/lib/i18n.js';
import { AccountSummaryView, FinancialAidView } from '../../../src/ui/portal/finances.js';

afterEach(() => activateLocale('en'));

// The sample student's answers, as the page receives them once parsed.
const summary = accountSummarySchema.parse(student['financial-account-summary']);
const aid = financialAidSchema.parse(student['financial-aid-info']);
const withPlan = (term: string | null): AccountSummary => ({
  ...summary,
  ENROLLED_PPLAN: 'Y',
  PPLAN_TERM: term,
});

describe('Finances in Spanish (issue 59)', () => {
  it('writes the amounts as es-US writes dollars ($1,250.00) under Spanish labels', async () => {
    await act(() => activateLocale('es'));
    const charges = { ...summary.CHARGES_DETAIL, CHARGES_AMOUNT_DUE: 1250 };
    render(<AccountSummaryView summary={{ ...summary, CHARGES_DETAIL: charges }} />);
    expect(screen.getByText('Monto a pagar').nextElementSibling).toHaveTextContent('$1,250.00');
    expect(screen.getByText('Pagos recibidos').nextElementSibling).toHaveTextContent('$3,200.00');
    expect(screen.getByText('No tiene un plan de pagos.')).toBeInTheDocument();
  });

  it('names a payment plan’s term in Spanish in one sentence, and says so without a term', async () => {
    await act(() => activateLocale('es'));
    const { rerender } = render(<AccountSummaryView summary={withPlan('202604')} />);
    expect(screen.getByText('Tiene un plan de pagos para Otoño de 2026.')).toBeInTheDocument();
    rerender(<AccountSummaryView summary={withPlan(null)} />);
    expect(screen.getByText('Tiene un plan de pagos.')).toBeInTheDocument();
  });

  it('keeps English byte for byte: "You are enrolled in a payment plan for Fall 2026."', () => {
    render(<AccountSummaryView summary={withPlan('202604')} />);
    expect(
      screen.getByText('You are enrolled in a payment plan for Fall 2026.'),
    ).toBeInTheDocument();
  });

  it('heads each aid year in Spanish and marks the SIS’s own English words lang="en"', async () => {
    await act(() => activateLocale('es'));
    render(<FinancialAidView aid={aid} />);
    expect(screen.getByRole('heading', { name: 'Año de ayuda 2026-2027' })).toBeInTheDocument();
    expect(screen.getByText('Progreso académico satisfactorio')).toBeInTheDocument();
    expect(screen.getByText('Meeting satisfactory academic progress')).toHaveAttribute(
      'lang',
      'en',
    );
    expect(screen.getByText('Your aid for Fall 2026 has been disbursed.')).toHaveAttribute(
      'lang',
      'en',
    );
  });
});
