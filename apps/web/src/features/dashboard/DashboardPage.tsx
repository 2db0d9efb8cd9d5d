/** The dashboard page (lazy chunk of the router's /dashboard and '*' routes); the page itself is in routes/. */
export { default } from './routes/DashboardPage.tsx';
