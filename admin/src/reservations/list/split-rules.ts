import { canSplitParty } from '@flybook/domain';
import type { Reservation } from '@flybook/schemas';

/** Why a split cannot go, by the catalogue key of its message (spec 02 §5, §8 Split). */
export type SplitProblem = 'noPassenger' | 'onePassenger' | 'infants';

/**
 * The split popup's checks, in the spec's order: a passenger must be chosen, a reservation with one
 * passenger cannot be split, and neither part may end with more infants than adults.
 */
export function splitProblem(
  passengers: readonly Pick<Reservation['passengers'][number], 'id' | 'ageType'>[],
  chosenId: number | null,
): SplitProblem | null {
  if (passengers.length < 2) return 'onePassenger';
  const moved = passengers.find((passenger) => passenger.id === chosenId);
  if (!moved) return 'noPassenger';
  const staying = passengers.filter((passenger) => passenger !== moved);
  return canSplitParty(
    [moved.ageType],
    staying.map((passenger) => passenger.ageType),
  )
    ? null
    : 'infants';
}
