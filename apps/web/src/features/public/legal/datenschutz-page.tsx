import { RETENTION_DAYS } from '@housnkuh/shared/retention';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Prose } from '../../../components/ui/prose';
import { openCookieSettings } from '../../../lib/consent';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { ContactLines, MailLink, OperatorBlock } from './legal-parts';

/** /datenschutz: privacy statement per Art. 13 DSGVO. */
export function DatenschutzPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Datenschutzerklärung',
    `Wie ${settings.shopName} deine Daten verarbeitet: Server-Logs, Kontakt, Newsletter, Gewinnspiel, Konto für Direktvermarkter, Karten und deine Rechte.`,
    settings.shopName,
  );

  return (
    <>
      <PageHeader title="Datenschutzerklärung">
        <p>
          Hier erfährst du, welche personenbezogenen Daten wir beim Besuch dieser Website und bei
          der Nutzung unserer Angebote verarbeiten, wozu wir das tun und welche Rechte du hast.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Prose>
          <h2>Das Wichtigste in Kürze</h2>
          <ul>
            <li>Wir verwenden keine Analyse-, Tracking- oder Werbedienste.</li>
            <li>
              Wir erheben nur die Daten, die wir für die jeweilige Funktion brauchen, und löschen
              sie, sobald wir sie nicht mehr benötigen.
            </li>
            <li>
              Karten von OpenStreetMap und unseren Instagram-Feed laden wir erst, wenn du zustimmst
              oder sie ausdrücklich per Klick anforderst.
            </li>
            <li>Wir verkaufen deine Daten nicht und geben sie nicht zu Werbezwecken weiter.</li>
          </ul>

          <h2>Verantwortlicher</h2>
          <p>
            Verantwortlich für die Datenverarbeitung auf dieser Website im Sinne der
            Datenschutz-Grundverordnung (DSGVO) ist:
          </p>
          <OperatorBlock settings={settings} />
          <ContactLines settings={settings} />
          <p>
            Bei allen Fragen zum Datenschutz und zur Ausübung deiner Rechte kannst du dich jederzeit
            unter diesen Kontaktdaten an uns wenden.
          </p>

          <h2>Hosting und Server-Logdateien</h2>
          <p>
            Wenn du unsere Website aufrufst, überträgt dein Browser technisch bedingt Daten an
            unseren Server. Der Server protokolliert dabei in sogenannten Logdateien:
          </p>
          <ul>
            <li>die IP-Adresse deines Geräts,</li>
            <li>Datum und Uhrzeit des Zugriffs,</li>
            <li>die aufgerufene Seite oder Datei und die Anfragemethode,</li>
            <li>den verwendeten Browser und das Betriebssystem (User-Agent).</li>
          </ul>
          <p>
            Diese Daten brauchen wir, um die Website auszuliefern, ihre Stabilität und Sicherheit zu
            gewährleisten und Fehler oder Angriffe zu erkennen. Passwörter, Anmelde-Token und
            Bestätigungslinks werden in den Logdateien nicht oder nur unkenntlich gemacht
            gespeichert. Die Logdateien werden nach 7 Tagen automatisch gelöscht. Zum Schutz vor
            Missbrauch, etwa vor massenhaften Anmeldeversuchen, zählen wir Anfragen an Formulare und
            Anmeldungen außerdem je IP-Adresse; diese Zähler liegen nur kurzzeitig im
            Arbeitsspeicher und verfallen mit Ablauf des jeweiligen Zeitfensters.
          </p>
          <p>
            Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO. Unser berechtigtes Interesse liegt in
            einem sicheren und fehlerfreien Betrieb der Website. Setzen wir für den Betrieb der
            Server einen Dienstleister ein, verarbeitet dieser die Daten ausschließlich in unserem
            Auftrag und nach unseren Weisungen auf Grundlage eines Vertrags zur Auftragsverarbeitung
            (Art. 28 DSGVO).
          </p>

          <h2>Keine Analyse- und Trackingdienste</h2>
          <p>
            Wir setzen keine Webanalyse, kein Tracking, keine Werbenetzwerke und keine Nutzerprofile
            ein. Wir werten nicht aus, wie du dich auf unserer Website bewegst.
          </p>

          <h2>Speicherung in deinem Browser (Local Storage)</h2>
          <p>
            Cookies zu Tracking- oder Werbezwecken verwenden wir nicht. Damit die Website
            funktioniert, legen wir einige wenige Einträge im lokalen Speicher deines Browsers
            (Local Storage) ab. Diese Einträge bleiben auf deinem Gerät; sie werden nicht
            automatisch an uns übertragen. Im Einzelnen:
          </p>
          <ul>
            <li>
              <code>cookie-consent</code>: deine Auswahl im Dialog „Cookie-Einstellungen“
              („accepted“ für „Alle akzeptieren“, „declined“ für „Nur notwendige Cookies“), damit
              wir dich nicht bei jedem Besuch erneut fragen und deine Entscheidung beachten können.
            </li>
            <li>
              <code>contestBannerDismissed</code>: der Zeitpunkt, bis zu dem der Hinweis auf unseren
              Direktvermarkter-Wettbewerb ausgeblendet bleibt, nachdem du ihn geschlossen hast (24
              Stunden).
            </li>
            <li>
              <code>adminAutoRedirect</code>: nur für Administratoren – ob sie von der Startseite
              direkt in den Verwaltungsbereich weitergeleitet werden möchten.
            </li>
            <li>
              <code>vendorToken</code> und <code>vendorUser</code>: die Anmeldung von
              Direktvermarktern (Sitzungsschlüssel und die zugehörigen Kontodaten), damit sie
              angemeldet bleiben.
            </li>
            <li>
              <code>adminToken</code> und <code>user</code>: die Anmeldung von Administratoren
              (Sitzungsschlüssel und die zugehörigen Kontodaten).
            </li>
          </ul>
          <p>
            Die Anmeldeeinträge entstehen nur, wenn du dich anmeldest. Sie werden beim Abmelden
            entfernt; die Sitzung selbst endet spätestens nach 7 Tagen (Direktvermarkter) bzw. nach
            8 Stunden (Administratoren). Alle Einträge kannst du jederzeit über die Einstellungen
            deines Browsers löschen.
          </p>
          <p>
            Diese Speicherung ist unbedingt erforderlich, um die von dir gewünschten Funktionen
            bereitzustellen, und deshalb ohne Einwilligung zulässig (§ 25 Abs. 2 Nr. 2 TDDDG, früher
            TTDSG). Soweit dabei personenbezogene Daten verarbeitet werden, ist Rechtsgrundlage Art.
            6 Abs. 1 lit. b DSGVO (Anmeldung) bzw. Art. 6 Abs. 1 lit. f DSGVO (Speichern deiner
            Auswahl und des ausgeblendeten Hinweises).
          </p>
          <p>
            Deine Auswahl kannst du jederzeit ändern:{' '}
            <button
              type="button"
              onClick={openCookieSettings}
              className="font-semibold text-coral-darker underline underline-offset-2"
            >
              Cookie-Einstellungen öffnen
            </button>
            . Dieselbe Möglichkeit bietet der Link „Cookie-Einstellungen“ im Fußbereich jeder Seite.
          </p>

          <h2>Karten und Instagram-Feed</h2>
          <p>
            Einige Inhalte stammen von anderen Anbietern. Sie werden erst geladen, wenn du im Dialog
            „Cookie-Einstellungen“ auf „Alle akzeptieren“ geklickt hast oder den Inhalt über die
            Schaltfläche im Platzhalter ausdrücklich für diesen Seitenaufruf anforderst. Vorher
            stellt dein Browser keine Verbindung zu diesen Anbietern her. Rechtsgrundlage ist deine
            Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG.
          </p>

          <h3>Kartenkacheln von OpenStreetMap</h3>
          <p>
            Auf den Seiten zum Standort, zum Kontakt und zu unseren Direktvermarktern zeigen wir
            Karten. Die Kartenbilder (Kacheln) lädt dein Browser vom Tile-Server von OpenStreetMap.
            Anbieter ist die OpenStreetMap Foundation, St John’s Innovation Centre, Cowley Road,
            Cambridge, CB4 0WS, United Kingdom. Dabei werden deine IP-Adresse sowie technische
            Angaben wie Browsertyp und der angezeigte Kartenausschnitt an die OpenStreetMap
            Foundation übermittelt. Für das Vereinigte Königreich besteht ein
            Angemessenheitsbeschluss der Europäischen Kommission (Art. 45 DSGVO), der ein
            angemessenes Datenschutzniveau bestätigt. Weitere Informationen findest du in der{' '}
            <a href="https://osmfoundation.org/wiki/Privacy_Policy" rel="noopener noreferrer">
              Datenschutzerklärung der OpenStreetMap Foundation
            </a>
            .
          </p>

          <h3>Instagram-Feed</h3>
          <p>
            Auf unserer Startseite können wir aktuelle Beiträge aus unserem Instagram-Profil in
            einem eingebetteten Feed zeigen. Lädst du den Feed, erhält der Anbieter deine IP-Adresse
            und technische Angaben zu deinem Browser; er kann außerdem Cookies setzen und, wenn du
            bei Instagram angemeldet bist, den Aufruf deinem Konto zuordnen. Anbieter von Instagram
            ist die Meta Platforms Ireland Limited, Merrion Road, Dublin 4, Ireland. Daten können
            dabei auch an die Meta Platforms, Inc. in den USA übermittelt werden; Meta ist nach dem
            EU-U.S. Data Privacy Framework zertifiziert, für das ein Angemessenheitsbeschluss der
            Europäischen Kommission besteht. Einzelheiten findest du in der{' '}
            <a href="https://privacycenter.instagram.com/policy" rel="noopener noreferrer">
              Datenschutzrichtlinie von Instagram
            </a>
            .
          </p>

          <h3>Widerruf deiner Einwilligung</h3>
          <p>
            Du kannst deine Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen, indem du
            in den Cookie-Einstellungen „Nur notwendige Cookies“ wählst. Die Rechtmäßigkeit der bis
            dahin erfolgten Verarbeitung bleibt davon unberührt.
          </p>

          <h2>Links zu sozialen Netzwerken</h2>
          <p>
            Auf unsere Auftritte bei Instagram, Facebook und TikTok verweisen wir mit einfachen
            Links. Solange du einen solchen Link nicht anklickst, werden keine Daten an diese
            Netzwerke übertragen. Erst nach dem Klick gelangst du auf die Seite des jeweiligen
            Anbieters, für die dessen eigene Datenschutzbestimmungen gelten.
          </p>

          <h2>Kontaktformular und Kontakt per E-Mail oder Telefon</h2>
          <p>
            Wenn du uns über das <Link to="/kontakt">Kontaktformular</Link> schreibst, verarbeiten
            wir deinen Namen, deine E-Mail-Adresse, deine Telefonnummer (freiwillig), den Betreff
            und deine Nachricht. Dasselbe gilt sinngemäß, wenn du uns eine E-Mail schreibst oder
            anrufst. Wir nutzen diese Daten ausschließlich, um deine Anfrage zu bearbeiten und dir
            zu antworten.
          </p>
          <p>
            Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn deine Anfrage mit einem Vertrag
            oder dessen Anbahnung zusammenhängt (zum Beispiel eine Frage zur Anmietung einer
            Verkaufsfläche), und im Übrigen Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse
            liegt darin, Anfragen zu beantworten. Wir speichern deine Anfrage, bis sie erledigt ist,
            und löschen sie danach, spätestens jedoch nach 6 Monaten, sofern keine gesetzlichen
            Aufbewahrungspflichten entgegenstehen.
          </p>

          <h2>Newsletter</h2>
          <p>
            Für unseren Newsletter, in dem wir über Neuigkeiten aus dem Laden und neue
            Direktvermarkter berichten, verarbeiten wir deine E-Mail-Adresse, freiwillig deinen
            Namen und die Angabe, ob du Kundin bzw. Kunde oder Direktvermarkter bist.
          </p>
          <p>
            Wir verwenden das Double-Opt-in-Verfahren: Nach der Anmeldung erhältst du eine E-Mail
            mit einem Bestätigungslink, der 7 Tage gültig ist. Erst wenn du diesen Link aufrufst,
            nehmen wir dich in den Verteiler auf. So stellen wir sicher, dass niemand eine fremde
            E-Mail-Adresse eintragen kann. Als Nachweis deiner Einwilligung speichern wir den
            Zeitpunkt der Anmeldung und der Bestätigung sowie die Fassung (Version und Wortlaut) des
            Einwilligungstextes, dem du zugestimmt hast.
          </p>
          <p>
            Bestätigst du die Anmeldung nicht, löschen wir deine Angaben samt Einwilligungsnachweis{' '}
            {RETENTION_DAYS.unconfirmedNewsletter} Tage nach Ablauf des Bestätigungslinks
            automatisch.
          </p>
          <p>
            Rechtsgrundlage für den Versand ist deine Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO;
            die Protokollierung der Einwilligung dient dem Nachweis nach Art. 7 Abs. 1 DSGVO. Du
            kannst den Newsletter jederzeit abbestellen und damit deine Einwilligung widerrufen –
            über den Abmeldelink, der in jeder Newsletter-Mail steht, oder mit einer kurzen
            Nachricht an <MailLink settings={settings} />. Nach der Abmeldung nehmen wir dich aus
            dem Verteiler. Den Nachweis deiner Einwilligung bewahren wir nur so lange auf, wie wir
            ihn zur Abwehr möglicher Ansprüche benötigen, längstens bis zum Ablauf der regelmäßigen
            Verjährungsfrist von drei Jahren (Art. 6 Abs. 1 lit. f DSGVO).
          </p>

          <h2>Direktvermarkter-Wettbewerb (Gewinnspiel)</h2>
          <p>
            Wenn du an unserem <Link to="/vendors">Direktvermarkter-Wettbewerb</Link> teilnimmst,
            verarbeiten wir deinen Namen, deine E-Mail-Adresse, deine Telefonnummer (freiwillig) und
            deine drei Tipps, welche Direktvermarkter bei uns einziehen. Wir nutzen die Daten, um
            den Wettbewerb durchzuführen, die Gewinnerinnen und Gewinner zu ermitteln und sie per
            E-Mail zu benachrichtigen.
          </p>
          <p>
            Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, da die Teilnahme ein Vertragsverhältnis
            nach den Teilnahmebedingungen begründet. Wir löschen die Daten, sobald der Wettbewerb
            beendet ist und die Gewinnerinnen und Gewinner benachrichtigt sind, spätestens jedoch
            drei Monate nach dem Einsendeschluss.
          </p>

          <h2>Registrierung und Konto für Direktvermarkter</h2>
          <h3>Welche Daten wir verarbeiten</h3>
          <p>
            Wenn du dich als Direktvermarkter registrierst und eine Verkaufsfläche buchst,
            verarbeiten wir:
          </p>
          <ul>
            <li>
              Konto- und Anmeldedaten: Name, E-Mail-Adresse, Telefonnummer und dein Passwort, das
              wir nie im Klartext, sondern nur als kryptografischen Hashwert speichern;
            </li>
            <li>
              Profildaten: Name deines Betriebs, Slogan, Beschreibung, Produktkategorien,
              Öffnungszeiten, Website, Links zu sozialen Netzwerken und Bilder, soweit du sie
              angibst;
            </li>
            <li>Anschrift deines Betriebs;</li>
            <li>
              Paket- und Buchungsdaten: gewählte Verkaufsflächen, Provisionsmodell,
              Zusatzleistungen, Laufzeit und Bemerkungen;
            </li>
            <li>
              Vertrags- und Abrechnungsdaten: Verträge, Verkaufsumsätze, Abrechnungen, Rechnungen
              und die Bankverbindung für Auszahlungen.
            </li>
          </ul>

          <h3>Zweck und Rechtsgrundlage</h3>
          <p>
            Wir verarbeiten diese Daten, um dein Konto zu führen, deine Buchungsanfragen zu
            bearbeiten, den Mietvertrag abzuschließen und durchzuführen, deine Verkäufe abzurechnen
            und dich zu deinem Vertrag zu informieren. Nach der Registrierung bestätigst du deine
            E-Mail-Adresse über einen Link, der 24 Stunden gültig ist; innerhalb von 2 Werktagen
            melden wir uns bei dir. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Vertrag und
            vorvertragliche Maßnahmen) sowie, soweit wir gesetzliche Pflichten erfüllen, Art. 6 Abs.
            1 lit. c DSGVO. Näheres regeln unsere{' '}
            <Link to="/agb">Allgemeinen Geschäftsbedingungen für Direktvermarkter</Link>.
          </p>

          <h3>Öffentliches Profil, Verzeichnis und Karte</h3>
          <p>
            Dein öffentliches Profil – also Betriebsname, Beschreibung, Produktkategorien,
            Öffnungszeiten, Kontaktangaben, Links und Standort, soweit du sie für die
            Veröffentlichung angibst – zeigen wir im Direktvermarkter-Verzeichnis, auf deiner
            Profilseite und auf der Karte. Das geschieht erst, wenn du einen laufenden Vertrag oder
            Probemonat hast und wir dein Profil freigegeben haben. Die Veröffentlichung ist Teil
            unserer vertraglichen Leistung (Art. 6 Abs. 1 lit. b DSGVO).
          </p>

          <h3>Standortbestimmung (Geokodierung)</h3>
          <p>
            Damit wir deinen Betrieb auf der Karte zeigen können, ermittelt unser Server aus der
            Anschrift deines Betriebs die Koordinaten. Dafür wird ausschließlich deine
            Betriebsanschrift verarbeitet. Die Browser der Besucherinnen und Besucher unserer
            Website nehmen dabei zu keinem Zeitpunkt Kontakt zu einem Geokodierungsdienst auf.
          </p>

          <h3>Speicherdauer</h3>
          <p>
            Wir speichern deine Daten, solange dein Konto besteht und solange wir sie für die
            Durchführung und Abwicklung deines Vertrags benötigen. Danach löschen wir sie, soweit
            keine gesetzlichen Aufbewahrungspflichten bestehen. Nach § 147 AO und § 257 HGB bewahren
            wir Handels- und Geschäftsbriefe 6 Jahre, Buchungsbelege wie Rechnungen und Abrechnungen
            8 Jahre sowie Bücher, Inventare und Jahresabschlüsse 10 Jahre auf. Die Fristen beginnen
            mit dem Ende des Kalenderjahres, in dem die Unterlage entstanden ist. Während dieser
            Zeit sperren wir die Daten für jede andere Verwendung. Dein öffentliches Profil nehmen
            wir mit dem Ende deines Vertrags aus dem Verzeichnis und von der Karte.
          </p>
          <p>
            Bestätigst du deine E-Mail-Adresse nach der Registrierung nicht, löschen wir das Konto
            samt Buchungsanfrage {RETENTION_DAYS.unconfirmedAccounts} Tage nach der Registrierung
            automatisch.
          </p>

          <h2>E-Mail-Versand</h2>
          <p>
            E-Mails – etwa Bestätigungslinks, Antworten auf Anfragen, Benachrichtigungen zu
            Buchungen und Verträgen sowie den Newsletter – versenden wir über unseren eigenen
            Mailserver. Die Übertragung erfolgt transportverschlüsselt, soweit die beteiligten
            Mailserver das unterstützen. Wir werten nicht aus, ob oder wann du unsere E-Mails
            öffnest.
          </p>
          <p>
            Eine Kopie jeder E-Mail bewahren wir {RETENTION_DAYS.mails} Tage nach dem Versand auf,
            um Fragen zur Zustellung beantworten zu können; Links zum Bestätigen oder zum
            Zurücksetzen eines Passworts entfernen wir daraus schon beim Versand. Auch E-Mails, die
            sich nicht zustellen ließen, löschen wir nach {RETENTION_DAYS.mails} Tagen.
          </p>

          <h2>Empfänger deiner Daten</h2>
          <p>
            Deine Daten sehen bei uns nur die Personen, die sie für ihre Aufgabe brauchen. Wir geben
            sie an Dritte nur weiter, wenn das zur Vertragserfüllung erforderlich ist (zum Beispiel
            an Banken für Auszahlungen oder an Steuerberater für die Buchhaltung), wenn du
            eingewilligt hast oder wenn wir gesetzlich dazu verpflichtet sind. Dienstleister, die in
            unserem Auftrag Daten verarbeiten, sind vertraglich an unsere Weisungen gebunden (Art.
            28 DSGVO). In Länder außerhalb der Europäischen Union bzw. des Europäischen
            Wirtschaftsraums gelangen Daten nur in den oben beschriebenen Fällen (OpenStreetMap,
            Instagram).
          </p>

          <h2>Bereitstellung deiner Daten</h2>
          <p>
            Du bist weder gesetzlich noch vertraglich verpflichtet, uns personenbezogene Daten zu
            geben. Ohne die als Pflichtfelder gekennzeichneten Angaben können wir deine Anfrage,
            deine Newsletter-Anmeldung, deine Teilnahme am Wettbewerb oder deine Registrierung als
            Direktvermarkter allerdings nicht bearbeiten; für den Abschluss eines Mietvertrags sind
            sie erforderlich.
          </p>

          <h2>SSL- bzw. TLS-Verschlüsselung</h2>
          <p>
            Diese Website nutzt aus Sicherheitsgründen eine SSL- bzw. TLS-Verschlüsselung. Du
            erkennst eine verschlüsselte Verbindung daran, dass die Adresszeile deines Browsers mit
            „https://“ beginnt und ein Schloss-Symbol zeigt. Bei aktiver Verschlüsselung können die
            Daten, die du an uns übermittelst, nicht von Dritten mitgelesen werden.
          </p>

          <h2>Deine Rechte</h2>
          <p>Dir stehen uns gegenüber folgende Rechte zu:</p>
          <ul>
            <li>Auskunft über die zu dir gespeicherten Daten (Art. 15 DSGVO),</li>
            <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
            <li>Löschung deiner Daten (Art. 17 DSGVO),</li>
            <li>Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
            <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
            <li>Widerspruch gegen die Verarbeitung (Art. 21 DSGVO),</li>
            <li>
              Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3
              DSGVO).
            </li>
          </ul>
          <p>
            Um deine Rechte auszuüben, genügt eine formlose Nachricht an{' '}
            <MailLink settings={settings} /> oder über unser{' '}
            <Link to="/kontakt">Kontaktformular</Link>.
          </p>

          <h3>Widerspruchsrecht nach Art. 21 DSGVO</h3>
          <p>
            <strong>
              Verarbeiten wir deine Daten auf Grundlage berechtigter Interessen (Art. 6 Abs. 1 lit.
              f DSGVO), kannst du aus Gründen, die sich aus deiner besonderen Situation ergeben,
              jederzeit Widerspruch gegen diese Verarbeitung einlegen. Wir verarbeiten die Daten
              dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe nachweisen,
              die deine Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient
              der Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen.
            </strong>
          </p>

          <h3>Beschwerderecht bei einer Aufsichtsbehörde</h3>
          <p>
            Du hast das Recht, dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, wenn du
            meinst, dass die Verarbeitung deiner Daten gegen die DSGVO verstößt (Art. 77 DSGVO). Für
            uns zuständig ist:
          </p>
          <p>
            Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)
            <br />
            Promenade 18
            <br />
            91522 Ansbach
            <br />
            <a href="https://www.lda.bayern.de" rel="noopener noreferrer">
              www.lda.bayern.de
            </a>
          </p>

          <h2>Keine automatisierte Entscheidungsfindung</h2>
          <p>
            Wir treffen keine Entscheidungen, die ausschließlich auf einer automatisierten
            Verarbeitung einschließlich Profiling beruhen (Art. 22 DSGVO). Über Buchungsanfragen und
            die Freigabe von Profilen entscheiden bei uns Menschen.
          </p>

          <h2>Änderungen dieser Datenschutzerklärung</h2>
          <p>
            Wir passen diese Datenschutzerklärung an, wenn sich unsere Angebote oder die Rechtslage
            ändern. Es gilt jeweils die hier veröffentlichte Fassung.
          </p>
          <p>Stand: November 2026</p>
        </Prose>
      </div>
    </>
  );
}
