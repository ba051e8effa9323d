import { OnlineOnlyNotice } from '../../components/online-only-notice';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { GeocodeToolSection } from './geocode-tool-section';
import { HoursToolSection } from './hours-tool-section';

/** /api (docs/product-rules.md#admin-screens): fill in what imports left out, each tool reporting what it changed. */
export function ApiToolsPage() {
  useDocumentTitle('Geocoding and places tools');
  return (
    <section className="page page--narrow api-tools" aria-labelledby="api-tools-title">
      <h1 id="api-tools-title">Geocoding and places tools</h1>
      <OnlineOnlyNotice />
      <GeocodeToolSection />
      <HoursToolSection />
    </section>
  );
}
