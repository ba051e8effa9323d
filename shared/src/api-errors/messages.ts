/**
 * Every failure the api reports and the shared validation finds, by a stable code: the English
 * ICU MessageFormat template its `message` is made from. The words live here once: the server
 * formats them (format-message.ts) and the web app's English catalog (`server.<code>`) must say
 * exactly the same (web/src/lib/i18n/server-catalog.test.ts). A client translates by code and
 * params; API users read `message`. Codes never change meaning once shipped (docs/architecture.md#errors).
 */

/** A weekday named from its key (`sunday`…), so a translation can name it in its own words. */
const DAY = '{day, select, sunday {Sunday} monday {Monday} tuesday {Tuesday} wednesday {Wednesday} thursday {Thursday} friday {Friday} saturday {Saturday} other {{day}}}';

/** A listing's or a flag's review status, named from its key so a translation can say it. */
const STATUS = '{status, select, approved {approved} rejected {rejected} pending {pending} open {open} other {{status}}}';

/** A service the server depends on, named from its key. */
const SERVICE = '{service, select, address {address service} mapData {map data service} refuge {Refuge Restrooms service} other {{service}}}';

export const API_ERROR_MESSAGES = {
  // 401/403/429: who may do what, and logins
  'access.adminOnly': 'Only an admin may do this.',
  'access.loginRequired': 'Log in first.',
  'access.selfOrAdmin': 'Only this person or an admin may see this.',
  'auth.loginFailed': 'Invalid username or password.',
  'auth.tooManyFailedLogins': 'Too many failed logins. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManyFailedSignUps': 'Too many failed sign-ups. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.wrongPassword': 'That is not your current password.',
  'auth.tooManyWrongPasswords': 'Too many wrong passwords. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.secondFactorNeeded': 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  'auth.secondFactorFailed': 'That code is not right, or it was already used. Enter the code your authenticator app shows now.',
  'auth.tooManyWrongCodes': 'Too many wrong codes. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.secondFactorSetupRequired': 'Admins must turn on two-step sign-in before using the admin tools. Turn it on in your profile.',
  'auth.secondFactorRequired': 'To use the admin tools, log out and log in again with the code from your authenticator app.',
  // Request bodies and the request itself
  'body.invalidUnicode': 'The body is not valid Unicode text.',
  'body.nulCharacter': 'The body must not contain NUL characters.',
  'request.bodyTooLarge': 'The request is too large.',
  'request.invalid': 'The request could not be read.',
  'request.invalidJson': 'The body is not valid JSON.',
  'request.jsonOnly': 'Send the body as application/json.',
  'route.notFound': 'Nothing at {method} {path}.',
  'sameOrigin.foreignOrigin': 'Writes are only accepted from this site’s own origin.',
  'sameOrigin.foreignPage': 'Writes are only accepted from this site’s own pages.',
  'sameOrigin.missingHeader': 'Writes must carry the header {header}: {value}.',
  'text.invalidUnicode': '{field} is not valid Unicode text.',
  'text.nulCharacter': '{field} must not contain NUL characters.',
  // Schema validation (TypeBox); `validation.invalid` is the fallback words for its own free text
  'validation.format': '{field} is not in the expected format.',
  'validation.invalid': '{field} is not valid.',
  'validation.partInvalid': 'The {part} is not valid.',
  'validation.required': '{field} is required.',
  'validation.requiredWith': '{field} is required when {other} is given.',
  'validation.unknownField': '{field} is not an accepted field.',
  // Idempotent writes
  'idempotency.keyExpired': 'This change waited too long to be sent, so the server can no longer tell whether it was already saved. Check whether it is there, and make it again if it is not.',
  'idempotency.keyIsAnotherRecord': 'This Idempotency-Key is already the id of another record. Send a new key.',
  'idempotency.keyMismatch': '{field} must be the same UUID as the Idempotency-Key header.',
  'idempotency.keyReused': 'This Idempotency-Key was already used for a different write. Send a new key.',
  // The database
  'server.internal': 'Something went wrong on our side. Please try again.',
  'storage.unavailableRead': "The server can't reach its data right now. Please try again in a minute.",
  'storage.unavailableWrite': "The server can't save changes right now, so nothing was changed. Please try again in a minute.",
  'storage.unreachable': 'The database is not reachable.',
  // Things that are not there
  'comment.notFound': 'No such comment.',
  'contact.notFound': 'No such message.',
  'flag.notFound': 'No such flag.',
  'importRun.notFound': 'There is no such import.',
  'place.notFound': 'No such place.',
  'restroom.notFound': 'No such restroom.',
  'sync.pieceGone': 'That piece of the restroom set is no longer served. Read the index again.',
  'user.notFound': 'No such user.',
  // Accounts
  'password.commonPassword': 'That password is too common. Choose another.',
  'password.sameAsUsername': 'Your password cannot be your username.',
  'password.tooLong': 'Use at most {max} characters.',
  'password.tooShort': 'Use at least 15 characters, or at least 8 with a number and a lowercase letter.',
  'username.invisibleCharacters': 'Use letters, numbers and ordinary punctuation only.',
  'username.missing': 'Choose a username.',
  'username.taken': 'That username is taken. Choose another.',
  'username.tooLong': 'Use at most {max} characters.',
  'users.lastAdminDelete': 'The last admin cannot be deleted. Make someone else an admin first.',
  'users.lastAdminDemote': 'The last admin cannot stop being an admin. Make someone else an admin first.',
  // Second factor and sessions
  'secondFactor.alreadyOn': 'Two-step sign-in is already on.',
  'secondFactor.notStarted': 'Start turning on two-step sign-in first.',
  'secondFactor.off': 'Two-step sign-in is not on.',
  'secondFactor.proofRequired': 'Enter the code from your authenticator app or a recovery code.',
  'secondFactor.oneProof': 'Enter either a code or a recovery code, not both.',
  'session.notFound': 'No such session. It may have ended already.',
  // Writes people make
  'comment.deleteForbidden': 'Only the author or an admin can delete this comment.',
  'contact.empty': 'Please write a comment if you want to submit feedback!',
  'feedback.bothThumbs': 'Choose thumbs up or thumbs down, not both.',
  'listing.addressRequired': 'Address is required.',
  'listing.nameRequired': 'Name is required.',
  'position.latitudeNeedsLongitude': 'A latitude needs a longitude with it.',
  'position.longitudeNeedsLatitude': 'A longitude needs a latitude with it.',
  'hours.closingNotTime': `The closing time on ${DAY} is not a time of day.`,
  'hours.openingNotTime': `The opening time on ${DAY} is not a time of day.`,
  'hours.overlap': `The opening times on ${DAY} overlap another range.`,
  'hours.sameOpenClose': `The closing time on ${DAY} is the same as the opening time. For open all day, use 12am to 12am.`,
  'hours.tooManyRanges': `${DAY} has more than {max} opening times.`,
  // Moderation
  'moderation.alreadyHandledBy': 'Already handled by {name}.',
  'moderation.contactResolved': 'Already handled: this message is resolved.',
  'moderation.editsOnlyWhenApproving': 'Edits apply only when approving the suggestions.',
  'moderation.flagDecided': `Already handled: this flag was ${STATUS}.`,
  'moderation.restroomDecided': `Already handled: this restroom is ${STATUS}, not waiting for review.`,
  // Services the server depends on (502)
  'upstream.failing': `The ${SERVICE} is not working right now. Try again in a moment.`,
  'upstream.failingNothingChanged': `The ${SERVICE} is not working right now. Try again in a moment. Nothing was changed.`,
  'upstream.notAnswering': `The ${SERVICE} did not answer. Try again in a moment.`,
  'upstream.notAnsweringNothingChanged': `The ${SERVICE} did not answer. Try again in a moment. Nothing was changed.`,
  // Imports and admin tools
  'adminTools.maxBeforeMin': 'The max id must not come before the min id.',
  'import.alreadyRunning': 'An import from {source} is already running. Stop it first.',
  'import.dateUnreadable': '{field} must be a date and time such as 2019-06-14T17:20:31Z.',
  'import.duplicateSourceId': '{sourceId} is in the import twice.',
  'import.listingsBusy': 'Another import of these listings was running. Try again.',
  'import.nameBlank': '{field} must have something to read, not only spaces or invisible marks.',
  'import.notRunning': 'This import is not running.',
  'import.notStopped': 'This import is not stopped.',
  'import.osmSourceId': '{field} must be an OpenStreetMap element such as node/123.',
  'import.refugeSourceId': '{field} must be a Refuge listing id (its edit_id).',
} as const satisfies Record<string, string>;

export type ApiErrorCode = keyof typeof API_ERROR_MESSAGES;

/** The values a code's template names: text, or a number for `{n, plural, …}`. */
export type ApiErrorParams = Readonly<Record<string, string | number>>;
