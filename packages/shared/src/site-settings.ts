import type { SiteSettings } from './schemas/settings';

/**
 * The first values, from the spec and docs/product/brand-and-settings.md. The phone number is a
 * placeholder that cannot exist (German subscriber numbers never start with 0)
 * until an admin sets the real one (docs/decisions/0006-site-settings.md).
 * This file has no runtime dependency, so the web app's first bundle stays small.
 */
export const INITIAL_SITE_SETTINGS: SiteSettings = {
  shopName: 'housnkuh',
  address: { strasse: 'Strauer Str.', hausnummer: '15', plz: '96317', ort: 'Kronach' },
  coordinates: { lat: 50.24112, lng: 11.327709 },
  phone: '09261 000000',
  email: 'info@housnkuh.de',
  openingHours: 'Erweiterte Öffnungszeiten, 7 Tage die Woche',
  social: {
    instagram: 'https://www.instagram.com/housnkuh/',
    facebook: 'https://www.facebook.com/housnkuh/',
    tiktok: 'https://www.tiktok.com/@housnkuh',
  },
  instagramWidgetUrl: '',
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '© OpenStreetMap-Mitwirkende',
  openingDate: null,
  // docs/product/contest.md: on, with no closing date (the spec's 01.06.2025 has passed)
  contest: { active: true, closingDate: null },
  legal: {
    operatorName: 'housnkuh',
    ownerName: '',
    legalForm: '',
    vatId: '',
    registerEntry: '',
    contentResponsible: '',
  },
};
