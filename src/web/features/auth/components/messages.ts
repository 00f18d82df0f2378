import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';

/** docs/product.md §8's texts for a failed login. */
export function loginErrorText(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS')
      return {
        title: 'Login Failed',
        description: 'Invalid email or password. Please check your credentials and try again.',
      };
    if (error.code === 'SERVICE_UNAVAILABLE')
      return { title: 'Service Temporarily Unavailable', description: 'Please try again in a few moments.' };
    if (error.code === 'NETWORK_ERROR') return { title: 'Login Failed', description: NETWORK_ERROR };
    if (error.code === 'RATE_LIMITED')
      return {
        title: 'Login Failed',
        description: `${error.message} You can still log in with a sign-in link sent to your email.`,
      };
    return {
      title: 'Login Failed',
      description: error.message || 'An unexpected error occurred. Please try again.',
    };
  }
  return { title: 'Error', description: 'An unexpected error occurred. Please try again.' };
}

export function signupErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || 'Failed to create account';
  return 'Failed to create account';
}
