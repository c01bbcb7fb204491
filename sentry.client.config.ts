import * as Sentry from '@sentry/astro';

// Used only when PUBLIC_SENTRY_DSN is set at build time (astro.config.mjs adds the integration then).
Sentry.init({
  dsn: import.meta.env.PUBLIC_SENTRY_DSN,
  environment: import.meta.env.PUBLIC_ENVIRONMENT || 'local',
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
  integrations: [Sentry.replayIntegration()],
});
