/*
 * Every path of the app's screens, written once: the router matches these, and every link,
 * navigation and redirect goes to them. Plain string constants with no imports, since the first
 * screen loads this module: the build writes each one in where it is used.
 */

export const rootPath = '/';
export const bathroomsPath = '/bathrooms';
/** The router's pattern for a restroom's detail screen; links use `restroomPath(id)`. */
export const restroomPattern = '/bathrooms/:id';
export const aboutPath = '/about';
export const qrCodePath = '/minnedemo';
export const addRestroomPath = '/addbathroom';
export const apiToolsPath = '/api';
export const profilePath = '/user';
export const contactPath = '/contact';
export const adminPath = '/admin';
export const adminAddRestroomsPath = '/admin/addbathrooms';
export const adminEditRestroomsPath = '/admin/editbathrooms';
export const adminCommentsPath = '/admin/comments';
export const adminContactPath = '/admin/contact';
export const adminUsersPath = '/admin/users';
export const landingPath = '/home';
export const loginPath = '/login';
export const registrationPath = '/registration';

/** A restroom's detail screen. */
export function restroomPath(id: string): string {
  return `${bathroomsPath}/${id}`;
}

/** The profile's list of the person's writes still waiting to be sent. */
export const profileWaitingPath = `${profilePath}#waiting`;

/** The admin screen's flagged tab, which has no route of its own. */
export const adminFlaggedPath = `${adminPath}?tab=flagged`;

/** The drawer's Admin link ends in a slash, as the product spec writes it; the router matches it as `adminPath`. */
export const adminDrawerPath = `${adminPath}/`;
