import { DATABASE_LICENCE, OPEN_DATA_PATHS, SOURCE_CREDITS } from '@allstall/shared';
import { Link } from 'react-router-dom';
import { SourceCreditLinks } from '../../components/source-credit-links';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { addRestroomPath } from '../../lib/app-paths';

/** The imported sources, each credited as its licence asks (the demo listings are Refuge's too). */
const CREDITED_SOURCES = [
  { label: 'Restroom listings from Refuge Restrooms', credit: SOURCE_CREDITS.refuge },
  { label: 'Restroom listings from OpenStreetMap', credit: SOURCE_CREDITS.osm },
];

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <article className="page page--narrow about">
      <h1>Did you know?</h1>
      <p className="about__fact">
        Nearly <strong>60%</strong> of trans Americans avoided using a public bathroom in the last year, for fear of
        confrontation or harassment.
      </p>
      <p className="about__cite">
        Source: <cite>The Report of the 2015 U.S. Transgender Survey</cite>, National Center for Transgender Equality.
      </p>

      <h2>What allstall is</h2>
      <p>
        allstall helps trans, nonbinary and gender non-conforming people find gender-neutral and single-stall restrooms
        nearby, so you can pee in peace. Every listing is saved on your device, so the list, distances, opening hours and
        details keep working with one bar of signal or none at all.
      </p>
      <p>
        Know a place that belongs here? <Link to={addRestroomPath}>Add a bathroom</Link>.
      </p>

      <h2>Where the data comes from</h2>
      <ul className="about__credits">
        {CREDITED_SOURCES.map(({ label, credit }) => (
          <li key={label}>
            {label}: <SourceCreditLinks credit={credit} />.
          </li>
        ))}
        <li>Map data: © OpenStreetMap contributors.</li>
        <li>
          Listings people add here are shared under the{' '}
          <a href={DATABASE_LICENCE.url} target="_blank" rel="license noopener noreferrer">
            {DATABASE_LICENCE.name}
          </a>
          , as is the collection as a whole.
        </li>
      </ul>
      <p className="about__download">
        {/* Plain links, not router links: the files come from the server, and the service worker lets /api/ pass. */}
        Download the data: <a href={OPEN_DATA_PATHS.geojson}>GeoJSON</a>, <a href={OPEN_DATA_PATHS.csv}>CSV</a>. Each
        listing names its source and licence; please credit them when you reuse it.
      </p>
    </article>
  );
}
