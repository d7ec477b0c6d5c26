import type { Flight, FlightPassenger } from '@flybook/schemas';
import { createContext, useContext } from 'react';
import type { PassengerListPermissions } from './passenger-permissions.ts';
import type { AppearingMark } from './use-passenger-jobs.ts';

/** What the cells of the passenger list need besides their row (the grid keeps its cells). */
export interface PassengerRowContextValue {
  flight: Flight;
  /** The local departure date at the origin (age and infant limits count on it). */
  departureDay: string;
  permissions: PassengerListPermissions;
  /** The user may open a reservation's payment page (a "Pay" link for unpaid bookings). */
  mayPay: boolean;
  /** The passenger whose mark or seat is being saved. */
  busyId: number | undefined;
  /** A new appearing mark chosen in a row; a no-show asks for its comment first. */
  onAppearing: (
    passenger: FlightPassenger,
    mark: Exclude<AppearingMark, { isAppeared: false }> | 'noShow',
  ) => void;
  onSeat: (passenger: FlightPassenger) => void;
  onNotify: (passenger: FlightPassenger) => void;
}

export const PassengerRowContext = createContext<PassengerRowContextValue | null>(null);

export function usePassengerRow(): PassengerRowContextValue {
  const value = useContext(PassengerRowContext);
  if (!value) throw new Error('usePassengerRow outside the passenger list');
  return value;
}
