import type { Page } from '@playwright/test';

/**
 * Today's Classes with its answer read: a class's time (the sample student has classes on most
 * weekdays, not the same ones each day) or, on a weekend or a campus holiday, the line saying there
 * are none. The journeys run on whatever day CI does.
 */
export const todaysClassesRead = (page: Page) =>
  page
    .getByTestId('block-todays-classes')
    .getByText(/\d{1,2}:\d{2}\s?[AP]M\s?–|No classes today/)
    .first();
