import { ComingSoon } from '../../components/coming-soon';

/** Screens registered now so every route of the spec answers; each arrives in a later issue. */
export const ContactPage = () => <ComingSoon title="Contact Us!" />;
export const QrCodePage = () => <ComingSoon title="Show QR code" />;
export const ApiToolsPage = () => <ComingSoon title="Geocoding and places tools" />;
export const AdminHomePage = () => <ComingSoon title="Admin" />;
export const AdminAddRestroomsPage = () => <ComingSoon title="Load bathrooms from Refuge API" />;
export const AdminEditRestroomsPage = () => <ComingSoon title="Edit bathrooms" />;
export const AdminCommentsPage = () => <ComingSoon title="Feedback" />;
export const AdminContactPage = () => <ComingSoon title="User Contact Details" />;
export const AdminUsersPage = () => <ComingSoon title="Users" />;
