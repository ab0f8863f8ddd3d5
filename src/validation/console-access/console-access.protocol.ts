// The console's sign-in protocol, written once for the browser (services/console-access/) and
// the server (server/console-access/): invitations, passkey ceremonies (WebAuthn JSON as
// @simplewebauthn's browser and server packages exchange it), sessions, people and the audit
// log. Browser-safe. Routes are below CONSOLE_API (validation/console/console-api.ts).
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { array, assign, boolean, define, enums, is, literal, nullable, number, object, optional, refine, size, string, type, unknown, type Infer } from 'superstruct';
import { AUDIT_ACTIONS, DetailStruct } from '../console/console-api.ts';
import { isEmail } from '../rules/email.ts';

export const CONSOLE_ROLES = ['owner', 'staff'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/**
 * Routes below CONSOLE_API. `:id` is a path parameter. An enrolment token is never one: it
 * travels in the body, so no request log or proxy's access log keeps it (README.md, "How an
 * owner starts").
 */
export const CONSOLE_ACCESS_ROUTE = {
  /** GET: who is signed in (401 when nobody). */
  session: '/session',
  /** POST {}: options for a sign-in with a passkey (discoverable: no address asked). */
  signInOptions: '/sign-in/options',
  /** POST SignInVerifyBody: the passkey's answer; sets the session cookie. */
  signInVerify: '/sign-in/verify',
  /** POST EnrolmentBody: what an enrolment link is for (404/410 when it is not valid). */
  enrolment: '/enrolment',
  /** POST EnrolmentBody: options to register a passkey for the invitation. */
  enrolmentOptions: '/enrolment/options',
  /** POST EnrolmentVerifyBody: registers the passkey, spends the invitation, signs in. */
  enrolmentVerify: '/enrolment/verify',
  /** GET: the signed-in person's passkeys. */
  passkeys: '/passkeys',
  /** POST {}: options to add another passkey (403 `console_recent_sign_in_required` without a passkey sign-in in the last 5 minutes). */
  passkeyOptions: '/passkeys/options',
  /** POST PasskeyVerifyBody: adds it. */
  passkeyVerify: '/passkeys/verify',
  /** POST {}: removes one of one's own passkeys (not the last). */
  passkeyRemove: '/passkeys/:id/remove',
  /** POST {}: options to sign in again inside this session, with one of one's own passkeys. */
  signInAgainOptions: '/session/sign-in-again/options',
  /** POST SignInVerifyBody: the passkey's answer; records the sign-in on this session (adding a passkey needs one within 5 minutes). */
  signInAgainVerify: '/session/sign-in-again/verify',
  /** POST {}: ends this session. */
  signOut: '/sign-out',
  /** POST {}: ends every session of the signed-in person. */
  signOutEverywhere: '/sign-out-everywhere',
  /** GET (owner): everyone with access, and their failed sign-ins. */
  people: '/people',
  /** POST InviteBody (owner): invites by address; answers the link, or for someone with access mails them a recovery link (InviteAnswer). */
  invite: '/people/invitations',
  /** POST {} (owner): revokes a person; their sessions end at once. */
  revoke: '/people/:id/revoke',
  /** GET (owner) ?before=<id>: the audit log, newest first. */
  audit: '/audit',
} as const;

/** The access route's own refusals (the shared ones are CONSOLE_REFUSAL). */
export const CONSOLE_ACCESS_ERROR = {
  /** 404: the enrolment link is not one the server made. */
  invitationUnknown: 'console_invitation_unknown',
  /** 410: the enrolment link is older than 24 hours, already used, or its person revoked. */
  invitationExpired: 'console_invitation_expired',
  /** 400: the ceremony is unknown, expired or already answered. */
  ceremonyExpired: 'console_ceremony_expired',
  /** 400: a passkey the site does not know (or of a revoked person). */
  passkeyUnknown: 'console_passkey_unknown',
  /** 400: the authenticator's answer did not verify. */
  passkeyRejected: 'console_passkey_rejected',
  /** 409: that address already has access (not revoked). */
  alreadyInvited: 'console_person_exists',
  /**
   * 409: that address has access (a passkey) and no mail is configured, so a recovery link could
   * only reach the owner who asked, never the person: revoke their access first.
   */
  recoveryNeedsMail: 'console_recovery_needs_mail',
  /**
   * 403: adding a passkey needs a passkey sign-in in this session within the last 5 minutes:
   * sign in again (signInAgainOptions, signInAgainVerify), then add it.
   */
  recentSignInRequired: 'console_recent_sign_in_required',
  /** 409: one's last passkey cannot be removed, nor one's own access revoked. */
  lastPasskey: 'console_last_passkey',
  selfRevoke: 'console_self_revoke',
  /** 409: revoking the last owner would leave nobody to invite or revoke. */
  lastOwner: 'console_last_owner',
} as const;

export const PersonStruct = object({
  id: number(),
  email: string(),
  role: enums(CONSOLE_ROLES),
});
export type Person = Infer<typeof PersonStruct>;

export const SessionAnswerStruct = object({
  person: PersonStruct,
  /** The company's time zone (SITE_TIMEZONE): the console shows every time in it. */
  timeZone: string(),
  /** ISO: when the session ends at the latest (12 hours after sign-in). */
  expiresAt: string(),
  /** Minutes of idleness after which the session ends. */
  idleMinutes: number(),
});
export type SessionAnswer = Infer<typeof SessionAnswerStruct>;

/**
 * WebAuthn options as JSON, typed as @simplewebauthn's PublicKeyCredential{Creation,Request}OptionsJSON
 * (the server makes them with its library, the browser hands them to its own): the struct checks
 * the fields each kind cannot do without; the library checks the rest.
 */
const creationOptions = define<PublicKeyCredentialCreationOptionsJSON>('creation options', (value) =>
  is(value, type({ challenge: string(), rp: type({ name: string() }), user: type({ id: string(), name: string() }), pubKeyCredParams: array(type({})) })),
);
const requestOptions = define<PublicKeyCredentialRequestOptionsJSON>('request options', (value) => is(value, type({ challenge: string() })));

/** A registration ceremony (enrolment, another passkey); `ceremony` is sent back with the answer: it names the challenge the server keeps. */
export const RegistrationCeremonyStruct = object({ ceremony: string(), options: creationOptions });
export type RegistrationCeremony = Infer<typeof RegistrationCeremonyStruct>;
/** A sign-in ceremony. */
export const SignInCeremonyStruct = object({ ceremony: string(), options: requestOptions });
export type SignInCeremony = Infer<typeof SignInCeremonyStruct>;

/** The authenticator's answer as @simplewebauthn/browser returns it (checked by the server's library). */
const CredentialJsonStruct = type({ id: string(), rawId: string(), type: literal('public-key'), response: type({}), clientExtensionResults: unknown() });

export const SignInVerifyBodyStruct = object({ ceremony: size(string(), 1, 200), response: CredentialJsonStruct });
export type SignInVerifyBody = Infer<typeof SignInVerifyBodyStruct>;

export const PasskeyVerifyBodyStruct = object({
  ceremony: size(string(), 1, 200),
  response: CredentialJsonStruct,
  /** What the person calls this passkey ("Work laptop"); the server names it when empty. */
  name: optional(size(string(), 0, 60)),
});
export type PasskeyVerifyBody = Infer<typeof PasskeyVerifyBodyStruct>;

/** The enrolment link's token (after `#/enrol/`); the server answers 404 for one it never made. */
export const EnrolmentBodyStruct = object({ token: size(string(), 1, 200) });
export type EnrolmentBody = Infer<typeof EnrolmentBodyStruct>;
export const EnrolmentVerifyBodyStruct = assign(PasskeyVerifyBodyStruct, EnrolmentBodyStruct);
export type EnrolmentVerifyBody = Infer<typeof EnrolmentVerifyBodyStruct>;

export const SignedInAnswerStruct = object({ person: PersonStruct });
export type SignedInAnswer = Infer<typeof SignedInAnswerStruct>;

export const EnrolmentAnswerStruct = object({ email: string(), role: enums(CONSOLE_ROLES), expiresAt: string() });
export type EnrolmentAnswer = Infer<typeof EnrolmentAnswerStruct>;

export const PasskeyStruct = object({ id: number(), name: string(), createdAt: string(), lastUsedAt: nullable(string()) });
export type Passkey = Infer<typeof PasskeyStruct>;
export const PasskeysAnswerStruct = object({ passkeys: array(PasskeyStruct) });

export const PersonRowStruct = object({
  id: number(),
  email: string(),
  role: enums(CONSOLE_ROLES),
  createdAt: string(),
  revokedAt: nullable(string()),
  passkeys: number(),
  /** True while an unused, unexpired invitation waits. */
  invitationPending: boolean(),
  lastSignInAt: nullable(string()),
  /** Failed sign-ins since the last good one. */
  failedSignIns: number(),
  lastFailedAt: nullable(string()),
});
export type PersonRow = Infer<typeof PersonRowStruct>;
export const PeopleAnswerStruct = object({ people: array(PersonRowStruct) });

/** An address as the console takes it: the form kit shows `console_invalid_body` beside the field. */
export const EMAIL_MAX = 254;
/**
 * The address rule of an invitation, the same in the console's form and on the server: the
 * site's e-mail rule (WordPress' is_email, validation/rules/email.ts), without surrounding
 * spaces, at most EMAIL_MAX characters.
 */
export function isConsoleEmail(text: string): boolean {
  return text.length <= EMAIL_MAX && text.trim() === text && isEmail(text);
}
export const ConsoleEmailStruct = refine(size(string(), 3, EMAIL_MAX), 'email', isConsoleEmail);
export const InviteBodyStruct = object({ email: ConsoleEmailStruct, role: enums(CONSOLE_ROLES) });
export type InviteBody = Infer<typeof InviteBodyStruct>;
/**
 * An invitation made. `recovery`: the person already had access (a passkey), so the link went to
 * their own mailbox only and `link` is null: an owner never holds a link into another person's
 * account (README.md, "How an owner starts").
 */
export const InviteAnswerStruct = object({ person: PersonStruct, link: nullable(string()), expiresAt: string(), mailed: boolean(), recovery: boolean() });
export type InviteAnswer = Infer<typeof InviteAnswerStruct>;


export const AuditEntryStruct = object({ id: number(), at: string(), actor: string(), action: enums(AUDIT_ACTIONS), subject: string(), detail: DetailStruct });
export type AuditEntry = Infer<typeof AuditEntryStruct>;
/** `next`: pass as ?before= for the following page; null at the end. */
export const AuditAnswerStruct = object({ entries: array(AuditEntryStruct), next: nullable(number()) });
export type AuditAnswer = Infer<typeof AuditAnswerStruct>;
