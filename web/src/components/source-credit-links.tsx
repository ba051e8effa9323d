import { SOURCE_CREDITS, type SourceCredit } from '@allstall/shared';
import { Msg, useT } from '../lib/i18n/use-t';
import type { MessageId } from '../lib/i18n/message-id';

/*
 * The credits said in the reader's language: "la comunidad de Refuge Restrooms", not "Refuge Restrooms
 * contributors" inside a Spanish sentence. The licences ask for a credit in any reasonable manner, and
 * a translated one is. '© OpenStreetMap contributors' stays as its licence writes it
 * (docs/translation-glossary.md#names-we-keep); the export keeps every credit's English.
 */
const ATTRIBUTION_MESSAGES: ReadonlyMap<string, MessageId> = new Map([
  [SOURCE_CREDITS.refuge.attribution, 'credit.attribution.refuge'],
  [SOURCE_CREDITS.user.attribution, 'credit.attribution.allstall'],
]);

/**
 * A source's credit and licence, both linked, as its licence asks wherever its data is shown:
 * "Refuge Restrooms contributors, shared under CC BY-SA 4.0" (docs/integrations.md#licences).
 */
export function SourceCreditLinks({ credit }: { credit: SourceCredit }) {
  const t = useT();
  const known = ATTRIBUTION_MESSAGES.get(credit.attribution);
  return (
    <Msg
      id="credit.sharedUnder"
      values={{ attribution: known === undefined ? credit.attribution : t(known), licence: credit.licence.name }}
      components={{
        0: credit.url === null ? <></> : <a href={credit.url} target="_blank" rel="noopener noreferrer" />,
        1: <a href={credit.licence.url} target="_blank" rel="license noopener noreferrer" />,
      }}
    />
  );
}
