// The console's charts (README.md "The console", charts): whatever the drawing does, the numbers
// are a real table with a caption in a labelled region, and the drawing is an image named by
// that caption (described by its summary). Chartist itself draws in Chromium (the clicks page's
// browser test); here, in jsdom, it may or may not draw, and the table must not care.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, LineChart } from '../../../../src/views/shared/charts/charts.view.tsx';

const days = [
  { label: 'Thu 1 Oct 2026', axisLabel: '1 Oct', value: 3 },
  { label: 'Fri 2 Oct 2026', axisLabel: '2 Oct', value: 0 },
  { label: 'Sat 3 Oct 2026', axisLabel: '3 Oct', value: 7 },
];

describe('the line chart', () => {
  it('is an image named by its caption and described by its summary, with the numbers as a table', () => {
    render(<LineChart caption="Clicks per day, 1 to 3 Oct 2026" points={days} labelHeading="Day" valueHeading="Clicks" summary="10 clicks in all." empty="No clicks." />);
    const image = screen.getByRole('img', { name: 'Clicks per day, 1 to 3 Oct 2026' });
    expect(image).toHaveAccessibleDescription('10 clicks in all.');
    const region = screen.getByRole('region', { name: 'Clicks per day, 1 to 3 Oct 2026' });
    const table = within(region).getByRole('table', { name: 'Clicks per day, 1 to 3 Oct 2026' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Clicks']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent])).toEqual([
      ['Thu 1 Oct 2026', '3'],
      ['Fri 2 Oct 2026', '0'],
      ['Sat 3 Oct 2026', '7'],
    ]);
    // The region scrolls on its own at 375 px, so a keyboard must be able to reach it.
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('says so instead of drawing when every value is zero, and still gives the table', () => {
    render(<LineChart caption="Clicks per day" points={days.map((day) => ({ ...day, value: 0 }))} labelHeading="Day" valueHeading="Clicks" empty="No clicks in these days." />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No clicks in these days.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Clicks per day' })).toBeInTheDocument();
  });
});

describe('the bar chart', () => {
  it('gives each bar its full label in the table (the axis shortens them)', () => {
    const links = [
      { label: 'LinkedIn (https://www.linkedin.com/company/lumina-displays-south-africa)', axisLabel: 'LinkedIn', value: 5 },
      { label: 'Facebook (https://www.facebook.com/lumina)', axisLabel: 'Facebook', value: 2 },
    ];
    render(<BarChart caption="The most followed links" points={links} labelHeading="Link" valueHeading="Clicks" empty="No links followed." />);
    expect(screen.getByRole('img', { name: 'The most followed links' })).not.toHaveAccessibleDescription(/./);
    expect(screen.getByRole('rowheader', { name: links[0]!.label })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5' })).toBeInTheDocument();
  });
});
