import { type AircraftSection, SEAT_FLAGS } from '@flybook/schemas/flights';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SeatMapEditor } from './SeatMapEditor.tsx';
import { a320, seatMapEditorLabels, tariffGroupName } from './seat-map.fixtures.ts';

/** The popup as the flight form uses it: the form keeps the sections and saves what onChange gives. */
function renderEditor(initial: AircraftSection[] = a320(), lockedLabels?: ReadonlySet<string>) {
  const onChange = vi.fn<(sections: AircraftSection[]) => void>();
  const onLockedSeatsKept = vi.fn<(labels: readonly string[]) => void>();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <SeatMapEditor
        value={value}
        onChange={(sections) => {
          onChange(sections);
          setValue(sections);
        }}
        labels={seatMapEditorLabels}
        tariffGroupName={tariffGroupName}
        locale="en"
        {...(lockedLabels ? { lockedLabels } : {})}
        onLockedSeatsKept={onLockedSeatsKept}
      />
    );
  }
  render(<Harness />);
  const lastSections = () => {
    const sections = onChange.mock.lastCall?.[0];
    if (!sections) throw new Error('onChange was not called');
    return sections;
  };
  return { onChange, onLockedSeatsKept, lastSections, user: userEvent.setup() };
}

const seat = (label: string) => screen.getByRole('gridcell', { name: new RegExp(`^Seat ${label},`) });
const selectedSeats = () =>
  screen
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('aria-selected') === 'true')
    .map((cell) => cell.getAttribute('data-seat'))
    .sort();
const count = (text: string) => expect(screen.getByText(text)).toBeTruthy();

describe('SeatMapEditor', () => {
  it('toggles a seat into and out of the selection on click', async () => {
    const { user, onChange } = renderEditor();
    await user.click(seat('5A'));
    expect(seat('5A').getAttribute('aria-selected')).toBe('true');
    expect(selectedSeats()).toEqual(['5A']);
    count('1 seat selected');
    await user.click(seat('5A'));
    expect(seat('5A').getAttribute('aria-selected')).toBe('false');
    expect(selectedSeats()).toEqual([]);
    count('0 seats selected');
    expect(onChange).not.toHaveBeenCalled(); // selecting changes no seat
  });

  it('selects the connected block on double click and unselects it on a second double click', async () => {
    const { user } = renderEditor();
    await user.dblClick(seat('5E'));
    const block = selectedSeats();
    // Rows 4–30 right of the aisle (4F and row 31 D–F are absent): 3 × 27 − 1 seats.
    expect(block).toHaveLength(80);
    expect(block).toEqual(expect.arrayContaining(['4D', '4E', '5D', '5F', '15E', '30F']));
    expect(block).not.toContain('5C'); // across the aisle
    expect(block).not.toContain('3D'); // another section
    count('80 seats selected');
    await user.dblClick(seat('20D'));
    expect(selectedSeats()).toEqual([]);
  });

  it('clears the selection when the action changes', async () => {
    const { user, onChange } = renderEditor();
    await user.click(seat('5A'));
    await user.click(seat('2C'));
    expect(selectedSeats()).toEqual(['2C', '5A']);
    await user.click(screen.getByRole('radio', { name: 'Reserve' }));
    expect(screen.getByRole('radio', { name: 'Reserve' }).getAttribute('aria-checked')).toBe('true');
    expect(selectedSeats()).toEqual([]);
    count('0 seats selected');
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    expect(selectedSeats()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('applies a price to the selected seats', async () => {
    const { user, lastSections, onChange } = renderEditor();
    const apply = screen.getByRole('button', { name: 'Apply price' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.click(seat('2C'));
    await user.click(seat('5A'));
    await user.click(seat('5B'));
    expect(apply.hasAttribute('disabled')).toBe(false);
    await user.type(screen.getByLabelText('Seat price (CHF)'), '25,5');
    await user.click(apply);
    expect(onChange).toHaveBeenCalledTimes(1);
    const [business, economy] = lastSections();
    expect(business?.prices).toEqual([
      [45, 45, 45, 45],
      [45, 25.5, 45, 45],
      [45, 45, 45, 45],
    ]);
    expect(economy?.prices[1]).toEqual([25.5, 25.5, 0, 0, 0, 0]);
    expect(economy?.prices.flat().filter((price) => price === 25.5)).toHaveLength(2);
    expect(screen.getByRole('gridcell', { name: /^Seat 5A, Economy, CHF\s25\.50, selected$/ })).toBeTruthy();
  });

  it('refuses a negative price or one with more than two decimals', async () => {
    const { user, onChange } = renderEditor();
    await user.click(seat('5A'));
    const field = screen.getByLabelText('Seat price (CHF)');
    for (const text of ['-3', '12.345', 'abc']) {
      await user.clear(field);
      await user.type(field, text);
      expect(field.getAttribute('aria-invalid'), text).toBe('true');
      expect(screen.getByText('Enter an amount of 0 or more with at most two decimals.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Apply price' }));
      await user.type(field, '{Enter}');
    }
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(field.getAttribute('aria-invalid')).toBe('true'); // empty is not a price either
    expect(onChange).not.toHaveBeenCalled();
    await user.type(field, '12.30{Enter}');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('toggles the action flag on click and on the whole block on double click', async () => {
    const { user, lastSections } = renderEditor();
    await user.click(screen.getByRole('radio', { name: 'Disable' }));
    await user.click(seat('8C')); // reserved already
    expect(lastSections()[1]?.seats[4]?.[2]).toBe(SEAT_FLAGS.reserved | SEAT_FLAGS.disabled);
    expect(seat('8C').getAttribute('aria-label')).toMatch(/not for sale$/);
    await user.click(seat('8C'));
    expect(lastSections()[1]?.seats[4]?.[2]).toBe(SEAT_FLAGS.reserved);

    await user.click(screen.getByRole('radio', { name: 'Reserve' }));
    await user.click(seat('2A'));
    expect(lastSections()[0]?.seats[1]?.[0]).toBe(SEAT_FLAGS.reserved);
    await user.dblClick(seat('1F'));
    // Business right of the aisle: 2D was reserved already, the others now are too.
    expect(lastSections()[0]?.seats.map((row) => row.slice(2))).toEqual([
      [2, 2],
      [2, 2],
      [2, 2],
    ]);
    await user.dblClick(seat('1F'));
    expect(lastSections()[0]?.seats.map((row) => row.slice(2))).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('hides a seat so that it becomes a gap, and shows hidden seats only while hiding', async () => {
    const { user, lastSections } = renderEditor();
    await user.click(screen.getByRole('radio', { name: 'Hide' }));
    expect(seat('4A').getAttribute('aria-label')).toMatch(/hidden$/);
    await user.click(seat('5C'));
    expect(lastSections()[1]?.seats[1]?.[2]).toBe(SEAT_FLAGS.absent);
    await user.click(seat('4A'));
    expect(lastSections()[1]?.seats[0]?.[0]).toBe(0);
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    expect(screen.queryByRole('gridcell', { name: /^Seat 5C,/ })).toBeNull();
    expect(seat('4A')).toBeTruthy();
  });

  it("shows passengers' seats as taken, keeps them when hiding and says which it kept", async () => {
    const { user, lastSections, onLockedSeatsKept } = renderEditor(a320(), new Set(['5C']));
    expect(seat('5C').getAttribute('aria-label')).toMatch(/taken$/);
    await user.click(screen.getByRole('radio', { name: 'Hide' }));
    await user.click(seat('5C'));
    expect(onLockedSeatsKept).toHaveBeenLastCalledWith(['5C']);
    onLockedSeatsKept.mockClear();
    await user.click(seat('6C'));
    expect(onLockedSeatsKept).not.toHaveBeenCalled();
    await user.dblClick(seat('5B'));
    expect(onLockedSeatsKept).toHaveBeenCalledWith(['5C']);
    const economy = lastSections()[1];
    expect(economy?.seats[1]?.[2]).toBe(0);
    expect(economy?.seats[1]?.[1]).toBe(SEAT_FLAGS.absent);
    expect(seat('5C').getAttribute('aria-label')).toMatch(/taken$/);
  });

  it('selects with the keyboard: arrows move, Space toggles, Shift+Enter takes the block', async () => {
    const { user } = renderEditor();
    await user.click(screen.getByRole('radio', { name: 'Select' }));
    await user.tab(); // from the action switch to the business grid
    expect(document.activeElement).toBe(seat('1A'));
    await user.keyboard('{ArrowDown}{ArrowRight} ');
    expect(selectedSeats()).toEqual(['2C']);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(selectedSeats()).toEqual(['1A', '1C', '2A', '2C', '3A', '3C']);
  });
});
