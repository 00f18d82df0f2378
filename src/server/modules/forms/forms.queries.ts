import { type SQL, sql } from 'drizzle-orm';
import type { SubmissionStatus } from '#domain/admin.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import { formSubmissions } from '#server/db/schema/index.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';

export type NewSubmission = typeof formSubmissions.$inferInsert;

export async function insertSubmission(db: Db, row: NewSubmission): Promise<void> {
  await db.insert(formSubmissions).values(row);
}

export interface SubmissionRow {
  id: string;
  kind: 'feedback' | 'investor';
  type: string;
  name: string | null;
  email: string | null;
  subject: string | null;
  message: string | null;
  urgency: string | null;
  phone: string | null;
  created_at: string;
  handled_at: string | null;
}

/** The admin's filters: open or handled (or both), created within [since, before). */
export interface SubmissionFilter {
  status: SubmissionStatus;
  since: string | null;
  before: string | null;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);
const COLUMNS = sql`id, kind, type, name, email, subject, message, urgency, phone,
  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(handled_at AT TIME ZONE 'UTC', ${ISO}) AS handled_at`;

function conditions(filter: SubmissionFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status === 'open') where.push(sql`handled_at IS NULL`);
  if (filter.status === 'handled') where.push(sql`handled_at IS NOT NULL`);
  if (filter.since) where.push(sql`created_at >= ${filter.since}::timestamptz`);
  if (filter.before) where.push(sql`created_at < ${filter.before}::timestamptz`);
  return where;
}

const whereOf = (where: SQL[]) => (where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``);

/** Up to `limit` + 1 submissions after the keyset, newest first (admin; `limit` rows make a page). */
export async function findSubmissions(db: Db, filter: SubmissionFilter, limit: number, after: Keyset | null) {
  const where = conditions(filter);
  if (after) where.push(sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  const rows = rowsOf<SubmissionRow>(
    await db.execute(sql`
      SELECT ${COLUMNS}
      FROM form_submissions
      ${whereOf(where)}
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countSubmissions(db: Db, filter: SubmissionFilter): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM form_submissions ${whereOf(conditions(filter))}`),
  );
  return row?.n ?? 0;
}

/**
 * Marks a submission handled (keeping the first time it was) or open again; the row as it now
 * stands, or undefined when there is no such submission.
 */
export async function updateSubmissionHandled(db: Db, id: string, handled: boolean, now: Date) {
  const [row] = rowsOf<SubmissionRow>(
    await db.execute(sql`
      UPDATE form_submissions
      SET handled_at = ${handled ? sql`coalesce(handled_at, ${now.toISOString()}::timestamptz)` : sql`NULL`}
      WHERE id = ${id}
      RETURNING ${COLUMNS}`),
  );
  return row;
}
