import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { campusConfigSchema } from '../../../../contract/campus-config.schema.js';
import { campusIn } from '../../../../contract/campus-in.js';
import { SAMPLE_BUILDINGS } from '../../../../contract/sample-buildings.js';
import { campusMapList } from '../../../../src/lib/campus-map.js';
import { CampusMap } from '../../../../src/ui/portal/map/campus-map.js';
import type { CampusMapProps } from '../../../../src/ui/portal/map/campus-map.js';
import { meeting } from '../../../lib/academics-fixtures.js';

const buildings = campusIn(
  campusConfigSchema.parse({ buildings: SAMPLE_BUILDINGS }),
  'en',
).buildings;

const draw = (props: Partial<CampusMapProps>) => {
  const onQuery = vi.fn();
  const onRetry = vi.fn();
  const { container } = render(
    <CampusMap
      toolbar={<h1 id="map-title">Campus map</h1>}
      query=""
      onQuery={onQuery}
      status="loaded"
      entries={campusMapList(buildings, [], '', 'en')}
      onRetry={onRetry}
      {...props}
    />,
  );
  return { onQuery, onRetry, container };
};

describe('the campus map page (issue 89)', () => {
  it('is a GET form to /map with ?q= (no scripts needed), and typing asks for the new search', () => {
    const { onQuery } = draw({ query: 'hall' });
    const box = screen.getByRole('searchbox', { name: 'Find a building by its name or code' });
    expect(box).toHaveValue('hall');
    expect(box).toHaveAttribute('name', 'q');
    const form = screen.getByRole('search', { name: 'Find a building by its name or code' });
    expect(form).toHaveAttribute('action', '/map');
    expect(form).toHaveAttribute('method', 'get');
    fireEvent.input(box, { target: { value: 'cramer' } });
    expect(onQuery).toHaveBeenLastCalledWith('cramer');
  });

  it('each building shows its address, accessible entrance, Map and Directions, and no third-party map', () => {
    const { container } = draw({});
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(SAMPLE_BUILDINGS.length);
    const eb = screen.getByRole('heading', { name: 'Engineering Building (EB)' }).closest('li');
    if (!eb) throw new Error('the building is a list item');
    expect(eb).toHaveTextContent('1930 SW 4th Ave, Portland, OR 97201');
    expect(eb).toHaveTextContent('Accessible entrance: Step-free entrance on SW 4th Avenue.');
    expect(within(eb).getByRole('link', { name: /^Map: Engineering Building/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\/\?mlat=45\.5092/),
    );
    expect(
      within(eb).getByRole('link', { name: /^Directions: Engineering Building/ }),
    ).toBeVisible();
    expect(container.querySelector('iframe, img, script')).toBeNull();
  });

  it('marks the building of a class today with the class and its start: "Today: CS 161, 10:00 AM"', () => {
    draw({ entries: campusMapList(buildings, [meeting({ BUILDING: 'EB' })], '', 'en') });
    const first = screen.getAllByRole('listitem')[0];
    expect(first).toHaveTextContent(/Engineering Building \(EB\)Today: CS 161, 10:00\sAM/);
  });

  it('says when no building matches the search', () => {
    draw({ query: 'nowhere', entries: [] });
    expect(screen.getByRole('status')).toHaveTextContent('No building matches “nowhere”.');
  });

  it('says when the campus lists no building', () => {
    draw({ status: 'empty', entries: [] });
    expect(screen.getByText('The campus has not listed its buildings.')).toBeInTheDocument();
  });

  it('a failed read says so and retries', () => {
    const { onRetry } = draw({ status: 'error', entries: [] });
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to retrieve the campus buildings');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
