import { describe, expect, it } from 'vitest';
import specRolesByFile from './fixtures/spec-roles.json' with { type: 'json' };
import { isKnownRole, ROLE_CATALOGUE, ROLE_CATEGORIES, roleCategory, roleInfo } from './roles.ts';

/**
 * Every ROLE_ string of the three spec files (spec 01–03), copied into the repository as a fixture so
 * the suite needs nothing beside it. When a spec changes, refresh it from the spec folder with
 * `grep -ohE 'ROLE_[A-Z_]*[A-Z]' <spec>.md | sort -u`.
 */
function rolesInSpecs(): Set<string> {
  const files = Object.keys(specRolesByFile);
  expect(files).toEqual(['01-platform.md', '02-booking.md', '03-back-office.md']);
  return new Set(Object.values(specRolesByFile).flat());
}

// Roles the specs describe without spelling them out, named in the same style.
const DESCRIBED_ROLES = [
  'ROLE_AGENT_READ',
  'ROLE_AGENT_LIST',
  'ROLE_AGENT_CREATE',
  'ROLE_AGENT_UPDATE',
  'ROLE_AGENT_DELETE',
  'ROLE_AGENT_UPDATE_FORM',
  'ROLE_AGENT_IS_ACTIVE',
  'ROLE_AGENT_FEE',
  'ROLE_AGENT_CREDIT_LIMIT',
  'ROLE_AGENT_MARGIN',
  'ROLE_CUSTOMER_READ',
  'ROLE_CUSTOMER_LIST',
  'ROLE_CUSTOMER_CREATE',
  'ROLE_CUSTOMER_UPDATE',
  'ROLE_CUSTOMER_DELETE',
  'ROLE_CUSTOMER_IS_ACTIVE',
  'ROLE_MANAGER_DELETE',
  'ROLE_AIRCRAFT_TEMPLATE_LIST',
  'ROLE_AIRCRAFT_TEMPLATE_READ',
  'ROLE_AIRCRAFT_TEMPLATE_DELETE',
  'ROLE_FLIGHT_COMPANY_UPDATE',
  'ROLE_FLIGHT_COMPANY_DELETE',
  'ROLE_FLIGHT_READ_COST_PER_SEAT',
  'ROLE_FLIGHT_CREATE_COST_PER_SEAT',
  'ROLE_FLIGHT_UPDATE_COST_PER_SEAT',
  'ROLE_FLIGHT_READ_SEAT_NUMBER',
  'ROLE_FLIGHT_CREATE_SEAT_NUMBER',
  'ROLE_FLIGHT_UPDATE_SEAT_NUMBER',
  'ROLE_TARIFF_GROUP_LIST',
  'ROLE_RATE_DELETE',
  'ROLE_RESERVATION_OPTION_LIST',
  'ROLE_RESERVATION_CREATE',
  'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_CASH',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_BANK',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_TRANSFER',
  'ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT',
  'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
  'ROLE_RESERVATION_PAYMENT_TERMS_LATER_NEAR_DEPARTURE',
  'ROLE_RESERVATION_SMS',
  'ROLE_RESERVATION_HIDE_PRICE',
  'ROLE_RESERVATION_UPDATE_FEE',
  'ROLE_RESERVATION_SELECT_PASSENGER_USER_EXTENDED',
  'ROLE_RESERVATION_CHECK_SAME_PASSENGERS',
  'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_PREPAID_DEPOSIT',
  'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_SETTLEMENT',
  'ROLE_BALANCE_LOG_RECORD_BASIC_PAYMENT_CHARGE_ACCOUNT',
  'ROLE_BALANCE_LOG_RECORD_ADVANCED_PAYMENT',
  'ROLE_ALLOTMENT_INVOICE_PAY',
  'ROLE_USER_READ',
  'ROLE_USER_UPDATE_ROLES',
  'ROLE_USER_VIRTUAL_ACCOUNTS_UPDATE',
  'ROLE_ACCOUNT_VIRTUAL_LIST',
  'ROLE_ACCOUNTING',
  'ROLE_ENTITY_LOG_LIST',
  'ROLE_PAYMENT_DATATRANS',
];

describe('role catalogue', () => {
  it('contains every role string that appears in the specification', () => {
    const specRoles = rolesInSpecs();
    expect(specRoles.size).toBeGreaterThan(50);
    const missing = [...specRoles].filter((role) => !isKnownRole(role));
    expect(missing).toEqual([]);
  });

  it('contains every role the specification describes without spelling it', () => {
    expect(DESCRIBED_ROLES.filter((role) => !isKnownRole(role))).toEqual([]);
  });

  it('lists each role once, in the ROLE_ style, with a known category, a title and a description', () => {
    const roles = ROLE_CATALOGUE.map((info) => info.role);
    expect(new Set(roles).size).toBe(roles.length);
    for (const info of ROLE_CATALOGUE) {
      expect(info.role).toMatch(/^ROLE_[A-Z]+(?:_[A-Z]+)*$/);
      expect(ROLE_CATEGORIES).toContain(info.category);
      expect(info.title.trim(), info.role).not.toBe('');
      expect(info.description.trim(), info.role).not.toBe('');
    }
  });

  it('uses exactly the categories of the permissions page and fills each of them', () => {
    expect([...ROLE_CATEGORIES]).toEqual([
      'account',
      'agent',
      'aircraft template',
      'allotment',
      'customer',
      'entity log',
      'flight',
      'flight company',
      'manager',
      'passenger',
      'payment',
      'rate',
      'reservation',
      'reservation list',
      'tariff',
      'transaction',
      'user',
    ]);
    for (const category of ROLE_CATEGORIES) {
      expect(
        ROLE_CATALOGUE.some((info) => info.category === category),
        category,
      ).toBe(true);
    }
  });

  it('files roles under the category of their subject', () => {
    expect(roleCategory('ROLE_FLIGHT_LIST')).toBe('flight');
    expect(roleCategory('ROLE_FLIGHT_COMPANY_LIST')).toBe('flight company');
    expect(roleCategory('ROLE_FLIGHT_PASSENGER_MARKING')).toBe('passenger');
    expect(roleCategory('ROLE_BALANCE_LOG_RECORD_LIST')).toBe('transaction');
    expect(roleCategory('ROLE_ENTITY_LOG_LIST')).toBe('entity log');
    expect(roleCategory('ROLE_AIRCRAFT_TEMPLATE_LIST')).toBe('aircraft template');
    expect(roleCategory('ROLE_RESERVATION_LIST')).toBe('reservation list');
    expect(roleCategory('ROLE_RESERVATION_UPDATE')).toBe('reservation');
  });

  it('reports roles outside the catalogue as unknown', () => {
    expect(roleCategory('ROLE_DOES_NOT_EXIST')).toBe('unknown');
    expect(roleInfo('ROLE_DOES_NOT_EXIST')).toBeUndefined();
    expect(isKnownRole('ROLE_DOES_NOT_EXIST')).toBe(false);
  });

  it('describes a known role', () => {
    expect(roleInfo('ROLE_ADMIN')).toMatchObject({
      role: 'ROLE_ADMIN',
      category: 'user',
      title: 'Administrator',
    });
  });
});
