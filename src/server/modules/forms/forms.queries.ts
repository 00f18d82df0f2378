import { sql } from 'drizzle-orm';
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
}

/** One page of submissions, newest first (admin). */
export async function findSubmissions(db: Db, limit: number, after: Keyset | null) {
  const rows = rowsOf<SubmissionRow>(
    await db.execute(sql`
      SELECT id, kind, type, name, email, subject, message, urgency, phone,
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM form_submissions
      ${after ? sql`WHERE (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countSubmissions(db: Db): Promise<number> {
  return db.$count(formSubmissions);
}
