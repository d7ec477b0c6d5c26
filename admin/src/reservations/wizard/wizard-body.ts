import { draftChoices } from '@flybook/domain';
import type { ReservationBody } from '@flybook/schemas';
import type { Draft } from './wizard-model.ts';
import { readChf, type WizardAccess, type WizardMode } from './wizard-rules.ts';

/**
 * The create or update payload of a draft (spec 02 §3). Options and seats name their passenger by
 * position, in the draft as on the wire. Staff fields go only with their roles (the server refuses them otherwise): owner,
 * deadline, specific price, update fee, hidden price, comment; the account password only when an
 * account is to be created.
 */
export function reservationBody(draft: Draft, access: WizardAccess, mode: WizardMode): ReservationBody {
  const { billing, payment } = draft;
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const specificPrice = access.specificPrice ? readChf(payment.specificPrice) : null;
  // While editing, an emptied fee field removes the change fee; without the role the fee is left out
  // and the server keeps it.
  const updateFee =
    mode === 'edit' && access.updateFee
      ? payment.updateFee.trim() === ''
        ? 0
        : readChf(payment.updateFee)
      : null;
  // A change keeps the contact's consents even for a user who may not set them.
  const flags = access.informationFlags || mode === 'edit';
  const createAccount = billing.isCreateAccount && access.createAccount && mode === 'new';
  return {
    ...draftChoices(draft),
    passengers: draft.passengers.map((passenger) => ({
      ...(passenger.id === undefined ? {} : { id: passenger.id }),
      salutation: passenger.salutation,
      firstName: passenger.firstName.trim(),
      lastName: passenger.lastName.trim(),
      gender: passenger.gender === 'female' ? 'female' : 'male',
      ageType: passenger.ageType,
      birthday: passenger.birthday,
    })),
    billingInformation: {
      salutation: billing.salutation === 'mrs' ? 'mrs' : 'mr',
      company: optional(billing.company),
      firstName: billing.firstName.trim(),
      lastName: billing.lastName.trim(),
      email: billing.email.trim(),
      street: billing.street.trim(),
      zip: billing.zip.trim(),
      city: billing.city.trim(),
      country: billing.country,
      birthday: billing.birthday,
      phoneMobile: billing.phoneMobile.trim(),
      phoneNumberFirst: optional(billing.phoneNumberFirst),
      phoneNumberSecond: optional(billing.phoneNumberSecond),
      language: billing.language,
      isBankInformation: flags && billing.isBankInformation,
      isBookingInformation: flags && billing.isBookingInformation,
      isPostInformation: flags && billing.isPostInformation,
      isCreateAccount: createAccount,
      ...(createAccount ? { password: billing.password, passwordConfirm: billing.passwordConfirm } : {}),
    },
    paymentTerms: payment.terms,
    ...(draft.owner && mode === 'new' && (access.pickAgents || access.pickCustomers)
      ? { owner: { id: draft.owner.id } }
      : {}),
    ...(payment.terms === 'bill' && access.termsBill && payment.deadline
      ? { paymentDeadline: payment.deadline }
      : {}),
    ...(specificPrice === null
      ? { isSpecificPrice: false }
      : { isSpecificPrice: true, total: specificPrice }),
    ...(updateFee !== null ? { updateFee } : {}),
    priceNeedsToBeHidden: access.hidePrice && payment.hidePrice,
    ...(access.comment ? { comment: payment.comment.trim() } : {}),
  };
}
