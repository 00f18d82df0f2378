import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#domain/account-security.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/account/password: ends every other session; the server mails a notice. */
export const changePassword = (body: ChangePasswordBody) =>
  api<{ success: true; message: string }>('/api/account/password', { method: 'POST', body, auth: true });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
