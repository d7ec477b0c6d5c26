import { isMoneyAmount, type MoneyLocale, toRappen } from '@flybook/domain';
import { formatMoney } from '@flybook/locales/format';

/** An amount either in CHF as the API sends it (19.99) or in integer Rappen (1999). */
export type MoneyProps = ({ chf: number; rappen?: never } | { rappen: number; chf?: never }) & {
  locale: MoneyLocale;
  className?: string;
  /** A change: positive values get a plus sign ("CHF +29.90"). */
  signed?: boolean;
};

function rappenOf(props: MoneyProps): number {
  if (props.rappen !== undefined) return props.rappen;
  // A malformed wire amount must not break the page: it is shown rounded to the Rappen instead.
  return isMoneyAmount(props.chf) ? toRappen(props.chf) : Math.round(props.chf * 100);
}

/**
 * A CHF amount formatted for the interface language by `@flybook/locales/format` ("CHF 1'234.50" in
 * de, fr and sq, "CHF 1,234.50" in en). Negative amounts get a modifier class so a stylesheet can
 * colour them.
 */
export function Money(props: MoneyProps) {
  const rappen = rappenOf(props);
  const classes = ['fb-money', rappen < 0 ? 'fb-money--negative' : null, props.className]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes}>{formatMoney(rappen, props.locale, { signed: props.signed ?? false })}</span>
  );
}
