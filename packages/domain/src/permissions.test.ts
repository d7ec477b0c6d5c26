import { describe, expect, it } from 'vitest';
import {
  ANYONE,
  accountPickerScope,
  allOf,
  anyOf,
  backOfficeRoles,
  CUSTOMER_ROLES,
  canSeeAccount,
  effectiveRoles,
  hasAdminSiteAccess,
  type PermissionRule,
  ROLE_ACCOUNT_LIST_FREE_EXTENDED,
  ROLE_ACCOUNT_VIRTUAL_LIST_FREE,
  ROLE_ACCOUNTING,
  ROLE_ADMIN,
  rolesForUserType,
  rolesInRule,
  satisfies,
  specialRolesFor,
  type UserType,
} from './permissions.ts';
import { isKnownRole } from './roles.ts';

describe('satisfies', () => {
  it('passes a single-role rule only with that role', () => {
    expect(satisfies(['ROLE_FLIGHT_LIST'], 'ROLE_FLIGHT_LIST')).toBe(true);
    expect(satisfies(['ROLE_FLIGHT_READ'], 'ROLE_FLIGHT_LIST')).toBe(false);
    expect(satisfies([], 'ROLE_FLIGHT_LIST')).toBe(false);
  });

  it('accepts the roles as a set as well as a list', () => {
    expect(satisfies(new Set(['ROLE_FLIGHT_LIST']), 'ROLE_FLIGHT_LIST')).toBe(true);
    expect(satisfies(new Set<string>(), 'ROLE_FLIGHT_LIST')).toBe(false);
  });

  it('passes any-of with one of its roles and fails with none', () => {
    const rule = anyOf('ROLE_FLIGHT_LIST', 'ROLE_FLIGHT_AGENT_FLIGHT_LIST');
    expect(satisfies(['ROLE_FLIGHT_AGENT_FLIGHT_LIST'], rule)).toBe(true);
    expect(satisfies(['ROLE_FLIGHT_READ'], rule)).toBe(false);
  });

  it('passes all-of only with every role', () => {
    const rule = allOf('ROLE_RATE_READ', 'ROLE_RATE_UPDATE');
    expect(satisfies(['ROLE_RATE_READ', 'ROLE_RATE_UPDATE'], rule)).toBe(true);
    expect(satisfies(['ROLE_RATE_READ'], rule)).toBe(false);
  });

  it('fails an empty any-of and passes an empty all-of', () => {
    expect(satisfies(['ROLE_RATE_READ'], anyOf())).toBe(false);
    expect(satisfies([], allOf())).toBe(true);
  });

  it('passes anyone for everybody, even without roles', () => {
    expect(satisfies([], ANYONE)).toBe(true);
  });

  it('evaluates nested rules', () => {
    const rule = allOf(anyOf('A', 'B'), 'C', anyOf(allOf('D', 'E'), 'F'));
    expect(satisfies(['B', 'C', 'F'], rule)).toBe(true);
    expect(satisfies(['A', 'C', 'D', 'E'], rule)).toBe(true);
    expect(satisfies(['A', 'C', 'D'], rule)).toBe(false);
    expect(satisfies(['C', 'F'], rule)).toBe(false);
  });

  it('lets ROLE_ADMIN pass every rule, including all-of and empty any-of', () => {
    const rules: PermissionRule[] = [
      'ROLE_FLIGHT_LIST',
      allOf('ROLE_FLIGHT_COMPANY_READ', 'ROLE_ADMIN'),
      allOf('ROLE_X', allOf('ROLE_Y', 'ROLE_Z')),
      anyOf(),
      ANYONE,
    ];
    for (const rule of rules) expect(satisfies([ROLE_ADMIN], rule), JSON.stringify(rule)).toBe(true);
  });

  it('treats ROLE_ADMIN inside a rule as a role only admins hold', () => {
    const rule = allOf('ROLE_FLIGHT_COMPANY_READ', ROLE_ADMIN);
    expect(satisfies(['ROLE_FLIGHT_COMPANY_READ'], rule)).toBe(false);
  });
});

describe('rolesInRule', () => {
  it('lists every role a rule mentions once, in order of appearance', () => {
    const rule = allOf(anyOf('A', 'B'), 'C', anyOf(allOf('A', 'D'), ANYONE));
    expect(rolesInRule(rule)).toEqual(['A', 'B', 'C', 'D']);
    expect(rolesInRule('ROLE_X')).toEqual(['ROLE_X']);
    expect(rolesInRule(ANYONE)).toEqual([]);
  });
});

describe('effectiveRoles and specialRolesFor', () => {
  it('adds allowed and removes denied special roles from the group roles, sorted and unique', () => {
    expect(effectiveRoles(['ROLE_B', 'ROLE_A', 'ROLE_C'], ['ROLE_D', 'ROLE_A'], ['ROLE_C'])).toEqual([
      'ROLE_A',
      'ROLE_B',
      'ROLE_D',
    ]);
  });

  it('lets a denied role win over the same role allowed', () => {
    expect(effectiveRoles([], ['ROLE_A'], ['ROLE_A'])).toEqual([]);
  });

  it('stores only the difference from the group', () => {
    expect(specialRolesFor(['ROLE_A', 'ROLE_B'], ['ROLE_B', 'ROLE_C'])).toEqual({
      allowedSpecialRoles: ['ROLE_C'],
      deniedSpecialRoles: ['ROLE_A'],
    });
    expect(specialRolesFor(['ROLE_A'], ['ROLE_A'])).toEqual({
      allowedSpecialRoles: [],
      deniedSpecialRoles: [],
    });
  });

  it('round-trips: the stored difference gives back exactly the chosen roles', () => {
    const all = ['ROLE_A', 'ROLE_B', 'ROLE_C', 'ROLE_D', 'ROLE_E'];
    // every pair of subsets of five roles as group and chosen roles
    for (let g = 0; g < 32; g++) {
      for (let c = 0; c < 32; c++) {
        const group = all.filter((_, i) => g & (1 << i));
        const chosen = all.filter((_, i) => c & (1 << i)).reverse();
        const { allowedSpecialRoles, deniedSpecialRoles } = specialRolesFor(group, chosen);
        expect(effectiveRoles(group, allowedSpecialRoles, deniedSpecialRoles)).toEqual([...chosen].sort());
      }
    }
  });
});

describe('hasAdminSiteAccess', () => {
  const cases: [UserType | null, string[], boolean][] = [
    ['manager', [], true],
    ['agent', [], true],
    ['admin', [ROLE_ADMIN], true],
    ['admin', [], false],
    [null, [ROLE_ADMIN], true],
    [null, [], false],
    ['customer', [], false],
    ['customer', [ROLE_ADMIN], false],
  ];
  for (const [type, roles, expected] of cases) {
    it(`${expected ? 'lets in' : 'keeps out'} a user of type ${type} with roles [${roles.join(', ')}]`, () => {
      expect(hasAdminSiteAccess({ type, roles })).toBe(expected);
    });
  }
});

describe('roles of customers', () => {
  it('lists only known roles, none of which opens a back-office page on its own', () => {
    expect(CUSTOMER_ROLES.every((role) => isKnownRole(role))).toBe(true);
    expect(CUSTOMER_ROLES).not.toContain(ROLE_ADMIN);
    expect(CUSTOMER_ROLES).not.toContain('ROLE_FLIGHT_LIST');
    expect(CUSTOMER_ROLES).not.toContain('ROLE_RESERVATION_LIST');
    expect(CUSTOMER_ROLES).not.toContain('ROLE_CUSTOMER_LIST');
  });

  it('names the roles a customer may not hold, each once and sorted', () => {
    expect(
      backOfficeRoles(['ROLE_PAYMENT_DATATRANS', 'ROLE_FLIGHT_LIST', ROLE_ADMIN, 'ROLE_FLIGHT_LIST']),
    ).toEqual([ROLE_ADMIN, 'ROLE_FLIGHT_LIST']);
    expect(backOfficeRoles([...CUSTOMER_ROLES])).toEqual([]);
  });

  it('leaves a customer only the customer roles, whatever they were given, and staff everything', () => {
    const given = [ROLE_ADMIN, 'ROLE_FLIGHT_LIST', 'ROLE_PAYMENT_DATATRANS', 'ROLE_RESERVATION_CANCEL'];
    expect(rolesForUserType('customer', given)).toEqual([
      'ROLE_PAYMENT_DATATRANS',
      'ROLE_RESERVATION_CANCEL',
    ]);
    expect(satisfies(rolesForUserType('customer', given), 'ROLE_FLIGHT_LIST')).toBe(false);
    expect(rolesForUserType('manager', given)).toEqual(given);
    expect(rolesForUserType(null, given)).toEqual(given);
  });
});

describe('account picker', () => {
  it('shows agents and customers to every picker user, nothing else without roles', () => {
    expect(accountPickerScope(['ROLE_ACCOUNT_LIST_FREE'])).toEqual({
      userAccounts: true,
      managerAccounts: false,
      virtualAccounts: false,
    });
    expect(canSeeAccount([], { ownerType: 'agent', isVirtual: false })).toBe(true);
    expect(canSeeAccount([], { ownerType: 'customer', isVirtual: false })).toBe(true);
    expect(canSeeAccount([], { ownerType: 'manager', isVirtual: false })).toBe(false);
    expect(canSeeAccount([], { ownerType: 'admin', isVirtual: false })).toBe(false);
    expect(canSeeAccount([], { ownerType: null, isVirtual: true })).toBe(false);
    expect(canSeeAccount([], { ownerType: null, isVirtual: false })).toBe(false);
  });

  it('shows manager accounts only with the extended free-list role', () => {
    const roles = [ROLE_ACCOUNT_LIST_FREE_EXTENDED];
    expect(accountPickerScope(roles)).toEqual({
      userAccounts: true,
      managerAccounts: true,
      virtualAccounts: false,
    });
    expect(canSeeAccount(roles, { ownerType: 'manager', isVirtual: false })).toBe(true);
    expect(canSeeAccount(roles, { ownerType: null, isVirtual: true })).toBe(false);
  });

  it('shows virtual accounts only with the virtual free-list role', () => {
    const roles = [ROLE_ACCOUNT_VIRTUAL_LIST_FREE];
    expect(accountPickerScope(roles)).toEqual({
      userAccounts: true,
      managerAccounts: false,
      virtualAccounts: true,
    });
    expect(canSeeAccount(roles, { ownerType: null, isVirtual: true })).toBe(true);
    expect(canSeeAccount(roles, { ownerType: 'manager', isVirtual: true })).toBe(true);
    expect(canSeeAccount(roles, { ownerType: 'manager', isVirtual: false })).toBe(false);
  });

  it('shows the accountant and the admin every account', () => {
    const all = { userAccounts: true, managerAccounts: true, virtualAccounts: true };
    expect(accountPickerScope([ROLE_ACCOUNTING])).toEqual(all);
    expect(accountPickerScope([ROLE_ADMIN])).toEqual(all);
    for (const ownerType of ['manager', 'agent', 'customer', 'admin', null] as const) {
      for (const isVirtual of [true, false]) {
        expect(canSeeAccount([ROLE_ACCOUNTING], { ownerType, isVirtual })).toBe(true);
      }
    }
  });
});
