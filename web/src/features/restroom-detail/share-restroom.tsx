import { useState } from 'react';
import { addressLine, type Restroom } from '@allstall/shared';
import { ShareIcon } from '@/components/icons';
import { useClientConfig } from '@/hooks/use-client-config';
import { restroomPath } from '@/lib/links/app-paths';
import { useT, type Translate } from '@/lib/i18n/use-t';

/** What a share hands over: the restroom's name, a line with its name and address, and its address on the web. */
export interface RestroomShare {
  title: string;
  text: string;
  url: string;
}

function restroomShare(t: Translate, restroom: Restroom, address: string, origin: string): RestroomShare {
  return { title: restroom.name, text: t('share.text', { name: restroom.name, address }), url: `${origin}${restroomPath(restroom.id)}` };
}

/** What the last press came to: nothing to say, the link copied, or copying refused. */
type ShareOutcome = 'none' | 'copied' | 'copyFailed';

/** The browser's share sheet, where it has one (most phones; few desktops). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

async function copyLink(url: string): Promise<ShareOutcome> {
  try {
    // No clipboard at all (an insecure origin, an old browser) is a refusal like any other.
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'copyFailed';
  }
}

/**
 * 'Share' opens the phone's share sheet with the restroom's name, address and link; a browser
 * without one offers 'Copy link' instead, and says 'Link copied', or when copying is refused shows
 * the link to copy by hand. A share the person cancels says nothing: they meant it.
 */
export function ShareRestroom({ restroom }: { restroom: Restroom }) {
  const t = useT();
  const { region } = useClientConfig();
  const [outcome, setOutcome] = useState<ShareOutcome>('none');
  const sheet = canShare();
  const share = restroomShare(t, restroom, addressLine(restroom, region), window.location.origin);

  const press = async () => {
    setOutcome('none');
    if (!sheet) {
      setOutcome(await copyLink(share.url));
      return;
    }
    try {
      await navigator.share(share);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // The sheet refused (no user activation left, a policy): the link can still be copied.
      setOutcome(await copyLink(share.url));
    }
  };

  // A button and the line below it, placed among the page's other links (their row wraps).
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void press()}>
        <ShareIcon size={20} />
        {t(sheet ? 'share.button' : 'share.copyLink')}
      </button>
      {/* Always present, so screen readers hear what the press came to when it appears. */}
      <p role="status" className="share-restroom__status">
        {outcome === 'copied' && t('share.copied')}
        {outcome === 'copyFailed' && t('share.copyFailed')}
      </p>
      {outcome === 'copyFailed' && <p className="share-restroom__link">{share.url}</p>}
    </>
  );
}
