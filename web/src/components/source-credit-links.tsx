import type { SourceCredit } from '@allstall/shared';

/**
 * A source's credit and licence, both linked, as its licence asks wherever its data is shown:
 * "Refuge Restrooms contributors, shared under CC BY-SA 4.0" (docs/integrations.md#licences).
 */
export function SourceCreditLinks({ credit }: { credit: SourceCredit }) {
  return (
    <>
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
    </>
  );
}
