import type { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { Deps } from '../env';
import { RAZORPAY_API, razorpayProvider } from './razorpay';
import { SIM_ORIGIN, simulatorKeys, type SimulatorContext } from './simulator/common';
import { razorpayHostedPage, razorpaySimulator } from './simulator/razorpay';
import { stripeHostedPage, stripeSimulator } from './simulator/stripe';
import { STRIPE_API, stripeProvider } from './stripe';
import { PROVIDERS, type PaymentProvider, type ProviderName } from './types';

export type ProviderMode = 'live' | 'simulated' | 'off';

/**
 * How each provider runs: with its keys, against the real provider; with none, its local simulator, except in
 * production, where a provider without keys is off (never simulated: production takes real money or none).
 * A half-configured provider never gets here: readConfig refuses to start.
 */
export function providerModes(config: Pick<ServerConfig, 'production' | 'razorpay' | 'stripe'>): Record<ProviderName, ProviderMode> {
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
  const sim = simulatorKeys(deps.secret);
  const internet: typeof fetch = (input, init) => fetch(input, init);
  const through = (app: Hono): typeof fetch => async (input, init) => app.fetch(new Request(input, init));
  const providers: Partial<Record<ProviderName, PaymentProvider>> = {};
  const simulators: Payments['simulators'] = [];

  if (modes.razorpay === 'live') providers.razorpay = razorpayProvider(config.razorpay!, { baseUrl: RAZORPAY_API, fetch: internet }, config.paymentTimeoutMs);
  if (modes.razorpay === 'simulated') {
    const app = razorpaySimulator(ctx, sim.razorpay);
    simulators.push({ name: 'razorpay', app });
    providers.razorpay = razorpayProvider(sim.razorpay, { baseUrl: SIM_ORIGIN, fetch: through(app), hostedPage: razorpayHostedPage(sim.razorpay) }, config.paymentTimeoutMs);
  }
  if (modes.stripe === 'live') providers.stripe = stripeProvider(config.stripe!, { baseUrl: STRIPE_API, fetch: internet }, config.paymentTimeoutMs);
  if (modes.stripe === 'simulated') {
    const app = stripeSimulator(ctx, sim.stripe);
    simulators.push({ name: 'stripe', app });
    providers.stripe = stripeProvider(sim.stripe, { baseUrl: SIM_ORIGIN, fetch: through(app), hostedPage: stripeHostedPage }, config.paymentTimeoutMs);
  }
  return { modes, get: (name) => providers[name], simulators };
}

export * from './types';
