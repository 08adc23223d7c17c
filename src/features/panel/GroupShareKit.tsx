// 'QR code e selo': a QR code of the group's page (PNG and SVG downloads, drawn in the browser by the
// qrcode package, fetched only when the dialog opens) and the 'Estamos no Grupos de Zap' badge snippet.
import { Check, Copy, Download, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { buttonClasses, cx, inputClasses } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { Skeleton } from '#src/components/ui/Skeleton.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { BADGE_STYLE, BADGE_TEXT, badgeSnippet, badgeTitle } from './badge.ts';

type Qr = { status: 'loading' } | { status: 'error' } | { status: 'ok'; png: string; svg: string };

function useQr(url: string, enabled: boolean): Qr {
  const [qr, setQr] = useState<Qr>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setQr({ status: 'loading' });
    import('qrcode')
      .then(async ({ default: QRCode }) => {
        const options = {
          errorCorrectionLevel: 'M' as const,
          margin: 2,
          color: { dark: '#052e16', light: '#ffffff' },
        };
        const [png, svg] = await Promise.all([
          QRCode.toDataURL(url, { ...options, width: 1024 }),
          QRCode.toString(url, { ...options, type: 'svg' }),
        ]);
        if (live)
          setQr({ status: 'ok', png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => live && setQr({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [url, enabled]);
  return qr;
}

/** A file name from the group's page path: /vendas/ofertas-top -> qr-ofertas-top. */
const fileName = (url: string) => `qr-${new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'grupo'}`;

/** The QR code of the group's page, made when the dialog opens, with its PNG and SVG downloads. */
function QrSection({ title, url, open }: { title: string; url: string; open: boolean }) {
  const qr = useQr(url, open);
  return (
    <section aria-labelledby="qr-title" className="flex flex-col items-center gap-3">
      <h3 id="qr-title" className="self-start text-sm font-semibold text-neutral-900">
        QR code da página do grupo
      </h3>
      {qr.status === 'loading' && <Skeleton className="size-48" />}
      {qr.status === 'error' && (
        <p className="text-sm text-red-700">Não foi possível gerar o QR code. Tente abrir de novo.</p>
      )}
      {qr.status === 'ok' && (
        <>
          <img
            src={qr.png}
            alt={`QR code que abre a página do grupo ${title}`}
            width={192}
            height={192}
            className="size-48 rounded-control border border-neutral-200"
          />
          <div className="flex flex-wrap justify-center gap-2">
            <a href={qr.png} download={`${fileName(url)}.png`} className={buttonClasses({ size: 'sm' })}>
              <Download aria-hidden="true" /> Baixar PNG
            </a>
            <a
              href={qr.svg}
              download={`${fileName(url)}.svg`}
              className={buttonClasses({ size: 'sm', variant: 'secondary' })}
            >
              <Download aria-hidden="true" /> Baixar SVG
            </a>
          </div>
        </>
      )}
      <p className="max-w-full truncate text-xs text-neutral-600">{url}</p>
    </section>
  );
}

/** The badge as it shows on the owner's site, its HTML to copy, and 'Copiar código'. */
function BadgeSection({ title, url }: { title: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const snippet = badgeSnippet({ title, url });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Não foi possível copiar',
        description: 'Selecione o código e copie.',
      });
    }
  };

  return (
    <section aria-labelledby="badge-title" className="flex flex-col gap-3">
      <h3 id="badge-title" className="text-sm font-semibold text-neutral-900">
        Selo para o seu site
      </h3>
      <div className="flex justify-center rounded-control bg-neutral-50 p-4">
        <a href={url} title={badgeTitle(title)} target="_blank" rel="noopener" style={BADGE_STYLE}>
          {BADGE_TEXT}
        </a>
      </div>
      <label htmlFor="badge-snippet" className="text-sm text-neutral-700">
        Copie este código e cole no HTML do seu site:
      </label>
      <textarea
        id="badge-snippet"
        readOnly
        rows={4}
        value={snippet}
        onFocus={(e) => e.currentTarget.select()}
        className={cx(inputClasses, 'h-auto font-mono text-xs')}
      />
      <Button onClick={copy} variant={copied ? 'secondary' : 'primary'}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Código copiado' : 'Copiar código'}
      </Button>
    </section>
  );
}

export function GroupShareKit({ title, path }: { title: string; path: string }) {
  const [open, setOpen] = useState(false);
  const url = new URL(path, typeof window === 'undefined' ? 'http://localhost' : window.location.origin).href;

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <QrCode aria-hidden="true" /> QR code e selo
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="QR code e selo"
        description="Divulgue a página do seu grupo em cartazes, redes sociais e no seu site."
        size="xl"
      >
        {/* Side by side from 640 px: stacked, the dialog was taller than an 800 px window. */}
        <div className="flex flex-col gap-6 sm:grid sm:grid-cols-2">
          <QrSection title={title} url={url} open={open} />

          <BadgeSection title={title} url={url} />
        </div>
      </Dialog>
    </>
  );
}
