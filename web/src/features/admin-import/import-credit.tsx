import { Fragment } from 'react';
import { SOURCE_CREDITS } from '@allstall/shared';
import { SourceCreditLinks } from '@/components/source-credit-links';
import { Msg } from '@/lib/i18n/use-t';
import type { MessageId } from '@/lib/i18n/message-id';

const LEAD: Readonly<Record<'refuge' | 'osm', MessageId>> = { refuge: 'adminImport.credit.refuge', osm: 'adminImport.credit.osm' };

/** The credit and licence of each source an import section shows listings of, as their licences ask. */
export function ImportCredit({ sources }: { sources: ReadonlyArray<keyof typeof LEAD> }) {
  return (
    <p className="import-credit">
      {sources.map((source, at) => (
        <Fragment key={source}>
          {at > 0 && ' '}
          <Msg id={LEAD[source]} components={{ 0: <SourceCreditLinks credit={SOURCE_CREDITS[source]} /> }} />
        </Fragment>
      ))}
    </p>
  );
}
