import { persistentAtom } from '@nanostores/persistent';
import { BOOKING_STORAGE_KEY } from '../lib/storage-keys.ts';
import { type BookingDraft, EMPTY_DRAFT } from './draft.ts';

/** Reads a stored draft; anything unreadable (hand-edited, an older shape) starts a new booking. */
export function decodeDraft(raw: string): BookingDraft {
  try {
    const parsed = JSON.parse(raw) as Partial<BookingDraft> | null;
    if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.passengers))
      return EMPTY_DRAFT;
    return { ...EMPTY_DRAFT, ...parsed };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The booking in progress, kept in browser storage (@nanostores/persistent). */
export const $draft = persistentAtom<BookingDraft>(BOOKING_STORAGE_KEY, EMPTY_DRAFT, {
  encode: JSON.stringify,
  decode: decodeDraft,
});

export const updateDraft = (change: (draft: BookingDraft) => BookingDraft) =>
  $draft.set(change($draft.get()));

/** After the reservation is made the draft goes: the next booking starts afresh (spec 02 §4). */
export const clearDraft = () => $draft.set(EMPTY_DRAFT);
