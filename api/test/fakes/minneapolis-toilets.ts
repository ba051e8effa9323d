import type { FakePlace } from './minneapolis-places.js';

/*
 * Toilets in and around Minneapolis as OpenStreetMap maps them, for the fake Overpass's box
 * queries: some tagged richly, some barely, one private, one outside the city. Positions are real
 * to a few metres; ids and tags are made up but typical of what mappers write.
 */

const minneapolis = { city: 'Minneapolis', state: 'Minnesota' };
const toilets = { key: 'amenity', value: 'toilets' };

/** Gender-neutral (`unisex=yes`), accessible, with hours and a changing table. */
export const LORING_PARK_TOILETS: FakePlace = {
  osm: { type: 'N', id: 5_550_000_001 },
  name: 'Loring Park Restrooms',
  housenumber: '1382',
  street: 'Willow Street',
  ...minneapolis,
  postcode: '55403',
  lat: 44.96934,
  lng: -93.28228,
  category: toilets,
  tags: {
    access: 'yes',
    fee: 'no',
    unisex: 'yes',
    wheelchair: 'yes',
    changing_table: 'yes',
    'toilets:disposal': 'flush',
    opening_hours: 'Mo-Fr 06:00-22:00; Sa,Su 08:00-22:00',
  },
};

/** Nameless and without an address, as most park toilets are; `gender_segregated=no`, open all day. */
export const GOLD_MEDAL_PARK_TOILETS: FakePlace = {
  osm: { type: 'N', id: 5_550_000_002 },
  housenumber: '',
  street: '',
  ...minneapolis,
  postcode: '55415',
  lat: 44.97959,
  lng: -93.25621,
  category: toilets,
  tags: { access: 'permissive', gender_segregated: 'no', 'toilets:menstrual_products': 'yes', opening_hours: '24/7' },
  untaggedAddress: true,
};

/** Separate rooms for men and women: not gender-neutral, whatever `male` and `female` say. */
export const BDE_MAKA_SKA_PAVILION_TOILETS: FakePlace = {
  osm: { type: 'W', id: 5_550_000_003 },
  name: 'Bde Maka Ska Pavilion Restrooms',
  housenumber: '3000',
  street: 'East Bde Maka Ska Parkway',
  ...minneapolis,
  postcode: '55408',
  lat: 44.94869,
  lng: -93.30882,
  category: toilets,
  tags: { access: 'yes', male: 'yes', female: 'yes', gender_segregated: 'yes', wheelchair: 'limited', opening_hours: 'May-Oct: Mo-Su 07:00-21:00' },
};

/** Staff only. */
export const HCMC_STAFF_TOILETS: FakePlace = {
  osm: { type: 'N', id: 5_550_000_004 },
  name: 'Staff Restroom',
  housenumber: '701',
  street: 'Park Avenue',
  ...minneapolis,
  postcode: '55415',
  lat: 44.97281,
  lng: -93.26205,
  category: toilets,
  tags: { access: 'private', unisex: 'yes' },
};

/** In Saint Paul, outside the Minneapolis box: a box query must not find it. */
export const RICE_PARK_TOILETS: FakePlace = {
  osm: { type: 'N', id: 5_550_000_005 },
  name: 'Rice Park Restrooms',
  housenumber: '109',
  street: 'West 4th Street',
  city: 'Saint Paul',
  state: 'Minnesota',
  postcode: '55102',
  lat: 44.94439,
  lng: -93.09905,
  category: toilets,
  tags: { access: 'yes', unisex: 'yes' },
};

export const MINNEAPOLIS_TOILETS: readonly FakePlace[] = [
  LORING_PARK_TOILETS,
  GOLD_MEDAL_PARK_TOILETS,
  BDE_MAKA_SKA_PAVILION_TOILETS,
  HCMC_STAFF_TOILETS,
  RICE_PARK_TOILETS,
];
