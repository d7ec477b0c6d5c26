import type { ReservationListItem } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import type { TFunction } from 'i18next';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ActionState, type ReservationRowAction, rowActionState } from './reservation-actions.ts';
import { useReservationRow } from './reservation-row-context.ts';

const MENU_ACTIONS = ['pay', 'ticket', 'invoice', 'creditNote', 'split', 'cancel', 'history'] as const;
export type MenuAction = (typeof MENU_ACTIONS)[number];
const isMenuAction = (key: unknown): key is MenuAction => (MENU_ACTIONS as readonly unknown[]).includes(key);

export function rowActionLabel(t: TFunction, action: ReservationRowAction): string {
  switch (action) {
    case 'edit':
      return t('list.edit');
    case 'pay':
      return t('reservations.actions.pay');
    case 'ticket':
      return t('reservations.actions.ticket');
    case 'invoice':
      return t('reservations.actions.invoice');
    case 'creditNote':
      return t('reservations.actions.creditNote');
    case 'split':
      return t('reservations.actions.split');
    case 'cancel':
      return t('reservations.actions.cancel');
    case 'history':
      return t('reservations.actions.history');
  }
}

/** Edit or Pay of a row: a link, or a disabled button where the reservation's state forbids it. */
export function ReservationLinkAction({
  action,
  reservation,
  state,
  to,
}: {
  action: 'edit' | 'pay';
  reservation: ReservationListItem;
  state: ActionState;
  to: string;
}) {
  const { t } = useTranslation();
  if (state === 'hidden') return null;
  const label = t('reservations.actions.named', { action: rowActionLabel(t, action), id: reservation.id });
  return state === 'enabled' ? (
    <Link className="row-action" to={to} aria-label={label}>
      {rowActionLabel(t, action)}
    </Link>
  ) : (
    <Button variant="secondary" className="row-action" aria-label={label} isDisabled>
      {rowActionLabel(t, action)}
    </Button>
  );
}

/**
 * A reservation's actions: Edit as a link; Pay, the documents, split, cancel and history in a
 * menu, so a row stays narrow enough for the list to fit the screen in every language. Each shows
 * with its role and is disabled where the reservation's state forbids it ({@link rowActionState}).
 */
export function ReservationRowActions({ reservation }: { reservation: ReservationListItem }) {
  const { t } = useTranslation();
  const row = useReservationRow();
  const stateOf = (action: ReservationRowAction) => rowActionState(action, reservation, row.permissions);

  const items = MENU_ACTIONS.map((action) => ({ action, state: stateOf(action) })).filter(
    (item) => item.state !== 'hidden',
  );
  const busy = row.running?.id === reservation.id;
  return (
    <div className="row-actions">
      <ReservationLinkAction
        action="edit"
        reservation={reservation}
        state={stateOf('edit')}
        to={row.pathOf('edit', reservation)}
      />
      {items.length > 0 ? (
        <MenuTrigger>
          <Button
            variant="secondary"
            className="row-action"
            aria-label={t('reservations.actions.menuNamed', { id: reservation.id })}
            isPending={busy}
          >
            {t('reservations.actions.menu')} <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="row-menu" placement="bottom end">
            <Menu
              className="row-menu__list"
              disabledKeys={items.filter((item) => item.state === 'disabled').map((item) => item.action)}
              onAction={(key) => {
                if (isMenuAction(key)) row.onAction(key, reservation);
              }}
            >
              {items.map((item) => (
                <MenuItem
                  key={item.action}
                  id={item.action}
                  className={`row-menu__item${item.action === 'cancel' ? ' row-menu__item--danger' : ''}`}
                >
                  {rowActionLabel(t, item.action)}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      ) : null}
    </div>
  );
}
