// Lookups are reference data with no rules of their own: their routes read the repository, and
// other modules read them through here (docs/architecture.md), never through the repository.
export { countryNameOf, listTariffGroups, listTariffs } from './lookups.repository.ts';
