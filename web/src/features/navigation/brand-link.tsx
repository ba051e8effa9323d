import { Link } from 'react-router-dom';
import { BrandMark } from '@/components/brand-mark';
import { bathroomsPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

/** The product title; always takes people to the list (spec: logo or title → /bathrooms). */
export function BrandLink({ tagline = true }: { tagline?: boolean }) {
  const t = useT();
  return (
    <Link to={bathroomsPath} className="brand-link">
      <BrandMark />
      <span className="brand-link__words">
        {/* i18n-exempt: the product's name, the same in every language */}
        <span className="brand-link__name">allstall</span>
        {tagline && <span className="brand-link__tagline">{t('shell.tagline')}</span>}
      </span>
    </Link>
  );
}
