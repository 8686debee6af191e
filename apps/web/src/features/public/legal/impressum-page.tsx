import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Prose } from '../../../components/ui/prose';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { AddressLines, ContactLines, OperatorBlock, contentResponsibleName } from './legal-parts';

/** /impressum: provider identification per § 5 DDG and § 18 Abs. 2 MStV. */
export function ImpressumPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Impressum',
    `Impressum von ${settings.shopName}: Anbieterangaben nach § 5 DDG mit Anschrift, Kontakt und Verantwortlichen für den Regionalladen in ${settings.address.ort}.`,
    settings.shopName,
  );
  const legal = settings.legal;
  const vatId = legal.vatId.trim();
  const registerEntry = legal.registerEntry.trim();

  return (
    <>
      <PageHeader title="Impressum">
        <p>Anbieterkennzeichnung und rechtliche Hinweise zu dieser Website.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Prose>
          <h2>Angaben gemäß § 5 DDG</h2>
          <OperatorBlock settings={settings} />

          <h2>Kontakt</h2>
          <ContactLines settings={settings} />
          <p>
            Du kannst uns auch über unser <Link to="/kontakt">Kontaktformular</Link> schreiben.
          </p>

          {(vatId || registerEntry) && (
            <>
              <h2>Steuer- und Registerangaben</h2>
              {vatId && <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: {vatId}</p>}
              {registerEntry && <p>Registereintrag: {registerEntry}</p>}
            </>
          )}

          <h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
          <p>
            {contentResponsibleName(settings)}
            <br />
            <AddressLines settings={settings} />
          </p>

          <h2>EU-Streitschlichtung</h2>
          <p>
            Die Plattform der Europäischen Kommission zur Online-Streitbeilegung (OS-Plattform)
            wurde zum 20. Juli 2025 eingestellt. Ein Link auf diese Plattform entfällt deshalb.
          </p>

          <h2>Verbraucherstreitbeilegung</h2>
          <p>
            Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
            Verbraucherschlichtungsstelle teilzunehmen (§ 36 Verbraucherstreitbeilegungsgesetz).
          </p>

          <h2>Haftung für Inhalte</h2>
          <p>
            Wir erstellen die Inhalte dieser Website mit größtmöglicher Sorgfalt und sind für eigene
            Inhalte nach den allgemeinen Gesetzen verantwortlich. Für die Richtigkeit,
            Vollständigkeit und Aktualität können wir dennoch keine Gewähr übernehmen. Fremde
            Informationen, die wir lediglich übermitteln oder speichern, müssen wir nicht allgemein
            überwachen oder nach Umständen forschen, die auf eine rechtswidrige Tätigkeit hinweisen.
            Sobald wir von einer konkreten Rechtsverletzung erfahren, entfernen wir den betreffenden
            Inhalt umgehend.
          </p>

          <h3>Profile der Direktvermarkter</h3>
          <p>
            Die Direktvermarkter, die in unserem Laden verkaufen, gestalten ihre Profile auf dieser
            Website selbst. Für Texte, Bilder und Produktangaben in diesen Profilen ist der
            jeweilige Direktvermarkter verantwortlich. Fällt dir dort ein fehlerhafter oder
            rechtswidriger Inhalt auf, gib uns bitte über das{' '}
            <Link to="/kontakt">Kontaktformular</Link> Bescheid – wir kümmern uns umgehend darum.
          </p>

          <h2>Haftung für Links</h2>
          <p>
            Unsere Website enthält Links zu Websites Dritter, etwa zu unseren Auftritten in sozialen
            Netzwerken. Auf deren Inhalte haben wir keinen Einfluss; dafür ist stets der jeweilige
            Anbieter verantwortlich. Beim Setzen der Links waren keine Rechtsverstöße erkennbar.
            Werden uns Rechtsverletzungen bekannt, entfernen wir solche Links umgehend.
          </p>

          <h2>Urheberrecht</h2>
          <p>
            Die Texte, Bilder und Grafiken dieser Website unterliegen dem deutschen Urheberrecht.
            Vervielfältigung, Bearbeitung, Verbreitung und jede Verwertung außerhalb der Grenzen des
            Urheberrechts bedürfen der schriftlichen Zustimmung des jeweiligen Rechteinhabers.
            Inhalte Dritter sind als solche gekennzeichnet; die Quelle der Kartendaten steht jeweils
            direkt an der Karte. Solltest du dennoch auf eine Urheberrechtsverletzung aufmerksam
            werden, bitten wir um einen Hinweis.
          </p>
        </Prose>
      </div>
    </>
  );
}
