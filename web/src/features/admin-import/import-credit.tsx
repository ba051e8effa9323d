import { Fragment } from 'react';
import { SOURCE_CREDITS } from '@allstall/shared';
import { SourceCreditLinks } from '../../components/source-credit-links';

const LEAD = { refuge: 'Listings by', osm: 'Toilet data' } as const;

/** The credit and licence of each source an import section shows listings of, as their licences ask. */
export function ImportCredit({ sources }: { sources: ReadonlyArray<keyof typeof LEAD> }) {
  return (
    <p className="import-credit">
      {sources.map((source, at) => (
        <Fragment key={source}>
          {at > 0 && ' '}
          {LEAD[source]} <SourceCreditLinks credit={SOURCE_CREDITS[source]} />.
        </Fragment>
      ))}
    </p>
  );
}
