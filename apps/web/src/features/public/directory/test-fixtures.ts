import type {
  DirectoryResponse,
  PublicTag,
  PublicVendor,
} from '@housnkuh/shared/schemas/directory';

/** Test data only (not imported by the app). */
export function tag(slug: string, name: string): PublicTag {
  return {
    id: `tag-${slug}`,
    name,
    slug,
    icon: null,
    color: '#2f7d32',
    description: null,
    category: 'produkt',
  };
}

export function vendor(overrides: Partial<PublicVendor> & { id: string }): PublicVendor {
  return {
    name: 'Anna Müller',
    unternehmen: 'Hof Müller',
    slogan: 'Frisch vom Feld',
    beschreibung: 'Wir bauen Gemüse an.\n\nUnd halten Hühner.',
    profilBild: '/api/images/11111111-2222-3333-4444-555555555555/192',
    bannerBild: null,
    telefon: '09261 0123',
    email: 'anna@hof-mueller.example',
    website: 'https://www.hof-mueller.example',
    verifyStatus: 'verified',
    adresse: {
      strasse: 'Hauptstraße',
      hausnummer: '3',
      plz: '96317',
      ort: 'Kronach',
      koordinaten: { lat: 50.24, lng: 11.33 },
    },
    socialMedia: { facebook: null, instagram: 'https://www.instagram.com/hof_mueller_demo' },
    oeffnungszeiten: {
      montag: '8–18 Uhr',
      dienstag: '',
      mittwoch: '',
      donnerstag: '',
      freitag: '8–12 Uhr',
      samstag: '',
      sonntag: '',
    },
    tags: [tag('obst-gemuese', 'Obst & Gemüse'), tag('eier', 'Eier')],
    mietfaecher: [
      {
        id: 'unit-a1',
        name: 'A1',
        beschreibung: null,
        standort: 'Regalwand links',
        groesse: '80 × 39 × 67 cm',
        preis: 3500,
      },
    ],
    kategorien: ['Obst & Gemüse', 'Eier'],
    registrationDate: '2025-05-01T00:00:00.000Z',
    ...overrides,
  };
}

export function directoryResponse(
  vendors: PublicVendor[],
  pagination: Partial<DirectoryResponse['pagination']> = {},
  allTags: PublicTag[] = [tag('obst-gemuese', 'Obst & Gemüse'), tag('eier', 'Eier')],
): DirectoryResponse {
  const totalCount = pagination.totalCount ?? vendors.length;
  const totalPages = pagination.totalPages ?? Math.max(1, Math.ceil(totalCount / 20));
  const currentPage = pagination.currentPage ?? 1;
  return {
    success: true,
    message: 'ok',
    vendors,
    pagination: {
      currentPage,
      totalPages,
      totalCount,
      hasPrevPage: currentPage > 1,
      hasNextPage: currentPage < totalPages,
      totalCountCapped: pagination.totalCountCapped ?? false,
    },
    availableFilters: { verifyStatuses: ['verified', 'pending', 'unverified'], allTags },
  };
}
