/**
 * The id of the profile's 'Waiting to be sent' section, which the status bar links to. Its own
 * module: the status bar is on every screen and must not pull the profile's code into the first load.
 */
export const WAITING_SECTION_ID = 'waiting';
