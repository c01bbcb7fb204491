/** The agent calls' plain limits, without zod, for the dashboard's islands (the zod schemas are in agent.ts). */

/** The longest period the figures cover: a year and a day (a leap year's 366 days). */
export const MAX_PERIOD_DAYS = 366;

/** How many top products and customers one call may ask for. */
export const MAX_TOP = 20;
