// What other features may use of the address search; the rest of this folder is its own business.
export { AddressSearch } from './address-search';
export { useAddressLookup, type AddressLookup } from './use-address-lookup';
