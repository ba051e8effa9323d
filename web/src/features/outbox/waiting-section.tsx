import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useMyOutbox } from './use-my-outbox';
import { WaitingItem } from './waiting-item';

export const WAITING_SECTION_ID = 'waiting';

/**
 * 'Waiting to be sent' on the profile: every write of this person still on the device. Shown only
 * when there is one; the status bar's 'Review' link lands here.
 */
export function WaitingSection({ userId }: { userId: string }) {
  const writes = useMyOutbox(userId);
  const headingRef = useRef<HTMLHeadingElement>(null);
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
    <section id={WAITING_SECTION_ID} className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title" ref={headingRef} tabIndex={-1}>
        Waiting to be sent
      </h2>
      <ul className="waiting__list">
        {writes.map((write) => (
          <WaitingItem key={write.row.id} write={write} />
        ))}
      </ul>
    </section>
  );
}
