import type { Tx } from '../db/client.ts';
import { flightCompanies, options, ratePrices, rates } from '../db/schema/index.ts';
import type { LocalizedText } from '../db/schema/users.ts';

const text = (en: string, de: string, fr: string, sq: string): LocalizedText => ({ en, de, fr, sq });

/** Per tariff 1–4: adult one-way price, round-trip price per direction, fees (Rappen). */
function priceList(base: number) {
  const step = [0, 4000, 9000, 25000];
  return step.map((extra, index) => ({
    tariffId: index + 1,
    priceStandard: base + extra,
    priceRound: base + extra - 2000,
    priceChildPercent: '75.00',
    priceInfantPercent: '10.00',
    airportFee: 3510,
    fuelFee: 1205,
  }));
}

/** Airlines, rates and options for the demo installation (FLYBOOK_DEMO). */
export async function seedDemoCatalogue(tx: Tx) {
  await tx.insert(flightCompanies).values([
    { name: 'Flybook Air', code: 'FB' },
    { name: 'Adria Charter', code: 'AQ' },
  ]);
  for (const [name, base] of [
    ['Balkan summer', 19995],
    ['Balkan winter', 14995],
  ] as const) {
    const [rate] = await tx.insert(rates).values({ name }).returning({ id: rates.id });
    await tx.insert(ratePrices).values(priceList(base).map((price) => ({ ...price, rateId: rate!.id })));
  }
  await tx.insert(options).values([
    {
      code: 'BAG23',
      typeId: 1,
      title: text(
        'Checked bag 23 kg',
        'Aufgabegepäck 23 kg',
        'Bagage en soute 23 kg',
        'Bagazh i regjistruar 23 kg',
      ),
      description: text(
        'One extra checked bag of up to 23 kg per direction.',
        'Ein zusätzliches Gepäckstück bis 23 kg pro Richtung.',
        'Un bagage supplémentaire jusqu’à 23 kg par trajet.',
        'Një bagazh shtesë deri në 23 kg për drejtim.',
      ),
      price: 4000,
    },
    {
      code: 'MEAL',
      typeId: 1,
      title: text('Hot meal', 'Warme Mahlzeit', 'Repas chaud', 'Vakt i ngrohtë'),
      description: text(
        'A hot meal with a drink on board.',
        'Eine warme Mahlzeit mit Getränk an Bord.',
        'Un repas chaud avec boisson à bord.',
        'Një vakt i ngrohtë me pije në bord.',
      ),
      price: 1800,
    },
    {
      code: 'INSURANCE',
      typeId: 2,
      title: text('Travel insurance', 'Reiseversicherung', 'Assurance voyage', 'Sigurim udhëtimi'),
      description: text(
        'Cancellation and medical cover for the whole trip.',
        'Annullierungs- und Heilungskostenschutz für die ganze Reise.',
        'Couverture annulation et frais médicaux pour tout le voyage.',
        'Mbulim anulimi dhe shpenzimesh mjekësore për gjithë udhëtimin.',
      ),
      price: 2900,
    },
  ]);
}
