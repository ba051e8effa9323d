import type { RestroomSource } from '../schemas/restroom.js';

/*
 * Whose data a restroom's listing is and under which licence it may be reused: shown under an
 * imported listing (the restroom detail page), on the About page, and in every row and header of
 * the open-data export (docs/product-rules.md#open-data, docs/integrations.md#licences).
 */

/** A licence, by its SPDX identifier where it has one. */
export interface DataLicence {
  id: string;
  name: string;
  url: string;
}

const ODBL_1_0: DataLicence = {
  id: 'ODbL-1.0',
  name: 'ODbL 1.0',
  url: 'https://opendatacommons.org/licenses/odbl/1-0/',
};

const CC_BY_SA_4_0: DataLicence = {
  id: 'CC-BY-SA-4.0',
  name: 'CC BY-SA 4.0',
  url: 'https://creativecommons.org/licenses/by-sa/4.0/',
};

/** Who to credit for a source's listings and where their work lives. */
export interface SourceCredit {
  /** The credit as it must be given: '© OpenStreetMap contributors'. */
  attribution: string;
  /** The page the credit links to (the source's copyright page); null for people's own listings here. */
  url: string | null;
  licence: DataLicence;
}

/**
 * The licence of the export as a whole and of the listings people add here. The export is one
 * database that takes in OpenStreetMap's (ODbL, share-alike for the database), so ODbL is the one
 * licence the whole can carry; Refuge's rows keep their own CC BY-SA 4.0, named on each row.
 */
export const DATABASE_LICENCE: DataLicence = ODBL_1_0;

const REFUGE_CREDIT: SourceCredit = {
  attribution: 'Refuge Restrooms contributors',
  url: 'https://www.refugerestrooms.org',
  licence: CC_BY_SA_4_0,
};

/** Each source's credit. The demo listings are a Refuge Restrooms extract, so they carry its credit. */
export const SOURCE_CREDITS: { readonly [S in RestroomSource]: SourceCredit } = {
  refuge: REFUGE_CREDIT,
  demo: REFUGE_CREDIT,
  osm: {
    attribution: '© OpenStreetMap contributors',
    url: 'https://www.openstreetmap.org/copyright',
    licence: ODBL_1_0,
  },
  user: {
    attribution: 'allstall contributors',
    url: null,
    licence: DATABASE_LICENCE,
  },
};

/** The credit a listing must show where it appears: null for a person's own addition here, which needs none. */
export function importedListingCredit(source: RestroomSource): SourceCredit | null {
  return source === 'user' ? null : SOURCE_CREDITS[source];
}
