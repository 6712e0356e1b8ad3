import { OAUTH_CALLBACK_IDS } from '@flowmind/shared/integrations/provider-ids';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { RouteErrorPage } from './error-page';
import { lazyPage } from './lazy-page';
import { InitialLoading, RootShell } from './root-shell';
import {
  alwaysRevalidate,
  notFoundLoader,
  requireSignedIn,
  rootLoader,
  signedOutOnly,
  validateParam,
} from './route-guards';

/* Layouts (spec §2). Each is its own chunk so a page only loads the chrome it uses. */
const landingLayout = lazyPage(
  () => import('../layouts/landing-layout'),
  (m) => m.LandingLayout,
);
const authLayout = lazyPage(
  () => import('../layouts/auth-layout'),
  (m) => m.AuthLayout,
);
const dashboardLayout = lazyPage(
  () => import('../layouts/dashboard-layout'),
  (m) => m.DashboardLayout,
);
const defaultLayout = lazyPage(
  () => import('../layouts/default-layout'),
  (m) => m.DefaultLayout,
);
const focusLayout = lazyPage(
  () => import('../layouts/focus-layout'),
  (m) => m.FocusLayout,
);

const marketing = () => import('../pages/marketing/marketing-pages');
const upcoming = () => import('../pages/upcoming/upcoming-pages');
const assistantPage = () => import('../pages/agents/assistant-page');
const explorePage = () => import('../pages/agents/explore-page');
const exploreAgentPage = () => import('../pages/agents/explore-agent-page');
const leaderboardPage = () => import('../pages/agents/leaderboard-page');
const misc = () => import('../pages/misc/misc-pages');
const integrationsPage = () => import('../pages/integrations/integrations-page');
const integrationCallbackPage = () => import('../pages/integrations/integration-callback-page');
const settings = () => import('../pages/settings/settings-pages');
const aiSettings = () => import('../pages/settings/ai-settings-page');
const tablesPage = () => import('../pages/tables/tables-page');
const flowsPage = () => import('../pages/flows/flows-page');
const tablePage = () => import('../pages/tables/table-editor-page');
const flowEditorPage = () => import('../pages/flows/flow-editor-page');
const sharePage = () => import('../pages/share/share-page');
const notesPage = () => import('../pages/notes/notes-page');
const focusPage = () => import('../pages/focus/focus-page');

/** Guarded groups re-run their guard on every navigation, so a sign-out anywhere closes them. */
const required = (children: RouteObject[], lazy?: RouteObject['lazy']): RouteObject => ({
  loader: requireSignedIn,
  shouldRevalidate: alwaysRevalidate,
  lazy,
  children,
});

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootShell />,
    hydrateFallbackElement: <InitialLoading />,
    errorElement: <RouteErrorPage />,
    loader: rootLoader,
    shouldRevalidate: alwaysRevalidate,
    children: [
      {
        // Errors of any page render inside the shell, so alerts and the loading bar stay.
        errorElement: <RouteErrorPage />,
        children: [
          {
            lazy: landingLayout,
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import('../pages/landing/landing-page'),
                  (m) => m.LandingPage,
                ),
              },
              { path: 'business', lazy: lazyPage(marketing, (m) => m.BusinessPage) },
              { path: 'pricing', lazy: lazyPage(marketing, (m) => m.PricingPage) },
              { path: 'community', lazy: lazyPage(marketing, (m) => m.CommunityPage) },
              { path: 'feedback', lazy: lazyPage(marketing, (m) => m.FeedbackPage) },
              { path: 'terms', lazy: lazyPage(marketing, (m) => m.TermsPage) },
              { path: 'privacy', lazy: lazyPage(marketing, (m) => m.PrivacyPage) },
            ],
          },
          {
            path: 'auth',
            lazy: authLayout,
            children: [
              {
                loader: signedOutOnly,
                shouldRevalidate: alwaysRevalidate,
                children: [
                  {
                    path: 'login',
                    lazy: lazyPage(
                      () => import('../pages/auth/login-page'),
                      (m) => m.LoginPage,
                    ),
                  },
                  {
                    path: 'signup',
                    lazy: lazyPage(
                      () => import('../pages/auth/signup-page'),
                      (m) => m.SignupPage,
                    ),
                  },
                  {
                    path: 'forgot',
                    lazy: lazyPage(
                      () => import('../pages/auth/forgot-page'),
                      (m) => m.ForgotPage,
                    ),
                  },
                  {
                    path: 'new-password',
                    lazy: lazyPage(
                      () => import('../pages/auth/new-password-page'),
                      (m) => m.NewPasswordPage,
                    ),
                  },
                  {
                    path: 'sentEmail',
                    lazy: lazyPage(
                      () => import('../pages/auth/sent-email-page'),
                      (m) => m.SentEmailPage,
                    ),
                  },
                ],
              },
              {
                path: 'verify',
                lazy: lazyPage(
                  () => import('../pages/auth/verify-page'),
                  (m) => m.VerifyPage,
                ),
              },
              {
                path: 'popup',
                lazy: lazyPage(
                  () => import('../pages/auth/popup-page'),
                  (m) => m.PopupPage,
                ),
              },
              required([
                {
                  path: 'verify-email',
                  lazy: lazyPage(
                    () => import('../pages/auth/verify-email-page'),
                    (m) => m.VerifyEmailPage,
                  ),
                },
              ]),
            ],
          },
          required(
            [
              {
                path: 'dashboard',
                lazy: lazyPage(
                  () => import('../pages/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              { path: 'support', lazy: lazyPage(upcoming, (m) => m.SupportPage) },
              { path: 'referral', lazy: lazyPage(upcoming, (m) => m.ReferralPage) },
              { path: 'flows', lazy: lazyPage(flowsPage, (m) => m.FlowsPage) },
              { path: 'tables', lazy: lazyPage(tablesPage, (m) => m.TablesPage) },
              { path: 'notes', lazy: lazyPage(notesPage, (m) => m.NotesPage) },
              { path: 'integrations', lazy: lazyPage(integrationsPage, (m) => m.IntegrationsPage) },
              { path: 'leaderboard', lazy: lazyPage(leaderboardPage, (m) => m.LeaderboardPage) },
              { path: 'agents/explore', lazy: lazyPage(explorePage, (m) => m.ExplorePage) },
              {
                path: 'agents/explore/:id',
                loader: validateParam('id'),
                lazy: lazyPage(exploreAgentPage, (m) => m.ExploreAgentPage),
              },
              {
                path: 'settings',
                children: [
                  { index: true, loader: () => redirect('/settings/account'), element: null },
                  { path: 'account', lazy: lazyPage(settings, (m) => m.AccountSettingsPage) },
                  { path: 'members', lazy: lazyPage(settings, (m) => m.MembersSettingsPage) },
                  { path: 'billing', lazy: lazyPage(settings, (m) => m.BillingSettingsPage) },
                  { path: 'ai', lazy: lazyPage(aiSettings, (m) => m.AiSettingsPage) },
                ],
              },
            ],
            dashboardLayout,
          ),
          // Layout "none": these pages draw their own full-screen chrome.
          required([
            { path: 'flows/:id', loader: validateParam('id'), lazy: lazyPage(flowEditorPage, (m) => m.FlowEditorPage) },
            { path: 'tables/:id', loader: validateParam('id'), lazy: lazyPage(tablePage, (m) => m.TableEditorPage) },
            { path: 'agents', lazy: lazyPage(assistantPage, (m) => m.AssistantPage) },
            {
              path: 'agents/:sessionId',
              loader: validateParam('sessionId'),
              lazy: lazyPage(assistantPage, (m) => m.AssistantPage),
            },
          ]),
          {
            path: 'invites/:token',
            loader: validateParam('token'),
            lazy: lazyPage(
              () => import('../pages/invites/invite-page'),
              (m) => m.InvitePage,
            ),
          },
          required([{ path: 'focus', lazy: lazyPage(focusPage, (m) => m.FocusPage) }], focusLayout),
          {
            lazy: defaultLayout,
            children: [
              {
                path: 'share/:publicId/*',
                loader: validateParam('publicId'),
                lazy: lazyPage(sharePage, (m) => m.SharePage),
              },
              {
                path: 'template/:siteId',
                loader: validateParam('siteId'),
                children: [
                  { index: true, lazy: lazyPage(misc, (m) => m.TemplatePage) },
                  { path: 'home', lazy: lazyPage(misc, (m) => m.TemplatePage) },
                ],
              },
              required([
                { path: 'analytics-test', lazy: lazyPage(misc, (m) => m.AnalyticsTestPage) },
                { path: 'test', lazy: lazyPage(misc, (m) => m.TestPage) },
                { path: 'payment/callback', lazy: lazyPage(misc, (m) => m.PaymentCallbackPage) },
                {
                  path: 'integrations/callback/:provider',
                  loader: ({ params }) => {
                    if (!(OAUTH_CALLBACK_IDS as readonly string[]).includes(params.provider ?? '')) notFoundLoader();
                    return null;
                  },
                  lazy: lazyPage(integrationCallbackPage, (m) => m.IntegrationCallbackPage),
                },
              ]),
            ],
          },
          { path: '*', loader: notFoundLoader, element: null },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
