import { importedListingCredit, type RestroomSource } from '@allstall/shared';
import { SourceCreditLinks } from '@/components/source-credit-links';
import { Msg } from '@/lib/i18n/use-t';

/**
 * The small print under an imported listing: whose data it is and the licence it is shared under,
 * which Refuge's CC BY-SA and OpenStreetMap's ODbL both ask for wherever their data is shown
 * (docs/integrations.md#licences). A listing someone added here needs no credit.
 */
export function SourceCredit({ source }: { source: RestroomSource }) {
  const credit = importedListingCredit(source);
  if (credit === null) return null;
  // '© OpenStreetMap contributors' reads as the credit itself; 'Refuge Restrooms contributors' needs a 'from'.
  return (
    <p className="restroom-detail__credit">
      <Msg id={credit.attribution.startsWith('©') ? 'credit.listing' : 'credit.listingFrom'} components={{ 0: <SourceCreditLinks credit={credit} /> }} />
    </p>
  );
}
