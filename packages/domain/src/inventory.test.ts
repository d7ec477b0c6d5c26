import { describe, expect, it } from 'vitest';
import { allotmentFits, freeSeats, inventoryConflict, visibleFreeSeats } from './inventory.ts';

const counts = { totalSeats: 180, seatsForSale: 150, booked: 100, allotted: 40 };

describe('seat inventory', () => {
  it('counts free seats of the sale quota, negative for staff and clamped for everyone else', () => {
    expect(freeSeats(counts)).toBe(10);
    const overbooked = { ...counts, booked: 120 };
    expect(freeSeats(overbooked)).toBe(-10);
    expect(visibleFreeSeats(overbooked)).toBe(0);
  });

  it('refuses total seats below what is booked and allotted', () => {
    expect(inventoryConflict(counts, { ...counts, totalSeats: 139 })).toBe('totalSeats');
    expect(inventoryConflict(counts, { ...counts, totalSeats: 140, seatsForSale: 140 })).toBeNull();
  });

  it('refuses lowering the sale quota below the taken seats, but keeps an overbooked quota as it is', () => {
    expect(inventoryConflict(counts, { ...counts, seatsForSale: 139 })).toBe('seatsForSale');
    const overbooked = { ...counts, booked: 120 };
    expect(inventoryConflict(overbooked, { ...overbooked })).toBeNull();
    expect(inventoryConflict(overbooked, { ...overbooked, seatsForSale: 149 })).toBe('seatsForSale');
    expect(inventoryConflict(undefined, { totalSeats: 10, seatsForSale: 5, booked: 0, allotted: 6 })).toBe(
      'seatsForSale',
    );
  });

  it('lets allotments grow only into free seats', () => {
    expect(allotmentFits({ ...counts, allotted: 50 }, 40)).toBe(true);
    expect(allotmentFits({ ...counts, allotted: 51 }, 40)).toBe(false);
    expect(allotmentFits({ ...counts, booked: 120, allotted: 35 }, 40)).toBe(true);
  });
});
