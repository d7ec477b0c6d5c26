import { invalidProperty } from './errors.ts';

/** Request bodies of the server-to-server API, checked by hand so each error names its property. */

export const LANGUAGES = ['de', 'en', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface RedirectUrls {
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
}

export interface InitRequest {
  currency: 'CHF';
  refno: string;
  amount: number;
  redirect: RedirectUrls;
  webhookUrl: string | undefined;
  autoSettle: boolean;
  language: Language | undefined;
}

export interface AmountRequest {
  amount: number;
  currency: 'CHF';
  refno: string;
}

export interface CancelRequest {
  refno: string;
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireFields(value: unknown, property: string): Fields {
  if (!isFields(value)) throw invalidProperty(property, 'must be a JSON object');
  return value;
}

function readRefno(body: Fields): string {
  const { refno } = body;
  if (typeof refno !== 'string' || refno.length < 1 || refno.length > 20) {
    throw invalidProperty('refno', 'must be a string of 1 to 20 characters');
  }
  return refno;
}

function readAmount(body: Fields): number {
  const { amount } = body;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw invalidProperty('amount', 'must be a positive integer in minor units (Rappen)');
  }
  return amount;
}

function readCurrency(body: Fields): 'CHF' {
  const { currency } = body;
  if (currency !== 'CHF')
    throw invalidProperty('currency', 'must be CHF, the only currency of this merchant');
  return currency;
}

function readAbsoluteUrl(value: unknown, property: string): string {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw invalidProperty(property, 'must be an absolute URL');
  }
  const { protocol } = new URL(value);
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw invalidProperty(property, 'must be an http or https URL');
  }
  return value;
}

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The body of `POST /v1/transactions`; properties the sim does not know are ignored, as Datatrans does. */
export function parseInitRequest(value: unknown): InitRequest {
  const body = requireFields(value, 'body');
  const currency = readCurrency(body);
  const refno = readRefno(body);
  const amount = readAmount(body);
  if (body.redirect === undefined) throw invalidProperty('redirect', 'is required');
  const redirect = requireFields(body.redirect, 'redirect');
  const redirectUrls: RedirectUrls = {
    successUrl: readAbsoluteUrl(redirect.successUrl, 'redirect.successUrl'),
    cancelUrl: readAbsoluteUrl(redirect.cancelUrl, 'redirect.cancelUrl'),
    errorUrl: readAbsoluteUrl(redirect.errorUrl, 'redirect.errorUrl'),
  };
  let webhookUrl: string | undefined;
  if (body.webhook !== undefined) {
    webhookUrl = readAbsoluteUrl(requireFields(body.webhook, 'webhook').url, 'webhook.url');
  }
  if (body.autoSettle !== undefined && typeof body.autoSettle !== 'boolean') {
    throw invalidProperty('autoSettle', 'must be a boolean');
  }
  if (body.language !== undefined && !isLanguage(body.language)) {
    throw invalidProperty('language', `must be one of ${LANGUAGES.join(', ')}`);
  }
  return {
    currency,
    refno,
    amount,
    redirect: redirectUrls,
    webhookUrl,
    autoSettle: body.autoSettle ?? false,
    language: body.language,
  };
}

/** The body of settle and credit. */
export function parseAmountRequest(value: unknown): AmountRequest {
  const body = requireFields(value, 'body');
  return { amount: readAmount(body), currency: readCurrency(body), refno: readRefno(body) };
}

/** The body of cancel. */
export function parseCancelRequest(value: unknown): CancelRequest {
  return { refno: readRefno(requireFields(value, 'body')) };
}
