// Für die Steuerberatung: the document list (CSV) and the DATEV file of a period, by service
// month or document date.
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lastFullMonth, useDownload, DownloadError } from './revenue-shared';

export function ExportsSection() {
  const fromId = useId();
  const toId = useId();
  const lastMonth = lastFullMonth();
  const [from, setFrom] = useState(`${lastMonth}-01`);
  const [to, setTo] = useState(monthEnd(`${lastMonth}-01`));
  const [nach, setNach] = useState<'leistungsmonat' | 'belegdatum'>('leistungsmonat');
  const nachId = useId();
  const { error, download } = useDownload();
  const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return (
    <section aria-labelledby="steuerberatung" className="rounded-xl bg-white p-4">
      <h2 id="steuerberatung" className="text-xl font-bold">
        Für die Steuerberatung
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Alle Rechnungszeilen der Leistungsmonate (oder Belegdaten) eines Zeitraums (Datum, Nummer,
        Leistungsmonat, Direktvermarkter, Text, netto, Satz, Steuer, brutto) und der
        DATEV-Buchungsstapel nach Belegdatum: Rechnungen, Verrechnungen mit den Verkäufen und
        Erstattungen, mit den Konten aus Einstellungen → Abrechnung.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fromId} className="mb-1 block text-sm font-semibold">
            Von
          </label>
          <input
            id={fromId}
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className="rounded-lg border border-gray-400 bg-white px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={toId} className="mb-1 block text-sm font-semibold">
            Bis
          </label>
          <input
            id={toId}
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className="rounded-lg border border-gray-400 bg-white px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={nachId} className="mb-1 block text-sm font-semibold">
            Belegliste nach
          </label>
          <select
            id={nachId}
            value={nach}
            onChange={(event) =>
              setNach(event.target.value === 'belegdatum' ? 'belegdatum' : 'leistungsmonat')
            }
            className="rounded-lg border border-gray-400 bg-white px-3 py-2.5"
          >
            <option value="leistungsmonat">Leistungsmonat</option>
            <option value="belegdatum">Belegdatum</option>
          </select>
        </div>
        <Button
          variant="secondary"
          onClick={() =>
            download(
              `/admin/exports/documents.csv?${query}&nach=${nach}`,
              `belege-${nach}-${from}-${to}.csv`,
            )
          }
        >
          Belegliste (CSV)
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            download(`/admin/exports/datev?${query}`, `EXTF_Buchungsstapel_${from}_${to}.csv`)
          }
        >
          DATEV-Export
        </Button>
      </div>
      <DownloadError error={error} />
    </section>
  );
}

/** A bar chart of the shop's income (commission and rent) per month. */
