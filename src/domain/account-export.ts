import { z } from 'zod';
import { PoliciesReplySchema } from './policies';

/*
 * The data file's shape: the server's reply schema and the tests' check. Apart from account-data.ts so the
 * web app, which only saves the file, does not carry it.
 */

const iso = z.string();
const when = iso.nullable();
const providerRef = z.object({ name: z.string().nullable(), slug: z.string().nullable() });

/**
 * The data file (GET /api/account/export). Every section is always present (empty when the person
 * has none). Never in it: the password hash, token hashes, passkeys' public keys, address hashes.
 */
export const AccountExportSchema = z.object({
  format: z.literal('glowfind-account-data'),
  version: z.literal(1),
  exported_at: iso,
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    user_type: z.string(),
    role: z.string(),
    routing_slug: z.string(),
    email_verified_at: when,
    listed: z.boolean(),
    created_at: iso,
    updated_at: iso,
  }),
  profile: z
    .object({
      bio: z.string(),
      location: z.string(),
      zip: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      booking_link: z.string(),
      additional_details: z.string(),
      time_zone: z.string().nullable(),
      license_details: z.string(),
      availability: z.string(),
      availability_slots: z.record(z.string(), z.array(z.string())),
      categories: z.array(z.string()),
      specialties: z.array(z.string()),
      certifications: z.array(z.string()),
      amenities: z.array(z.string()),
      products: z.array(z.string()),
      services: z.array(z.record(z.string(), z.unknown())),
      /** The deposit, cancellation notice and policy text as the profile answers them. */
      policies: PoliciesReplySchema,
      rating: z.object({ review_count: z.number(), rating: z.number() }).nullable(),
      created_at: iso,
      updated_at: iso,
    })
    .nullable(),
  images: z.object({ avatar: z.string().nullable(), portfolio: z.array(z.string()) }),
  openings: z.array(
    z.object({
      service_type: z.string(),
      price: z.string().nullable(),
      /** At a reduced price: the regular one its service had. */
      regular_price: z.number().nullable(),
      start_time: iso,
      end_time: iso,
      time_zone: z.string(),
      note: z.string().nullable(),
      location_override: z.string().nullable(),
      booking_link_override: z.string().nullable(),
      is_active: z.boolean(),
      created_at: iso,
    }),
  ),
  favourites: z.object({
    providers: z.array(providerRef.extend({ saved_at: iso })),
    services: z.array(z.object({ name: z.string(), saved_at: iso })),
    /** Providers whose 'new favourites' figure counted your first save of them (once, ever). */
    first_saves_counted: z.array(providerRef),
  }),
  blocked_providers: z.array(providerRef.extend({ blocked_at: iso })),
  saved_searches: z.object({
    searches: z.array(
      z.object({
        name: z.string(),
        search: z.unknown(),
        alert: z.boolean(),
        created_at: iso,
        last_alert_at: when,
      }),
    ),
    /** Alert emails a day at most; null: the default. */
    daily_cap: z.number().nullable(),
    alerts_sent: z.array(z.object({ saved_search: z.string().nullable(), sent_at: iso })),
  }),
  alert_settings: z.object({
    opening_alerts: z.boolean(),
    notification_preferences: z.array(
      z.object({ kind: z.string(), channel: z.string(), enabled: z.boolean(), updated_at: iso }),
    ),
    opening_alerts_received: z.array(providerRef.extend({ last_sent_at: iso })),
    /** Minutes after midnight in time_zone; no push between them. */
    push_quiet_hours: z
      .object({ start_minute: z.number(), end_minute: z.number(), time_zone: z.string() })
      .nullable(),
    /** The devices push notifications go to (their push endpoints and keys are not included). */
    push_devices: z.array(
      z.object({
        user_agent: z.string(),
        kinds: z.array(z.string()),
        created_at: iso,
        last_notified_at: when,
      }),
    ),
    openings_opened_from_push: z.array(z.object({ opening_id: z.string(), opened_at: iso })),
  }),
  reviews: z.object({
    written: z.array(
      providerRef.extend({
        rating: z.number(),
        text: z.string(),
        service: z.string().nullable(),
        created_at: iso,
        updated_at: iso,
        reply: z.string().nullable(),
        reply_created_at: when,
        hidden: z.boolean(),
      }),
    ),
    received: z.array(
      z.object({
        rating: z.number(),
        text: z.string(),
        service: z.string().nullable(),
        created_at: iso,
        reply: z.string().nullable(),
        reply_created_at: when,
        reply_updated_at: when,
        hidden: z.boolean(),
      }),
    ),
    reports_made: z.array(z.object({ reason: z.string(), details: z.string().nullable(), created_at: iso })),
  }),
  /**
   * Conversations (docs/product.md 'Messages'): each thread the person is a party of, with every
   * message in it, their saved replies, the reports they made, the clients they blocked and how long
   * their replies took (the figure behind 'Usually replies within N hours').
   */
  conversations: z.object({
    threads: z.array(
      z.object({
        /** The other party's name, 'Deleted account' once that account is gone. */
        with: z.string(),
        /** The person's side: 'client' wrote from the provider's page. */
        role: z.enum(['client', 'provider']),
        started_at: iso,
        messages: z.array(
          z.object({
            /** 'you', or the other party's name. */
            from: z.string(),
            sent_at: iso,
            /** The text; '' for someone else's message a moderator hid. */
            text: z.string(),
            hidden: z.boolean(),
            /** 'app', or 'email' for a reply sent by email. */
            via: z.string(),
          }),
        ),
      }),
    ),
    saved_replies: z.array(
      z.object({ title: z.string(), body: z.string(), created_at: iso, updated_at: iso }),
    ),
    reports_made: z.array(
      z.object({ with: z.string(), reason: z.string(), details: z.string().nullable(), created_at: iso }),
    ),
    blocked_clients: z.array(z.object({ name: z.string(), blocked_at: iso })),
    reply_times: z.array(z.object({ replied_at: iso, minutes: z.number() })),
  }),
  /** Messages emailed to providers before conversations were kept on the site. */
  messages_sent: z.array(
    z.object({
      /** The provider's name while their account exists; null after. */
      to: z.string().nullable(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      created_at: iso,
      sent_at: when,
    }),
  ),
  booking_clicks: z.object({
    /** `service`: the service whose own Book was clicked; null for the profile's Book or an opening's. */
    made: z.array(providerRef.extend({ url: z.string(), service: z.string().nullable(), clicked_at: iso })),
    received_per_day: z.array(z.object({ day: z.string(), count: z.number() })),
  }),
  insights: z.object({
    days: z.array(
      z.object({
        day: z.string(),
        impressions: z.number(),
        profile_views: z.number(),
        new_favorites: z.number(),
        alert_inclusions: z.number(),
        push_opens: z.number(),
      }),
    ),
    words: z.array(z.object({ day: z.string(), word: z.string(), count: z.number() })),
  }),
  sessions: z.array(
    z.object({ user_agent: z.string(), method: z.string(), created_at: iso, last_used_at: iso }),
  ),
  passkeys: z.array(z.object({ name: z.string(), created_at: iso, last_used_at: when })),
  searches: z.array(
    z.object({
      query: z.string(),
      zip: z.string().nullable(),
      filters: z.unknown(),
      result_count: z.number().nullable(),
      created_at: iso,
    }),
  ),
  /** Kept only as keyed hashes, so only how many. */
  login_addresses: z.object({ count: z.number() }),
  form_submissions: z.array(
    z.object({
      kind: z.string(),
      type: z.string(),
      name: z.string().nullable(),
      subject: z.string().nullable(),
      message: z.string().nullable(),
      urgency: z.string().nullable(),
      phone: z.string().nullable(),
      created_at: iso,
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
export type AccountExportSection = Exclude<keyof AccountExport, 'format' | 'version' | 'exported_at'>;
