// Loaded on the first press of 'Compartilhar' on a static group page: React, the dialog and a toast
// region arrive only when the visitor asks for them (the page itself ships no island).
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Toaster } from '#src/components/ui/Toaster.tsx';
import { ShareDialogPanel } from './ShareDialog.tsx';

export interface ShareDialogData {
  groupId: string;
  title: string;
  url: string;
}

let root: Root | undefined;
let returnFocus: HTMLElement | null = null;

function Mounted({ data, hasToaster }: { data: ShareDialogData; hasToaster: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ShareDialogPanel
        {...data}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) returnFocus?.focus();
        }}
      />
      {!hasToaster && <Toaster />}
    </>
  );
}

/** Open 'Compartilhar Grupo' for a group (mounting React the first time). */
export function openShareDialog(data: ShareDialogData, trigger: HTMLElement | null) {
  returnFocus = trigger;
  if (!root) {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  }
  const hasToaster = Boolean(document.querySelector('[data-keep-interactive]'));
  // A fresh key reopens the dialog on every press.
  root.render(<Mounted key={Date.now()} data={data} hasToaster={hasToaster} />);
}
