import type { FlightListItem } from '@flybook/schemas';
import { createContext, useContext } from 'react';
import type { FlightListPermissions, RowActionKind } from './flight-actions.ts';

/** What the list's cells need from the page; read from context so the grid's cells stay current. */
export interface FlightRowContextValue {
  permissions: FlightListPermissions;
  /** The user may open the edit page. */
  mayEdit: boolean;
  editPath: (flight: FlightListItem) => string;
  /** The user may open a flight's passenger list (ROLE_FLIGHT_PASSENGER_LIST). */
  mayOpenPassengers: boolean;
  passengersPath: (flight: FlightListItem) => string;
  onAction: (kind: RowActionKind, flight: FlightListItem) => void;
  onEdit: (flight: FlightListItem) => void;
  onPassengers: (flight: FlightListItem) => void;
  onInfo: (flight: FlightListItem) => void;
  /** Shows only the flights of this sequence (the sequence filter). */
  onSequence: (sequenceId: number) => void;
}

export const FlightRowContext = createContext<FlightRowContextValue | null>(null);

export function useFlightRow(): FlightRowContextValue {
  const value = useContext(FlightRowContext);
  if (!value) throw new Error('useFlightRow must be used inside <FlightRowContext>');
  return value;
}
