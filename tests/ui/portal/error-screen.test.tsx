import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorScreen } from '../../../src/ui/portal/error-screen.js';

describe('ErrorScreen', () => {
  it('error state 2 gives "Uh-oh! (500 Error)" and says it is our fault', () => {
    render(<ErrorScreen errorState={2} feedbackUrl="https://help.example/feedback" />);
    expect(screen.getByRole('heading', { name: 'Uh-oh! (500 Error)' })).toBeInTheDocument();
    expect(
      screen.getByText("Something went wrong with this app. It's our fault, not yours."),
    ).toBeInTheDocument();
  });

  it('any other state above 1 gives "One moment, please (503 Error)"', () => {
    render(<ErrorScreen errorState={3} feedbackUrl="https://help.example/feedback" />);
    expect(
      screen.getByRole('heading', { name: 'One moment, please (503 Error)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/the portal is currently undergoing maintenance or otherwise unavailable/i),
    ).toBeInTheDocument();
    expect(screen.getByText(/the portal will return/i)).toBeInTheDocument();
  });

  it('signed out and offline is not the maintenance screen: the device has no connection, it says so', () => {
    render(<ErrorScreen errorState={3} feedbackUrl="https://help.example/feedback" offline />);
    expect(screen.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeInTheDocument();
    expect(screen.queryByText(/maintenance/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/503/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offline, a status failure (our fault) is still the 500 screen', () => {
    render(<ErrorScreen errorState={2} feedbackUrl="https://help.example/feedback" offline />);
    expect(screen.getByRole('heading', { name: 'Uh-oh! (500 Error)' })).toBeInTheDocument();
  });

  it('carries a link to head back and retry and one to send feedback', () => {
    render(<ErrorScreen errorState={2} feedbackUrl="https://help.example/feedback" />);
    expect(screen.getByRole('link', { name: /head back and retry/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /send feedback/i })).toHaveAttribute(
      'href',
      'https://help.example/feedback',
    );
  });
});
