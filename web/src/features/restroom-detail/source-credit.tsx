import { importedListingCredit, type RestroomSource } from '@allstall/shared';

/**
 * The small print under an imported listing: whose data it is and the licence it is shared under,
 * which Refuge's CC BY-SA and OpenStreetMap's ODbL both ask for wherever their data is shown
 * (docs/integrations.md#licences). A listing someone added here needs no credit.
 */
export function SourceCredit({ source }: { source: RestroomSource }) {
  const credit = importedListingCredit(source);
  if (credit === null) return null;
  // '© OpenStreetMap contributors' reads as the credit itself; 'Refuge Restrooms contributors' needs a 'from'.
  const lead = credit.attribution.startsWith('©') ? 'Listing ' : 'Listing from ';
  return (
    <p className="restroom-detail__credit">
      {lead}
      {credit.url === null ? (
        credit.attribution
      ) : (
        <a href={credit.url} target="_blank" rel="noopener noreferrer">
          {credit.attribution}
        </a>
      )}
      , shared under{' '}
      <a href={credit.licence.url} target="_blank" rel="license noopener noreferrer">
        {credit.licence.name}
      </a>
      .
    </p>
  );
}
