import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import { closeEventSocketsGoingAway, eventRoutes } from './routes/events';
import { eventsSandboxRoutes } from './routes/eventsSandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SHOWN_TEXT_FORMAT } from '../api/contract/shownText';
import type { Clock } from './clock';
import { DEFAULT_BODY_LIMIT, MIN_AUTH_SECRET_LENGTH, type ServerConfig } from './config';
import type { Database } from './db/schema';
import { authenticate } from './http/authenticate';
import { sessionCheck } from './http/sessionCheck';
import { requireCsrfHeader } from './http/csrf';
import { answerFrameworkError, installErrorHandler } from './http/errorHandler';
import { closeBodylessRoutes, closeQueryStrings, refuseUnstorableText } from './http/hostileInput';
import { addApiFormats } from './http/apiFormats';
import { addSecurityHeaders } from './http/securityHeaders';
import { registerLibraryHeaders } from './http/libraryHeaders';
import { registerStaticApp } from './http/staticApp';
import { createSandboxProviders, type Providers } from './providers';
import { accountRoutes } from './routes/accounts';
import { authRoutes } from './routes/auth';
import { bankLinkRoutes } from './routes/bankLink';
import { clockRoutes } from './routes/clock';
import { configRoutes } from './routes/config';
import { debitCardRoutes } from './routes/debitCard';
import { depositRoutes } from './routes/deposits';
import { transferRoutes } from './routes/transfers';
import { recurringDepositRoutes } from './routes/recurringDeposits';
import { iraRoutes } from './routes/ira';
import { highYieldRoutes } from './routes/highYield';
import { highYieldSetupRoutes } from './routes/highYieldSetup';
import { portfolioRoutes } from './routes/portfolio';
import { withdrawalRoutes } from './routes/withdrawals';
import { documentRoutes } from './routes/documents';
import { notificationRoutes } from './routes/notifications';
import { userPropertyRoutes } from './routes/userProperties';
import { addressRoutes } from './routes/address';
import { serviceRoutes } from './routes/services';
import { profileRoutes } from './routes/profile';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { paymentMethodRoutes } from './routes/paymentMethods';
import { sandboxPublicRoutes, sandboxRoutes } from './routes/sandbox';
import { verificationRoutes } from './routes/verification';
import type { RouteDeps } from './routes/routeDeps';
import { depositJobs, type DepositJobs } from './jobs/depositJobs';
import { Readiness } from './readiness';
import { depositNotices, type DepositNotices } from './domain/depositNotices';
import { applicationDecisionsOnRead, onboardingRoutes } from './routes/onboarding';
import { cryptoRoutes } from './routes/crypto';
import { LOG_SERIALIZERS, PRIVATE_LOG_PATHS } from './observability/logPrivacy';
import { installObservability } from './observability/observability';
import { requestIdOf } from './observability/requestIds';
import { lazySchemaCompilers, type PendingCompiles } from './http/lazySchemaCompilers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposit settlement and recurring runs; startServer runs them on an interval, tests call runOnce. */
    depositJobs: DepositJobs;
    /** The deposit-initiated notices, made in batches just after the confirms commit (tests call flush). */
    depositNotices: DepositNotices;
    /** GET /api/ready's verdict; startServer starts draining it on SIGTERM. */
    readiness: Readiness;
    /** Route schemas not compiled yet (compiled on first use; startServer compiles the rest once listening). */
    pendingSchemaCompiles: PendingCompiles;
  }
}

export interface AppDeps {
  db: Kysely<Database>;
  clock: Clock;
  providers?: Providers;
  config: ServerConfig;
  /** Shared with startServer (draining); default: one of its own. */
  readiness?: Readiness;
}

/** Log paths whose values never reach a log line: credentials, tokens and bank or card numbers. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.accountNumber',
  '*.account_number',
  '*.routingNumber',
  '*.bankAccount',
  '*.cardNumber',
  'body.password',
  'body.bankAccount',
  'body.routingNumber',
  // Funding-method calls: statement files, card and partner tokens, micro-deposit entries.
  '*.base64file',
  'body.base64file',
  '*.clientSecret',
  '*.linkToken',
  '*.publicToken',
  '*.paymentMethodId',
  '*.providerPaymentMethodId',
  '*.card',
  '*.cvc',
  '*.expMonth',
  '*.expYear',
  '*.fingerprint',
  '*.amount1',
  '*.amount2',
  '*.access_token',
];

/**
 * The funding API as a Fastify instance, built from its dependencies so each test suite builds its own.
 * Not yet listening: call `listen` (startServer does) or `inject`.
 */
export function buildApp(deps: AppDeps): FastifyInstance {
  const { config } = deps;
  if (config.authSecret.length < MIN_AUTH_SECRET_LENGTH) {
    throw new Error(`The auth secret must be at least ${MIN_AUTH_SECRET_LENGTH} characters long`);
  }

  const schemas = lazySchemaCompilers();
  const app = Fastify({
    // Each route's validators and serializers compile on first use, not before the app can start (issue 20).
    schemaController: { compilersFactory: schemas.compilersFactory },
    logger: {
      level: config.logLevel ?? 'info',
      redact: { paths: [...REDACTED_LOG_PATHS, ...PRIVATE_LOG_PATHS], censor: '[redacted]' },
      serializers: LOG_SERIALIZERS,
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    bodyLimit: config.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
    // X-Request-Id when it is a safe id, else a new one (server/observability/requestIds.ts).
    genReqId: requestIdOf,
    // While draining, a request on a connection that was already open is served (with Connection: close, so
    // the client's next one goes elsewhere) rather than refused with a bare 503 the balancer would not retry.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    // The response serializer picks anyOf branches with its own Ajv, which must know our format names (else it
    // warns on the console at start-up); the input checks live in the request validator (server/http/apiFormats.ts).
    serializerOpts: { ajv: { formats: { [SHOWN_TEXT_FORMAT]: true } } },
    ajv: {
      customOptions: {
        // The contract's objects are closed: an unknown field must be refused, not silently dropped, and a
        // number where a string belongs is a client bug to report, not to coerce.
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
        allErrors: false,
      },
      // Dates only within a sane range, shown-back text without hidden characters (http/apiFormats.ts).
      onCreate: addApiFormats,
    },
  });

  // JSON is the only body the API reads; any other content type is answered 415. An empty body with a JSON
  // content type counts as no body (fetch clients send that header on body-less POSTs such as logout).
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  installErrorHandler(app);
  // helmet's headers and HSTS over HTTPS; first among the hooks, so answers refused early carry them too.
  registerLibraryHeaders(app, { trustProxy: config.trustProxy ?? false });
  app.addHook('onRoute', closeBodylessRoutes);
  // Every API route refuses query parameters it does not declare (none, for most of them).
  app.addHook('onRoute', closeQueryStrings);
  app.addHook('preValidation', refuseUnstorableText);
  app.register(fastifyCookie);
  // Before every route (its own rule): upgrades to other paths are refused. Events carry a type and ids only.
  app.addHook('preClose', closeEventSocketsGoingAway);
  app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  app.addHook('onRequest', requireCsrfHeader);
  // Content-Security-Policy, framing, sniffing, referrer and (API) caching headers on every answer.
  app.addHook('onSend', addSecurityHeaders);

  const providers =
    deps.providers ?? createSandboxProviders({ db: deps.db, clock: deps.clock, linkTokenTtlSeconds: config.linkTokenTtlSeconds });
  // Request ids on answers, request and pool metrics, GET /metrics (server/observability/observability.ts).
  const metrics = installObservability(app, { db: deps.db, config });
  const routeDeps: RouteDeps = { db: deps.db, clock: deps.clock, providers, config, metrics, sessions: sessionCheck(deps.db, config.mode) };
  const sandbox = config.mode === 'sandbox';
  const notices = depositNotices({
    db: deps.db,
    clock: deps.clock,
    mailer: providers.mailer,
    onError: (error) => app.log.error({ err: error }, 'deposit notices: a batch failed; the next sweep tells its deposits'),
  });
  app.decorate('depositNotices', notices);
  app.decorate('depositJobs', depositJobs(routeDeps, notices));
  // The last batch is made before the database closes.
  app.addHook('onClose', () => notices.flush());
  const readiness = deps.readiness ?? new Readiness(deps.db);
  app.decorate('readiness', readiness);
  app.decorate('pendingSchemaCompiles', schemas.pending);
  app.register(healthRoutes({ mode: config.mode, readiness }));
  app.register(authRoutes(routeDeps));
  // Live events: the subscription call authenticates itself; the socket is opened with its one-time id.
  app.register(eventRoutes(routeDeps));
  // Sandbox-only calls are not registered at all in live mode: their paths answer the plain 404.
  if (sandbox) app.register(sandboxPublicRoutes(routeDeps));
  // Everything registered in this scope needs a valid access token. Spec paths (/communityservice/...,
  // /graphservice/...) go here too when later issues add them.
  app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticate(config.authSecret, deps.clock, routeDeps.sessions));
    // A due application decision is applied before GET /api/me and GET /api/accounts answer (routes/onboarding.ts).
    authenticated.addHook('preHandler', applicationDecisionsOnRead(routeDeps));
    authenticated.register(meRoutes(routeDeps));
    authenticated.register(accountRoutes(routeDeps));
    authenticated.register(paymentMethodRoutes(routeDeps));
    authenticated.register(configRoutes(routeDeps));
    authenticated.register(bankLinkRoutes(routeDeps));
    authenticated.register(debitCardRoutes(routeDeps));
    authenticated.register(verificationRoutes(routeDeps));
    authenticated.register(depositRoutes(routeDeps));
    authenticated.register(transferRoutes(routeDeps));
    authenticated.register(recurringDepositRoutes(routeDeps));
    authenticated.register(iraRoutes(routeDeps));
    authenticated.register(highYieldRoutes(routeDeps));
    authenticated.register(highYieldSetupRoutes(routeDeps));
    authenticated.register(portfolioRoutes(routeDeps));
    authenticated.register(withdrawalRoutes(routeDeps));
    authenticated.register(documentRoutes(routeDeps));
    authenticated.register(notificationRoutes(routeDeps));
    authenticated.register(userPropertyRoutes(routeDeps));
    authenticated.register(addressRoutes(routeDeps));
    authenticated.register(serviceRoutes(routeDeps));
    authenticated.register(onboardingRoutes(routeDeps));
    authenticated.register(cryptoRoutes(routeDeps));
    authenticated.register(profileRoutes(routeDeps));
    if (sandbox) authenticated.register(sandboxRoutes(routeDeps));
    if (sandbox) authenticated.register(eventsSandboxRoutes(routeDeps));
  });
  // No auth: the server's clock is the same for everyone (registered last so the other routes keep their order).
  app.register(clockRoutes(routeDeps));

  registerStaticApp(app, config.distDir);
  return app;
}
