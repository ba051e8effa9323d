import { DATABASE_LICENCE, OPEN_DATA_PATHS, SOURCE_CREDITS } from '@allstall/shared';
import { Link } from 'react-router-dom';
import { SourceCreditLinks } from '@/components/source-credit-links';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { addRestroomPath } from '@/lib/links/app-paths';
import type { MessageId } from '@/lib/i18n/message-id';
import { Msg, useT } from '@/lib/i18n/use-t';

/** The imported sources, each credited as its licence asks (the demo listings are Refuge's too). */
const CREDITED_SOURCES: ReadonlyArray<{ label: MessageId; credit: (typeof SOURCE_CREDITS)[keyof typeof SOURCE_CREDITS] }> = [
  { label: 'about.refugeListings', credit: SOURCE_CREDITS.refuge },
  { label: 'about.osmListings', credit: SOURCE_CREDITS.osm },
];

/** The survey's figure, a share formatted as a percentage in the active language ("60%", "60 %"). */
const AVOIDED_PUBLIC_BATHROOM = 0.6;

export function AboutPage() {
  const t = useT();
  useDocumentTitle(t('nav.about'));
  return (
    <article className="page page--narrow about">
      <h1>{t('about.heading')}</h1>
      <p className="about__fact">
        <Msg id="about.fact" values={{ share: AVOIDED_PUBLIC_BATHROOM }} components={{ 0: <strong /> }} />
      </p>
      <p className="about__cite">
        {/* The report's title is English in every language: marked so a screen reader says it in English. */}
        <Msg id="about.source" components={{ 0: <cite lang="en" /> }} />
      </p>

      <h2>{t('about.whatHeading')}</h2>
      <p>{t('about.what')}</p>
      <p>
        <Msg id="about.addPrompt" components={{ 0: <Link to={addRestroomPath} /> }} />
      </p>

      <h2>{t('about.dataHeading')}</h2>
      <ul className="about__credits">
        {CREDITED_SOURCES.map(({ label, credit }) => (
          <li key={label}>
            {t(label)}: <SourceCreditLinks credit={credit} />.
          </li>
        ))}
        <li>{t('about.mapData')}</li>
        <li>
          <Msg
            id="about.addedListingsLicence"
            values={{ licence: DATABASE_LICENCE.name }}
            components={{ 0: <a href={DATABASE_LICENCE.url} target="_blank" rel="license noopener noreferrer" /> }}
          />
        </li>
      </ul>
      <p className="about__download">
        {/* Plain links, not router links: the files come from the server, and the service worker lets /api/ pass. */}
        <Msg id="about.download" components={{ 0: <a href={OPEN_DATA_PATHS.geojson} />, 1: <a href={OPEN_DATA_PATHS.csv} /> }} />
      </p>
    </article>
  );
}
