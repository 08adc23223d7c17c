// Loaded on the first press of 'Denunciar' on a static group page: React, the dialog and a toast
// region arrive only when the visitor asks for them.
import '#src/lib/zod-jitless.ts';
import { createRoot, type Root } from 'react-dom/client';
import { Toaster } from '#src/components/ui/Toaster.tsx';
import ReportDialog from './ReportDialog.tsx';

let root: Root | undefined;

/** Open 'Denunciar grupo' for a group (mounting React the first time). */
export function openReportDialog(groupId: string, trigger: HTMLElement | null) {
  if (!root) {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  }
  const hasToaster = Boolean(document.querySelector('[data-keep-interactive]'));
  // A fresh key reopens the dialog on every press.
  root.render(
    <>
      <ReportDialog key={Date.now()} groupId={groupId} startOpen onClosed={() => trigger?.focus()} />
      {!hasToaster && <Toaster />}
    </>,
  );
}
