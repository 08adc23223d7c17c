// /admin/importacao: tabs import (CsvImport: a file of any length in parts, with progress and the
// per-row results 'Linha {row}: {error}') and export (every group as CSV, in the import's format).
import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { messageOf } from '#src/lib/api.ts';
import { PageHeader } from './admin-kit.tsx';
import { CsvImport } from './CsvImport.tsx';
import { adminScreen } from './RequireAdmin.tsx';

function ExportTab() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const res = await fetch('/api/admin/groups/export', { credentials: 'include' });
      if (!res.ok)
        throw new Error(
          ((await res.json().catch(() => ({}))) as { message?: string }).message ?? `Erro ${res.status}`,
        );
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'grupos.csv';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: 'Exportação iniciada', description: name, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Erro na exportação',
        description: messageOf(error, 'Não foi possível exportar os grupos.'),
        variant: 'destructive',
      });
    } finally {
      // The spec re-enables the button after 2 s.
      setTimeout(() => setBusy(false), 2000);
    }
  }
  return (
    <Card className="max-w-2xl">
      <h2 className="font-semibold text-neutral-900">Exportar grupos</h2>
      <p className="mt-1 text-sm text-neutral-600">
        Baixe todos os grupos em CSV com título, descrição, link, categoria, imagem, status de aprovação e
        data de criação, no mesmo formato da importação: o arquivo pode ser importado de volta. Células que
        parecem fórmulas são protegidas para abrir com segurança em planilhas.
      </p>
      <Button onClick={download} disabled={busy} className="mt-4">
        {busy ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Exportar CSV
      </Button>
    </Card>
  );
}

function ImportExport() {
  const [tab, setTab] = useState<'import' | 'export'>('import');
  return (
    <>
      <PageHeader
        title="Importação e exportação"
        description="Importe grupos de uma planilha CSV ou exporte o catálogo."
      />
      <Tabs
        className="mb-4"
        label="Importação e exportação"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'import', label: 'Importar' },
          { value: 'export', label: 'Exportar' },
        ]}
      />
      <div role="tabpanel">{tab === 'import' ? <CsvImport /> : <ExportTab />}</div>
    </>
  );
}

export default adminScreen(ImportExport);
