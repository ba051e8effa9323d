import { Link } from 'react-router-dom';
import { BrandMark } from '../../components/brand-mark';
import { bathroomsPath } from '../../lib/app-paths';

/** The product title; always takes people to the list (spec: logo or title → /bathrooms). */
export function BrandLink({ tagline = true }: { tagline?: boolean }) {
  return (
    <Link to={bathroomsPath} className="brand-link">
      <BrandMark />
      <span className="brand-link__words">
        <span className="brand-link__name">allstall</span>
        {tagline && <span className="brand-link__tagline">Pee in peace.</span>}
      </span>
    </Link>
  );
}
