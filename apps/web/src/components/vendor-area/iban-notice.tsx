import { Link } from 'react-router';
import { useOwnProfile } from '../../lib/vendor-area/profile';

/** Where the bank data are entered: the profile page scrolls there (docs/decisions/0045). */
export const BANK_LINK = '/vendor/profile#bankverbindung';
export const BUSINESS_LINK = '/vendor/profile#geschaeftsdaten';

/** Why the IBAN is needed, in the producer's words. */
export const IBAN_WHY =
  'Ohne IBAN können wir dir keine Auszahlung überweisen: Sie wartet, bis deine IBAN hier steht.';

/**
 * On the pages that lead to money (products, statements): when the producer has no IBAN yet,
 * says so and links straight to the bank data.
 */
export function IbanNotice() {
  const profile = useOwnProfile();
  if (!profile.data || profile.data.business.ibanMasked) return null;
  return (
    <p className="mt-4 rounded-lg border-l-4 border-coral-dark bg-white p-3 text-gray-900 shadow-sm">
      Für deine Auszahlungen fehlt noch deine IBAN.{' '}
      <Link to={BANK_LINK} className="font-semibold underline underline-offset-2">
        IBAN jetzt eintragen
      </Link>
    </p>
  );
}
