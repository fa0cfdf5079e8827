// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activeNodeIds, Chart } from '../../src/inspector/chart.js';
import { bannerMachine } from '../../src/machines/banner.machine.js';

afterEach(() => cleanup());

const marked = () =>
  [...document.querySelectorAll('[aria-current="true"]')].map((e) =>
    e.textContent?.replace(' (active)', ''),
  );

describe('the inspector chart', () => {
  it('marks the active state nodes, parallel regions and nested states alike', () => {
    const value = { hold: 'shown', alerts: { loading: 'pageWaits' } };
    expect([...activeNodeIds(bannerMachine.root, value)].sort()).toEqual([
      'banner',
      'banner.alerts',
      'banner.alerts.loading',
      'banner.alerts.loading.pageWaits',
      'banner.hold',
      'banner.hold.shown',
    ]);
    render(<Chart machine={bannerMachine} value={value} />);
    expect(marked()).toEqual([
      'hold',
      'shown [hold]',
      'alerts',
      'loading',
      'pageWaits [pageWaits]',
    ]);
  });

  it('draws every state with the transitions of its Mermaid diagram, and moves the mark with the value', () => {
    const { rerender } = render(
      <Chart machine={bannerMachine} value={{ hold: 'shown', alerts: 'unavailable' }} />,
    );
    const fromShown = screen.getByRole('list', { name: 'Transitions from shown' });
    expect(within(fromShown).getByRole('listitem')).toHaveTextContent(
      'banner.dismissHold / rememberHoldDismissed → hold.dismissed',
    );
    rerender(
      <Chart machine={bannerMachine} value={{ hold: 'dismissed', alerts: 'unavailable' }} />,
    );
    expect(marked()).toContain('dismissed');
    expect(marked()).not.toContain('shown [hold]');
  });
});
