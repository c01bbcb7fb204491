import type { Hono } from 'hono';
import type { ServerConfig } from '../../config';
import type { Deps } from '../../env';
import { RAZORPAY_API, razorpayProvider } from './razorpay';
import { SIM_ORIGIN, simulatorKeys, type SimulatorContext } from '../../demo/payment-simulators/common';
import { razorpayHostedPage, razorpaySimulator } from '../../demo/payment-simulators/razorpay';
import { stripeHostedPage, stripeSimulator } from '../../demo/payment-simulators/stripe';
import { STRIPE_API, stripeProvider } from './stripe';
import { PROVIDERS, type PaymentProvider, type ProviderName } from './types';

export type ProviderMode = 'live' | 'simulated' | 'off';

/**
 * How each provider runs: with its keys, against the real provider; with none, its local simulator, except in
 * production, where a provider without keys is off (never simulated: production takes real money or none).
 * A half-configured provider never gets here: readConfig refuses to start.
 */
function providerModes(config: Pick<ServerConfig, 'production' | 'razorpay' | 'stripe'>): Record<ProviderName, ProviderMode> {
  const mode = (configured: boolean): ProviderMode => (configured ? 'live' : config.production ? 'off' : 'simulated');
  return { razorpay: mode(!!config.razorpay), stripe: mode(!!config.stripe) };
}

/** The providers that can take a payment in this configuration (live or simulated). */
export const enabledProviders = (config: Pick<ServerConfig, 'production' | 'razorpay' | 'stripe'>): ProviderName[] =>
  PROVIDERS.filter((name) => providerModes(config)[name] !== 'off');

export interface Payments {
  modes: Record<ProviderName, ProviderMode>;
  /** The adapter for a provider, or undefined when it is off. */
  get(name: ProviderName): PaymentProvider | undefined;
  /** The simulators to mount at /s/api/sim/{name}: their hosted pages (and REST slices) for browsers. */
  simulators: { name: ProviderName; app: Hono }[];
}

/**
 * The payment providers of one API app. In simulated mode the SDK's transport is the simulator app's own
 * fetch (in-process: no socket, no port to know, the same in every process of the shop), at SIM_ORIGIN; the
 * adapter, the SDK's request building, authentication and response parsing are the same as with real keys.
 */
export function createPayments(deps: Deps, shopFetch: (request: Request) => Promise<Response>): Payments {
  const { config } = deps;
  const modes = providerModes(config);
  const ctx: SimulatorContext = { deps, shopFetch };
  // The simulators' keys come from the shop's secret, read on first use (the OpenAPI document is built without one).
  let derived: ReturnType<typeof simulatorKeys> | undefined;
  const sim = () => (derived ??= simulatorKeys(deps.secret));
  const internet: typeof fetch = (input, init) => fetch(input, init);
  // In-process, and as a real fetch would: an aborted signal (the SDK's timeout) ends the wait.
  const through =
    (app: Hono): typeof fetch =>
    (input, init) => {
      const request = new Request(input, init);
      return new Promise<Response>((resolve, reject) => {
        if (request.signal.aborted) return reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
        Promise.resolve(app.fetch(request)).then(resolve, reject);
      });
    };
  const razorpaySim = modes.razorpay === 'simulated' ? razorpaySimulator(ctx, () => sim().razorpay) : null;
  const stripeSim = modes.stripe === 'simulated' ? stripeSimulator(ctx, () => sim().stripe) : null;
  const build: Record<ProviderName, () => PaymentProvider | undefined> = {
    razorpay: () =>
      razorpaySim
        ? razorpayProvider(sim().razorpay, { baseUrl: SIM_ORIGIN, fetch: through(razorpaySim), hostedPage: razorpayHostedPage(() => sim().razorpay) }, config.paymentTimeoutMs)
        : config.razorpay ? razorpayProvider(config.razorpay, { baseUrl: RAZORPAY_API, fetch: internet }, config.paymentTimeoutMs) : undefined,
    stripe: () =>
      stripeSim
        ? stripeProvider(sim().stripe, { baseUrl: SIM_ORIGIN, fetch: through(stripeSim), hostedPage: stripeHostedPage }, config.paymentTimeoutMs)
        : config.stripe ? stripeProvider(config.stripe, { baseUrl: STRIPE_API, fetch: internet }, config.paymentTimeoutMs) : undefined,
  };
  const built = new Map<ProviderName, PaymentProvider | undefined>();
  // Real providers are built now, so a start with an SDK the adapter cannot drive fails at once, not at the first payment.
  for (const name of PROVIDERS) if (modes[name] === 'live') built.set(name, build[name]());
  return {
    modes,
    get: (name) => {
      if (!built.has(name)) built.set(name, modes[name] === 'off' ? undefined : build[name]());
      return built.get(name);
    },
    simulators: [
      ...(razorpaySim ? [{ name: 'razorpay' as const, app: razorpaySim }] : []),
      ...(stripeSim ? [{ name: 'stripe' as const, app: stripeSim }] : []),
    ],
  };
}

export * from './types';
