import { describe, expect, it } from 'vitest';
import {
  allotmentFits,
  bookableSeats,
  freeSeats,
  inventoryConflict,
  inventoryForSeatMap,
  mapHoldsSoldSeats,
  seatsTakenBy,
  takesSeat,
  visibleFreeSeats,
} from './inventory.ts';

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

describe('bookableSeats', () => {
  const counts = {
    totalSeats: 180,
    seatsForSale: 170,
    booked: 150,
    allotted: 12,
    agentSeatsLimit: 5,
    onlineSeatsLimit: 7,
  };

  it('gives the public the free seats up to the online limit', () => {
    expect(bookableSeats(counts, 'public')).toBe(7);
    expect(bookableSeats({ ...counts, booked: 155 }, 'public')).toBe(3);
    expect(bookableSeats({ ...counts, booked: 170 }, 'public')).toBe(0);
  });

  it('gives an agent the agent limit plus what is left of their own allotments', () => {
    expect(bookableSeats(counts, 'agent')).toBe(5);
    expect(bookableSeats(counts, 'agent', 4)).toBe(9);
    expect(bookableSeats({ ...counts, booked: 170 }, 'agent', 4)).toBe(4);
  });

  it('lets staff book past the sale quota but never past the aircraft', () => {
    expect(bookableSeats({ ...counts, booked: 160 }, 'staff')).toBe(8);
    expect(bookableSeats({ ...counts, booked: 168 }, 'staff')).toBe(0);
  });
});

describe('inventoryForSeatMap', () => {
  it("keeps a total of all the map's seats at all of them, when seats are hidden and shown again", () => {
    expect(inventoryForSeatMap({ totalSeats: 30, seatsForSale: 30 }, 30, 27)).toEqual({
      totalSeats: 27,
      seatsForSale: 27,
    });
    expect(inventoryForSeatMap({ totalSeats: 27, seatsForSale: 27 }, 27, 30)).toEqual({
      totalSeats: 30,
      seatsForSale: 30,
    });
  });

  it('keeps a smaller total while the map has room for it, and lowers it to the map otherwise', () => {
    expect(inventoryForSeatMap({ totalSeats: 150, seatsForSale: 150 }, 168, 160)).toEqual({
      totalSeats: 150,
      seatsForSale: 150,
    });
    expect(inventoryForSeatMap({ totalSeats: 150, seatsForSale: 120 }, 168, 140)).toEqual({
      totalSeats: 140,
      seatsForSale: 120,
    });
    expect(inventoryForSeatMap({ totalSeats: 150, seatsForSale: 140 }, 168, 130)).toEqual({
      totalSeats: 130,
      seatsForSale: 130,
    });
    // Showing seats again does not raise a total that was not all of the map.
    expect(inventoryForSeatMap({ totalSeats: 150, seatsForSale: 140 }, 160, 168)).toEqual({
      totalSeats: 150,
      seatsForSale: 140,
    });
  });

  it('keeps a sale quota below the total where it was', () => {
    expect(inventoryForSeatMap({ totalSeats: 30, seatsForSale: 28 }, 30, 29)).toEqual({
      totalSeats: 29,
      seatsForSale: 28,
    });
    expect(inventoryForSeatMap({ totalSeats: 29, seatsForSale: 28 }, 29, 30)).toEqual({
      totalSeats: 30,
      seatsForSale: 28,
    });
  });

  it('changes nothing when the map keeps its seat count', () => {
    expect(inventoryForSeatMap({ totalSeats: 40, seatsForSale: 35 }, 30, 30)).toEqual({
      totalSeats: 40,
      seatsForSale: 35,
    });
  });

  it('never goes below the sold seats as long as the map holds them', () => {
    const sold = { booked: 20, allotted: 6 };
    for (const [total, sale, before, after] of [
      [30, 30, 30, 26],
      [30, 24, 30, 26],
      [28, 27, 30, 26],
      [26, 20, 30, 27],
    ] as const) {
      expect(mapHoldsSoldSeats(after, sold)).toBe(true);
      const next = inventoryForSeatMap({ totalSeats: total, seatsForSale: sale }, before, after);
      expect(inventoryConflict({ totalSeats: total, seatsForSale: sale }, { ...next, ...sold })).toBeNull();
    }
    expect(mapHoldsSoldSeats(25, sold)).toBe(false);
  });
});

describe('who takes a seat', () => {
  it('is every adult and child; an infant flies on a lap', () => {
    expect(takesSeat('adult')).toBe(true);
    expect(takesSeat('child')).toBe(true);
    expect(takesSeat('infant')).toBe(false);
  });

  it('counts the seats a party takes on each flight', () => {
    expect(seatsTakenBy(['adult', 'adult', 'child', 'infant', 'infant'])).toBe(3);
    expect(seatsTakenBy(['infant'])).toBe(0);
    expect(seatsTakenBy([])).toBe(0);
  });
});
