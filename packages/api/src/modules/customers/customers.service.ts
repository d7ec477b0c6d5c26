import { checkPhone, satisfies, toChf } from '@flybook/domain';
import {
  type ApiErrorItem,
  type CreateCustomerBody,
  type Customer,
  type CustomerListQuery,
  ERROR_MESSAGES,
  SALUTATIONS,
  type UpdateCustomerBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange } from '../../platform/entity-log.ts';
import { hashPassword } from '../../platform/secrets.ts';
import { isForeignKeyViolation, transactionUnique } from '../../platform/sql.ts';
import type { PasswordAttempts } from '../auth/password-attempts.ts';
import { newPasswordErrors } from '../auth/password-rule.ts';
import { defaultMessageSettings, notifyAccountCreated } from '../messages/notify.ts';
import { checkCurrentPassword } from '../users/user-profile.ts';
import { createUserWithAccount } from '../users/users.service.ts';
import * as repo from './customers.repository.ts';

type CreateBody = z.output<typeof CreateCustomerBody>;
type UpdateBody = z.output<typeof UpdateCustomerBody>;
type Country = NonNullable<Awaited<ReturnType<typeof repo.findCountry>>>;

const PHONE_FIELDS = ['phoneMobile', 'phoneNumberFirst', 'phoneNumberSecond'] as const;

const isSalutation = (value: string | null): value is (typeof SALUTATIONS)[number] =>
  (SALUTATIONS as readonly (string | null)[]).includes(value);

function toCustomer(row: repo.CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    salutation: isSalutation(row.salutation) ? row.salutation : null,
    firstName: row.firstName,
    lastName: row.lastName,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country:
      row.countryId !== null && row.countryCode !== null && row.countryName !== null
        ? { id: row.countryId, code: row.countryCode, name: row.countryName }
        : null,
    language: row.language,
    birthday: row.birthday,
    phoneMobile: row.phoneMobile,
    phoneNumberFirst: row.phoneNumberFirst,
    phoneNumberSecond: row.phoneNumberSecond,
    isActive: row.isActive,
    displayName: row.displayName,
    balance: toChf(row.balance ?? 0),
    accountId: row.accountId,
  };
}

/** The stored form of the customer's fields; the display name follows first and last name. */
function valuesOf(body: CreateBody | UpdateBody, isActive: boolean): repo.CustomerValues {
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  return {
    email: body.email,
    salutation: body.salutation,
    firstName,
    lastName,
    street: body.street.trim(),
    zip: body.zip.trim(),
    city: body.city.trim(),
    countryId: body.country.id,
    language: body.language,
    birthday: body.birthday,
    phoneMobile: body.phoneMobile,
    phoneNumberFirst: body.phoneNumberFirst ?? null,
    phoneNumberSecond: body.phoneNumberSecond ?? null,
    isActive,
    displayName: `${firstName} ${lastName}`,
  };
}

const emailTakenItem = (): ApiErrorItem => ({
  code: 'ERROR_EMAIL_TAKEN',
  message: ERROR_MESSAGES.ERROR_EMAIL_TAKEN ?? 'This e-mail is already in use.',
  field: 'email',
});

/** Staff may change isActive with ROLE_CUSTOMER_IS_ACTIVE; a customer never, not even their own. */
const mayToggleActive = (actor: AuthUser) =>
  actor.type !== 'customer' && satisfies(actor.roles, 'ROLE_CUSTOMER_IS_ACTIVE');

export function createCustomersService(db: Db, attempts: PasswordAttempts) {
  /**
   * Who may see a customer: the customer themself, or staff with the role. A customer asking for
   * anyone else gets 404, as for any id that is not theirs (ids reveal nothing).
   */
  function access(actor: AuthUser, id: number, staffRole: string): 'self' | 'staff' {
    if (actor.type === 'customer') {
      if (actor.id !== id) throw ApiError.notFound('customer', id);
      return 'self';
    }
    if (!satisfies(actor.roles, staffRole)) throw ApiError.forbidden();
    return 'staff';
  }

  async function load(id: number) {
    const row = await repo.findCustomer(db, id);
    if (!row) throw ApiError.notFound('customer', id);
    return row;
  }

  /** Password rule, country, phone rule and e-mail uniqueness: every failing field in one 422. */
  async function checkFields(body: CreateBody | UpdateBody, exceptUserId?: number): Promise<Country> {
    const errors: ApiErrorItem[] = newPasswordErrors(body.password, body.email);
    const country = await repo.findCountry(db, body.country.id);
    if (!country) {
      errors.push({
        code: 'ERROR_NOT_FOUND',
        message: `Not found country ${body.country.id}`,
        field: 'country',
      });
    }
    for (const field of PHONE_FIELDS) {
      const phone = body[field];
      if (!phone) continue;
      const problem = checkPhone(phone, country ? { code: country.code, dialCode: country.dialCode } : null);
      if (problem) errors.push({ ...problem, field });
    }
    if (await repo.emailTaken(db, body.email, exceptUserId)) errors.push(emailTakenItem());
    if (errors.length > 0 || !country) throw new ValidationError(errors);
    return country;
  }

  function refuseActiveChange(actor: AuthUser, wanted: boolean | undefined, current: boolean) {
    if (wanted !== undefined && wanted !== current && !mayToggleActive(actor)) {
      throw new ApiError('ERROR_FORBIDDEN', 403, {
        message: 'Changing isActive needs ROLE_CUSTOMER_IS_ACTIVE',
        field: 'isActive',
      });
    }
  }

  return {
    async list(query: z.output<typeof CustomerListQuery>) {
      const { items, total } = await repo.listCustomers(db, query, query);
      return { items: items.map(toCustomer), total };
    },

    async get(actor: AuthUser, id: number): Promise<Customer> {
      access(actor, id, 'ROLE_CUSTOMER_READ');
      return toCustomer(await load(id));
    },

    async create(actor: AuthUser, body: CreateBody): Promise<Customer> {
      refuseActiveChange(actor, body.isActive, true);
      const country = await checkFields(body);
      const values = valuesOf(body, body.isActive ?? true);
      const id = await transactionUnique(
        db,
        async (tx) => {
          const userId = await createUserWithAccount(tx, {
            email: values.email,
            type: 'customer',
            group: 'customer',
            displayName: values.displayName,
            firstName: values.firstName,
            lastName: values.lastName,
            countryCode: country.code,
            password: body.password,
          });
          await repo.updateCustomer(tx, userId, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'customer',
            entityId: userId,
            operation: 'create',
            changedFields: [...Object.keys(values), 'password'],
          });
          await notifyAccountCreated(tx, defaultMessageSettings(), {
            email: values.email,
            name: values.displayName,
            language: values.language ?? 'en',
            byStaff: true,
          });
          return userId;
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return toCustomer(await load(id));
    },

    /**
     * Staff change any customer; a customer changes their own personal fields, language and
     * password, never isActive (docs/users.md).
     */
    async update(actor: AuthUser, id: number, body: UpdateBody): Promise<Customer> {
      const who = access(actor, id, 'ROLE_CUSTOMER_UPDATE');
      if (body.id !== id) {
        throw new ValidationError([
          { code: 'ERROR_VALIDATION', message: 'Body id differs from the path id', field: 'id' },
        ]);
      }
      const before = await load(id);
      refuseActiveChange(actor, body.isActive, before.isActive);
      if (who === 'self' && (body.password || body.email !== before.email)) {
        await checkCurrentPassword(db, attempts, actor, body.currentPassword);
      }
      await checkFields(body, id);
      const values = valuesOf(body, body.isActive ?? before.isActive);
      const changed = changedFields({ ...before }, values);
      await transactionUnique(
        db,
        async (tx) => {
          await repo.updateCustomer(tx, id, {
            ...values,
            ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          });
          if (body.password) {
            // A new password ends the customer's other sessions; their own edit keeps its session.
            await repo.endSessions(tx, id, who === 'self' ? actor.tokenHash : null);
          }
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'customer',
            entityId: id,
            operation: 'update',
            changedFields: body.password ? [...changed, 'password'] : changed,
          });
        },
        () => new ValidationError([emailTakenItem()]),
      );
      return toCustomer(await load(id));
    },

    /**
     * Deletes a customer nothing refers to. One with reservations or ledger movements is kept
     * (409 ERROR_IN_USE): deactivate them instead (docs/users.md).
     */
    async remove(actor: AuthUser, id: number) {
      const row = await load(id);
      const usage = await repo.usageOf(db, id, row.accountId);
      if (usage.reservations > 0 || usage.ledgerRecords > 0) {
        throw new ApiError('ERROR_IN_USE', 409, {
          message:
            'The customer has reservations or account movements and cannot be deleted; deactivate them instead.',
          params: usage,
        });
      }
      try {
        await db.transaction(async (tx) => {
          await repo.deleteCustomer(tx, id);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'customer',
            entityId: id,
            operation: 'delete',
            changedFields: [],
          });
        });
      } catch (error) {
        // Something booked for them in the meantime, or another record still names them.
        if (isForeignKeyViolation(error)) throw new ApiError('ERROR_IN_USE', 409, { params: usage });
        throw error;
      }
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
