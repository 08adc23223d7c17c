// The import tab of /admin/importacao. A file of any length is read in the browser and sent in parts
// of whole records (splitCsv: at most IMPORT_PART rows, ~1 MB and a few picture addresses each, so
// every request ends well inside a function's time limit); each part answers its own results, added
// up here under a progress bar ('Importando… 42.000 de 100.000 linhas'). At the end: the totals and
// every row error and warning with its line in the file, on screen and as a CSV to download.
import { AlertTriangle, Download, FileSpreadsheet, LoaderCircle, Upload } from 'lucide-react';
import { type RefObject, type SubmitEvent, useRef, useState } from 'react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { CSV_MESSAGES } from '#src/features/csv/csv.schema.ts';
import { CSV_HEADER, type CsvPart, neutraliseCell, splitCsv } from '#src/features/csv/csv.ts';
import { INVITE_LINK_MESSAGE } from '#src/features/groups/groups.ts';
import { IMAGE_MAX_LABEL } from '#src/features/images/group-image.ts';
import { ApiError, api, messageOf } from '#src/lib/api.ts';
import { countLabel, formatCount } from '#src/lib/format.ts';

/** One request's share of the file (see docs/decisions/0006-csv-import-in-parts.md). */
export const IMPORT_PART = { maxRows: 500, maxChars: 1_000_000, maxImages: 24 };
const FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Rows listed on screen; the download has them all. */
const SHOWN_PROBLEMS = 500;

interface PartResult {
  results: {
    total: number;
    success: number;
    failed: number;
    failures: { row: number; error: string }[];
    warnings: { row: number; warning: string }[];
  };
  message: string;
}

interface Problem {
  row: number;
  kind: 'Erro' | 'Aviso';
  text: string;
}

interface Progress {
  done: number;
  total: number;
  success: number;
  failed: number;
  problems: Problem[];
  /** Set when the import stopped before the end. */
  stopped?: string;
  finished: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries of one part: a server that timed out answers the key's 409 until its try is known dead (~35 s). */
const PART_TRIES = 6;

/**
 * One part, tried again when the network or the server fails (a 4xx is the file's fault: no retry),
 * every try with the part's own Idempotency-Key: a retry gets the first try's answer when it finished,
 * waits (409) while it runs, and imports again after a try that died, counting the rows that try
 * wrote as imported (as `retry=1` says).
 */
async function sendPart(fileName: string, text: string, lineOffset: number): Promise<PartResult> {
  const idempotencyKey = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    const body = new FormData();
    body.set('csvFile', new Blob([text], { type: 'text/csv' }), fileName);
    try {
      const retry = attempt ? '&retry=1' : '';
      return await api<PartResult>(`/api/admin/groups/import?lineOffset=${lineOffset}${retry}`, {
        method: 'POST',
        body,
        idempotencyKey,
      });
    } catch (error) {
      const retry =
        !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || error.status === 409;
      if (!retry || attempt >= PART_TRIES - 1) throw error;
      await wait(error instanceof ApiError && error.status === 409 ? 8000 : 2000);
    }
  }
}

function problemsCsv(problems: Problem[]): string {
  const quote = (cell: string) => `"${neutraliseCell(cell).replace(/"/g, '""')}"`;
  const lines = problems.map((p) => [String(p.row), p.kind, p.text].map(quote).join(','));
  return `\uFEFFlinha,tipo,motivo\r\n${lines.join('\r\n')}\r\n`;
}

function downloadProblems(problems: Problem[]) {
  const url = URL.createObjectURL(new Blob([problemsCsv(problems)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'erros-da-importacao.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Send the parts one after another, adding up their results; stops at a failed part or when cancelled. */
async function importParts(
  fileName: string,
  parts: CsvPart[],
  cancelled: { current: boolean },
  show: (progress: Progress) => void,
): Promise<Progress> {
  const state: Progress = {
    done: 0,
    total: parts.reduce((n, p) => n + p.rows, 0),
    success: 0,
    failed: 0,
    problems: [],
    finished: false,
  };
  show({ ...state });
  for (const part of parts) {
    if (cancelled.current) {
      state.stopped = `Importação interrompida: ${countLabel(state.total - state.done, 'linha não enviada', 'linhas não enviadas')}.`;
      break;
    }
    try {
      const { results } = await sendPart(fileName, part.text, part.lineOffset);
      state.done += part.rows;
      state.success += results.success;
      state.failed += results.failed;
      for (const f of results.failures) state.problems.push({ row: f.row, kind: 'Erro', text: f.error });
      for (const w of results.warnings ?? [])
        state.problems.push({ row: w.row, kind: 'Aviso', text: w.warning });
    } catch (error) {
      const line = part.lineOffset + 2;
      state.stopped = `A importação parou na linha ${formatCount(line)}: ${messageOf(error, 'erro de conexão')}. As linhas anteriores foram importadas.`;
      break;
    }
    show({ ...state, problems: [...state.problems] });
  }
  state.finished = true;
  state.problems.sort((a, b) => a.row - b.row);
  return state;
}

/** The closing toast: stopped, done with errors, or done. */
function announce(state: Progress) {
  const summary = `${formatCount(state.success)} de ${countLabel(state.total, 'grupo importado', 'grupos importados')}`;
  if (state.stopped)
    toast({ title: 'Importação incompleta', description: state.stopped, variant: 'destructive' });
  else if (state.failed)
    toast({ title: 'Importação concluída com erros', description: summary, variant: 'default' });
  else toast({ title: 'Importação concluída', description: summary, variant: 'success' });
}

export function CsvImport() {
  const input = useRef<HTMLInputElement>(null);
  const cancelled = useRef(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);

  function pick(next: File | null) {
    setProgress(null);
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
    if (file.size > FILE_MAX_BYTES) {
      toast({
        title: 'Arquivo grande demais',
        description: CSV_MESSAGES.tooLargeFile,
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    cancelled.current = false;
    const parts = [...splitCsv(await file.text(), IMPORT_PART)];
    const state = await importParts(file.name, parts, cancelled, setProgress);
    setProgress({ ...state });
    setBusy(false);
    announce(state);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <Card>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <FilePicker input={input} file={file} busy={busy} onPick={pick} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Upload aria-hidden="true" />
              )}
              {busy ? 'Importando…' : 'Importar grupos'}
            </Button>
            {busy && (
              <Button type="button" variant="secondary" onClick={() => (cancelled.current = true)}>
                Interromper
              </Button>
            )}
          </div>
        </form>
        {progress && <ImportProgress progress={progress} />}
      </Card>
      <FormatHelp />
    </div>
  );
}

function FilePicker(props: {
  input: RefObject<HTMLInputElement | null>;
  file: File | null;
  busy: boolean;
  onPick: (file: File | null) => void;
}) {
  const { file } = props;
  return (
    <label
      htmlFor="csv-file"
      className="flex cursor-pointer flex-col items-center gap-2 rounded-card border-2 border-dashed border-neutral-300 px-4 py-10 text-center hover:border-brand-600 hover:bg-brand-50/40 focus-within:border-brand-700"
    >
      <FileSpreadsheet aria-hidden="true" className="size-10 text-brand-700" />
      <span className="break-all font-semibold text-neutral-900">
        {file ? file.name : 'Escolha um arquivo CSV'}
      </span>
      <span className="text-sm text-neutral-600">
        {file ? `${formatCount(Math.ceil(file.size / 1024))} KB` : 'Até 100MB, sem limite de linhas'}
      </span>
      <input
        id="csv-file"
        ref={props.input}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        disabled={props.busy}
        onChange={(e) => props.onPick(e.target.files?.[0] ?? null)}
      />
    </label>
  );
}

/** 'Resultado da importação': the progress bar, the totals, why it stopped and the rows with problems. */
function ImportProgress({ progress }: { progress: Progress }) {
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  const errors = progress.problems.filter((p) => p.kind === 'Erro').length;
  return (
    <section aria-label="Resultado da importação" className="mt-6 border-t border-neutral-200 pt-4">
      <p className="font-semibold text-neutral-900" aria-live="polite">
        {progress.finished
          ? `${formatCount(progress.success)} de ${countLabel(progress.total, 'grupo importado', 'grupos importados')}; ${countLabel(errors, 'linha com erro', 'linhas com erro')}`
          : `Importando… ${formatCount(progress.done)} de ${formatCount(progress.total)} linhas`}
      </p>
      <div
        role="progressbar"
        aria-label="Progresso da importação"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-3 overflow-hidden rounded-full bg-neutral-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        {[
          ['Linhas', progress.done],
          ['Importados', progress.success],
          ['Com erro', progress.failed],
        ].map(([label, n]) => (
          <div key={label} className="rounded-control bg-neutral-50 p-3">
            <dt className="text-xs text-neutral-600">{label}</dt>
            <dd className="text-xl font-bold text-neutral-900">{formatCount(Number(n))}</dd>
          </div>
        ))}
      </dl>
      {progress.stopped && (
        <p className="mt-4 flex gap-2 rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {progress.stopped}
        </p>
      )}
      {progress.problems.length > 0 && (
        <ProblemList problems={progress.problems} errors={errors} finished={progress.finished} />
      )}
    </section>
  );
}

function ProblemList({
  problems,
  errors,
  finished,
}: {
  problems: Problem[];
  errors: number;
  finished: boolean;
}) {
  return (
    <div className="mt-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-neutral-900">
          {countLabel(errors, 'erro', 'erros')} e {countLabel(problems.length - errors, 'aviso', 'avisos')}
        </h3>
        {finished && (
          <Button size="sm" variant="secondary" onClick={() => downloadProblems(problems)}>
            <Download aria-hidden="true" />
            Baixar lista (CSV)
          </Button>
        )}
      </div>
      <ul
        className="max-h-72 overflow-y-auto rounded-control border border-neutral-200 bg-neutral-50 p-3 text-sm"
        data-testid="import-failures"
      >
        {problems.slice(0, SHOWN_PROBLEMS).map((p) => (
          <li
            key={`${p.row}-${p.kind}-${p.text}`}
            className={p.kind === 'Erro' ? 'text-red-900' : 'text-amber-900'}
          >
            Linha {p.row}: {p.kind === 'Aviso' ? `${p.text} (linha importada)` : p.text}
          </li>
        ))}
        {problems.length > SHOWN_PROBLEMS && (
          <li className="mt-2 text-neutral-700">
            … e mais {formatCount(problems.length - SHOWN_PROBLEMS)}: baixe a lista completa.
          </li>
        )}
      </ul>
    </div>
  );
}

function FormatHelp() {
  return (
    <Card className="text-sm text-neutral-700">
      <h2 className="mb-2 font-semibold text-neutral-900">Formato do arquivo</h2>
      <p>
        O mesmo da exportação. Primeira linha com os nomes das colunas:{' '}
        {CSV_HEADER.map((column, i) => (
          <span key={column}>
            {i > 0 && ', '}
            <code className="rounded bg-neutral-100 px-1">{column}</code>
          </span>
        ))}
        . Obrigatórias: <code className="rounded bg-neutral-100 px-1">titulo</code>,{' '}
        <code className="rounded bg-neutral-100 px-1">link</code> e{' '}
        <code className="rounded bg-neutral-100 px-1">categoria</code>.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>{INVITE_LINK_MESSAGE}</li>
        <li>
          Imagem: endereço http(s) de uma imagem JPG, PNG ou GIF (até {IMAGE_MAX_LABEL}), baixada e guardada
          pelo site, ou vazio. Uma imagem que não puder ser usada é ignorada e a linha é importada sem ela.
        </li>
        <li>
          Categoria: o nome ou o slug de uma categoria cadastrada. Uma linha sem categoria, ou com uma que não
          existe, não é importada.
        </li>
        <li>Status: Aprovado ou Pendente (vazio: Aprovado).</li>
        <li>Linhas com erro ou links repetidos são ignoradas e listadas com o número da linha.</li>
      </ul>
    </Card>
  );
}
