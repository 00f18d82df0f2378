import { useMutation } from '@tanstack/react-query';
import type { InvestorBody } from '#domain/forms.ts';
import { api } from '#web/lib/api-client.ts';
import type { FormReply } from './send-feedback';

/** POST /api/investor-signup: the 'Partner With Us' form (no sign-in needed). */
export const submitInvestor = (body: InvestorBody) => api<FormReply>('/api/investor-signup', { body });

export function useSubmitInvestor() {
  return useMutation({ mutationFn: submitInvestor });
}
