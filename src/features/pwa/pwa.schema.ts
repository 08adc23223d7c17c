// The installable app's settings form (name, colours, icons), shared by the admin island and the function.
import { z } from 'zod';
import { singleLineText } from '#src/lib/text.ts';

const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use uma cor hexadecimal, por exemplo #25D366');

export const PwaSettingsSchema = z.object({
  enabled: z.boolean(),
  appName: singleLineText().trim().min(2, 'O nome do app deve ter pelo menos 2 caracteres').max(60),
  description: singleLineText().trim().max(300, 'A descrição deve ter no máximo 300 caracteres'),
  themeColor: hexColor,
  backgroundColor: hexColor,
});
export type PwaSettingsForm = z.infer<typeof PwaSettingsSchema>;
export const PWA_ICON_SIZES = [192, 512] as const;
