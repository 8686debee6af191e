import { formatEuro } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { payoutStateText } from '@housnkuh/shared/schemas/vendor-payouts';
import { Link } from 'react-router';
import { useVendorPayouts } from '../../../../lib/vendor-area/payouts';
import { BANK_LINK } from '../../../../components/vendor-area/iban-notice';

/**
 * The dashboard's line on the last settled month: sales, deductions, payout and where the
 * payout stands; nothing before the first month is settled.
 */
export function LastMonthMoney() {
  const payouts = useVendorPayouts();
  const last = payouts.data?.months[0];
  if (!last) return null;
  return (
    <section aria-labelledby="money-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="money-title" className="text-lg font-bold">
        Dein Geld im {formatMonth(last.month)}
      </h2>
      <p className="mt-2">
        Verkäufe <strong className="whitespace-nowrap">{formatEuro(last.salesGrossCents)}</strong> ·
        Abzüge <strong className="whitespace-nowrap">{formatEuro(last.deductionsCents)}</strong> ·
        Auszahlung <strong className="whitespace-nowrap">{formatEuro(last.payoutCents)}</strong> ·{' '}
        <span className="font-semibold">{payoutStateText(last)}</span>
      </p>
      <p className="mt-2">
        {last.state === 'missingIban' ? (
          <Link to={BANK_LINK} className="font-semibold underline underline-offset-2">
            IBAN eintragen, damit wir überweisen können
          </Link>
        ) : (
          <Link
            to="/vendor/customer-invoices"
            className="font-semibold underline underline-offset-2"
          >
            Zu den Verkaufsabrechnungen
          </Link>
        )}
      </p>
    </section>
  );
}
