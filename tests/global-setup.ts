import type { TestProject } from 'vitest/node';
import { seededTemplatePlaces } from './api/shop';

/**
 * Says once, plainly, whether the PostgreSQL parity suites and the Redis suites run; names the place of the run's
 * seeded templates (a migrated, demo-seeded SQLite file and PostgreSQL database, made by the first API suite that
 * needs each) that each API suite's fresh shop is copied from (tests/api/shop.ts, openTestShop), and drops them
 * when the run ends.
 */
export default function setup(project: TestProject) {
  if (!process.env.TEST_REDIS_URL) {
    console.log('[tests] Redis: TEST_REDIS_URL is not set, so the suites against a Redis server are SKIPPED (the fall-back to the database runs).');
  } else {
    console.log(`[tests] Redis: running the rate-limit suites on ${process.env.TEST_REDIS_URL.replace(/\/\/[^@]*@/, '//')}.`);
  }
  if (!process.env.TEST_DATABASE_URL) {
    console.log('[tests] PostgreSQL parity: TEST_DATABASE_URL is not set, so the postgres suites are skipped (SQLite suites run).');
  } else {
    console.log(`[tests] PostgreSQL parity: running the API suites on ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} too.`);
  }
  const { templates, drop } = seededTemplatePlaces();
  project.provide('seededTemplates', templates);
  return drop;
}
