/**
 * The one author every comment points at once its writer deleted the account and chose to keep it
 * (docs/privacy.md#deleting-your-account). The server answers its username in English; a
 * client says it in the person's language by this id, so nobody who signs up as "Deleted user"
 * can pass for it.
 */
export const DELETED_USER_ID = '00000000-0000-7000-8000-000000000000';

/** The username the server gives the shared author. */
export const DELETED_USER_NAME = 'Deleted user';
