import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '@/test/render-route';
import { appAddress } from './qr-code-page';

describe('/minnedemo', () => {
  it('draws a QR code for this deployment’s own address, and prints the address beside it', async () => {
    await renderRoute('/minnedemo');
    const address = `${window.location.origin}/bathrooms`;

    const image = await screen.findByRole('img', { name: `QR code for ${address}` });
    const svg = decodeURIComponent((image.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain('<path');
    expect(screen.getByRole('link', { name: address }).getAttribute('href')).toBe(address);
  });

  it('points at whichever host serves the app', () => {
    expect(appAddress('https://pee.example.org')).toBe('https://pee.example.org/bathrooms');
  });
});
