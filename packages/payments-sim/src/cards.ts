/** Card numbers the payment page knows; any other number is declined too. */
export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
} as const;

export type PaymentMethod = 'VIS' | 'ECA';

/** Digits only, so `4242 4242 4242 4242` is the success card; undefined when it cannot be a card number. */
export function normalizeCardNumber(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : undefined;
}

/** Mastercard ranges start with 5 or 2; everything else counts as Visa here. */
export function paymentMethodOf(cardNumber: string): PaymentMethod {
  return /^(?:5[1-5]|2[2-7])/.test(cardNumber) ? 'ECA' : 'VIS';
}

/** Datatrans' masking: first six and last four digits, `x` between (`424242xxxxxx4242`). */
export function maskCardNumber(cardNumber: string): string {
  return `${cardNumber.slice(0, 6)}${'x'.repeat(cardNumber.length - 10)}${cardNumber.slice(-4)}`;
}
