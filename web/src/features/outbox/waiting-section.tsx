import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useFocusRescue, type FocusFallback } from '@/hooks/use-focus-rescue';
import { useT } from '@/lib/i18n/use-t';
import { useMyOutbox } from './use-my-outbox';
import { WaitingItem } from './waiting-item';
import { WAITING_SECTION_ID } from './waiting-section-id';

/**
 * 'Waiting to be sent' on the profile: every write of this person still on the device. Shown only
 * when there is one; the status bar's 'Review' link lands here. Focus on an item that goes moves to
 * the heading, or to `returnFocusTo` when the last one goes and the section with it.
 */
export function WaitingSection({ userId, returnFocusTo }: { userId: string; returnFocusTo?: FocusFallback }) {
  const t = useT();
  const writes = useMyOutbox(userId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rescueFocus = useFocusRescue(returnFocusTo);
  // A dialog can outlive the section (the last write was sent while it was open).
  const toHeading = () => headingRef.current ?? returnFocusTo?.();
  const { hash } = useLocation();
  const present = writes !== undefined && writes.length > 0;

  // The list arrives after the page does, too late for the router's own jump to #waiting.
  useEffect(() => {
    if (!present || hash !== `#${WAITING_SECTION_ID}`) return;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [present, hash]);

  if (!present) return null;
  return (
    <section ref={rescueFocus} id={WAITING_SECTION_ID} className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title" ref={headingRef} tabIndex={-1}>
        {t('writes.waiting.title')}
      </h2>
      <ul className="state-list">
        {writes.map((write) => (
          <WaitingItem key={write.row.id} write={write} returnFocusTo={toHeading} />
        ))}
      </ul>
    </section>
  );
}
