import { checkPhone } from '@flybook/domain';
import { type ApiErrorItem, ERROR_MESSAGES } from '@flybook/schemas';
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accounts,
  allotments,
  authTokens,
  balanceLogRecords,
  countries,
  reservations,
  users,
} from '../../db/schema/index.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { verifyPassword } from '../../platform/secrets.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import { newPasswordErrors } from '../auth/password-rule.ts';

/**
 * What the profiles of agents, customers and managers share: the row they are read from, the checks of
 * country, phone numbers and e-mail, the current-password check of a self-edit, sessions, and what
 * keeps a user from being deleted. Rules: docs/users.md.
 */

type UserType = 'manager' | 'agent' | 'customer' | 'admin';

/** The columns a profile answer is made of: the user, their country and their ledger account. */
export const profileColumns = {
  id: users.id,
  type: users.type,
  email: users.email,
  salutation: users.salutation,
  company: users.company,
  firstName: users.firstName,
  lastName: users.lastName,
  street: users.street,
  zip: users.zip,
  city: users.city,
  countryId: countries.id,
  countryCode: countries.code,
  countryName: countries.name,
  language: users.language,
  birthday: users.birthday,
  phoneMobile: users.phoneMobile,
  phoneNumberFirst: users.phoneNumberFirst,
  phoneNumberSecond: users.phoneNumberSecond,
  monthlyFee: users.monthlyFee,
  creditLimitTotalAmount: users.creditLimitTotalAmount,
  marginType: users.marginType,
  moneyMargin: users.moneyMargin,
  percentMargin: users.percentMargin,
  isActive: users.isActive,
  displayName: users.displayName,
  accountId: accounts.id,
  balance: accounts.balance,
};

export const selectProfiles = (db: Db | Tx) =>
  db
    .select(profileColumns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(accounts, eq(accounts.ownerUserId, users.id));

/** A user of the given type by id; undefined for unknown ids and for users of another type. */
export const findProfile = async (db: Db | Tx, type: UserType, id: number) =>
  (
    await selectProfiles(db)
      .where(and(eq(users.type, type), eq(users.id, id)))
      .limit(1)
  )[0];

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The country of a profile answer, or null when the user has none. */
export const countryOf = (row: ProfileRow) =>
  row.countryId !== null && row.countryCode !== null && row.countryName !== null
    ? { id: row.countryId, code: row.countryCode, name: row.countryName }
    : null;

export const findCountry = async (db: Db | Tx, id: number) =>
  (await db.select().from(countries).where(eq(countries.id, id)).limit(1))[0];

export type CountryRow = NonNullable<Awaited<ReturnType<typeof findCountry>>>;

/** Whether another user already has this e-mail (compared case-insensitively, as the unique index does). */
export async function emailTaken(db: Db | Tx, email: string, exceptUserId?: number) {
  const same = sql`lower(${users.email}) = lower(${email})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? same : and(same, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export const emailTakenItem = (): ApiErrorItem => ({
  code: 'ERROR_EMAIL_TAKEN',
  message: ERROR_MESSAGES.ERROR_EMAIL_TAKEN ?? 'This e-mail is already in use.',
  field: 'email',
});

export const requiredItem = (field: string): ApiErrorItem => ({
  code: 'ERROR_REQUIRED',
  message: 'This value is required.',
  field,
});

/**
 * The checks a schema cannot make: a new password passes the password rule, the country exists,
 * each phone number fits its dial code's range (read in the profile's country when it has no dial
 * code), the e-mail is free. Answers
 * every problem found, for the caller to add its own and throw them together.
 */
export async function profileProblems(
  db: Db,
  fields: {
    countryId: number;
    email: string;
    phones: Record<string, string | undefined>;
    /** A new password, checked by the password rule against `email`. */
    password?: string | undefined;
  },
  exceptUserId?: number,
): Promise<{ country: CountryRow | undefined; errors: ApiErrorItem[] }> {
  const errors: ApiErrorItem[] = newPasswordErrors(fields.password, fields.email);
  const country = await findCountry(db, fields.countryId);
  if (!country) {
    errors.push({
      code: 'ERROR_NOT_FOUND',
      message: `Not found country ${fields.countryId}`,
      field: 'country',
    });
  }
  for (const [field, phone] of Object.entries(fields.phones)) {
    if (!phone) continue;
    const problem = checkPhone(phone, country ? { code: country.code, dialCode: country.dialCode } : null);
    if (problem) errors.push({ ...problem, field });
  }
  if (await emailTaken(db, fields.email, exceptUserId)) errors.push(emailTakenItem());
  return { country, errors };
}

/** The body of a PUT names the same id as its path. */
export function assertBodyId(bodyId: number, pathId: number) {
  if (bodyId !== pathId) {
    throw new ValidationError([
      { code: 'ERROR_VALIDATION', message: 'Body id differs from the path id', field: 'id' },
    ]);
  }
}

/**
 * A stolen session alone must not take an account over: a user's own change of password or
 * e-mail needs their current password (changes by staff need none). The check is throttled like
 * a login (auth/password-attempts.ts), per account and session: only failures count, and after
 * LOGIN_RATE_MAX of them each further try waits longer (429 with Retry-After).
 */
export async function checkCurrentPassword(
  db: Db,
  attempts: PasswordAttempts,
  actor: Pick<AuthUser, 'id' | 'email' | 'tokenHash'>,
  currentPassword: string | undefined,
) {
  if (!currentPassword) throw new ValidationError([requiredItem('currentPassword')]);
  const ok = await attempts.check(
    { account: actor.email, client: `session:${actor.tokenHash}` },
    async () => {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, actor.id))
        .limit(1);
      return verifyPassword(row?.passwordHash ?? null, currentPassword);
    },
  );
  if (!ok) {
    throw new ValidationError([
      {
        code: 'ERROR_CURRENT_PASSWORD_WRONG',
        message: ERROR_MESSAGES.ERROR_CURRENT_PASSWORD_WRONG ?? 'The current password is not correct.',
        field: 'currentPassword',
      },
    ]);
  }
}

/**
 * 403 for fields the caller may not change: the first names the field, every one is listed in
 * `params.fields` and the roles they need in `params.roles`.
 */
export function forbiddenFields(refused: { field: string; role: string }[], reason?: string): ApiError {
  const fields = refused.map((r) => r.field);
  const roles = [...new Set(refused.map((r) => r.role))];
  return new ApiError('ERROR_FORBIDDEN', 403, {
    message: reason ?? `Changing ${fields.join(', ')} needs ${roles.join(', ')}`,
    field: fields[0]!,
    params: { fields: fields.join(','), roles: roles.join(',') },
  });
}

/** 409: nobody deactivates or deletes the account they are logged in with. */
export const ownAccountConflict = (field?: string) =>
  new ApiError('ERROR_CONFLICT', 409, {
    message: 'You cannot deactivate or delete your own account; ask another manager or an admin.',
    ...(field ? { field } : {}),
  });

/** Ends the user's sessions, all of them or all but the one that made the change. */
export async function endSessions(tx: Tx, userId: number, keepTokenHash: string | null) {
  await tx
    .delete(authTokens)
    .where(
      keepTokenHash === null
        ? eq(authTokens.userId, userId)
        : and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, keepTokenHash)),
    );
}

/** What still refers to a user: reservations they own or made, movements of their account, allotments. */
export async function usageOfUser(db: Db | Tx, id: number, accountId: number | null) {
  const [[booked], [moved], [allotted]] = await Promise.all([
    db
      .select({ total: count() })
      .from(reservations)
      .where(or(eq(reservations.ownerId, id), eq(reservations.reservatorId, id))),
    accountId === null
      ? Promise.resolve([{ total: 0 }])
      : db
          .select({ total: count() })
          .from(balanceLogRecords)
          .where(
            or(
              eq(balanceLogRecords.debitAccountId, accountId),
              eq(balanceLogRecords.creditAccountId, accountId),
            ),
          ),
    db.select({ total: count() }).from(allotments).where(eq(allotments.agentId, id)),
  ]);
  return {
    reservations: booked?.total ?? 0,
    ledgerRecords: moved?.total ?? 0,
    allotments: allotted?.total ?? 0,
  };
}

/** Removes a user of the given type and their (unused) ledger account; sessions and tokens go with them. */
export async function deleteUserWithAccount(tx: Tx, type: UserType, id: number) {
  await tx.delete(accounts).where(eq(accounts.ownerUserId, id));
  await tx.delete(users).where(and(eq(users.type, type), eq(users.id, id)));
}
