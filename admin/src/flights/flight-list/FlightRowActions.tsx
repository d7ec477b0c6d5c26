import type { FlightListItem } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import type { Key } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/layout-parts.tsx';
import { actionLabel } from './action-labels.ts';
import { ROW_ACTIONS, type RowActionKind, rowActionState } from './flight-actions.ts';
import { flightName } from './flight-columns.tsx';
import { useFlightRow } from './flight-row-context.ts';

const EDIT = 'edit';
const PASSENGERS = 'passengers';
const isRowAction = (key: Key): key is RowActionKind => (ROW_ACTIONS as readonly Key[]).includes(key);

/**
 * The actions of one flight: an info button and a menu with edit and the state changes the user
 * holds the role for; an action the flight's state forbids stays in the menu, disabled.
 */
export function FlightRowActions({ flight }: { flight: FlightListItem }) {
  const { t } = useTranslation();
  const row = useFlightRow();
  const { permissions } = row;
  const name = flightName(flight, useLocale());
  const items = ROW_ACTIONS.map((kind) => ({
    kind,
    // the departure window is measured from now, at each render of the row
    state: rowActionState(kind, flight, permissions, new Date()),
  })).filter((item) => item.state !== 'hidden');
  const disabledKeys = items.filter((item) => item.state === 'disabled').map((item) => item.kind);
  const hasInfo = permissions.bookingInfo || permissions.passengersInfo || permissions.turnoverInfo;

  return (
    <div className="row-actions">
      {hasInfo ? (
        <Button
          variant="secondary"
          className="row-action"
          aria-label={t('flights.actions.infoNamed', { flight: name })}
          onPress={() => row.onInfo(flight)}
        >
          {t('flights.actions.info')}
        </Button>
      ) : null}
      {items.length > 0 || row.mayEdit || row.mayOpenPassengers ? (
        <MenuTrigger>
          <Button
            variant="secondary"
            className="row-action"
            aria-label={t('flights.actions.menuNamed', { flight: name })}
          >
            {t('flights.actions.menu')} <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="row-menu" placement="bottom end">
            <Menu
              className="row-menu__list"
              disabledKeys={disabledKeys}
              onAction={(key) => {
                if (key === EDIT) row.onEdit(flight);
                else if (key === PASSENGERS) row.onPassengers(flight);
                else if (isRowAction(key)) row.onAction(key, flight);
              }}
            >
              {row.mayEdit ? (
                <MenuItem id={EDIT} className="row-menu__item">
                  {t('list.edit')}
                </MenuItem>
              ) : null}
              {row.mayOpenPassengers ? (
                <MenuItem id={PASSENGERS} className="row-menu__item">
                  {t('flights.actions.passengerList')}
                </MenuItem>
              ) : null}
              {items.map((item) => (
                <MenuItem
                  key={item.kind}
                  id={item.kind}
                  className={`row-menu__item${item.kind === 'remove' || item.kind === 'removeSequence' ? ' row-menu__item--danger' : ''}`}
                >
                  {actionLabel(t, item.kind)}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      ) : null}
    </div>
  );
}
