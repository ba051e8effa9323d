import { Navigate, type RouteObject } from 'react-router-dom';
import { BathroomsPage } from '../features/restrooms-list/bathrooms-page';
import {
  aboutPath,
  addRestroomPath,
  adminAddRestroomsPath,
  adminCommentsPath,
  adminContactPath,
  adminEditRestroomsPath,
  adminPath,
  adminUsersPath,
  apiToolsPath,
  bathroomsPath,
  contactPath,
  landingPath,
  loginPath,
  profilePath,
  qrCodePath,
  registrationPath,
  restroomPattern,
  rootPath,
} from '../lib/links/app-paths';
import { RequireAdmin, RequireUser } from './guards';
import { BareLayout, RootLayout, ShellLayout } from './layouts';
import { adminScreen, lazyScreen } from './lazy-screen';

// Every screen but the list is its own chunk, fetched when first shown (docs/product-rules.md#loading:
// the first load of /bathrooms stays small); the layouts' Suspense shows the spinner meanwhile.
const AboutPage = lazyScreen(() => import('../features/about/about-page').then((m) => m.AboutPage));
const AddRestroomPage = lazyScreen(() => import('../features/add-restroom/add-restroom-page').then((m) => m.AddRestroomPage));
const AdminAddRestroomsPage = adminScreen(() => import('../features/admin-import/admin-add-restrooms-page').then((m) => m.AdminAddRestroomsPage));
const AdminContactPage = adminScreen(() => import('../features/admin/contact/admin-contact-page').then((m) => m.AdminContactPage));
const AdminPage = adminScreen(() => import('../features/admin/admin-page').then((m) => m.AdminPage));
const ApiToolsPage = adminScreen(() => import('../features/api-tools/api-tools-page').then((m) => m.ApiToolsPage));
const ContactPage = lazyScreen(() => import('../features/contact/contact-page').then((m) => m.ContactPage));
const EditRestroomsPage = adminScreen(() => import('../features/admin/restrooms/edit-restrooms-page').then((m) => m.EditRestroomsPage));
const LandingPage = lazyScreen(() => import('../features/landing/landing-page').then((m) => m.LandingPage));
const LoginPage = lazyScreen(() => import('../features/account/login-page').then((m) => m.LoginPage));
const NotFoundPage = lazyScreen(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage));
const ProfilePage = lazyScreen(() => import('../features/account/profile-page').then((m) => m.ProfilePage));
const QrCodePage = lazyScreen(() => import('../features/qr-code/qr-code-page').then((m) => m.QrCodePage));
const RegistrationPage = lazyScreen(() => import('../features/account/registration-page').then((m) => m.RegistrationPage));
const RestroomDetailPage = lazyScreen(() => import('../features/restroom-detail/restroom-detail-page').then((m) => m.RestroomDetailPage));

const admin = (element: React.ReactNode) => <RequireAdmin>{element}</RequireAdmin>;

/** Every route of docs/product-rules.md#screens-and-routes. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <ShellLayout />,
        children: [
          { path: rootPath, element: <Navigate to={bathroomsPath} replace /> },
          { path: bathroomsPath, element: <BathroomsPage /> },
          { path: restroomPattern, element: <RestroomDetailPage /> },
          { path: aboutPath, element: <AboutPage /> },
          { path: qrCodePath, element: <QrCodePage /> },
          { path: addRestroomPath, element: <AddRestroomPage /> },
          { path: apiToolsPath, element: admin(<ApiToolsPage />) },
          { path: profilePath, element: <RequireUser>{(user) => <ProfilePage user={user} />}</RequireUser> },
          { path: contactPath, element: <RequireUser>{(user) => <ContactPage userId={user.id} />}</RequireUser> },
          { path: adminPath, element: admin(<AdminPage />) },
          { path: adminAddRestroomsPath, element: admin(<AdminAddRestroomsPage />) },
          { path: adminEditRestroomsPath, element: admin(<EditRestroomsPage />) },
          { path: adminCommentsPath, element: admin(<AdminPage tab="feedback" />) },
          { path: adminContactPath, element: admin(<AdminContactPage />) },
          { path: adminUsersPath, element: admin(<AdminPage tab="users" />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: landingPath, element: <LandingPage /> },
          { path: loginPath, element: <LoginPage /> },
          { path: registrationPath, element: <RegistrationPage /> },
        ],
      },
    ],
  },
];
