// The group form's fields and their client-side check, shared by /enviar and the panel's edit dialog.
// The server repeats every check (same zod schema, image by magic bytes).
import type { ReactNode } from 'react';
import { InviteLinkInput } from '#src/components/InviteLinkInput.tsx';
import { Field, Select, TextArea, TextInput } from '#src/components/ui/Field.tsx';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '#src/features/images/group-image.ts';
import { fieldErrors } from '#src/lib/form-errors.ts';
import { IMAGE_MAX_LABEL } from '../images/group-image.ts';
import TagPicker from '../tags/TagPicker.tsx';
import { DESCRIPTION_MIN, SubmissionSchema } from './submission.schema.ts';

export type FieldErrors = Record<string, string>;

export interface GroupFieldValues {
  title: string;
  description: string;
  link: string;
  /** the category's name */
  category: string;
  /** the tags' slugs (#43) */
  tags?: string[];
}

/** Check a group form's data as the API will; drops an empty image so it is not sent. */
export function checkGroupForm(data: FormData): FieldErrors {
  const parsed = SubmissionSchema.safeParse(Object.fromEntries(data));
  const found: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const image = data.get('image');
  if (image instanceof File && image.size > 0) {
    if (image.size > IMAGE_MAX_BYTES) found.image = IMAGE_TOO_LARGE_MESSAGE;
    else if (!['image/jpeg', 'image/png', 'image/gif'].includes(image.type)) found.image = IMAGE_TYPE_MESSAGE;
  } else data.delete('image');
  return found;
}

/**
 * Invite link first (its preview fills the title and proposes the group's photo), then title,
 * description, category and image, optionally prefilled.
 */
export function GroupFields({
  categories,
  errors,
  values,
  imageHint = `JPG, PNG ou GIF (máx. ${IMAGE_MAX_LABEL})`,
  linkHint,
  onLinkChange,
  afterLink,
  onImageChange,
}: {
  categories: { name: string; slug: string }[];
  errors: FieldErrors;
  values?: GroupFieldValues;
  imageHint?: string;
  linkHint?: string;
  /** typing in the link field (the live invite preview) */
  onLinkChange?: (value: string, form: HTMLFormElement | null) => void;
  /** shown under the link field (the invite preview card) */
  afterLink?: ReactNode;
  /** whether an image file is chosen */
  onImageChange?: (chosen: boolean) => void;
}) {
  return (
    <>
      <Field label="Link de convite" required error={errors.link} hint={linkHint}>
        {(props) => (
          <InviteLinkInput
            {...props}
            name="link"
            defaultValue={values?.link}
            onChange={
              onLinkChange && ((event) => onLinkChange(event.currentTarget.value, event.currentTarget.form))
            }
          />
        )}
      </Field>
      {afterLink}
      <Field label="Título do grupo" required error={errors.title}>
        {(props) => <TextInput {...props} name="title" maxLength={120} defaultValue={values?.title} />}
      </Field>
      <Field
        label="Descrição"
        required
        error={errors.description}
        hint={`Do que o grupo trata, quem pode entrar, as regras (mínimo de ${DESCRIPTION_MIN} caracteres).`}
      >
        {(props) => (
          <TextArea
            {...props}
            name="description"
            minLength={DESCRIPTION_MIN}
            maxLength={2000}
            defaultValue={values?.description}
          />
        )}
      </Field>
      <CategoryField categories={categories} error={errors.category} value={values?.category} />
      <TagPicker initial={values?.tags} error={errors.tags} />
      <ImageField hint={imageHint} error={errors.image} onChange={onImageChange} />
    </>
  );
}

function CategoryField({
  categories,
  error,
  value,
}: {
  categories: { name: string; slug: string }[];
  error?: string;
  value?: string;
}) {
  return (
    <Field label="Categoria" required error={error}>
      {(props) => (
        <Select {...props} name="category" defaultValue={value ?? ''}>
          <option value="" disabled>
            Selecione uma categoria
          </option>
          {categories.map((c) => (
            <option key={c.slug} value={c.name}>
              {c.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function ImageField({
  hint,
  error,
  onChange,
}: {
  hint: string;
  error?: string;
  onChange?: (chosen: boolean) => void;
}) {
  return (
    <Field label="Imagem do grupo" hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          onChange={onChange && ((event) => onChange(Boolean(event.currentTarget.files?.length)))}
          className="text-sm text-neutral-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-control file:border-0 file:bg-neutral-100 file:px-4 file:font-medium file:text-neutral-900 hover:file:bg-neutral-200"
        />
      )}
    </Field>
  );
}
