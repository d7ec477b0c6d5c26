import { createHmac } from 'node:crypto';

/**
 * The `s0` part of a `Datatrans-Signature` header: hex HMAC-SHA256 over the timestamp (ms, as
 * decimal text) followed by the raw body, keyed with the hex-decoded sign key. The header is
 * `t={timestampMs},s0={this}`.
 */
export function signWebhookBody(signKey: string, timestampMs: number, rawBody: string): string {
  return createHmac('sha256', Buffer.from(signKey, 'hex')).update(`${timestampMs}${rawBody}`).digest('hex');
}

export function signatureHeader(signKey: string, timestampMs: number, rawBody: string): string {
  return `t=${timestampMs},s0=${signWebhookBody(signKey, timestampMs, rawBody)}`;
}
