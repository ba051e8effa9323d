import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { addRestroomPath } from '../../lib/app-paths';

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
        <li>
          Restroom listings: <a href="https://www.refugerestrooms.org">Refuge Restrooms contributors</a>, shared under{' '}
          <a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a>.
        </li>
        <li>Map data: © OpenStreetMap contributors.</li>
      </ul>
    </article>
  );
}
