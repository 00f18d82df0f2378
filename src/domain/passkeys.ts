import { z } from 'zod';
import { CurrentPasswordField } from './account-security';

/**
 * Passkeys (WebAuthn) in the account settings (docs/product.md §2 'Settings'): added from /settings,
 * used to sign in beside the password and the emailed link, and as a fresh proof of who the person
 * is before a sensitive step (FRESH_PROOF_MINUTES).
 */

export const PASSKEY_LIMITS = {
  /** Passkeys one account may hold. */
  perAccount: 20,
  nameMax: 60,
  /** How long a challenge (and the browser's prompt) lasts. */
  challengeMinutes: 5,
} as const;

export const PASSKEY_TEXTS = {
  sectionTitle: 'Passkeys',
  sectionDescription:
    'Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device or in your password manager.',
  empty: 'No passkeys yet.',
  add: 'Add a passkey',
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'That passkey was not found.',
  tooMany: `You can keep at most ${PASSKEY_LIMITS.perAccount} passkeys. Remove one to add another.`,
  alreadyAdded: 'This passkey is already added.',
  notAdded: 'That passkey could not be added. Please try again.',
  notRecognised: 'That passkey was not recognised.',
  confirmed: 'Confirmed with your passkey.',
  nameRequired: 'Enter a name for this passkey.',
  nameTooLong: `Name must be at most ${PASSKEY_LIMITS.nameMax} characters`,
  unsupported: 'This browser does not support passkeys.',
  cancelled: 'The passkey prompt was closed before it finished.',
  loadFailed: 'Failed to load your passkeys.',
  signIn: 'Sign in with a passkey',
} as const;

/**
 * What to tell the person when the browser's passkey prompt fails, by the error's name (a
 * DOMException's, as @simplewebauthn/browser passes it on); null for anything else.
 */
export function passkeyPromptErrorText(name: string): string | null {
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_TEXTS.cancelled;
  if (name === 'InvalidStateError') return PASSKEY_TEXTS.alreadyAdded;
  if (name === 'NotSupportedError') return PASSKEY_TEXTS.unsupported;
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A new passkey's name when the person gives none: what made it and the day ('iCloud Keychain, Mar 5, 2026'). */
export function defaultPasskeyName(label: string, day: Date): string {
  const date = `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
  return `${label.slice(0, PASSKEY_LIMITS.nameMax - date.length - 2)}, ${date}`;
}

export const PasskeyNameSchema = z
  .string({ error: PASSKEY_TEXTS.nameRequired })
  .trim()
  .min(1, PASSKEY_TEXTS.nameRequired)
  .max(PASSKEY_LIMITS.nameMax, PASSKEY_TEXTS.nameTooLong);

/** base64url text, bounded (a credential id is at most 1023 bytes: 1364 characters). */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

const CredentialIdSchema = b64url(1400).min(1);
const TransportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const AttachmentSchema = z.enum(['platform', 'cross-platform']);
/** What the browser reports of the extensions; only credProps is asked for (and nothing reads it). */
const ClientExtensionResultsSchema = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

/** navigator.credentials.create()'s answer as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const RegistrationResponseSchema = z.object({
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(8192).optional(),
    transports: z.array(TransportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: AttachmentSchema.optional(),
  clientExtensionResults: ClientExtensionResultsSchema,
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** navigator.credentials.get()'s answer as @simplewebauthn/browser sends it (AuthenticationResponseJSON). */
export const AuthenticationResponseSchema = z.object({
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(8192),
    signature: b64url(2048),
    userHandle: b64url(128).optional(),
  }),
  authenticatorAttachment: AttachmentSchema.optional(),
  clientExtensionResults: ClientExtensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

/** POST /api/account/passkeys/register/options: adding a way in asks who the person is. */
export const PasskeyRegisterOptionsBodySchema = z.object({ current_password: CurrentPasswordField });
export type PasskeyRegisterOptionsBody = z.infer<typeof PasskeyRegisterOptionsBodySchema>;

/** POST /api/account/passkeys/register */
export const RegisterPasskeyBodySchema = z.object({
  response: RegistrationResponseSchema,
  name: PasskeyNameSchema.optional(),
});
export type RegisterPasskeyBody = z.infer<typeof RegisterPasskeyBodySchema>;

/** POST /api/auth/passkey/login and /api/account/passkeys/reauth */
export const PasskeyAssertionBodySchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeyAssertionBody = z.infer<typeof PasskeyAssertionBodySchema>;

/** PUT /api/account/passkeys/:id */
export const RenamePasskeyBodySchema = z.object({ name: PasskeyNameSchema });
export type RenamePasskeyBody = z.infer<typeof RenamePasskeyBodySchema>;

/** Any text: an id that is not one of yours (malformed included) is a 404, never a 400. */
export const PasskeyParamsSchema = z.object({ id: z.string().max(1400) });

const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(TransportSchema).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create(). */
export const PasskeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']),
  excludeCredentials: z.array(CredentialDescriptorSchema),
  authenticatorSelection: z.object({
    residentKey: z.enum(['discouraged', 'preferred', 'required']),
    userVerification: z.enum(['discouraged', 'preferred', 'required']),
    requireResidentKey: z.boolean(),
  }),
  extensions: z.object({ credProps: z.boolean() }),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])),
});

/** PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get(). */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string(),
  timeout: z.number().int(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']),
  /** Absent for a sign-in (the browser offers every passkey it holds for the site). */
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
});

export const PasskeyCreationOptionsReplySchema = z.object({
  success: z.literal(true),
  options: PasskeyCreationOptionsSchema,
});
export type PasskeyCreationOptionsReply = z.infer<typeof PasskeyCreationOptionsReplySchema>;

export const PasskeyRequestOptionsReplySchema = z.object({
  success: z.literal(true),
  options: PasskeyRequestOptionsSchema,
});
export type PasskeyRequestOptionsReply = z.infer<typeof PasskeyRequestOptionsReplySchema>;

export const PasskeyInfoSchema = z.object({
  /** The credential's id (base64url): the name for rename and remove. */
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** Null until it signs in once. */
  last_used_at: z.string().nullable(),
  /** Synced by its password manager or platform (it survives the loss of this device). */
  backed_up: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;

export const PasskeysReplySchema = z.object({
  success: z.literal(true),
  passkeys: z.array(PasskeyInfoSchema),
  /** How many an account may keep (PASSKEY_LIMITS.perAccount). */
  max: z.number().int(),
});
export type PasskeysReply = z.infer<typeof PasskeysReplySchema>;

export const PasskeyReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  passkey: PasskeyInfoSchema,
});
export type PasskeyReply = z.infer<typeof PasskeyReplySchema>;
