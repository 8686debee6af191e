import type { FaqCategory } from './catalog';
import { OPENING_PLACEHOLDER } from './shop-phase';

export interface FaqEntry {
  /** Stable id, e.g. 'allgemein-oeffnungszeiten'. */
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  keywords: readonly string[];
}

/**
 * The answer of 'allgemein-oeffnungszeiten' before it followed the opening
 * date: the start-up replaces it where it is still stored unchanged (seed.ts).
 */
export const RETIRED_OPENING_HOURS_ANSWER =
  'housnkuh hat 7 Tage die Woche mit erweiterten Öffnungszeiten geöffnet, du kannst also fast rund um die Uhr einkaufen – auch am Wochenende und nach Feierabend. Weil der Laden ohne Personal auskommt, öffnest du die Tür mit deiner EC-Karte (girocard) oder Kreditkarte. Alle Infos rund um deinen Besuch findest du auf unserer Standortseite.';

/**
 * The FAQs of the initial data, and the list the FAQ page falls back to when
 * the API cannot be reached. Numbers from spec §9.
 */
export const DEFAULT_FAQS: readonly FaqEntry[] = [
  // -------------------------------------------------------------------------
  // Allgemein
  {
    id: 'allgemein-was-ist-housnkuh',
    category: 'Allgemein',
    question: 'Was ist housnkuh?',
    answer:
      'housnkuh ist ein Selbstbedienungsladen für regionale Produkte in der Strauer Str. 15 in Kronach. Direktvermarkterinnen und Direktvermarkter aus der Region mieten bei uns Regalfächer, Kühlfächer, Verkaufstische oder Schaufensterflächen und verkaufen dort ihre Waren. Du kaufst an 7 Tagen die Woche zu erweiterten Öffnungszeiten ein und bekommst frische Lebensmittel und Handwerk direkt von den Menschen, die sie herstellen.',
    keywords: ['housnkuh', 'hofladen', 'selbstbedienung', 'regional', 'kronach'],
  },
  {
    id: 'allgemein-name-housnkuh',
    category: 'Allgemein',
    question: 'Was bedeutet der Name „housnkuh“?',
    answer:
      '„housnkuh“ kommt aus dem oberfränkischen Dialekt und bedeutet so viel wie „Haus-Kuh“: die Kuh, die direkt am eigenen Haus gehalten wird. Für uns steht sie für die Tradition, dass ein Haushalt das, was er selbst erzeugt, gleich an der Haustür an Nachbarn und Bekannte weitergibt. Genau diesen Gedanken wollen wir aufgreifen – nur dass bei uns viele Direktvermarkter aus der Region unter einem Dach zusammenkommen.',
    keywords: ['name', 'bedeutung', 'dialekt', 'oberfranken', 'hauskuh'],
  },
  {
    id: 'allgemein-oeffnungszeiten',
    category: 'Allgemein',
    question: 'Wann hat der Laden geöffnet?',
    // the first sentence follows the opening date (shop-phase.ts, filled in when read)
    answer: `${OPENING_PLACEHOLDER} Geöffnet ist an 7 Tagen die Woche mit erweiterten Öffnungszeiten, du kannst also fast rund um die Uhr einkaufen – auch am Wochenende und nach Feierabend. Weil der Laden ohne Personal auskommt, öffnest du die Tür mit deiner EC-Karte (girocard) oder Kreditkarte. Alle Infos rund um deinen Besuch findest du auf unserer Standortseite.`,
    keywords: ['öffnungszeiten', 'geöffnet', 'eröffnung', 'wochenende', 'zugang', 'uhrzeit'],
  },
  {
    id: 'allgemein-wie-einkaufen',
    category: 'Allgemein',
    question: 'Wie funktioniert das Einkaufen ohne Personal?',
    answer:
      'Die Eingangstür öffnest du mit deiner EC-Karte (girocard) oder Kreditkarte. Drinnen suchst du dir in Ruhe deine Produkte aus den Regalen, Kühlfächern und Tiefkühltruhen aus. Bezahlt wird an der Selbstbedienungskasse mit deiner Karte – die Kasse führt dich Schritt für Schritt durch den Einkauf.',
    keywords: ['einkaufen', 'selbstbedienung', 'kasse', 'ec-karte', 'kreditkarte'],
  },
  {
    id: 'allgemein-anfahrt-parken',
    category: 'Allgemein',
    question: 'Wie komme ich zum Laden und wo kann ich parken?',
    answer:
      'Du findest uns in der Strauer Str. 15, 96317 Kronach. Direkt vor dem Laden liegt eine Bushaltestelle, und in der Nähe gibt es mehrere Parkmöglichkeiten – eine Übersicht mit Karte findest du auf unserer Standortseite. Bitte beachte, dass der Laden über eine Treppe erreichbar ist und nicht stufenlos betreten werden kann.',
    keywords: ['anfahrt', 'parken', 'bus', 'adresse', 'treppe'],
  },

  // -------------------------------------------------------------------------
  // Registrierung
  {
    id: 'registrierung-wie-anmelden',
    category: 'Registrierung',
    question: 'Wie werde ich Direktvermarkter bei housnkuh?',
    answer:
      'Geh auf die Seite „Verkaufsfläche mieten“, wähle dein Provisionsmodell, deine Verkaufsflächen und die Laufzeit und klicke auf „Paket buchen“. Danach registrierst du dich in 4 Schritten: Zugangsdaten, persönliche Angaben, Adresse und zum Schluss die Bestätigung von AGB und Datenschutzerklärung. Das dauert nur wenige Minuten, und Zahlungsdaten brauchst du dafür nicht.',
    keywords: ['registrierung', 'anmelden', 'direktvermarkter', 'konto', 'mieten'],
  },
  {
    id: 'registrierung-email-bestaetigen',
    category: 'Registrierung',
    question: 'Warum muss ich meine E-Mail-Adresse bestätigen?',
    answer:
      'Nach der Registrierung schicken wir dir eine E-Mail mit einem Bestätigungslink. Erst wenn du ihn angeklickt hast, ist dein Konto aktiv und du kannst dich im Direktvermarkter-Bereich anmelden. Der Link ist 24 Stunden gültig; ist er abgelaufen oder die E-Mail nicht angekommen, kannst du dir einen neuen Link schicken lassen. Schau im Zweifel auch in deinen Spam-Ordner.',
    keywords: ['e-mail', 'bestätigung', 'link', 'aktivierung', 'spam'],
  },
  {
    id: 'registrierung-wie-geht-es-weiter',
    category: 'Registrierung',
    question: 'Wie geht es nach der Registrierung weiter?',
    answer:
      'Deine Buchung geht als Anfrage bei uns ein, und wir melden uns innerhalb von 2 Werktagen bei dir. Gemeinsam klären wir offene Fragen, und wir suchen ein passendes freies Mietfach für dich aus. Sobald wir dir konkrete Flächen und einen Starttermin zugewiesen haben, siehst du alles in deinem Direktvermarkter-Bereich.',
    keywords: ['anfrage', 'ablauf', 'werktage', 'mietfach', 'start'],
  },
  {
    id: 'registrierung-vor-eroeffnung',
    category: 'Registrierung',
    question: 'Kann ich mich schon vor der Eröffnung anmelden?',
    answer:
      'Ja, gern! Vor der Eröffnung ist deine Anmeldung eine Vor-Registrierung: Du sicherst dir damit frühzeitig einen Platz, und wir planen die Flächen gemeinsam mit dir. Dein kostenloser Probemonat beginnt erst, wenn der Laden öffnet, du verschenkst also keinen einzigen Tag.',
    keywords: ['vor-registrierung', 'eröffnung', 'frühzeitig', 'probemonat'],
  },

  // -------------------------------------------------------------------------
  // Buchungen
  {
    id: 'buchungen-flaechen-preise',
    category: 'Buchungen',
    question: 'Welche Verkaufsflächen gibt es und was kosten sie?',
    answer:
      'Du kannst wählen zwischen Verkaufsblock Lage A auf Augenhöhe (35 € im Monat), Verkaufsblock Lage B in der unteren Reihe (15 €), einem Fach im Kühlregal (50 €), einem Fach in der Tiefkühltruhe (60 €) und einem eigenen Verkaufstisch (40 €). Für mehr Sichtbarkeit gibt es das kleine Schaufenster (30 €) und das große Schaufenster am Eingang (60 €). Den flexiblen Bereich für Großes oder Sperriges bieten wir auf Anfrage an. Alle Preise gelten pro Monat und lassen sich im Konfigurator beliebig kombinieren.',
    keywords: ['preise', 'kosten', 'miete', 'verkaufsfläche', 'regalfach'],
  },
  {
    id: 'buchungen-groesse-flaechen',
    category: 'Buchungen',
    question: 'Wie groß sind die Verkaufsflächen?',
    answer:
      'Ein Verkaufsblock in Lage A misst etwa 80 × 39 × 67 cm und hat zwei Ebenen, ein Block in Lage B etwa 80 × 39 × 33,5 cm mit einer Ebene. Verkaufstische sind rund 120 × 80 cm groß. Für größere Sortimente bieten wir flexible Bereiche zwischen 2 und 8 Quadratmetern an, deren Größe und Preis wir gemeinsam mit dir festlegen.',
    keywords: ['größe', 'maße', 'quadratmeter', 'fläche', 'flexibel'],
  },
  {
    id: 'buchungen-laufzeit-rabatt',
    category: 'Buchungen',
    question: 'Welche Laufzeiten gibt es und bekomme ich Rabatt?',
    answer:
      'Du kannst deine Flächen für 3, 6 oder 12 Monate buchen. Ab 6 Monaten Laufzeit bekommst du 5 % Rabatt auf deinen monatlichen Gesamtbetrag, ab 12 Monaten sogar 10 %. Der Konfigurator auf der Seite „Verkaufsfläche mieten“ zeigt dir den Rabatt und deinen Monatspreis sofort an.',
    keywords: ['laufzeit', 'rabatt', 'monate', 'vertrag', 'ermäßigung'],
  },
  {
    id: 'buchungen-probemonat',
    category: 'Buchungen',
    question: 'Wie funktioniert der kostenlose Probemonat?',
    answer:
      'Die ersten 30 Tage sind dein Probemonat: Er beginnt mit der Eröffnung des Ladens (oder mit deinem späteren Vertragsstart), du zahlst keine Miete und musst keine Zahlungsdaten angeben. Du kannst während des Probemonats jederzeit kündigen. Auf deine Verkäufe fällt aber auch im Probemonat die Provision an. Kündigst du nicht, läuft dein Vertrag danach für die gebuchte Laufzeit weiter, mindestens 3 Monate.',
    keywords: ['probemonat', 'kostenlos', 'testen', 'testphase', 'gratis'],
  },
  {
    id: 'buchungen-kuendigung',
    category: 'Buchungen',
    question: 'Wie kann ich meinen Vertrag kündigen?',
    answer:
      'Im Probemonat kannst du jederzeit kündigen, ganz ohne Kosten. Danach läuft dein Vertrag für die gebuchte Laufzeit von 3, 6 oder 12 Monaten. Anschließend verlängert er sich jeweils um einen Monat und kann mit einer Frist von 4 Wochen zum Monatsende gekündigt werden. Die Kündigung kannst du in deinem Direktvermarkter-Bereich erledigen oder uns einfach schreiben.',
    keywords: ['kündigung', 'kündigen', 'frist', 'vertrag', 'laufzeit'],
  },
  {
    id: 'buchungen-zusaetzliche-flaeche',
    category: 'Buchungen',
    question: 'Kann ich später weitere Flächen dazubuchen?',
    answer:
      'Ja. Melde dich an und öffne die Seite „Verkaufsfläche mieten“: Dort stellst du die zusätzlichen Flächen zusammen und klickst auf „Zusätzliche Fläche buchen“. Die Buchung geht als neue Anfrage bei uns ein, und wir weisen dir ein passendes freies Fach zu. Deine Buchungen und ihren Status siehst du jederzeit unter „Meine Buchungen“.',
    keywords: ['zusätzlich', 'erweitern', 'buchung', 'mehr fläche'],
  },

  // -------------------------------------------------------------------------
  // Zahlungen
  {
    id: 'zahlungen-provision',
    category: 'Zahlungen',
    question: 'Wie hoch ist die Provision?',
    answer:
      'Zusätzlich zur Miete zahlst du eine Provision auf deinen Bruttoumsatz: 4 % im Basismodell oder 7 % im Premium-Modell. Auf die Provision kommen 19 % Mehrwertsteuer. Ein Beispiel: Verkaufst du im Monat Waren für 100 €, beträgt die Provision im Basismodell 4,00 € plus 0,76 € Mehrwertsteuer, also 4,76 €.',
    keywords: ['provision', 'kosten', 'umsatz', 'mehrwertsteuer', 'gebühr'],
  },
  {
    id: 'zahlungen-basis-premium',
    category: 'Zahlungen',
    question: 'Was ist der Unterschied zwischen Basismodell und Premium-Modell?',
    answer:
      'In beiden Modellen verkaufst du über unser Kassensystem, bekommst eine tägliche Verkaufsübersicht, und die Gebühren für Kartenzahlungen sind schon enthalten. Im Basismodell (4 % Provision) bleibt das Warenrisiko bei dir. Das Premium-Modell (7 % Provision) bietet zusätzlich Diebstahlschutz – das Risiko trägt dann der Laden – und eine automatisierte Bestandsführung. Außerdem kannst du nur im Premium-Modell Lagerservice und Versandservice buchen.',
    keywords: ['basismodell', 'premium', 'vergleich', 'diebstahlschutz', 'bestand'],
  },
  {
    id: 'zahlungen-zusatzleistungen',
    category: 'Zahlungen',
    question: 'Was kosten Lagerservice und Versandservice?',
    answer:
      'Der Lagerservice kostet 20 € im Monat: Wir lagern deinen Vorrat im Laden und füllen dein Fach bei Bedarf nach. Der Versandservice kostet 5 € im Monat: Wir nehmen Pakete für dich an und verschicken deine Bestellungen. Beide Zusatzleistungen kannst du nur im Premium-Modell buchen.',
    keywords: ['lagerservice', 'versandservice', 'zusatzleistungen', 'premium', 'preis'],
  },
  {
    id: 'zahlungen-auszahlung',
    category: 'Zahlungen',
    question: 'Wann bekomme ich das Geld aus meinen Verkäufen?',
    answer:
      'Deine Verkaufserlöse eines Monats zahlen wir dir bis zum 15. des Folgemonats aus. Dazu bekommst du eine Abrechnung, in der du Umsätze und Provision genau nachvollziehen kannst. Deine Verkäufe kannst du außerdem laufend in deinem Direktvermarkter-Bereich verfolgen.',
    keywords: ['auszahlung', 'abrechnung', 'erlöse', 'geld', 'monat'],
  },
  {
    id: 'zahlungen-abrechnung-im-namen',
    category: 'Zahlungen',
    question: 'In wessen Namen werden meine Produkte verkauft?',
    answer:
      'housnkuh verkauft deine Waren im Namen und für Rechnung von dir als Direktvermarkter. Du bleibst also Verkäufer deiner Produkte, und wir übernehmen für dich nur die Kasse und die Abrechnung mit den Kundinnen und Kunden. Deine Belege und Rechnungen findest du in deinem Direktvermarkter-Bereich.',
    keywords: ['rechnung', 'abrechnung', 'verkäufer', 'kommission', 'belege'],
  },

  // -------------------------------------------------------------------------
  // Produkte
  {
    id: 'produkte-sortiment',
    category: 'Produkte',
    question: 'Welche Produkte bekomme ich bei housnkuh?',
    answer:
      'Alle Produkte stammen von Direktvermarktern aus der Region Kronach. Du findest Obst und Gemüse, Fleisch und Wurst, Milchprodukte, Backwaren, Honig und Eier, dazu Wein und Spirituosen, Marmeladen, Gewürze, Öle, Säfte, Tee sowie Nüsse und Trockenfrüchte. Ergänzt wird das Sortiment durch Handwerk aus der Region. Was es gerade gibt, hängt von der Saison und unseren Direktvermarktern ab.',
    keywords: ['sortiment', 'produkte', 'lebensmittel', 'regional', 'saison'],
  },
  {
    id: 'produkte-was-verkaufen',
    category: 'Produkte',
    question: 'Was darf ich als Direktvermarkter verkaufen?',
    answer:
      'Bei uns verkaufen Direktvermarkter aus der Region Kronach ihre eigenen Produkte: Lebensmittel von Obst, Gemüse und Fleisch über Käse, Brot und Honig bis zu Säften, Tee oder Likör, außerdem Handwerk wie Holz- oder Töpferwaren. Wenn du dir bei einem Produkt nicht sicher bist, schreib uns vorher kurz. Wir schauen gemeinsam, ob und auf welcher Fläche es gut in den Laden passt.',
    keywords: ['erlaubt', 'verkaufen', 'eigene produkte', 'handwerk', 'erzeuger'],
  },
  {
    id: 'produkte-kennzeichnung',
    category: 'Produkte',
    question: 'Wer ist für Kennzeichnung und Lebensmittelrecht verantwortlich?',
    answer:
      'Als Direktvermarkter bist du selbst für deine Produkte verantwortlich und musst die Vorgaben des Lebensmittelrechts einhalten. Dazu gehört eine vollständige Kennzeichnung mit Bezeichnung, Zutaten, Allergenen, Mindesthaltbarkeitsdatum (MHD) und deinem Namen als Hersteller. Bitte kontrolliere beim Auffüllen auch das MHD und nimm abgelaufene Ware aus dem Regal.',
    keywords: ['kennzeichnung', 'lebensmittelrecht', 'mhd', 'etikett', 'allergene'],
  },
  {
    id: 'produkte-kuehlware',
    category: 'Produkte',
    question: 'Wo kommen gekühlte und tiefgekühlte Produkte hin?',
    answer:
      'Produkte, die gekühlt werden müssen, wie Milchprodukte, Fleisch oder Wurst, gehören ausschließlich in ein Fach im Kühlregal. Tiefkühlware wie Eis oder gefrorenes Fleisch kommt nur in die Tiefkühltruhe, die dauerhaft bei −18 °C läuft. Buche deshalb für solche Produkte gleich die passende Fläche „gekühlt“ oder „gefroren“ mit.',
    keywords: ['kühlung', 'tiefkühl', 'kühlregal', 'temperatur', 'frische'],
  },
  {
    id: 'produkte-alkohol',
    category: 'Produkte',
    question: 'Gibt es bei housnkuh auch Alkohol?',
    answer:
      'Ja, regionale Direktvermarkter bieten bei uns zum Beispiel Wein, Obstbrände und Liköre an. Alkoholische Getränke werden nur an Erwachsene verkauft. Als Direktvermarkter achtest du bei alkoholischen Produkten zusätzlich auf die vorgeschriebene Kennzeichnung, zum Beispiel den Alkoholgehalt.',
    keywords: ['alkohol', 'wein', 'spirituosen', 'jugendschutz', 'likör'],
  },
  {
    id: 'produkte-ware-auffuellen',
    category: 'Produkte',
    question: 'Wie fülle ich mein Fach auf?',
    answer:
      'Du bringst deine Ware selbst in den Laden und füllst dein Fach so oft auf, wie es nötig ist. Über die tägliche Verkaufsübersicht siehst du, was gut läuft und was bald nachgelegt werden sollte. Achte darauf, dass dein Fach ordentlich gefüllt ist: Bleibt es länger als 7 Tage zu mehr als der Hälfte leer, dürfen wir den Vertrag kündigen. Im Premium-Modell kannst du den Lagerservice buchen, dann füllen wir für dich nach.',
    keywords: ['auffüllen', 'nachfüllen', 'ware', 'bestand', 'lieferung'],
  },

  // -------------------------------------------------------------------------
  // Support
  {
    id: 'support-kontakt',
    category: 'Support',
    question: 'Wie erreiche ich euch bei Fragen?',
    answer:
      'Am einfachsten schreibst du uns über das Kontaktformular auf der Seite „Kontakt“. Du kannst uns aber auch eine E-Mail schicken oder anrufen – E-Mail-Adresse und Telefonnummer findest du auf der Kontaktseite und im Fußbereich jeder Seite. Auf Nachrichten antworten wir innerhalb von 24 Stunden.',
    keywords: ['kontakt', 'hilfe', 'e-mail', 'telefon', 'anfrage'],
  },
  {
    id: 'support-passwort-vergessen',
    category: 'Support',
    question: 'Ich habe mein Passwort vergessen. Was nun?',
    answer:
      'Klicke auf der Anmeldeseite für Direktvermarkter auf „Passwort vergessen“ und gib deine E-Mail-Adresse ein. Du bekommst dann einen Link, mit dem du ein neues Passwort festlegst; er ist eine Stunde gültig und funktioniert nur einmal. Kommt keine E-Mail an, schau in deinen Spam-Ordner oder melde dich bei uns.',
    keywords: ['passwort', 'vergessen', 'zurücksetzen', 'login', 'anmeldung'],
  },
  {
    id: 'support-profil-bearbeiten',
    category: 'Support',
    question: 'Wie ändere ich mein Profil und meine Angaben?',
    answer:
      'Melde dich im Direktvermarkter-Bereich an und öffne dein Profil. Dort kannst du Beschreibung, Slogan, Kontaktdaten, Öffnungszeiten deines Hofladens, Bilder und Produktkategorien selbst pflegen. In der öffentlichen Direktvermarkter-Übersicht erscheinst du, sobald dein Vertrag läuft und wir dein Profil freigegeben haben.',
    keywords: ['profil', 'ändern', 'daten', 'übersicht', 'sichtbarkeit'],
  },
  {
    id: 'support-newsletter',
    category: 'Support',
    question: 'Wie melde ich mich für den Newsletter an oder ab?',
    answer:
      'Trag deine E-Mail-Adresse unten auf der Startseite im Newsletter-Feld ein. Danach bekommst du eine E-Mail mit einem Bestätigungslink – erst wenn du ihn anklickst, bist du angemeldet. Abmelden kannst du dich jederzeit über den Link am Ende jedes Newsletters.',
    keywords: ['newsletter', 'anmelden', 'abmelden', 'neuigkeiten'],
  },
];
