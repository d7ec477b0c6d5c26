/**
 * The booking reference customers quote for a reservation: "FB-" and the reservation id with at
 * least six digits (123 → "FB-000123"; 1234567 → "FB-1234567").
 */
export function bookingReference(reservationId: number): string {
  return `FB-${String(reservationId).padStart(6, '0')}`;
}
