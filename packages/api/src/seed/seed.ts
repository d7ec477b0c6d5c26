import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  accounts,
  aircraftTemplates,
  airports,
  countries,
  groups,
  groupVirtualAccounts,
  optionTypes,
  tariffGroups,
  tariffs,
  users,
} from '../db/schema/index.ts';
import { createUserWithAccount } from '../modules/users/users.repository.ts';
import { AIRCRAFT_TEMPLATES } from './aircraft.ts';
import { seedDemoAllotmentInvoice } from './demo-allotments.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoFlights } from './demo-flights.ts';
import { GROUPS } from './groups.ts';
import {
  AIRPORTS,
  COUNTRIES,
  OPTION_TYPES,
  RANKED_COUNTRIES,
  TARIFF_GROUPS,
  TARIFFS,
  VIRTUAL_ACCOUNTS,
} from './reference-data.ts';

export const DEMO_PASSWORD = 'flybook-demo';

/** The demo users printed at start; one per kind of person who uses the system. */
export const DEMO_USERS = [
  {
    email: 'admin@flybook.test',
    type: 'admin',
    group: 'admin',
    displayName: 'Ada Admin',
    firstName: 'Ada',
    lastName: 'Admin',
    countryCode: 'CH',
  },
  {
    email: 'manager@flybook.test',
    type: 'manager',
    group: 'manager',
    displayName: 'Mira Krasniqi',
    firstName: 'Mira',
    lastName: 'Krasniqi',
    countryCode: 'CH',
  },
  {
    email: 'agent@flybook.test',
    type: 'agent',
    group: 'agent',
    displayName: 'Alpen Reisen GmbH',
    firstName: 'Luca',
    lastName: 'Meier',
    countryCode: 'CH',
    company: 'Alpen Reisen GmbH',
    // A complete agency profile, as the agent form requires one (spec 03: margin of its sales).
    profile: {
      salutation: 'mr',
      street: 'Bahnhofplatz 9',
      zip: '8001',
      city: 'Zürich',
      birthday: '1979-06-21',
      phoneMobile: '+41 79 312 45 67',
      marginType: 'percent',
      percentMargin: '5.00',
      moneyMargin: 0,
    },
  },
  {
    email: 'customer@flybook.test',
    type: 'customer',
    group: 'customer',
    displayName: 'Arben Berisha',
    firstName: 'Arben',
    lastName: 'Berisha',
    countryCode: 'KV',
    // A complete customer profile, as the booking's billing form leaves one (account details).
    profile: {
      salutation: 'mr',
      street: 'Rruga Agim Ramadani 15',
      zip: '10000',
      city: 'Prishtinë',
      birthday: '1986-04-12',
      phoneMobile: '+383 44 123 456',
    },
  },
] as const;

async function seedReferenceData(tx: Tx) {
  await tx.insert(countries).values(
    COUNTRIES.map((country) => {
      const rank = RANKED_COUNTRIES.indexOf(country.code);
      return { ...country, sortRank: rank >= 0 ? rank + 1 : null };
    }),
  );
  await tx.insert(airports).values(AIRPORTS);
  await tx.insert(tariffGroups).values(TARIFF_GROUPS);
  await tx.insert(tariffs).values(TARIFFS);
  await tx.insert(optionTypes).values(OPTION_TYPES);
  await tx.insert(aircraftTemplates).values(AIRCRAFT_TEMPLATES);
  const virtual = await tx
    .insert(accounts)
    .values(
      VIRTUAL_ACCOUNTS.map((a) => ({ type: a.type, virtualCode: a.code, virtualKind: a.kind, name: a.name })),
    )
    .returning({ id: accounts.id, code: accounts.virtualCode });
  for (const group of GROUPS) {
    const [row] = await tx
      .insert(groups)
      .values({ code: group.code, title: group.title, roles: group.roles })
      .returning({ id: groups.id });
    const linked = virtual.filter(
      (a) => group.virtualAccountCodes === 'all' || group.virtualAccountCodes.includes(a.code ?? ''),
    );
    if (linked.length > 0) {
      await tx
        .insert(groupVirtualAccounts)
        .values(linked.map((a) => ({ groupId: row!.id, accountId: a.id })));
    }
  }
}

export interface SeedResult {
  referenceData: boolean;
  demoUsers: boolean;
  firstAdmin: string | null;
}

/**
 * Seeds an empty database: reference data always, the four demo users when `demo` is on, and a
 * first admin from FLYBOOK_ADMIN_EMAIL / FLYBOOK_ADMIN_PASSWORD when given (production start).
 */
export async function seedIfEmpty(
  db: Db,
  options: { demo: boolean; admin?: { email: string; password: string } | null },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Instances starting at once on an empty database seed it once: the others wait here, then
    // find it seeded (each statement after the lock sees what the first one committed).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7232)`);
    const result: SeedResult = { referenceData: false, demoUsers: false, firstAdmin: null };
    const [{ countries: countryCount } = { countries: 0 }] = await tx
      .select({ countries: count() })
      .from(countries);
    if (countryCount === 0) {
      await seedReferenceData(tx);
      result.referenceData = true;
    }
    const [{ users: userCount } = { users: 0 }] = await tx.select({ users: count() }).from(users);
    if (userCount > 0) return result;
    if (options.demo) {
      for (const user of DEMO_USERS) {
        const id = await createUserWithAccount(tx, { ...user, password: DEMO_PASSWORD });
        if ('profile' in user) await tx.update(users).set(user.profile).where(eq(users.id, id));
      }
      await seedDemoCatalogue(tx);
      await seedDemoFlights(tx);
      await seedDemoAllotmentInvoice(tx);
      result.demoUsers = true;
    }
    if (options.admin && !DEMO_USERS.some((u) => u.email === options.admin?.email)) {
      await createUserWithAccount(tx, {
        email: options.admin.email,
        type: 'admin',
        group: 'admin',
        displayName: 'Administrator',
        password: options.admin.password,
      });
      result.firstAdmin = options.admin.email;
    }
    return result;
  });
}
