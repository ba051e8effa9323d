import { NoticePage } from '@/components/notice-page';
import { useT } from '@/lib/i18n/use-t';

export function NotFoundPage() {
  const t = useT();
  return (
    <NoticePage title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
    </NoticePage>
  );
}
