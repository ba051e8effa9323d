import { Navigate, type RouteObject } from 'react-router-dom';
import { BathroomsPage } from '../features/restrooms-list/bathrooms-page';
import { RequireAdmin, RequireUser } from './guards';
import { BareLayout, RootLayout, ShellLayout } from './layouts';
import { lazyScreen } from './lazy-screen';

// Every screen but the list is its own chunk, fetched when first shown (docs/product-rules.md#loading:
// the first load of /bathrooms stays small); the layouts' Suspense shows the spinner meanwhile.
const AboutPage = lazyScreen(() => import('../features/about/about-page').then((m) => m.AboutPage));
const AddRestroomPage = lazyScreen(() => import('../features/add-restroom/add-restroom-page').then((m) => m.AddRestroomPage));
const AdminAddRestroomsPage = lazyScreen(() => import('../features/admin-import/admin-add-restrooms-page').then((m) => m.AdminAddRestroomsPage));
const AdminContactPage = lazyScreen(() => import('../features/admin/contact/admin-contact-page').then((m) => m.AdminContactPage));
const AdminPage = lazyScreen(() => import('../features/admin/admin-page').then((m) => m.AdminPage));
const ApiToolsPage = lazyScreen(() => import('../features/api-tools/api-tools-page').then((m) => m.ApiToolsPage));
const ContactPage = lazyScreen(() => import('../features/contact/contact-page').then((m) => m.ContactPage));
const EditRestroomsPage = lazyScreen(() => import('../features/admin/restrooms/edit-restrooms-page').then((m) => m.EditRestroomsPage));
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
          { path: '/', element: <Navigate to="/bathrooms" replace /> },
          { path: '/bathrooms', element: <BathroomsPage /> },
          { path: '/bathrooms/:id', element: <RestroomDetailPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/minnedemo', element: <QrCodePage /> },
          { path: '/addbathroom', element: <AddRestroomPage /> },
          { path: '/api', element: admin(<ApiToolsPage />) },
          { path: '/user', element: <RequireUser>{(user) => <ProfilePage user={user} />}</RequireUser> },
          { path: '/contact', element: <RequireUser>{(user) => <ContactPage userId={user.id} />}</RequireUser> },
          { path: '/admin', element: admin(<AdminPage />) },
          { path: '/admin/addbathrooms', element: admin(<AdminAddRestroomsPage />) },
          { path: '/admin/editbathrooms', element: admin(<EditRestroomsPage />) },
          { path: '/admin/comments', element: admin(<AdminPage tab="feedback" />) },
          { path: '/admin/contact', element: admin(<AdminContactPage />) },
          { path: '/admin/users', element: admin(<AdminPage tab="users" />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: '/home', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/registration', element: <RegistrationPage /> },
        ],
      },
    ],
  },
];
