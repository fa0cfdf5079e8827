import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../../../contract/campus.schema.js';
import { EmployeeAcademics } from '../../../../src/ui/portal/academics/academics-page.js';
import { AttendanceWarnings } from '../../../../src/ui/portal/academics/attendance-warnings.js';
import { SectionCard, inSentence } from '../../../../src/ui/portal/academics/section-card.js';
import { VeteranBenefits } from '../../../../src/ui/portal/academics/veteran-benefits.js';

const card = (state: 'loading' | 'loaded' | 'empty' | 'error', onRetry = () => {}) => (
  <SectionCard id="gpa" title="GPA" state={state} emptyText="Not available" onRetry={onRetry}>
    <p>3.46</p>
  </SectionCard>
);

describe('an Academics section', () => {
  it('shows its own loading state, then its data', () => {
    const { rerender } = render(card('loading'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading GPA…');
    rerender(card('loaded'));
    expect(screen.getByText('3.46')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names what it loads as a sentence would: an acronym kept, a title lower-cased', () => {
    expect(inSentence('GPA')).toBe('GPA');
    expect(inSentence('Class schedule')).toBe('class schedule');
  });

  it('says "Error retrieving info" with a retry on failure', async () => {
    const onRetry = vi.fn();
    render(card('error', onRetry));
    expect(screen.getByText('Error retrieving info')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows its own empty text when there is nothing to show', () => {
    render(card('empty'));
    expect(screen.getByText('Not available')).toBeInTheDocument();
    expect(screen.queryByText('3.46')).not.toBeInTheDocument();
  });
});

describe('veteran benefits (portal.md §5)', () => {
  const urls = {
    formUrl: defaultCampus.academics.veteranCertificationForm,
    officeUrl: defaultCampus.academics.veteransOffice,
  };

  it('VETERAN_ELIGIBILITY "Y" gets the external form address instead of a modal', () => {
    render(<VeteranBenefits eligible {...urls} />);
    const link = screen.getByRole('link', { name: /Veteran benefit certification/ });
    expect(link).toHaveAttribute('href', urls.formUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('anyone else gets a modal saying who can help', async () => {
    render(<VeteranBenefits eligible={false} {...urls} />);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Veteran benefit certification' }));
    const dialog = screen.getByRole('dialog', { name: 'Veteran benefit certification' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('link', { name: 'Contact Veterans Services' })).toHaveAttribute(
      'href',
      urls.officeUrl,
    );
  });
});

describe('attendance warnings', () => {
  const props = {
    courses: [],
    termName: 'Fall 2026',
    saving: new Set<string>(),
    failed: new Set<string>(),
    offline: false,
    onMarkRead: () => {},
    onRetry: () => {},
  };
  const course = {
    TERMCODE: '202604',
    COURSEREGISTRATIONNUMBER: '41234',
    SUBJECT: 'CS',
    COURSENUMBER: '161',
    COURSETITLE: 'Introduction to Programming',
    INITATTENDANCE: 'N' as const,
    ACCEPTEDAID: 'Y' as const,
    EXCLUSIONLIST: 'N' as const,
    read_on: null,
  };

  it('show nothing while loading or when no course warns', () => {
    const { container, rerender } = render(<AttendanceWarnings {...props} state="loading" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<AttendanceWarnings {...props} state="empty" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('say when the attendance records could not be checked, with a retry', () => {
    render(<AttendanceWarnings {...props} state="error" />);
    expect(screen.getByText(/Error retrieving info/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('name the course and what to do, and say when marking read failed', () => {
    render(
      <AttendanceWarnings
        {...props}
        state="loaded"
        courses={[course]}
        failed={new Set(['41234'])}
      />,
    );
    const title = screen.getByText('Introduction to Programming');
    expect(title.closest('strong')).toHaveTextContent(
      'CS 161 Introduction to Programming (CRN 41234)',
    );
    // The SIS's course title is marked English inside the sentence (issue 76).
    expect(title).toHaveAttribute('lang', 'en');
    expect(screen.getByText(/ask your instructor to record your attendance/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be saved');
  });

  it('offline (issue 44), cannot be marked read, and say why', () => {
    render(<AttendanceWarnings {...props} state="loaded" courses={[course]} offline />);
    expect(screen.getByRole('button', { name: /^Mark as read: CS 161/ })).toBeDisabled();
    expect(
      screen.getByText('You’re offline: changes can be saved again once you’re back online.'),
    ).toBeVisible();
  });
});

describe('the Academics page of an employee', () => {
  it('explains what the page is for and links the campus tools', () => {
    render(<EmployeeAcademics links={defaultCampus.academics.employeeLinks} />);
    expect(screen.getByText(/no academic record of yours to show here/)).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(defaultCampus.academics.employeeLinks.length);
  });
});
