import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { clientConfigFor, DEFAULT_TILE_URL } from '@allstall/shared';
import { metaSet } from '@/lib/db/db';
import { renderRoute } from '@/test/render-route';
import { testServices } from '@/test/services';

const year = new Date().getFullYear();

describe('the footer', () => {
  it('names the configured author once the kept settings are read, and no one before', async () => {
    const services = testServices();
    await metaSet(services.db, 'clientConfig', clientConfigFor({ authorName: 'Twin Cities Pee Crew', tileUrl: DEFAULT_TILE_URL, tileAttribution: '' }));
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const footer = document.querySelector('footer');
      if (footer?.textContent) seen.push(footer.textContent);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });

    await renderRoute('/about', { services });
    await waitFor(() => expect(screen.getByRole('contentinfo').textContent).toBe(`© ${year} Twin Cities Pee Crew`));
    observer.disconnect();
    expect(seen.filter((text) => text.includes('©') && !text.includes('Twin Cities Pee Crew'))).toEqual([]);
  });

  it('keeps an empty line, not the product’s name, before the server has ever been reached', async () => {
    await renderRoute('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('contentinfo').textContent).toBe('\u00a0');
  });
});
