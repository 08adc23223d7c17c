// /admin/sitemap (Gerador de Sitemap): domain field, 'Gerar Sitemap', tabs Prévia and XML, copy and
// download, and instructions. The server previews it with the code that serves /sitemap.xml.
import { Check, Copy, Download, LoaderCircle, Map as MapIcon } from 'lucide-react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { inputClasses } from '#src/components/ui/classes.ts';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Field, TextInput } from '#src/components/ui/Field.tsx';
import { Tabs } from '#src/components/ui/Tabs.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { api, messageOf } from '#src/lib/api.ts';
import { formatCount, formatDate } from '#src/lib/format.ts';
import { PageHeader } from './admin-kit.tsx';
import { adminScreen } from './RequireAdmin.tsx';

interface Generated {
  base: string;
  count: number;
  entries: { url: string; lastmod?: string; changefreq: string; priority: number }[];
  /** sitemap.xml, then its parts when split */
  files: string[];
  xml: string;
}

type SitemapEntry = Generated['entries'][number];

function SitemapAdmin() {
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Generated | null>(null);
  useEffect(() => setDomain(window.location.origin), []);

  async function generate(event: SubmitEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const data = await api<Generated>('/api/admin/sitemap', { query: { domain: domain.trim() } });
      setResult(data);
      toast({
        title: 'Sitemap gerado com sucesso!',
        description: `${formatCount(data.count)} URLs incluídas.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Erro ao gerar sitemap',
        description: messageOf(error, 'Ocorreu um erro ao gerar o sitemap. Tente novamente.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Gerador de Sitemap" description="Gere o sitemap.xml com as páginas reais do site." />
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <DomainForm domain={domain} onDomain={setDomain} busy={busy} onSubmit={generate} />
          {result ? (
            <SitemapResult result={result} />
          ) : (
            <EmptyState
              icon={MapIcon}
              title="Nenhum sitemap gerado"
              text="Informe o domínio e clique em 'Gerar Sitemap' para ver a prévia."
            />
          )}
        </div>
        <HowToUse domain={domain} />
      </div>
    </>
  );
}

function DomainForm(props: {
  domain: string;
  onDomain: (domain: string) => void;
  busy: boolean;
  onSubmit: (event: SubmitEvent) => void;
}) {
  return (
    <Card>
      <form onSubmit={props.onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field label="URL do domínio" hint="Inclua http:// ou https://">
            {(p) => (
              <TextInput
                {...p}
                type="url"
                inputMode="url"
                value={props.domain}
                onChange={(e) => props.onDomain(e.target.value)}
                placeholder="https://seusite.com.br"
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={props.busy} className="sm:mb-[1.375rem]">
          {props.busy ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <MapIcon aria-hidden="true" />
          )}
          Gerar Sitemap
        </Button>
      </form>
    </Card>
  );
}

/** The generated sitemap: 'Prévia' (a table) or 'XML', with copy and download. */
function SitemapResult({ result }: { result: Generated }) {
  const [tab, setTab] = useState<'preview' | 'xml'>('preview');
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(result.xml);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Copiado para a área de transferência', variant: 'success' });
    } catch {
      toast({
        title: 'Não foi possível copiar',
        description: 'Selecione o texto e copie manualmente.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Tabs
          className="mb-4"
          label="Resultado"
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'preview', label: 'Prévia' },
            { value: 'xml', label: 'XML' },
          ]}
        />
        <div className="mb-4 flex gap-2">
          <Button size="sm" variant="secondary" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copiado!' : 'Copiar XML'}
          </Button>
          <Button size="sm" onClick={() => download(result)}>
            <Download aria-hidden="true" />
            Baixar Sitemap
          </Button>
        </div>
      </div>
      {tab === 'preview' ? (
        <SitemapPreview result={result} />
      ) : (
        <textarea
          readOnly
          aria-label="XML do sitemap"
          value={result.xml}
          className={`${inputClasses} h-[32rem] font-mono text-xs`}
        />
      )}
    </Card>
  );
}

function download(result: Generated) {
  const url = URL.createObjectURL(new Blob([result.xml], { type: 'application/xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'sitemap.xml';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  // A split sitemap's parts are far too many to download; the site serves each one.
  const parts = result.files.length - 1;
  toast({
    title: 'Sitemap baixado',
    description: parts
      ? `sitemap.xml é o índice de ${formatCount(parts)} arquivos, servidos pelo site em /sitemap-1.xml a /sitemap-${parts}.xml.`
      : 'sitemap.xml',
    variant: 'success',
  });
}

function SitemapPreview({ result }: { result: Generated }) {
  return (
    <>
      <p className="mb-2 text-sm text-neutral-600">
        {formatCount(result.count)} URLs
        {result.files.length > 1 ? ` em ${result.files.length - 1} arquivos com um índice` : ''}
        {result.count > result.entries.length
          ? ` (mostrando as primeiras ${formatCount(result.entries.length)})`
          : ''}
      </p>
      <div className="max-h-[32rem] overflow-auto rounded-control border border-neutral-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="sticky top-0 bg-neutral-50 text-xs text-neutral-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                URL
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Última modificação
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Frequência
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Prioridade
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {result.entries.map((entry) => (
              <PreviewRow key={entry.url} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function PreviewRow({ entry }: { entry: SitemapEntry }) {
  return (
    <tr>
      <td className="max-w-[22rem] truncate px-3 py-2 font-mono text-xs text-neutral-800" title={entry.url}>
        {entry.url}
      </td>
      <td className="px-3 py-2 text-neutral-700">{entry.lastmod ? formatDate(entry.lastmod) : '—'}</td>
      <td className="px-3 py-2 text-neutral-700">{entry.changefreq}</td>
      <td className="px-3 py-2 text-right text-neutral-700">{entry.priority.toFixed(1)}</td>
    </tr>
  );
}

function HowToUse({ domain }: { domain: string }) {
  return (
    <Card className="text-sm text-neutral-700">
      <h2 className="mb-2 font-semibold text-neutral-900">Como usar</h2>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Coloque o arquivo <code className="rounded bg-neutral-100 px-1">sitemap.xml</code> na raiz do site
          (o site publicado já serve o seu em /sitemap.xml, sempre atualizado).
        </li>
        <li>Envie o endereço do sitemap ao Google Search Console e ao Bing Webmaster Tools.</li>
        <li>
          Adicione ao <code className="rounded bg-neutral-100 px-1">robots.txt</code> a linha{' '}
          <code className="rounded bg-neutral-100 px-1 wrap-anywhere">
            Sitemap: {domain || 'https://seusite.com.br'}/sitemap.xml
          </code>
        </li>
      </ol>
    </Card>
  );
}

export default adminScreen(SitemapAdmin);
