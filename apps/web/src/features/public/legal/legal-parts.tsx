import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { telHref } from '../../../lib/site-settings';

/**
 * Small pieces the legal pages share: the operator's name and address
 * (Impressum, controller in the privacy statement, contract partner in the AGB)
 * and the contact lines. Every value comes from the site settings; optional
 * legal fields are shown only when they are set.
 */

function isSoleTrader(legalForm: string): boolean {
  return legalForm === '' || /einzel|e\.\s?k\.|eingetragene[rn]? kauf/i.test(legalForm);
}

/** 'Inhaberin/Inhaber' for sole traders, 'Vertreten durch' for companies. */
export function ownerLabel(settings: SiteSettings): string {
  return isSoleTrader(settings.legal.legalForm.trim()) ? 'Inhaberin/Inhaber' : 'Vertreten durch';
}

/** Responsible for editorial content (§ 18 Abs. 2 MStV): the named person, else the owner, else the business. */
export function contentResponsibleName(settings: SiteSettings): string {
  const { contentResponsible, ownerName, operatorName } = settings.legal;
  return contentResponsible.trim() || ownerName.trim() || operatorName;
}

/** The street address as two lines. */
export function AddressLines({ settings }: { settings: SiteSettings }) {
  const a = settings.address;
  return (
    <>
      {a.strasse} {a.hausnummer}
      <br />
      {a.plz} {a.ort}
    </>
  );
}

/** Name, legal form, owner and address of the business running the shop. */
export function OperatorBlock({
  settings,
  showLegalForm = true,
}: {
  settings: SiteSettings;
  showLegalForm?: boolean;
}) {
  const legal = settings.legal;
  const legalForm = legal.legalForm.trim();
  const ownerName = legal.ownerName.trim();
  return (
    <p>
      {legal.operatorName}
      <br />
      {showLegalForm && legalForm && (
        <>
          Rechtsform: {legalForm}
          <br />
        </>
      )}
      {ownerName && (
        <>
          {ownerLabel(settings)}: {ownerName}
          <br />
        </>
      )}
      <AddressLines settings={settings} />
    </p>
  );
}

/** Phone and e-mail as links. */
export function ContactLines({ settings }: { settings: SiteSettings }) {
  return (
    <p>
      Telefon: <a href={telHref(settings.phone)}>{settings.phone}</a>
      <br />
      E-Mail: <a href={`mailto:${settings.email}`}>{settings.email}</a>
    </p>
  );
}

/** The shop's e-mail address as a mail link. */
export function MailLink({ settings }: { settings: SiteSettings }) {
  return <a href={`mailto:${settings.email}`}>{settings.email}</a>;
}
