import { ROLE_CATALOGUE } from '@flybook/domain';
import type { LocalizedText } from '../db/schema/users.ts';

const all = ROLE_CATALOGUE.map((info) => info.role);

// Roles only staff who run the system should hold, or that belong to the agents' own views.
const NOT_FOR_MANAGERS = new Set([
  'ROLE_ADMIN',
  'ROLE_ACCOUNTING',
  'ROLE_USER_LIST',
  'ROLE_USER_READ',
  'ROLE_USER_UPDATE_ROLES',
  'ROLE_USER_VIRTUAL_ACCOUNTS_UPDATE',
  'ROLE_ENTITY_LOG_LIST',
  'ROLE_MANAGER_DELETE',
  // Fleet master data: editing airline companies is admin-only in the spec, and templates with them.
  'ROLE_FLIGHT_COMPANY_UPDATE',
  'ROLE_FLIGHT_COMPANY_DELETE',
  'ROLE_AIRCRAFT_TEMPLATE_CREATE',
  'ROLE_AIRCRAFT_TEMPLATE_UPDATE',
  'ROLE_AIRCRAFT_TEMPLATE_DELETE',
  'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
  'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
  'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
  'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
  'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
]);

// Agents book, pay and print their own reservations only (the services check ownership): the
// payment page needs ROLE_RESERVATION_INVOICE_ADD_PAYMENT and ROLE_ACCOUNT_LIST_PAYMENT (spec 02 §6),
// and of the methods only their own account and the card (docs/payments.md, "Agents").
const AGENT_ROLES = [
  'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
  'ROLE_ALLOTMENT_AGENT_ALLOTMENT_LIST',
  'ROLE_ALLOTMENT_INVOICE_READ',
  'ROLE_ACCOUNT_LIST_PAYMENT',
  'ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST',
  'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
  'ROLE_RESERVATION_CREATE',
  'ROLE_RESERVATION_READ',
  'ROLE_RESERVATION_SNAPSHOT_LIST',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
  'ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID',
  'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
  'ROLE_TARIFF_GROUP_LIST',
  'ROLE_PAYMENT_DATATRANS',
];

const CUSTOMER_ROLES = ['ROLE_BALANCE_LOG_RECORD_USER_RECORDS_LIST', 'ROLE_PAYMENT_DATATRANS'];

const ACCOUNTING_ROLES = [
  'ROLE_ACCOUNTING',
  'ROLE_ENTITY_LOG_LIST',
  'ROLE_USER_READ_ACCOUNT',
  'ROLE_AGENT_LIST',
  'ROLE_AGENT_READ',
  'ROLE_CUSTOMER_LIST',
  'ROLE_CUSTOMER_READ',
  'ROLE_FLIGHT_LIST',
  'ROLE_FLIGHT_READ',
  'ROLE_FLIGHT_READ_TURNOVER_INFO',
  'ROLE_RESERVATION_LIST',
  'ROLE_RESERVATION_READ',
  ...all.filter(
    (role) =>
      role.startsWith('ROLE_ACCOUNT_') ||
      role.startsWith('ROLE_RESERVATION_INVOICE_') ||
      role.startsWith('ROLE_ALLOTMENT_INVOICE_') ||
      (role.startsWith('ROLE_BALANCE_LOG_RECORD_') && !NOT_FOR_MANAGERS.has(role)) ||
      role === 'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
  ),
  'ROLE_ALLOTMENT_LIST',
];

const title = (en: string, de: string, fr: string, sq: string): LocalizedText => ({ en, de, fr, sq });

/** The permission groups a new installation starts with; admins change them per user later. */
export const GROUPS: {
  code: string;
  title: LocalizedText;
  roles: string[];
  virtualAccountCodes: string[] | 'all';
}[] = [
  {
    code: 'admin',
    title: title('Admin', 'Administrator', 'Administrateur', 'Administrator'),
    roles: ['ROLE_ADMIN'],
    virtualAccountCodes: 'all',
  },
  {
    code: 'manager',
    title: title('Manager', 'Mitarbeitende', 'Employé', 'Punonjës'),
    roles: all.filter((role) => !NOT_FOR_MANAGERS.has(role)),
    virtualAccountCodes: ['CASH_ZRH', 'CASH_PRN', 'CASH_SKP', 'BANK_EC', 'TRANSFER'],
  },
  {
    code: 'agent',
    title: title('Agent', 'Reisebüro', 'Agence', 'Agjenci'),
    roles: AGENT_ROLES,
    virtualAccountCodes: [],
  },
  {
    code: 'customer',
    title: title('Customer', 'Kunde', 'Client', 'Klient'),
    roles: CUSTOMER_ROLES,
    virtualAccountCodes: [],
  },
  {
    code: 'accounting',
    title: title('Accounting', 'Buchhaltung', 'Comptabilité', 'Kontabilitet'),
    roles: [...new Set(ACCOUNTING_ROLES)].sort(),
    virtualAccountCodes: 'all',
  },
];
