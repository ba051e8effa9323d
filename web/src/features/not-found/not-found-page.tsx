import { NoticePage } from '../../components/notice-page';

export function NotFoundPage() {
  return (
    <NoticePage title="404: Page not found">
      <p>There's nothing at this address.</p>
    </NoticePage>
  );
}
