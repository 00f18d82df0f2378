import { ApiError, api } from '#web/lib/api-client.ts';
import { adminAccessHeaders, clearAdminAccess } from '../admin-access-store';

/** The server wants the 'Admin Access' step (again): no token, an expired one, or an old password's. */
export const isAdminAccessRequired = (error: unknown) =>
  error instanceof ApiError && error.code === 'ADMIN_ACCESS_REQUIRED';

/** Non-admins get 403 'Access Denied' from every admin endpoint: the server decides, not the page. */
export const isNotAdmin = (error: unknown) => error instanceof ApiError && error.code === 'FORBIDDEN';

/** Every admin query key starts here; the logs' keys start with ADMIN_LOGS_KEY (Logout drops them). */
export const ADMIN_KEY = ['admin'] as const;
export const ADMIN_LOGS_KEY = [...ADMIN_KEY, 'logs'] as const;

/** An authorised GET carrying the admin token; a refused token is forgotten so the step shows again. */
export async function adminGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  try {
    return await api<T>(path, { auth: true, headers: adminAccessHeaders(), ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isAdminAccessRequired(error)) clearAdminAccess();
    throw error;
  }
}
