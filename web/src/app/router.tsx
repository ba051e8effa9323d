import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { AboutPage } from '../features/about/about-page';
import { LoginPage } from '../features/account/login-page';
import { ProfilePage } from '../features/account/profile-page';
import { RegistrationPage } from '../features/account/registration-page';
import { ContactPage } from '../features/contact/contact-page';
import { AddRestroomPage } from '../features/add-restroom/add-restroom-page';
import { AdminContactPage } from '../features/admin/admin-contact-page';
import { AdminPage } from '../features/admin/admin-page';
import { EditRestroomsPage } from '../features/admin/edit-restrooms-page';
import { AdminAddRestroomsPage } from '../features/admin-import/admin-add-restrooms-page';
import { ApiToolsPage } from '../features/api-tools/api-tools-page';
import { LandingPage } from '../features/home/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RestroomDetailPage } from '../features/restroom-detail/restroom-detail-page';
import { BathroomsPage } from '../features/restrooms-list/bathrooms-page';
import { RequireAdmin, RequireUser } from './guards';
import { BareLayout, ShellLayout } from './layouts';

// The QR encoder is only needed on its own screen; it stays out of the first download.
const QrCodePage = lazy(() => import('../features/qr-code/qr-code-page').then((module) => ({ default: module.QrCodePage })));

const admin = (element: React.ReactNode) => <RequireAdmin>{element}</RequireAdmin>;

/** Every route of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { path: '/', element: <Navigate to="/bathrooms" replace /> },
      { path: '/bathrooms', element: <BathroomsPage /> },
      { path: '/bathrooms/:id', element: <RestroomDetailPage /> },
      { path: '/about', element: <AboutPage /> },
      {
        path: '/minnedemo',
        element: (
          <Suspense fallback={<Spinner label="Loading…" />}>
            <QrCodePage />
          </Suspense>
        ),
      },
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
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
