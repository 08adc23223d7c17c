// /admin/importacao: tabs import (CSV upload, per-row results 'Linha {row}: {error}') and export
// (download of every group as CSV).
import { Download, FileSpreadsheet, LoaderCircle, Upload } from 'lucide-react';
import { type SubmitEvent, useRef, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, TOKEN_KEY } from '#src/lib/api.ts';
import { formatCount } from '#src/lib/format.ts';
import { CSV_MESSAGES } from './admin.schema.ts';
import { adminScreen } from './RequireAdmin.tsx';
import { messageOf, PageHeader } from './ui.tsx';

interface ImportResult {
  results: { total: number; success: number; failed: number; failures: { row: number; error: string }[] };
  message: string;
}

function ImportTab() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  function pick(next: File | null) {
    setResult(null);
    if (next && !next.name.toLowerCase().endsWith('.csv')) {
      toast({
        title: CSV_MESSAGES.wrongFormatTitle,
        description: CSV_MESSAGES.wrongFormat,
        variant: 'destructive',
      });
      setFile(null);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(next);
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (!file) {
      toast({ title: 'Nenhum arquivo', description: CSV_MESSAGES.noFile, variant: 'destructive' });
      return;
    }
    const body = new FormData();
    body.set('csvFile', file);
    setBusy(true);
    try {
      const data = await api<ImportResult>('/api/admin/groups/import', { method: 'POST', body });
      setResult(data);
      if (data.results.failures.length)
        toast({
          title: 'Erro na importação',
          description: data.message,
          variant: data.results.success ? 'default' : 'destructive',
        });
      else toast({ title: 'Importação concluída', description: data.message, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Erro na importação',
        description: messageOf(error, 'Não foi possível importar o arquivo.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <Card>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <label
            htmlFor="csv-file"
            className="flex cursor-pointer flex-col items-center gap-2 rounded-card border-2 border-dashed border-neutral-300 px-4 py-10 text-center hover:border-brand-600 hover:bg-brand-50/40 focus-within:border-brand-700"
          >
            <FileSpreadsheet aria-hidden="true" className="size-10 text-brand-700" />
            <span className="font-semibold text-neutral-900">
              {file ? file.name : 'Escolha um arquivo CSV'}
            </span>
            <span className="text-sm text-neutral-600">
              {file ? `${formatCount(Math.ceil(file.size / 1024))} KB` : 'Até 5MB e 5.000 linhas'}
            </span>
            <input
              id="csv-file"
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              onChange={(e) => pick(e.target.files?.[0] ?? null)}
            />
          </label>
          <Button type="submit" disabled={busy} className="self-start">
            {busy ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {busy ? 'Importando…' : 'Importar grupos'}
          </Button>
        </form>
        {result && (
          <section aria-label="Resultado da importação" className="mt-6 border-t border-neutral-200 pt-4">
            <p className="font-semibold text-neutral-900">{result.message}</p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
              {[
                ['Linhas', result.results.total],
                ['Importados', result.results.success],
                ['Com erro', result.results.failed],
              ].map(([label, n]) => (
                <div key={label} className="rounded-control bg-neutral-50 p-3">
                  <dt className="text-xs text-neutral-600">{label}</dt>
                  <dd className="text-xl font-bold text-neutral-900">{formatCount(Number(n))}</dd>
                </div>
              ))}
            </dl>
            {result.results.failures.length > 0 && (
              <ul
                className="mt-4 max-h-72 overflow-y-auto rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-900"
                data-testid="import-failures"
              >
                {result.results.failures.map((f) => (
                  <li key={`${f.row}-${f.error}`}>
                    Linha {f.row}: {f.error}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </Card>
      <Card className="text-sm text-neutral-700">
        <h2 className="mb-2 font-semibold text-neutral-900">Formato do arquivo</h2>
        <p>
          Primeira linha com os nomes das colunas: <code className="rounded bg-neutral-100 px-1">titulo</code>
          , <code className="rounded bg-neutral-100 px-1">imagem</code> e{' '}
          <code className="rounded bg-neutral-100 px-1">link</code>; opcionais{' '}
          <code className="rounded bg-neutral-100 px-1">descricao</code> e{' '}
          <code className="rounded bg-neutral-100 px-1">categoria</code>.
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          <li>
            O link deve começar com https://chat.whatsapp.com/ (grupo) ou https://whatsapp.com/channel/
            (canal)
          </li>
          <li>Imagem: só o nome do arquivo (por exemplo foto.jpg) ou vazio.</li>
          <li>Sem categoria, o grupo vai para a primeira categoria da lista.</li>
          <li>
            Grupos importados são publicados já aprovados; linhas com erro ou links repetidos são ignoradas e
            listadas.
          </li>
        </ul>
      </Card>
    </div>
  );
}

function ExportTab() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const headers: Record<string, string> = {};
      const token = localStorage.getItem(TOKEN_KEY);
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch('/api/admin/groups/export', { headers, credentials: 'include' });
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
        Baixe todos os grupos em CSV com título, descrição, link, categoria, status de aprovação e data de
        criação. Células que parecem fórmulas são protegidas para abrir com segurança em planilhas.
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
      <div role="tabpanel">{tab === 'import' ? <ImportTab /> : <ExportTab />}</div>
    </>
  );
}

export default adminScreen(ImportExport);
