// The admin's feature plan form (name, days, price in R$), shared by the admin island and the function.
import { z } from 'zod';
import { multiLineText, singleLineText } from '#src/lib/text.ts';

export const PLAN_NOT_FOUND = 'Plano não encontrado';

/** 'R$ 19,90', '19,90', '19.90' or a number of reais -> integer centavos; NaN when unreadable. */
export function reaisToCents(value: string | number): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const cleaned = value.replace(/R\$|\s/g, '');
  const normalized = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

const planFields = {
  name: singleLineText().trim().min(2, 'O nome deve ter pelo menos 2 caracteres').max(80),
  description: multiLineText().trim().max(300, 'A descrição deve ter no máximo 300 caracteres'),
  days: z.coerce
    .number({ message: 'Informe a duração em dias' })
    .int('A duração deve ser um número inteiro de dias')
    .min(1, 'A duração deve ser de pelo menos 1 dia')
    .max(365, 'A duração deve ser de no máximo 365 dias'),
  price: z
    .union([z.string(), z.number()])
    .transform(reaisToCents)
    .refine(
      (cents) => Number.isFinite(cents) && cents >= 100,
      'Informe um preço válido em R$ (mínimo R$ 1,00)',
    )
    .refine((cents) => cents < 100_000_000, 'Preço alto demais'),
  active: z.boolean(),
};

export const PlanFormSchema = z.object({
  ...planFields,
  description: planFields.description.default(''),
  active: planFields.active.default(true),
});
/** PATCH: any subset, no defaults (an activation toggle must not reset the description). */
export const PlanPatchSchema = z.object(planFields).partial();
export type PlanForm = z.input<typeof PlanFormSchema>;
