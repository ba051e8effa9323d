/**
 * Every path of the app's screens, written once: the router matches these, and every link,
 * navigation and redirect goes to them. Plain strings with no imports, since the first screen loads
 * this module.
 */
export const appPaths = {
  root: '/',
  bathrooms: '/bathrooms',
  restroom: '/bathrooms/:id',
  about: '/about',
  qrCode: '/minnedemo',
  addRestroom: '/addbathroom',
  apiTools: '/api',
  profile: '/user',
  contact: '/contact',
  admin: '/admin',
  adminAddRestrooms: '/admin/addbathrooms',
  adminEditRestrooms: '/admin/editbathrooms',
  adminComments: '/admin/comments',
  adminContact: '/admin/contact',
  adminUsers: '/admin/users',
  landing: '/home',
  login: '/login',
  registration: '/registration',
} as const;

/** A restroom's detail screen (the `restroom` pattern, filled in). */
export function restroomPath(id: string): string {
  return `${appPaths.bathrooms}/${id}`;
}

/** The profile's list of the person's writes still waiting to be sent. */
export const profileWaitingPath = `${appPaths.profile}#waiting`;

/** The admin screen's flagged tab, which has no route of its own. */
export const adminFlaggedPath = `${appPaths.admin}?tab=flagged`;

/** The drawer's Admin link ends in a slash, as the product spec writes it; the router matches it as `admin`. */
export const adminDrawerPath = `${appPaths.admin}/`;
