import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useT } from '@/lib/i18n/use-t';

/** The address people scan to: this deployment's own, so a demo on any host points at itself. */
export function appAddress(origin: string = window.location.origin): string {
  return `${origin}/bathrooms`;
}

type QrState = { kind: 'drawing' } | { kind: 'ready'; svg: string } | { kind: 'failed' };

/** /minnedemo: a QR code to hand the app to someone across the table. Drawn on the device, so it works offline. */
export function QrCodePage() {
  const t = useT();
  useDocumentTitle(t('nav.showQrCode'));
  const address = appAddress();
  const [qr, setQr] = useState<QrState>({ kind: 'drawing' });

  useEffect(() => {
    let current = true;
    // Error correction M survives a scuffed screen or glare; the margin is the quiet zone scanners need.
    qrSvg(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#1b1f3b', light: '#ffffff' } })
      .then((svg) => current && setQr({ kind: 'ready', svg }))
      .catch(() => current && setQr({ kind: 'failed' }));
    return () => {
      current = false;
    };
  }, [address]);

  return (
    <section className="page page--narrow qr-page">
      <h1>{t('qrCode.heading')}</h1>
      <p>{t('qrCode.lede')}</p>
      <div className="qr-page__code">
        {qr.kind === 'drawing' && <Spinner label={t('qrCode.drawing')} />}
        {qr.kind === 'ready' && (
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`} alt={t('qrCode.imageAlt', { address })} width={280} height={280} />
        )}
        {qr.kind === 'failed' && (
          <p className="notice notice--problem" role="alert">
            {t('qrCode.failed')}
          </p>
        )}
      </div>
      <p className="qr-page__address">
        <a href={address}>{address}</a>
      </p>
    </section>
  );
}
