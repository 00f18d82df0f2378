import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { formSubmissions } from '../../db/schema';
import type { Keyset } from '../../lib/keyset-cursor';

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
      select id, kind, type, name, email, subject, message, urgency, phone,
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
      from form_submissions
      ${after ? sql`where (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by created_at desc, id desc
      limit ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countSubmissions(db: Db): Promise<number> {
  return db.$count(formSubmissions);
}
