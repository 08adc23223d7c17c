// The admin kit, pieces only admin screens use: the page header, the list states, the form dialog, the
// row actions and the confirmed delete every admin screen configures (ads, categories, plans, groups).
// Built on src/components/ui, where the site's generic pieces live (dialogs, pagination, switch, spinner).
import type { LucideIcon } from 'lucide-react';
import { Clock, Pencil, Plus, Trash2 } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { Badge } from '#src/components/ui/Badge.tsx';
import { Button } from '#src/components/ui/Button.tsx';
import { ConfirmDialog } from '#src/components/ui/ConfirmDialog.tsx';
import type { DialogSize } from '#src/components/ui/classes.ts';
import { Dialog } from '#src/components/ui/Dialog.tsx';
import { EmptyState } from '#src/components/ui/EmptyState.tsx';
import { Field, TextArea, TextInput } from '#src/components/ui/Field.tsx';
import { toast } from '#src/components/ui/toast.store.ts';
import { slugify } from '#src/features/groups/groups.ts';
import { api, fieldsOf, messageOf } from '#src/lib/api.ts';
import type { FieldErrors } from '#src/lib/form-errors.ts';

interface ListLoad {
  loading: boolean;
  error?: Error;
  reload: () => void;
}

/** An admin page's title, its description and its actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-neutral-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A form's values, a setter per field (`onChange={set('active')}`) and a text field's value and
 *  setter together (`<TextField {...field('title')} />`). */
export function useFormFields<T extends object>(initial: T) {
  const [form, setForm] = useState(initial);
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const field = <K extends keyof T>(key: K) => ({ value: form[key], onChange: set(key) });
  return { form, setForm, set, field };
}

/** The page header's button that opens the form for a new item ('Nova categoria', 'Novo plano'…). */
export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** A list's states: the skeleton on the first load, the error with a retry, the empty state, the items. */
export function ListView<T>({
  list,
  items,
  skeleton,
  errorTitle,
  empty,
  children,
}: {
  list: ListLoad;
  items: T[] | undefined;
  skeleton: ReactNode;
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; text: string };
  children: (items: T[]) => ReactNode;
}) {
  if (list.loading && !items) return <>{skeleton}</>;
  if (list.error)
    return (
      <EmptyState
        title={errorTitle}
        text={list.error.message}
        action={<Button onClick={list.reload}>Tentar de novo</Button>}
      />
    );
  if (!items?.length) return <EmptyState icon={empty.icon} title={empty.title} text={empty.text} />;
  return <>{children(items)}</>;
}

/** A row's 'Editar' and 'Excluir' icon buttons, named after the row. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="icon" variant="ghost" onClick={onEdit} aria-label={`Editar ${name}`}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        onClick={onDelete}
        aria-label={`Excluir ${name}`}
        className="text-red-700 hover:bg-red-50"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  );
}

export interface Notice {
  title: string;
  description?: string;
}

/**
 * A form dialog's save: validate (errors stop it), send, then a success toast and `onSaved`; a refused
 * save shows the API's field errors and a failure toast, and the dialog stays open.
 */
export function useSave(onSaved: () => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  async function save(
    found: FieldErrors,
    send: () => Promise<unknown>,
    done: Notice,
    failed: (error: unknown) => Notice,
  ) {
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await send();
      toast({ ...done, variant: 'success' });
      onSaved();
    } catch (error) {
      setErrors(fieldsOf(error));
      toast({ ...failed(error), variant: 'destructive' });
      setBusy(false);
    }
  }
  return { errors, busy, save };
}

/**
 * The save of a record dialog named by a feminine noun ('categoria', 'tag'): POST `path` for a new one,
 * PATCH `path/{id}` for an existing one, with 'Categoria adicionada' / 'Falha ao atualizar categoria'.
 */
export function useRecordSave(onSaved: () => void, path: string, noun: string, id: number | undefined) {
  const { errors, busy, save } = useSave(onSaved);
  const isNew = id === undefined;
  const verb = isNew ? 'adicionar' : 'atualizar';
  const title = `${noun[0]!.toUpperCase()}${noun.slice(1)} ${isNew ? 'adicionada' : 'atualizada'}`;
  const submit = (found: FieldErrors, body: unknown) =>
    save(
      found,
      () => api(isNew ? path : `${path}/${id}`, { method: isNew ? 'POST' : 'PATCH', body }),
      { title },
      failure(`Falha ao ${verb} ${noun}`, `Falha ao ${verb} ${noun}`),
    );
  return { errors, busy, submit };
}

/** A dialog holding one form: 'Cancelar' and the submit button; it closes only when not busy. */
export function FormDialog({
  id,
  title,
  submitLabel = 'Salvar',
  busy,
  onClose,
  onSubmit,
  size,
  children,
}: {
  id: string;
  title: string;
  submitLabel?: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  size?: DialogSize;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form={id} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={id}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        className="flex flex-col gap-4"
      >
        {children}
      </form>
    </Dialog>
  );
}

/**
 * 'Excluir' behind a confirmation: `ask(item)` opens it, confirming sends DELETE to `path(item)`, then
 * a toast and `onDeleted(item)`; a refusal toasts `failed(error)` and keeps the dialog open.
 */
export function useConfirmedDelete<T>({
  path,
  deleted,
  failed,
  onDeleted,
}: {
  path: (item: T) => string;
  deleted: string;
  failed: (error: unknown) => Notice;
  onDeleted: (item: T) => void;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      await api(path(target), { method: 'DELETE' });
      toast({ title: deleted, variant: 'success' });
      setTarget(null);
      onDeleted(target);
    } catch (error) {
      toast({ ...failed(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  function dialog({ title, description }: { title: string; description: (item: T | null) => string }) {
    return (
      <ConfirmDialog
        open={target !== null}
        title={title}
        description={description(target)}
        confirmLabel="Excluir"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      />
    );
  }
  return { target, ask: setTarget, dialog };
}

/** The toast of a failed admin action: the server's message, or a fallback. */
export function failure(title: string, fallback = 'Tente novamente.') {
  return (error: unknown): Notice => ({ title, description: messageOf(error, fallback) });
}

/** A list's active switch: PATCH {active}, a toast each way, then `reload`. */
export async function toggleActive(
  path: string,
  active: boolean,
  notices: { on: string; off: string; failed: (error: unknown) => Notice },
  reload: () => void,
) {
  try {
    await api(path, { method: 'PATCH', body: { active } });
    toast({ title: active ? notices.on : notices.off, variant: 'success' });
    reload();
  } catch (error) {
    toast({ ...notices.failed(error), variant: 'destructive' });
  }
}

/**
 * One admin action at a time: run it, toast `done` (with the server's message when it sends one) or
 * `failed`, then `onDone`. `busy` while it runs.
 */
export function useAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  async function act(run: () => Promise<unknown>, done: string, failed: string) {
    setBusy(true);
    try {
      const result = await run();
      const message = (result as { message?: string } | undefined)?.message;
      toast({ title: done, description: message, variant: 'success' });
      onDone();
    } catch (error) {
      toast({ title: failed, description: messageOf(error, failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, act };
}

/** A labelled text box bound to a value (a textarea when `multiline`); other props go to the control. */
export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  multiline,
  rows,
  ...control
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  rows?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) =>
        multiline ? (
          <TextArea
            {...p}
            {...(rows ? { rows } : {})}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <TextInput {...p} {...control} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}

/** '3 h 20 min' for a span of milliseconds. */
function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}

/**
 * The clock of something waiting for a decision (a legal notice, an appeal): time since it came, and how
 * long until (or since) its target of `hours`; red once overdue.
 */
export function DecisionClock({
  receivedAt,
  dueAt,
  now,
  hours,
}: {
  receivedAt: string;
  dueAt: string;
  now: number;
  hours: number;
}) {
  const elapsed = now - new Date(receivedAt).getTime();
  const left = new Date(dueAt).getTime() - now;
  const overdue = left < 0;
  return (
    <p
      className={
        overdue
          ? 'flex items-center gap-1.5 rounded-control bg-red-50 px-2.5 py-1 text-sm font-semibold text-red-800'
          : 'flex items-center gap-1.5 rounded-control bg-neutral-100 px-2.5 py-1 text-sm text-neutral-700'
      }
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {overdue
        ? `Atrasada: ${span(elapsed)} desde o recebimento (prazo de ${hours} h)`
        : `Há ${span(elapsed)} · faltam ${span(left)} do prazo de ${hours} h`}
    </p>
  );
}

/**
 * A queue decided on the clock (legal notices, appeals): 'Na fila (n)' with how many are late and any
 * other badges, the queued cards (or `idle` when none), then the ones decided lately.
 */
export function DecisionQueue({
  queued,
  overdue,
  badges,
  idle,
  decided,
}: {
  queued: ReactNode[];
  overdue: number;
  badges?: ReactNode;
  idle?: ReactNode;
  decided: ReactNode[];
}) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="fila" className="flex flex-col gap-3">
        <h2 id="fila" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-neutral-900">
          Na fila ({queued.length})
          {overdue > 0 && (
            <Badge variant="red">{overdue === 1 ? '1 atrasada' : `${overdue} atrasadas`}</Badge>
          )}
          {badges}
        </h2>
        {queued.length || !idle ? <ul className="flex flex-col gap-3">{queued}</ul> : idle}
      </section>
      {decided.length > 0 && (
        <section aria-labelledby="decididas" className="flex flex-col gap-3">
          <h2 id="decididas" className="text-lg font-semibold text-neutral-900">
            Decididas recentemente
          </h2>
          <ul className="flex flex-col gap-3">{decided}</ul>
        </section>
      )}
    </div>
  );
}

/**
 * A record's name and slug (categories, tags): the slug follows the name until the admin types one; an
 * existing record's slug stays (its pages' addresses), unless edited.
 */
export function NameSlugFields({
  name,
  slug,
  errors,
  address,
  existing,
  onChange,
}: {
  name: string;
  slug: string;
  errors: FieldErrors;
  /** the page's address with the slug in it, as the hint shows it: '/tag/slug' */
  address: string;
  existing: boolean;
  onChange: (next: { name: string; slug: string }) => void;
}) {
  const [slugEdited, setSlugEdited] = useState(existing);
  return (
    <>
      <TextField
        label="Nome"
        error={errors.name}
        value={name}
        onChange={(next) => onChange({ name: next, slug: slugEdited ? slug : slugify(next) })}
      />
      <TextField
        label="Slug"
        error={errors.slug}
        hint={`Usado no endereço: ${address}. Letras minúsculas, números e hífens.`}
        value={slug}
        onChange={(next) => {
          setSlugEdited(true);
          onChange({ name, slug: next });
        }}
      />
    </>
  );
}
