import { useMutation } from '@tanstack/react-query';
import type { UndoEmailChangeReply } from '#domain/email-change.ts';
import { api } from '#web/lib/api-client.ts';
import { clearSession } from '#web/lib/session.ts';

/** POST /api/account/email/undo {token}: the old address back, every session of the account ended. */
export const undoEmailChange = (token: string) =>
  api<UndoEmailChangeReply>('/api/account/email/undo', { method: 'POST', body: { token } });

/** The undo signs the account out everywhere, this tab too (as a password reset does). */
export const useUndoEmailChange = () =>
  useMutation({ mutationFn: undoEmailChange, onSuccess: () => clearSession() });
