import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PushDevice } from '../../../../src/ui/portal/account/push-device.js';

describe('the notifications-on-this-device control', () => {
  const onChange = () => {};

  it('says the portal’s reason when it refused to turn notifications on', () => {
    const refusal = 'This browser already gets notifications for another person.';
    render(
      <PushDevice view="off" failed="on" refusal={refusal} readOnly={null} onChange={onChange} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(refusal);
  });

  it('without a reason, says turning on failed and to try again', () => {
    render(
      <PushDevice view="off" failed="on" refusal={null} readOnly={null} onChange={onChange} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Notifications could not be turned on. Please try again.',
    );
  });

  it('on iPhone or iPad Safari outside the Home Screen, says to add the portal to the Home Screen first (Share, then Add to Home Screen), the switch off', () => {
    render(
      <PushDevice
        view="homeScreenFirst"
        failed={null}
        refusal={null}
        readOnly={null}
        onChange={onChange}
      />,
    );
    expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Show notifications on this device' }),
    ).toBeDisabled();
  });

  it('keeps, while checking the device, the room of the longest status the check can end in (the blocked browser’s), so the page below does not move when the check ends', () => {
    const { rerender } = render(
      <PushDevice
        view="checking"
        failed={null}
        refusal={null}
        readOnly={null}
        onChange={onChange}
      />,
    );
    const status = screen.getByRole('status');
    const blocked =
      'Notifications are blocked for the portal in this browser. Allow them in the site settings of your browser, then reload this page.';
    expect(status).toHaveTextContent(/^Checking this device…$/);
    expect(status).toHaveAttribute('data-room', blocked);
    rerender(
      <PushDevice view="off" failed={null} refusal={null} readOnly={null} onChange={onChange} />,
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-room', blocked);
  });
});
