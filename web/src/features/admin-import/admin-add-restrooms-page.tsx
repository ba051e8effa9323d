import { OnlineOnlyNotice } from '@/components/online-only-notice';
import { BackToAdmin, OtherAdminPages } from '../admin';
import { adminAddRestroomsPath } from '@/lib/links/app-paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ImportRunSection } from './import-run-section';
import { OsmImportSection } from './osm-import-section';
import { RefugeImportSection } from './refuge-import-section';
import { useT } from '@/lib/i18n/use-t';

/** /admin/addbathrooms: listings from outside sources, reviewed, then added to the database. */
export function AdminAddRestroomsPage() {
  const t = useT();
  useDocumentTitle(t('adminImport.title'));
  return (
    <section className="page admin-page admin-import" aria-labelledby="admin-import-title">
      <BackToAdmin />
      <h1 id="admin-import-title">{t('adminImport.title')}</h1>
      <OtherAdminPages current={adminAddRestroomsPath} />
      <OnlineOnlyNotice />
      <RefugeImportSection />
      <OsmImportSection />
      <ImportRunSection />
    </section>
  );
}
