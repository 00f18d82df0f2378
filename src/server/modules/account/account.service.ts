import {
  ACCOUNT_DATA_TEXTS,
  type AccountDeletionsReply,
  type DeleteAccountBody,
} from '#domain/account-data.ts';
import type { AccountExport, AccountExportSection } from '#domain/account-export.ts';
import { thumbnailUrl } from '#domain/image-urls.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import { accountDeletedMail } from '#server/mail/account-templates.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { confirmIdentity } from '../auth/sessions.service';
import { policiesOf } from '../profiles/profiles.service';
import * as q from './account.queries';

/**
 * Every column that references users, mapped to where the data file holds its rows (a section, or
 * a path in one). account.export.api.test.ts reads the foreign keys from the database's catalogue:
 * a table.column in neither this map nor NOT_EXPORTED fails it, so a new table about people gets a
 * decision.
 */
export const EXPORTED_REFERENCES: Record<string, `${AccountExportSection}${'' | `.${string}`}`> = {
  'provider_profiles.user_id': 'profile',
  'provider_ratings.provider_id': 'profile.rating',
  'openings.provider_id': 'openings',
  'favorites.user_id': 'favourites.providers',
  'favorite_services.user_id': 'favourites.services',
  'insight_favorite_firsts.client_id': 'favourites.first_saves_counted',
  'blocked_providers.user_id': 'blocked_providers',
  'saved_searches.user_id': 'saved_searches.searches',
  'saved_search_settings.user_id': 'saved_searches.daily_cap',
  'saved_search_alert_sends.user_id': 'saved_searches.alerts_sent',
  'notification_preferences.user_id': 'alert_settings.notification_preferences',
  'opening_alert_sends.user_id': 'alert_settings.opening_alerts_received',
  'reviews.client_id': 'reviews.written',
  'reviews.provider_id': 'reviews.received',
  'review_reports.reporter_id': 'reviews.reports_made',
  'message_threads.client_id': 'conversations.threads',
  'message_threads.provider_id': 'conversations.threads',
  'messages.sender_id': 'conversations.threads',
  'message_reports.reporter_id': 'conversations.reports_made',
  'saved_replies.provider_id': 'conversations.saved_replies',
  'blocked_clients.provider_id': 'conversations.blocked_clients',
  'message_reply_times.provider_id': 'conversations.reply_times',
  'mail_outbox.sender_id': 'messages_sent',
  'booking_logs.client_id': 'booking_clicks.made',
  'booking_logs.provider_id': 'booking_clicks.received_per_day',
  'provider_insight_days.provider_id': 'insights.days',
  'provider_insight_words.provider_id': 'insights.words',
  'login_sessions.user_id': 'sessions',
  'push_subscriptions.user_id': 'alert_settings.push_devices',
  'push_opened_openings.user_id': 'alert_settings.openings_opened_from_push',
  'passkeys.user_id': 'passkeys',
  'search_logs.user_id': 'searches',
  'login_addresses.user_id': 'login_addresses.count',
};

/** Columns that reference users whose rows are not in the data file, and why. */
export const NOT_EXPORTED: Record<string, string> = {
  'refresh_tokens.user_id': 'secrets (hashes of session tokens); each login is in `sessions`',
  'email_tokens.user_id': 'secrets (hashes of single-use links), expired within days',
  'webauthn_challenges.user_id': 'random one-time challenges that expire within minutes',
  'idempotency_keys.user_id':
    'replies kept so that a retried request is not done twice; the writes themselves are exported',
  'provider_search.provider_id': 'derived by the database from the profile, which is exported',
  'opening_alert_dispatches.provider_id':
    'a pending job to email followers about new openings; the openings are exported',
  'insight_view_keys.provider_id':
    "salted hashes of other people's visits, deleted soon after the day; the counts are in `insights`",
  'saved_search_alerted_openings.user_id':
    'which openings an alert already named, so the next leaves them out; the alerts sent are exported',
  'favorites.provider_id':
    "other people's private choice of favourites; new favourites are counted in `insights`",
  'blocked_providers.provider_id': "other people's private choice to block the provider",
  'insight_favorite_firsts.provider_id': "other people's first saves; counted in `insights`",
  'opening_alert_sends.provider_id': "when other people were last emailed about the provider's openings",
  'reviews.hidden_by': "a moderator's action on someone else's review",
  'messages.hidden_by':
    "a moderator's action on someone else's message; the message shows as hidden in `conversations`",
  'blocked_clients.client_id': "other people's private choice to block the client",
};

/**
 * The users table's own columns, each mapped to where the data file holds it; with
 * USER_COLUMNS_NOT_EXPORTED they name every column, and account.export.api.test.ts reads the
 * table's columns from the catalogue: a new one in neither fails it.
 */
export const USER_COLUMNS_EXPORTED: Record<string, `${AccountExportSection}${'' | `.${string}`}`> = {
  id: 'account.id',
  email: 'account.email',
  name: 'account.name',
  user_type: 'account.user_type',
  role: 'account.role',
  routing_slug: 'account.routing_slug',
  email_verified_at: 'account.email_verified_at',
  listed: 'account.listed',
  created_at: 'account.created_at',
  updated_at: 'account.updated_at',
  avatar_url: 'images.avatar',
  opening_alerts: 'alert_settings.opening_alerts',
  push_quiet_start: 'alert_settings.push_quiet_hours.start_minute',
  push_quiet_end: 'alert_settings.push_quiet_hours.end_minute',
  push_quiet_zone: 'alert_settings.push_quiet_hours.time_zone',
};

/** The users table's columns that are not in the data file, and why. */
export const USER_COLUMNS_NOT_EXPORTED: Record<string, string> = {
  password_hash: 'a secret: the hash of the password, never handed out',
  tokens_valid_after: 'a security cut-off: sign-ins issued before a password reset are refused',
  registration_ip_hash:
    'a keyed hash of the sign-up address, kept to hold back reviews between accounts that share it',
  profile_version: 'a counter moved on each profile save so that two open tabs do not overwrite each other',
};

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** An image URL as a link that works outside the site (disk storage hands out '/uploads/…'). */
const absolute = (ctx: AppContext, url: string) => new URL(url, ctx.config.publicUrl).toString();

/**
 * Everything held about the person, read in one repeatable-read transaction so the sections agree.
 * Never a password hash, token hash, passkey public key or address hash.
 */
export async function exportAccountData(ctx: AppContext, userId: string): Promise<AccountExport> {
  return ctx.db.transaction(
    async (tx) => {
      const user = await q.findUser(tx, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      // One connection: the reads run one after another, however they are written.
      const profile = await q.findProfile(tx, userId);
      const rating = await q.findRating(tx, userId);
      const openings = await q.findOpenings(tx, userId);
      const favoriteProviders = await q.findFavoriteProviders(tx, userId);
      const favoriteServices = await q.findFavoriteServices(tx, userId);
      const firstSaves = await q.findFirstSavesCounted(tx, userId);
      const blocked = await q.findBlockedProviders(tx, userId);
      const savedSearches = await q.findSavedSearches(tx, userId);
      const dailyCap = await q.findDailyCap(tx, userId);
      const alertsSent = await q.findSavedSearchAlertsSent(tx, userId);
      const preferences = await q.findNotificationPreferences(tx, userId);
      const openingAlerts = await q.findOpeningAlertsReceived(tx, userId);
      const written = await q.findReviewsWritten(tx, userId);
      const received = await q.findReviewsReceived(tx, userId);
      const reports = await q.findReportsMade(tx, userId);
      const messages = await q.findMessagesSent(tx, userId);
      const threads = await q.findThreads(tx, userId);
      const threadMessages = await q.findThreadMessages(tx, userId);
      const savedReplies = await q.findSavedReplies(tx, userId);
      const messageReports = await q.findMessageReportsMade(tx, userId);
      const blockedClients = await q.findBlockedClients(tx, userId);
      const replyTimes = await q.findReplyTimes(tx, userId);
      const clicksMade = await q.findBookingClicksMade(tx, userId);
      const clicksReceived = await q.findBookingClicksReceivedPerDay(tx, userId);
      const insightDays = await q.findInsightDays(tx, userId);
      const insightWords = await q.findInsightWords(tx, userId);
      const sessions = await q.findLoginSessions(tx, userId);
      const passkeys = await q.findPasskeys(tx, userId);
      const pushDevices = await q.findPushDevices(tx, userId);
      const pushOpened = await q.findPushOpenedOpenings(tx, userId);
      const searches = await q.findSearchLogs(tx, userId);
      const loginAddresses = await q.countLoginAddresses(tx, userId);
      const forms = await q.findFormSubmissions(tx, user.email);

      return {
        format: 'glowfind-account-data' as const,
        version: 1 as const,
        exported_at: iso(ctx.now()),
        account: {
          id: user.id,
          email: user.email,
          name: user.name,
          user_type: user.userType,
          role: user.role,
          routing_slug: user.routingSlug,
          email_verified_at: isoOrNull(user.emailVerifiedAt),
          listed: user.listed,
          created_at: iso(user.createdAt),
          updated_at: iso(user.updatedAt),
        },
        profile: profile
          ? {
              bio: profile.bio,
              location: profile.location,
              zip: profile.zip,
              latitude: profile.latitude,
              longitude: profile.longitude,
              booking_link: profile.bookingLink,
              additional_details: profile.additionalDetails,
              time_zone: profile.timeZone,
              license_details: profile.licenseDetails,
              availability: profile.availability,
              availability_slots: profile.availabilitySlots as Record<string, string[]>,
              categories: profile.categories,
              specialties: profile.specialties,
              certifications: profile.certifications,
              amenities: profile.amenities,
              products: profile.products,
              services: profile.pricing.map((entry) => ({ ...entry })),
              policies: policiesOf(profile),
              rating: rating ? { review_count: rating.reviewCount, rating: Number(rating.rating) } : null,
              created_at: iso(profile.createdAt),
              updated_at: iso(profile.updatedAt),
            }
          : null,
        images: {
          avatar: user.avatarUrl ? absolute(ctx, user.avatarUrl) : null,
          portfolio: (profile?.portfolioImages ?? []).map((url) => absolute(ctx, url)),
        },
        openings: openings.map((o) => ({
          service_type: o.serviceType,
          price: o.price,
          regular_price: o.regularPrice,
          start_time: iso(o.startTime),
          end_time: iso(o.endTime),
          time_zone: o.timeZone,
          note: o.note,
          location_override: o.locationOverride,
          booking_link_override: o.bookingLinkOverride,
          is_active: o.isActive,
          created_at: iso(o.createdAt),
        })),
        favourites: {
          providers: favoriteProviders.map((f) => ({
            name: f.name,
            slug: f.slug,
            saved_at: iso(f.createdAt),
          })),
          services: favoriteServices.map((f) => ({ name: f.serviceName, saved_at: iso(f.createdAt) })),
          first_saves_counted: firstSaves,
        },
        blocked_providers: blocked.map((b) => ({ name: b.name, slug: b.slug, blocked_at: iso(b.createdAt) })),
        saved_searches: {
          searches: savedSearches.map((s) => ({
            name: s.name,
            search: s.params,
            alert: s.alert,
            created_at: iso(s.createdAt),
            last_alert_at: isoOrNull(s.lastAlertAt),
          })),
          daily_cap: dailyCap,
          alerts_sent: alertsSent.map((a) => ({ saved_search: a.savedSearch, sent_at: iso(a.sentAt) })),
        },
        alert_settings: {
          opening_alerts: user.openingAlerts,
          notification_preferences: preferences.map((p) => ({
            kind: p.kind,
            channel: p.channel,
            enabled: p.enabled,
            updated_at: iso(p.updatedAt),
          })),
          opening_alerts_received: openingAlerts.map((a) => ({
            name: a.name,
            slug: a.slug,
            last_sent_at: iso(a.sentAt),
          })),
          push_quiet_hours:
            user.pushQuietStart !== null && user.pushQuietEnd !== null && user.pushQuietZone !== null
              ? {
                  start_minute: user.pushQuietStart,
                  end_minute: user.pushQuietEnd,
                  time_zone: user.pushQuietZone,
                }
              : null,
          push_devices: pushDevices.map((d) => ({
            user_agent: d.userAgent,
            kinds: d.kinds,
            created_at: iso(d.createdAt),
            last_notified_at: isoOrNull(d.lastSuccessAt),
          })),
          openings_opened_from_push: pushOpened.map((o) => ({
            opening_id: o.openingId,
            opened_at: iso(o.openedAt),
          })),
        },
        reviews: {
          written: written.map(({ name, slug, review: r }) => ({
            name,
            slug,
            rating: r.rating,
            text: r.text,
            service: r.service,
            created_at: iso(r.createdAt),
            updated_at: iso(r.updatedAt),
            reply: r.reply,
            reply_created_at: isoOrNull(r.replyCreatedAt),
            hidden: r.hiddenAt !== null,
          })),
          received: received.map((r) => ({
            rating: r.rating,
            text: r.text,
            service: r.service,
            created_at: iso(r.createdAt),
            reply: r.reply,
            reply_created_at: isoOrNull(r.replyCreatedAt),
            reply_updated_at: isoOrNull(r.replyUpdatedAt),
            hidden: r.hiddenAt !== null,
          })),
          reports_made: reports.map((r) => ({
            reason: r.reason,
            details: r.details,
            created_at: iso(r.createdAt),
          })),
        },
        conversations: {
          threads: conversationsOf(threads, threadMessages),
          saved_replies: savedReplies.map((r) => ({
            title: r.title,
            body: r.body,
            created_at: iso(r.createdAt),
            updated_at: iso(r.updatedAt),
          })),
          reports_made: messageReports.map((r) => ({
            with: r.senderName ?? ACCOUNT_DATA_TEXTS.deletedAccount,
            reason: r.reason,
            details: r.details,
            created_at: iso(r.createdAt),
          })),
          blocked_clients: blockedClients.map((b) => ({
            name: b.name ?? ACCOUNT_DATA_TEXTS.deletedAccount,
            blocked_at: iso(b.createdAt),
          })),
          reply_times: replyTimes.map((r) => ({ replied_at: iso(r.repliedAt), minutes: r.minutes })),
        },
        messages_sent: messages.map((m) => ({
          to: m.to,
          subject: m.subject,
          text: m.text,
          status: m.status,
          created_at: iso(m.createdAt),
          sent_at: isoOrNull(m.sentAt),
        })),
        booking_clicks: {
          made: clicksMade.map((c) => ({
            name: c.name,
            slug: c.slug,
            url: c.url,
            service: c.serviceName,
            clicked_at: iso(c.createdAt),
          })),
          received_per_day: clicksReceived,
        },
        insights: {
          days: insightDays.map((d) => ({
            day: d.day,
            impressions: d.impressions,
            profile_views: d.profileViews,
            new_favorites: d.newFavorites,
            alert_inclusions: d.alertInclusions,
            push_opens: d.pushOpens,
          })),
          words: insightWords.map((w) => ({ day: w.day, word: w.word, count: w.count })),
        },
        sessions: sessions.map((s) => ({
          user_agent: s.userAgent,
          method: s.authMethod,
          created_at: iso(s.createdAt),
          last_used_at: iso(s.lastUsedAt),
        })),
        passkeys: passkeys.map((p) => ({
          name: p.name,
          created_at: iso(p.createdAt),
          last_used_at: isoOrNull(p.lastUsedAt),
        })),
        searches: searches.map((s) => ({
          query: s.query,
          zip: s.zip,
          filters: s.filters,
          result_count: s.resultCount,
          created_at: iso(s.createdAt),
        })),
        login_addresses: { count: loginAddresses },
        form_submissions: forms.map((f) => ({
          kind: f.kind,
          type: f.type,
          name: f.name,
          subject: f.subject,
          message: f.message,
          urgency: f.urgency,
          phone: f.phone,
          created_at: iso(f.createdAt),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type ThreadRow = Awaited<ReturnType<typeof q.findThreads>>[number];
type ThreadMessageRow = Awaited<ReturnType<typeof q.findThreadMessages>>[number];

/**
 * Each thread with its messages, oldest first: 'you' or the other party's name ('Deleted account'
 * once gone). Someone else's message a moderator hid is listed as hidden without its text, as the
 * inbox shows it; the person's own hidden message keeps its text (their own words).
 */
function conversationsOf(
  threads: ThreadRow[],
  rows: ThreadMessageRow[],
): AccountExport['conversations']['threads'] {
  const byThread = new Map<string, ThreadMessageRow[]>();
  for (const row of rows) {
    const list = byThread.get(row.threadId);
    if (list) list.push(row);
    else byThread.set(row.threadId, [row]);
  }
  return threads.map((thread) => {
    const other = thread.otherName ?? ACCOUNT_DATA_TEXTS.deletedAccount;
    return {
      with: other,
      role: thread.role,
      started_at: iso(thread.createdAt),
      messages: (byThread.get(thread.id) ?? []).map((m) => {
        const mine = m.senderSide === thread.role;
        const hidden = m.hiddenAt !== null;
        return {
          from: mine ? 'you' : other,
          sent_at: iso(m.createdAt),
          text: hidden && !mine ? '' : m.body,
          hidden,
          via: m.via,
        };
      }),
    };
  });
}

/** The storage keys of a stored image URL of this person and kind, with its thumbnail; none for other links. */
function imageKeys(ctx: AppContext, userId: string, kind: 'avatar' | 'portfolio', url: string): string[] {
  const key = ctx.storage.keyFromUrl(url);
  if (!key?.startsWith(`${kind}/${userId}/`) || key.endsWith('.thumb.webp')) return [];
  return [key, thumbnailUrl(key)];
}

/**
 * Deletes the account at once (docs/decisions/026-account-deletion.md): proven by the current
 * password (or a fresh passkey or sign-in link), then in one transaction the day's count, the
 * person's pending mail cancelled and the outbox's copies emptied, the account row deleted (the
 * foreign keys remove or anonymise the rest; the database's triggers recompute ratings and move the
 * catalogue version, so cached pages, search, landing pages and the sitemap drop them on the next
 * request) and the confirmation queued. Then their stored images are deleted; a failure there is
 * logged, not thrown: nothing points at the files any more.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  accessToken: string,
  body: DeleteAccountBody,
): Promise<void> {
  await confirmIdentity(ctx, user, accessToken, body.current_password);
  const now = ctx.now();
  const imageKeysToDelete = await ctx.db.transaction(async (tx) => {
    const row = await q.lockUser(tx, user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    const portfolio = await q.findPortfolioImages(tx, user.id);
    const keys = [
      ...(row.avatarUrl ? imageKeys(ctx, user.id, 'avatar', row.avatarUrl) : []),
      ...portfolio.flatMap((url) => imageKeys(ctx, user.id, 'portfolio', url)),
    ];
    await q.countDeletion(tx, now.toISOString().slice(0, 10), row.userType);
    await q.retireMailTo(tx, row.email);
    await q.retireMessagesFrom(tx, user.id, ACCOUNT_DATA_TEXTS.deletedAccount);
    await q.retireConversationsOf(tx, user.id);
    await q.cancelAlertsAbout(tx, user.id);
    await q.deleteUser(tx, user.id);
    await enqueueMail(ctx, tx, {
      kind: 'account-deleted',
      to: row.email,
      ...accountDeletedMail({ publicUrl: ctx.config.publicUrl, supportEmail: ctx.config.supportEmail }),
    });
    return keys;
  });
  ctx.kickMail();
  logSecurityEvent(ctx.log, 'account-deleted', { userId: user.id, userType: user.userType });
  await Promise.all(
    imageKeysToDelete.map(async (key) => {
      try {
        await ctx.storage.delete(key);
      } catch (error) {
        ctx.log.warn({ err: error, key }, 'could not delete a deleted account’s image');
      }
    }),
  );
}

const DAY_MS = 24 * 60 * 60_000;

/** Deleted accounts per day of the last 30 (UTC), by kind: counts only. */
export async function listAccountDeletions(ctx: AppContext): Promise<Omit<AccountDeletionsReply, 'success'>> {
  const since = new Date(ctx.now().getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const rows = await q.findDeletionCounts(ctx.db, since);
  const days = new Map<string, { day: string; client: number; provider: number }>();
  for (const row of rows) {
    const entry = days.get(row.day) ?? { day: row.day, client: 0, provider: 0 };
    entry[row.userType] += row.count;
    days.set(row.day, entry);
  }
  const list = [...days.values()];
  return { days: list, total_30_days: list.reduce((sum, d) => sum + d.client + d.provider, 0) };
}
