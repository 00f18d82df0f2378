import { z } from 'zod';
import { ACCOUNT_DATA_TEXTS, DELETE_CONFIRM_WORD } from './account-data-texts';
import { CurrentPasswordField } from './account-security';

export * from './account-data-texts';

export const DeleteAccountBodySchema = z.object({
  current_password: CurrentPasswordField,
  confirm: z
    .string()
    .max(20)
    .refine((value): boolean => value === DELETE_CONFIRM_WORD, ACCOUNT_DATA_TEXTS.confirmRequired),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const AccountDeletionsReplySchema = z.object({
  success: z.literal(true),
  /** The last 30 days with any deletion, newest first. */
  days: z.array(z.object({ day: z.string(), client: z.number().int(), provider: z.number().int() })),
  total_30_days: z.number().int(),
});
export type AccountDeletionsReply = z.infer<typeof AccountDeletionsReplySchema>;
