import { OnlineOnlyNotice } from '@/components/online-only-notice';
import { BackToAdmin, OtherAdminPages } from '../admin';
import { apiToolsPath } from '@/lib/links/app-paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { GeocodeToolSection } from './geocode-tool-section';
import { HoursToolSection } from './hours-tool-section';
import { useT } from '@/lib/i18n/use-t';

/** /api (docs/product-rules.md#admin-screens): fill in what imports left out, each tool reporting what it changed. */
export function ApiToolsPage() {
  const t = useT();
  useDocumentTitle(t('apiTools.title'));
  return (
    <section className="page page--narrow api-tools" aria-labelledby="api-tools-title">
      <BackToAdmin />
      <h1 id="api-tools-title">{t('apiTools.title')}</h1>
      <OtherAdminPages current={apiToolsPath} />
      <OnlineOnlyNotice />
      <GeocodeToolSection />
      <HoursToolSection />
    </section>
  );
}
