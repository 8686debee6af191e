import {
  COMMISSION_VAT_RATE,
  PACKAGE_OPTIONS,
  commissionModel,
  discountForDuration,
  extraServicePrice,
} from '@housnkuh/shared/catalog';
import { formatEuro, formatPercent } from '@housnkuh/shared/format';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Prose } from '../../../components/ui/prose';
import { usePageMeta } from '../../../lib/page-meta';
import { formatAddress, useSiteSettings } from '../../../lib/site-settings';
import { ContactLines, OperatorBlock } from './legal-parts';

/** Example gross sales for the commission example in § 2: 100,00 €. */
const EXAMPLE_SALES = 10000;

/** Commission and its VAT on the example sales, in cents. */
function exampleCommission(rate: number): { commission: string; vat: string } {
  const commission = Math.round((EXAMPLE_SALES * rate) / 100);
  const vat = Math.round((commission * COMMISSION_VAT_RATE) / 100);
  return { commission: formatEuro(commission), vat: formatEuro(vat) };
}

/** The rents of the catalog as a table (§ 4 Abs. 1). */
function PriceTable() {
  return (
    // scrolls sideways on narrow screens, so it must be reachable by keyboard (axe: scrollable-region-focusable)
    <div
      role="region"
      aria-label="Mietpreise je Monat"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="my-4 overflow-x-auto"
    >
      <table className="w-full border-collapse text-left text-base">
        <caption className="sr-only">Monatliche Mieten der Verkaufsflächen</caption>
        <thead>
          <tr className="border-b-2 border-navy">
            <th scope="col" className="py-2 pr-4">
              Fläche
            </th>
            <th scope="col" className="py-2 pr-4">
              Beschreibung
            </th>
            <th scope="col" className="py-2 text-right">
              Miete pro Monat
            </th>
          </tr>
        </thead>
        <tbody>
          {PACKAGE_OPTIONS.map((option) => (
            <tr key={option.id} className="border-b border-gray-300 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {option.displayName}
              </th>
              <td className="py-2 pr-4">{option.description}</td>
              <td className="py-2 text-right whitespace-nowrap">
                {option.priceDisplay ?? formatEuro(option.price)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /agb: terms for producers renting sales space (version 2.0, April 2025; spec §9). */
export function AgbPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Allgemeine Geschäftsbedingungen für Direktvermarkter',
    `AGB von ${settings.shopName} für Direktvermarkter: Provisionsmodelle, Probemonat, Preise, Abrechnung, Haftung, Laufzeit und Kündigung der Verkaufsflächen.`,
    settings.shopName,
  );

  const basic = commissionModel('basic');
  const premium = commissionModel('premium');
  const basicExample = exampleCommission(basic.rate);
  const premiumExample = exampleCommission(premium.rate);
  const vatRate = formatPercent(COMMISSION_VAT_RATE);
  const discountSix = formatPercent(discountForDuration(6) * 100);
  const discountTwelve = formatPercent(discountForDuration(12) * 100);
  const lagerservicePrice = formatEuro(extraServicePrice('lagerservice'));
  const versandservicePrice = formatEuro(extraServicePrice('versandservice'));

  return (
    <>
      <PageHeader title="Allgemeine Geschäftsbedingungen für Direktvermarkter">
        <p>Version 2.0, Stand: April 2025</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Prose>
          <h2>§ 1 Geltungsbereich und Vertragspartner</h2>
          <ol>
            <li>
              Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge über die
              Anmietung von Verkaufsflächen und die damit verbundenen Leistungen im
              Selbstbedienungsladen „{settings.shopName}“, {formatAddress(settings)}, zwischen dem
              in Absatz 2 genannten Betreiber des Ladens (im Folgenden „Betreiber“) und
              Erzeugerinnen und Erzeugern regionaler Waren (im Folgenden „Direktvermarkter“).
            </li>
            <li>
              Vertragspartner des Direktvermarkters ist:
              <OperatorBlock settings={settings} />
              <ContactLines settings={settings} />
            </li>
            <li>
              Mit der Registrierung und der Auswahl von Verkaufsflächen auf der Website gibt der
              Direktvermarkter eine Buchungsanfrage ab. Vor der Eröffnung des Ladens gilt die
              Registrierung als Vor-Registrierung. Der Betreiber meldet sich innerhalb von 2
              Werktagen nach der Registrierung beim Direktvermarkter. Der Vertrag kommt zustande,
              wenn der Betreiber die Buchungsanfrage annimmt und dem Direktvermarkter die konkreten
              Verkaufsflächen und den Vertragsbeginn in Textform, zum Beispiel per E-Mail,
              bestätigt. Ein Anspruch auf Annahme einer Buchungsanfrage oder auf bestimmte Flächen
              besteht nicht.
            </li>
            <li>
              Abweichende oder ergänzende Geschäftsbedingungen des Direktvermarkters werden nicht
              Vertragsbestandteil, auch wenn der Betreiber ihnen nicht ausdrücklich widerspricht.
              Individuelle Vereinbarungen haben Vorrang vor diesen AGB.
            </li>
            <li>
              Ist der Direktvermarkter Verbraucher im Sinne von § 13 BGB, bleiben zwingende
              gesetzliche Verbraucherschutzvorschriften von diesen AGB unberührt.
            </li>
          </ol>

          <h2>§ 2 Modelle</h2>
          <ol>
            <li>
              Der Direktvermarkter wählt bei der Buchung eines von zwei Provisionsmodellen. Die
              Provision berechnet sich aus dem Bruttoverkaufserlös, also dem Verkaufspreis
              einschließlich Umsatzsteuer, aller über die Kasse des Ladens verkauften Waren des
              Direktvermarkters. Auf die Provision wird zusätzlich die gesetzliche Umsatzsteuer von
              derzeit {vatRate} berechnet.
            </li>
            <li>
              {basic.name}: Die Provision beträgt {formatPercent(basic.rate)} des
              Bruttoverkaufserlöses. Enthalten sind der Verkauf über das Kassensystem des Ladens,
              eine tägliche Verkaufsübersicht und die Gebühren für Kartenzahlungen. Das Warenrisiko,
              insbesondere das Risiko von Diebstahl, trägt der Direktvermarkter (§ 8).
            </li>
            <li>
              {premium.name}: Die Provision beträgt {formatPercent(premium.rate)} des
              Bruttoverkaufserlöses. Zusätzlich zu den Leistungen des {basic.name}s umfasst das{' '}
              {premium.name} einen Diebstahlschutz, bei dem der Betreiber das Diebstahlrisiko nach
              Maßgabe von § 8 Abs. 3 trägt, sowie eine automatisierte Bestandsführung. Nur im{' '}
              {premium.name} können die Zusatzleistungen Lagerservice und Versandservice gebucht
              werden (§ 4 Abs. 4).
            </li>
            <li>
              Beispiel: Bei einem Bruttoverkaufserlös von {formatEuro(EXAMPLE_SALES)} beträgt die
              Provision im {basic.name} {basicExample.commission} zuzüglich {basicExample.vat}{' '}
              Umsatzsteuer, im {premium.name} {premiumExample.commission} zuzüglich{' '}
              {premiumExample.vat} Umsatzsteuer.
            </li>
            <li>
              Ein Wechsel des Modells ist nach Absprache mit dem Betreiber zum Beginn eines
              Kalendermonats möglich. Wechselt der Direktvermarkter vom {premium.name} in das{' '}
              {basic.name}, enden gebuchte Zusatzleistungen zum selben Zeitpunkt.
            </li>
          </ol>

          <h2>§ 3 Probemonat</h2>
          <ol>
            <li>
              Dem Direktvermarkter steht ein kostenloser Probemonat von 30 Tagen zu. Er beginnt mit
              der Eröffnung des Ladens oder mit dem vereinbarten Vertragsbeginn, je nachdem, welcher
              Zeitpunkt später liegt.
            </li>
            <li>
              Während des Probemonats fällt keine Miete für die gebuchten Verkaufsflächen an.
              Zahlungsdaten werden für den Probemonat nicht benötigt.
            </li>
            <li>
              Die Provision nach § 2 ist auch während des Probemonats geschuldet. Sie wird mit den
              Verkaufserlösen verrechnet (§ 5).
            </li>
            <li>
              Der Direktvermarkter kann den Vertrag während des Probemonats jederzeit ohne
              Einhaltung einer Frist in Textform kündigen. Der Vertrag endet dann mit Zugang der
              Kündigung oder zu dem darin genannten späteren Zeitpunkt, spätestens mit Ablauf des
              Probemonats.
            </li>
            <li>
              Kündigt der Direktvermarkter nicht, geht der Vertrag nach Ablauf des Probemonats
              automatisch in die gebuchte, kostenpflichtige Laufzeit über (§ 11).
            </li>
          </ol>

          <h2>§ 4 Preise</h2>
          <ol>
            <li>
              Die monatliche Miete richtet sich nach den gebuchten Verkaufsflächen. Es gelten die
              folgenden Preise je Fläche:
              <PriceTable />
              Den Preis für den Flexiblen Bereich vereinbaren Betreiber und Direktvermarkter im
              Einzelfall in Textform.
            </li>
            <li>
              Alle Preise für Mieten und Zusatzleistungen sind Bruttopreise je Monat einschließlich
              der gesetzlichen Umsatzsteuer. Die Provision und die Umsatzsteuer darauf richten sich
              nach § 2.
            </li>
            <li>
              Bei einer gebuchten Laufzeit von mindestens 6 Monaten gewährt der Betreiber einen
              Rabatt von {discountSix}, bei einer gebuchten Laufzeit von mindestens 12 Monaten einen
              Rabatt von {discountTwelve} auf den monatlichen Gesamtbetrag aus Mieten und
              Zusatzleistungen. Der Rabatt gilt für die gebuchte Laufzeit; auf die Provision wird
              kein Rabatt gewährt.
            </li>
            <li>
              Ausschließlich im {premium.name} können folgende Zusatzleistungen gebucht werden:
              <ul>
                <li>Lagerservice: {lagerservicePrice} pro Monat; Leistungsumfang nach § 9.</li>
                <li>
                  Versandservice: {versandservicePrice} pro Monat; der Betreiber nimmt Pakete für
                  den Direktvermarkter an und verschickt dessen Bestellungen. Porto und
                  Versandmaterial sind darin nicht enthalten, soweit nichts anderes vereinbart ist.
                </li>
              </ul>
            </li>
            <li>
              Beginnt oder endet die kostenpflichtige Laufzeit im Lauf eines Kalendermonats, werden
              Miete und Zusatzleistungen für diesen Monat anteilig nach Tagen berechnet.
            </li>
            <li>
              Miete und Entgelte für Zusatzleistungen sind monatlich zu zahlen. Der Betreiber
              verrechnet sie mit den Verkaufserlösen in der monatlichen Abrechnung (§ 5). Reicht das
              Guthaben des Direktvermarkters dafür nicht aus, stellt der Betreiber den offenen
              Betrag in Rechnung; er ist innerhalb der in der Rechnung genannten Frist zu zahlen.
            </li>
          </ol>

          <h2>§ 5 Rechnungsstellung im Namen und für Rechnung des Direktvermarkters</h2>
          <ol>
            <li>
              Der Direktvermarkter ist Verkäufer seiner Waren. Der Betreiber verkauft die Waren im
              Laden im Namen und für Rechnung des Direktvermarkters; der Kaufvertrag kommt
              ausschließlich zwischen der Kundin oder dem Kunden und dem Direktvermarkter zustande.
              Der Direktvermarkter bevollmächtigt den Betreiber, in seinem Namen Kaufverträge über
              die angebotenen Waren abzuschließen, die Zahlungen entgegenzunehmen und Kassenbelege
              auszustellen.
            </li>
            <li>
              Der Direktvermarkter bestimmt die Verkaufspreise seiner Waren selbst. Er teilt dem
              Betreiber seinen umsatzsteuerlichen Status (zum Beispiel Regelbesteuerung,
              Kleinunternehmerregelung nach § 19 UStG oder Durchschnittssatzbesteuerung nach § 24
              UStG) und die für seine Waren geltenden Steuersätze mit und ist für die Richtigkeit
              dieser Angaben verantwortlich.
            </li>
            <li>
              Die Kundinnen und Kunden bezahlen mit Bankkarte (girocard) oder Kreditkarte. Der
              Betreiber erstellt für jeden Verkauf einen Kassenbeleg im Namen des Direktvermarkters.
              Die Gebühren für Kartenzahlungen sind in der Provision enthalten.
            </li>
            <li>
              Der Betreiber erstellt für jeden Kalendermonat eine Abrechnung über die Verkäufe des
              Direktvermarkters. Er zahlt die Verkaufserlöse abzüglich der Provision einschließlich
              Umsatzsteuer, der Miete und der Entgelte für gebuchte Zusatzleistungen bis zum 15. des
              Folgemonats auf das vom Direktvermarkter angegebene Konto aus. Über Provision, Miete
              und Zusatzleistungen erhält der Direktvermarkter eine Rechnung des Betreibers.
            </li>
            <li>
              Der Direktvermarkter ist für die steuerliche Erfassung seiner Umsätze selbst
              verantwortlich. Einwände gegen eine Abrechnung teilt er dem Betreiber unverzüglich in
              Textform mit.
            </li>
          </ol>

          <h2>§ 6 Nutzung der Verkaufsflächen</h2>
          <ol>
            <li>
              Der Direktvermarkter nutzt die ihm zugewiesenen Flächen ausschließlich zum Verkauf
              selbst erzeugter, hergestellter oder verarbeiteter regionaler Waren. Eine
              Untervermietung oder Überlassung an Dritte ist nur mit Zustimmung des Betreibers in
              Textform zulässig.
            </li>
            <li>
              Der Direktvermarkter bestückt seine Flächen selbst, sofern er nicht den Lagerservice
              (§ 9) gebucht hat. Er hält sie sauber, ordentlich und ausreichend bestückt und
              entfernt abgelaufene, verdorbene oder beschädigte Ware unverzüglich. Die Zeiten zum
              Bestücken stimmt er mit dem Betreiber ab.
            </li>
            <li>
              Jede Ware muss nach den geltenden Vorschriften gekennzeichnet sein, bei Lebensmitteln
              insbesondere nach der Lebensmittelinformationsverordnung (unter anderem Bezeichnung,
              Zutaten, Allergene, Mindesthaltbarkeits- oder Verbrauchsdatum, Nettofüllmenge sowie
              Name und Anschrift des Lebensmittelunternehmers). Preise sind nach der
              Preisangabenverordnung auszuzeichnen. Zusätzlich versieht der Direktvermarkter jede
              Ware mit der vom Betreiber vorgegebenen Artikelkennzeichnung für das Kassensystem.
            </li>
            <li>
              Der Direktvermarkter ist für die Einhaltung des Lebensmittelrechts und der
              Hygienevorschriften verantwortlich, insbesondere für die Registrierung bei der
              zuständigen Lebensmittelüberwachung, die Lebensmittelhygiene bei Herstellung,
              Verpackung und Transport sowie die Rückverfolgbarkeit seiner Waren. Lebensmittel sind
              so zu verpacken, dass sie im Selbstbedienungsverkauf hygienisch einwandfrei bleiben.
            </li>
            <li>
              Kühlpflichtige Waren dürfen nur in gekühlten Flächen, Tiefkühlware nur in gefrorenen
              Flächen angeboten werden. Der Direktvermarkter hält die Kühlkette bis zur Einlagerung
              im Laden ein. Der Betreiber betreibt die Kühl- und Tiefkühlgeräte und kontrolliert
              deren Temperaturen.
            </li>
            <li>
              Waren, deren Verkauf gesetzlich verboten ist oder einer Erlaubnis bedarf, die nicht
              vorliegt, dürfen nicht angeboten werden. Der Betreiber darf Waren, die gegen diese AGB
              oder gesetzliche Vorschriften verstoßen, aus dem Verkauf nehmen; er informiert den
              Direktvermarkter darüber unverzüglich.
            </li>
            <li>
              Ist eine gemietete Fläche länger als 7 Tage zu mehr als 50 % unbestückt
              (Unterbestückung), kann der Betreiber den Vertrag nach § 11 Abs. 4 kündigen, es sei
              denn, die Unterbestückung ist mit dem Betreiber abgestimmt, etwa aus saisonalen
              Gründen.
            </li>
          </ol>

          <h2>§ 7 Alkohol</h2>
          <ol>
            <li>
              Alkoholische Getränke dürfen nur unter Einhaltung aller gesetzlichen Vorgaben
              angeboten werden, insbesondere des Jugendschutzgesetzes. Der Betreiber gibt
              alkoholische Getränke im Laden nur an Erwachsene ab und setzt dafür geeignete
              Alterskontrollen ein. Spirituosen und spirituosenhaltige Getränke dürfen nach § 9 des
              Jugendschutzgesetzes in keinem Fall an Personen unter 18 Jahren abgegeben werden.
              Alkoholische Getränke bietet der Direktvermarkter nur auf den Flächen an, die der
              Betreiber dafür vorsieht.
            </li>
            <li>
              Der Direktvermarkter ist für die vorschriftsmäßige Kennzeichnung seiner alkoholischen
              Getränke verantwortlich, insbesondere für die Angabe des Alkoholgehalts in
              Volumenprozent, der Allergene und der Loskennzeichnung sowie die Einhaltung des Wein-
              und Spirituosenrechts.
            </li>
            <li>
              Der Direktvermarkter holt alle erforderlichen Erlaubnisse und Anmeldungen ein,
              insbesondere nach dem Alkoholsteuergesetz, dem Biersteuergesetz und dem Schaumwein-
              und Zwischenerzeugnissteuergesetz, entrichtet die anfallenden Verbrauchsteuern und
              weist dies dem Betreiber auf Verlangen nach. Solange ein Nachweis fehlt, darf der
              Betreiber die betreffenden Waren aus dem Verkauf nehmen.
            </li>
          </ol>

          <h2>§ 8 Haftung</h2>
          <ol>
            <li>
              Die Waren bleiben bis zum Verkauf Eigentum des Direktvermarkters. Er trägt das Risiko
              des zufälligen Untergangs und der zufälligen Verschlechterung, insbesondere durch
              Verderb oder Bruch, soweit in diesen AGB nichts anderes bestimmt ist.
            </li>
            <li>
              Im {basic.name} trägt der Direktvermarkter das Risiko von Diebstahl und Schwund seiner
              Waren.
            </li>
            <li>
              Im {premium.name} trägt der Betreiber das Diebstahlrisiko für Waren, die in der
              automatisierten Bestandsführung erfasst sind. Fehlt solche Ware, ohne dass ihr Fehlen
              durch Verkauf, Verderb, Rücknahme oder Entnahme durch den Direktvermarkter erklärt
              ist, erstattet der Betreiber den Betrag, den der Direktvermarkter bei einem Verkauf
              erhalten hätte, also den Verkaufspreis abzüglich Provision und Umsatzsteuer auf die
              Provision. Die Erstattung erfolgt mit der monatlichen Abrechnung. Sie ist
              ausgeschlossen, soweit der Direktvermarkter den Verlust selbst verursacht hat.
            </li>
            <li>
              Der Betreiber haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit, für Schäden
              aus der Verletzung des Lebens, des Körpers oder der Gesundheit, nach dem
              Produkthaftungsgesetz sowie im Fall einer übernommenen Garantie oder eines arglistig
              verschwiegenen Mangels.
            </li>
            <li>
              Bei leichter Fahrlässigkeit haftet der Betreiber im Übrigen nur bei Verletzung einer
              wesentlichen Vertragspflicht (Kardinalpflicht). Das ist eine Pflicht, deren Erfüllung
              die ordnungsgemäße Durchführung des Vertrags überhaupt erst ermöglicht und auf deren
              Einhaltung der Direktvermarkter regelmäßig vertrauen darf, zum Beispiel die
              Überlassung der Verkaufsfläche, der Betrieb der Kühlgeräte und die Auszahlung der
              Verkaufserlöse. In diesem Fall ist die Haftung auf den vertragstypischen,
              vorhersehbaren Schaden begrenzt.
            </li>
            <li>
              Die verschuldensunabhängige Haftung des Betreibers für Mängel der Verkaufsfläche, die
              bereits bei Vertragsschluss vorhanden waren (§ 536a Abs. 1 BGB), ist ausgeschlossen.
            </li>
            <li>
              Die Haftungsbeschränkungen gelten auch zugunsten der Mitarbeiterinnen und Mitarbeiter
              sowie der Erfüllungsgehilfen des Betreibers.
            </li>
          </ol>

          <h2>§ 9 Lagerservice</h2>
          <ol>
            <li>
              Der Lagerservice kann nur im {premium.name} gebucht werden und kostet{' '}
              {lagerservicePrice} pro Monat (§ 4 Abs. 4).
            </li>
            <li>
              Mit dem Lagerservice lagert der Betreiber einen Vorrat an Waren des Direktvermarkters
              im Lager des Ladens und füllt die Verkaufsflächen des Direktvermarkters bei Bedarf aus
              diesem Vorrat auf. Über die automatisierte Bestandsführung informiert er den
              Direktvermarkter, wenn der Vorrat zur Neige geht.
            </li>
            <li>
              Der Umfang des Lagerplatzes richtet sich nach der Verfügbarkeit und wird zwischen
              Betreiber und Direktvermarkter abgestimmt. Kühlpflichtige Waren und Tiefkühlware
              lagert der Betreiber nur ein, wenn dafür ein geeigneter Kühl- oder Tiefkühlplatz
              vereinbart ist.
            </li>
            <li>
              Der Direktvermarkter liefert die Waren verkaufsfertig an, also gekennzeichnet,
              ausgezeichnet und mit der Artikelkennzeichnung für das Kassensystem versehen. Er
              bleibt für Mindesthaltbarkeits- und Verbrauchsdaten verantwortlich. Der Betreiber
              füllt nach dem Grundsatz „zuerst ablaufend, zuerst verkauft“ nach und nimmt Ware,
              deren Verbrauchsdatum abgelaufen ist, aus dem Verkauf; er hält sie zur Abholung bereit
              oder entsorgt sie nach Rücksprache mit dem Direktvermarkter.
            </li>
            <li>
              Die eingelagerten Waren bleiben Eigentum des Direktvermarkters. Für Diebstahl gilt § 8
              Abs. 3, im Übrigen gelten die Haftungsregeln des § 8.
            </li>
            <li>
              Der Lagerservice endet mit dem Ende des Vertrags oder mit dem Wechsel in das{' '}
              {basic.name}. Den restlichen Vorrat holt der Direktvermarkter innerhalb der
              Räumungsfrist nach § 11 Abs. 7 ab.
            </li>
          </ol>

          <h2>§ 10 Pflichten des Direktvermarkters</h2>
          <ol>
            <li>
              Der Direktvermarkter macht bei der Registrierung, in seinem Profil und zu seinen Waren
              richtige und vollständige Angaben. Änderungen, insbesondere seiner Anschrift,
              E-Mail-Adresse, Bankverbindung oder seines umsatzsteuerlichen Status, aktualisiert er
              unverzüglich in seinem Konto oder teilt sie dem Betreiber in Textform mit.
            </li>
            <li>
              Der Direktvermarkter hält seine Zugangsdaten geheim und informiert den Betreiber
              unverzüglich, wenn er einen Missbrauch seines Kontos vermutet.
            </li>
            <li>
              Der Direktvermarkter verfügt über alle für Herstellung und Verkauf seiner Waren
              erforderlichen Genehmigungen, Registrierungen und Nachweise, zum Beispiel eine
              Gewerbeanmeldung, soweit erforderlich, die Registrierung als Lebensmittelunternehmer
              oder Zertifikate für Bio-Kennzeichnungen, und legt sie dem Betreiber auf Verlangen
              vor.
            </li>
            <li>
              Als Verkäufer und Hersteller ist der Direktvermarkter gegenüber den Kundinnen und
              Kunden für seine Waren verantwortlich, insbesondere für die Gewährleistung und die
              Produkthaftung. Der Betreiber leitet Reklamationen an den Direktvermarkter weiter. Der
              Direktvermarkter stellt den Betreiber von Ansprüchen Dritter frei, die wegen seiner
              Waren oder ihrer Kennzeichnung gegen den Betreiber geltend gemacht werden, es sei
              denn, er hat die zugrunde liegende Pflichtverletzung nicht zu vertreten.
            </li>
            <li>
              Dem Direktvermarkter wird empfohlen, eine Betriebs- und Produkthaftpflichtversicherung
              mit ausreichender Deckung abzuschließen.
            </li>
            <li>
              Von Rückrufen, behördlichen Beanstandungen oder Warnungen, die seine Waren betreffen,
              unterrichtet der Direktvermarkter den Betreiber unverzüglich und nimmt die betroffenen
              Waren sofort aus dem Verkauf.
            </li>
            <li>
              Für die Inhalte seines Profils, insbesondere Texte und Bilder, ist der
              Direktvermarkter verantwortlich. Er stellt sicher, dass er die erforderlichen Rechte
              daran besitzt und die Inhalte keine Rechte Dritter verletzen.
            </li>
          </ol>

          <h2>§ 11 Laufzeit und Kündigung</h2>
          <ol>
            <li>
              Der Vertrag beginnt zum vereinbarten Vertragsbeginn. Die ersten 30 Tage ab der
              Eröffnung des Ladens oder ab dem Vertragsbeginn, je nachdem, welcher Zeitpunkt später
              liegt, sind der kostenlose Probemonat nach § 3, in dem der Direktvermarkter jederzeit
              kündigen kann.
            </li>
            <li>
              Nach dem Probemonat läuft der Vertrag für die gebuchte Laufzeit von 3, 6 oder 12
              Monaten. Die Mindestlaufzeit nach dem Probemonat beträgt 3 Monate.
            </li>
            <li>
              Nach Ablauf der gebuchten Laufzeit verlängert sich der Vertrag jeweils um einen Monat,
              wenn er nicht gekündigt wird. Beide Vertragsparteien können den Vertrag mit einer
              Frist von 4 Wochen zum Ende eines Kalendermonats ordentlich kündigen, frühestens
              jedoch zum Ende der gebuchten Laufzeit.
            </li>
            <li>
              Das Recht beider Vertragsparteien zur außerordentlichen Kündigung aus wichtigem Grund
              bleibt unberührt. Ein wichtiger Grund für den Betreiber liegt insbesondere vor, wenn
              <ul>
                <li>
                  der Direktvermarkter mit fälligen Zahlungen länger als 30 Tage in Verzug ist,
                </li>
                <li>
                  eine gemietete Fläche länger als 7 Tage zu mehr als 50 % unbestückt ist (§ 6 Abs.
                  7) und der Direktvermarkter sie trotz Aufforderung nicht wieder angemessen
                  bestückt,
                </li>
                <li>
                  der Direktvermarkter trotz Abmahnung wiederholt oder schwerwiegend gegen das
                  Lebensmittelrecht, den Jugendschutz (§ 7) oder andere wesentliche Pflichten aus
                  diesem Vertrag verstößt.
                </li>
              </ul>
            </li>
            <li>
              Ist der Direktvermarkter mit fälligen Zahlungen länger als 14 Tage in Verzug, darf der
              Betreiber die Verkaufsfläche nach vorheriger Ankündigung in Textform sperren und die
              Waren des Direktvermarkters aus dem Verkauf nehmen, bis der Rückstand ausgeglichen
              ist. Die Pflicht zur Zahlung der Miete bleibt davon unberührt.
            </li>
            <li>
              Kündigungen bedürfen der Textform; eine E-Mail genügt. Der Direktvermarkter kann auch
              über sein Konto auf der Website kündigen, soweit diese Möglichkeit dort angeboten
              wird.
            </li>
            <li>
              Nach dem Ende des Vertrags räumt der Direktvermarkter seine Flächen innerhalb von 3
              Werktagen und entfernt alle Waren und eigenen Gegenstände. Geschieht das nicht
              fristgerecht, darf der Betreiber die Flächen nach vorheriger Benachrichtigung auf
              Kosten des Direktvermarkters räumen und die Waren verwahren; verderbliche Waren darf
              er entsorgen, wenn sie nicht mehr verkehrsfähig sind.
            </li>
            <li>
              Über den letzten Vertragsmonat rechnet der Betreiber bis zum 15. des Folgemonats nach
              § 5 ab.
            </li>
          </ol>

          <h2>§ 12 Datenschutz</h2>
          <ol>
            <li>
              Der Betreiber verarbeitet die personenbezogenen Daten des Direktvermarkters zur
              Durchführung dieses Vertrags und nach den gesetzlichen Vorschriften, insbesondere der
              Datenschutz-Grundverordnung. Einzelheiten, auch zu Speicherfristen und zu den Rechten
              des Direktvermarkters, enthält die <Link to="/datenschutz">Datenschutzerklärung</Link>
              .
            </li>
            <li>
              Das öffentliche Profil des Direktvermarkters erscheint im Direktvermarkter-Verzeichnis
              und auf der Karte der Website erst, wenn ein Vertrag oder Probemonat läuft und der
              Betreiber das Profil freigegeben hat.
            </li>
          </ol>

          <h2>§ 13 Kein Wettbewerbsverbot</h2>
          <ol>
            <li>
              Der Direktvermarkter unterliegt keinem Wettbewerbsverbot. Er darf seine Waren
              jederzeit auch anderweitig verkaufen, zum Beispiel im eigenen Hofladen, auf Märkten,
              online oder in anderen Geschäften, und dort seine Preise frei bestimmen.
            </li>
            <li>
              Ebenso darf der Betreiber Verkaufsflächen an andere Direktvermarkter vermieten, auch
              wenn diese gleichartige Waren anbieten. Ein Konkurrenzschutz besteht nicht.
            </li>
          </ol>

          <h2>§ 14 Änderungen der AGB</h2>
          <ol>
            <li>
              Der Betreiber kann diese AGB mit Wirkung für die Zukunft ändern, wenn dafür ein
              sachlicher Grund besteht, insbesondere bei Änderungen der Rechtslage oder der
              Rechtsprechung, bei neuen Leistungen oder bei geänderten betrieblichen oder
              technischen Abläufen.
            </li>
            <li>
              Der Betreiber kündigt Änderungen dem Direktvermarkter mindestens 6 Wochen vor ihrem
              Inkrafttreten in Textform an, zum Beispiel per E-Mail, und übermittelt dabei die
              geänderten Regelungen.
            </li>
            <li>
              Der Direktvermarkter kann den Änderungen innerhalb von 4 Wochen nach Zugang der
              Ankündigung in Textform widersprechen. Widerspricht er nicht fristgerecht, gelten die
              Änderungen als angenommen. Auf diese Folge, die Frist und das Widerspruchsrecht weist
              der Betreiber in der Ankündigung besonders hin.
            </li>
            <li>
              Widerspricht der Direktvermarkter, läuft der Vertrag zu den bisherigen Bedingungen
              weiter. Das Recht beider Vertragsparteien zur ordentlichen Kündigung nach § 11 bleibt
              unberührt.
            </li>
            <li>
              Änderungen, die das Verhältnis von Leistung und Gegenleistung wesentlich zulasten des
              Direktvermarkters verschieben, insbesondere Erhöhungen von Miete oder Provision,
              werden nur mit seiner ausdrücklichen Zustimmung wirksam.
            </li>
          </ol>

          <h2>§ 15 Schlussbestimmungen</h2>
          <ol>
            <li>
              Es gilt das Recht der Bundesrepublik Deutschland. Ist der Direktvermarkter
              Verbraucher, gilt diese Rechtswahl nur, soweit ihm dadurch nicht der Schutz entzogen
              wird, den ihm zwingende Bestimmungen des Rechts des Staates gewähren, in dem er seinen
              gewöhnlichen Aufenthalt hat.
            </li>
            <li>
              Ist der Direktvermarkter Kaufmann, eine juristische Person des öffentlichen Rechts
              oder ein öffentlich-rechtliches Sondervermögen, ist Gerichtsstand für alle
              Streitigkeiten aus diesem Vertrag Kronach. Für Verbraucher gelten die gesetzlichen
              Gerichtsstände.
            </li>
            <li>
              Änderungen und Ergänzungen des Vertrags sowie vertragliche Erklärungen bedürfen der
              Textform; eine E-Mail genügt. Der Vorrang individueller Vereinbarungen (§ 305b BGB)
              bleibt unberührt.
            </li>
            <li>
              Sollten einzelne Bestimmungen dieser AGB unwirksam sein oder werden, bleibt die
              Wirksamkeit der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen
              Bestimmung treten die gesetzlichen Vorschriften.
            </li>
          </ol>

          <p>
            Fragen zu diesen AGB beantworten wir gern über unser{' '}
            <Link to="/kontakt">Kontaktformular</Link>, in der Regel innerhalb von 24 Stunden.
          </p>
        </Prose>
      </div>
    </>
  );
}
