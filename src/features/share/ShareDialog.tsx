// 'Compartilhar' on a group page opens 'Compartilhar Grupo': WhatsApp first and green (where the group
// lives), then Facebook and Twitter in new windows, the device's own share sheet where there is one, and
// copy the link ('Link copiado!' toast for 3 s, copied icon for 2 s). Each share is registered with
// POST /api/groups/{id}/share (best effort).
import { Check, Copy, MessageCircle, Share2, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { buttonClasses } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { registerShare } from './register-share.ts';
import { DIALOG_COPIED_ICON_MS, DIALOG_COPIED_TOAST_MS, shareTargets } from './share.ts';

interface Props {
  groupId: string;
  title: string;
  url: string;
}

const WINDOW_FEATURES = 'noopener,noreferrer,width=600,height=540';

/** WhatsApp first and green, then Facebook and Twitter, and the device's own sheet where there is one. */
function ShareTargets({ groupId, title, url }: Props) {
  const targets = shareTargets(url, title).filter((target) =>
    ['whatsapp', 'facebook', 'twitter'].includes(target.platform),
  );
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  async function shareNative() {
    try {
      await navigator.share({ title, url });
      registerShare(groupId, 'native');
    } catch {
      // dismissed: nothing shared
    }
  }
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {targets.map((target) => (
        <a
          key={target.platform}
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            window.open(target.href, '_blank', WINDOW_FEATURES);
            registerShare(groupId, target.platform);
          }}
          className={
            target.platform === 'whatsapp'
              ? `${buttonClasses({ block: true, size: 'lg' })} sm:col-span-2`
              : buttonClasses({ variant: 'secondary', block: true })
          }
        >
          {target.platform === 'whatsapp' && <MessageCircle aria-hidden="true" />}
          {target.platform === 'whatsapp' ? `Enviar no ${target.label}` : target.label}
        </a>
      ))}
      {canShare && (
        <Button
          type="button"
          variant="ghost"
          block
          className="sm:col-span-2"
          onClick={() => void shareNative()}
        >
          <Smartphone aria-hidden="true" />
          Mais opções
        </Button>
      )}
    </div>
  );
}

/** The dialog itself, controlled (the static group page mounts it on the first press). */
export function ShareDialogPanel({
  groupId,
  title,
  url,
  open,
  onOpenChange,
}: Props & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), DIALOG_COPIED_ICON_MS);
      toast({ title: 'Link copiado!', variant: 'success', duration: DIALOG_COPIED_TOAST_MS });
      registerShare(groupId, 'clipboard');
    } catch {
      toast({
        title: 'Não foi possível copiar o link',
        variant: 'destructive',
        duration: DIALOG_COPIED_TOAST_MS,
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Compartilhar Grupo" description={title}>
      <ShareTargets groupId={groupId} title={title} url={url} />
      <div className="mt-4 flex gap-2">
        <input
          readOnly
          value={url}
          aria-label="Link do grupo"
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-control border border-neutral-300 bg-neutral-50 px-3 text-sm text-neutral-800"
        />
        <Button type="button" variant="secondary" onClick={() => void copyLink()} aria-label="Copiar link">
          {copied ? <Check aria-hidden="true" className="text-brand-700" /> : <Copy aria-hidden="true" />}
          <span className="hidden sm:inline">{copied ? 'Copiado' : 'Copiar'}</span>
        </Button>
      </div>
    </Dialog>
  );
}

/** 'Compartilhar' and its dialog, for pages rendered by an island. */
export default function ShareDialog(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" size="lg" onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Compartilhar
      </Button>
      <ShareDialogPanel {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
