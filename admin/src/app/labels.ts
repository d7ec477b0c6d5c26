import type { MainMenuEntry } from '@flybook/domain';
import type { TFunction } from 'i18next';

/** Main-menu labels, with literal keys so the catalogue check sees every one. */
export function menuLabels(t: TFunction): Record<MainMenuEntry['section'], string> {
  return {
    ledger: t('menu.ledger'),
    flight: t('menu.flight'),
    reservation: t('menu.reservation'),
    user: t('menu.user'),
    allotment: t('menu.allotment'),
    rate: t('menu.rate'),
    settings: t('menu.settings'),
  };
}

/** The label of a section tab, by the `labelKey` that @flybook/domain's SECTION_TABS gives it. */
export function tabLabel(t: TFunction, labelKey: string): string {
  switch (labelKey) {
    case 'ledger.tabs.balanceLog':
      return t('ledger.tabs.balanceLog');
    case 'ledger.tabs.newTransaction':
      return t('ledger.tabs.newTransaction');
    case 'flights.tabs.flights':
      return t('flights.tabs.flights');
    case 'flights.tabs.airlineCompanies':
      return t('flights.tabs.airlineCompanies');
    case 'flights.tabs.cancelledFlights':
      return t('flights.tabs.cancelledFlights');
    case 'flights.tabs.aircraftTemplates':
      return t('flights.tabs.aircraftTemplates');
    case 'reservations.tabs.reservations':
      return t('reservations.tabs.reservations');
    case 'reservations.tabs.invoiceOverview':
      return t('reservations.tabs.invoiceOverview');
    case 'users.tabs.managers':
      return t('users.tabs.managers');
    case 'users.tabs.agents':
      return t('users.tabs.agents');
    case 'users.tabs.customers':
      return t('users.tabs.customers');
    case 'allotments.tabs.allotments':
      return t('allotments.tabs.allotments');
    case 'allotments.tabs.allotmentInvoices':
      return t('allotments.tabs.allotmentInvoices');
    case 'rates.tabs.rates':
      return t('rates.tabs.rates');
    case 'rates.tabs.options':
      return t('rates.tabs.options');
    case 'settings.tabs.myAccount':
      return t('settings.tabs.myAccount');
    case 'settings.tabs.entityLog':
      return t('settings.tabs.entityLog');
    case 'settings.tabs.permissions':
      return t('settings.tabs.permissions');
    case 'settings.tabs.messages':
      return t('settings.tabs.messages');
    default:
      return labelKey;
  }
}
