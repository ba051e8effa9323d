import type { SourceCredit } from '@allstall/shared';
import { Msg } from '../lib/i18n/use-t';

/**
 * A source's credit and licence, both linked, as its licence asks wherever its data is shown:
 * "Refuge Restrooms contributors, shared under CC BY-SA 4.0" (docs/integrations.md#licences).
 */
export function SourceCreditLinks({ credit }: { credit: SourceCredit }) {
  return (
    <Msg
      id="credit.sharedUnder"
      values={{ attribution: credit.attribution, licence: credit.licence.name }}
      components={{
        0: credit.url === null ? <></> : <a href={credit.url} target="_blank" rel="noopener noreferrer" />,
        1: <a href={credit.licence.url} target="_blank" rel="license noopener noreferrer" />,
      }}
    />
  );
}
