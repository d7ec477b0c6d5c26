import { SEAT_FLAGS } from '@flybook/schemas/flights';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SeatMap } from './SeatMap.tsx';
import { a320, seatMapLabels } from './seat-map.fixtures.ts';

const seat = (label: string) => {
  const cell = document.querySelector<HTMLElement>(`[data-seat="${label}"]`);
  if (!cell) throw new Error(`no seat ${label}`);
  return cell;
};

describe('SeatMap', () => {
  it('gives every seat an accessible name with its label, class, price and state', () => {
    const sections = a320();
    render(<SeatMap sections={sections} labels={seatMapLabels} locale="en" />);
    const cells = screen.getAllByRole('gridcell');
    const present = sections.flatMap((section) =>
      section.seats.flat().filter((flags) => (flags & SEAT_FLAGS.absent) === 0),
    );
    expect(cells).toHaveLength(present.length);
    for (const cell of cells) {
      expect(cell.getAttribute('aria-label')).toMatch(
        /^Seat \d{1,2}[A-F], (Business|Economy), CHF\s\d+\.\d\d, (free|reserved|not for sale)$/,
      );
    }
    expect(screen.getByRole('gridcell', { name: /^Seat 12C, Economy, CHF\s15\.00, free$/ })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: /^Seat 2D, Business, CHF\s45\.00, reserved$/ })).toBeTruthy();
    expect(
      screen.getByRole('gridcell', { name: /^Seat 6B, Economy, CHF\s0\.00, not for sale$/ }),
    ).toBeTruthy();
    // Absent seats are gaps, not seats.
    expect(screen.queryByRole('gridcell', { name: /^Seat 4A,/ })).toBeNull();
    expect(screen.queryByRole('gridcell', { name: /^Seat 31E,/ })).toBeNull();
  });

  it('shows one grid per tariff group, with column headers, row headers and exit rows', () => {
    render(<SeatMap sections={a320()} labels={seatMapLabels} locale="en" />);
    const business = screen.getByRole('grid', { name: 'Business' });
    const economy = screen.getByRole('grid', { name: 'Economy' });
    expect(
      within(business)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['A', 'C', 'D', 'F']);
    expect(within(economy).getAllByRole('row')).toHaveLength(29); // header + rows 4–31
    expect(within(economy).getByRole('rowheader', { name: '11, Exit row' })).toBeTruthy();
    expect(within(economy).getByRole('rowheader', { name: '13' })).toBeTruthy();
    expect(business.getAttribute('aria-readonly')).toBe('true');
  });

  it('puts the aisle between the column groups (ABC | DEF, AC | DF) and keeps absent seats as gaps', () => {
    render(<SeatMap sections={a320()} labels={seatMapLabels} locale="en" />);
    /** A row as text: seat labels, '|' for the aisle, '_' for a gap; the side cells left out. */
    const rowOf = (label: string) =>
      [...(seat(label).closest('tr')?.children ?? [])]
        .filter((cell) => !cell.classList.contains('fb-seatmap__side'))
        .map((cell) =>
          cell.classList.contains('fb-seatmap__aisle') ? '|' : (cell.getAttribute('data-seat') ?? '_'),
        );
    expect(rowOf('5A')).toEqual(['5A', '5B', '5C', '|', '5D', '5E', '5F']);
    expect(rowOf('4B')).toEqual(['_', '4B', '4C', '|', '4D', '4E', '_']);
    expect(rowOf('2A')).toEqual(['2A', '2C', '|', '2D', '2F']);
    // Business seats share the width of three economy seats per side: wider seats, same aisle.
    expect(seat('2A').style.getPropertyValue('--fb-seat-tracks')).toBe('1.5');
    expect(seat('5A').style.getPropertyValue('--fb-seat-tracks')).toBe('1');
  });

  it('moves focus between seats with the arrow keys, across the gap and into the next section', async () => {
    const user = userEvent.setup();
    render(<SeatMap sections={a320()} labels={seatMapLabels} locale="en" onSeatPress={() => {}} />);
    await user.tab();
    expect(document.activeElement).toBe(seat('1A'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(seat('1C'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(seat('3C'));
    await user.keyboard('{ArrowDown}'); // business → economy, same side of the aisle
    expect(document.activeElement).toBe(seat('4C'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}'); // 4A is absent: stays on 4B
    expect(document.activeElement).toBe(seat('4B'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(seat('3A'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(seat('3F'));
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toBe(seat('31C')); // 31D–F are absent
    await user.keyboard('{Home}{Control>}{Home}{/Control}');
    expect(document.activeElement).toBe(seat('1A'));
    // One tab stop per grid: only the focused seat of a grid is in the tab order.
    expect(seat('1A').tabIndex).toBe(0);
    expect(seat('1C').tabIndex).toBe(-1);
  });

  it('presses a seat by click, Enter and Space, and double-presses by double click and Shift+Enter', async () => {
    const user = userEvent.setup();
    const onSeatPress = vi.fn();
    const onSeatDoublePress = vi.fn();
    render(
      <SeatMap
        sections={a320()}
        labels={seatMapLabels}
        locale="en"
        onSeatPress={onSeatPress}
        onSeatDoublePress={onSeatDoublePress}
      />,
    );
    await user.click(seat('7D'));
    expect(onSeatPress).toHaveBeenLastCalledWith('7D');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onSeatPress).toHaveBeenCalledTimes(3);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(onSeatDoublePress).toHaveBeenLastCalledWith('7D');
    await user.dblClick(seat('9A'));
    expect(onSeatDoublePress).toHaveBeenLastCalledWith('9A');
    expect(onSeatDoublePress).toHaveBeenCalledTimes(2);
  });

  it('double-presses on the second click of a pair even when no dblclick event follows (Chromium after a redraw)', () => {
    const onSeatPress = vi.fn();
    const onSeatDoublePress = vi.fn();
    render(
      <SeatMap
        sections={a320()}
        labels={seatMapLabels}
        locale="en"
        onSeatPress={onSeatPress}
        onSeatDoublePress={onSeatDoublePress}
      />,
    );
    fireEvent.click(seat('8C'), { detail: 1 });
    expect(onSeatDoublePress).not.toHaveBeenCalled();
    fireEvent.click(seat('8C'), { detail: 2 });
    // As a browser's click, click, dblclick: two presses (the second undoes the first), then the double press.
    expect(onSeatPress).toHaveBeenCalledTimes(2);
    expect(onSeatDoublePress).toHaveBeenCalledExactlyOnceWith('8C');
  });

  it('overlays a flight’s taken and own seats and presses only the seats the caller allows', async () => {
    const user = userEvent.setup();
    const onSeatPress = vi.fn();
    render(
      <SeatMap
        sections={a320()}
        labels={seatMapLabels}
        locale="en"
        seatState={(label) => (label === '7A' ? 'taken' : label === '7B' ? 'own' : undefined)}
        isSeatPressable={(_label, state) => state === 'free' || state === 'own'}
        selectedLabels={new Set(['7B'])}
        onSeatPress={onSeatPress}
      />,
    );
    const taken = screen.getByRole('gridcell', { name: /^Seat 7A, Economy, CHF\s0\.00, taken$/ });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    await user.click(taken);
    expect(onSeatPress).not.toHaveBeenCalled();
    // The chosen seat is announced as chosen (not by what it was before), its neighbour as free.
    const own = screen.getByRole('gridcell', { name: /^Seat 7B, Economy, CHF\s0\.00, selected$/ });
    expect(own.getAttribute('aria-selected')).toBe('true');
    expect(seat('7C').getAttribute('aria-selected')).toBe('false');
    expect(seat('7C').getAttribute('aria-label')).toMatch(/, free$/);
    await user.click(own);
    expect(onSeatPress).toHaveBeenCalledWith('7B');
    const legend = screen.getByRole('list', { name: 'Legend' });
    const visibleText = (item: HTMLElement) =>
      [...item.childNodes]
        .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
        .map((node) => node.textContent)
        .join('');
    expect(within(legend).getAllByRole('listitem').map(visibleText)).toEqual([
      'Free',
      'Selected',
      'Your seat',
      'Taken',
      'Reserved',
      'Not for sale',
      'Exit row',
    ]);
  });

  it('does nothing on click in read-only mode', async () => {
    render(<SeatMap sections={a320()} labels={seatMapLabels} locale="en" />);
    await userEvent.click(seat('7D'));
    expect(seat('7D').getAttribute('aria-selected')).toBeNull();
    expect(seat('7D').className).not.toContain('fb-seat--pressable');
  });
});
