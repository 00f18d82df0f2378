import { type SQL, sql } from 'drizzle-orm';
import type { MessageReportReason } from '#domain/messages-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';

/** A timestamp column as ISO 8601 text with microseconds (keyset cursors need them). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** A message with the two parties of its thread (either id null once that account is deleted). */
export interface MessageParties {
  id: string;
  sender_side: 'client' | 'provider';
  client_id: string | null;
  provider_id: string | null;
  hidden: boolean;
}

export async function findMessageWithParties(db: Db, id: string): Promise<MessageParties | undefined> {
  const [row] = rowsOf<MessageParties>(
    await db.execute(sql`
      SELECT m.id, m.sender_side, t.client_id, t.provider_id, m.hidden_at IS NOT NULL AS hidden
      FROM messages m JOIN message_threads t ON t.id = m.thread_id
      WHERE m.id = ${id}`),
  );
  return row;
}

/** One report per reporter and message: false when this reporter had already reported it. */
export async function insertReportIfAbsent(
  db: Db,
  report: {
    messageId: string;
    reporterId: string;
    reason: MessageReportReason;
    details: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = rowsOf<{ message_id: string }>(
    await db.execute(sql`
      INSERT INTO message_reports (message_id, reporter_id, reason, details, created_at)
      VALUES (${report.messageId}, ${report.reporterId}, ${report.reason}, ${report.details},
        ${report.now.toISOString()}::timestamptz)
      ON CONFLICT (message_id, reporter_id) DO NOTHING
      RETURNING message_id`),
  );
  return rows.length > 0;
}

export interface AdminMessageRow {
  id: string;
  thread_id: string;
  body: string;
  created_at: string;
  sender_id: string | null;
  sender_name: string | null;
  sender_email: string | null;
  recipient_id: string | null;
  recipient_name: string | null;
  report_count: number;
  /** The newest reports' reasons and details, newest first. */
  reports: { reason: string; details: string | null }[] | null;
  last_reported_at: string | null;
  hidden_at: string | null;
  warned_at: string | null;
  sort_at: string;
}

/** How many of a message's newest reports the moderators' list spells out (all are counted). */
const REPORTS_SHOWN = 20;

/** The messages of one list: `s(message_id, sort_at)`. */
function adminSource(status: 'reported' | 'hidden'): SQL {
  return status === 'reported'
    ? sql`(SELECT message_id, max(created_at) AS sort_at FROM message_reports GROUP BY message_id) s
        JOIN messages m ON m.id = s.message_id AND m.hidden_at IS NULL`
    : sql`(SELECT id AS message_id, hidden_at AS sort_at FROM messages WHERE hidden_at IS NOT NULL) s
        JOIN messages m ON m.id = s.message_id`;
}

function adminSelect(source: SQL, where: SQL, tail: SQL) {
  return sql`
    SELECT m.id, m.thread_id, m.body, ${iso('m.created_at')} AS created_at,
      m.sender_id, su.name AS sender_name, su.email AS sender_email,
      ru.id AS recipient_id, ru.name AS recipient_name,
      coalesce(rep.n, 0) AS report_count, rep.reports, ${iso('rep.last')} AS last_reported_at,
      ${iso('m.hidden_at')} AS hidden_at, ${iso('m.warned_at')} AS warned_at, ${iso('s.sort_at')} AS sort_at
    FROM ${source}
    JOIN message_threads t ON t.id = m.thread_id
    LEFT JOIN users su ON su.id = m.sender_id
    LEFT JOIN users ru ON ru.id = CASE WHEN m.sender_side = 'client' THEN t.provider_id ELSE t.client_id END
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n, max(created_at) AS last,
        (SELECT json_agg(json_build_object('reason', x.reason, 'details', x.details) ORDER BY x.created_at DESC)
         FROM (SELECT reason, details, created_at FROM message_reports WHERE message_id = m.id
               ORDER BY created_at DESC LIMIT ${REPORTS_SHOWN}) x) AS reports
      FROM message_reports WHERE message_id = m.id
    ) rep ON TRUE
    ${where}
    ${tail}`;
}

/**
 * Reported messages (not hidden, with reports; the newest report first) or hidden ones (the latest
 * hidden first), a page by keyset on (sort_at, id).
 */
export async function findAdminMessages(
  db: Db,
  status: 'reported' | 'hidden',
  limit: number,
  after: Keyset | null,
): Promise<(AdminMessageRow & { keyset: Keyset })[]> {
  const where = after
    ? sql`WHERE (s.sort_at, m.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const rows = rowsOf<AdminMessageRow>(
    await db.execute(
      adminSelect(adminSource(status), where, sql`ORDER BY s.sort_at DESC, m.id DESC LIMIT ${limit + 1}`),
    ),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.sort_at, id: r.id } }));
}

/** One message as the moderators see it, whatever its state (sort_at: its own time). */
export async function findAdminMessage(db: Db, id: string): Promise<AdminMessageRow | undefined> {
  const source = sql`(SELECT id AS message_id, created_at AS sort_at FROM messages WHERE id = ${id}) s
    JOIN messages m ON m.id = s.message_id`;
  const [row] = rowsOf<AdminMessageRow>(await db.execute(adminSelect(source, sql``, sql``)));
  return row;
}

/**
 * The message locked for a moderator's action, when the moderators may act on it: it has reports
 * or is hidden. Undefined otherwise (never reported, or its reports dismissed and shown).
 */
export async function lockModeratedMessage(db: Db, id: string) {
  const [row] = rowsOf<{ id: string; sender_id: string | null; body: string; hidden: boolean }>(
    await db.execute(sql`
      SELECT m.id, m.sender_id, m.body, m.hidden_at IS NOT NULL AS hidden FROM messages m
      WHERE m.id = ${id}
        AND (m.hidden_at IS NOT NULL OR EXISTS (SELECT 1 FROM message_reports r WHERE r.message_id = m.id))
      FOR UPDATE OF m`),
  );
  return row;
}

/** Hides the message (the first moderator and time stay when it is hidden already). */
export async function hideMessage(db: Db, id: string, adminId: string, now: Date) {
  await db.execute(sql`
    UPDATE messages SET hidden_at = coalesce(hidden_at, ${now.toISOString()}::timestamptz),
      hidden_by = CASE WHEN hidden_at IS NULL THEN ${adminId}::uuid ELSE hidden_by END
    WHERE id = ${id}`);
}

export async function restoreMessage(db: Db, id: string) {
  await db.execute(sql`UPDATE messages SET hidden_at = NULL, hidden_by = NULL WHERE id = ${id}`);
}

export async function markWarned(db: Db, id: string, now: Date) {
  await db.execute(sql`UPDATE messages SET warned_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
}

export async function deleteReports(db: Db, id: string) {
  await db.execute(sql`DELETE FROM message_reports WHERE message_id = ${id}`);
}

/** The sender's address and name for the warning (undefined once their account is gone). */
export async function findSender(db: Db, userId: string) {
  const [row] = rowsOf<{ email: string; name: string }>(
    await db.execute(sql`SELECT email, name FROM users WHERE id = ${userId}`),
  );
  return row;
}
