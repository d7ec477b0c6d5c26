import type { ReservationListItem } from '@flybook/schemas';
import { createContext, useContext } from 'react';
import type { MenuAction } from './ReservationRowActions.tsx';
import type { ReservationListPermissions, ReservationRowAction } from './reservation-actions.ts';

/** What the list's cells need from the page; read from context so the grid's cells stay current. */
export interface ReservationRowContextValue {
  permissions: ReservationListPermissions;
  /** Where a row's links lead (edit, pay), with the list as the way back. */
  pathOf: (action: 'edit' | 'pay', reservation: ReservationListItem) => string;
  /** The menu's actions: documents, the split and cancel popups, the history page. */
  onAction: (action: MenuAction, reservation: ReservationListItem) => void;
  /** The action running for a row (a document being made), to show it busy. */
  running: { action: ReservationRowAction; id: number } | null;
}

export const ReservationRowContext = createContext<ReservationRowContextValue | null>(null);

export function useReservationRow(): ReservationRowContextValue {
  const value = useContext(ReservationRowContext);
  if (!value) throw new Error('useReservationRow must be used inside <ReservationRowContext>');
  return value;
}
