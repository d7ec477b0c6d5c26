import { satisfies } from '@flybook/domain';
import {
  accountCalls,
  type Me,
  type Reservation,
  reservationCalls,
  reservationListCalls,
} from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/context.tsx';
import type { OwnerAccountState } from '../../app/payment/use-payment-accounts.ts';
import { accountAvailability, withheldOf } from './payment-form.ts';

/** Spec 02 §9: the owner's reservations read for the withheld money: page 0, 100 of them. */
export const WITHHELD_LOOKUP = { page: 0, pageSize: 100 } as const;

/** The reservation being paid. */
export function useReservation(reservationId: number, enabled = true) {
  const { client } = useServices();
  return useQuery({
    queryKey: ['reservation', reservationId],
    queryFn: ({ signal }) => client.call(reservationCalls.get, { params: { id: reservationId } }, { signal }),
    enabled,
    retry: false,
  });
}

/**
 * The owner's account and what it may still pay (spec 02 §4 Account option availability): balance
 * plus credit limit minus what the owner's other card bookings in status created hold back. The
 * owner's reservations are read from the user's own list when the user is the owner, from the full
 * list (ROLE_RESERVATION_LIST) otherwise; without either, nothing is known to be withheld and the
 * server's own check decides.
 */
export function useOwnerAccount(
  user: Me,
  reservation: Reservation | undefined,
  enabled: boolean,
): OwnerAccountState {
  const { client } = useServices();
  const owner = reservation?.owner ?? null;
  const active = enabled && owner !== null;
  const account = useQuery({
    queryKey: ['account', 'user', owner?.id],
    queryFn: ({ signal }) =>
      client.call(accountCalls.userAccount, { params: { id: owner?.id ?? 0 } }, { signal }),
    enabled: active,
    retry: false,
  });
  const isOwn = owner !== null && owner.id === user.id;
  const mayListAll = satisfies(user.roles, 'ROLE_RESERVATION_LIST');
  const reservations = useQuery({
    queryKey: ['reservation', 'withheld', owner?.id, isOwn],
    queryFn: ({ signal }) => {
      const query = { ...WITHHELD_LOOKUP, reservationStatus: ['created' as const] };
      return isOwn
        ? client.call(reservationListCalls.ownList, { query }, { signal })
        : client.call(
            reservationListCalls.list,
            { query: { ...query, ownerId: owner?.id ?? 0 } },
            { signal },
          );
    },
    enabled: active && (isOwn || mayListAll),
    retry: false,
  });
  if (!active || !reservation || !owner) return { kind: 'none' };
  if (account.isError) return { kind: 'unavailable' };
  const listKnown = isOwn || mayListAll;
  if (account.isPending || (listKnown && reservations.isPending)) return { kind: 'loading' };
  if (!account.data) return { kind: 'unavailable' };
  const withheld = reservations.data ? withheldOf(reservations.data.items, owner.id, reservation.id) : 0;
  return {
    kind: 'ready',
    account: account.data,
    withheld,
    available: accountAvailability(account.data, withheld),
  };
}
