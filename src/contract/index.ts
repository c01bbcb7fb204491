/** The typed contract between storefront and commerce API: one zod schema per request and answer. */
import './no-eval';
export * from './common';
export * from './session';
export * from './catalogue';
export * from './cart';
export * from './site';
export * from './delivery';
export * from './coupon';
export * from './address';
export * from './order';
export * from './payment';
export * from './wishlist';
export * from './page';
export * from './calls';
export * from './rules';
export * from './auth';
export * from './bos';
export * from './blocks';
